"""The browser's time zone is offered until a player has settings of their own: the home page
carries the offer (shown by static/zone.js with the zone the browser reports), one click sets
it; the settings page lists the IANA zones by region instead of a free-text field."""

from __future__ import annotations

from helpers import sign_in

from pbem.notifications import settings


def test_the_home_page_offers_the_browser_s_zone_until_one_is_chosen(client, make_player):
    me = make_player()
    sign_in(client, me)
    home = client.get("/").get_data(as_text=True)
    assert "data-browser-zone" in home and "zone.js" in home
    done = client.post("/settings/timezone", data={"timezone": "europe/paris"})
    assert done.status_code == 303
    assert settings.settings_of(me.id).timezone == "Europe/Paris"
    assert "data-browser-zone" not in client.get("/").get_data(as_text=True)


def test_a_zone_that_does_not_exist_changes_nothing(client, make_player):
    me = make_player()
    sign_in(client, me)
    done = client.post("/settings/timezone", data={"timezone": "Mars/Olympus"},
                       follow_redirects=True)
    assert "Time zone not set" in done.get_data(as_text=True)
    assert settings.stored(me.id) is None


def test_the_settings_page_lists_the_zones_and_takes_the_browser_s_before_a_first_save(
        client, make_player):
    me = make_player()
    sign_in(client, me)
    page = client.get("/settings/notifications").get_data(as_text=True)
    assert '<select id="timezone" name="timezone" data-browser-zone>' in page
    assert '<optgroup label="Europe">' in page and "<option>Europe/Paris</option>" in page
    client.post("/settings/timezone", data={"timezone": "Asia/Tokyo"})
    page = client.get("/settings/notifications").get_data(as_text=True)
    assert "data-browser-zone" not in page and "<option selected>Asia/Tokyo</option>" in page

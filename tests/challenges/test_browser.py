"""In a real browser (the system chromium through Playwright): Alice posts a challenge, Bob
joins it from another browser, the game starts, and both turn emails arrive through the SMTP
server on loopback: Alice's first, then Bob's once she has moved from her email's link.
Screenshots of the lobby, wide and phone-sized, go to ``PBEM_SCREENSHOTS`` when it is set."""

from __future__ import annotations

import re

import pytest
from helpers import screenshot, wait_for_mail
from playwright.sync_api import expect

from pbem.accounts.service import sign_in_url
from pbem.mail.sender import deliver_due

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def signed_in(page, app, player):
    page.goto(sign_in_url(player))
    page.locator("main").get_by_role("button").last.click()  # not the footer's
    page.goto(app.config["BASE_URL"] + "/challenges")
    return page


def screenshots(page, name: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    screenshot(page, f"{name}-1280x800")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, f"{name}-phone")
    page.set_viewport_size({"width": 1280, "height": 800})


def turn_link(message) -> str:
    return re.search(r"http://\S+/play/\S+", message.get_body(("plain",)).get_content()).group(0)


def test_post_join_start_and_both_turn_emails_arrive(
        app, smtp, live_server, browser_page, make_player):
    alice = make_player("alice@wonder.example", "Alice")
    bob = make_player("bob@builder.example", "Bob")
    page = signed_in(browser_page, app, alice)
    page.get_by_role("link", name="Pylon").first.click()
    expect(page.get_by_role("heading", name="Post a Pylon challenge")).to_be_visible()
    screenshots(page, "lobby-new")
    page.get_by_label("Seat order").select_option("poster_first")
    page.get_by_label("Time control").select_option("per_move")
    page.get_by_label("Days per move").fill("2")
    page.get_by_role("button", name="Post the challenge").click()
    expect(page.get_by_text("Your challenge is posted")).to_be_visible()

    other = page.context.browser.new_context().new_page()
    signed_in(other, app, bob)
    row = other.locator("tr", has_text="Alice")
    expect(row).to_contain_text("2d/move")
    expect(row).not_to_contain_text("wonder.example")
    screenshots(other, "lobby")
    row.get_by_role("button", name="Join").click()
    expect(other.get_by_text("The table is full and the game has started")).to_be_visible()
    assert re.search(r"/games/\d+$", other.url)

    deliver_due()
    first = wait_for_mail(smtp, alice.email, 1)
    assert "Pylon" in first["Subject"]
    page.goto(turn_link(first))
    page.get_by_label("Your move", exact=True).fill("Mc3")
    page.locator("form.move-form button[value=preview]").click()
    page.locator("button.confirm").click()
    expect(page.get_by_text("Your move was played")).to_be_visible()
    deliver_due()
    second = wait_for_mail(smtp, bob.email, 1)
    assert "Mc3" in second.get_body(("plain",)).get_content()
    assert "wonder.example" not in second.as_string()


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_lobby_and_the_home_page_s_challenges_fit_a_phone(
        app, client, live_server, browser_page, make_player, language):
    """Each open challenge a block of its own on a phone (its terms, seats and button under
    its game), as wide as the screen in any language: as a table of five columns the German
    list ran 53 pixels past a 390-pixel screen, cutting off the join button (and so did the
    English one, with the demo's challenges)."""
    from web.test_browser_home import PHONE, sign_in_browser

    from .forms import other, post

    for name, slug, players in (("Dave", "spike", "2"), ("Carol", "stawvs", "3")):
        post(other(client, make_player(name=name)), slug, players=players, rated="y",
             time_control="per_move", days_per_move="3")
    reader = make_player(name="Erin")
    page = browser_page
    page.context.set_extra_http_headers({"Accept-Language": language})
    sign_in_browser(app, page, live_server, reader)
    page.set_viewport_size(PHONE)
    for path in ("/challenges", "/"):
        page.goto(live_server + path)
        rows = page.locator("table.challenges tbody tr")
        expect(rows).to_have_count(2)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], path
        join = rows.first.get_by_role("button").bounding_box()
        assert join["x"] + join["width"] <= PHONE["width"], path
    screenshot(page, f"home-challenges-{language}-phone")

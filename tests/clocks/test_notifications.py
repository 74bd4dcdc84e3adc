"""Notification settings at work: digests, quiet hours, one-click unsubscribe, the calendar
feed, and bad input that changes nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from freezegun import freeze_time
from helpers import outbox, path_of, sign_in
from icalendar import Calendar

from pbem.clocks.models import StoredVacation
from pbem.core.extensions import db
from pbem.core.signing import sign
from pbem.mail.sender import deliver_due
from pbem.notifications import settings
from pbem.notifications.logic.schedule import Kind, Mode, NotificationSettings
from pbem.notifications.models import StoredSettings
from pbem.play import commands

from .stored import T0, D, H, digests, timed_game


def test_a_digest_lists_every_game_waiting_with_its_move_link(app, make_player):
    me = make_player(name="Me")
    settings.save(me.id, NotificationSettings(
        timezone="Europe/Paris", digest_hour=7, modes={Kind.TURN: Mode.DIGEST}), T0)
    db.session.commit()  # the page that does this commits
    games = [timed_game([me, make_player()], "3d/move") for _ in range(3)]
    held = outbox("turn")
    assert len(held) == 3 and all(m.held for m in held)
    with freeze_time(T0):
        assert deliver_due() == (0, 0)  # held mail never goes by itself
    # 07:00 in Paris is 06:00 UTC in March: the next digest is on Tuesday.
    assert digests(datetime(2026, 3, 3, 5, 59, tzinfo=UTC)) == "nothing due"
    assert digests(datetime(2026, 3, 3, 6, 0, tzinfo=UTC)) == "1 sent"
    [digest] = outbox("digest")
    assert digest.recipient == me.email and "3 games waiting" in digest.subject
    for game in games:
        assert f"#{game.id} Pylon against " in digest.body_text
    assert digest.body_text.count("/play/") == 3 and digest.body_html.count("/play/") == 3
    assert all(m.sent_at is not None for m in outbox("turn"))  # folded into the digest
    assert digests(datetime(2026, 3, 3, 6, 30, tzinfo=UTC)) == "nothing due"
    assert db.session.get(StoredSettings, me.id).next_digest_at == datetime(
        2026, 3, 4, 6, 0, tzinfo=UTC)


def test_no_digest_when_nothing_waits(app, make_player):
    me = make_player()
    settings.save(me.id, NotificationSettings(modes={Kind.TURN: Mode.DIGEST}), T0)
    db.session.commit()  # the page that does this commits
    assert digests(T0 + D) == "nothing due"
    assert outbox("digest") == []


def test_quiet_hours_hold_immediate_mail_until_they_end(app, make_player):
    alice, bob = make_player(), make_player()
    settings.save(bob.id, NotificationSettings(
        timezone="America/New_York", quiet_start=22, quiet_end=7), T0)
    db.session.commit()  # the page that does this commits
    game = timed_game([alice, bob], None)
    late = datetime(2026, 3, 3, 4, 0, tzinfo=UTC)  # 23:00 in New York
    with freeze_time(late):
        deliver_due()
        commands.play_turn(commands.locked(game.id), 0, "Mc3", 0)
        assert deliver_due() == (0, 0)
    [to_bob] = [m for m in outbox("turn") if m.recipient == bob.email]
    assert to_bob.next_attempt_at == datetime(2026, 3, 3, 12, 0, tzinfo=UTC)  # 07:00 there
    with freeze_time(datetime(2026, 3, 3, 11, 59, tzinfo=UTC)):
        assert deliver_due() == (0, 0)
    with freeze_time(datetime(2026, 3, 3, 12, 0, tzinfo=UTC)):
        assert deliver_due() == (1, 0)


def test_one_click_unsubscribe_switches_off_exactly_its_kind(make_app, make_player):
    app = make_app(WTF_CSRF_ENABLED=True)  # mail clients post without any CSRF token
    with app.app_context():
        alice, bob = make_player(), make_player()
        game = timed_game([alice, bob], None)
        [turn] = outbox("turn")
        assert turn.headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        url = turn.headers["List-Unsubscribe"].strip("<>")
        assert url in turn.body_text and url in turn.body_html
        client = app.test_client()
        page = client.get(path_of(url))
        assert page.status_code == 200 and "your turn" in page.get_data(as_text=True)
        assert settings.stored(alice.id) is None  # a GET changes nothing
        done = client.post(path_of(url), data="List-Unsubscribe=One-Click",
                           content_type="application/x-www-form-urlencoded")
        assert done.status_code == 200
        modes = settings.settings_of(alice.id).modes
        assert modes[Kind.TURN] is Mode.OFF
        assert all(mode is Mode.IMMEDIATE for kind, mode in modes.items() if kind != Kind.TURN)
        commands.play_turn(commands.locked(game.id), 0, "Mc3", 0)
        commands.play_turn(commands.locked(game.id), 1, "Sa1", 1)
        assert [m.recipient for m in outbox("turn")] == [alice.email, bob.email]
        commands.resign(commands.locked(game.id), 0)
        assert {m.recipient for m in outbox("game_over")} == {alice.email, bob.email}


def test_forged_unsubscribe_and_calendar_links_are_refused(client, make_player):
    alice = make_player()
    token = sign("unsubscribe", [alice.id, "turn"])
    for path in (f"/unsubscribe/{token[:-2]}xx", f"/calendar/{token}.ics",
                 f"/unsubscribe/{sign('unsubscribe', [alice.id, 'everything'])}"):
        answer = client.post(path) if "unsubscribe" in path else client.get(path)
        assert answer.status_code == 403 and "not valid" in answer.get_data(as_text=True)
    assert settings.stored(alice.id) is None


def test_the_calendar_feed_parses_back_with_every_deadline(app, client, make_player):
    me = make_player(name="Me")
    mine = timed_game([me, make_player()], "3d/move")
    timed_game([make_player(), me], "2d/move")  # not my move
    timed_game([me, make_player()], None)  # no deadline
    with freeze_time(T0 + H):
        answer = client.get(f"/calendar/{sign('calendar', me.id)}.ics")
    assert answer.status_code == 200 and answer.mimetype == "text/calendar"
    calendar = Calendar.from_ical(answer.data)
    [event] = calendar.walk("VEVENT")
    assert event.decoded("dtstart") == T0 + 3 * D
    assert mine.title in str(event["summary"]) and f"/games/{mine.id}" in str(event["url"])


def test_bad_settings_are_explained_and_change_nothing(app, client, make_player):
    me = make_player()
    sign_in(client, me)
    form = {"timezone": "Mars/Olympus", "digest_hour": "7"}
    answer = client.post("/settings/notifications", data=form)
    assert answer.status_code == 422 and "is not a time zone" in answer.get_data(as_text=True)
    answer = client.post("/settings/notifications",
                         data={"timezone": "Europe/Paris", "digest_hour": "25"})
    assert answer.status_code == 422 and "not a whole hour" in answer.get_data(as_text=True)
    assert settings.stored(me.id) is None
    good = {"timezone": "europe/paris", "digest_hour": "6", "quiet_start": "23",
            "quiet_end": "6", "mode_reminder": "digest", "mode_tournament": "off"}
    assert client.post("/settings/notifications", data=good).status_code == 303
    saved = settings.settings_of(me.id)
    assert saved.timezone == "Europe/Paris" and saved.modes[Kind.REMINDER] is Mode.DIGEST
    assert "Europe/Paris" in client.get("/settings/notifications").get_data(as_text=True)


@pytest.mark.parametrize(("form", "said"), [
    ({"timezone": "Mars/<b>", "digest_hour": "7"},
     "&#39;Mars/&lt;b&gt;&#39; ist keine uns bekannte Zeitzone"),
    ({"timezone": "UTC", "digest_hour": "25"},
     "Stunde der täglichen Zusammenfassung: &#39;25&#39; ist keine volle Stunde von 0 bis 23"),
    ({"timezone": "UTC", "quiet_start": "9", "quiet_end": "9"},
     "die Ruhezeiten müssen zu verschiedenen Stunden beginnen und enden"),
])
def test_bad_settings_are_explained_in_the_readers_language(client, make_player, form, said):
    """The settings' checks speak English (their module speaks no language); the page says
    them in its reader's, with what was typed kept as text."""
    sign_in(client, make_player())
    answer = client.post("/settings/notifications", data=form,
                         headers={"Accept-Language": "de"})
    assert answer.status_code == 422 and said in answer.get_data(as_text=True)


def test_every_refusal_of_the_settings_is_said_in_the_readers_language(app):
    """Each refusal of the settings' module (which speaks through ``pbem.core.speech``) reaches
    the catalogue: in German, none reads as it does in English."""
    from flask_babel import force_locale

    from pbem.notifications.logic.schedule import InvalidSettings, parse_hour, parse_zone

    tries = [lambda: parse_zone(""), lambda: parse_zone("Mars/Olympus"),
             lambda: parse_hour("x", "digest hour", "digest_hour"),
             lambda: NotificationSettings(digest_hour=25),
             lambda: NotificationSettings(quiet_start=3),
             lambda: NotificationSettings(quiet_start=3, quiet_end=3),
             lambda: NotificationSettings.from_form({"mode_turn": "loud"})]

    def said(attempt, language):
        with app.test_request_context("/"), force_locale(language):
            with pytest.raises(InvalidSettings) as info:
                attempt()
        return info.value.message

    assert [attempt for attempt in tries if said(attempt, "de") == said(attempt, "en")] == []


def test_vacations_beyond_the_allowance_are_refused(app, client, make_player):
    me = make_player()
    with freeze_time(T0):  # signed in at the frozen time, or the session would look forged
        sign_in(client, me)
        answer = client.post("/settings/vacation", data={"days": "15"})
        assert answer.status_code == 422
        assert "needs 15 days but you have 14 days left" in answer.get_data(as_text=True)
        assert client.post("/settings/vacation", data={"days": "10"}).status_code == 303
        answer = client.post("/settings/vacation", data={"days": "5", "start": "2026-04-01"})
        assert "you have 4 days left" in answer.get_data(as_text=True)
        answer = client.post("/settings/vacation", data={"days": "2", "start": "yesterday"})
        assert "is not a date" in answer.get_data(as_text=True)
        page = client.get("/settings/vacation").get_data(as_text=True)
        assert "<strong>4 days</strong> left this year, of 14 days" in page
    assert db.session.query(StoredVacation).count() == 1


def test_the_vacation_page_and_its_refusals_speak_the_readers_language(client, make_player):
    """The vacation rules live in a module that speaks through the hooks the app installs:
    the allowance left and every refusal are said in the page's language (they had been
    English), what was typed kept as text."""
    german = {"Accept-Language": "de"}
    with freeze_time(T0):
        sign_in(client, make_player())
        answer = client.post("/settings/vacation", data={"days": "15"}, headers=german)
        page = answer.get_data(as_text=True)
        assert answer.status_code == 422
        assert ("dieser Urlaub braucht 15 Tage, aber du hast 2026 noch 14 Tage übrig "
                "(von 14 Tagen)") in page
        answer = client.post("/settings/vacation", data={"days": "<b>"}, headers=german)
        assert "&#39;&lt;b&gt;&#39; ist keine ganze Zahl von Tagen" in answer.get_data(
            as_text=True)
        assert "<strong>14 Tage</strong>" in client.get(
            "/settings/vacation", headers=german).get_data(as_text=True)


def test_a_game_message_s_unsubscribe_link_stops_messages_and_says_so(make_app, make_player):
    app = make_app(WTF_CSRF_ENABLED=True)
    with app.app_context():
        alice, bob = make_player(), make_player()
        game = timed_game([alice, bob], None)
        commands.post_message(commands.locked(game.id), 1, "Hello Alice")
        [note] = outbox("comment")
        url = note.headers["List-Unsubscribe"].strip("<>")
        assert f"Stop emails like this (messages from other players): {url}" in note.body_text
        assert "(messages from other players)" in note.body_html
        assert "game news" not in note.body_text + note.body_html
        [turn] = outbox("turn")
        assert "Stop emails like this (your turn):" in turn.body_text
        client = app.test_client()
        page = client.get(path_of(url)).get_data(as_text=True)
        assert "messages from other players" in page and "game news" not in page
        client.post(path_of(url), data="List-Unsubscribe=One-Click",
                    content_type="application/x-www-form-urlencoded")
        modes = settings.settings_of(alice.id).modes
        assert modes[Kind.MESSAGE] is Mode.OFF and modes[Kind.GAME] is Mode.IMMEDIATE
        commands.post_message(commands.locked(game.id), 1, "Still there?")
        assert len(outbox("comment")) == 1  # no more messages by mail
        sign_in(client, alice)
        settings_page = client.get("/settings/notifications").get_data(as_text=True)
        for label in ("your turn", "reminders", "game news: results, proposals, vacations",
                      "messages from other players", "invitations", "tournament news"):
            assert f"<th scope=\"row\">{label}</th>" in settings_page
        assert 'name="mode_message" value="off" checked' in settings_page


def test_opponents_are_told_of_a_vacation_by_mail_and_on_the_game_page(app, client,
                                                                       make_player):
    me, bob, cat = make_player(name="Mia"), make_player(name="Bob"), make_player(name="Cat")
    settings.save(cat.id, NotificationSettings(modes={Kind.GAME: Mode.OFF}), T0)
    db.session.commit()
    with_bob = [timed_game([me, bob], "3d/move"), timed_game([bob, me], "3d/move")]
    timed_game([me, cat], "3d/move")  # Cat switched game news off
    timed_game([make_player(), bob], "3d/move")  # a game of Bob's without Mia
    with freeze_time(T0 + H):
        sign_in(client, me)
        assert client.post("/settings/vacation", data={"days": "5", "start": "2026-03-04"}) \
            .status_code == 303
    [notice] = outbox("vacation")
    assert notice.recipient == bob.email and "Mia is on vacation" in notice.subject
    text = notice.body_text
    assert "from Wed 4 Mar 2026, 00:00 UTC until Mon 9 Mar 2026, 00:00 UTC" in text
    assert all(f"Pylon #{game.id}: http://pbem.test/games/{game.id}" in text
               for game in with_bob)
    assert text.count("Pylon #") == 2 and notice.headers.get("List-Unsubscribe")
    # The game page says so to everyone, before the vacation and during it.
    with freeze_time(T0 + 2 * H):
        page = client.get(f"/games/{with_bob[0].id}").get_data(as_text=True)
    assert "Mia will be on vacation from Wed 4 Mar 2026" in page
    with freeze_time(T0 + 2 * D + H):
        page = client.get(f"/games/{with_bob[0].id}").get_data(as_text=True)
    assert "Mia is on vacation until Mon 9 Mar 2026" in page

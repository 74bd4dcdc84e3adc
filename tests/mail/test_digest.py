"""The daily digest as its reader gets it: one entry per game waiting for them, the nearest
deadline first, each with the moves since their turn, a small board and the move link; then
what else happened; nothing for a game that is over or a turn already played. And a reply to
the digest that moves in several games at once, each checked against where the digest left
it."""

from __future__ import annotations

import base64
import re
from datetime import UTC, datetime

import pytest
from clocks.stored import T0, H, digests, timed_game
from freezegun import freeze_time
from helpers import outbox, screenshot
from markupsafe import escape

from pbem.core.extensions import db
from pbem.correspondence.ingest import ingest_bytes
from pbem.mail.composers import images
from pbem.notifications import settings
from pbem.notifications.logic.schedule import Kind, Mode, NotificationSettings
from pbem.play import commands
from pbem.play.queries import get_game

from .test_answers import reply_to

DIGEST_AT = datetime(2026, 3, 3, 6, 0, tzinfo=UTC)  # 07:00 in Paris


def first_move(game) -> str:
    game = get_game(game.id)
    return game.rules.legal_moves(game.load_state())[0]


def play(game, seat, at, comment=""):
    with freeze_time(at):
        commands.play_turn(commands.locked(game.id), seat, first_move(game),
                           get_game(game.id).ply, comment)


def digest_reader_with_games(make_player, language=None):
    """A reader on the daily digest for turns and game news (in ``language``, when given),
    and six games: three waiting for them (deadlines in 2, 3 and 5 days), two over, one
    waiting for the opponent."""
    me = make_player(name="Mia")
    me.language = language
    bob, cat, dan = (make_player(name=name) for name in ("Bob", "Cat", "Dan"))
    settings.save(me.id, NotificationSettings(
        timezone="Europe/Paris", digest_hour=7,
        modes={Kind.TURN: Mode.DIGEST, Kind.GAME: Mode.DIGEST, Kind.MESSAGE: Mode.DIGEST}), T0)
    db.session.commit()
    first = timed_game([me, bob], "5d/move")                  # I move first
    soon = timed_game([bob, me], "2d/move")                   # Bob moved: mine, due soonest
    mid = timed_game([me, cat], "3d/move")                    # Cat answered with a comment
    lost = timed_game([me, dan], "3d/move")                   # I resign: over
    won = timed_game([me, bob], "3d/move")                    # Bob resigns: over
    theirs = timed_game([me, cat], "3d/move")                 # I moved: Cat's turn
    play(soon, 0, T0 + H)
    play(mid, 0, T0 + H)
    play(mid, 1, T0 + 2 * H, comment="Your move, Mia.")
    for game in (lost, won, theirs):
        play(game, 0, T0 + H)
    play(lost, 1, T0 + 2 * H)
    play(won, 1, T0 + 2 * H)
    with freeze_time(T0 + 3 * H):
        commands.resign(commands.locked(lost.id), 0)
        commands.resign(commands.locked(won.id), 1)
        commands.post_message(commands.locked(first.id), 1, "Good luck!")
    return me, {"first": first, "soon": soon, "mid": mid, "lost": lost, "won": won,
                "theirs": theirs}


@pytest.mark.parametrize("engine", ["sqlite",
                                    pytest.param("postgres", marks=pytest.mark.postgres)])
def test_one_digest_lists_each_waiting_game_once_and_nothing_of_finished_ones(
        app, make_player, engine):
    me, games = digest_reader_with_games(make_player)
    held = [m for m in outbox() if m.recipient == me.email]
    assert held and all(m.held for m in held)
    assert digests(DIGEST_AT) == "1 sent"
    [digest] = outbox("digest")
    text, html = digest.body_text, digest.body_html
    assert "3 games waiting" in digest.subject
    # One entry per waiting game, nearest deadline first.
    entries = re.findall(r"^#(\d+) Pylon against", text, re.MULTILINE)
    assert entries == [str(games[name].id) for name in ("soon", "mid", "first")]
    assert text.count("Move here: ") == 3 and html.count("Make your move</a>") == 3
    assert "You move first." in text
    assert f"P1 Bob played: {get_game(games['soon'].id).moves[0].move}" in text
    assert "and wrote:\n      Your move, Mia." in text
    assert "Move by Thu 5 Mar 2026" in text  # the 2-day game, in Paris time
    # What else happened: endings with their result, the message, the game started; no turn
    # mail repeated, no label doubled.
    assert f"Pylon #{games['lost'].id} ended: Dan won." in text
    assert f"Pylon #{games['won'].id} ended: Mia won." in text
    assert f"Pylon #{games['first'].id}: a message from P2" in text
    assert f"Pylon #{games['theirs'].id} started: Mia vs Cat." in text
    assert "your turn (ply" not in text
    for name in ("lost", "won"):
        assert text.count(f"#{games[name].id}") == 1
        assert f"#{games[name].id} Pylon" not in text
    assert not re.search(r"(Pylon #\d+): \1", text)
    # It can be answered, and its boards are drawn.
    assert digest.headers["Reply-To"].startswith("digest+")
    assert len(images(digest)) == 3 and html.count("cid:digest-board-") == 3
    # Every held message was folded into it, or given up when its turn was played; the next
    # digest has nothing new to say.
    assert all(m.sent_at or m.abandoned_at for m in outbox() if m.held)
    assert any(m.abandoned_at for m in outbox("turn"))


@pytest.mark.parametrize("engine", ["sqlite",
                                    pytest.param("postgres", marks=pytest.mark.postgres)])
def test_a_reply_to_the_digest_plays_in_three_games_and_says_which_came_too_late(
        app, make_player, engine):
    me, games = digest_reader_with_games(make_player)
    digests(DIGEST_AT)
    [digest] = outbox("digest")
    # After the digest, Mia moves in "first" on the web: her emailed line for it is stale.
    play(games["first"], 0, DIGEST_AT + H)
    moves = {name: first_move(games[name]) for name in ("soon", "mid", "first")}
    body = "\n".join([f"#{games['soon'].id} {moves['soon']}",
                      f"#{games['mid'].id} {moves['mid']}",
                      f"#{games['first'].id} {moves['first']}",
                      f"#{games['mid'].id} comment Thanks, Cat!",
                      "", "> quoted digest text"])
    plies = {name: get_game(games[name].id).ply for name in games}
    with freeze_time(DIGEST_AT + 2 * H):
        outcome = ingest_bytes(reply_to(digest, body, "<reply-1@example.org>"))
    assert outcome.startswith("digest reply: played in")
    assert get_game(games["soon"].id).ply == plies["soon"] + 1
    assert get_game(games["mid"].id).ply == plies["mid"] + 1
    assert get_game(games["first"].id).ply == plies["first"]  # nothing played there
    [answer] = outbox("digest_result")
    text = answer.body_text
    assert f"#{games['soon'].id} {moves['soon']}\n    Played" in text
    assert f"#{games['mid'].id} {moves['mid']}\n    Played" in text
    assert f"#{games['first'].id} {moves['first']}\n    Too late: the game has moved on" in text
    assert "Posted: your message was posted" in text
    assert answer.headers["Reply-To"].startswith("digest+")
    # The same reply delivered again changes nothing.
    with freeze_time(DIGEST_AT + 3 * H):
        assert ingest_bytes(reply_to(digest, body, "<reply-1@example.org>")).startswith(
            "ignored: already handled")
    assert len(outbox("digest_result")) == 1


def test_a_digest_reply_from_another_address_or_to_a_foreign_game_does_nothing(
        app, make_player):
    me, games = digest_reader_with_games(make_player)
    digests(DIGEST_AT)
    [digest] = outbox("digest")
    line = f"#{games['soon'].id} {first_move(games['soon'])}"
    stranger = timed_game([make_player(), make_player()], "3d/move")
    with freeze_time(DIGEST_AT + H):
        assert ingest_bytes(reply_to(("eve@example.org", digest.headers["Reply-To"]), line)) \
            == "ignored: not sent from the address of the digest's reader"
        ingest_bytes(reply_to(digest, f"#{stranger.id} {first_move(stranger)}\n#999999 resign"))
    text = outbox("digest_result")[-1].body_text
    assert f"Refused: you do not play in game #{stranger.id}" in text
    assert "#999999 resign\n    Refused" in text
    assert get_game(stranger.id).ply == 0


def shown_at(page, html: str, width: int, shot: str) -> int:
    """Show ``html`` at ``width`` CSS pixels; its document's width (wider: it scrolls
    sideways). A screenshot goes to ``PBEM_SCREENSHOTS`` when it is set, for a person to
    look at."""
    page.set_viewport_size({"width": width, "height": 844})
    page.set_content(html)
    screenshot(page, f"digest/{shot}")
    return page.evaluate("document.documentElement.scrollWidth")


def test_the_digest_reads_on_a_phone(app, make_player, browser_page):
    me, games = digest_reader_with_games(make_player)
    digests(DIGEST_AT)
    [digest] = outbox("digest")
    html = digest.body_html
    for image in images(digest):  # as a mail client shows cid: images
        data = base64.b64encode(image.data).decode()
        html = html.replace(f"cid:{image.content_id}", f"data:image/png;base64,{data}")
    assert shown_at(browser_page, html, 390, "digest-html-390") <= 390
    assert browser_page.evaluate(
        "[...document.images].every(i => i.complete && i.naturalWidth > 0)")
    assert shown_at(browser_page, html, 1280, "digest-html-1280") <= 1280
    text = ('<meta name="viewport" content="width=device-width">'
            '<pre style="white-space:pre-wrap;overflow-wrap:anywhere;font-size:14px">'
            f'{escape(digest.body_text)}</pre>')
    assert shown_at(browser_page, text, 390, "digest-text-390") <= 390


def test_a_digest_move_of_a_player_who_confirms_is_shown_back_not_played(app, make_player):
    me, games = digest_reader_with_games(make_player)
    settings.save(me.id, settings.settings_of(me.id), T0, confirm_email_moves=True)
    db.session.commit()
    digests(DIGEST_AT)
    [digest] = outbox("digest")
    move = first_move(games["soon"])
    with freeze_time(DIGEST_AT + H):
        ingest_bytes(reply_to(digest, f"#{games['soon'].id} {move}"))
    assert get_game(games["soon"].id).ply == 1  # Bob's move only
    assert "Held: shown back for your confirmation" in outbox("digest_result")[-1].body_text
    preview = outbox("reply_result")[-1]
    assert f"confirm {move}?" in preview.subject and preview.game_id == games["soon"].id
    code = re.search(r"confirm ([A-Z2-9]{4})", preview.body_text).group(1)
    with freeze_time(DIGEST_AT + 2 * H):
        assert ingest_bytes(reply_to(preview, f"confirm {code}")).startswith("played")
    assert get_game(games["soon"].id).ply == 2

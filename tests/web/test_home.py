"""The signed-in home page: your move first (nearest deadline first), then games waiting for
others, invitations, recently finished; each list paged; the count in the navigation; the
deadline in the reader's zone."""

from __future__ import annotations

import random
import re

from clocks.stored import T0, D, H, timed_game
from freezegun import freeze_time
from helpers import sign_in

from pbem.core.extensions import db
from pbem.notifications import settings
from pbem.notifications.logic.schedule import NotificationSettings
from pbem.play import commands, lists
from pbem.play.commands import create_game


def section(html: str, key: str) -> str:
    """The HTML of one list of the home page ('' when it is not shown)."""
    found = re.search(rf'<section class="home-list {key}".*?</section>', html, re.S)
    return found.group(0) if found else ""


def cards(html: str, key: str) -> list[str]:
    """The game links ('Pylon #3') of one list, in order."""
    return re.findall(r'class="game-link"[^>]*>([^<]+)<', section(html, key))


def test_the_lists_come_in_order_each_sorted(app, client, make_player):
    me, bob, cy = make_player(name="Me"), make_player(name="Bob"), make_player(name="Cy")
    later = timed_game([me, bob], "3d/move")
    sooner = timed_game([me, cy], "1d/move")
    untimed = timed_game([me, bob], None)
    theirs = timed_game([bob, me], "2d/move")
    invited = create_game("pylon", [cy, me], creator=cy, seed=3)
    done = timed_game([me, cy], None)
    commands.resign(commands.locked(done.id), 1)
    with freeze_time(T0 + H):  # the session is signed at the time the page is seen
        sign_in(client, me)
        html = client.get("/").get_data(as_text=True)
    assert cards(html, "move") == [f"Pylon #{g.id}" for g in (sooner, later, untimed)]
    assert cards(html, "waiting") == [f"Pylon #{theirs.id}"]
    assert cards(html, "invited") == [f"Pylon #{invited.id}"]
    assert cards(html, "done") == [f"Pylon #{done.id}"]
    assert [html.index(f'id="{key}"') for key in ("move", "waiting", "invited", "done")] \
        == sorted(html.index(f'id="{key}"') for key in ("move", "waiting", "invited", "done"))
    assert "vs Cy" in section(html, "move") and "No time limit" in section(html, "move")
    waiting = section(html, "waiting")
    assert "Bob</span> to move" in waiting and "in 2 days" in waiting
    assert "You won by resignation" in section(html, "done")
    assert "You are invited" in section(html, "invited")


def test_a_card_shows_the_last_move_and_the_deadline_in_my_zone(app, client, make_player):
    me, bob = make_player(name="Me"), make_player(name="Bob")
    settings.save(me.id, NotificationSettings(timezone="Europe/Paris"), T0)
    db.session.commit()
    game = timed_game([bob, me], "3d/move")
    move = game.rules.legal_moves(game.load_state())[0]
    with freeze_time(T0 + 2 * H):
        commands.play_turn(commands.locked(game.id), 0, move, 0)
    with freeze_time(T0 + 5 * H):
        sign_in(client, me)
        html = section(client.get("/").get_data(as_text=True), "move")
    assert f"<code>{move}</code>" in html and "Bob</span>" in html
    assert re.search(r'title="Mon 2 Mar 2026, 11:00 CET">3 hours ago<', html)
    # The deadline 3 days after Bob's move, rounded; to the second on hover, in Paris time.
    assert 'datetime="2026-03-05T10:00:00+00:00"' in html
    assert 'title="2026-03-05 11:00:00 CET; 2 days 21 hours left">Due in 3 days<' in html


def test_each_list_is_paged_on_its_own(app, client, make_player):
    me = make_player(name="Me")
    mine = [timed_game([me, make_player()], None) for _ in range(lists.PER_PAGE + 2)]
    theirs = timed_game([make_player(), me], None)
    sign_in(client, me)
    first = client.get("/").get_data(as_text=True)
    assert len(cards(first, "move")) == lists.PER_PAGE
    assert 'href="/?move=2#move"' in section(first, "move") and "Previous" not in first
    second = client.get("/?move=2").get_data(as_text=True)
    shown = cards(first, "move") + cards(second, "move")
    assert sorted(shown) == sorted(f"Pylon #{g.id}" for g in mine)  # each game once
    assert cards(second, "waiting") == [f"Pylon #{theirs.id}"]  # the other list stays
    assert 'href="/#move"' in section(second, "move") and "Next" not in section(second, "move")
    for bad in ("0", "x", "-1", "9" * 9):
        answer = client.get(f"/?move={bad}")
        assert answer.status_code == 400 and "whole number" in answer.get_data(as_text=True)


def test_the_navigation_counts_the_games_waiting_for_my_move(app, client, make_player):
    me, bob = make_player(name="Me"), make_player(name="Bob")
    games = [timed_game([me, bob], None) for _ in range(3)]
    timed_game([bob, me], None)
    sign_in(client, me)
    badge = re.compile(r'class="badge"[^>]*>.*?(\d+)<span class="visually-hidden">\)', re.S)
    for url in ("/", "/archive", f"/games/{games[0].id}"):
        assert badge.search(client.get(url).get_data(as_text=True)).group(1) == "3"
    state = games[0].load_state()
    commands.play_turn(commands.locked(games[0].id), 0,
                       games[0].rules.random_turn(state, random.Random(1))[0][0], 0)
    html = client.get("/").get_data(as_text=True)
    assert badge.search(html).group(1) == "2" and "<title>(2) Your games" in html
    sign_in(client, bob)
    assert badge.search(client.get("/").get_data(as_text=True)).group(1) == "2"


def test_no_badge_when_nothing_waits_and_a_friendly_empty_list(app, client, make_player):
    me = make_player()
    sign_in(client, me)
    html = client.get("/").get_data(as_text=True)
    assert 'class="badge"' not in html and "Nothing waits for your move" in html
    assert 'id="done"' not in html  # no finished games: the list is left out


def test_a_deadline_already_passed_is_marked(app, client, make_player):
    me = make_player()
    timed_game([me, make_player()], "1d/move")
    with freeze_time(T0 + D + H):
        sign_in(client, me)
        html = section(client.get("/").get_data(as_text=True), "move")
    assert re.search(r'class="deadline late"[^>]*>Due passed<', html)

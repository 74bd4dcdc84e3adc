"""Time controls through whole games: clocks start, stop, reset and settle with each turn."""

from __future__ import annotations

import random

import pytest
from freezegun import freeze_time
from helpers import outbox, random_turn

from pbem.clocks.models import StoredClock
from pbem.clocks.service import OutOfTime
from pbem.core.extensions import db
from pbem.play import commands
from pbem.play.errors import BadSetup
from pbem.play.queries import get_game

from .stored import T0, D, H, clock, timed_game


def play_out(game, think):
    """Play random turns to the end, each seat thinking ``think(turn)`` before moving; the
    clocks seen after every turn."""
    rng, seen, turn = random.Random(3), [], 0
    with freeze_time(T0) as frozen:
        while (game := get_game(game.id)).status == "active":
            state = game.load_state()
            seat = game.rules.to_move(state)
            frozen.tick(think(turn))
            commands.play_turn(commands.locked(game.id), seat,
                               random_turn(game.rules, state, rng), game.ply)
            row = clock(game, seat)
            seen.append((seat, row and row.remaining_seconds))
            turn += 1
    return get_game(game.id), seen


def test_days_per_move_resets_after_each_turn(app, make_player):
    game = timed_game([make_player(), make_player()], "2d/move")
    assert clock(game, 0).turn_started == T0 and clock(game, 1).turn_started is None
    game, seen = play_out(game, lambda turn: (turn % 7) * 5 * H)
    assert game.status == "finished" and len(seen) > 20
    assert {remaining for _, remaining in seen} == {2 * 86400}
    assert all(row.turn_started is None and row.next_check_at is None
               for row in db.session.query(StoredClock).filter_by(game_id=game.id))


def test_a_bank_loses_what_is_used_gains_the_increment_up_to_the_cap(app, make_player):
    game = timed_game([make_player(), make_player()], "bank 2d +12h cap 3d")
    bank = {0: 2 * D, 1: 2 * D}
    think = [5 * H, 10 * H, 1 * H, 14 * H]

    def step(turn):
        return think[turn % len(think)]

    game, seen = play_out(game, step)
    assert game.status == "finished"
    for turn, (seat, remaining) in enumerate(seen):
        bank[seat] = min(3 * D, bank[seat] - step(turn) + 12 * H)
        assert remaining == bank[seat].total_seconds(), turn


def test_no_time_control_has_no_clocks(app, make_player):
    game = timed_game([make_player(), make_player()], None)
    game, _ = play_out(game, lambda turn: 30 * D)
    assert game.status == "finished" and game.time_control == "none"
    assert db.session.query(StoredClock).filter_by(game_id=game.id).count() == 0


def test_a_turn_after_the_deadline_is_refused_and_the_game_ends_on_time_at_once(
        app, make_player):
    """The clock is asked before the move is written (no receiver vetoes a written move), and
    the timeout is applied in the same unit of work: the game never shows active until the
    next tick."""
    game_id = timed_game([make_player(), make_player()], "1d/move").id
    with freeze_time(T0 + D + H), pytest.raises(OutOfTime, match="time ran out"):
        commands.play_turn(commands.locked(game_id), 0, "Mc3", 0)
    db.session.remove()  # what was committed, read afresh
    stored = get_game(game_id)
    assert stored.status == "finished" and stored.result["winners"] == [1]
    assert [(m.seat, m.move, m.text) for m in stored.moves] == [(0, "resign", "timeout")]


def test_a_bad_time_control_is_refused(app, make_player):
    with pytest.raises(BadSetup, match="Time control"):
        timed_game([make_player(), make_player()], "3 fortnights")


def test_the_turn_email_and_game_page_show_the_deadline_in_the_readers_zone(
        app, client, make_player):
    from helpers import sign_in

    from pbem.notifications import settings
    from pbem.notifications.logic.schedule import NotificationSettings

    alice, bob = make_player(name="Alice"), make_player(name="Bob")
    settings.save(alice.id, NotificationSettings(timezone="Asia/Tokyo"), T0)
    db.session.commit()  # the page that does this commits
    timed_game([alice, bob], "3d/move")
    with freeze_time(T0):  # the turn email is composed when it goes out: at once, here
        [mail] = outbox("turn")
    assert "Move by Thu 5 Mar 2026, 17:00 JST (in 3 days)" in mail.body_text
    with freeze_time(T0 + H):
        page = client.get("/games/1").get_data(as_text=True)
        assert "Time control: 3 days per move" in page
        assert ('must move by <time datetime="2026-03-05T08:00:00+00:00" '  # anonymous: UTC
                'title="2026-03-05 08:00:00 UTC; 2 days 23 hours left">'
                "Thu 5 Mar 2026, 08:00 UTC (in 3 days)</time>") in page
        sign_in(client, alice)
        assert "17:00 JST" in client.get("/games/1").get_data(as_text=True)


def test_the_new_game_form_sets_a_time_control(app, client, make_player):
    from helpers import sign_in

    me = make_player(admin=True)
    other = make_player()
    sign_in(client, me)
    form = {"players": 2, "seats": f"{me.email}\n{other.email}", "start_now": "y",
            "time_control": "bank", "bank_initial": "5", "bank_increment": "0.5",
            "bank_cap": "10"}
    assert client.post("/new/pylon", data=form).status_code == 303
    assert get_game(1).time_control == "bank 5d +12h cap 10d"
    bad = client.post("/new/pylon", data={**form, "bank_initial": "lots"})
    assert bad.status_code == 422
    assert "initial bank: &#39;lots&#39; is not a number from 0" in bad.get_data(as_text=True)


@pytest.mark.parametrize(("fields", "said"), [
    ({"bank_initial": "1,5"}, "Anfangskonto: &#39;1,5&#39; ist keine Zahl von 0 bis 10000 "
                              "(wie 3 oder 1.5, mit Punkt)."),
    ({"bank_initial": "5", "bank_cap": "2"}, "Obergrenze muss zwischen 5 Tage und 365 Tage "
                                             "liegen, nicht 2 Tage"),
])
def test_a_time_control_typed_wrong_is_explained_in_the_readers_language(
        client, make_player, fields, said):
    """A German player typing a decimal comma is told in German what the field takes (the
    field's name too), not in the clocks' English."""
    from helpers import sign_in

    me, other = make_player(admin=True), make_player()
    sign_in(client, me)
    form = {"players": 2, "seats": f"{me.email}\n{other.email}", "start_now": "y",
            "time_control": "bank", "bank_initial": "5", "bank_increment": "0.5", **fields}
    bad = client.post("/new/pylon", data=form, headers={"Accept-Language": "de"})
    assert bad.status_code == 422 and said in bad.get_data(as_text=True)


def test_a_late_move_posted_on_the_game_page_is_refused_and_the_game_ends_on_time(
        app, client, make_player):
    from helpers import sign_in

    alice = make_player()
    game_id = timed_game([alice, make_player()], "1d/move").id
    db.session.commit()
    with freeze_time(T0 + D + H):
        sign_in(client, alice)
        late = client.post(f"/games/{game_id}/move", data={"move": "Mc3", "ply": 0})
    assert late.status_code == 409, late.get_data(as_text=True)[-3000:]
    assert "time ran out" in late.get_data(as_text=True)
    db.session.remove()  # the request's unit kept the timeout, though it refused the move
    stored = get_game(game_id)
    assert stored.status == "finished" and stored.result["winners"] == [1]

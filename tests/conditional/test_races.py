"""Races around conditional moves: the database decides, one outcome, nothing half-written.
Threads with their own sessions stand in for separate processes."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import func, select

from pbem.conditional import service
from pbem.conditional.service import ConditionalRefused
from pbem.core.extensions import db
from pbem.play import commands, positions
from pbem.play.errors import PositionChanged
from pbem.play.models import Move
from pbem.play.queries import get_game


def at_once(app, *actions):
    """Run every action at once, each in its own app context; the outcome of each."""
    barrier = threading.Barrier(len(actions))
    outcomes = [None] * len(actions)

    def run(index, action):
        with app.app_context():
            barrier.wait()
            try:
                outcomes[index] = action()
            except (PositionChanged, ConditionalRefused) as exc:
                outcomes[index] = f"refused: {type(exc).__name__}"
            finally:
                db.session.remove()

    threads = [threading.Thread(target=run, args=(i, a)) for i, a in enumerate(actions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return outcomes


def _move(game_id, seat, text, ply):
    def act():
        commands.play_turn(commands.locked(game_id), seat, text, ply)
        return "played"
    return act


def _edit(game_id, seat, text, ply):
    def act():
        game = commands.locked(game_id)
        with commands.unit_of_work():
            service.set_lines(game, seat, service.parse_text(text), ply)
        return "kept"
    return act


def _check_consistent(app, game_id):
    game = get_game(game_id)
    assert db.session.scalar(select(func.count()).where(Move.game_id == game_id)) == game.ply
    assert game.rules.to_dict(positions.replay(game)) == game.snapshot


def _move_races_edit(app, make_game):
    for _ in range(3):
        game = make_game("pylon")
        game_id = game.id
        db.session.remove()
        outcomes = at_once(app, _move(game_id, 0, "Mc3", 0),
                           _edit(game_id, 1, "Mc3 ; Md4", 0))
        _check_consistent(app, game_id)
        game = get_game(game_id)
        if outcomes[0] != "played":  # the edit won, the move heard the position changed
            assert outcomes == ["refused: PositionChanged", "kept"], outcomes
            assert game.ply == 0 and service.read(game_id, game.seats[1].player_id).lines
        elif outcomes[1] == "kept":  # the edit came first: its reply was played with the move
            assert [m.move for m in game.moves] == ["Mc3", "Md4"]
            assert service.read(game_id, game.seats[1].player_id).lines == []
        else:  # the move came first: the edit was refused, nothing kept, seat 2 to move
            assert outcomes[1] in ("refused: ConditionalRefused", "refused: PositionChanged")
            assert [m.move for m in game.moves] == ["Mc3"] and game.to_move_seat == 1
            assert service.read(game_id, game.seats[1].player_id) is None
        db.session.remove()


def _two_moves_race_an_answer(app, make_player):
    """Seat 0 plays twice at once (two tabs) while seat 1's reply is answered: exactly one
    of the two moves lands, with its reply, or neither's reply is half-written."""
    from clocks.stored import clock

    game = commands.create_game("pylon", [make_player(name="A"), make_player(name="B")],
                                creator=None, start_now=True, seed=1,
                                time_control="bank 2d +12h cap 3d")
    game_id = game.id
    game = commands.locked(game_id)
    with commands.unit_of_work():
        service.set_lines(game, 1, service.parse_text("Mc3 ; Md4\nMa1 ; Mb2"))
    db.session.remove()
    outcomes = at_once(app, _move(game_id, 0, "Mc3", 0), _move(game_id, 0, "Ma1", 0))
    assert sorted(outcomes) == ["played", "refused: PositionChanged"], outcomes
    _check_consistent(app, game_id)
    game = get_game(game_id)
    moves = [m.move for m in game.moves]
    assert moves in (["Mc3", "Md4"], ["Ma1", "Mb2"])
    assert game.to_move_seat == 0
    # The clocks: the answer took no time (the bank gained its increment), the first
    # player's clock runs again, and the deadline shown is theirs.
    assert clock(game, 1).turn_started is None
    # (the clocks store whole seconds, truncated: the microseconds the answer took cost one)
    assert (2 * 24 + 12) * 3600 - 1 <= clock(game, 1).remaining_seconds <= (2 * 24 + 12) * 3600
    assert clock(game, 0).turn_started is not None
    assert game.to_move_deadline is not None


def test_move_racing_an_edit_on_sqlite(app, make_game):
    _move_races_edit(app, make_game)


@pytest.mark.postgres
def test_move_racing_an_edit_on_postgresql(app, make_game):
    _move_races_edit(app, make_game)


def test_two_moves_racing_an_answer_on_sqlite(app, make_player):
    _two_moves_race_an_answer(app, make_player)


@pytest.mark.postgres
def test_two_moves_racing_an_answer_on_postgresql(app, make_player):
    _two_moves_race_an_answer(app, make_player)

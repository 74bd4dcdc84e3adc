"""A Stax game's record in the database: each move appends what it adds to the game's grown
part, in the statement that stores the move, and loading the game and playing a move never
read that part; the snapshot and grown part always equal a replay's. On both engines."""

from __future__ import annotations

import random

import pytest
from helpers import StatementCounter

from pbem.core.extensions import db
from pbem.play import commands, endings, positions
from pbem.play.queries import get_game


def _lasting_turns(game, turns: int, rng):
    """``turns`` random moves that do not end the game; the game afterwards."""
    for _ in range(turns):
        game = commands.locked(game.id)
        rules, state = game.rules, game.load_state()
        moves = [move for move in rules.legal_moves(state)
                 if not rules.is_over(rules.play(state, move))]
        commands.play_turn(game, rules.to_move(state), rng.choice(moves), game.ply)
    return get_game(game.id)


def _same_as_a_replay(game) -> bool:
    game = get_game(game.id)
    return game.rules.to_stored(positions.replay(game)) == (game.snapshot, game.grown)


def _check(make_game):
    rng = random.Random(5)
    game = _lasting_turns(make_game("stax", seed=3), 40, rng)
    assert game.ply == 40 and _same_as_a_replay(game)
    db.session.expire_all()
    with StatementCounter(db.engine) as seen:
        _lasting_turns(game, 1, rng)
    grown = [statement for statement in seen.statements if "grown" in statement]
    assert len(grown) == 1 and "||" in grown[0], seen.statements  # appended, never read
    assert _same_as_a_replay(game)

    # a batch of resignations (the clocks' tick) appends to each game its own entry
    other = _lasting_turns(make_game("stax", seed=4), 3, rng)
    games = [commands.locked(game.id), commands.locked(other.id)]
    assert endings.resign_many([(games[0], 0), (games[1], 1)], reason="timeout") == games
    db.session.commit()
    assert all(_same_as_a_replay(resigned) for resigned in games)
    assert [get_game(one.id).grown.endswith(f"{seat}resign ") for seat, one in
            enumerate(games)] == [True, True]


def test_a_move_appends_to_the_grown_part_without_reading_it_on_sqlite(make_game):
    _check(make_game)


@pytest.mark.postgres
def test_a_move_appends_to_the_grown_part_without_reading_it_on_postgresql(make_game):
    _check(make_game)

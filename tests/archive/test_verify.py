"""``flask pbem verify-records``: every stored game replayed through the current rules."""

from __future__ import annotations

import random

from helpers import play_turns
from sqlalchemy import update

from pbem.core.extensions import db
from pbem.play import commands
from pbem.play.models import Game, Move
from pbem.play.queries import get_game


def finished_games(make_game, count=3):
    games = [play_turns(make_game("pylon", seed=n), 400, random.Random(n)) for n in range(count)]
    assert all(game.status == "finished" for game in games)
    return games


def test_untouched_games_verify(runner, make_game, stored_game):
    finished_games(make_game, 2)
    stored_game("stawvs", seed=4)
    make_game("pylon", start_now=False)  # not started: nothing to check
    result = runner.invoke(args=["pbem", "verify-records"])
    assert result.exit_code == 0, result.output
    assert "checked 3 games: 0 mismatched" in result.output


def test_a_tampered_move_row_is_reported_with_a_non_zero_exit(runner, make_game):
    games = finished_games(make_game)
    target = games[1]
    other = "Sa1" if target.moves[4].move != "Sa1" else "Sa2"
    db.session.execute(update(Move).where(Move.game_id == target.id, Move.ply == 5)
                       .values(move=other))
    db.session.commit()
    result = runner.invoke(args=["pbem", "verify-records"])
    assert result.exit_code == 1
    assert f"game #{target.id} (pylon): " in result.output
    assert f"game #{games[0].id} " not in result.output and "1 mismatched" in result.output


def test_a_tampered_seat_snapshot_or_result_is_reported(runner, make_game):
    games = finished_games(make_game, 4)
    db.session.execute(update(Move).where(Move.game_id == games[0].id, Move.ply == 3)
                       .values(seat=1))
    snapshot = dict(games[1].snapshot)
    snapshot["tampered"] = True
    db.session.execute(update(Game).where(Game.id == games[1].id).values(snapshot=snapshot))
    result = dict(games[2].result, winners=[0, 1])
    db.session.execute(update(Game).where(Game.id == games[2].id).values(result=result))
    db.session.execute(update(Move).where(Move.game_id == games[3].id, Move.ply == 2)
                       .values(move=games[3].moves[1].move.lower()))
    db.session.commit()
    output = runner.invoke(args=["pbem", "verify-records"]).output
    assert f"game #{games[0].id} (pylon): ply 3 (P2 " in output and "turn" in output
    assert f"game #{games[1].id} (pylon): the stored position differs" in output
    assert f"game #{games[2].id} (pylon): the stored result" in output
    assert f"game #{games[3].id} (pylon): ply 2 is stored as" in output
    assert "checked 4 games: 4 mismatched" in output


def test_one_game_can_be_checked(runner, make_game):
    games = finished_games(make_game, 2)
    result = runner.invoke(args=["pbem", "verify-records", "--game", str(games[0].id)])
    assert result.exit_code == 0 and "checked 1 game: 0 mismatched" in result.output
    assert runner.invoke(args=["pbem", "verify-records", "--game", "x"]).exit_code == 2


def test_games_ended_by_a_decision_verify_and_their_scores_are_checked(runner, make_game):
    """The players' agreement and a director's adjudication end a game its moves had not
    ended: that is no mismatch, but the stored scores must still be the position's."""
    agreed, decided, stopped = (make_game("pylon", seed=n) for n in (1, 2, 3))
    for game in (agreed, stopped):
        commands.agree(game, 0, 0)
        commands.agree(get_game(game.id), 1, 0)
    commands.adjudicate(commands.locked(decided.id), [1])
    db.session.commit()
    assert "checked 3 games: 0 mismatched" in runner.invoke(args=["pbem", "verify-records"]).output
    stopped = get_game(stopped.id)
    db.session.execute(update(Game).where(Game.id == stopped.id)
                       .values(result=dict(stopped.result, scores=[30, 0])))
    db.session.commit()
    output = runner.invoke(args=["pbem", "verify-records"]).output
    assert f"game #{stopped.id} (pylon): the stored scores [30, 0] differ" in output
    assert "checked 3 games: 1 mismatched" in output

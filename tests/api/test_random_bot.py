"""The example client (examples/random_bot.py) plays a whole game through the API, over
HTTP against a live server, against pbem's own level-1 bot; and two clients racing the same
ply through the API get exactly one move."""

from __future__ import annotations

import importlib.util
import threading
from pathlib import Path

import pytest
import requests
from sqlalchemy import func, select

from pbem.api import bots
from pbem.botplay import worker
from pbem.botplay.accounts import ensure_bots
from pbem.core.extensions import db
from pbem.play import positions
from pbem.play.commands import create_game
from pbem.play.models import Move
from pbem.play.queries import get_game

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "random_bot.py"
DATABASES = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]


def _example():
    spec = importlib.util.spec_from_file_location("random_bot", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("database", DATABASES)
def test_the_example_bot_plays_a_whole_game_against_pbems_level_1_bot(
        app, live_server, make_player, bearer, database):
    random_bot = _example()
    owner = make_player(name="Ann")
    engine = bots.register_engine(owner, "Random mover")
    level_1 = ensure_bots()[0]
    db.session.commit()
    game = create_game("pylon", [engine, level_1], None, creator=owner, start_now=True, seed=3)
    game_id, secret = game.id, bearer(engine, "read", "play")["Authorization"].split()[1]
    db.session.rollback()
    for _ in range(300):
        random_bot.play_waiting_turns(live_server, secret)
        worker.run(budget_s=None)
        game = get_game(game_id)
        finished = game.status == "finished"
        db.session.rollback()
        if finished:
            break
    game = get_game(game_id)
    assert game.status == "finished" and game.result["winners"]
    seats = {move.seat for move in game.moves}
    assert seats == {0, 1}
    assert game.rules.to_dict(positions.replay(game)) == game.snapshot


@pytest.mark.parametrize("database", DATABASES)
def test_two_clients_racing_the_same_ply_make_exactly_one_move(
        app, live_server, make_game, bearer, database):
    game = make_game("pylon")
    headers = bearer(game.seats[0].player, "play")
    game_id = game.id
    moves = game.rules.legal_moves(game.load_state())[:6]
    db.session.rollback()
    barrier, answers = threading.Barrier(len(moves)), [None] * len(moves)

    def post(index, move):
        barrier.wait()
        answers[index] = requests.post(f"{live_server}/api/games/{game_id}/move", timeout=60,
                                       json={"move": move, "ply": 0}, headers=headers)

    threads = [threading.Thread(target=post, args=item) for item in enumerate(moves)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    statuses = sorted(answer.status_code for answer in answers)
    assert statuses == [200] + [409] * (len(moves) - 1)
    assert all(a.json()["code"] == "position-changed" for a in answers if a.status_code == 409)
    assert db.session.scalar(select(func.count()).where(Move.game_id == game_id)) == 1
    assert get_game(game_id).ply == 1

"""Two submissions for the same ply: exactly one is applied, the other hears that the position
changed. Threads with their own sessions stand in for separate processes; the database, not
process memory, decides."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import func, select

from pbem.core.extensions import db
from pbem.games import IllegalMove
from pbem.play import commands, positions
from pbem.play.errors import NotYourTurn, PositionChanged
from pbem.play.models import Move
from pbem.play.queries import get_game


def race(app, game_id, seat, ply, texts):
    """Submit every text at once from its own thread; the outcome of each."""
    barrier = threading.Barrier(len(texts))
    outcomes = [None] * len(texts)

    def submit(index, text):
        with app.app_context():
            barrier.wait()
            try:
                commands.play_turn(commands.locked(game_id), seat, text, ply)
                outcomes[index] = "played"
            except PositionChanged:
                outcomes[index] = "changed"
            except (NotYourTurn, IllegalMove) as exc:
                outcomes[index] = f"refused: {exc}"
            finally:
                db.session.remove()

    threads = [threading.Thread(target=submit, args=(i, t)) for i, t in enumerate(texts)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return outcomes


def check_exactly_one(app, game_id, outcomes, ply):
    assert outcomes.count("played") == 1, outcomes
    assert outcomes.count("changed") == len(outcomes) - 1, outcomes
    with app.app_context():
        game = get_game(game_id)
        assert game.ply == ply + 1
        assert db.session.scalar(select(func.count()).where(Move.game_id == game_id)) == ply + 1
        assert game.rules.to_dict(positions.replay(game)) == game.snapshot
        db.session.remove()


def _many_plies(app, make_game, threads):
    """Three plies in a row, each raced by ``threads`` different legal placements."""
    game = make_game("pylon")
    game_id = game.id
    db.session.remove()  # the threads start from the database, not this session
    for ply in range(3):
        texts = [f"{size}{file}{ply + 1}" for size in "SML" for file in "abcdef"][:threads]
        outcomes = race(app, game_id, ply % 2, ply, texts)
        check_exactly_one(app, game_id, outcomes, ply)


def test_racing_submissions_on_sqlite(app, make_game):
    _many_plies(app, make_game, 8)


@pytest.mark.postgres
def test_racing_submissions_on_postgresql(app, make_game):
    _many_plies(app, make_game, 16)


@pytest.mark.postgres
def test_the_same_move_twice_at_once_on_postgresql(app, make_game):
    """A double click: the same text and ply twice; one lands."""
    game = make_game("pylon")
    game_id = game.id
    db.session.remove()
    outcomes = race(app, game_id, 0, 0, ["Mc3"] * 6)
    check_exactly_one(app, game_id, outcomes, 0)


def _racing_links(app, make_game, threads):
    """The move link's own path (read once, locked): several browsers confirm different moves
    through the same link at once; one is played, the others get a clear 409 or 410."""
    from pbem.play.links import move_token

    game = make_game("pylon")
    game_id, path = game.id, f"/play/{move_token(game, 0)}/move"
    db.session.remove()
    barrier = threading.Barrier(threads)
    statuses = [None] * threads

    def confirm(index, text):
        client = app.test_client()
        barrier.wait()
        statuses[index] = client.post(path, data={"move": text, "ply": 0}).status_code

    texts = [f"{size}{file}1" for size in "SML" for file in "abcdef"][:threads]
    workers = [threading.Thread(target=confirm, args=(i, t)) for i, t in enumerate(texts)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
    assert statuses.count(303) == 1 and set(statuses) <= {303, 409, 410}, statuses
    check_exactly_one(app, game_id, ["played"] + ["changed"] * (threads - 1), 0)


def test_racing_move_links_on_sqlite(app, make_game):
    _racing_links(app, make_game, 6)


@pytest.mark.postgres
def test_racing_move_links_on_postgresql(app, make_game):
    _racing_links(app, make_game, 8)

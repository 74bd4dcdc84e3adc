"""The game page of a long game: server time (in-process, SQLite) of ``/games/<id>`` for a
reader and for the player to move (the move form), target under 20 ms at 300 plies; and the
page of the position a ply before the last (``?ply=``), which is rebuilt from the history.

Wall time and the process's CPU time are both given (on a loaded machine the CPU time is the
steadier figure), with ``/health`` measured alike as the floor of any request.

Only Triumvirate (with its quiet-move limit off) can reach 300 plies; the other games end
sooner by their nature (the board fills), so each is measured at the longest random game
found within a small budget, and its ply count is reported with it.
"""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

from .timing import SECRET_KEY, summary_ms

PLIES = 300
#: Random games tried per game for a long one (the longest is kept), and the time allowed.
TRIES, SEARCH_SECONDS = 40, 8.0
REQUESTS = 60
OPTIONS = {"triumvirate": {"quiet_limit": 0}}


def run() -> dict:
    from pbem import create_app
    from pbem.core.extensions import db
    from pbem.games import all_rules

    folder = Path(tempfile.mkdtemp(prefix="pbem-bench-gamepage-"))
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.sqlite'}",
                      "SECRET_KEY": SECRET_KEY, "MAIL_BACKEND": "file",
                      "MAIL_FILE_DIR": str(folder / "mail")})
    figures = {}
    with app.app_context():
        db.create_all()
        for key, value in _timed(app.test_client(), "/health").items():
            figures[f"health_{key}"] = value
        for rules in all_rules():
            game_id, seat_player, plies = _long_game(rules)
            client = app.test_client()
            figures[f"{rules.slug}_plies"] = plies
            for who, player_id in (("reader", None), ("to_move", seat_player)):
                with client.session_transaction() as session:
                    session.clear()
                    if player_id is not None:
                        session["player_id"], session["generation"] = player_id, 0
                for key, value in _timed(client, f"/games/{game_id}").items():
                    figures[f"{rules.slug}_{who}_{key}"] = value
            for key, value in _timed(client, f"/games/{game_id}?ply={plies - 1}").items():
                figures[f"{rules.slug}_replay_{key}"] = value
    return figures


def _timed(client, path: str) -> dict:
    for _ in range(5):  # warm up: templates compiled, queries built
        assert client.get(path).status_code == 200
    wall, cpu = [], []
    for _ in range(REQUESTS):
        started, used = time.perf_counter(), time.process_time()
        response = client.get(path)
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - used)
        assert response.status_code == 200
    return {**summary_ms(wall), "cpu_p50_ms": summary_ms(cpu)["p50_ms"]}


def _long_game(rules) -> tuple[int, int | None, int]:
    """Store the longest random game found (up to ``PLIES``, stopped before its last turn so
    that it is still being played): the game's id, the player to move, its plies."""
    from pbem.accounts.service import player_by_email
    from pbem.core.extensions import db
    from pbem.play import commands
    from pbem.play.models import Move

    options = OPTIONS.get(rules.slug, {})
    players = max(rules.player_counts)
    best, started = None, time.perf_counter()
    for seed in range(TRIES):
        state, rng, history = rules.new_game(players=players, options=options, seed=seed), \
            random.Random(seed), []
        while len(history) < PLIES:
            seat = rules.to_move(state)
            plies, after = rules.random_turn(state, rng)
            if rules.is_over(after):  # kept in play: the page with its move form
                break
            history.extend((seat, ply) for ply in plies)
            state = after
        if best is None or len(history) > len(best[1]):
            best = (seed, history, state)
        if len(history) >= PLIES or time.perf_counter() - started > SEARCH_SECONDS:
            break
    seed, history, state = best
    people = [player_by_email(f"{rules.slug}{n}@bench.test") for n in range(players)]
    for person in people:
        person.name = f"{rules.name} player {person.id}"
    game = commands.create_game(rules.slug, people, options, start_now=True, seed=seed)
    db.session.execute(db.delete(Move).where(Move.game_id == game.id))  # the start's passes
    db.session.add_all(Move(game_id=game.id, ply=ply, seat=seat, move=move, text=move)
                       for ply, (seat, move) in enumerate(history, 1))
    game.ply, game.snapshot = len(history), rules.to_dict(state)
    game.set_turn(rules.to_move(state))
    db.session.commit()
    return game.id, game.to_move_player_id, len(history)

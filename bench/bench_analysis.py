"""The thinking tools: the server CPU of one analysis step (JSON) at the game's last ply
(up to 300) in every game, and from an earlier ply (a replay of the history).

Target: an analysis step under 15 ms of CPU. And the post-game review's cost: one position
read by the level-3 search (a review reads each turn's position once). (A move answered by a
conditional reply is measured beside the plain move, in :mod:`bench.bench_http`.)"""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

from .timing import SECRET_KEY, summary_ms

PLIES = 300
REQUESTS = 30


def _cpu(action, count=REQUESTS) -> list[float]:
    action()
    samples = []
    for _ in range(count):
        start = time.process_time()
        action()
        samples.append(time.process_time() - start)
    return samples


def _review_position(rules, state) -> float:
    """CPU seconds of the review's reading of one position (the level-3 search); a game's
    review costs about this times its turns."""
    from pbem.bots import evaluate

    start = time.process_time()
    evaluate(rules, state, 3, seed=1)
    return round(time.process_time() - start, 3)


def _ok(response):
    assert response.status_code == 200, (response.status_code, response.get_data()[:300])
    return response


def run() -> dict:
    from pbem import create_app
    from pbem.accounts.models import Player
    from pbem.analysis.service import _POSITIONS as positions
    from pbem.analysis.service import position_at
    from pbem.core.extensions import db
    from pbem.games import all_rules
    from pbem.play import commands
    from pbem.play.queries import get_game

    folder = Path(tempfile.mkdtemp(prefix="pbem-bench-analysis-"))
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.sqlite'}",
                      "SECRET_KEY": SECRET_KEY, "MAIL_BACKEND": "file",
                      "MAIL_FILE_DIR": str(folder / "mail"), "WTF_CSRF_ENABLED": False})
    figures = {}
    with app.app_context():
        db.create_all()
        players = [Player(name=f"B{i}", email=f"b{i}@bench.test") for i in range(4)]
        db.session.add_all(players)
        db.session.commit()
        client = app.test_client()
        for rules in all_rules():
            rng = random.Random(5)
            game = commands.create_game(rules.slug, players[:rules.player_counts[0]],
                                        creator=players[0], start_now=True, seed=5)
            game_id = game.id
            while game.status == "active" and game.ply < PLIES:
                state = game.load_state()
                turn, _ = rules.random_turn(state, rng)
                commands.play_turn(commands.locked(game_id), rules.to_move(state),
                                   " ".join(turn), game.ply)
                game = get_game(game_id)
            at = game.ply if game.status == "active" else game.ply - 2
            start = position_at(game, at)
            step = rules.legal_moves(start)[0]
            last = f"/games/{game_id}/analysis.json?" + urlencode({"at": at, "p": step})
            earlier = f"/games/{game_id}/analysis.json?" + urlencode(
                {"at": at - 1, "p": game.moves[at - 1].move})

            def first_look(url=earlier):
                positions.clear()  # the replay of the history, as on a first request
                client.get(url)

            figures[rules.slug] = {
                "ply": game.ply,
                "at": at,
                "step_at_last_ply": summary_ms(_cpu(lambda url=last: _ok(client.get(url)))),
                "earlier_ply_first_request": summary_ms(_cpu(first_look)),
                "earlier_ply_step": summary_ms(_cpu(lambda url=earlier: _ok(client.get(url)))),
                "review_one_position_level3_s": _review_position(rules, position_at(
                    game, at // 2)),
                "review_turns": len([m for m in game.moves if not m.auto]),
            }
    return figures


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=1))

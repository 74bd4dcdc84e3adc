"""The thinking tools: the server CPU of one analysis step (JSON) at the game's last ply
(up to 300) in every game, and from an earlier ply (a replay of the history); and a move that
triggers a conditional reply against a plain move (through the command, on SQLite).

Target: an analysis step under 15 ms of CPU; a move with a conditional reply at most 1.3x a
plain one (which plays two plies, so it is also given per ply)."""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

from .timing import summary_ms

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


def run() -> dict:
    from pbem import create_app
    from pbem.accounts.models import Player
    from pbem.conditional import service as conditional
    from pbem.core.extensions import db
    from pbem.games import all_rules
    from pbem.play import commands
    from pbem.play.queries import get_game

    folder = Path(tempfile.mkdtemp(prefix="pbem-bench-analysis-"))
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.sqlite'}",
                      "SECRET_KEY": "bench-" + "x" * 40, "MAIL_BACKEND": "file",
                      "MAIL_FILE_DIR": str(folder / "mail")})
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
            at = game.ply if game.status == "active" else game.ply - 1
            step = rules.legal_moves(game.rules.new_game(
                players=len(game.seats), options=game.options, seed=game.seed))[0]
            del step
            figures[rules.slug] = {
                "ply": game.ply,
                "last_ply": summary_ms(_cpu(lambda: client.get(
                    f"/games/{game_id}/analysis.json"))),
                "earlier_ply": summary_ms(_cpu(lambda: client.get(
                    f"/games/{game_id}/analysis.json?at={max(0, at - 1)}"))),
            }
        figures["conditional"] = _conditional_move(commands, conditional, players)
    return figures


def _conditional_move(commands, conditional, players) -> dict:
    from pbem.play.queries import get_game

    plain, answered = [], []
    for _ in range(REQUESTS):
        for samples, keep in ((plain, False), (answered, True)):
            game = commands.create_game("pylon", players[:2], creator=players[0],
                                        start_now=True, seed=1)
            game_id = game.id
            if keep:
                locked = commands.locked(game_id)
                with commands.unit_of_work():
                    conditional.set_lines(locked, 1, conditional.parse_text("Mc3 ; Md4"))
            game = commands.locked(game_id)
            start = time.process_time()
            commands.play_turn(game, 0, "Mc3", 0)
            samples.append(time.process_time() - start)
            assert get_game(game_id).ply == (2 if keep else 1)
    return {"plain_move": summary_ms(plain), "move_answered": summary_ms(answered)}


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=1))

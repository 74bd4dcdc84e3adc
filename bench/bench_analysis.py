"""The thinking tools: the server CPU of one analysis step (JSON) late in a long game of every
game, and from an earlier ply (a replay of the history).

Each game is played to ply 300 where its rules allow a game that long (Stax, Triumvirate):
random turns, of which the first of a few that does not end the game. Pylon, Spike and Stawvs
end sooner by their rules (Pylon: 30 placements and at most 29 stacking moves, each merging two
stacks; Spike: at most 78 turns with an action, rules/spike.md §4; Stawvs: every move leaves a
gap for good), so for them the longest of a few hundred such games is played and measured at
its end. The steps of all games are timed interleaved (one request of each game per round),
with the machine's load average beside them.

Target: an analysis step under 15 ms of CPU. And the post-game review's cost: one position
read by the level-3 search (a review reads each turn's position once). (A move answered by a
conditional reply is measured beside the plain move, in :mod:`bench.bench_http`.)"""

from __future__ import annotations

import os
import random
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

from .timing import SECRET_KEY, summary_ms

PLIES = 300
REQUESTS = 30
#: Random turns tried for one that does not end the game; games tried for the longest.
TRIES, SEEDS = 8, 300


def _long_game(rules, players: int) -> tuple[int, list[list[str]]]:
    """The seed and the turns of the longest game found, up to :data:`PLIES` plies: each turn
    the first of :data:`TRIES` random turns that does not end the game (the last if all do);
    the longest of up to :data:`SEEDS` games, stopping at the first that reaches the plies."""
    best: tuple[int, int, list] = (-1, 0, [])
    for seed in range(SEEDS):
        rng, state = random.Random(seed), rules.new_game(players=players, seed=seed)
        turns, plies = [], 0
        while not rules.is_over(state) and plies < PLIES:
            for _ in range(TRIES):
                turn, after = rules.random_turn(state, rng)
                if not rules.is_over(after):
                    break
            turns.append(turn)
            state, plies = after, plies + len(turn)
        if plies > best[0]:
            best = (plies, seed, turns)
        if plies >= PLIES:
            break
    return best[1], best[2]


def _play_game(commands, get_game, rules, players, seed: int, turns) -> int:
    """The game of ``turns`` played through the move command; its id. A forced pass the
    server plays by itself is skipped."""
    game = commands.create_game(rules.slug, players, creator=players[0], start_now=True,
                                seed=seed)
    game_id, done = game.id, 0
    for turn in turns:
        if game.ply < done + len(turn):
            commands.play_turn(commands.locked(game_id), rules.to_move(game.load_state()),
                               " ".join(turn), game.ply)
            game = get_game(game_id)
        done += len(turn)
    return game_id


def _cpu_interleaved(actions: dict, count=REQUESTS) -> dict[str, list[float]]:
    """CPU seconds of each action, ``count`` times, one of each per round (after one round
    to warm up)."""
    samples: dict[str, list[float]] = {name: [] for name in actions}
    for round_ in range(count + 1):
        for name, action in actions.items():
            start = time.process_time()
            action()
            if round_:
                samples[name].append(time.process_time() - start)
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
        urls, steps = {}, {}
        for rules in all_rules():
            chosen = players[:rules.player_counts[0]]
            seed, turns = _long_game(rules, len(chosen))
            game = get_game(_play_game(commands, get_game, rules, chosen, seed, turns))
            at = game.ply if game.status == "active" else game.ply - 2
            start = position_at(game, at)
            step = rules.legal_moves(start)[0]
            last = f"/games/{game.id}/analysis.json?" + urlencode({"at": at, "p": step})
            earlier = f"/games/{game.id}/analysis.json?" + urlencode(
                {"at": at - 1, "p": game.moves[at - 1].move})
            urls[rules.slug] = last, earlier
            figures[rules.slug] = {
                "ply": game.ply, "status": game.status, "at": at,
                "review_one_position_level3_s": _review_position(rules, position_at(
                    game, at // 2)),
                "review_turns": len([m for m in game.moves if not m.auto]),
            }

        def first_look(url):
            positions.clear()  # the replay of the history, as on a first request
            _ok(client.get(url))

        for slug, (last, earlier) in urls.items():
            steps[f"{slug} step_at_last_ply"] = lambda url=last: _ok(client.get(url))
            steps[f"{slug} earlier_ply_first_request"] = lambda url=earlier: first_look(url)
            steps[f"{slug} earlier_ply_step"] = lambda url=earlier: _ok(client.get(url))
        figures["load average before the steps"] = f"{os.getloadavg()[0]:.2f}"
        for name, samples in _cpu_interleaved(steps).items():
            slug, label = name.split(" ")
            figures[slug][label] = summary_ms(samples)
        figures["load average after the steps"] = f"{os.getloadavg()[0]:.2f}"
    return figures


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=1))

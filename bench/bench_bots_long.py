"""The bots' level-ordering table, the long run (``make bench-long``, or ``python -m bench
bots_long``; ``python -m bench`` alone leaves it out: it takes days of CPU on a small host).

For every game and player count, each level plays the level below it (level 1 plays a
uniform-random player), the tested bot's seat rotating through the seats game after game and
every other seat played by the opponent. A cell is the tested bot's mean share of the result
(a win 1, a two-player draw ½, a game stopped at ``MAX_PLIES`` its fair share) with its Wilson
95% interval, its games (won, drawn or shared, lost), and its target:

* a level against the level below: 60% in two-player games, and in general 1.2 times the fair
  share (40% at three players, 30% at four);
* level 1 against random: 90% in two-player games, 1.8 times the fair share in general;
* level 4 (the correspondence level) against level 3: as a level against the one below, over
  ``PBEM_BENCH_LONG_L4_GAMES`` games (40 by default) instead of ``PBEM_BENCH_LONG_GAMES``
  (100 by default).

A cell *meets* its target when its score does, and is *confirmed* when the lower end of its
interval does too. ``PBEM_BENCH_LONG_ONLY`` (a comma-separated list of substrings such as
``spike 2p`` or ``level 2 vs level 1``) runs only the cells whose label contains one of them;
``PBEM_BENCH_LONG_SEED`` moves the games' seeds (100000 by default, away from the tests').
Level 4 is given its worker's CPU cap per turn here too (``pbem.botplay.worker``'s is a minute;
the bench reads ``PBEM_BENCH_LONG_L4_CPU``, 60 s by default).

A run takes long enough to be stopped before it ends, so every cell's record so far is written
after each of its games to ``bench/results/bots_long/<cell>.json`` (``complete`` false until
the cell has all its games; each game's share, CPU and wall seconds and load average): a
stopped run keeps every game it played, the next run goes on from the game after (while the
bots' and rules' code is the same: :func:`fingerprint`; other code starts the cell again),
and runs of different cells side by side (separate processes) keep their own files. The
records are kept in the repository, so that the table grows from host to host and its
figures can be checked game by game. ``python -m bench.bench_bots_long`` prints the table
from them.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import sys
import time
from pathlib import Path

import pbem
from pbem.bots import choose_move
from pbem.bots.arena import uniform_random
from pbem.bots.search import result
from pbem.games import all_rules

GAMES = int(os.environ.get("PBEM_BENCH_LONG_GAMES", "100"))
L4_GAMES = int(os.environ.get("PBEM_BENCH_LONG_L4_GAMES", "40"))
L4_CPU = float(os.environ.get("PBEM_BENCH_LONG_L4_CPU", "60"))
ONLY = [part.strip() for part in os.environ.get("PBEM_BENCH_LONG_ONLY", "").split(",")
        if part.strip()]
SEED = int(os.environ.get("PBEM_BENCH_LONG_SEED", "100000"))
MAX_PLIES = 1500
#: Where each cell's record is kept as it grows.
CELLS = Path(__file__).parent / "results" / "bots_long"
PACKAGE = Path(pbem.__file__).parent
#: Targets as multiples of the fair share (1 / players).
ABOVE_LEVEL, ABOVE_RANDOM = 1.2, 1.8


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a mean share ``score`` over ``n`` games (a draw counting
    as half a win, the usual approximation for scores).

    >>> [round(x, 3) for x in wilson(0.6, 100)]
    [0.502, 0.691]
    """
    if n == 0:
        return 0.0, 1.0
    denominator = 1 + z * z / n
    centre = (score + z * z / (2 * n)) / denominator
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def player(level: int | None):
    """A chooser for a whole turn's ply at ``level`` (``None``: uniform random); level 4 with
    its CPU cap per turn, as the worker gives it."""
    if level is None:
        return uniform_random
    if level == 4:
        left = [L4_CPU]

        def capped(rules, state, seed):
            if not rules.turn_plies(state):  # a turn begins: its minute begins
                left[0] = L4_CPU
            started = time.thread_time()
            move = choose_move(rules, state, level=4, seed=seed, budget_s=max(0.0, left[0]))
            left[0] -= time.thread_time() - started
            return move

        return capped

    def chooser(rules, state, seed):
        return choose_move(rules, state, level=level, seed=seed)

    return chooser


def play(rules, choosers, seed) -> tuple[list[float], int, bool, float]:
    """One game: the shares, plies, whether it ended, and the CPU seconds it took."""
    started = time.process_time()
    state = rules.new_game(players=len(choosers), options={}, seed=seed)
    plies = 0
    while rules.to_move(state) is not None:
        if plies >= MAX_PLIES:
            share = 1 / len(choosers)
            return [share] * len(choosers), plies, False, time.process_time() - started
        chooser = choosers[rules.to_move(state)]
        state = rules.play(state, chooser(rules, state, seed * 100_003 + plies))
        plies += 1
    return result(rules, state), plies, True, time.process_time() - started


def fingerprint() -> str:
    """What decides a cell's games: the bots' and the rules' code and the bench's settings
    (seeds, ply limit, level 4's CPU). A record is continued only by the code that began it."""
    digest = hashlib.sha256(f"{SEED} {MAX_PLIES} {L4_CPU}".encode())
    for path in sorted([*PACKAGE.glob("bots/**/*.py"), *PACKAGE.glob("games/**/*.py")]):
        digest.update(path.relative_to(PACKAGE).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def cell(rules, players: int, level: int, opponent: int | None, games: int,
         label: str = "") -> dict:
    """The tested ``level``'s record against ``opponent`` over ``games`` games, saved after
    every game under ``label`` (when given), so that a stopped run keeps what it played and
    the next run with the same code (:func:`fingerprint`) goes on from there."""
    fair = 1 / players
    target = min(0.95, (ABOVE_RANDOM if opponent is None else ABOVE_LEVEL) * fair)
    code = fingerprint()
    kept = saved().get(label, {}) if label else {}
    games_so_far = {key: kept.get(key, []) if kept.get("code") == code else []
                    for key in ("shares", "cpu", "wall", "loads")}
    for index in range(len(games_so_far["shares"]), games):
        load, started = os.getloadavg()[0], time.perf_counter()
        seat = index % players
        choosers = [player(opponent)] * players
        choosers[seat] = player(level)
        shares, _, _, seconds = play(rules, choosers, SEED + 1000 * level + index)
        for key, value in (("shares", shares[seat]), ("cpu", seconds),
                           ("wall", time.perf_counter() - started), ("loads", load)):
            games_so_far[key].append(round(value, 3))
        if label:
            save(label, record(games_so_far, target, games, code))
    return record(games_so_far, target, games, code)


def record(games_so_far: dict, target: float, games: int, code: str) -> dict:
    """A cell's figures from its games so far (``shares``, ``cpu`` and ``wall`` seconds and
    the ``loads`` they were played at, game by game, kept in the record too)."""
    shares, loads = games_so_far["shares"], games_so_far["loads"]
    played = len(shares)
    score = sum(shares) / played
    low, high = wilson(score, played)
    verdict = ("confirmed" if low >= target else "meets, not confirmed" if score >= target
               else "below")
    won, lost = shares.count(1), shares.count(0)
    return {
        "score": round(score, 3), "low": round(low, 3), "high": round(high, 3),
        "games": played, "won": won, "lost": lost, "other": played - won - lost,
        "target": round(target, 3), "verdict": verdict,
        "cpu_s_per_game": round(sum(games_so_far["cpu"]) / played, 1),
        "wall_s_per_game": round(sum(games_so_far["wall"]) / played, 1),
        "load_min": round(min(loads), 2), "load_max": round(max(loads), 2),
        "load_mean": round(sum(loads) / played, 2),
        "complete": played >= games, "code": code, **games_so_far,
    }


def save(label: str, found: dict) -> None:
    """Write a cell's record to its own file (atomically: a reader never sees half of it)."""
    CELLS.mkdir(parents=True, exist_ok=True)
    path = CELLS / (re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-") + ".json")
    found = {"label": label, "saved": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
             **found}
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(found, indent=1) + "\n")
    temporary.replace(path)


def saved() -> dict:
    """Every saved cell's record by label."""
    records = [json.loads(path.read_text()) for path in sorted(CELLS.glob("*.json"))]
    return {found["label"]: found for found in records}


def cells():
    """Every (label, rules, players, level, opponent, games) of the table."""
    for rules in all_rules():
        for players in rules.player_counts:
            for level, opponent, games in ((1, None, GAMES), (2, 1, GAMES), (3, 2, GAMES),
                                           (4, 3, L4_GAMES)):
                against = "random" if opponent is None else f"level {opponent}"
                label = f"{rules.slug} {players}p: level {level} vs {against}"
                if not ONLY or any(part in label for part in ONLY):
                    yield label, rules, players, level, opponent, games


def line(figures: dict) -> str:
    return (f"{100 * figures['score']:.0f}% [{100 * figures['low']:.0f}–"
            f"{100 * figures['high']:.0f}%] of {figures['games']} games "
            f"(+{figures['won']} ={figures['other']} -{figures['lost']}), "
            f"target {100 * figures['target']:.0f}%: {figures['verdict']}; "
            f"{figures['cpu_s_per_game']} s CPU, {figures['wall_s_per_game']} s wall a game"
            f" (load {figures['load_min']:.1f}–{figures['load_max']:.1f})")


def run() -> dict:
    figures = {}
    for label, rules, players, level, opponent, games in cells():
        figures[label] = line(cell(rules, players, level, opponent, games, label))
        print(f"   {label:<40} {figures[label]}", flush=True)
    return figures


if __name__ == "__main__":
    for label, found in saved().items():
        done = "" if found["complete"] else " (stopped early)"
        print(f"{label:<40} {line(found)}{done}")
    sys.exit(0)

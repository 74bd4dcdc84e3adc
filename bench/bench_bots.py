"""Computer opponents: playouts per second, the time a move takes at each level mid-game, and
the win-rate table (level × opponent) in two-player games.

A level-3 game takes minutes, so the win-rate table plays, per cell, games in alternating
seats until ``PBEM_BENCH_BOTS_GAMES`` games (default 20) or ``PBEM_BENCH_BOTS_SECONDS``
seconds (default 60; checked between games, so every cell has at least one game) are reached,
and reports the score with its number of games. Raise both for a tighter measurement. The
target: a level-3 move under 3 s of CPU mid-game in every game.

A bot thinks in CPU time, so on a busy host a turn takes longer by the wall clock and plays
just as well: ``level 3 turn: a player waits`` is the wall time of a whole level-3 turn as the
worker plays it, beside its CPU time, at the host's load as measured (the 1-minute average).
The level-ordering table with 100 games a cell is the long run, ``make bench-long``
(``bench_bots_long.py``).

``stax 2p: level 3 move by phase`` follows one game of two level-1 bots and gives a level-3
move's CPU time early, midway and late: a move costs more the fuller the table (the
rules list more plies, and the heuristics check more of them for the king's safety).
"""

from __future__ import annotations

import os
import random
import statistics
import time

from pbem.botplay.worker import Position, plan
from pbem.bots import choose_move
from pbem.bots.arena import bot, play_game, uniform_random
from pbem.bots.heuristics import heuristics_for
from pbem.bots.search import Search
from pbem.games import all_rules, get_rules

from .timing import midgame_states

MAX_GAMES = int(os.environ.get("PBEM_BENCH_BOTS_GAMES", "20"))
CELL_SECONDS = float(os.environ.get("PBEM_BENCH_BOTS_SECONDS", "60"))
#: (player, opponent) cells of the win-rate table.
PAIRINGS = [
    ("level 1", bot(1), "random", uniform_random),
    ("level 2", bot(2), "random", uniform_random),
    ("level 2", bot(2), "level 1", bot(1)),
    ("level 3", bot(3), "level 1", bot(1)),
]
MAX_PLIES = 1500  # a game not over by then counts as a draw
PLAYOUT_SECONDS = 2.0


def _playouts_per_second(rules, states) -> float:
    """Playouts (to the end or the game's cut-off depth) from mid-game states, per second."""
    seats = len(rules.scores(states[0]))
    search = Search(rules, heuristics_for(rules.slug), random.Random(1), seats)
    count, started = 0, time.perf_counter()
    while time.perf_counter() - started < PLAYOUT_SECONDS:
        search.playout(states[count % len(states)])
        count += 1
    return round(count / (time.perf_counter() - started), 1)


def _move_seconds(rules, states, level) -> str:
    """Mean and slowest time of a ``choose_move`` at ``level`` over the states, wall clock and
    CPU (the CPU time is what the move costs when other work shares the machine)."""
    walls, cpus = [], []
    for index, state in enumerate(states):
        started, cpu = time.perf_counter(), time.process_time()
        choose_move(rules, state, level=level, seed=index)
        walls.append(time.perf_counter() - started)
        cpus.append(time.process_time() - cpu)
    return (
        f"mean {statistics.fmean(walls):.2f} s, max {max(walls):.2f} s"
        f" (CPU mean {statistics.fmean(cpus):.2f} s, max {max(cpus):.2f} s)"
    )


def _turn_wait(rules, states, level=3) -> str:
    """Wall and CPU time of a whole bot turn at ``level`` as the worker thinks it (its CPU
    budget, all its plies), over the states, with the load while it ran."""
    walls, cpus, load = [], [], os.getloadavg()[0]
    for index, state in enumerate(states):
        position = Position(0, 20, rules.to_move(state), level, rules, state, seed=index,
                            may_resign=False)
        started, cpu = time.perf_counter(), time.thread_time()
        plan(position, None)
        walls.append(time.perf_counter() - started)
        cpus.append(time.thread_time() - cpu)
    return (f"waits {statistics.fmean(walls):.2f} s (max {max(walls):.2f} s) for"
            f" {statistics.fmean(cpus):.2f} s CPU, at load {load:.1f}–{os.getloadavg()[0]:.1f}")


def _by_phase(rules, level=3, seed=11) -> str:
    """CPU time of a ``level`` move a sixth, half and five sixths of the way through a game
    between two level-1 bots (not at its very end, where a bot that sees the win plays it
    at once)."""
    state, states = rules.new_game(players=2, options={}, seed=seed), []
    while rules.to_move(state) is not None and len(states) < 200:
        states.append(state)
        state = rules.play(state, choose_move(rules, state, level=1, seed=len(states)))
    parts = []
    for ply in (len(states) // 6, len(states) // 2, 5 * len(states) // 6):
        position = rules.from_dict(rules.to_dict(states[ply]))  # as the worker loads it
        started = time.process_time()
        choose_move(rules, position, level=level, seed=1)
        parts.append(f"ply {ply}: {time.process_time() - started:.2f} s")
    return f"{', '.join(parts)} CPU (load {os.getloadavg()[0]:.1f})"


def _cell(rules, player, opponent) -> str:
    """The player's score against the opponent: games in alternating seats until the cell's
    game count or time is reached."""
    total, games, started = 0.0, 0, time.perf_counter()
    while games < MAX_GAMES and (games == 0 or time.perf_counter() - started < CELL_SECONDS):
        seat = games % 2
        seats = [player, opponent] if seat == 0 else [opponent, player]
        total += play_game(rules, seats, seed=1000 + games, max_plies=MAX_PLIES).shares[seat]
        games += 1
    return f"{100 * total / games:.0f}% of {games} games"


def run() -> dict:
    figures = {}
    for rules in all_rules():
        for players in rules.player_counts:
            label = f"{rules.slug} {players}p"
            states = midgame_states(rules, players, {}, count=2)
            figures[f"{label}: playouts/s"] = _playouts_per_second(rules, states)
            for level in (1, 2, 3):
                figures[f"{label}: level {level} move mid-game"] = _move_seconds(
                    rules, states, level
                )
            figures[f"{label}: level 3 turn: a player"] = _turn_wait(rules, states)
    figures["stax 2p: level 3 move by phase"] = _by_phase(get_rules("stax"))
    for rules in all_rules():
        if 2 in rules.player_counts:
            for name, player, against, opponent in PAIRINGS:
                figures[f"{rules.slug}: {name} vs {against}"] = _cell(rules, player, opponent)
    return figures

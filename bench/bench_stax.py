"""Stax superko cost: validating a move late in a long game versus early in it.

Two games of 1,000+ plies. The walking game keeps the table the same: after both kings and
three tiles each are placed, each player only moves its "5" tile to an empty cell beside the
fixed tiles, picking the least used cell and orientation (backtracking on a dead end), so the
position never repeats while its size and shape stay put; ply 50 and ply 1,000 differ only in
the length of the history. The random game (random play that never captures) is the old
measure; its table grows, so later positions have more legal moves.

Validating one move is timed on a freshly loaded state (so no cache helps) at plies 50-59 and
1,000-1,009: ``canonical`` of a legal move, and ``canonical`` + ``play``. Branching, as a
search does, is timed on the walking game's own states, which its line has grown past:
``play`` of a random legal move (listed beforehand) from each. Figures are medians.
The target: ply 1,000 within 1.2x of ply 50.
"""

from __future__ import annotations

import collections
import random
import statistics
import time

from pbem.games import get_rules
from pbem.games.stax.state import decode, put
from pbem.games.stax.tiles import STEPS, TYPE_OF, TYPES, coords

from .timing import ms

RULES = get_rules("stax")
EARLY, LATE, SPAN, REPEAT = 50, 1000, 10, 15
SETUP = ("K", "5", "2s", "3y")  # each player places these, in turn, nearest the origin
RADIUS = 3  # the walkers stay within this many steps of the origin


def _code(mask: int) -> str:
    return TYPES[TYPE_OF[mask]]


def _distance(c: int) -> int:
    q, r = coords(c)
    return max(abs(q), abs(r), abs(q + r))


def _walking_game(plies: int) -> list:
    """The walking game (see above), searched depth first, as the states of one line."""
    state = RULES.new_game(players=2)
    for code in (code for code in SETUP for _ in range(2)):
        places = [m for m in RULES.legal_moves(state) if "@" in m and _code(decode(m)[1]) == code]
        state = RULES.play(state, min(places, key=lambda m: (_distance(decode(m)[2]), m)))
    used: collections.Counter = collections.Counter()
    path = [(state, _walks(state, used))]
    while len(path) + 2 * len(SETUP) <= plies:
        state, choices = path[-1]
        if not choices:
            path.pop()  # a dead end: the walker boxed itself in
            continue
        move = choices.pop()
        _, _, land, final = decode(move)
        used[state.turn, land, final] += 1
        after = RULES.play(state, move)
        path.append((after, _walks(after, used)))
    return _states_of(path[-1][0])


def _states_of(last) -> list:
    """Every state of ``last``'s game, from the empty table, played again in one line."""
    states = [RULES.new_game(players=2)]
    for _, ply in last.history:
        states.append(RULES.play(states[-1], ply))
    return states


def _walks(state, used) -> list[str]:
    """The walker's moves to an empty cell touching a fixed tile, least used last."""
    board = state.board
    walks = []
    for move in RULES.legal_moves(state):
        if "@" in move:
            continue
        _, src, land, final = decode(move)
        if _code(board[src][-1][1]) != "5" or land in board or _distance(land) > RADIUS:
            continue
        beside = (land + step for step in STEPS)
        if any(n in board and n != src and _code(board[n][-1][1]) != "5" for n in beside):
            walks.append(move)
    return sorted(walks, key=lambda m: (-used[state.turn, *decode(m)[2:]], m))


def _random_game(plies: int, seed: int = 1) -> list:
    rng = random.Random(seed)
    states = [RULES.new_game(players=2)]
    while len(states) <= plies:
        state = states[-1]
        quiet = [
            m
            for m in RULES.legal_moves(state)
            if not put(dict(state.board), state.turn, decode(m))
        ]
        states.append(RULES.play(state, rng.choice(quiet)))
    return states


def _validate_ms(states, rng, and_play: bool) -> float:
    """Median time of ``canonical`` (and ``play``) of a random legal move on a loaded state."""
    samples = []
    for _ in range(REPEAT):
        for state in states:
            move = rng.choice(RULES.legal_moves(state))
            fresh = RULES.from_dict(RULES.to_dict(state))
            started = time.perf_counter()
            (RULES.play if and_play else RULES.canonical)(fresh, move)
            samples.append(time.perf_counter() - started)
    return ms(statistics.median(samples))


def _branch_ms(states, rng) -> float:
    """Median time of ``play`` from states the line has grown past (a second move from each)."""
    samples = []
    for state in states:
        moves = RULES.legal_moves(state)
        for _ in range(REPEAT):
            move = rng.choice(moves)
            started = time.perf_counter()
            RULES.play(state, move)
            samples.append(time.perf_counter() - started)
    return ms(statistics.median(samples))


def _measure_branching(states) -> dict:
    rng = random.Random(3)
    early = _branch_ms(states[EARLY : EARLY + SPAN], rng)
    late = _branch_ms(states[LATE : LATE + SPAN], rng)
    return {
        "walking game: play from a grown-past state at ply 50 ms": early,
        "walking game: play from a grown-past state at ply 1000 ms": late,
        "walking game: play from a grown-past state ply 1000 / ply 50": round(late / early, 2),
    }


def _measure(name: str, states) -> dict:
    early, late = states[EARLY : EARLY + SPAN], states[LATE : LATE + SPAN]
    figures = {}
    for label, and_play in (("canonical", False), ("canonical + play", True)):
        rng = random.Random(2)
        early_ms = _validate_ms(early, rng, and_play)
        late_ms = _validate_ms(late, rng, and_play)
        figures[f"{name}: {label} at ply 50 ms"] = early_ms
        figures[f"{name}: {label} at ply 1000 ms"] = late_ms
        figures[f"{name}: {label} ply 1000 / ply 50"] = round(late_ms / early_ms, 2)
    for label, window in (("50", early), ("1000", late)):
        count = statistics.fmean(len(RULES.legal_moves(s)) for s in window)
        tiles = statistics.fmean(sum(map(len, s.board.values())) for s in window)
        figures[f"{name}: legal moves / tiles at ply {label} (mean)"] = (
            f"{count:.1f} / {tiles:.1f}"
        )
    return figures


def run() -> dict:
    started = time.perf_counter()
    walking = _walking_game(LATE + SPAN)
    built = time.perf_counter() - started
    figures = {"walking game: plies built, seconds": f"{len(walking) - 1}, {built:.1f}"}
    figures.update(_measure("walking game", walking))
    figures.update(_measure_branching(walking))
    figures.update(_measure("random game", _random_game(LATE + SPAN)))
    return figures

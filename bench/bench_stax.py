"""Stax superko cost: validating a move late in a long game versus early in it.

A game of 1,000+ plies is built by random play that never captures. The cost of validating one
move (``canonical`` + ``play`` on a freshly loaded state, so no cache helps) is measured at
plies 50-59 and 1,000-1,009, and, to separate the length of the history from the size of the
board, on the ply-1,000 positions with their history cut to 50 plies. The target: ply 1,000
within 1.2x of ply 50.
"""

from __future__ import annotations

import dataclasses
import random
import statistics
import time

from pbem.games import get_rules
from pbem.games.stax.state import decode, put

from .timing import ms

RULES = get_rules("stax")
EARLY, LATE, SPAN, REPEAT = 50, 1000, 10, 15


def _quiet_game(plies: int, seed: int = 1) -> list:
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


def _validate_ms(states, rng) -> float:
    """Mean time of canonical + play of a random legal move on a freshly loaded state."""
    samples = []
    for _ in range(REPEAT):
        for state in states:
            move = rng.choice(RULES.legal_moves(state))
            fresh = RULES.from_dict(RULES.to_dict(state))
            started = time.perf_counter()
            RULES.play(fresh, RULES.canonical(fresh, move))
            samples.append(time.perf_counter() - started)
    return ms(statistics.fmean(samples))


def _short_history(states, index):
    """The position at ``index`` with only its last ``EARLY`` plies of history."""
    state, origin = states[index], states[index - EARLY]
    return dataclasses.replace(
        state,
        history=state.history[-EARLY:],
        keys=(0, *state.keys[-EARLY - 1 :]),
        origin=dict(origin.board),
        cache={},
    )


def run() -> dict:
    started = time.perf_counter()
    states = _quiet_game(LATE + SPAN)
    built = time.perf_counter() - started
    early = states[EARLY : EARLY + SPAN]
    late = states[LATE : LATE + SPAN]
    cut = [_short_history(states, i) for i in range(LATE, LATE + SPAN)]
    rng = random.Random(2)
    early_ms = _validate_ms(early, rng)
    late_ms = _validate_ms(late, rng)
    cut_ms = _validate_ms(cut, rng)
    return {
        "long game: plies built": LATE + SPAN,
        "long game: ms per ply (legal_moves + play)": ms(built / (LATE + SPAN)),
        "validate one move at ply 50 ms": early_ms,
        "validate one move at ply 1000 ms": late_ms,
        "ply 1000 / ply 50": round(late_ms / early_ms, 2),
        "same ply-1000 boards, history cut to 50 plies ms": cut_ms,
        "ply 1000 / same boards with short history": round(late_ms / cut_ms, 2),
        "legal moves at ply 50 (mean)": statistics.fmean(len(RULES.legal_moves(s)) for s in early),
        "legal moves at ply 1000 (mean)": statistics.fmean(
            len(RULES.legal_moves(s)) for s in late
        ),
    }

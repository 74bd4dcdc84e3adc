"""Stax stress: random games played to the end, and the generator against the plain reading.

``PBEM_STAX_GAMES`` sets how many random games to play (half two-player, half three-player):
2,000 in `make test-all`, and in `make test` a window of 48 of those 2,000 that moves from day
to day (tests/samples.py), so that every game is played within a few weeks of runs.
Uniform random games end by a capture or by a player without an action after about 80
(two players) or 100 (three players) plies, so the default plays every one of them to the end.
"""

from __future__ import annotations

import os
import random

import pytest
import samples

from pbem.games import IllegalMove, get_rules
from pbem.games.stax.board import connected, step_ok
from pbem.games.stax.hashing import position_key, snapshot
from pbem.games.stax.tiles import (
    DIRSET,
    FACE_B,
    ROTATIONS,
    STEPS,
    TYPE_OF,
    TYPES,
    format_cell,
)

RULES = get_rules("stax")
GAMES = int(os.environ.get("PBEM_STAX_GAMES", "48"))  # make test-all: 2000
#: The games there are to play: game ``n`` is seeded by its number (even two players, odd
#: three); a run plays ``GAMES`` consecutive ones.
ALL_GAMES = max(GAMES, 2000)


def _check(state, seen_positions, seen_keys):
    board = state.board
    assert connected(board), "the table split"
    assert step_ok({c: len(stack) for c, stack in board.items()}), "the step rule broke"
    exact = snapshot(board)
    assert exact not in seen_positions, "a position repeated"
    seen_positions.add(exact)
    key = position_key(board)
    assert key == state.keys[-1], "the incremental key differs from the key from scratch"
    assert key not in seen_keys
    seen_keys.add(key)
    assert RULES.from_dict(RULES.to_dict(state)) == state


CHUNKS = 4  # per player count, so that ``pytest -n`` spreads the games over the workers


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("players", [2, 3])
def test_random_games_play_to_the_end_keeping_every_invariant(players, chunk):
    games = [game for game in samples.rotated(GAMES, ALL_GAMES)
             if game % 2 == players - 2][chunk::CHUNKS]
    plies = 0
    for game in games:
        rng = random.Random(f"{players}-{game}")
        state = RULES.new_game(players=players)
        positions, keys = {()}, {0}
        while RULES.to_move(state) is not None:
            state = RULES.play(state, rng.choice(RULES.legal_moves(state)))
            _check(state, positions, keys)
            plies += 1
        (winner,) = RULES.winners(state)
        assert RULES.scores(state) == [int(seat == winner) for seat in range(players)]
    assert plies >= 20 * len(games)


def _candidates(state):
    """Well-formed plies around the table: every pointer set on every cell beside it, and
    every own top tile to every nearby cell in every orientation of its type."""
    board, seat = state.board, state.turn
    near = set(board) | {c + st for c in board for st in STEPS} or {0}
    for c in near:
        for mask in range(64):
            yield f"{DIRSET[mask]}@{format_cell(c)}"
    for s, stack in board.items():
        owner, mask = stack[-1]
        if owner != seat:
            continue
        finals = set(ROTATIONS[mask]) | (
            set(ROTATIONS[FACE_B]) if TYPES[TYPE_OF[mask]] == "3h" else set()
        )
        for land in near - {s}:
            for final in finals:
                suffix = "" if mask in (0, 63) else f"={DIRSET[final]}"
                yield f"{format_cell(s)}>{format_cell(land)}{suffix}"


@pytest.mark.parametrize("players", [2, 3])
def test_the_generator_agrees_with_the_plain_reading_of_the_rules(players):
    """Every well-formed ply is listed exactly when ``explain`` finds no rule it breaks."""
    checked = 0
    for game in range(3):
        rng = random.Random(f"agree-{players}-{game}")
        state = RULES.new_game(players=players)
        for ply in range(60):
            if RULES.to_move(state) is None:
                break
            if ply % 12 == 5:
                legal = RULES.legal_set(state)
                for text in _candidates(state):
                    try:
                        RULES.explain(state, text)
                    except IllegalMove as exc:
                        assert text not in legal, f"{text} is listed but {exc.reason}"
                    else:
                        assert text in legal, f"{text} breaks no rule but is not listed"
                    checked += 1
            state = RULES.play(state, rng.choice(RULES.legal_moves(state)))
    assert checked > 10_000

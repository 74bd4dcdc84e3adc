"""Spike's endgame solver: it agrees with a plain minimax over the rules, finds the winning
and the blocking plies, and only the stronger levels use it."""

from __future__ import annotations

import random
from functools import cache

from pbem.bots import choose_move
from pbem.bots.heuristics.spike import HEURISTICS, SOLVER_NODES
from pbem.bots.heuristics.spike_endgame import Solver, best_plies, compact, solvable
from pbem.games import get_rules
from pbem.games.spike.state import position

RULES = get_rules("spike")


@cache
def _minimax(state) -> int:
    """P1's result with best play (1 win, 0 draw, -1 loss), straight from the rules."""
    if state.seat is None:
        winners = RULES.winners(state)
        return 0 if len(winners) == 2 else (1 if winners == [0] else -1)
    values = [_minimax(RULES.play(state, ply)) for ply in RULES.legal_moves(state)]
    return max(values) if state.seat == 0 else min(values)


def _small_endgames(count: int) -> list:
    """Endgames from random games (launches facing forward, so that pieces stay movable),
    played on until at most two pieces can move."""
    rng, found, seed = random.Random(4), [], 0
    while len(found) < count:
        seed += 1
        state = RULES.new_game(players=2, seed=seed)
        while state.seat is not None and (not solvable(state) or len(compact(state)[1]) > 2):
            plies = RULES.legal_moves(state)
            forward = [ply for ply in plies if ply.endswith((":N", ":S")[state.seat])]
            state = RULES.play(state, rng.choice(forward if forward and rng.random() < 0.8
                                                 else plies))
        if state.seat is not None:
            found.append(state)
    return found


def test_the_solver_agrees_with_a_minimax_over_the_rules():
    for state in _small_endgames(4):
        exact = _minimax(state)
        value = Solver(10**6).value(compact(state), state.seat)
        assert (value if state.seat == 0 else -value) == exact
        best = max(_minimax(RULES.play(state, ply)) * (1 if state.seat == 0 else -1)
                   for ply in RULES.legal_moves(state))
        chosen = best_plies(RULES, state, 10**6)
        if chosen is None:
            assert best == -1
        for ply in chosen or ():
            assert _minimax(RULES.play(state, ply)) * (1 if state.seat == 0 else -1) == best


def test_the_winning_facing_is_found():
    # Spec example 3: P1's small reaches the far edge only by facing north (or by turning
    # west and back north); P2 can do nothing but pass.
    state = position({"d4": "1SN", "f6": "2MW", "a8": "2SN"}, pennies="e6", stash=(0, 0, 1))
    while state.seat is not None:
        state = RULES.play(state, choose_move(RULES, state, level=3, seed=1))
    assert RULES.winners(state) == [0]


def _block_or_lose():
    """P1's small on d7 exits in two moves unless P2 covers d8 now. Racing P2's medium to the
    far edge makes it 1-1 with more pips for P2 (a loss); the block wins 1-0."""
    return position({"d7": "1SN", "c8": "2SE", "h5": "2MS"}, stash=(0, 0, 1), to_move=1)


def test_the_only_winning_ply_is_a_block():
    state = _block_or_lose()
    chosen = best_plies(RULES, state, 10**5)
    assert chosen is not None and len(chosen) == 1 and chosen[0].startswith("c8-d8:")
    assert choose_move(RULES, state, level=3, seed=2) == chosen[0]


def test_each_level_solves_more_and_the_launching_game_is_not_solved():
    assert list(SOLVER_NODES) == [1, 2, 3, 4]
    assert SOLVER_NODES[1] < SOLVER_NODES[2] < SOLVER_NODES[3] < SOLVER_NODES[4]
    assert HEURISTICS.solve(RULES, _block_or_lose(), 3) is not None
    assert HEURISTICS.solve(RULES, RULES.new_game(players=2), 3) is None


def test_an_endgame_too_big_for_the_allowance_is_left_to_the_search():
    endgame = _block_or_lose()
    assert best_plies(RULES, endgame, 1) is None
    assert best_plies(RULES, endgame, 10**5) is not None  # it is solvable, with room

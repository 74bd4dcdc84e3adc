"""Why a well-formed Pylon ply is not legal, in words a player can act on."""

from __future__ import annotations

from ..base import IllegalMove
from .movegen import NEIGHBOURS
from .notation import PLACEMENTS, STEPS
from .state import CELLS, SIZE_WORDS, PylonState


def explain(state: PylonState, ply: str) -> None:
    """Raise ``IllegalMove`` naming the rule the canonical ``ply`` breaks."""
    if ply in PLACEMENTS:
        _placement(state, *PLACEMENTS[ply])
    else:
        _stacking(state, *STEPS[ply])


def _placement(state: PylonState, size: int, i: int) -> None:
    if not state.placing:
        raise IllegalMove("placement is over: move a stack", "wrong-phase")
    if not state.stash[3 * state.turn + size - 1]:
        raise IllegalMove(f"no {SIZE_WORDS[size]} pyramids left", "none-left")
    if state.board[i]:
        raise IllegalMove(f"{CELLS[i]} is occupied", "occupied")


def _stacking(state: PylonState, x: int, y: int) -> None:
    a, b = CELLS[x], CELLS[y]
    if state.placing:
        raise IllegalMove("the board is not full yet: place a pyramid", "wrong-phase")
    if not state.board[x]:
        raise IllegalMove(f"{a} is empty: there is no stack to move", "empty-source")
    if y not in NEIGHBOURS[x]:
        raise IllegalMove(f"{a} and {b} are not orthogonally adjacent", "not-adjacent")
    if not state.board[y]:
        raise IllegalMove(f"{b} is empty: stacks only move onto stacks", "empty-target")
    low, high = state.board[x][0] & 3, state.board[y][-1] & 3
    if low > high:
        raise IllegalMove(
            f"the bottom of {a} ({SIZE_WORDS[low]}) is larger than "
            f"the top of {b} ({SIZE_WORDS[high]})",
            "too-large",
        )

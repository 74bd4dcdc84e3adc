"""Why a well-formed Pylon ply is not legal, in words a player can act on."""

from __future__ import annotations

from . import refusals as no
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
        raise no.PLACEMENT_OVER()
    if not state.stash[3 * state.turn + size - 1]:
        raise no.NONE_LEFT(size=SIZE_WORDS[size])
    if state.board[i]:
        raise no.OCCUPIED(square=CELLS[i])


def _stacking(state: PylonState, x: int, y: int) -> None:
    a, b = CELLS[x], CELLS[y]
    if state.placing:
        raise no.NOT_FULL()
    if not state.board[x]:
        raise no.EMPTY_SOURCE(square=a)
    if y not in NEIGHBOURS[x]:
        raise no.NOT_ADJACENT(a=a, b=b)
    if not state.board[y]:
        raise no.EMPTY_TARGET(square=b)
    low, high = state.board[x][0] & 3, state.board[y][-1] & 3
    if low > high:
        raise no.TOO_LARGE(a=a, low=SIZE_WORDS[low], b=b, high=SIZE_WORDS[high])

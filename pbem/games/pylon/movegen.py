"""Pylon's legal moves. Every table a move needs (neighbours, move names in sorted order) is
built once at import, so generating is a filter over precomputed names."""

from __future__ import annotations

from ..base import ply_cache
from .notation import PLACE_NAMES
from .state import CELLS, HEIGHT, WIDTH, PylonState


def _neighbours(i: int) -> tuple[int, ...]:
    f, r = i % WIDTH, i // WIDTH
    out = []
    if f > 0:
        out.append(i - 1)
    if f < WIDTH - 1:
        out.append(i + 1)
    if r > 0:
        out.append(i - WIDTH)
    if r < HEIGHT - 1:
        out.append(i + WIDTH)
    return tuple(out)


NEIGHBOURS = tuple(_neighbours(i) for i in range(len(CELLS)))
#: Squares in the order their names sort (a1, a2, …, a5, b1, …): placements list in this order.
SORTED_CELLS = tuple(sorted(range(len(CELLS)), key=CELLS.__getitem__))
#: Every orthogonal (from, to, name), sorted by name, so legal stacking moves need no sort.
PAIRS = tuple(
    sorted(
        ((x, y, f"{CELLS[x]}-{CELLS[y]}") for x in range(len(CELLS)) for y in NEIGHBOURS[x]),
        key=lambda pair: pair[2],
    )
)


def _generate(state: PylonState) -> tuple[str, ...]:
    if state.resigned is not None:
        return ()
    board = state.board
    if state.placing:
        base = 3 * state.turn - 1
        empty = [i for i in SORTED_CELLS if not board[i]]
        return tuple(
            PLACE_NAMES[size][i] for size in (3, 2, 1) if state.stash[base + size] for i in empty
        )
    # PYLON-R2: only onto an occupied neighbour, bottom of the mover no larger than the top.
    low = [stack[0] & 3 if stack else 4 for stack in board]
    high = [stack[-1] & 3 if stack else 0 for stack in board]
    return tuple(name for x, y, name in PAIRS if low[x] <= high[y])


legal, legal_set = ply_cache(_generate)

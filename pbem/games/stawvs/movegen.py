"""Stawvs's legal moves: caps move like queens over open pyramids, then claim one they see.

Per-square rays and move-name prefixes are built once at import; generating visits squares in
ascending (= name) order throughout, so the moves come out sorted with no string sort.
"""

from __future__ import annotations

from itertools import compress

from ..base import ply_cache
from .state import NAMES, StawvsState

DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


def _ray(square: int, df: int, dr: int) -> tuple[int, ...]:
    f, r = divmod(square, 8)
    out = []
    while 0 <= f + df < 8 and 0 <= r + dr < 8:
        f, r = f + df, r + dr
        out.append(f * 8 + r)
    return tuple(out)


#: Per square, its non-empty rays (squares outward, nearest first).
RAYS = tuple(
    tuple(ray for ray in (_ray(sq, df, dr) for df, dr in DIRECTIONS) if ray) for sq in range(64)
)
#: ``PREFIXES[from][to]`` = ``"c3-f6/"``: a move string is its prefix plus the claim's name.
PREFIXES = tuple(tuple(f"{NAMES[a]}-{NAMES[b]}/" for b in range(64)) for a in range(64))


def _generate(state: StawvsState) -> tuple[str, ...]:
    """Every legal ply, sorted: squares are visited in ascending (= name) order throughout.

    The hot path of random playouts. Plain loops over the precomputed rays beat
    ``itertools.takewhile`` here (rays are short), so the scan is written out twice.
    """
    seat = state.to_move
    if seat is None:
        return ()
    if seat in state.out:
        return ("pass",)
    grid = state.open_squares()
    if state.in_hand[seat]:
        return tuple(compress(NAMES, grid))
    names, rays = NAMES, RAYS
    moves: list[str] = []
    vacated = state.claims == "vacated"
    for origin in state.caps[seat]:
        targets: list[int] = []
        add = targets.append
        for ray in rays[origin]:
            for square in ray:
                if grid[square]:
                    add(square)
                else:
                    break
        targets.sort()
        prefixes = PREFIXES[origin]
        if vacated:
            name = names[origin]
            moves += [prefixes[target] + name for target in targets]
            continue
        grid[origin] = 1  # the square just left is open for the claim (STAWVS-R3)
        for target in targets:
            claims: list[int] = []
            add = claims.append
            for ray in rays[target]:
                for square in ray:
                    if grid[square]:
                        add(square)
                    else:
                        break
            claims.sort()
            prefix = prefixes[target]
            moves += [prefix + names[claim] for claim in claims]
        grid[origin] = 0
    return tuple(moves) if moves else ("pass",)


legal, legal_set = ply_cache(_generate)

"""Spike's board: squares, facings, the pieces' small-int codes and every canonical ply.

Squares are numbered ``rank * 8 + file`` (``a1`` = 0, ``h8`` = 63). Pieces are small ints::

    size (1..3) | facing (0..3 = N, E, S, W) << 2 | (owner + 1) << 4

Every ply that can ever be legal is named here once, so generation only concatenates tuples and
a ply decodes with one dict lookup.
"""

from __future__ import annotations

from .. import squares

FILES = squares.LETTERS[:8]
CELLS = squares.names(8, 8)
INDEX = squares.index(CELLS)
FACINGS = "NESW"
DIRECTIONS = ("north", "east", "south", "west")
SIZES = "SML"
SIZE_NAMES = ("small", "medium", "large")
SEAT_NAMES = ("P1", "P2")
COIN_NAMES = ("penny", "nickel")
#: Forward (the opponent's home edge) per seat: P1 north, P2 south.
FORWARD = (0, 2)
_STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))

MOVE, EXIT, LAUNCH, PASS, DONE = range(5)


def ray(square: int, facing: int, length: int = 3) -> tuple[int, ...]:
    """The on-board squares from ``square`` towards ``facing``, up to ``length`` of them."""
    file, rank = square % 8, square // 8
    df, dr = _STEPS[facing]
    out = []
    for step in range(1, length + 1):
        f, r = file + df * step, rank + dr * step
        if not (0 <= f < 8 and 0 <= r < 8):
            break
        out.append(r * 8 + f)
    return tuple(out)


RAYS = tuple(tuple(ray(sq, d) for d in range(4)) for sq in range(64))
#: LAUNCH_PATHS[seat][file]: the three squares a launch on that file enters, in order.
LAUNCH_PATHS = (
    tuple((f, 8 + f, 16 + f) for f in range(8)),
    tuple((56 + f, 48 + f, 40 + f) for f in range(8)),
)
#: The rank (0-based) a launch of each size lands on, per seat.
LAUNCH_RANKS = ((0, 1, 2), (7, 6, 5))

# Every canonical ply that can ever be legal, precomputed so generation only concatenates
# tuples and ``apply`` decodes with one dict lookup.
MOVE_PLIES: dict[tuple[int, int], tuple[str, str, str, str]] = {}
EXIT_PLIES = tuple(f"{cell}-off" for cell in CELLS)
LAUNCH_PLIES: dict[tuple[int, int], tuple[str, str, str, str]] = {}
DECODE: dict[str, tuple] = {"pass": (PASS,), "done": (DONE,)}
for _sq in range(64):
    DECODE[EXIT_PLIES[_sq]] = (EXIT, _sq)
    for _d in range(4):
        for _to in RAYS[_sq][_d]:
            MOVE_PLIES[_sq, _to] = tuple(f"{CELLS[_sq]}-{CELLS[_to]}:{F}" for F in FACINGS)
            for _face, _ply in enumerate(MOVE_PLIES[_sq, _to]):
                DECODE[_ply] = (MOVE, _sq, _to, _face)
    for _size in (1, 2, 3):
        LAUNCH_PLIES[_size, _sq] = tuple(
            f"{SIZES[_size - 1]}@{CELLS[_sq]}:{F}" for F in FACINGS
        )
        for _face, _ply in enumerate(LAUNCH_PLIES[_size, _sq]):
            DECODE[_ply] = (LAUNCH, _size, _sq, _face)
del _sq, _d, _to, _size, _face, _ply


def piece_code(owner: int, size: int, facing: int) -> int:
    return size | facing << 2 | (owner + 1) << 4


def piece_owner(code: int) -> int:
    return (code >> 4) - 1


def piece_size(code: int) -> int:
    return code & 3


def piece_facing(code: int) -> int:
    return (code >> 2) & 3


def piece_spec(code: int) -> str:
    """Controller, size and facing, as ``position`` and ``to_dict`` write a piece: ``1MN``."""
    return f"{piece_owner(code) + 1}{SIZES[piece_size(code) - 1]}{FACINGS[piece_facing(code)]}"

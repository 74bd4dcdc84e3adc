"""Stax geometry: cells, directions, pointer sets, tile types (rules/stax.md §1, §6).

A cell ``(q, r)`` is packed into one int, ``q * 2**32 + r``: neighbour steps become single
additions, dict lookups hash an int, and int order is the spec's "compare q, then r" order.
A pointer set is a 6-bit mask, bit *d* for direction *d* (E=0, NE, NW, W, SW, SE=5).

>>> DIRSET[0b000101], format_cell(cell(1, -2))
('E+NW', '1,-2')
"""

from __future__ import annotations

_SPAN = 1 << 32
_HALF = 1 << 31
#: Coordinates beyond this are refused on input (the packed int needs |r| < 2**31).
COORD_LIMIT = 1 << 30

DIRS = ("E", "NE", "NW", "W", "SW", "SE")
DIR_INDEX = {name: d for d, name in enumerate(DIRS)}
_DELTAS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def cell(q: int, r: int) -> int:
    """The packed cell ``(q, r)``."""
    return q * _SPAN + r


def coords(c: int) -> tuple[int, int]:
    """The ``(q, r)`` of a packed cell."""
    r = ((c + _HALF) & (_SPAN - 1)) - _HALF
    return (c - r) >> 32, r


#: STEPS[d] added to a packed cell gives its neighbour in direction d.
STEPS = tuple(cell(dq, dr) for dq, dr in _DELTAS)
ORIGIN = cell(0, 0)


def direction_between(a: int, b: int) -> tuple[int, int] | None:
    """``(d, distance)`` when ``b`` lies on the straight line from ``a`` in direction d."""
    (qa, ra), (qb, rb) = coords(a), coords(b)
    dq, dr = qb - qa, rb - ra
    if dq == dr == 0:
        return None
    if dr == 0:
        return (0, dq) if dq > 0 else (3, -dq)
    if dq == 0:
        return (5, dr) if dr > 0 else (2, -dr)
    if dq == -dr:
        return (1, dq) if dq > 0 else (4, -dq)
    return None


_CELL_TEXT: dict[int, str] = {}


def format_cell(c: int) -> str:
    """Canonical ``q,r``."""
    text = _CELL_TEXT.get(c)
    if text is None:
        q, r = coords(c)
        text = _CELL_TEXT[c] = f"{q},{r}"
    return text


# ----- pointer sets -------------------------------------------------------------------------


def rotate(mask: int, k: int) -> int:
    """The pointer set turned k sixths counter-clockwise."""
    k %= 6
    return ((mask << k) | (mask >> (6 - k))) & 63


#: ROTATIONS[mask]: the distinct rotations of a pointer set, in mask order.
ROTATIONS = tuple(tuple(sorted({rotate(m, k) for k in range(6)})) for m in range(64))


def _format(mask: int) -> str:
    if mask == 0:
        return "K"
    if mask == 63:
        return "Q"
    if bin(mask).count("1") <= 3:
        return "+".join(DIRS[d] for d in range(6) if mask >> d & 1)
    return "~" + "+".join(DIRS[d] for d in range(6) if not mask >> d & 1)


DIRSET = tuple(_format(m) for m in range(64))


# ----- tile types ---------------------------------------------------------------------------

#: The 13 tile types in a set, with their canonical pointer sets (3h: face A).
TYPES = ("K", "1", "2n", "2w", "2s", "3f", "3y", "3h", "4n", "4w", "4s", "5", "Q")
CANONICAL = {
    "K": 0b000000,
    "1": 0b000001,
    "2n": 0b000011,
    "2w": 0b000101,
    "2s": 0b001001,
    "3f": 0b000111,
    "3y": 0b010101,
    "3h": 0b001011,  # face A {E, NE, W}
    "4n": 0b001111,
    "4w": 0b010111,
    "4s": 0b011011,
    "5": 0b011111,
    "Q": 0b111111,
}
FACE_B = 0b010011  # 3h face B {E, NE, SW}
KING, QUEEN = 0, 63
TYPE_INDEX = {code: i for i, code in enumerate(TYPES)}
ALL_TYPES = (1 << len(TYPES)) - 1


def _partition() -> tuple[tuple[int, ...], tuple[str, ...]]:
    type_of = [-1] * 64
    face = [""] * 64
    for i, code in enumerate(TYPES):
        faces = (
            [("", CANONICAL[code])] if code != "3h" else [("A", CANONICAL[code]), ("B", FACE_B)]
        )
        for name, base in faces:
            for m in ROTATIONS[base]:
                assert type_of[m] == -1, "the 13 types must partition the 64 pointer sets"
                type_of[m], face[m] = i, name
    assert -1 not in type_of
    return tuple(type_of), tuple(face)


#: TYPE_OF[mask]: the index in TYPES of the only tile type with that pointer set.
#: FACE_OF[mask]: "A" or "B" for the 3h tile, "" otherwise.
TYPE_OF, FACE_OF = _partition()


def type_code(mask: int) -> str:
    return TYPES[TYPE_OF[mask]]


def tile_name(mask: int) -> str:
    """How a message names a tile: "king", "queen", "3h tile"."""
    code = type_code(mask)
    return {"K": "king", "Q": "queen"}.get(code, f"{code} tile")

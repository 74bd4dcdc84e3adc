"""Stax geometry and notation: cells, directions, pointer sets, tile types (rules/stax.md §1, §6).

A cell ``(q, r)`` is packed into one int, ``q * 2**32 + r``: neighbour steps become single
additions, dict lookups hash an int, and int order is the spec's "compare q, then r" order.
A pointer set is a 6-bit mask, bit *d* for direction *d* (E=0, NE, NW, W, SW, SE=5).

>>> format_dirset(parse_dirset("NW+E"))
'E+NW'
>>> format_dirset(parse_dirset("E+NE+NW+W+SW"))
'~SE'
>>> format_cell(parse_cell("(+01,-0)"))
'1,0'
"""

from __future__ import annotations

import re

from ..base import IllegalMove

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


_CELL_RE = re.compile(r"\(([+-]?\d+),([+-]?\d+)\)|([+-]?\d+),([+-]?\d+)")


def parse_cell(text: str) -> int:
    """A cell as a person types it (spaces already removed; parentheses, signs, zeros allowed).

    :raises IllegalMove: ``syntax``, or ``off-table`` for absurdly large coordinates.
    """
    match = _CELL_RE.fullmatch(text)
    if not match:
        raise IllegalMove(f"{text!r} is not a cell: write q,r such as 0,0 or 2,-1", "syntax")
    q, r = (int(g) for g in match.groups() if g is not None)
    if abs(q) >= COORD_LIMIT or abs(r) >= COORD_LIMIT:
        raise IllegalMove(f"{text} is nowhere near the table", "off-table")
    return cell(q, r)


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


def format_dirset(mask: int) -> str:
    """Canonical spelling of a pointer set (§6): K, Q, a list, or ~ and the missing ones."""
    return DIRSET[mask]


def parse_dirset(text: str) -> int:
    """A pointer set as typed (upper case, no spaces); any order, plain or with ``~``.

    :raises IllegalMove: ``syntax`` for an unknown or repeated direction.
    """
    if text == "K":
        return 0
    if text == "Q":
        return 63
    negated = text.startswith("~")
    body = text[1:] if negated else text
    if not body:
        raise IllegalMove("a pointer set needs directions, K or Q (e.g. E+NW, ~SE)", "syntax")
    mask = 0
    for name in body.split("+"):
        d = DIR_INDEX.get(name)
        if d is None:
            raise IllegalMove(
                f"{name or 'an empty name'} is not a direction (use E, NE, NW, W, SW, SE)",
                "syntax",
            )
        if mask >> d & 1:
            raise IllegalMove(f"direction {name} appears twice in {text}", "syntax")
        mask |= 1 << d
    return 63 & ~mask if negated else mask


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


# ----- the spec's position notation (§6, used by the examples) ------------------------------

OWNER_LETTERS = ("L", "D", "R")
_TILE_RE = re.compile(r"([A-Za-z])\s*(K|Q|1|2n|2w|2s|3f|3y|3h|4n|4w|4s|5)\s*(?:\{([^}]*)\})?")


def format_stack(stack) -> str:
    """``L 2s{E,W} | D K``: a stack bottom to top, as the spec's examples write it."""
    parts = []
    for owner, mask in stack:
        code = type_code(mask)
        dirs = ",".join(DIRS[d] for d in range(6) if mask >> d & 1)
        parts.append(f"{OWNER_LETTERS[owner]} {code}" + (f"{{{dirs}}}" if dirs else ""))
    return " | ".join(parts)


def parse_position(text: str) -> dict[int, tuple[tuple[int, int], ...]]:
    """A board from ``0,0: L 2s{E,W}; 2,0: D 3y{NE,W,SE} | L 1{E}`` (stacks bottom to top).

    Without braces a tile has its type's canonical set. :raises ValueError: malformed text,
    or pointers that do not fit the type.
    """
    board = {}
    for entry in filter(None, (e.strip() for e in re.split(r"[;\n]", text))):
        where, _, tiles = entry.partition(":")
        stack = []
        for part in tiles.split("|"):
            match = _TILE_RE.fullmatch(part.strip())
            if not match:
                raise ValueError(f"cannot read the tile {part.strip()!r}")
            letter, code, dirs = match.groups()
            owner = OWNER_LETTERS.index(letter.upper())
            mask = (
                CANONICAL[code]
                if dirs is None
                else sum(1 << DIR_INDEX[d.strip().upper()] for d in dirs.split(",") if d.strip())
            )
            if type_code(mask) != code:
                raise ValueError(f"{{{dirs}}} is not a rotation of the {code} tile")
            stack.append((owner, mask))
        board[parse_cell(where.replace(" ", ""))] = tuple(stack)
    return board

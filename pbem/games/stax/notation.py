"""Stax notation (rules/stax.md §6): plies as a person types them, read into canonical plies;
pointer sets and cells as typed; the position notation of the spec's examples, and positions
built from it.

>>> DIRSET[parse_dirset("NW+E")], DIRSET[parse_dirset("E+NE+NW+W+SW")]
('E+NW', '~SE')
>>> format_cell(parse_cell("(+01,-0)"))
'1,0'
"""

from __future__ import annotations

import re

from ..notation import squash
from . import refusals as no
from .hashing import position_key
from .movegen import settle
from .state import Line, StaxState, previous_seat
from .tiles import (
    CANONICAL,
    COORD_LIMIT,
    DIR_INDEX,
    DIRS,
    DIRSET,
    KING,
    QUEEN,
    TYPE_OF,
    cell,
    format_cell,
    type_code,
)


def parse(state: StaxState, text: str) -> str:
    """Canonical spelling (§6) of what a person typed; the move's ``=dirset`` is filled in
    from the tile on the start cell when omitted, and dropped for kings and queens.

    :raises IllegalMove: ``syntax`` when the text is not a ply.
    """
    typed = squash(text).upper()
    if "@" in typed:
        dirset, _, where = typed.partition("@")
        return f"{DIRSET[parse_dirset(dirset)]}@{format_cell(parse_cell(where))}"
    if ">" in typed:
        start, _, rest = typed.partition(">")
        end, has_set, dirset = rest.partition("=")
        src, dst = parse_cell(start), parse_cell(end)
        given = parse_dirset(dirset) if has_set else None
        move = f"{format_cell(src)}>{format_cell(dst)}"
        stack = state.board.get(src)
        if stack is not None and stack[-1][1] in (KING, QUEEN):
            return move if given in (None, stack[-1][1]) else f"{move}={DIRSET[given]}"
        if given is None and stack is not None:
            given = stack[-1][1]
        return move if given is None else f"{move}={DIRSET[given]}"
    raise no.NOT_A_MOVE(text=text.strip())


_CELL_RE = re.compile(r"\(([+-]?[0-9]+),([+-]?[0-9]+)\)|([+-]?[0-9]+),([+-]?[0-9]+)")


def parse_cell(text: str) -> int:
    """A cell as a person types it (spaces already removed; parentheses, signs, zeros allowed).

    :raises IllegalMove: ``syntax``, or ``off-table`` for absurdly large coordinates.
    """
    match = _CELL_RE.fullmatch(text)
    if not match:
        raise no.NOT_A_CELL(text=text)
    q, r = (int(g) for g in match.groups() if g is not None)
    if abs(q) >= COORD_LIMIT or abs(r) >= COORD_LIMIT:
        raise no.OFF_TABLE(text=text)
    return cell(q, r)


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
        raise no.NO_POINTERS()
    mask = 0
    for name in body.split("+"):
        d = DIR_INDEX.get(name)
        if d is None:
            raise no.NOT_A_DIRECTION(text=name) if name else no.EMPTY_DIRECTION()
        if mask >> d & 1:
            raise no.TWICE(name=name, text=text)
        mask |= 1 << d
    return 63 & ~mask if negated else mask


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


def position(text: str, players: int = 2, turn: int = 0, placed=None) -> StaxState:
    """A state built from the spec's position notation (§6), as the worked examples are.

    The superko set holds the empty table and this position. ``placed`` gives each seat's
    placed-type bits (``ALL_TYPES``: nothing in hand); a seat left out or given as None has
    placed exactly the types it has on the table.
    """
    board = parse_position(text)
    bits = [0] * players
    for stack in board.values():
        for owner, mask in stack:
            bits[owner] |= 1 << TYPE_OF[mask]
    given = tuple(placed or ()) + (None,) * players
    placed = tuple(bits[s] if given[s] is None else given[s] for s in range(players))
    state = StaxState(
        players=players,
        board=board,
        placed=tuple(placed),
        active=(True,) * players,
        turn=turn,
        winner=None,
        line=Line(keys=(0, position_key(board)), boards=({}, board)),
        n_history=0,
        n_keys=2,
        origin=dict(board),
    )
    return settle(state, previous_seat(state, turn))

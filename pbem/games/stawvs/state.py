"""The Stawvs position: pyramid codes, the board's layout-string form, the state value, a
position built by hand, and the state's JSON form.

Squares are numbered file-major (``a1`` = 0, ``a2`` = 1, … ``h8`` = 63) so that numeric order
is the order of the square names: moves generated in ascending square order come out sorted.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .. import squares

FILES = squares.LETTERS[:8]
#: Square names by square number (file-major, so sorted numbers give sorted names).
NAMES = squares.names(8, 8, file_major=True)
INDEX = squares.index(NAMES)
COLOURS = "PBGO"
COLOUR_NAMES = ("pink", "blue", "green", "orange")
SIZE_NAMES = ("small", "medium", "large")
#: Pyramid codes by the byte that stands for them on a board; 0 is a gap.
CODES = ("..",) + tuple(c + s for c in COLOURS for s in "123")
CODE_INDEX = {code: byte for byte, code in enumerate(CODES)}
GAP = 0


def board_text(board: bytes) -> str:
    """A board in layout-string form (§1.4): ranks 8 to 1 separated by ``/``, ``..`` = gap."""
    return "/".join("".join(CODES[board[f * 8 + r]] for f in range(8)) for r in reversed(range(8)))


def board_from_text(text: str) -> bytes:
    """The board a layout-string-form text describes (any case, spaces ignored).

    :raises ValueError: naming the rank or square that is wrong.
    """
    rows = re.sub(r"\s+", "", text).upper().split("/")
    if len(rows) != 8:
        raise ValueError(f"a layout has 8 ranks separated by '/', not {len(rows)}")
    board = bytearray(64)
    for row, r in zip(rows, reversed(range(8)), strict=True):
        if len(row) != 16:
            raise ValueError(
                f"rank {r + 1} must give 8 squares of two characters each "
                f"('..' or a colour PBGO and a size 1-3, e.g. P1), not {row!r}"
            )
        for f in range(8):
            code = row[2 * f : 2 * f + 2]
            if code not in CODE_INDEX:
                raise ValueError(
                    f"{FILES[f]}{r + 1} is {code!r}: write '..' for a gap or a colour PBGO "
                    "and a size 1-3, e.g. P1"
                )
            board[f * 8 + r] = CODE_INDEX[code]
    return bytes(board)


@dataclass(frozen=True, slots=True)
class StawvsState:
    """A Stawvs position; immutable, ``==`` compares positions (never the move caches).

    ``board`` holds a pyramid byte per square number (see ``CODES``; 0 = gap). ``caps[s]`` are
    the squares of seat ``s``'s caps on the board, ascending; ``in_hand[s]`` the caps it has
    still to place (the mover is in the placement phase while it has one). ``collections[s]``
    are the pyramids it claimed, in order. ``out`` are the seats that passed (STAWVS-R1),
    ``resigned`` those that resigned (STAWVS-R8). ``to_move`` is ``None`` once the game is over.
    """

    board: bytes
    caps: tuple[tuple[int, ...], ...]
    in_hand: tuple[int, ...]
    collections: tuple[bytes, ...]
    to_move: int | None
    out: frozenset[int] = frozenset()
    resigned: frozenset[int] = frozenset()
    claims: str = "line"
    final_collect: bool = True
    moves_cache: tuple[str, ...] | None = field(default=None, compare=False, repr=False)
    move_set_cache: frozenset[str] | None = field(default=None, compare=False, repr=False)

    def open_squares(self) -> bytearray:
        """Per square, its pyramid byte if the square is open, else 0 (gap or capped)."""
        grid = bytearray(self.board)
        for seat_caps in self.caps:
            for square in seat_caps:
                grid[square] = 0
        return grid


def position(
    pyramids: Mapping[str, str],
    caps: Sequence[Iterable[str]],
    to_move: int = 0,
    *,
    claims: str = "line",
    final_collect: bool = True,
    in_hand: Sequence[int] | None = None,
    collections: Sequence[Iterable[str]] | None = None,
    out: Iterable[int] = (),
    resigned: Iterable[int] = (),
) -> StawvsState:
    """A position built directly (the worked examples of §7, puzzles, tests).

    ``pyramids`` maps squares to codes (``{"c3": "P2"}``); every other square is a gap.
    ``caps`` gives each seat's cap squares, so its length is the player count. ``in_hand``
    are the caps each seat has still to place (default none: the movement phase);
    ``collections`` the codes each seat has claimed.

    :raises ValueError: a bad square or code, or a cap off a pyramid or on another cap.
    """
    grid = bytearray(64)
    for square, code in pyramids.items():
        grid[INDEX[square.lower()]] = CODE_INDEX[code.upper()]
    cap_squares = tuple(tuple(sorted(INDEX[s.lower()] for s in seat)) for seat in caps)
    placed = [s for seat in cap_squares for s in seat]
    if len(set(placed)) != len(placed) or not all(grid[s] for s in placed):
        raise ValueError("every cap must stand alone on a pyramid")
    players = len(cap_squares)
    claimed = collections if collections is not None else [()] * players
    return StawvsState(
        board=bytes(grid),
        caps=cap_squares,
        in_hand=tuple(in_hand) if in_hand is not None else (0,) * players,
        collections=tuple(bytes(CODE_INDEX[c.upper()] for c in seat) for seat in claimed),
        to_move=to_move,
        out=frozenset(out),
        resigned=frozenset(resigned),
        claims=claims,
        final_collect=final_collect,
    )


def to_dict(state: StawvsState) -> dict:
    """The JSON form of a state (squares by name, pyramids by code)."""
    return {
        "board": board_text(state.board),
        "caps": [[NAMES[s] for s in seat] for seat in state.caps],
        "in_hand": list(state.in_hand),
        "collections": ["".join(CODES[c] for c in seat) for seat in state.collections],
        "to_move": state.to_move,
        "out": sorted(state.out),
        "resigned": sorted(state.resigned),
        "claims": state.claims,
        "final_collect": state.final_collect,
    }


def from_dict(data: dict) -> StawvsState:
    """The state ``to_dict`` wrote."""
    return StawvsState(
        board=board_from_text(data["board"]),
        caps=tuple(tuple(INDEX[s] for s in seat) for seat in data["caps"]),
        in_hand=tuple(data["in_hand"]),
        collections=tuple(
            bytes(CODE_INDEX[seat[i : i + 2]] for i in range(0, len(seat), 2))
            for seat in data["collections"]
        ),
        to_move=data["to_move"],
        out=frozenset(data["out"]),
        resigned=frozenset(data["resigned"]),
        claims=data["claims"],
        final_collect=data["final_collect"],
    )

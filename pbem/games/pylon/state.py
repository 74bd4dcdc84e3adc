"""The Pylon position: pyramids, stacks, the state value and its JSON form.

A pyramid is a small int, ``owner << 2 | size`` (A1–A3 are 1–3, B1–B3 are 5–7), so its size is
``code & 3`` and its owner ``code >> 2``. The board is a flat tuple of 30 stacks in the order
a1, b1, …, f1, a2, …, f5, each stack a tuple of pyramids from bottom to top (``()`` is empty).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from .. import squares

WIDTH, HEIGHT = 6, 5
FILES = squares.LETTERS[:WIDTH]
CELLS = squares.names(WIDTH, HEIGHT)
INDEX = squares.index(CELLS)
OWNERS = "AB"
SIZE_LETTERS = " SML"
SIZE_WORDS = ("", "small", "medium", "large")
PER_SIZE = 5  # pyramids of each size in a stash


def size_of(code: int) -> int:
    return code & 3


def owner_of(code: int) -> int:
    return code >> 2


def piece_text(code: int) -> str:
    """``A3`` for P1's large pyramid, ``B1`` for P2's small one."""
    return f"{OWNERS[code >> 2]}{code & 3}"


@lru_cache(maxsize=4096)
def stack_text(stack: tuple[int, ...]) -> str:
    """A stack bottom to top, e.g. ``A3B2A1``; ``""`` for an empty square. Remembered, as
    :func:`parse_stack` is: every move writes the same few stacks into the stored position."""
    return "".join(piece_text(code) for code in stack)


PIECE = re.compile(r"([AB])([123])")


@lru_cache(maxsize=4096)
def parse_stack(text: str) -> tuple[int, ...]:
    """The stack written ``A3B2A1`` (any case, spaces ignored). :raises ValueError:

    Remembered: every move reads the stored position, the same few stacks each time."""
    compact = re.sub(r"\s+", "", text).upper()
    if not re.fullmatch(r"(?:[AB][123])*", compact):
        raise ValueError(f"{text!r} is not a stack: write owner and size, e.g. A3B2A1")
    return tuple(OWNERS.index(o) << 2 | int(s) for o, s in PIECE.findall(compact))


@dataclass(frozen=True, slots=True)
class PylonState:
    """A position. ``stash`` counts the pyramids still in hand: A's small, medium, large,
    then B's. ``turn`` is the seat to move (kept once the game is over, but then unused).
    The legal moves are cached on the state the first time they are asked for."""

    board: tuple[tuple[int, ...], ...]
    stash: tuple[int, ...]
    turn: int
    alternate: bool  # stacking_starts=alternate (PYLON-R1)
    resigned: int | None = None
    moves_cache: tuple[str, ...] | None = field(
        default=None, init=False, compare=False, repr=False
    )
    move_set_cache: frozenset[str] | None = field(
        default=None, init=False, compare=False, repr=False
    )

    @property
    def placing(self) -> bool:
        return any(self.stash)


def layout_board(layout: str) -> tuple[tuple[int, ...], ...]:
    """The board of a canonical layout (rank 5 is written first)."""
    board: list[tuple[int, ...]] = [()] * len(CELLS)
    for k, rank in enumerate(layout.split("/")):
        for f, code in enumerate(parse_stack(rank)):
            board[(HEIGHT - 1 - k) * WIDTH + f] = (code,)
    return tuple(board)


def board_layout(board: tuple[tuple[int, ...], ...]) -> str:
    """A quick start's board (one pyramid on every square) as a layout, the inverse of
    :func:`layout_board`; ``""`` for any other board, which no layout describes."""
    if any(len(stack) != 1 for stack in board):
        return ""
    return "/".join("".join(piece_text(board[r * WIDTH + f][0]) for f in range(WIDTH))
                    for r in reversed(range(HEIGHT)))


def position(
    stacks: str,
    to_move: int | None = None,
    *,
    placing: bool = False,
    stacking_starts: str = "last_placer",
) -> PylonState:
    """A position built by hand, for tests and puzzles.

    ``stacks`` lists the occupied squares as ``cell:stack`` separated by spaces or commas,
    each stack bottom to top: ``"a2:A3B2 a3:B3 c3:A3B3A1"``. By default the position is in the
    stacking phase (nothing in hand) and P1 is to move. With ``placing=True`` every pyramid not
    on the board is in hand and the seat to move follows from how many were placed.

    :raises ValueError: a malformed or impossible position.
    """
    if stacking_starts not in ("last_placer", "alternate"):
        raise ValueError("stacking_starts is last_placer or alternate")
    board: list[tuple[int, ...]] = [()] * len(CELLS)
    for entry in re.split(r"[\s,]+", stacks.strip()):
        if not entry:
            continue
        cell, sep, text = entry.partition(":")
        if not sep or cell.lower() not in INDEX:
            raise ValueError(f"{entry!r} is not cell:stack, e.g. c3:A3B2")
        stack = parse_stack(text)
        if not stack or any((a & 3) < (b & 3) for a, b in zip(stack, stack[1:], strict=False)):
            raise ValueError(f"{entry!r}: a stack is pyramids, none above a smaller one")
        board[INDEX[cell.lower()]] = stack
    on_board = [code for stack in board for code in stack]
    stash = tuple(PER_SIZE - on_board.count(o << 2 | s) for o in (0, 1) for s in (1, 2, 3))
    if min(stash) < 0:
        raise ValueError("a stash has only five pyramids of each size")
    if placing:
        if any(len(stack) > 1 for stack in board) or all(board):
            raise ValueError("placing means a board not yet full and nothing stacked")
        placed_a, placed_b = 15 - sum(stash[:3]), 15 - sum(stash[3:])
        if placed_a - placed_b not in (0, 1):
            raise ValueError("P1 places first and the players alternate")
        parity = placed_a - placed_b
        if to_move not in (None, parity):
            raise ValueError(f"P{parity + 1} is to move after {len(on_board)} placements")
        to_move = parity
    else:
        stash = (0,) * 6
    if to_move not in (0, 1, None):
        raise ValueError("to_move is 0 or 1")
    return PylonState(tuple(board), stash, to_move or 0, stacking_starts == "alternate")


def to_dict(state: PylonState) -> dict:
    """The JSON form of a state: occupied squares' stacks, the stashes, the seat to move."""
    return {
        "stacks": {CELLS[i]: stack_text(s) for i, s in enumerate(state.board) if s},
        "stash": {o: list(state.stash[3 * k : 3 * k + 3]) for k, o in enumerate(OWNERS)},
        "turn": state.turn,
        "stacking_starts": "alternate" if state.alternate else "last_placer",
        "resigned": state.resigned,
    }


def from_dict(data: dict) -> PylonState:
    """The state ``to_dict`` wrote."""
    board: list[tuple[int, ...]] = [()] * len(CELLS)
    for cell, text in data["stacks"].items():
        board[INDEX[cell]] = parse_stack(text)
    return PylonState(
        tuple(board),
        tuple(int(n) for o in OWNERS for n in data["stash"][o]),
        int(data["turn"]),
        data["stacking_starts"] == "alternate",
        data["resigned"],
    )

"""The Stax game state, what is derived from it, and applying a ply to a board."""

from __future__ import annotations

from dataclasses import dataclass, field

from .board import step_ok
from .hashing import position_key, raw_hash, snapshot
from .tiles import DIRSET, KING, QUEEN, cell

SEAT_NAMES = ("Light", "Dark", "Red")
RESIGN = "resign"

Tile = tuple[int, int]  # (owner seat, pointer mask)
Board = dict[int, tuple[Tile, ...]]  # packed cell -> stack, bottom to top

_DIRSET_MASK = {text: mask for mask, text in enumerate(DIRSET)}


@dataclass(frozen=True)
class StaxState:
    """A position and everything the rules need to continue from it.

    ``keys`` lists the superko key of the empty table, of ``origin`` and of the position after
    every action, in order; ``history`` the (seat, ply) entries that led here from ``origin``
    (the empty table in a real game), so an exact earlier position can be rebuilt when a key
    matches. ``cache`` holds derived data and never takes part in ``==``.
    """

    players: int
    board: Board
    placed: tuple[int, ...]  # per seat: bit i set when TYPES[i] has left the hand
    active: tuple[bool, ...]  # per seat: still in the game (STAX-R12)
    turn: int
    winner: int | None
    history: tuple[tuple[int, str], ...]
    keys: tuple[int, ...]
    origin: Board = field(default_factory=dict)
    cache: dict = field(default_factory=dict, compare=False, repr=False)


def next_seat(state: StaxState, seat: int) -> int:
    """The next seat after ``seat`` still in the game: its target (§1.4, STAX-R12)."""
    n = state.players
    for k in range(1, n + 1):
        if state.active[(seat + k) % n]:
            return (seat + k) % n
    return seat


def previous_seat(state: StaxState, seat: int) -> int:
    """The seat still in the game whose target ``seat`` is."""
    n = state.players
    for k in range(1, n + 1):
        if state.active[(seat - k) % n]:
            return (seat - k) % n
    return seat


class View:
    """Data derived from a board once per state: heights, tops, kings, hash, seen keys,
    and whether the board keeps the step rule (true of every position reached in play)."""

    __slots__ = ("heights", "tops", "kings", "raw", "order", "seen", "steps_ok")

    def __init__(self, state: StaxState):
        board = state.board
        self.heights = {c: len(stack) for c, stack in board.items()}
        self.tops = {c: stack[-1] for c, stack in board.items()}
        self.kings = {owner: c for c, (owner, mask) in self.tops.items() if mask == KING}
        self.raw = state.cache.get("raw")
        if self.raw is None:
            self.raw = raw_hash(board)
        self.order = sorted(board)
        self.seen = state.cache.get("seen") or frozenset(state.keys)
        self.steps_ok = state.cache.get("steps_ok")
        if self.steps_ok is None:
            self.steps_ok = step_ok(self.heights)


def view(state: StaxState) -> View:
    found = state.cache.get("view")
    if found is None:
        found = state.cache["view"] = View(state)
    return found


def tiles_on_table(state: StaxState) -> int:
    return sum(len(stack) for stack in state.board.values())


# ----- plies on a board ---------------------------------------------------------------------


def _canon_cell(text: str) -> int:
    q, r = text.split(",")
    return cell(int(q), int(r))


def decode(ply: str) -> tuple:
    """A canonical ply as ``("place", mask, cell)`` or ``("move", src, dst, mask or None)``."""
    if "@" in ply:
        dirset, where = ply.split("@")
        return ("place", _DIRSET_MASK[dirset], _canon_cell(where))
    src, rest = ply.split(">")
    dst, _, dirset = rest.partition("=")
    return ("move", _canon_cell(src), _canon_cell(dst), _DIRSET_MASK[dirset] if dirset else None)


def put(board: Board, seat: int, action: tuple) -> bool:
    """Apply a decoded, legal action to ``board`` in place; True when it captures a king."""
    if action[0] == "place":
        board[action[2]] = ((seat, action[1]),)
        return False
    _, src, dst, mask = action
    stack = board[src]
    tile = stack[-1]
    if len(stack) == 1:
        del board[src]
    else:
        board[src] = stack[:-1]
    under = board.get(dst, ())
    captured = bool(under) and under[-1][1] == KING
    if captured:
        under = under[:-1]
    board[dst] = under + ((seat, tile[1] if mask is None else mask),)
    return captured


def is_repeat(state: StaxState, key: int, board_after: Board) -> bool:
    """Whether ``board_after`` (whose key is in ``state.keys``) really occurred before.

    A key match is confirmed against the exact positions, rebuilt once per state by replaying
    the history from ``origin``; only a match pays for this, so a collision costs time, never
    a legal move.
    """
    positions = state.cache.get("positions")
    if positions is None:
        positions = state.cache["positions"] = {}
        board: Board = dict(state.origin)
        for before in ({}, board):
            positions.setdefault(position_key(before), set()).add(snapshot(before))
        for seat, ply in state.history:
            if ply != RESIGN:
                put(board, seat, decode(ply))
                positions.setdefault(position_key(board), set()).add(snapshot(board))
    return snapshot(board_after) in positions.get(key, ())


def mask_is_fixed(mask: int) -> bool:
    """Kings and queens have one orientation, so their moves carry no ``=dirset``."""
    return mask in (KING, QUEEN)

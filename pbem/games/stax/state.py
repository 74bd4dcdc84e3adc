"""The Stax game state, what is derived from it, and applying a ply to a board."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .board import step_ok
from .hashing import raw_hash, snapshot
from .tiles import DIRSET, KING, QUEEN, cell, coords

SEAT_NAMES = ("Light", "Dark", "Red")
RESIGN = "resign"

Tile = tuple[int, int]  # (owner seat, pointer mask)
Board = dict[int, tuple[Tile, ...]]  # packed cell -> stack, bottom to top

_DIRSET_MASK = {text: mask for mask, text in enumerate(DIRSET)}


class Line:
    """One segment of the history, superko keys and positions that states share.

    Append-only: a state sees the first ``n_history`` entries and ``n_keys`` keys of its line
    (counted from the start of the game), and those never change once written, so a child
    appends in place in O(1) without any state's value changing. A state that its line has
    grown past (a second move tried from it, as a search does) starts a new segment whose
    ``parent`` is that line, cut at the state's counts: branching costs O(1) however long the
    history, and a key lookup visits one dict per segment (one in a game played straight
    through or loaded from a record; one per branch point in a search's line).

    ``start_history`` and ``start_keys`` are where the segment begins in the game's counts.
    ``first`` maps a key to the first (game-wide) index holding it in this segment, ``twins``
    any later index holding it again (only a hash collision does that), and ``boards`` the
    exact board at each key of the segment, None until a loaded line is replayed. Like
    ``cache``, a line is not for several threads at once.
    """

    __slots__ = ("history", "keys", "first", "twins", "boards", "parent", "start_history",
                 "start_keys")

    def __init__(self, history=(), keys=(), boards=(), parent: Line | None = None,
                 start_history: int = 0, start_keys: int = 0):
        self.parent = parent
        self.start_history, self.start_keys = start_history, start_keys
        self.history: list[tuple[int, str]] = list(history)
        self.keys: list[int] = []
        self.first: dict[int, int] = {}
        self.twins: dict[int, list[int]] = {}
        self.boards: list[Board | None] = []
        for index, key in enumerate(keys):
            self.add(key, boards[index] if index < len(boards) else None)

    def add(self, key: int, board: Board | None) -> None:
        index = self.start_keys + len(self.keys)
        if self.first.setdefault(key, index) != index:
            self.twins.setdefault(key, []).append(index)
        self.keys.append(key)
        self.boards.append(board)

    def ends_at(self, n_history: int, n_keys: int) -> bool:
        """Whether nothing was appended after a state with these counts."""
        return (self.start_history + len(self.history), self.start_keys + len(self.keys)) == (
            n_history,
            n_keys,
        )

    def segments(self, n_history: int, n_keys: int) -> list[tuple[Line, int, int]]:
        """(segment, entries seen, keys seen) of a state with these counts, root first."""
        chain = []
        line: Line | None = self
        while line is not None:
            chain.append((line, n_history - line.start_history, n_keys - line.start_keys))
            n_history, n_keys, line = line.start_history, line.start_keys, line.parent
        return chain[::-1]


@dataclass(frozen=True, eq=False)
class StaxState:
    """A position and everything the rules need to continue from it.

    ``history`` (the (seat, ply) entries that led here from ``origin``, the empty table in a
    real game) and ``keys`` (the superko key of the empty table, of ``origin`` and of the
    position after every action) are the first ``n_history`` and ``n_keys`` items of ``line``,
    which the states along a line of play share so that a ply costs the same however long the
    game. ``cache`` holds derived data; neither it nor the identity of ``line`` takes part in
    ``==``.
    """

    players: int
    board: Board
    placed: tuple[int, ...]  # per seat: bit i set when TYPES[i] has left the hand
    active: tuple[bool, ...]  # per seat: still in the game (STAX-R12)
    turn: int
    winner: int | None
    line: Line = field(repr=False)
    n_history: int
    n_keys: int
    origin: Board = field(default_factory=dict)
    cache: dict = field(default_factory=dict, repr=False)

    @property
    def history(self) -> tuple[tuple[int, str], ...]:
        chain = self.line.segments(self.n_history, self.n_keys)
        return tuple(entry for line, count, _ in chain for entry in line.history[:count])

    @property
    def keys(self) -> tuple[int, ...]:
        chain = self.line.segments(self.n_history, self.n_keys)
        return tuple(key for line, _, count in chain for key in line.keys[:count])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, StaxState):
            return NotImplemented
        same_line = self.line is other.line or (
            self.history == other.history and self.keys == other.keys
        )
        return (
            (self.players, self.placed, self.active, self.turn, self.winner)
            == (other.players, other.placed, other.active, other.turn, other.winner)
            and (self.n_history, self.n_keys) == (other.n_history, other.n_keys)
            and self.board == other.board
            and self.origin == other.origin
            and same_line
        )

    __hash__ = None  # type: ignore[assignment]  # the board is a dict


def extend(state: StaxState, entry: tuple[int, str], key=None, board=None) -> Line:
    """``state``'s line with ``entry`` (and, for an action, its position) appended: in place
    when nothing was appended after ``state``, else on a new segment branching off there."""
    line = state.line
    if not line.ends_at(state.n_history, state.n_keys):
        line = Line(parent=line, start_history=state.n_history, start_keys=state.n_keys)
    line.history.append(entry)
    if key is not None:
        line.add(key, board)
    return line


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
    """Data derived from a board once per state: heights, tops, kings, hash, and whether the
    board keeps the step rule (true of every position reached in play)."""

    __slots__ = ("heights", "tops", "kings", "raw", "order", "steps_ok")

    def __init__(self, state: StaxState):
        board = state.board
        self.heights = {c: len(stack) for c, stack in board.items()}
        self.tops = {c: stack[-1] for c, stack in board.items()}
        self.kings = {owner: c for c, (owner, mask) in self.tops.items() if mask == KING}
        self.raw = state.cache.get("raw")
        if self.raw is None:
            self.raw = raw_hash(board)
        self.order = sorted(board)
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


def seen_test(state: StaxState) -> Callable[[int], bool]:
    """A test of whether a key is among ``state``'s keys: O(1) per key however long the game,
    one dict per segment of its line (see ``Line``)."""
    chain = [(line.first, line.start_keys + count)
             for line, _, count in state.line.segments(state.n_history, state.n_keys)]
    if len(chain) == 1:
        first, limit = chain[0]
        return lambda key: first.get(key, limit) < limit
    return lambda key: any(first.get(key, limit) < limit for first, limit in chain)


def seen(state: StaxState, key: int) -> bool:
    """Whether ``key`` is among ``state``'s keys."""
    return seen_test(state)(key)


def is_repeat(state: StaxState, key: int, board_after: Board) -> bool:
    """Whether ``board_after``, whose key ``state`` has ``seen``, really occurred before.

    A key match is confirmed against the exact earlier positions with that key, so a collision
    costs time, never a legal move. A line built by play holds every board already; a loaded
    one (always a first segment) is replayed from ``origin`` once, on its first match.
    """
    exact = snapshot(board_after)
    for line, _, count in state.line.segments(state.n_history, state.n_keys):
        limit = line.start_keys + count
        for index in (line.first.get(key, limit), *line.twins.get(key, ())):
            if index >= limit:
                continue
            if line.boards[index - line.start_keys] is None:
                _replay(line, state.origin)
            if snapshot(line.boards[index - line.start_keys]) == exact:
                return True
    return False


def _replay(line: Line, origin: Board) -> None:
    """Fill in the unknown boards of ``line``, a first segment, by replaying its history from
    ``origin``."""
    actions = [(seat, decode(ply)) for seat, ply in line.history if ply != RESIGN]
    board = dict(origin)
    boards = [{}, board][: len(line.keys) - len(actions)]  # the empty table, then origin
    for seat, action in actions:
        board = dict(board)
        put(board, seat, action)
        boards.append(board)
    for index, known in enumerate(line.boards):
        if known is None:
            line.boards[index] = boards[index]


def mask_is_fixed(mask: int) -> bool:
    """Kings and queens have one orientation, so their moves carry no ``=dirset``."""
    return mask in (KING, QUEEN)


_KEY_HEX = 32  # a key is below 2**127


def to_dict(state: StaxState) -> dict:
    """JSON-safe: stacks as flat [owner, mask, …] lists, keys as one hex string."""
    return {
        "players": state.players,
        "board": _board_out(state.board),
        "placed": list(state.placed),
        "active": list(state.active),
        "turn": state.turn,
        "winner": state.winner,
        "history": [[seat, ply] for seat, ply in state.history],
        "keys": "".join(f"{key:0{_KEY_HEX}x}" for key in state.keys),
        "origin": _board_out(state.origin),
    }


def from_dict(data: dict) -> StaxState:
    """The state ``to_dict`` wrote."""
    text = data["keys"]
    keys = [int(text[i : i + _KEY_HEX], 16) for i in range(0, len(text), _KEY_HEX)]
    history = [(seat, ply) for seat, ply in data["history"]]
    return StaxState(
        players=data["players"],
        board=_board_in(data["board"]),
        placed=tuple(data["placed"]),
        active=tuple(data["active"]),
        turn=data["turn"],
        winner=data["winner"],
        line=Line(history, keys),
        n_history=len(history),
        n_keys=len(keys),
        origin=_board_in(data["origin"]),
    )


def _board_out(board) -> list:
    return [
        [*coords(c), [x for tile in stack for x in tile]] for c, stack in sorted(board.items())
    ]


def _board_in(rows) -> dict:
    return {
        cell(q, r): tuple((flat[i], flat[i + 1]) for i in range(0, len(flat), 2))
        for q, r, flat in rows
    }

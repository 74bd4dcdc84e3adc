"""The Stax game state, what is derived from it, and applying a ply to a board."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .board import step_ok
from .hashing import raw_hash, snapshot
from .tiles import DIRSET, KING, QUEEN, cell

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
    through; one per branch point in a search's line, which the persistent key set of
    :func:`key_set` answers instead).

    ``start_history`` and ``start_keys`` are where the segment begins in the game's counts;
    ``base`` is the first segment of the chain (itself when it has no parent) and
    ``base_keys`` how many of the base's keys (game-wide) the segment's states see.
    ``first`` maps a key to the first (game-wide) index holding it in this segment, ``twins``
    any later index holding it again (only a hash collision does that), and ``boards`` the
    exact board at each key of the segment. A game loaded from its record starts after
    ``stored`` (a ``pbem.games.stax.stored.Stored``: the history and keys as the record holds
    them), which every segment played from it shares; None for a game played from its start
    here. Like ``cache``, a line is not for several threads at once.
    """

    __slots__ = ("history", "keys", "first", "twins", "boards", "parent", "start_history",
                 "start_keys", "stored", "base", "base_keys")

    def __init__(self, history=(), keys=(), boards=(), parent: Line | None = None,
                 start_history: int = 0, start_keys: int = 0, stored=None):
        self.parent, self.stored = parent, stored
        self.start_history, self.start_keys = start_history, start_keys
        self.base: Line = self if parent is None else parent.base
        self.base_keys = start_keys if parent is None or parent.parent is None else (
            parent.base_keys)
        self.history: list[tuple[int, str]] = list(history)
        self.keys: list[int] = []
        self.first: dict[int, int] = {}
        self.twins: dict[int, list[int]] = {}
        self.boards: list[Board] = []
        for key, board in zip(keys, boards, strict=True):
            self.add(key, board)

    def add(self, key: int, board: Board) -> None:
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
    position after every action) are the first ``n_history`` and ``n_keys`` items of ``line``
    (its stored ones first, for a loaded game), which the states along a line of play share
    so that a ply costs the same however long the game. ``cache`` holds derived data;
    neither it nor the identity of ``line`` takes part in ``==``.
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
        stored = self.line.stored
        chain = self.line.segments(self.n_history, self.n_keys)
        return (*(stored.history() if stored else ()),
                *(entry for line, count, _ in chain for entry in line.history[:count]))

    @property
    def keys(self) -> tuple[int, ...]:
        stored = self.line.stored
        chain = self.line.segments(self.n_history, self.n_keys)
        return (*(stored.keys() if stored else ()),
                *(key for line, _, count in chain for key in line.keys[:count]))

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
        line = Line(parent=line, start_history=state.n_history, start_keys=state.n_keys,
                    stored=line.stored)
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
    """A test of whether a key is among ``state``'s keys: O(1) per key however long the game
    and however the state was reached. The keys of the first segment of its line (a game
    played straight through, or since it was loaded) are asked of that segment's one dict;
    those of the segments branched off since, of its persistent set (:func:`key_set`), never
    one dict per branch point; those of a loaded game's record, of its ``Stored``."""
    line = state.line
    first = line.base.first
    if line.parent is None:
        limit = state.n_keys
        played = lambda key: first.get(key, limit) < limit  # noqa: E731
    else:
        root, limit = key_set(state), line.base_keys
        played = lambda key: first.get(key, limit) < limit or _found(root, key)  # noqa: E731
    stored = line.stored
    if stored is None:
        return played
    has = stored.has
    return lambda key: played(key) or has(key)


# ----- the keys seen, as a persistent set -----------------------------------------------------
#
# A hash trie of the keys of a line's segments after its first (the branches a search makes):
# 32 children per node, five bits of the key per level, a leaf holding one key (127-bit
# hashes, so evenly spread). A state's set is its parent's with one key added: the path to
# that key is copied (a few 32-slot lists) and everything else is shared, so a search
# branching from any state costs the same per ply however long the game, and a lookup reads
# at most a few levels (three for a thousand keys). The first segment's keys stay in its dict
# (see ``seen_test``), so the set of the first state off a long line starts empty.

_WIDTH, _BITS = 32, 5


def key_set(state: StaxState) -> list | None:
    """The persistent set of ``state``'s keys after its line's first segment; None on the
    first segment, whose dict answers."""
    root = state.cache.get("seen")
    if root is None and state.line.parent is not None:
        root = _built(state)
    return root


def with_key(state: StaxState, key: int, line: Line) -> list | None:
    """The set of keys of ``state``'s child with ``key``, on ``line``: ``state``'s own with
    ``key`` added (``state``'s unchanged); None while the child is on a first segment."""
    if line.parent is None:
        return None
    return _added(key_set(state) or _built(state), key, 0)


def _built(state: StaxState) -> list:
    """The set of ``state``'s keys after its line's first segment, built from them."""
    root = [None] * _WIDTH
    for line, _, count in state.line.segments(state.n_history, state.n_keys)[1:]:
        for key in line.keys[:count]:
            root = _added(root, key, 0)
    state.cache["seen"] = root
    return root


def _found(node: list, key: int) -> bool:
    shift = 0
    while True:
        slot = node[(key >> shift) & 31]
        if slot is None:
            return False
        if type(slot) is not list:
            return slot == key
        node, shift = slot, shift + _BITS


def _added(node: list, key: int, shift: int) -> list:
    index = (key >> shift) & 31
    slot = node[index]
    if slot == key:
        return node
    copy = node.copy()
    if slot is None:
        copy[index] = key
    elif type(slot) is list:
        copy[index] = _added(slot, key, shift + _BITS)
    else:  # a leaf with another key: both go one level down
        copy[index] = _added(_added([None] * _WIDTH, slot, shift + _BITS), key, shift + _BITS)
    return copy


def seen(state: StaxState, key: int) -> bool:
    """Whether ``key`` is among ``state``'s keys."""
    return seen_test(state)(key)


def is_repeat(state: StaxState, key: int, board_after: Board) -> bool:
    """Whether ``board_after``, whose key ``state`` has ``seen``, really occurred before.

    A key match is confirmed against the exact earlier positions with that key, so a collision
    costs time, never a legal move. A line built by play holds every board; a loaded game's
    stored positions are replayed from the record's mark before them.
    """
    exact = snapshot(board_after)
    for line, _, count in state.line.segments(state.n_history, state.n_keys):
        limit = line.start_keys + count
        for index in (line.first.get(key, limit), *line.twins.get(key, ())):
            if index < limit and snapshot(line.boards[index - line.start_keys]) == exact:
                return True
    stored = state.line.stored
    return stored is not None and any(snapshot(board) == exact for board in stored.boards(key))


def mask_is_fixed(mask: int) -> bool:
    """Kings and queens have one orientation, so their moves carry no ``=dirset``."""
    return mask in (KING, QUEEN)

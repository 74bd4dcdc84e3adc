"""A Stax state as a record stores it: a snapshot of fixed size, and a grown part that only
ever has text appended to it.

The snapshot holds the board, hands, turn, winner, the counts of history entries and keys,
the length of the grown part it stands at, and a filter over the superko keys. The grown part
is the game in order, one item per position or entry, each ended by a space:

- ``:<key>`` for a position that no entry reached: the empty table, and ``origin`` when the
  game started from a built position;
- ``<seat><ply>:<key>`` for an action and the key of the position after it, followed by
  ``#<board>`` (the exact board, as the snapshot writes one) when the key's index is a
  multiple of :data:`MARK_EVERY`: a mark;
- ``<seat>resign`` for a resignation, which adds no position.

So a move appends its own items (``to_stored``: the database concatenates them onto the
column), and a game loaded to show its page, write its turn mail or check a move reads the
snapshot only; the grown part is read when a question needs it (``from_stored`` takes a
function that reads it):

- most keys asked about were never seen, and the filter (a Bloom filter, two bits a key) says
  so from two bytes; a key it lets through is searched for in the grown part (a search of the
  text for ``:<key>``), and after :data:`_SEARCHES` keys searched for every key is put in a
  dict;
- a key match is confirmed (STAX-R4) against the exact earlier position, replayed from the
  mark before it: at most :data:`MARK_EVERY` plies however long the game.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator

from .state import RESIGN, Board, Line, StaxState, decode, put
from .tiles import cell, coords

_KEY_HEX = 32  # a key is below 2**127
#: What starts a key, starts a mark's board and ends an item (none occurs in a ply or board).
KEY, MARK, END = ":", "#", " "
_KEYS = re.compile(":([0-9a-f]{32})")
#: Keys searched for in the text before they are all put in a dict instead.
_SEARCHES = 32
#: The record marks the exact board of every key index that is a multiple of this.
MARK_EVERY = 32
#: The filter's bits (a key sets bit ``key % 32768`` and bit ``key // 32768 % 32768``): one
#: in 300 keys never seen gets through it after 1,000 keys, one in 35 after 3,000 (a move
#: checks the keys of all the legal moves, a few hundred).
_FILTER_SHIFT = 15
_FILTER_BITS = 1 << _FILTER_SHIFT
_FILTER_MASK = _FILTER_BITS - 1


def _filter_bits(key: int) -> tuple[int, int]:
    return key & _FILTER_MASK, key >> _FILTER_SHIFT & _FILTER_MASK


class Stored:
    """The history and keys of a game up to where it was loaded, shared (never changed) by
    every state played from it: the first ``length`` characters of the grown part, which
    ``read`` returns (read once, when first needed; it may have grown since, never changed),
    ``n_history`` entries and ``n_keys`` keys. Like a ``Line``, not for several threads."""

    __slots__ = ("read", "length", "filter", "n_history", "n_keys", "origin",
                 "_text", "_bytes", "_asked", "_searched", "_found", "_history")

    def __init__(self, read: Callable[[], str], length: int, filter_hex: str,
                 n_history: int, n_keys: int, origin: Board):
        self.read, self.length, self.filter, self.origin = read, length, filter_hex, origin
        self.n_history, self.n_keys = n_history, n_keys
        self._text: str | None = None
        self._bytes: bytes | None = None  # the filter, once asked
        self._asked = 0
        self._searched: dict[int, int] = {}  # key -> first offset (or -1), as searched
        self._found: dict[int, list[int]] | None = None  # key -> offsets, once decoded
        self._history: list[tuple[int, str]] | None = None

    def text(self) -> str:
        """The grown part as far as this state's record goes."""
        if self._text is None:
            text = self.read() if self.length else ""
            if len(text) < self.length:
                raise ValueError(f"the record's grown part has {len(text)} characters, "
                                 f"its snapshot stands at {self.length}")
            self._text = text[: self.length]  # the text itself when it has not grown since
        return self._text

    @property
    def read_yet(self) -> bool:
        """Whether a question has made the grown part be read."""
        return self._text is not None

    def has(self, key: int) -> bool:
        """Whether ``key`` is among the stored keys: no when the filter says so."""
        bits = self._bytes
        if bits is None:
            bits = self._bytes = bytes.fromhex(self.filter)
        low, high = _filter_bits(key)
        if not (bits[low >> 3] >> (low & 7) & 1 and bits[high >> 3] >> (high & 7) & 1):
            return False
        return self._first(key) >= 0

    def filter_with(self, keys) -> str:
        """The filter with ``keys`` added."""
        bits = bytearray(bytes.fromhex(self.filter))
        for key in keys:
            for bit in _filter_bits(key):
                bits[bit >> 3] |= 1 << (bit & 7)
        return bits.hex()

    def _first(self, key: int) -> int:
        """Where ``key`` first stands in the text; -1 if nowhere."""
        if self._found is None:
            first = self._searched.get(key)
            if first is not None:
                return first
            self._asked += 1
            if self._asked <= _SEARCHES:
                first = self._searched[key] = self.text().find(f"{KEY}{key:0{_KEY_HEX}x}")
                return first
            self._found = {}
            for match in _KEYS.finditer(self.text()):
                self._found.setdefault(int(match[1], 16), []).append(match.start())
        return self._found.get(key, (-1,))[0]

    def offsets(self, key: int) -> Iterator[int]:
        """Where ``key`` stands in the text, in order: more than once only on a hash
        collision, so each later place is looked for only when asked for."""
        at = self._first(key)
        if at < 0:
            return
        if self._found is not None:
            yield from self._found[key]
            return
        text, needle = self.text(), f"{KEY}{key:0{_KEY_HEX}x}"
        while at >= 0:
            yield at
            at = text.find(needle, at + 1)

    def boards(self, key: int) -> Iterator[Board]:
        """The exact stored positions whose key is ``key``, replayed as they are asked for."""
        return (self._board_at(at) for at in self.offsets(key))

    def _board_at(self, at: int) -> Board:
        """The position of the key at ``at``: its mark's, or replayed from the mark before
        it (from the start of the game for the first :data:`MARK_EVERY` keys: the keys are
        of the empty table, of ``origin`` when the game started from a built position, then
        of the position after every action)."""
        text, end = self.text(), at + 1 + _KEY_HEX
        if text[end] == MARK:
            return _board_in(json.loads(text[end + 1 : text.index(END, end)]))
        mark = text.rfind(MARK, 0, at)
        if mark < 0:
            board, start = {}, 0
        else:
            start = text.index(END, mark)
            board, start = _board_in(json.loads(text[mark + 1 : start])), start + 1
        for number, item in enumerate(text[start:end].split(END)):
            played, has_key, _ = item.partition(KEY)
            if not played:  # a position no entry reached: the origin follows the empty table
                board = dict(self.origin) if number else {}
            elif has_key:  # this board is the replay's own: changed in place
                put(board, int(played[0]), decode(played[1:]))
        return board

    def history(self) -> list[tuple[int, str]]:
        """The stored (seat, ply) entries."""
        if self._history is None:
            self._history = [(int(played[0]), played[1:])
                             for played in (item.partition(KEY)[0]
                                            for item in self.text().split(END)) if played]
        return self._history

    def keys(self) -> list[int]:
        """The stored keys in the order of the game."""
        return [int(found, 16) for found in _KEYS.findall(self.text())]


#: The stored part of a game played from its start here: nothing.
NOTHING = Stored(str, 0, "00" * (_FILTER_BITS // 8), 0, 0, {})


def to_stored(state: StaxState, since: dict | None = None) -> tuple[dict, str]:
    """The snapshot of ``state`` (JSON-safe: stacks as flat [owner, mask, …] lists) and what
    to append to a grown part that stands at the snapshot ``since`` (None: an empty one) to
    make it ``state``'s; ``state`` continues the game ``since`` is of."""
    stored = state.line.stored or NOTHING
    played, keys = _played(state)
    snapshot = {
        "players": state.players,
        "board": _board_out(state.board),
        "placed": list(state.placed),
        "active": list(state.active),
        "turn": state.turn,
        "winner": state.winner,
        "seen_filter": stored.filter_with(keys),
        "n_history": state.n_history,
        "n_keys": state.n_keys,
        "grown_length": stored.length + len(played),
        "origin": _board_out(state.origin),
    }
    done = 0 if since is None else since["grown_length"]
    if done >= stored.length:
        return snapshot, played[done - stored.length :]
    return snapshot, stored.text()[done:] + played


def _played(state: StaxState) -> tuple[str, list[int]]:
    """The items of ``state``'s line after its stored part, and the keys they add."""
    parts, added = [], []
    for line, count, keys in state.line.segments(state.n_history, state.n_keys):
        entries = line.history[:count]
        key = keys - sum(ply != RESIGN for _, ply in entries)  # the first action's key
        for unreached in line.keys[:key]:  # the empty table's and the origin's
            parts.append(f"{KEY}{unreached:0{_KEY_HEX}x}{END}")
        added += line.keys[:keys]
        for seat, ply in entries:
            if ply == RESIGN:
                parts.append(f"{seat}{ply}{END}")
                continue
            index = line.start_keys + key
            mark = "" if index % MARK_EVERY else MARK + json.dumps(
                _board_out(line.boards[key]), separators=(",", ":"))
            parts.append(f"{seat}{ply}{KEY}{line.keys[key]:0{_KEY_HEX}x}{mark}{END}")
            key += 1
    return "".join(parts), added


def from_stored(snapshot: dict, read: Callable[[], str]) -> StaxState:
    """The state ``to_stored`` wrote, whose grown part ``read`` returns: called only when a
    question needs the history or the keys."""
    origin = _board_in(snapshot["origin"])
    stored = Stored(read, snapshot["grown_length"], snapshot["seen_filter"],
                    snapshot["n_history"], snapshot["n_keys"], origin)
    return StaxState(
        players=snapshot["players"],
        board=_board_in(snapshot["board"]),
        placed=tuple(snapshot["placed"]),
        active=tuple(snapshot["active"]),
        turn=snapshot["turn"],
        winner=snapshot["winner"],
        line=Line(stored=stored, start_history=stored.n_history, start_keys=stored.n_keys),
        n_history=stored.n_history,
        n_keys=stored.n_keys,
        origin=origin,
    )


def to_dict(state: StaxState) -> dict:
    """The snapshot with the whole grown part under ``grown``."""
    snapshot, grown = to_stored(state)
    return {**snapshot, "grown": grown}


def from_dict(data: dict) -> StaxState:
    """The state ``to_dict`` wrote; its grown part is decoded only when a question needs it."""
    return from_stored(data, lambda: data["grown"])


def _board_out(board) -> list:
    return [
        [*coords(c), [x for tile in stack for x in tile]] for c, stack in sorted(board.items())
    ]


def _board_in(rows) -> dict:
    return {
        cell(q, r): tuple((flat[i], flat[i + 1]) for i in range(0, len(flat), 2))
        for q, r, flat in rows
    }

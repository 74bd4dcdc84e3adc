"""A Stax state as a record stores it, and the stored part of a loaded game's history.

A record is a head of fixed size (board, hands, turn, winner, a filter over the superko keys)
and three parts that grow with the game, each kept as text a load does not decode: the history
(``"0E+NW@0,0 1Q@1,0 …"``, each entry its seat's digit and the ply), the superko keys
(fixed-width entries of a key and the index of the position it is the key of, sorted by key)
and the marks (the exact board every :data:`MARK_EVERY` keys, with where the history stands
there). A game loaded to show its page, write its turn mail or check a move decodes nothing
of its history:

- most keys asked about were never seen, and the filter (a Bloom filter, two bits a key) says
  so from two bytes; a key it lets through is looked up in the sorted entries where it should
  stand (keys are evenly spread, so an interpolation search finds it in a few probes however
  many there are); the entries become a dict only once enough lookups have been made to pay
  for it, as a search does;
- a key match is confirmed (STAX-R4) against the exact earlier position, replayed from the
  mark before it: at most :data:`MARK_EVERY` plies however long the game.

Writing a state back inserts the keys, marks and entries of the plies played since loading.
"""

from __future__ import annotations

import json

from .hashing import P
from .state import RESIGN, Board, Line, StaxState, decode, put
from .tiles import cell, coords

_KEY_HEX, _INDEX_HEX = 32, 6  # a key is below 2**127; an index below 16**6
_ENTRY = _KEY_HEX + _INDEX_HEX
#: A lookup interpolates this many times before it halves the range instead (a bound on the
#: probes should the keys ever bunch up).
_INTERPOLATIONS = 4
#: The record marks the exact board of every key index that is a multiple of this.
MARK_EVERY = 32
#: The filter's bits (a key sets bit ``key % 8192`` and bit ``key // 8192 % 8192``): one in
#: twenty keys never seen gets through it after 1,000 keys, one in four after 3,000.
_FILTER_BITS = 1 << 13
_FILTER_MASK = _FILTER_BITS - 1


def _filter_bits(key: int) -> tuple[int, int]:
    return key & _FILTER_MASK, key >> 13 & _FILTER_MASK


class Stored:
    """The history and keys of a game up to where it was loaded, shared (never changed) by
    every state played from it. ``n_history`` entries of history, ``n_keys`` keys; like a
    ``Line``, not for several threads at once."""

    __slots__ = ("text", "entries", "filter", "marks", "n_history", "n_keys", "origin",
                 "_bytes", "_found", "_asked", "_history", "_blocks")

    def __init__(self, text: str, entries: str, filter_hex: str, marks: list[str],
                 origin: Board):
        self.text, self.entries, self.filter, self.origin = text, entries, filter_hex, origin
        self.marks = marks  # "<key index> <offset in text> <board as JSON>", in order
        self._bytes: bytes | None = None  # the filter, once asked
        self.n_history = text.count(" ") + 1 if text else 0
        self.n_keys = len(entries) // _ENTRY
        self._found: dict[int, list[int]] | None = None  # key -> indices, once decoded
        self._asked = 0
        self._history: list[tuple[int, str]] | None = None
        self._blocks: dict[int, list[Board]] = {}  # n -> boards of keys 32n to 32n + 31

    def has(self, key: int) -> bool:
        """Whether ``key`` is among the stored keys: no when the filter says so."""
        bits = self._bytes
        if bits is None:
            bits = self._bytes = bytes.fromhex(self.filter)
        low, high = _filter_bits(key)
        if not (bits[low >> 3] >> (low & 7) & 1 and bits[high >> 3] >> (high & 7) & 1):
            return False
        return bool(self.indices(key))

    def filter_with(self, keys) -> str:
        """The filter with ``keys`` added."""
        bits = bytearray(bytes.fromhex(self.filter))
        for key in keys:
            for bit in _filter_bits(key):
                bits[bit >> 3] |= 1 << (bit & 7)
        return bits.hex()

    def indices(self, key: int) -> list[int]:
        """The indices of the stored positions whose key is ``key`` (more than one only on a
        hash collision)."""
        if self._found is None:
            self._asked += 1
            if self._asked <= self.n_keys:
                return self._indices_in_entries(key)
            self._found = {}
            for index, found in self._decoded():
                self._found.setdefault(found, []).append(index)
        return self._found.get(key, [])

    def _indices_in_entries(self, key: int) -> list[int]:
        entries, at = self.entries, self._lower(key)
        found = []
        while at < self.n_keys and _key_at(entries, at) == key:
            start = at * _ENTRY + _KEY_HEX
            found.append(int(entries[start : start + _INDEX_HEX], 16))
            at += 1
        return found

    def _lower(self, key: int) -> int:
        """The first entry whose key is not below ``key``: an interpolation search (keys are
        evenly spread over [0, P)), halving the range after a few probes."""
        entries, lo, hi, low_key, high_key = self.entries, 0, self.n_keys, 0, P
        probes = 0
        while lo < hi:
            if probes < _INTERPOLATIONS and low_key <= key < high_key:
                middle = lo + (key - low_key) * (hi - lo) // (high_key - low_key)
            else:
                middle = (lo + hi) // 2
            probes += 1
            found = _key_at(entries, middle)
            if found < key:
                lo, low_key = middle + 1, found
            else:
                hi, high_key = middle, found + 1
        return lo

    def _decoded(self) -> list[tuple[int, int]]:
        """(index, key) of every stored entry, in key order."""
        entries = self.entries
        return [(int(entries[at + _KEY_HEX : at + _ENTRY], 16),
                 int(entries[at : at + _KEY_HEX], 16)) for at in range(0, len(entries), _ENTRY)]

    def keys(self) -> list[int]:
        """The stored keys in the order of the game."""
        return [key for _, key in sorted(self._decoded())]

    def history(self) -> list[tuple[int, str]]:
        """The stored (seat, ply) entries."""
        if self._history is None:
            self._history = [(int(entry[0]), entry[1:]) for entry in self.text.split(" ")
                             ] if self.text else []
        return self._history

    @property
    def replayed(self) -> bool:
        """Whether a key match has made stored positions be replayed."""
        return bool(self._blocks)

    def board(self, index: int) -> Board:
        """The exact position whose key has index ``index``: replayed, with the rest of its
        block of :data:`MARK_EVERY` keys, from the block's mark (from ``origin`` for the
        first block: the keys are of the empty table, of ``origin`` when the game started
        from a built position, then of the position after every action)."""
        number, within = divmod(index, MARK_EVERY)
        block = self._blocks.get(number)
        if block is None:
            block = self._blocks[number] = self._replayed_block(number)
        return block[within]

    def _replayed_block(self, number: int) -> list[Board]:
        if number:
            _, offset, board_text = self.marks[number - 1].split(" ", 2)
            board, at = _board_in(json.loads(board_text)), int(offset)
            boards = [board]
        else:
            board, at = dict(self.origin), 0
            boards = [{}, board] if board else [board]
        text = self.text
        while len(boards) < MARK_EVERY and at < len(text):
            end = text.find(" ", at)
            end = len(text) if end < 0 else end
            seat, ply, at = int(text[at]), text[at + 1 : end], end + 1
            if ply != RESIGN:
                board = dict(board)
                put(board, seat, decode(ply))
                boards.append(board)
        return boards

    def entries_with(self, added: list[tuple[int, int]]) -> str:
        """The sorted entries with ``added`` ((index, key) pairs) among them: a few are put
        in place, many sorted in with the rest."""
        if len(added) > 8:
            found = [(key, index) for index, key in self._decoded()]
            return "".join(_entry(key, index) for key, index in sorted(found + [
                (key, index) for index, key in added]))
        entries = self.entries
        for index, key in added:
            text = _entry(key, index)
            at = self._lower_in(entries, text) * _ENTRY
            entries = entries[:at] + text + entries[at:]
        return entries

    @staticmethod
    def _lower_in(entries: str, text: str) -> int:
        lo, hi = 0, len(entries) // _ENTRY
        while lo < hi:
            middle = (lo + hi) // 2
            if entries[middle * _ENTRY : (middle + 1) * _ENTRY] < text:
                lo = middle + 1
            else:
                hi = middle
        return lo


def _key_at(entries: str, at: int) -> int:
    start = at * _ENTRY
    return int(entries[start : start + _KEY_HEX], 16)


def _entry(key: int, index: int) -> str:
    return f"{key:0{_KEY_HEX}x}{index:0{_INDEX_HEX}x}"


#: The stored part of a game played from its start here: nothing.
NOTHING = Stored("", "", "00" * (_FILTER_BITS // 8), [], {})


def to_dict(state: StaxState) -> dict:
    """JSON-safe: stacks as flat [owner, mask, …] lists, the history, keys and marks as
    described above."""
    stored = state.line.stored or NOTHING
    played, marks = _played(state, stored)
    added = [(line.start_keys + i, key)
             for line, _, count in state.line.segments(state.n_history, state.n_keys)
             for i, key in enumerate(line.keys[:count])]
    return {
        "players": state.players,
        "board": _board_out(state.board),
        "placed": list(state.placed),
        "active": list(state.active),
        "turn": state.turn,
        "winner": state.winner,
        "history": " ".join(text for text in (stored.text, played) if text),
        "seen": stored.entries_with(added),
        "seen_filter": stored.filter_with(key for _, key in added),
        "marks": stored.marks + marks,
        "origin": _board_out(state.origin),
    }


def _played(state: StaxState, stored: Stored) -> tuple[str, list[str]]:
    """The history entries of ``state``'s line (those after ``stored``) as text, and the
    marks of the keys they add."""
    parts, marks = [], []
    at = len(stored.text) + 1 if stored.text else 0  # where the next entry starts
    for line, count, keys in state.line.segments(state.n_history, state.n_keys):
        entries = line.history[:count]
        key = keys - sum(ply != RESIGN for _, ply in entries)  # the first action's key
        for seat, ply in entries:
            parts.append(f"{seat}{ply}")
            at += len(parts[-1]) + 1
            if ply != RESIGN:
                index = line.start_keys + key
                if index % MARK_EVERY == 0:
                    board = json.dumps(_board_out(line.boards[key]), separators=(",", ":"))
                    marks.append(f"{index} {at} {board}")
                key += 1
    return " ".join(parts), marks


def from_dict(data: dict) -> StaxState:
    """The state ``to_dict`` wrote; its history and keys stay stored until asked for."""
    origin = _board_in(data["origin"])
    stored = Stored(data["history"], data["seen"], data["seen_filter"], data["marks"], origin)
    return StaxState(
        players=data["players"],
        board=_board_in(data["board"]),
        placed=tuple(data["placed"]),
        active=tuple(data["active"]),
        turn=data["turn"],
        winner=data["winner"],
        line=Line(stored=stored, start_history=stored.n_history, start_keys=stored.n_keys),
        n_history=stored.n_history,
        n_keys=stored.n_keys,
        origin=origin,
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

"""Stax snapshots keep their history and superko keys as two strings, the keys sorted.

A Stax snapshot used to hold its history as a list of [seat, ply] pairs and its superko keys
as one hex string in the order of the game, so loading a game decoded its whole history.
It now holds the history as one string (each entry its seat's digit and the ply, separated
by spaces) and the keys, each with the index of the position it is the key of, sorted by key
under ``seen``, which a game reads only as far as a question needs, with a Bloom filter of
the keys under ``seen_filter`` (8,192 bits as hex, bit ``n`` in byte ``n // 8``; each key sets
bits ``key % 8192`` and ``key // 8192 % 8192``), and under ``marks`` the exact board at
every key index that is a multiple of 32 (``"<index> <offset> <board>"``: where the history's
next entry starts in its string, and the board as the snapshot writes one), so confirming a
repeat replays at most 32 plies. The revision is self-contained: the conversion, and the
replay of a Stax history it needs for the marks, are written out below, as the formats and
rules stood when it was made.

Revision ID: b5d1e7f3a9c2
Revises: d3f5a7c9e1b2
Create Date: 2026-11-27 17:30:00.000000

"""
import json

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'b5d1e7f3a9c2'
down_revision = 'd3f5a7c9e1b2'
branch_labels = None
depends_on = None

games = sa.table("games", sa.column("id", sa.Integer), sa.column("slug", sa.String),
                 sa.column("snapshot", sa.JSON))
#: Hex digits of a key and of its index in an entry of ``seen``.
KEY_HEX, INDEX_HEX = 32, 6
#: Games read at a time.
CHUNK = 500
FILTER_BITS = 8192


def filter_of(keys: list[str]) -> str:
    """The Bloom filter of the hex ``keys``, as hex."""
    bits = bytearray(FILTER_BITS // 8)
    for text in keys:
        key = int(text, 16)
        for bit in (key % FILTER_BITS, key // FILTER_BITS % FILTER_BITS):
            bits[bit // 8] |= 1 << (bit % 8)
    return bits.hex()


MARK_EVERY = 32
DIRS = ("E", "NE", "NW", "W", "SW", "SE")
RESIGN = "resign"


def mask_of(text: str) -> int:
    """A pointer set's mask from its text (``K``, ``Q``, ``E+NW``, ``~E+NW``)."""
    if text in ("K", "Q"):
        return 0 if text == "K" else 63
    bits = sum(1 << DIRS.index(name) for name in text.lstrip("~").split("+"))
    return 63 & ~bits if text.startswith("~") else bits


def cell_of(text: str) -> tuple[int, int]:
    q, r = text.split(",")
    return int(q), int(r)


def put(board: dict, seat: int, ply: str) -> None:
    """Apply a stored Stax ply to ``board`` ({(q, r): [(owner, mask), ...]}) in place."""
    if "@" in ply:
        mask, where = ply.split("@")
        board[cell_of(where)] = [(seat, mask_of(mask))]
        return
    source, rest = ply.split(">")
    target, _, turned = rest.partition("=")
    src, dst = cell_of(source), cell_of(target)
    tile = board[src].pop()
    if not board[src]:
        del board[src]
    under = board.setdefault(dst, [])
    if under and under[-1][1] == 0:  # a king captured
        under.pop()
    under.append((seat, mask_of(turned) if turned else tile[1]))


def board_text(board: dict) -> str:
    """A board as the snapshot writes one, compact JSON."""
    rows = [[q, r, [x for tile in board[(q, r)] for x in tile]] for q, r in sorted(board)]
    return json.dumps(rows, separators=(",", ":"))


def marks_of(data: dict) -> list[str]:
    """The marks of the snapshot's history, replayed from its origin."""
    board = {(q, r): [(flat[i], flat[i + 1]) for i in range(0, len(flat), 2)]
             for q, r, flat in data["origin"]}
    index, at, marks = (1 if board else 0), 0, []
    for seat, ply in data["history"]:
        at += len(f"{seat}{ply}") + 1
        if ply == RESIGN:
            continue
        put(board, seat, ply)
        index += 1
        if index % MARK_EVERY == 0:
            marks.append(f"{index} {at} {board_text(board)}")
    return marks


def to_stored(data: dict) -> dict:
    """The snapshot with the history and keys as the new strings."""
    text = data["keys"]
    keys = [text[at : at + KEY_HEX] for at in range(0, len(text), KEY_HEX)]
    converted = {name: value for name, value in data.items() if name != "keys"}
    converted["history"] = " ".join(f"{seat}{ply}" for seat, ply in data["history"])
    converted["seen"] = "".join(sorted(f"{key}{index:0{INDEX_HEX}x}"
                                       for index, key in enumerate(keys)))
    converted["seen_filter"] = filter_of(keys)
    converted["marks"] = marks_of(data)
    return converted


def to_listed(data: dict) -> dict:
    """The snapshot with the history as a list and the keys in the order of the game."""
    text, width = data["seen"], KEY_HEX + INDEX_HEX
    entries = sorted((int(text[at + KEY_HEX : at + width], 16), text[at : at + KEY_HEX])
                     for at in range(0, len(text), width))
    converted = {name: value for name, value in data.items()
                 if name not in ("seen", "seen_filter", "marks")}
    converted["history"] = [[int(entry[0]), entry[1:]]
                            for entry in data["history"].split(" ")] if data["history"] else []
    converted["keys"] = "".join(key for _, key in entries)
    return converted


def _convert(change, stored_form: bool) -> None:
    """Rewrite every Stax snapshot not yet in the wanted form with ``change``, a chunk of
    games at a time."""
    connection, last = op.get_bind(), 0
    while True:
        rows = connection.execute(
            sa.select(games.c.id, games.c.snapshot)
            .where(games.c.slug == "stax", games.c.id > last)
            .order_by(games.c.id).limit(CHUNK)).all()
        if not rows:
            return
        for game_id, data in rows:
            if data is not None and isinstance(data["history"], str) != stored_form:
                connection.execute(games.update().where(games.c.id == game_id)
                                   .values(snapshot=change(data)))
        last = rows[-1][0]


def upgrade():
    _convert(to_stored, True)


def downgrade():
    _convert(to_listed, False)

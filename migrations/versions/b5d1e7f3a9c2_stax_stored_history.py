"""Stax snapshots keep their history and superko keys as two strings, the keys sorted.

A Stax snapshot used to hold its history as a list of [seat, ply] pairs and its superko keys
as one hex string in the order of the game, so loading a game decoded its whole history.
It now holds the history as one string (each entry its seat's digit and the ply, separated
by spaces) and the keys, each with the index of the position it is the key of, sorted by key
under ``seen``, which a game reads only as far as a question needs, with a Bloom filter of
the keys under ``seen_filter`` (8,192 bits as hex, bit ``n`` in byte ``n // 8``; each key sets
bits ``key % 8192`` and ``key // 8192 % 8192``). The revision is self-contained: the
conversion is written out below, as the formats stood when it was made.

Revision ID: b5d1e7f3a9c2
Revises: a7c2e5f9d1b4
Create Date: 2026-11-27 17:30:00.000000

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'b5d1e7f3a9c2'
down_revision = 'a7c2e5f9d1b4'
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


def to_stored(data: dict) -> dict:
    """The snapshot with the history and keys as the new strings."""
    text = data["keys"]
    keys = [text[at : at + KEY_HEX] for at in range(0, len(text), KEY_HEX)]
    converted = {name: value for name, value in data.items() if name != "keys"}
    converted["history"] = " ".join(f"{seat}{ply}" for seat, ply in data["history"])
    converted["seen"] = "".join(sorted(f"{key}{index:0{INDEX_HEX}x}"
                                       for index, key in enumerate(keys)))
    converted["seen_filter"] = filter_of(keys)
    return converted


def to_listed(data: dict) -> dict:
    """The snapshot with the history as a list and the keys in the order of the game."""
    text, width = data["seen"], KEY_HEX + INDEX_HEX
    entries = sorted((int(text[at + KEY_HEX : at + width], 16), text[at : at + KEY_HEX])
                     for at in range(0, len(text), width))
    converted = {name: value for name, value in data.items()
                 if name not in ("seen", "seen_filter")}
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

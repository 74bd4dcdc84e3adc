"""A Stax game keeps what grows with it (history, superko keys, marks) in its own column.

Until now a Stax snapshot held, beside the position, three strings that grow with the game
(``history``, ``seen``: the keys sorted, ``marks``), so loading a game parsed them all and a
move wrote them all back. They now live in ``games.grown``, a text that a move only appends
to and a load reads only when a question needs it: the game in order, one item per position
or entry, each ended by a space:

- ``:<key>`` for the empty table (and a built position's origin), which no entry reached;
- ``<seat><ply>:<key>`` for an action and the 32-hex-digit key of the position after it,
  followed by ``#<board>`` (the board as the snapshot writes one) when the key's index is a
  multiple of 32, as ``marks`` held it;
- ``<seat>resign`` for a resignation.

The snapshot keeps the position, and gains ``n_history``, ``n_keys`` and ``grown_length``
(the counts of entries and keys, and the length of the text it stands at); its filter of the
keys (``seen_filter``) grows from 8,192 bits to 32,768, computed again from the keys (each
sets bits ``key % bits`` and ``key // bits % bits``, bit ``n`` in byte ``n // 8``, as hex),
since a move that looks up its keys no longer finds them in sorted entries but in the text.
Every key, mark and entry moves as it was, both ways.

Revision ID: c4e8a2f6b1d9
Revises: b5d1e7f3a9c2
Create Date: 2026-11-27 20:00:00.000000

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'c4e8a2f6b1d9'
down_revision = 'b5d1e7f3a9c2'
branch_labels = None
depends_on = None

games = sa.table("games", sa.column("id", sa.Integer), sa.column("slug", sa.String),
                 sa.column("snapshot", sa.JSON), sa.column("grown", sa.Text))
#: Hex digits of a key and of its index in an entry of ``seen``.
KEY_HEX, INDEX_HEX = 32, 6
#: Games read at a time.
CHUNK = 500
RESIGN = "resign"
GROWING = ("history", "seen", "marks")
COUNTS = ("n_history", "n_keys", "grown_length")
#: The filter's bits before and after.
SORTED_BITS, GROWN_BITS = 1 << 13, 1 << 15


def filter_of(keys, size: int) -> str:
    """The Bloom filter of ``size`` bits of the hex ``keys``, as hex."""
    bits = bytearray(size // 8)
    for text in keys:
        key = int(text, 16)
        for bit in (key % size, key // size % size):
            bits[bit // 8] |= 1 << (bit % 8)
    return bits.hex()


def to_grown(data: dict) -> tuple[dict, str]:
    """A snapshot of the previous form as the new snapshot and grown text."""
    seen, width = data["seen"], KEY_HEX + INDEX_HEX
    keys = {int(seen[at + KEY_HEX : at + width], 16): seen[at : at + KEY_HEX]
            for at in range(0, len(seen), width)}
    marks = {int(index): board for index, _, board in (mark.split(" ", 2)
                                                      for mark in data["marks"])}
    entries = data["history"].split(" ") if data["history"] else []
    index = 2 if data["origin"] else 1  # the empty table's key, and the origin's
    items = [f":{keys[unreached]} " for unreached in range(index)]
    for entry in entries:
        if entry[1:] == RESIGN:
            items.append(f"{entry} ")
            continue
        mark = f"#{marks.pop(index)}" if index in marks else ""
        items.append(f"{entry}:{keys[index]}{mark} ")
        index += 1
    if index != len(keys) or marks:
        raise ValueError("a Stax snapshot whose keys or marks do not match its history")
    grown = "".join(items)
    snapshot = {name: value for name, value in data.items() if name not in GROWING}
    snapshot.update(n_history=len(entries), n_keys=len(keys), grown_length=len(grown),
                    seen_filter=filter_of(keys.values(), GROWN_BITS))
    return snapshot, grown


def to_sorted(snapshot: dict, grown: str) -> dict:
    """The new snapshot and grown text as a snapshot of the previous form."""
    entries, seen, marks, at, index = [], [], [], 0, 0
    for item in grown.split(" ")[:-1]:
        played, _, rest = item.partition(":")
        key, _, board = rest.partition("#")
        if played:
            entries.append(played)
            at += len(played) + 1  # where the next entry starts
        if key:
            seen.append(f"{key}{index:0{INDEX_HEX}x}")
            if board:
                marks.append(f"{index} {at} {board}")
            index += 1
    data = {name: value for name, value in snapshot.items() if name not in COUNTS}
    data.update(history=" ".join(entries), seen="".join(sorted(seen)), marks=marks,
                seen_filter=filter_of((entry[:KEY_HEX] for entry in seen), SORTED_BITS))
    return data


def _convert(change, grown_form: bool) -> None:
    """Rewrite every Stax game not yet in the wanted form with ``change``, a chunk of games
    at a time."""
    connection, last = op.get_bind(), 0
    while True:
        rows = connection.execute(
            sa.select(games.c.id, games.c.snapshot, games.c.grown)
            .where(games.c.slug == "stax", games.c.id > last)
            .order_by(games.c.id).limit(CHUNK)).all()
        if not rows:
            return
        for game_id, data, grown in rows:
            if data is not None and ("grown_length" in data) != grown_form:
                connection.execute(games.update().where(games.c.id == game_id)
                                   .values(change(data, grown)))
        last = rows[-1][0]


def _grown(data: dict, _grown: None) -> dict:
    snapshot, grown = to_grown(data)
    return {"snapshot": snapshot, "grown": grown}


def _sorted(data: dict, grown: str | None) -> dict:
    return {"snapshot": to_sorted(data, grown or ""), "grown": None}


def upgrade():
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("grown", sa.Text(), nullable=True))
    _convert(_grown, True)


def downgrade():
    _convert(_sorted, False)
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("grown")

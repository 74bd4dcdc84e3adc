"""Players' names compared by a stored key, unique: two renames to one name at the same
moment cannot both pass.

The key is the name as the accounts compare names (compatibility form, case folded, look-alike
characters folded, everything but letters and digits dropped), computed here by a copy of that
function as it stands today, so this migration reads nothing of the application. Existing
duplicates keep working: the player who has had the name longest (the lowest id) holds the
key, any later one is left without one (NULL) until they take a new name.

Revision ID: b7d1f3a9c2e5
Revises: e8c4a2f6d913
Create Date: 2026-11-27 15:45:00.000000

"""
import unicodedata

import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = 'b7d1f3a9c2e5'
down_revision = 'e8c4a2f6d913'
branch_labels = None
depends_on = None

UNNAMED = "an invited player"
_LOOK_ALIKES = str.maketrans({
    "а": "a", "в": "b", "с": "c", "е": "e", "һ": "h", "і": "i", "ј": "j", "к": "k", "м": "m",
    "н": "h", "о": "o", "р": "p", "ԛ": "q", "ѕ": "s", "т": "t", "у": "y", "х": "x", "ү": "y",
    "ӏ": "l", "ԁ": "d", "ɡ": "g", "ԝ": "w",
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p",
    "τ": "t", "υ": "u", "χ": "x", "ω": "w", "ϲ": "c",
    "0": "o", "1": "l", "|": "l", "!": "l", "3": "e", "4": "a", "5": "s", "$": "s", "7": "t",
    "8": "b", "@": "a", "ı": "i", "ł": "l", "ø": "o", "đ": "d", "ħ": "h",
    "i": "l",
})


def _key(name):
    text = unicodedata.normalize("NFKC", name).casefold()
    text = "".join(ch for ch in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(ch))
    text = text.translate(_LOOK_ALIKES).replace("rn", "m").replace("vv", "w")
    return "".join(ch for ch in text if ch.isalnum()) or None


def upgrade():
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.add_column(sa.Column('name_key', sa.String(length=255), nullable=True))
    players = sa.table('players', sa.column('id', sa.Integer), sa.column('name', sa.String),
                       sa.column('name_key', sa.String), sa.column('joined_at'),
                       sa.column('deleted_at'))
    bind = op.get_bind()
    rows = bind.execute(
        sa.select(players.c.id, players.c.name)
        .where(players.c.joined_at.isnot(None), players.c.deleted_at.is_(None),
               players.c.name != UNNAMED)
        .order_by(players.c.id)).all()
    held = set()
    for player_id, name in rows:
        key = _key(name or "")
        if key is None or key in held:  # a later duplicate: no key until it is renamed
            continue
        held.add(key)
        bind.execute(players.update().where(players.c.id == player_id).values(name_key=key))
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_players_name_key'), ['name_key'], unique=True)


def downgrade():
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_players_name_key'))
        batch_op.drop_column('name_key')

"""Turn emails and reminders waiting in the outbox say that they wait (``deferred``).

A turn email or reminder held back by its recipient's settings (the quiet hours, the digest)
used to be given up by the move that made it moot. Now its composer gives it up when it would
go, and knows it was held back by ``"deferred": true`` in its facts, which only mail queued
from now on carries. Mail queued before the upgrade and not yet sent gets the mark here, so a
turn played during the upgrade's quiet hours is not announced afterwards with a dead link.
Every such message gets it: one that was merely waiting for the sender is seconds from going,
and if its turn was played meanwhile it is as moot as a held one. Downgrading leaves the mark,
which older code does not read.
"""

import sqlalchemy as sa
from alembic import op

revision = 'e7b3d9f1a5c8'
down_revision = 'c4e8a2f6b1d9'
branch_labels = None
depends_on = None

#: The kinds whose composer gives up a deferred message whose turn was played.
TURN_KINDS = ("turn", "reminder")

outbox = sa.table(
    "outbox", sa.column("id", sa.Integer), sa.column("kind", sa.String),
    sa.column("facts", sa.JSON), sa.column("sent_at", sa.DateTime),
    sa.column("abandoned_at", sa.DateTime))


def upgrade():
    connection = op.get_bind()
    waiting = connection.execute(sa.select(outbox.c.id, outbox.c.facts).where(
        outbox.c.kind.in_(TURN_KINDS), outbox.c.sent_at.is_(None),
        outbox.c.abandoned_at.is_(None))).all()
    marked = [{"message_id": row.id, "facts": {**row.facts, "deferred": True}}
              for row in waiting if row.facts and not row.facts.get("deferred")]
    if marked:
        connection.execute(outbox.update().where(outbox.c.id == sa.bindparam("message_id"))
                           .values(facts=sa.bindparam("facts")), marked)


def downgrade():
    pass

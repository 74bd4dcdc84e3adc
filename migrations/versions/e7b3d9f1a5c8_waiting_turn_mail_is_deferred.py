"""Turn emails and reminders held back in the outbox say so (``deferred``).

A turn email or reminder held back by its recipient's settings (for the digest, or till the
quiet hours end) used to be given up by the move that made it moot. Now its composer gives it
up when it would go, and knows it was held back by ``"deferred": true`` in its facts, which
only mail queued from now on carries. Mail held back before the upgrade gets the mark here, so
a turn played during the recipient's quiet hours is not announced afterwards with a dead link.
Held back means what the settings do and nothing else: waiting for the digest (``held``), or
never tried and due later (``next_attempt_at``, the end of the quiet hours); mail waiting only
for the sender goes whatever happened since, as before. Downgrading leaves the mark, which
older code does not read.
"""

from datetime import datetime, timezone

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
    sa.column("abandoned_at", sa.DateTime), sa.column("held", sa.Boolean),
    sa.column("attempts", sa.Integer), sa.column("next_attempt_at", sa.DateTime(timezone=True)))


def upgrade():
    connection = op.get_bind()
    now = datetime.now(timezone.utc)
    if connection.dialect.name == "sqlite":  # stored naive, in UTC
        now = now.replace(tzinfo=None)
    waiting = connection.execute(sa.select(outbox.c.id, outbox.c.facts).where(
        outbox.c.kind.in_(TURN_KINDS), outbox.c.sent_at.is_(None),
        outbox.c.abandoned_at.is_(None), sa.or_(
            outbox.c.held.is_(True),
            sa.and_(outbox.c.attempts == 0, outbox.c.next_attempt_at > now)))).all()
    marked = [{"message_id": row.id, "facts": {**row.facts, "deferred": True}}
              for row in waiting if row.facts and not row.facts.get("deferred")]
    if marked:
        connection.execute(outbox.update().where(outbox.c.id == sa.bindparam("message_id"))
                           .values(facts=sa.bindparam("facts")), marked)


def downgrade():
    pass

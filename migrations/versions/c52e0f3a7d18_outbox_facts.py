"""The outbox's facts: turn emails are queued as facts and composed when they go out, so
their bodies may be empty until then.

Revision ID: c52e0f3a7d18
Revises: a9b1d1e3c133
Create Date: 2026-11-21 09:40:00.000000

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'c52e0f3a7d18'
down_revision = 'a9b1d1e3c133'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('outbox', schema=None) as batch_op:
        batch_op.add_column(sa.Column('facts', sa.JSON(), nullable=True))
        batch_op.alter_column('body_text', existing_type=sa.Text(), nullable=True)
        batch_op.alter_column('body_html', existing_type=sa.Text(), nullable=True)


def downgrade():
    waiting = op.get_bind().execute(
        sa.text("SELECT count(*) FROM outbox WHERE body_text IS NULL")).scalar()
    if waiting:
        raise RuntimeError(f"{waiting} messages in the outbox are not composed yet: deliver "
                           "them (flask pbem send-mail) before downgrading")
    with op.batch_alter_table('outbox', schema=None) as batch_op:
        batch_op.alter_column('body_html', existing_type=sa.Text(), nullable=False)
        batch_op.alter_column('body_text', existing_type=sa.Text(), nullable=False)
        batch_op.drop_column('facts')

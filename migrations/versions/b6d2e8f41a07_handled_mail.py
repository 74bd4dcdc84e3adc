"""Inbound mail handled once: the Message-IDs (hashed) of replies that were acted on.

Revision ID: b6d2e8f41a07
Revises: b5d2c8e4f317
Create Date: 2026-11-23 16:00:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = 'b6d2e8f41a07'
down_revision = 'b5d2c8e4f317'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'handled_mail',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('message_key', sa.String(length=64), nullable=False),
        sa.Column('handled_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_handled_mail')),
        sa.UniqueConstraint('message_key', name=op.f('uq_handled_mail_message_key')),
    )


def downgrade():
    op.drop_table('handled_mail')

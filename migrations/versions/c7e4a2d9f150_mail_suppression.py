"""Mail that is given up on, and addresses mail is no longer sent to.

Revision ID: c7e4a2d9f150
Revises: b6d4e8f2a153
Create Date: 2026-11-23 18:00:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = 'c7e4a2d9f150'
down_revision = 'b6d4e8f2a153'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'suppressed_addresses',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('address', sa.String(length=254), nullable=False),
        sa.Column('reason', sa.Text(), nullable=False),
        sa.Column('suppressed_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_suppressed_addresses')),
        sa.UniqueConstraint('address', name=op.f('uq_suppressed_addresses_address')),
    )
    # A plain ALTER: a batch rebuild of outbox is not needed to add a nullable column.
    op.add_column('outbox', sa.Column('abandoned_at', sa.DateTime(timezone=True), nullable=True))


def downgrade():
    with op.batch_alter_table('outbox') as batch_op:
        batch_op.drop_column('abandoned_at')
    op.drop_table('suppressed_addresses')

"""Imported records' digests: the same record cannot be imported twice.

Revision ID: c8f1a2d9e604
Revises: b4d2e6f81a37
Create Date: 2026-11-23 17:30:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = 'c8f1a2d9e604'
down_revision = 'b4d2e6f81a37'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'imported_records',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('digest', sa.String(length=64), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('imported_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'],
                                name=op.f('fk_imported_records_game_id_games'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_imported_records')),
        sa.UniqueConstraint('digest', name=op.f('uq_imported_records_digest')),
    )
    with op.batch_alter_table('imported_records', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_imported_records_game_id'), ['game_id'],
                              unique=False)


def downgrade():
    with op.batch_alter_table('imported_records', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_imported_records_game_id'))
    op.drop_table('imported_records')

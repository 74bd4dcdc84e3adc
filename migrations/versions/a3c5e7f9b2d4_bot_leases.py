"""Bot leases: the turn a bot worker is thinking about, so other workers leave it alone.

Revision ID: a3c5e7f9b2d4
Revises: f2b7c4d9a1e3
Create Date: 2026-11-23 20:00:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = 'a3c5e7f9b2d4'
down_revision = 'f2b7c4d9a1e3'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'bot_leases',
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('ply', sa.Integer(), nullable=False),
        sa.Column('until', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_bot_leases_game_id_games'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('game_id', name=op.f('pk_bot_leases')),
    )


def downgrade():
    op.drop_table('bot_leases')

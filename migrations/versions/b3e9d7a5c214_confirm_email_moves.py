"""Preview and confirm moves by email: the player's setting, and the moves held for it.

Revision ID: b3e9d7a5c214
Revises: a7c3e9d1f5b2
Create Date: 2026-11-23 19:40:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = 'b3e9d7a5c214'
down_revision = 'a7c3e9d1f5b2'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('notification_settings', schema=None) as batch_op:
        batch_op.add_column(sa.Column('confirm_email_moves', sa.Boolean(),
                                      server_default=sa.false(), nullable=False))
    op.create_table(
        'pending_email_moves',
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('seat', sa.Integer(), nullable=False),
        sa.Column('ply', sa.Integer(), nullable=False),
        sa.Column('move', sa.String(length=500), nullable=False),
        sa.Column('code', sa.String(length=8), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'],
                                name=op.f('fk_pending_email_moves_game_id_games')),
        sa.PrimaryKeyConstraint('game_id', 'seat', name=op.f('pk_pending_email_moves')),
    )


def downgrade():
    op.drop_table('pending_email_moves')
    with op.batch_alter_table('notification_settings', schema=None) as batch_op:
        batch_op.drop_column('confirm_email_moves')

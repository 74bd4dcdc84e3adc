"""Players' comments with their moves and each game's message thread; whether a game's
messages become public when it ends.

Revision ID: a7c3e9d1f5b2
Revises: fc36a5e33319
Create Date: 2026-11-23 19:45:00.000000

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = 'a7c3e9d1f5b2'
down_revision = 'fc36a5e33319'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('messages_public', sa.Boolean(), server_default=sa.false(),
                                      nullable=False))
    op.create_table(
        'game_messages',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('seat', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('ply', sa.Integer(), nullable=False),
        sa.Column('with_move', sa.Boolean(), nullable=False),
        sa.Column('body', sa.String(length=500), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'],
                                name=op.f('fk_game_messages_game_id_games'), ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['player_id'], ['players.id'],
                                name=op.f('fk_game_messages_player_id_players')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_game_messages')),
    )
    with op.batch_alter_table('game_messages', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_messages_game_id'), ['game_id'], unique=False)
        batch_op.create_index('ix_game_messages_player_id_created_at',
                              ['player_id', 'created_at'], unique=False)


def downgrade():
    with op.batch_alter_table('game_messages', schema=None) as batch_op:
        batch_op.drop_index('ix_game_messages_player_id_created_at')
        batch_op.drop_index(batch_op.f('ix_game_messages_game_id'))
    op.drop_table('game_messages')
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('messages_public')

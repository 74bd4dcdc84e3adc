"""API tokens, and the owner of a bot run from outside.

Revision ID: a4c7e2f9d310
Revises: b3e9d7a1c5f2
Create Date: 2026-11-27 14:30:00.000000

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'a4c7e2f9d310'
down_revision = 'b3e9d7a1c5f2'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'api_tokens',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=60), nullable=False),
        sa.Column('digest', sa.String(length=64), nullable=False),
        sa.Column('scopes', sa.String(length=64), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('expires_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('last_used_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('revoked_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('window_start', sa.DateTime(timezone=True), nullable=True),
        sa.Column('window_count', sa.Integer(), server_default='0', nullable=False),
        sa.ForeignKeyConstraint(['player_id'], ['players.id'],
                                name=op.f('fk_api_tokens_player_id_players'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_api_tokens')),
        sa.UniqueConstraint('digest', name=op.f('uq_api_tokens_digest')),
    )
    with op.batch_alter_table('api_tokens', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_api_tokens_player_id'), ['player_id'], unique=False)
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.add_column(sa.Column('bot_owner_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key(batch_op.f('fk_players_bot_owner_id_players'), 'players',
                                    ['bot_owner_id'], ['id'], ondelete='SET NULL')


def downgrade():
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_players_bot_owner_id_players'),
                                 type_='foreignkey')
        batch_op.drop_column('bot_owner_id')
    with op.batch_alter_table('api_tokens', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_api_tokens_player_id'))
    op.drop_table('api_tokens')

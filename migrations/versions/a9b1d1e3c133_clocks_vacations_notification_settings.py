"""Clocks: seat clocks, clock notices, vacations, notification settings; games' time control
and vacation flag; the outbox's notification kind and digest hold.

Revision ID: a9b1d1e3c133
Revises: 0465eff990f2
Create Date: 2026-11-21 06:16:44.486006

"""
import sqlalchemy as sa
from alembic import op


# revision identifiers, used by Alembic.
revision = 'a9b1d1e3c133'
down_revision = '0465eff990f2'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('notification_settings',
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('timezone', sa.String(length=64), nullable=False),
    sa.Column('digest_hour', sa.Integer(), nullable=False),
    sa.Column('quiet_start', sa.Integer(), nullable=True),
    sa.Column('quiet_end', sa.Integer(), nullable=True),
    sa.Column('modes', sa.JSON(), nullable=False),
    sa.Column('auto_vacation', sa.Boolean(), nullable=False),
    sa.Column('next_digest_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_notification_settings_player_id_players')),
    sa.PrimaryKeyConstraint('player_id', name=op.f('pk_notification_settings'))
    )
    with op.batch_alter_table('notification_settings', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_notification_settings_next_digest_at'), ['next_digest_at'], unique=False)

    op.create_table('vacations',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('starts_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('ends_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('auto', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_vacations_player_id_players')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_vacations'))
    )
    with op.batch_alter_table('vacations', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_vacations_player_id'), ['player_id'], unique=False)

    op.create_table('clock_notices',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('turn_started', sa.DateTime(timezone=True), nullable=False),
    sa.Column('kind', sa.String(length=8), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_clock_notices_game_id_games'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_clock_notices')),
    sa.UniqueConstraint('game_id', 'seat', 'turn_started', 'kind', name=op.f('uq_clock_notices_game_id_seat_turn_started_kind'))
    )
    op.create_table('seat_clocks',
    sa.Column('seat_id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('remaining_seconds', sa.Integer(), nullable=False),
    sa.Column('turn_started', sa.DateTime(timezone=True), nullable=True),
    sa.Column('next_check_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_seat_clocks_game_id_games'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_seat_clocks_player_id_players')),
    sa.ForeignKeyConstraint(['seat_id'], ['seats.id'], name=op.f('fk_seat_clocks_seat_id_seats'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('seat_id', name=op.f('pk_seat_clocks'))
    )
    with op.batch_alter_table('seat_clocks', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_seat_clocks_game_id'), ['game_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_seat_clocks_next_check_at'), ['next_check_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_seat_clocks_player_id'), ['player_id'], unique=False)

    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('time_control', sa.String(length=100), server_default='none', nullable=False))
        batch_op.add_column(sa.Column('vacation_allowed', sa.Boolean(), server_default=sa.true(), nullable=False))

    with op.batch_alter_table('outbox', schema=None) as batch_op:
        batch_op.add_column(sa.Column('category', sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column('held', sa.Boolean(), server_default=sa.false(), nullable=False))
        batch_op.create_index(batch_op.f('ix_outbox_held'), ['held'], unique=False)


def downgrade():
    with op.batch_alter_table('outbox', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_outbox_held'))
        batch_op.drop_column('held')
        batch_op.drop_column('category')

    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('vacation_allowed')
        batch_op.drop_column('time_control')

    with op.batch_alter_table('seat_clocks', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_seat_clocks_player_id'))
        batch_op.drop_index(batch_op.f('ix_seat_clocks_next_check_at'))
        batch_op.drop_index(batch_op.f('ix_seat_clocks_game_id'))

    op.drop_table('seat_clocks')
    op.drop_table('clock_notices')
    with op.batch_alter_table('vacations', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_vacations_player_id'))

    op.drop_table('vacations')
    with op.batch_alter_table('notification_settings', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_notification_settings_next_digest_at'))

    op.drop_table('notification_settings')

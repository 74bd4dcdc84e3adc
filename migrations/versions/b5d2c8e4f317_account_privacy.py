"""Account privacy: findable players, deleted accounts; no public name before the first sign-in.

Data: an account that has played a move counts as started (its ``joined_at`` becomes its
first move's time); an account never started loses the name taken from its address; the
tournament log's invitations name players instead of listing their addresses.

Revision ID: b5d2c8e4f317
Revises: e3a1f7c2b940
Create Date: 2026-11-22 09:00:00.000000

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'b5d2c8e4f317'
down_revision = 'e3a1f7c2b940'
branch_labels = None
depends_on = None

UNNAMED = "an invited player"

players = sa.table("players", sa.column("id", sa.Integer), sa.column("email", sa.String),
                   sa.column("name", sa.String), sa.column("joined_at", sa.DateTime))
seats = sa.table("seats", sa.column("id", sa.Integer), sa.column("game_id", sa.Integer),
                 sa.column("index", sa.Integer), sa.column("player_id", sa.Integer))
moves = sa.table("moves", sa.column("game_id", sa.Integer), sa.column("seat", sa.Integer),
                 sa.column("auto", sa.Boolean), sa.column("created_at", sa.DateTime))
log = sa.table("tournament_log", sa.column("id", sa.Integer), sa.column("action", sa.String))


def upgrade():
    # Plain ALTERs, not a batch: rebuilding ``players`` on SQLite would break the foreign keys
    # every other table holds to it.
    op.add_column('players', sa.Column('findable', sa.Boolean(), server_default=sa.false(),
                                       nullable=False))
    op.add_column('players', sa.Column('deleted_at', sa.DateTime(timezone=True), nullable=True))
    connection = op.get_bind()
    first_moves = dict(connection.execute(
        sa.select(seats.c.player_id, sa.func.min(moves.c.created_at))
        .join(moves, sa.and_(moves.c.game_id == seats.c.game_id,
                             moves.c.seat == seats.c["index"]))
        .where(sa.not_(moves.c.auto))
        .group_by(seats.c.player_id)
    ).all())
    unstarted = connection.execute(
        sa.select(players.c.id, players.c.email).where(players.c.joined_at.is_(None))
    ).all()
    for player_id, email in unstarted:
        if email.endswith(".invalid"):  # imported players keep their record's name
            continue
        values = ({"joined_at": first_moves[player_id]} if player_id in first_moves
                  else {"name": UNNAMED})
        connection.execute(players.update().where(players.c.id == player_id).values(values))
    _name_invitees(connection)


def _name_invitees(connection):
    """``invited a@x, b@y`` in the log becomes ``invited Ann, an invited player``."""
    names = {email: name if joined else UNNAMED for email, name, joined in connection.execute(
        sa.select(players.c.email, players.c.name, players.c.joined_at))}
    for entry_id, action in connection.execute(
            sa.select(log.c.id, log.c.action).where(log.c.action.like("invited %@%"))).all():
        invitees = action.removeprefix("invited ").split(", ")
        named = ", ".join(names.get(address, UNNAMED) for address in invitees)
        connection.execute(log.update().where(log.c.id == entry_id)
                           .values(action=f"invited {named}"[:200]))


def downgrade():
    # The names and log entries the upgrade rewrote stay rewritten: addresses are not restored.
    op.drop_column('players', 'deleted_at')
    op.drop_column('players', 'findable')

"""Archive: seat outcomes (won, lost, drawn) and the indexes the archive filters use.

Revision ID: a7c3e1f90b12
Revises: 7896d4c2eacc
Create Date: 2026-11-21 06:10:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "a7c3e1f90b12"
down_revision = "7896d4c2eacc"
branch_labels = None
depends_on = None

games = sa.table("games", sa.column("id", sa.Integer), sa.column("result", sa.JSON))
seats = sa.table(
    "seats",
    sa.column("id", sa.Integer),
    sa.column("game_id", sa.Integer),
    sa.column("index", sa.Integer),
    sa.column("outcome", sa.String),
)


def upgrade():
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("outcome", sa.String(length=8), nullable=True))
        batch_op.create_index("ix_seats_player_id_outcome", ["player_id", "outcome"],
                              unique=False)
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_games_finished_at"), ["finished_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_games_started_at"), ["started_at"], unique=False)
        batch_op.create_index("ix_games_slug_status_started_at",
                              ["slug", "status", "started_at"], unique=False)
    _backfill_outcomes()


def _backfill_outcomes():
    """Finished games get their seats' outcomes, as ``pbem.archive.outcomes`` sets them."""
    connection = op.get_bind()
    finished = connection.execute(
        sa.select(games.c.id, games.c.result).where(games.c.result.isnot(None))
    ).all()
    for game_id, result in finished:
        winners = result.get("winners") or []
        for seat_id, index in connection.execute(
            sa.select(seats.c.id, seats.c.index).where(seats.c.game_id == game_id)
        ).all():
            outcome = ("drawn" if len(winners) > 1 else "won") if index in winners else "lost"
            connection.execute(
                seats.update().where(seats.c.id == seat_id).values(outcome=outcome)
            )


def downgrade():
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_index("ix_games_slug_status_started_at")
        batch_op.drop_index(batch_op.f("ix_games_started_at"))
        batch_op.drop_index(batch_op.f("ix_games_finished_at"))
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_index("ix_seats_player_id_outcome")
        batch_op.drop_column("outcome")

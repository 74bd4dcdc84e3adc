"""The baselines the move POST is measured against: Flask and SQLAlchemy Core, nothing of pbem.

The bare one, ``POST /bump/<id>`` (:func:`create_app`), does what a move does to the database
and no more: it locks one row by id (``FOR UPDATE`` on PostgreSQL; SQLite's write lock comes
with the first write), inserts one row, updates the locked row, commits and redirects.

The fair one, ``POST /fair/<token>/move`` (:func:`create_fair_app`), does exactly what a move
cannot avoid: it verifies the signed link (game, seat, ply) and the form's CSRF token, locks
the game joined with its seats and their players, checks that the seat is to move,
compare-and-sets the game row (its ply and state), inserts the ply and the outbox row (the
next player's turn email), commits and redirects with 303. What it leaves out is what pbem
adds on top: the rules, the ORM and the signals.

The bench runs both under the same gunicorn settings as pbem, on the same database (their
own tables), set by ``PBEM_DATABASE_URL``: ``gunicorn 'bench.baseline_app:create_app()'``
and ``gunicorn 'bench.baseline_app:create_fair_app()'``.
"""

from __future__ import annotations

import json
import os

import sqlalchemy as sa
from flask import Flask, abort, redirect, request
from flask_wtf.csrf import CSRFError, CSRFProtect, generate_csrf
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer

metadata = sa.MetaData()
counters = sa.Table("bare_counters", metadata,
                    sa.Column("id", sa.Integer, primary_key=True),
                    sa.Column("value", sa.Integer, nullable=False),
                    sa.Column("updated_at", sa.DateTime(timezone=True)))
entries = sa.Table("bare_entries", metadata,
                   sa.Column("id", sa.Integer, primary_key=True),
                   sa.Column("counter_id", sa.Integer, nullable=False),
                   sa.Column("value", sa.Integer, nullable=False),
                   sa.Column("text", sa.String(500), nullable=False),
                   sa.Column("created_at", sa.DateTime(timezone=True),
                             server_default=sa.func.now()))


def create(url: str, rows: int) -> None:
    """Create the tables with ``rows`` counters (the bench's set-up)."""
    engine = sa.create_engine(url)
    metadata.create_all(engine)
    with engine.begin() as connection:
        connection.execute(counters.insert(), [{"id": i, "value": 0} for i in range(1, rows + 1)])
    engine.dispose()


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    """The settings pbem gives SQLite (``pbem.core.db``), so both wait for the lock alike."""
    cursor = dbapi_connection.cursor()
    for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "busy_timeout=15000"):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def create_app() -> Flask:
    engine = sa.create_engine(os.environ["PBEM_DATABASE_URL"])
    if engine.dialect.name == "sqlite":
        sa.event.listen(engine, "connect", _sqlite_pragmas)
    lock = counters.select().where(counters.c.id == sa.bindparam("id"))
    if engine.dialect.name == "postgresql":
        lock = lock.with_for_update()
    app = Flask(__name__)

    @app.post("/bump/<int:counter_id>")
    def bump(counter_id: int):
        with engine.begin() as connection:
            row = connection.execute(lock, {"id": counter_id}).first()
            if row is None:
                abort(404)
            connection.execute(entries.insert(), {"counter_id": counter_id,
                                                  "value": row.value + 1,
                                                  "text": request.form.get("text", "")[:500]})
            connection.execute(counters.update().where(counters.c.id == counter_id)
                               .values(value=row.value + 1, updated_at=sa.func.now()))
        return redirect(f"/counters/{counter_id}", 303)

    return app




fair_players = sa.Table("fair_players", metadata,
                        sa.Column("id", sa.Integer, primary_key=True),
                        sa.Column("email", sa.String(254), nullable=False, unique=True),
                        sa.Column("name", sa.String(80), nullable=False))
fair_games = sa.Table("fair_games", metadata,
                      sa.Column("id", sa.Integer, primary_key=True),
                      sa.Column("status", sa.String(16), nullable=False),
                      sa.Column("ply", sa.Integer, nullable=False),
                      sa.Column("snapshot", sa.Text, nullable=False),
                      sa.Column("updated_at", sa.DateTime(timezone=True)))
fair_seats = sa.Table("fair_seats", metadata,
                      sa.Column("game_id", sa.Integer, sa.ForeignKey("fair_games.id"),
                                primary_key=True),
                      sa.Column("seat", sa.Integer, primary_key=True),
                      sa.Column("player_id", sa.Integer, sa.ForeignKey("fair_players.id"),
                                nullable=False))
fair_moves = sa.Table("fair_moves", metadata,
                      sa.Column("id", sa.Integer, primary_key=True),
                      sa.Column("game_id", sa.Integer, nullable=False),
                      sa.Column("ply", sa.Integer, nullable=False),
                      sa.Column("seat", sa.Integer, nullable=False),
                      sa.Column("move", sa.String(200), nullable=False),
                      sa.Column("created_at", sa.DateTime(timezone=True),
                                server_default=sa.func.now()),
                      sa.UniqueConstraint("game_id", "ply"))
fair_outbox = sa.Table("fair_outbox", metadata,
                       sa.Column("id", sa.Integer, primary_key=True),
                       sa.Column("recipient", sa.String(254), nullable=False),
                       sa.Column("subject", sa.String(200), nullable=False),
                       sa.Column("body", sa.Text, nullable=False),
                       sa.Column("created_at", sa.DateTime(timezone=True),
                                 server_default=sa.func.now()))

#: The fair baseline's move links: signed like pbem's (a timed, salted serializer).
FAIR_SALT = "bench.fair-move-link"
FAIR_LINK_MAX_AGE = 30 * 24 * 3600


def create_fair(url: str, games: int) -> None:
    """Create the fair baseline's tables with ``games`` two-seat games, game ``n`` played by
    players ``2n-1`` and ``2n`` (the bench's set-up: one game per client)."""
    engine = sa.create_engine(url)
    metadata.create_all(engine)
    with engine.begin() as connection:
        connection.execute(fair_players.insert(), [
            {"id": i, "email": f"fair{i}@bench.test", "name": f"Player {i}"}
            for i in range(1, 2 * games + 1)])
        connection.execute(fair_games.insert(), [
            {"id": n, "status": "active", "ply": 0, "snapshot": json.dumps({"ply": 0})}
            for n in range(1, games + 1)])
        connection.execute(fair_seats.insert(), [
            {"game_id": n, "seat": seat, "player_id": 2 * n - 1 + seat}
            for n in range(1, games + 1) for seat in (0, 1)])
    engine.dispose()


def fair_token(secret_key: str, game_id: int, seat: int, ply: int) -> str:
    """The fair baseline's move link token for ``seat`` at ``ply`` of ``game_id``."""
    return URLSafeTimedSerializer(secret_key, salt=FAIR_SALT).dumps([game_id, seat, ply])


class _Refused(Exception):
    """Ends the transaction (rolled back) with an HTTP status."""

    def __init__(self, status: int):
        self.status = status


def create_fair_app() -> Flask:
    engine = sa.create_engine(os.environ["PBEM_DATABASE_URL"])
    if engine.dialect.name == "sqlite":
        sa.event.listen(engine, "connect", _sqlite_pragmas)
    app = Flask(__name__)
    app.config.update(SECRET_KEY=os.environ["PBEM_SECRET_KEY"], WTF_CSRF_TIME_LIMIT=None)
    CSRFProtect(app)
    links = URLSafeTimedSerializer(app.config["SECRET_KEY"], salt=FAIR_SALT)
    lock = (sa.select(fair_games.c.status, fair_games.c.ply, fair_games.c.snapshot,
                      fair_seats.c.seat, fair_players.c.email, fair_players.c.name)
            .join(fair_seats, fair_seats.c.game_id == fair_games.c.id)
            .join(fair_players, fair_players.c.id == fair_seats.c.player_id)
            .where(fair_games.c.id == sa.bindparam("id"))
            .order_by(fair_seats.c.seat))
    if engine.dialect.name == "postgresql":
        lock = lock.with_for_update(of=fair_games)
    compare_and_set = (fair_games.update()
                       .where(fair_games.c.id == sa.bindparam("game_id"),
                              fair_games.c.ply == sa.bindparam("expected"))
                       .values(ply=sa.bindparam("next_ply"), snapshot=sa.bindparam("state"),
                               updated_at=sa.func.now()))

    @app.errorhandler(CSRFError)
    def csrf_refused(_exc):
        return "The form expired.", 400

    @app.get("/fair/session")
    def session_form():
        """A form carrying the CSRF token (the bench's clients read it, as pbem's sign-in)."""
        return f'<input id="csrf_token" name="csrf_token" type="hidden" value="{generate_csrf()}">'

    @app.post("/fair/<token>/move")
    def move(token: str):
        try:
            game_id, seat, ply = links.loads(token, max_age=FAIR_LINK_MAX_AGE)
        except SignatureExpired:
            abort(410)
        except BadSignature:
            abort(403)
        move_text = request.form.get("move", "")[:200]
        if not move_text or request.form.get("ply") != str(ply):
            abort(422)
        try:
            with engine.begin() as connection:
                rows = connection.execute(lock, {"id": game_id}).all()
                if not rows:
                    raise _Refused(404)
                game = rows[0]
                if game.status != "active" or game.ply != ply or ply % len(rows) != seat:
                    raise _Refused(409)
                state = json.loads(game.snapshot)
                state["ply"] = ply + 1
                state["last"] = move_text
                changed = connection.execute(compare_and_set, {
                    "game_id": game_id, "expected": ply, "next_ply": ply + 1,
                    "state": json.dumps(state)}).rowcount
                if changed != 1:
                    raise _Refused(409)
                connection.execute(fair_moves.insert(), {"game_id": game_id, "ply": ply + 1,
                                                         "seat": seat, "move": move_text})
                following = rows[(seat + 1) % len(rows)]
                connection.execute(fair_outbox.insert(), {
                    "recipient": following.email,
                    "subject": f"Your turn in game {game_id}",
                    "body": f"{following.name}, {rows[seat].name} played {move_text}."})
        except _Refused as refused:
            abort(refused.status)
        return redirect(f"/games/{game_id}?played={ply + 1}", 303)

    return app

"""The bare baseline the move POST is measured against: Flask and SQLAlchemy, nothing of pbem.

``POST /bump/<id>`` does what a move does to the database, and no more: it locks one row by
id (``FOR UPDATE`` on PostgreSQL; SQLite's write lock comes with the first write), inserts
one row, updates the locked row, commits and redirects. The bench runs it under the same
gunicorn settings as pbem, on the same database (its own two tables), set by
``PBEM_DATABASE_URL``: ``gunicorn 'bench.baseline_app:create_app()'``.
"""

from __future__ import annotations

import os

import sqlalchemy as sa
from flask import Flask, abort, redirect, request

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



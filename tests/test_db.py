"""The connection pool on PostgreSQL: connections in steady use are trusted, idle ones are
pinged, and one that died while idle is replaced before a request sees it."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from pbem.core import db as db_module
from pbem.core.extensions import db

pytestmark = pytest.mark.postgres


def _backend_pid() -> int:
    pid = db.session.scalar(sa.text("SELECT pg_backend_pid()"))
    db.session.remove()  # back to the pool, as at the end of a request
    return pid


@pytest.fixture
def pings(app, monkeypatch):
    """The pings the pool makes, counted."""
    made = []
    real = db.engine.dialect.do_ping

    def counted(dbapi_connection):
        made.append(dbapi_connection)
        return real(dbapi_connection)

    monkeypatch.setattr(db.engine.dialect, "do_ping", counted)
    return made


def test_a_connection_in_steady_use_is_not_pinged(pings):
    first = _backend_pid()
    assert [_backend_pid() for _ in range(3)] == [first] * 3
    assert pings == []


def test_an_idle_connection_is_pinged_before_use(pings, monkeypatch):
    first = _backend_pid()
    monkeypatch.setattr(db_module, "PING_AFTER_IDLE", 0.0)
    assert _backend_pid() == first
    assert len(pings) == 1


def test_a_connection_that_died_while_idle_is_replaced_unnoticed(app, pg_database, pings,
                                                                 monkeypatch):
    first = _backend_pid()
    killer = sa.create_engine(pg_database, isolation_level="AUTOCOMMIT")
    with killer.connect() as connection:
        connection.execute(sa.text("SELECT pg_terminate_backend(:pid)"), {"pid": first})
    killer.dispose()
    monkeypatch.setattr(db_module, "PING_AFTER_IDLE", 0.0)

    assert _backend_pid() != first
    assert len(pings) == 1

"""Shared column helpers and the connection settings (the handle itself, ``db``, is in
:mod:`.extensions`)."""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime

from sqlalchemy import DateTime, event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.types import TypeDecorator

#: The largest value of an integer column (ids, plies): PostgreSQL's ``integer``.
MAX_INT = 2**31 - 1
#: An id as text: ASCII digits, no more than an id can have (``int`` reads every script's).
_ID = re.compile(r"[0-9]{1,10}")


def row_id(value) -> int | None:
    """``value`` as an id a row may have, or None when no row can (not a whole number, or out
    of range: SQLite raises on a number too large for it instead of finding nothing)."""
    if isinstance(value, str):
        value = value.strip()
        if not _ID.fullmatch(value):
            return None
    try:
        number = int(value)
    except (TypeError, ValueError):
        return None
    return number if 0 < number <= MAX_INT else None


def utcnow() -> datetime:
    """The current time, timezone-aware in UTC (what every timestamp column stores)."""
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator):
    """A timestamp that always comes back timezone-aware in UTC.

    SQLite has no time zones, so values are stored naive in UTC and re-labelled on the way out;
    PostgreSQL stores ``timestamp with time zone``.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value, dialect):
        if value is not None and dialect.name == "sqlite":
            value = value.astimezone(UTC).replace(tzinfo=None)
        return value

    def process_result_value(self, value, dialect):
        if value is not None and value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection, _record):
    """WAL lets readers run beside the writer; foreign keys are off in SQLite by default."""
    if type(dbapi_connection).__module__ != "sqlite3":
        return
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=15000")
    cursor.close()


#: Seconds a pooled connection may sit unused and still be trusted without a ping.
PING_AFTER_IDLE = 10.0


def ping_idle_connections(engine: Engine) -> None:
    """Ping a pooled connection before use only when it has sat idle (a database restart or a
    firewall's idle timeout shows there); one in steady use is known to be alive. Pinging
    every checkout, as ``pool_pre_ping`` does, cost a round trip per request, a seventh of
    a move's on PostgreSQL. A dead connection is replaced before the request sees it."""
    dialect = engine.dialect

    @event.listens_for(engine.pool, "checkin")
    def _idle_from(_dbapi_connection, record):
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(engine.pool, "checkout")
    def _ping_if_idle(dbapi_connection, record, _proxy):
        idle_since = record.info.pop("idle_since", None)
        if idle_since is None or time.monotonic() - idle_since < PING_AFTER_IDLE:
            return
        try:
            alive = dialect.do_ping(dbapi_connection)
        except dialect.loaded_dbapi.Error as exc:
            if not dialect.is_disconnect(exc, dbapi_connection, None):
                raise
            alive = False
        if not alive:
            raise DisconnectionError("the pooled connection was closed while idle")

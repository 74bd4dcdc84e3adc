"""One cache of compiled SQL for every SQLite engine the tests' apps make.

SQLAlchemy keeps the SQL it has compiled for a statement in a cache of the engine's, keyed by
the engine's dialect; every test builds an app, and so an engine, of its own, and compiled
again every query it ran (a third of the CPU of tests that load pages and play moves). The
tests' SQLite engines are all made with the same options, so they share one dialect (set up by
a first connection) and one cache, as a server's requests share its engine.
"""

from __future__ import annotations

from sqlalchemy.engine import Engine
from sqlalchemy.util import LRUCache

#: Statements kept (an engine keeps 500; the whole suite runs a few thousand different ones).
SIZE = 5000

_shared: dict[str, object] = {}


def adopt(engine: Engine) -> None:
    """Take ``engine``'s dialect (it must have connected once) as the shared one."""
    assert engine.dialect.name == "sqlite"
    assert engine.dialect.server_version_info, "the dialect learns SQLite's version on connect"
    _shared.update(dialect=engine.dialect, cache=LRUCache(SIZE))


def share(engine: Engine) -> None:
    """Give a new SQLite ``engine`` the shared dialect and cache (others keep their own)."""
    dialect = _shared.get("dialect")
    if dialect is None or type(engine.dialect) is not type(dialect):
        return
    engine.dialect = dialect
    engine._compiled_cache = _shared["cache"]

"""A consistent copy of the database while the server runs: SQLite's online backup, or
``pg_dump``'s custom format for PostgreSQL (restored with ``pg_restore``; see the README)."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

from sqlalchemy.engine import make_url


class BackupError(Exception):
    """The backup could not be made; the message says why."""


def back_up(database_url: str, target: Path) -> str:
    """Copy the database at ``database_url`` to ``target``, a new file only its owner can read
    (it holds every address, and mail bodies with move links); a line saying what was done."""
    url = make_url(database_url)
    if url.get_backend_name() not in ("sqlite", "postgresql"):
        raise BackupError(f"no backup for {url.get_backend_name()} databases")
    try:
        os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except OSError as exc:
        raise BackupError(f"cannot create {target}: {exc.strerror}") from None
    try:
        if url.get_backend_name() == "sqlite":
            return _sqlite(url.database, target)
        return _postgresql(libpq_url(url), target)
    except BaseException:
        target.unlink(missing_ok=True)
        raise


def libpq_url(url) -> str:
    """The URL as libpq (``pg_dump``, ``pg_restore``, ``psql``) reads it: without SQLAlchemy's
    ``+psycopg`` driver name."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def _sqlite(path: str | None, target: Path) -> str:
    """Page by page through SQLite's backup API: writers carry on meanwhile, and the copy is
    the database as one moment saw it (a plain file copy of a WAL database may not be)."""
    if not path or not Path(path).is_file():
        raise BackupError(f"no SQLite database at {path}")
    source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    copy = sqlite3.connect(target)
    try:
        with copy:
            source.backup(copy)
    finally:
        copy.close()
        source.close()
    return f"backed up {path} to {target}"


def _postgresql(url: str, target: Path) -> str:
    if shutil.which("pg_dump") is None:
        raise BackupError("pg_dump is not installed (Debian: apt-get install postgresql-client)")
    done = subprocess.run(
        ["pg_dump", "--format=custom", "--no-owner", "--file", str(target), "--dbname", url],
        capture_output=True, text=True, check=False)
    if done.returncode:
        raise BackupError(f"pg_dump failed: {done.stderr.strip()}")
    return f"backed up {make_url(url).database} to {target} (pg_restore reads it)"

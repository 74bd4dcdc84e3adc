"""``pbem backup``: a copy taken while the server runs restores to a database whose every
game replays (``verify-records``), on SQLite and on PostgreSQL."""

from __future__ import annotations

import random
import shutil
import stat
import subprocess
import uuid
from pathlib import Path

import pytest
import sqlalchemy as sa
from helpers import play_turns

from pbem import create_app
from pbem.core.extensions import db
from pbem.ops.backup import libpq_url
from pbem.play.models import Move

ROOT = Path(__file__).resolve().parents[2]
#: How the README restores a dump into the database DATABASE_URL names (libpq reads no
#: ``+psycopg``).
RESTORE = ("pg_restore --clean --if-exists --no-owner "
           "--dbname \"$(echo \"$DATABASE_URL\" | sed 's/+psycopg//')\" FILE")


def played_games(make_game) -> int:
    """Two games played some way in; the number of moves stored."""
    for seed in (1, 2):
        play_turns(make_game("pylon", seed=seed), 12, random.Random(seed))
    return db.session.scalar(sa.select(sa.func.count()).select_from(Move))


def check_restored(url: str, moves: int) -> None:
    """The restored database verifies and holds every move (an app of its own: the tests'
    ``make_app`` empties a PostgreSQL database it is given)."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret",
                      "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        result = app.test_cli_runner().invoke(args=["pbem", "verify-records"])
        assert result.exit_code == 0, result.output
        assert "checked 2 games: 0 mismatched" in result.output
        assert db.session.scalar(sa.select(sa.func.count()).select_from(Move)) == moves
        db.session.remove()
        db.engine.dispose()


def test_a_sqlite_backup_restores_and_verifies(app, runner, make_game, tmp_path):
    moves = played_games(make_game)
    result = runner.invoke(args=["pbem", "backup", str(tmp_path / "backup.sqlite")])
    assert result.exit_code == 0, result.output
    assert stat.S_IMODE((tmp_path / "backup.sqlite").stat().st_mode) == 0o600  # addresses
    restored = tmp_path / "restored.sqlite"
    shutil.copy(tmp_path / "backup.sqlite", restored)  # restoring: the copy put in place
    check_restored(f"sqlite:///{restored}", moves)


def test_backup_refuses_to_overwrite_a_file(runner, tmp_path):
    (tmp_path / "old").write_text("keep me")
    result = runner.invoke(args=["pbem", "backup", str(tmp_path / "old")])
    assert result.exit_code == 2 and "exists" in result.output
    assert (tmp_path / "old").read_text() == "keep me"


@pytest.mark.postgres
def test_a_postgresql_backup_restores_and_verifies(app, runner, make_game, tmp_path):
    if shutil.which("pg_restore") is None:
        pytest.skip("pg_dump and pg_restore are not installed")
    moves = played_games(make_game)
    db.session.remove()
    result = runner.invoke(args=["pbem", "backup", str(tmp_path / "backup.dump")])
    assert result.exit_code == 0, result.output
    assert stat.S_IMODE((tmp_path / "backup.dump").stat().st_mode) == 0o600
    url = sa.engine.make_url(app.config["SQLALCHEMY_DATABASE_URI"])
    name = f"pbem_restore_{uuid.uuid4().hex[:6]}"
    admin = sa.create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(sa.text(f'CREATE DATABASE "{name}"'))
    target = url.set(database=name)
    try:
        # The README's restore line, given the app's own postgresql+psycopg:// URL.
        assert RESTORE in (ROOT / "README.md").read_text()
        subprocess.run(["sh", "-c", RESTORE.replace("FILE", '"$FILE"')], check=True,
                       capture_output=True, env={"PATH": "/usr/bin:/bin",
                       "DATABASE_URL": target.render_as_string(False),
                       "FILE": str(tmp_path / "backup.dump")})
        check_restored(target.render_as_string(False), moves)
    finally:
        with admin.connect() as connection:
            connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def test_libpq_reads_the_url_without_the_driver():
    assert libpq_url("postgresql+psycopg://u:p@h/db") == "postgresql://u:p@h/db"

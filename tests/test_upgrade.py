"""The README's upgrade procedure on a database the previous release built: the previous
release's own code (taken from git) migrates a database and fills it with real data (a game in
progress in each of the five games, a finished game, a running tournament, mail waiting in the
outbox); then this release's ``pbem init-db`` brings it up to date, and nothing is lost: every
row of every table is still there with the same values, every game replays, the archive's
counters agree with the games, and the waiting mail is delivered. On SQLite and PostgreSQL.

"The previous release" is :data:`PREVIOUS`: main just before its newest migration
(``b3e9d7a1c5f2``, the archive's counters) was merged. Move it forward at each release."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
import sqlalchemy as sa

from pbem import create_app
from pbem.core.extensions import db

ROOT = Path(__file__).resolve().parents[1]
# The worker that runs `pbem dev` (tests/test_cli.py) runs these too (--dist loadgroup): they
# deliver the same demo's mail, whose boards it has drawn already (tests/drawn_boards.py).
pytestmark = pytest.mark.xdist_group("demo")
#: The previous release: main's commit before the archive counters' migration was merged.
PREVIOUS = "656a1325656d1c48be4e4ccc3f2ba66ad3edd4a3"

#: Run by the previous release's code: migrate, load the demo (every game in progress, a
#: finished game, a game against a bot, open challenges, turn mail waiting), and a running
#: round-robin tournament of the demo's four players.
BUILD = """
import json, sys
from flask_migrate import upgrade
import pbem
from pbem import create_app
from pbem.cli.demo import load_demo
from pbem.core.db import utcnow
from pbem.core.extensions import db
from pbem.accounts.service import player_by_email
from pbem.tournaments import service as tournaments
from pbem.tournaments.models import ROUND_ROBIN

app = create_app({"TESTING": True, "SECRET_KEY": "test-secret",
                  "SQLALCHEMY_DATABASE_URI": sys.argv[1], "MAIL_BACKEND": "file",
                  "MAIL_FILE_DIR": sys.argv[2]})
with app.app_context():
    upgrade()
    assert load_demo()
    now = utcnow()
    admin = player_by_email("admin@example.com")
    cup = tournaments.create("stax", {"name": "Upgrade cup", "format": ROUND_ROBIN,
                                      "stall_policy": "adjudicate", "enrolment": "open"},
                             admin, now)
    for name in ("alice", "bob", "carol", "dave"):
        tournaments.register(cup.id, player_by_email(f"{name}@example.com"), now)
    tournaments.start(cup.id, admin, now)
    db.session.commit()
    print(json.dumps({"code": pbem.__file__}))
"""


def previous_release(tmp_path: Path) -> Path:
    """The previous release's package, unpacked from git into ``tmp_path``."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed: the previous release is taken from the history")
    found = subprocess.run(["git", "-C", ROOT, "cat-file", "-e", f"{PREVIOUS}^{{commit}}"],
                           capture_output=True)
    if found.returncode:
        pytest.skip(f"the previous release ({PREVIOUS}) is not in this checkout's history")
    folder = tmp_path / "previous"
    folder.mkdir()
    archive = subprocess.run(["git", "-C", ROOT, "archive", PREVIOUS, "pbem"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
    return folder


def build_with_previous_release(tmp_path: Path, url: str) -> dict:
    code = previous_release(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(code), "PBEM_INSTANCE_PATH": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", BUILD, url, str(tmp_path / "old-mail")],
                          cwd=code, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    built = json.loads(done.stdout.strip().splitlines()[-1])
    assert built["code"].startswith(str(code))  # the old code built it, not this checkout's
    return built


def snapshot(url: str) -> dict[str, dict[tuple, dict]]:
    """Every row of every table, by primary key."""
    engine = sa.create_engine(url)
    try:
        metadata = sa.MetaData()
        metadata.reflect(engine)
        tables = {}
        with engine.connect() as connection:
            for table in metadata.sorted_tables:
                key = [column.name for column in table.primary_key.columns] or [
                    column.name for column in table.columns]
                tables[table.name] = {
                    tuple(row[name] for name in key): dict(row)
                    for row in connection.execute(sa.select(table)).mappings()}
        return tables
    finally:
        engine.dispose()


def check_upgrade(tmp_path: Path, url: str) -> None:
    build_with_previous_release(tmp_path, url)
    before = snapshot(url)
    assert before["alembic_version"]  # migrated by the old code, at its head
    games = before["games"].values()
    assert {game["slug"] for game in games} == {"pylon", "spike", "stax", "stawvs",
                                                "triumvirate"}
    assert any(game["status"] == "finished" for game in games)
    assert [t["status"] for t in before["tournaments"].values()] == ["running"]
    assert before["tournament_tables"]  # the first round's games
    pending = [m for m in before["outbox"].values() if m["sent_at"] is None]
    assert pending

    # The procedure: (workers stopped) the new code installed, then `pbem init-db`.
    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret",
                      "SQLALCHEMY_DATABASE_URI": url, "MAIL_BACKEND": "file",
                      "MAIL_FILE_DIR": str(tmp_path / "mail")})
    runner = app.test_cli_runner()
    with app.app_context():
        for command in (["init-db"], ["check"]):
            result = runner.invoke(args=["pbem", *command])
            if command == ["init-db"]:
                assert result.exit_code == 0, result.output
        assert "ok    migrations" in result.output, result.output
        db.session.remove()
        db.engine.dispose()

    after = snapshot(url)
    assert after["alembic_version"] != before["alembic_version"]
    for name, rows in before.items():
        if name == "alembic_version":
            continue
        assert name in after, f"table {name} is gone"
        for key, row in rows.items():
            kept = after[name].get(key)
            assert kept is not None, f"{name} {key} is gone"
            if name == "games" and row["slug"] == "stax":
                # b5d1e7f3a9c2 and c4e8a2f6b1d9 rewrite a Stax snapshot as a snapshot and a
                # grown part (verify-records below replays each game and compares them)
                assert "history" not in kept["snapshot"] and kept["grown"]
                row = {column: value for column, value in row.items() if column != "snapshot"}
            assert {column: kept[column] for column in row} == row, f"{name} {key} changed"

    with app.app_context():
        replayed = runner.invoke(args=["pbem", "verify-records"])
        assert replayed.exit_code == 0 and ": 0 mismatched" in replayed.output, replayed.output
        counted = runner.invoke(args=["pbem", "archive", "recount", "--check"])
        assert counted.exit_code == 0, counted.output
        sent = runner.invoke(args=["pbem", "send-mail"])
        assert sent.exit_code == 0 and f"sent {len(pending)}, failed 0" in sent.output, \
            sent.output
        db.session.remove()
        db.engine.dispose()


def test_an_upgrade_from_the_previous_release_loses_nothing_on_sqlite(tmp_path):
    check_upgrade(tmp_path, f"sqlite:///{tmp_path / 'pbem.sqlite'}")


@pytest.mark.postgres
def test_an_upgrade_from_the_previous_release_loses_nothing_on_postgresql(tmp_path):
    url = sa.engine.make_url(os.environ["PBEM_TEST_DATABASE_URL"])
    name = f"pbem_upgrade_{uuid.uuid4().hex[:6]}"
    admin = sa.create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(sa.text(f'CREATE DATABASE "{name}"'))
    try:
        check_upgrade(tmp_path, url.set(database=name).render_as_string(hide_password=False))
    finally:
        with admin.connect() as connection:
            connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()

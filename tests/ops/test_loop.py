"""The ``--loop`` commands: a failing round is logged and retried with backoff, a database
restart does not end them, and SIGTERM stops them cleanly (exit 0)."""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import time

import pytest
import sqlalchemy as sa
from flask_migrate import upgrade
from sqlalchemy.pool import NullPool

from pbem.ops import loop

KEY = "a-production-key-of-at-least-32-bytes"


def test_backoff_doubles_from_the_interval_up_to_a_cap():
    assert [loop.backoff(5, n) for n in (1, 2, 3)] == [5, 10, 20]
    assert loop.backoff(0, 1) == 1  # never a busy loop
    assert loop.backoff(60, 50) == loop.MAX_BACKOFF


def test_a_failing_round_is_logged_and_the_loop_goes_on_until_sigterm(app, monkeypatch, caplog):
    monkeypatch.setattr(loop, "backoff", lambda interval, failures: 0)
    rounds = []

    def task():
        rounds.append(len(rounds))
        if len(rounds) <= 2:
            raise RuntimeError(f"round {len(rounds)} broke")
        os.kill(os.getpid(), signal.SIGTERM)  # handled: the loop ends after this round

    with caplog.at_level(logging.INFO, logger="pbem.ops.loop"):
        loop.repeat(task, 0)
    assert rounds == [0, 1, 2]
    messages = [record.getMessage() for record in caplog.records]
    assert messages[1:] == ["round failed (1 in a row); next try in 0 s",
                            "round failed (2 in a row); next try in 0 s",
                            "recovered after 2 failed rounds", "stopped"]
    assert "round 2 broke" in caplog.records[2].exc_text
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL  # given back


def heartbeat(url: str):
    """The tick's heartbeat, read over a connection of its own (never a pooled one)."""
    engine = sa.create_engine(url, poolclass=NullPool)
    try:
        with engine.connect() as connection:
            return connection.scalar(sa.text("SELECT beat_at FROM heartbeats"))
    finally:
        engine.dispose()


def wait_for(condition, process, what: str, limit: float = 60.0):
    """Poll ``condition`` until it is true; fail if the process ended or the limit passed."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        assert process.poll() is None, f"the loop ended: {process.communicate()[1]}"
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    process.kill()
    pytest.fail(f"waited {limit} s for {what}: {process.communicate()[1]}")


def start_tick_loop(url: str, instance) -> subprocess.Popen:
    env = {**os.environ, "PBEM_INSTANCE_PATH": str(instance), "PBEM_DATABASE_URL": url,
           "PBEM_SECRET_KEY": KEY, "PBEM_LOG_FORMAT": "json", "PBEM_MAIL_BACKEND": "file"}
    env.pop("DATABASE_URL", None)
    return subprocess.Popen(
        [sys.executable, "-c", "from pbem.cli import main; main()",
         "tick", "--loop", "--interval", "0.1"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def stop(process) -> list[dict]:
    """SIGTERM the loop; its log, as the JSON lines it wrote, once it has exited 0."""
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 0, stderr
    return [json.loads(line) for line in stderr.splitlines()]


def test_sigterm_stops_tick_loop_cleanly(make_app, tmp_path):
    app = make_app(migrate=True)
    with app.app_context():
        upgrade()
    url = app.config["SQLALCHEMY_DATABASE_URI"]
    process = start_tick_loop(url, tmp_path)
    wait_for(lambda: heartbeat(url), process, "the first tick")
    records = stop(process)
    assert records[-1] == {**records[-1], "level": "INFO", "logger": "pbem.ops.loop",
                           "message": "stopped"}
    assert not [record for record in records if record["level"] == "ERROR"]


@pytest.mark.postgres
def test_tick_loop_survives_the_database_dropping_its_connection(make_app, pg_database,
                                                                 tmp_path):
    app = make_app(pg_database, migrate=True)
    with app.app_context():
        upgrade()
        app.extensions["sqlalchemy"].engine.dispose()
    process = start_tick_loop(pg_database, tmp_path)
    wait_for(lambda: heartbeat(pg_database), process, "the first tick")
    engine = sa.create_engine(pg_database, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        killed = connection.scalar(sa.text(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"))
        restarted = connection.scalar(sa.text("SELECT now()"))
    engine.dispose()
    assert killed >= 1
    wait_for(lambda: heartbeat(pg_database) > restarted, process, "a tick after the restart")
    records = stop(process)
    failures = [record for record in records if record["level"] == "ERROR"]
    assert failures and "OperationalError" in failures[0]["exception"]
    assert any(record["message"].startswith("recovered") for record in records)

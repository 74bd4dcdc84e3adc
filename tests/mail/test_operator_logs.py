"""Logs an operator can read (issue #28): with JSON logging every line a command prints is
JSON; start-up is quiet; an idle tick says nothing; the LMTP listener logs one line per message
and never a token or an address."""

from __future__ import annotations

import json
import signal
import smtplib
import subprocess
import time

from helpers import outbox
from smtp_server import free_port

from pbem.core.extensions import db

from .test_ingest import turn_reply
from .test_spool import PBEM, ROOT, pbem


def test_with_json_logging_every_line_a_command_prints_is_json(env, tmp_path):
    json_env = {**env, "PBEM_LOG_FORMAT": "json", "PBEM_TESTING": "false",
                "PBEM_SECRET_KEY": "a-production-key-of-at-least-40-bytes-long",
                "PBEM_DATABASE_URL": f"sqlite:///{tmp_path}/fresh.sqlite"}
    for command in ("check", "init-db", "send-mail"):
        done = pbem(json_env, command)
        lines = (done.stdout + done.stderr).decode().splitlines()
        assert lines, command
        for line in lines:
            entry = json.loads(line)  # raises on a plain line
            assert {"time", "level", "logger", "message"} <= entry.keys()
    assert json.loads(done.stdout)["message"] == "sent 0, failed 0"
    done = pbem(json_env, "deploy", "print", "gunicorn")  # a file to redirect stays as it is
    assert done.returncode == 0 and done.stdout.startswith(b"# gunicorn")
    (tmp_path / "config.py").write_text("MAIL_LEASE = 1\n")  # a command that fails
    done = pbem(json_env, "send-mail")
    assert done.returncode == 1 and done.stdout == b""
    [failure] = [json.loads(line) for line in done.stderr.decode().splitlines()]
    assert failure["level"] == "CRITICAL" and "MAIL_LEASE" in failure["exception"]


def test_start_up_is_quiet_and_an_idle_tick_says_nothing(env, tmp_path):
    env = {**env, "PBEM_DATABASE_URL": f"sqlite:///{tmp_path}/fresh.sqlite"}
    done = pbem(env, "init-db")
    assert done.stdout == b"database is up to date\n"
    assert b"alembic" not in done.stderr and b"INFO" not in done.stderr
    done = pbem(env, "tick")
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")
    done = pbem({**env, "PBEM_LOG_LEVEL": "DEBUG"}, "tick")
    assert b"tournaments: nothing due" in done.stderr  # below INFO, still there to be seen


def test_the_lmtp_listener_logs_one_line_per_message_naming_no_token_or_address(
        env, app, make_game):
    game = make_game("pylon")
    raw = turn_reply(game, "Mc3")
    turn = outbox("turn")[-1]
    token = turn.headers["Reply-To"].split("+")[1].split("@")[0]
    db.session.commit()  # composing it must not hold SQLite's write lock
    port = free_port()
    server = subprocess.Popen([*PBEM, "lmtp", "--port", str(port)], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        for _ in range(200):
            try:
                client = smtplib.LMTP("127.0.0.1", port)
                break
            except OSError:
                time.sleep(0.05)
        with client:
            client.sendmail(turn.recipient, [turn.headers["Reply-To"]], raw)
            client.sendmail("someone@example.com", ["pbem@pbem.test"],
                            b"From: someone@example.com\r\n\r\nhello\r\n")
    finally:
        server.send_signal(signal.SIGTERM)
        out, err = server.communicate(timeout=30)
    logged = err.decode().splitlines()
    assert [line.partition("pbem.mail.lmtp: ")[2] for line in logged] == [
        f"lmtp: played 'Mc3' in game {game.id}", "lmtp: ignored: not addressed to a move address"]
    for secret in (token, turn.recipient, "someone@example.com", "RCPT"):
        assert secret not in err.decode() and secret not in out.decode()

"""Inbound mail: the MTA's pipe (``ingest-mail``) per message including process start-up
(target under 0.5 s; it only spools), the mail worker's handling of each spooled message (the
rest of the cost, paid in a process already running), and the LMTP listener's throughput over
one connection (target at least 50 messages/s). Every message is a real reply playing a move,
on SQLite in a scratch folder.

Then the hostile messages of issue #28: for each kind, the worker's CPU seconds on the size the
issue names (over a limit: refused before parsing) and on the largest message of that kind
within the limits (parsed and read in full); each must stay under 0.2 s."""

from __future__ import annotations

import gc
import os
import resource
import smtplib
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .timing import SECRET_KEY, file_mail_app, summary_ms

ROOT = Path(__file__).resolve().parent.parent
PIPE_MESSAGES = 20
LMTP_MESSAGES = 200


def run() -> dict:
    with tempfile.TemporaryDirectory(prefix="pbem-bench-") as folder:
        figures = _pipe(folder)
    with tempfile.TemporaryDirectory(prefix="pbem-bench-") as folder:
        figures.update(_lmtp(folder))
    with tempfile.TemporaryDirectory(prefix="pbem-bench-") as folder:
        figures.update(_sender(folder))
    with tempfile.TemporaryDirectory(prefix="pbem-bench-") as folder:
        figures.update(_hostile(folder))
    return figures


SENDER_MESSAGES = 300


def _sender(folder: str) -> dict:
    """One sender delivering a backlog of turn emails (composed as they go, boards drawn) to a
    local SMTP server offering PIPELINING: messages a second (target at least 50). The server
    runs in this process, so the CPU figure includes its parsing of each message."""
    from pbem.mail.sender import deliver_due

    sys.path.insert(0, str(ROOT / "tests"))
    from smtp_server import SMTPServer

    app = file_mail_app(folder)
    server = SMTPServer(pipelining=True)
    server.start()
    try:
        with app.app_context():
            _games(SENDER_MESSAGES)
            app.config.update(MAIL_BACKEND="smtp", MAIL_SERVER="127.0.0.1",
                              MAIL_PORT=server.port)
            app.extensions["mail"].server, app.extensions["mail"].port = "127.0.0.1", server.port
            started, cpu = time.perf_counter(), time.process_time()
            sent = 0
            while True:
                done, failed = deliver_due()
                assert not failed, failed
                if not done:
                    break
                sent += done
            elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    finally:
        server.stop()
    assert len(server.messages) == sent >= SENDER_MESSAGES, (len(server.messages), sent)
    return {"sender_messages": sent,
            "sender_messages_per_s": round(sent / elapsed, 1),
            "sender_cpu_ms_per_message": round(cpu / sent * 1000, 2),
            "sender_connections": server.connections}


def _hostile(folder: str) -> dict:
    """CPU seconds the worker's ingest spends on each kind of hostile message."""
    from pbem.correspondence.ingest import ingest_bytes
    from pbem.mail.handoff import hand_over

    sys.path.insert(0, str(ROOT / "tests"))
    from hostile_mail import KINDS, LARGE, WITHIN
    from sqlalchemy import select

    from pbem.core.extensions import db
    from pbem.mail.composers import compose
    from pbem.mail.models import OutboxMessage

    app = file_mail_app(folder)
    figures = {}
    with app.app_context():
        _games(1)
        turn = db.session.scalars(select(OutboxMessage)
                                  .where(OutboxMessage.kind == "turn")).first()
        # A live token, so a message within the limits is read as far as any reply is.
        compose(turn)
        address = turn.headers["Reply-To"].encode()
        runs = [(kind, label, make, count) for kind, (make, size) in KINDS.items()
                for label, count in (("over", size), ("within", WITHIN[kind]))]
        runs += [(kind, "within", make, size) for kind, (make, size) in LARGE.items()]
        for kind, label, make, count in runs:
            raw = make(count).replace(b"move+abc@pbem.test", address, 1)
            costs = []
            for _ in range(3):  # the least of three: a collection of others' garbage is no cost
                gc.collect()
                started = time.process_time()
                outcome = hand_over(ingest_bytes, raw)
                costs.append(time.process_time() - started)
                assert (outcome.text.startswith("refused")) == (label == "over"), outcome
            figures[f"hostile_{kind}_{label}_cpu_s"] = round(min(costs), 4)
    return figures



def _games(count: int) -> None:
    from pbem.accounts.service import player_by_email
    from pbem.core.extensions import db
    from pbem.play.setup import create_game

    for index in range(count):
        players = [player_by_email(f"p{index}-{seat}@example.com") for seat in (0, 1)]
        create_game("pylon", players, None, creator=players[0], start_now=True, seed=index)
    db.session.commit()


def _replies(body: str) -> list[bytes]:
    """A reply from each player to move to their latest turn email."""
    from sqlalchemy import select

    from pbem.core.extensions import db
    from pbem.mail.composers import compose
    from pbem.mail.models import OutboxMessage

    turns = db.session.scalars(select(OutboxMessage).where(OutboxMessage.kind == "turn",
                                                           OutboxMessage.sent_at.is_(None)))
    replies = []
    for turn in turns:
        compose(turn)
        turn.sent_at = turn.created_at  # answered: the next round takes the newer ones
        replies.append(f"From: {turn.recipient}\r\nTo: {turn.headers['Reply-To']}\r\n"
                       f"Subject: Re: {turn.subject}\r\n"
                       f"Message-ID: <{turn.id}-{body}@mail.example>\r\n\r\n{body}\r\n".encode())
    db.session.commit()
    return replies


def _pipe(folder: str) -> dict:
    app = file_mail_app(folder)
    with app.app_context():
        _games(PIPE_MESSAGES)
        replies = _replies("Mc3")
    env = {**os.environ, "PBEM_DATABASE_URL": f"sqlite:///{folder}/bench.sqlite",
           "PBEM_SECRET_KEY": SECRET_KEY, "PBEM_MAIL_BACKEND": "file",
           "PBEM_MAIL_DOMAIN": "pbem.example", "PBEM_INSTANCE_PATH": folder}
    samples = []
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    for raw in replies:
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", "from pbem.cli import main; main()",
                               "ingest-mail"], input=raw, capture_output=True, env=env,
                              cwd=ROOT, check=True)
        samples.append(time.perf_counter() - started)
        assert done.stdout.startswith(b"spooled"), done.stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    figures = {f"ingest_mail_process_{key}": value for key, value in summary_ms(samples).items()}
    # CPU time says what the wall time hides on a loaded machine.
    figures["ingest_mail_process_cpu_mean_ms"] = round(
        (after.ru_utime + after.ru_stime - cpu.ru_utime - cpu.ru_stime) / len(samples) * 1000, 1)
    figures.update(_worker(app, Path(folder) / "spool"))
    return figures


def _worker(app, folder: Path) -> dict:
    """The mail worker's round over what the pipe spooled: per message, from claiming it to
    removing it (the move played and answered, in the outbox)."""
    from pbem.correspondence.ingest import ingest_bytes
    from pbem.mail.handoff import drain
    from pbem.mail.spool import Spool

    with app.app_context():
        started, cpu = time.perf_counter(), time.process_time()
        outcomes = drain(Spool(folder), ingest_bytes)
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    assert [outcome.text[:6] for outcome in outcomes] == ["played"] * PIPE_MESSAGES, outcomes
    return {"spool_worker_mean_ms": round(elapsed / PIPE_MESSAGES * 1000, 1),
            "spool_worker_cpu_mean_ms": round(cpu / PIPE_MESSAGES * 1000, 1)}


def _lmtp(folder: str) -> dict:
    from pbem.correspondence.ingest import ingest_bytes
    from pbem.mail.lmtp import listener

    sys.path.insert(0, str(ROOT / "tests"))
    from smtp_server import free_port

    app = file_mail_app(folder)
    with app.app_context():
        _games(LMTP_MESSAGES)
        replies = _replies("Mc3")
    server = listener(app, ingest_bytes, "127.0.0.1", free_port())
    server.start()
    try:
        started = time.perf_counter()
        with smtplib.LMTP("127.0.0.1", server.port) as client:
            for raw in replies:
                client.sendmail("mta@example.com", ["move@pbem.example"], raw)
        elapsed = time.perf_counter() - started
    finally:
        server.stop()
    with app.app_context():
        from sqlalchemy import func, select

        from pbem.core.extensions import db
        from pbem.play.models import Move

        played = db.session.scalar(select(func.count()).select_from(Move))
    assert played == LMTP_MESSAGES, played
    return {"lmtp_messages": LMTP_MESSAGES,
            "lmtp_messages_per_s": round(LMTP_MESSAGES / elapsed, 1)}

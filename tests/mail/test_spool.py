"""The spool between the MTA's pipe and the mail worker (issue #17): the pipe only writes the
message down (or refuses it, or leaves it with the MTA); the worker plays it and answers it,
once, however many workers run and whatever crashed."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import outbox
from smtp_server import free_port

from pbem.core.extensions import db
from pbem.mail.spool import Spool
from pbem.play.queries import get_game

from .test_ingest import deep_mime, reply, turn_reply

ROOT = Path(__file__).resolve().parents[2]
PBEM = [sys.executable, "-c", "from pbem.cli import main; main()"]


def pbem(env: dict, *args: str, message: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([*PBEM, *args], input=message, capture_output=True, env=env,
                          cwd=ROOT, timeout=120)


def spool(app) -> Spool:
    return Spool(app.config["MAIL_SPOOL_DIR"])


def claimed_files(app) -> list[Path]:
    folder = Path(app.config["MAIL_SPOOL_DIR"]) / "claimed"
    return sorted(folder.iterdir()) if folder.exists() else []


def test_the_pipe_spools_and_the_mail_worker_plays_and_answers(app, runner, make_game, smtp,
                                                               env):
    game = make_game("pylon")
    alice = game.seats[0].player.email
    done = pbem(env, "ingest-mail", message=turn_reply(game, "Mc3"))
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.decode() == f"spooled {spool(app).waiting()[0]}\n"
    assert get_game(game.id).ply == 0  # nothing is played in the pipe

    result = runner.invoke(args=["pbem", "send-mail"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == f"played 'Mc3' in game {game.id}"
    assert [m.move for m in get_game(game.id).moves] == ["Mc3"]
    answers = [message for recipients, message in smtp.messages
               if message["Auto-Submitted"] == "auto-replied"]
    assert [(a["To"], "accepted" in a["Subject"]) for a in answers] == [(alice, True)]
    assert spool(app).waiting() == [] and claimed_files(app) == []


def test_the_pipe_refuses_what_can_never_be_read_with_65(env, tmp_path):
    small = {**env, "PBEM_MAIL_INBOUND_MAX_BYTES": "100"}
    message = reply("move+abc@pbem.test", "Mc3" + " " * 200, "alice@example.com")
    done = pbem(small, "ingest-mail", message=message)
    assert (done.returncode, done.stdout) == (65, b"refused: the message is larger than 100 "
                                                  b"bytes\n")
    for junk in (b"", b"\xff\xfe\x00garbage\r\n\r\n\x00\x80"):
        done = pbem(env, "ingest-mail", message=junk)
        assert (done.returncode, done.stdout) == (
            65, b"refused: this is not a message (it does not begin with a header)\n")
    assert Spool(env["PBEM_MAIL_SPOOL_DIR"]).waiting() == []


def test_the_pipe_exits_75_when_the_spool_cannot_be_written(env, tmp_path):
    """EX_TEMPFAIL: the MTA keeps the message. The traceback goes to the log, not the MTA."""
    (tmp_path / "a-file").write_text("not a folder")
    unwritable = {**env, "PBEM_MAIL_SPOOL_DIR": str(tmp_path / "a-file" / "spool")}
    done = pbem(unwritable, "ingest-mail", message=reply("move+abc@pbem.test", "Mc3", "a@b.c"))
    assert (done.returncode, done.stderr) == (75, b"")
    assert done.stdout == b"failed: cannot write the spool (Not a directory); try again later\n"
    log = (tmp_path / "ingest-mail.log").read_text()
    assert "Traceback" in log and "NotADirectoryError" in log
    assert [path.name for path in tmp_path.iterdir()] != []  # nothing half-written anywhere
    assert not list(tmp_path.glob("**/.tmp-*"))


def test_with_the_database_down_the_message_waits_in_the_spool_then_plays_once(
        app, runner, make_game, env):
    game = make_game("pylon")
    down = {**env, "PBEM_DATABASE_URL": f"postgresql://pbem@127.0.0.1:{free_port()}/pbem"}
    done = pbem(down, "ingest-mail", message=turn_reply(game, "Mc3"))
    assert done.returncode == 0 and done.stdout.startswith(b"spooled ")
    waiting = spool(app).waiting()

    worker = pbem(down, "ingest-spool")
    assert worker.returncode == 75
    assert worker.stdout == b"failed: OperationalError (left to be tried again)\n"
    assert spool(app).waiting() == waiting and claimed_files(app) == []

    result = runner.invoke(args=["pbem", "ingest-spool"])  # the database is back
    assert (result.exit_code, result.output) == (0, f"played 'Mc3' in game {game.id}\n")
    again = runner.invoke(args=["pbem", "ingest-spool"])
    assert (again.exit_code, again.output) == (0, "no spooled mail\n")
    assert get_game(game.id).ply == 1 and len(outbox("reply_result")) == 1


RETRIED = "failed: OperationalError (left to be tried again)"


@pytest.mark.parametrize("engine", ["sqlite",
                                    pytest.param("postgres", marks=pytest.mark.postgres)])
def test_two_workers_racing_over_the_spool_handle_each_message_once(app, runner, make_game,
                                                                    env, engine):
    """A worker may find the database busy and leave a message for the next round: retried,
    not handled twice."""
    games = [make_game("pylon", seed=seed) for seed in range(12)]
    for turn in outbox("turn"):
        spool(app).put(reply(turn.headers["Reply-To"], "Mc3", turn.recipient,
                             f"<{turn.id}@mail.example>"))
    db.session.rollback()  # composing them must not hold SQLite's write lock
    workers = [subprocess.Popen([*PBEM, "ingest-spool"], stdout=subprocess.PIPE, env=env,
                                cwd=ROOT) for _ in range(2)]
    outputs = [worker.communicate(timeout=120)[0].decode() for worker in workers]
    assert {worker.returncode for worker in workers} <= {0, 75}
    outputs.append(runner.invoke(args=["pbem", "ingest-spool"]).output)  # what was retried
    lines = [line for output in outputs for line in output.splitlines()
             if line not in ("no spooled mail", RETRIED)]
    assert sorted(lines) == sorted(f"played 'Mc3' in game {game.id}" for game in games)
    assert all(get_game(game.id).ply == 1 for game in games)
    assert spool(app).waiting() == [] and claimed_files(app) == []


#: A worker that claims what it can and records each message it took.
RACER = """
import sys
from pbem.core.extensions import db
from pbem.mail.spool import Spool
spool = Spool(sys.argv[1])
with open(sys.argv[2], "ab") as record:
    for claimed in spool.claims():
        record.write(claimed.read_bytes() + b"\\n")
        spool.finish(claimed)
"""


def test_racing_claims_take_every_message_exactly_once(tmp_path):
    folder = tmp_path / "spool"
    sent = {b"Subject: %d" % number for number in range(400)}
    for raw in sent:
        Spool(folder).put(raw)
    racers = [subprocess.Popen([sys.executable, "-c", RACER, str(folder),
                                str(tmp_path / f"racer{index}")], cwd=ROOT)
              for index in range(3)]
    assert [racer.wait(timeout=120) for racer in racers] == [0, 0, 0]
    taken = [line for index in range(3) if (tmp_path / f"racer{index}").exists()
             for line in (tmp_path / f"racer{index}").read_bytes().splitlines()]
    assert sorted(taken) == sorted(sent)
    assert Spool(folder).waiting() == [] and list((folder / "claimed").iterdir()) == []


def test_a_crashed_workers_claim_is_recovered_after_the_timeout(app, runner, make_game):
    game = make_game("pylon")
    spool(app).put(turn_reply(game, "Mc3"))
    claimed = next(spool(app).claims())  # a worker takes it, and dies
    fresh = runner.invoke(args=["pbem", "ingest-spool"])
    assert fresh.output == "no spooled mail\n"  # a claim still in time is left alone
    name = claimed.name.partition(".")[2]
    claimed.rename(claimed.with_name(f"{int(time.time()) - 3600}.{name}"))  # an hour ago
    result = runner.invoke(args=["pbem", "ingest-spool"])
    assert (result.exit_code, result.output) == (0, f"played 'Mc3' in game {game.id}\n")
    assert spool(app).waiting() == [] and claimed_files(app) == []


def test_a_spooled_message_that_can_never_be_read_is_set_aside(app, runner, make_game):
    game = make_game("pylon")
    turn = outbox("turn")[0]
    head = f"From: {turn.recipient}\r\nTo: {turn.headers['Reply-To']}\r\n".encode()
    name = spool(app).put(head + deep_mime(3000))
    result = runner.invoke(args=["pbem", "ingest-spool"])
    assert (result.exit_code, result.output) == (
        65, "refused: the message has too many nested parts\n")
    bad = Path(app.config["MAIL_SPOOL_DIR"]) / "bad"
    assert [path.name for path in bad.iterdir()] == [name]
    assert spool(app).waiting() == [] and get_game(game.id).ply == 0


def test_set_aside_messages_are_counted_by_check_and_deleted_after_thirty_days(app, runner):
    for number in range(2):
        spool(app).put(b"Subject: %d\r\n\r\n" % number)
    for claimed in spool(app).claims():
        spool(app).set_aside(claimed)
    result = runner.invoke(args=["pbem", "check"])
    [line] = [line for line in result.output.splitlines() if line.startswith("ok    spool")]
    assert line.endswith("writable; 2 unreadable messages in bad/ (deleted after 30 days)")
    old, new = sorted((Path(app.config["MAIL_SPOOL_DIR"]) / "bad").iterdir())
    month_ago = time.time() - 31 * 86400
    os.utime(old, (month_ago, month_ago))
    spool(app).recover()
    assert list((Path(app.config["MAIL_SPOOL_DIR"]) / "bad").iterdir()) == [new]


def test_a_spool_that_cannot_be_read_stops_no_delivery(app, runner, make_game, smtp, tmp_path):
    make_game("pylon")
    (tmp_path / "a-file").write_text("not a folder")
    app.config["MAIL_SPOOL_DIR"] = str(tmp_path / "a-file")
    result = runner.invoke(args=["pbem", "send-mail"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == ["failed: cannot read the spool (Not a directory)",
                                          "sent 1, failed 0"]
    assert len(smtp.messages) == 1  # the turn email
    alone = runner.invoke(args=["pbem", "ingest-spool"])
    assert alone.exit_code == 75

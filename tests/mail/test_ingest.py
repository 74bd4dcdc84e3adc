"""Moves by email reply: the token in the address and the seat's own From authorise, the first
unquoted line moves; a message is handled once, and a poisonous one stops nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from email.message import EmailMessage
from pathlib import Path

import pytest
from helpers import outbox

from pbem.correspondence.ingest import ALREADY_HANDLED, ingest_bytes
from pbem.mail.inbound import Unreadable
from pbem.play.queries import get_game

ROOT = Path(__file__).resolve().parents[2]


def reply(to: str, body: str, sender: str, message_id: str | None = None) -> bytes:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = "Re: your turn"
    if message_id:
        message["Message-ID"] = message_id
    message.set_content(body)
    return message.as_bytes()


def turn_reply(game, body: str, **headers) -> bytes:
    """A reply from the player to move to their latest turn email."""
    turn = outbox("turn")[-1]
    return reply(turn.headers["Reply-To"], body, turn.recipient, **headers)


def deep_mime(depth: int) -> bytes:
    """Multipart parts nested ``depth`` deep around a legal first move."""
    raw = b""
    for level in range(depth):
        raw += b"Content-Type: multipart/mixed; boundary=b%d\r\n\r\n--b%d\r\n" % (level, level)
    return raw + b"Content-Type: text/plain\r\n\r\nMc3\r\n"


def test_a_reply_plays_the_move_and_answers(make_game):
    game = make_game("pylon")
    raw = turn_reply(game, "\n  mc3 \n\nOn Monday pbem wrote:\n> Sa1\n")
    outcome = ingest_bytes(raw)
    assert outcome == f"played 'mc3' in game {game.id}"
    assert [m.move for m in get_game(game.id).moves] == ["Mc3"]
    [answer] = outbox("reply_result")
    assert answer.recipient == game.seats[0].player.email and "accepted" in answer.subject
    assert outbox("turn")[-1].recipient == game.seats[1].player.email
    assert ingest_bytes(raw) == f"too late in game {game.id}"  # the ply has passed


def test_an_illegal_reply_is_answered_with_the_reason(make_game):
    game = make_game("pylon")
    outcome = ingest_bytes(turn_reply(game, "> quoted\nc3-c4\n"))
    assert outcome.startswith("refused") and get_game(game.id).ply == 0
    [answer] = outbox("reply_result")
    assert "refused" in answer.subject and "c3-c4" in answer.body_text


def test_mail_without_a_valid_token_is_ignored(make_game):
    game = make_game("pylon")
    address = outbox("turn")[0].headers["Reply-To"]
    alice = game.seats[0].player.email
    assert ingest_bytes(reply("pbem@pbem.test", "Mc3", alice)).startswith("ignored")
    assert ingest_bytes(reply(address.replace("move+", "move+x"), "Mc3", alice)
                        ).startswith("ignored")
    with pytest.raises(Unreadable, match="this is not a message"):
        ingest_bytes(b"not an email at all")
    assert get_game(game.id).ply == 0 and not outbox("reply_result")


def test_ingest_mail_command_spools_stdin_and_handles_an_mbox(app, runner, make_game, tmp_path):
    game = make_game("pylon")
    result = runner.invoke(args=["pbem", "ingest-mail"], input=turn_reply(game, "Mc3"))
    assert result.exit_code == 0 and result.output.startswith("spooled ")
    assert get_game(game.id).ply == 0  # the worker plays it
    result = runner.invoke(args=["pbem", "ingest-spool"])
    assert (result.exit_code, result.output) == (0, f"played 'Mc3' in game {game.id}\n")
    mbox = tmp_path / "in.mbox"
    mbox.write_bytes(b"From x@y Mon Jan  1 00:00:00 2024\n" + turn_reply(game, "Sa1") + b"\n")
    result = runner.invoke(args=["pbem", "ingest-mail", "--mbox", str(mbox)])
    assert result.exit_code == 0 and "played 'Sa1'" in result.output
    assert get_game(game.id).ply == 2


def test_a_reply_from_another_address_plays_nothing_and_is_not_answered(make_game):
    """The token is not enough: Mallory holding Bob's reply address cannot move for him."""
    game = make_game("pylon")
    turn = outbox("turn")[0]
    address, alice = turn.headers["Reply-To"], turn.recipient
    for sender in ("mallory@evil.example", f"Mallory <mallory@evil.example>, {alice}",
                   "", "not an address"):
        outcome = ingest_bytes(reply(address, "Mc3", sender))
        assert outcome == ("ignored: not sent from the address of the seat's player in game "
                           f"{game.id}")
    assert get_game(game.id).ply == 0 and not outbox("reply_result")
    # The seat's own address, written as mail clients do (a name, other case), plays.
    played = reply(address, "Mc3", f"P1 <{alice.upper()}>")
    assert ingest_bytes(played) == f"played 'Mc3' in game {game.id}"


@pytest.mark.parametrize("engine", ["sqlite",
                                    pytest.param("postgres", marks=pytest.mark.postgres)])
def test_a_repeated_message_id_is_handled_once(make_game, engine):
    game = make_game("pylon")
    refused = turn_reply(game, "c3-c4", message_id="<a1@mail.example>")
    assert ingest_bytes(refused).startswith("refused")
    assert ingest_bytes(refused) == ingest_bytes(refused) == ALREADY_HANDLED
    assert len(outbox("reply_result")) == 1
    played = turn_reply(game, "Mc3", message_id="<a2@mail.example>")
    assert ingest_bytes(played).startswith("played")
    # Again, now that it is a reply to the next turn email, the copy still plays nothing.
    again = turn_reply(game, "Sa1", message_id="<a2@mail.example>")
    assert ingest_bytes(again) == ALREADY_HANDLED
    assert get_game(game.id).ply == 1 and len(outbox("reply_result")) == 2


def test_a_message_nested_too_deep_is_refused(make_game):
    game = make_game("pylon")
    turn = outbox("turn")[0]
    head = f"From: {turn.recipient}\r\nTo: {turn.headers['Reply-To']}\r\n".encode()
    with pytest.raises(Unreadable, match="the message has too many nested parts"):
        ingest_bytes(head + deep_mime(3000))
    assert ingest_bytes(head + deep_mime(5)) == f"played 'Mc3' in game {game.id}"


def test_a_poisonous_message_does_not_stop_an_mbox(runner, make_game, tmp_path):
    """A message nested 3,000 deep, then a legal move: the move is played."""
    game = make_game("pylon")
    turn = outbox("turn")[0]
    head = f"From: {turn.recipient}\r\nTo: {turn.headers['Reply-To']}\r\n".encode()
    separator = b"From x@y Mon Jan  1 00:00:00 2024\n"
    mbox = tmp_path / "in.mbox"
    mbox.write_bytes(separator + head + deep_mime(3000) + b"\n"
                     + separator + turn_reply(game, "Mc3") + b"\n")
    result = runner.invoke(args=["pbem", "ingest-mail", "--mbox", str(mbox)])
    assert result.exit_code == 65, result.output  # the worst of the two
    assert result.output.splitlines() == ["refused: the message has too many nested parts",
                                          f"played 'Mc3' in game {game.id}"]
    assert [m.move for m in get_game(game.id).moves] == ["Mc3"]


def test_ingest_mail_exits_0_once_spooled_and_65_for_unreadable(app, runner, make_game):
    game = make_game("pylon")
    turn = outbox("turn")[0]
    spooled = runner.invoke(args=["pbem", "ingest-mail"], input=turn_reply(game, "Mc3"))
    assert spooled.exit_code == 0 and spooled.output.startswith("spooled ")
    ignored = runner.invoke(args=["pbem", "ingest-mail"],
                            input=reply("pbem@pbem.test", "Sa1", turn.recipient))
    assert ignored.exit_code == 0 and ignored.output.startswith("spooled ")
    not_mail = runner.invoke(args=["pbem", "ingest-mail"], input=b"\xff\xfe\x00garbage\r\n")
    assert not_mail.exit_code == 65 and not_mail.output.startswith("refused: this is not a")
    app.config["MAIL_INBOUND_MAX_BYTES"] = 100
    too_large = runner.invoke(args=["pbem", "ingest-mail"], input=turn_reply(game, "Sa1"))
    assert too_large.exit_code == 65
    assert too_large.output == "refused: the message is larger than 100 bytes\n"
    assert len(os.listdir(app.config["MAIL_SPOOL_DIR"])) == 2
    assert get_game(game.id).ply == 0


#: What the MTA's pipe must not pay for at start-up: it only spools (issue #17).
NOT_FOR_MAIL = ("click", "flask", "sqlalchemy", "pbem.app", "pbem.models", "alembic",
                "flufl.bounce")


def test_the_console_scripts_ingest_mail_starts_light_and_keeps_its_exit_codes(tmp_path):
    """The pipe from the MTA starts a process per message: it imports the standard library
    only, spools what may be mail (exit 0), and refuses what can never be read (65)."""
    env = {"PATH": "/usr/bin:/bin", "PBEM_INSTANCE_PATH": str(tmp_path),
           "PBEM_DATABASE_URL": f"sqlite:///{tmp_path}/pbem.sqlite",
           "PBEM_MAIL_DOMAIN": "pbem.example.org",
           "PBEM_SECRET_KEY": "a-production-key-of-at-least-40-bytes-long",
           "PBEM_BASE_URL": "https://pbem.example.org"}
    script = ("import atexit, sys\n"
              f"atexit.register(lambda: print(sorted(set({NOT_FOR_MAIL!r}) & set(sys.modules))))\n"
              "from pbem.cli import main; main()")

    def ingest(message: bytes):
        done = subprocess.run([sys.executable, "-c", script, "ingest-mail"], input=message,
                              capture_output=True, env=env, cwd=ROOT, timeout=60)
        return done.returncode, done.stdout.decode().splitlines()

    code, lines = ingest(reply("someone@pbem.example.org", "Mc3", "alice@example.com"))
    assert (code, lines[0][:8], lines[1:]) == (0, "spooled ", ["[]"])
    assert os.listdir(tmp_path / "spool") == [lines[0].removeprefix("spooled ")]
    assert ingest(b"To: move+abc@pbem.example.org\r\n" + deep_mime(3000)) == (
        65, ["refused: the message has too many nested parts", "[]"])

"""Moves by email reply: the token in the address authorises, the first unquoted line moves."""

from __future__ import annotations

from email.message import EmailMessage

from helpers import outbox

from pbem.mail.ingest import ingest_bytes
from pbem.play.queries import get_game


def reply(to: str, body: str) -> bytes:
    message = EmailMessage()
    message["From"] = "someone@example.com"
    message["To"] = to
    message["Subject"] = "Re: your turn"
    message.set_content(body)
    return message.as_bytes()


def test_a_reply_plays_the_move_and_answers(make_game):
    game = make_game("pylon")
    address = outbox("turn")[0].headers["Reply-To"]
    outcome = ingest_bytes(reply(address, "\n  mc3 \n\nOn Monday pbem wrote:\n> Sa1\n"))
    assert outcome == f"played 'mc3' in game {game.id}"
    assert [m.move for m in get_game(game.id).moves] == ["Mc3"]
    [answer] = outbox("reply_result")
    assert answer.recipient == game.seats[0].player.email and "accepted" in answer.subject
    assert outbox("turn")[-1].recipient == game.seats[1].player.email
    assert ingest_bytes(reply(address, "Sa1")).startswith("ignored")  # the ply has passed


def test_an_illegal_reply_is_answered_with_the_reason(make_game):
    game = make_game("pylon")
    address = outbox("turn")[0].headers["Reply-To"]
    outcome = ingest_bytes(reply(address, "> quoted\nXx9\n"))
    assert outcome.startswith("refused") and get_game(game.id).ply == 0
    [answer] = outbox("reply_result")
    assert "refused" in answer.subject and "Xx9" in answer.body_text


def test_mail_without_a_valid_token_is_ignored(make_game):
    game = make_game("pylon")
    address = outbox("turn")[0].headers["Reply-To"]
    assert ingest_bytes(reply("pbem@pbem.test", "Mc3")).startswith("ignored")
    assert ingest_bytes(reply(address.replace("move+", "move+x"), "Mc3")).startswith("ignored")
    assert ingest_bytes(b"not an email at all").startswith("ignored")
    assert get_game(game.id).ply == 0 and not outbox("reply_result")


def test_ingest_mail_command_reads_stdin_and_mbox(app, runner, make_game, tmp_path):
    game = make_game("pylon")
    address = outbox("turn")[0].headers["Reply-To"]
    result = runner.invoke(args=["pbem", "ingest-mail"], input=reply(address, "Mc3"))
    assert result.exit_code == 0 and "played" in result.output
    mbox = tmp_path / "in.mbox"
    second = outbox("turn")[-1].headers["Reply-To"]
    mbox.write_bytes(b"From x@y Mon Jan  1 00:00:00 2024\n" + reply(second, "Sa1") + b"\n")
    result = runner.invoke(args=["pbem", "ingest-mail", "--mbox", str(mbox)])
    assert result.exit_code == 0 and "played 'Sa1'" in result.output
    assert get_game(game.id).ply == 2

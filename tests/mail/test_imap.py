"""fetch-mail against a real IMAP server (dovecot on loopback): each unseen message is ingested
once, then put away; a failure leaves it for the next poll."""

from __future__ import annotations

import os

import pytest
import sqlalchemy as sa
from helpers import outbox
from imap_server import DOVECOT, PASSWORD, USER, IMAPServer

from pbem.core.extensions import db
from pbem.play.queries import get_game

pytestmark = pytest.mark.skipif(
    not os.path.exists(DOVECOT),
    reason=f"no dovecot at {DOVECOT} (make test installs dovecot-imapd)")


@pytest.fixture
def imap(app):
    with IMAPServer() as server:
        app.config.update(MAIL_IMAP_HOST="127.0.0.1", MAIL_IMAP_PORT=server.port,
                          MAIL_IMAP_SSL=False, MAIL_IMAP_USER=USER,
                          MAIL_IMAP_PASSWORD=PASSWORD)
        yield server


def reply(turn, body: str, message_id: str) -> bytes:
    return (f"From: {turn.recipient}\r\nTo: {turn.headers['Reply-To']}\r\n"
            f"Subject: Re: {turn.subject}\r\nMessage-ID: {message_id}\r\n\r\n{body}\r\n").encode()


def test_fetch_mail_plays_each_unseen_message_once_and_deletes_it(runner, make_game, imap):
    game = make_game("pylon")
    [turn] = outbox("turn")
    imap.append(reply(turn, "Mc3", "<r1@mail.example>"))
    imap.append(b"From: someone@example.com\r\nTo: pbem@pbem.test\r\n\r\nhello\r\n")
    result = runner.invoke(args=["pbem", "fetch-mail"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [f"played 'Mc3' in game {game.id}",
                                          "ignored: not addressed to a move address"]
    assert imap.count() == 0
    assert runner.invoke(args=["pbem", "fetch-mail"]).output == ""
    assert [m.move for m in get_game(game.id).moves] == ["Mc3"]


def test_a_failure_leaves_the_message_for_the_next_poll(app, runner, make_game, imap):
    game = make_game("pylon")
    [turn] = outbox("turn")
    imap.append(reply(turn, "Mc3", "<r1@mail.example>"))
    db.session.execute(sa.text("ALTER TABLE handled_mail RENAME TO handled_mail_away"))
    db.session.commit()
    failed = runner.invoke(args=["pbem", "fetch-mail"])
    assert failed.exit_code == 75 and failed.output.startswith("failed:")
    assert imap.count(criterion="UNSEEN") == 1
    db.session.execute(sa.text("ALTER TABLE handled_mail_away RENAME TO handled_mail"))
    db.session.commit()
    assert runner.invoke(args=["pbem", "fetch-mail"]).exit_code == 0
    assert get_game(game.id).ply == 1 and imap.count() == 0


def test_handled_mail_can_be_moved_to_a_folder(app, runner, make_game, imap):
    make_game("pylon")
    [turn] = outbox("turn")
    with imap.client() as client:
        client.create("Done")
    app.config["MAIL_IMAP_DONE_FOLDER"] = "Done"
    imap.append(reply(turn, "Mc3", "<r1@mail.example>"))
    assert runner.invoke(args=["pbem", "fetch-mail"]).exit_code == 0
    assert imap.count() == 0 and imap.count("Done") == 1


def test_an_unreachable_mailbox_exits_75(app, runner, imap):
    app.config["MAIL_IMAP_PASSWORD"] = "wrong"
    result = runner.invoke(args=["pbem", "fetch-mail"])
    assert result.exit_code == 75 and result.output.startswith("cannot read the mailbox")

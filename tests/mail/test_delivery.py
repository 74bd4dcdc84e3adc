"""Mail end to end through real servers on loopback: an MTA hands replies and bounces in over
LMTP; the sender uses one SMTP connection per batch; a permanent refusal or a bounce suppresses
the address (the player sees it and can switch their mail back on); DKIM, List-Id, retention."""

from __future__ import annotations

import base64
import smtplib
import subprocess
from datetime import timedelta

import dkim
import pytest
import sqlalchemy as sa
from freezegun import freeze_time
from helpers import outbox, sign_in
from smtp_server import free_port

from pbem.core.extensions import db
from pbem.correspondence.ingest import ingest_bytes
from pbem.mail import suppression
from pbem.mail.lmtp import listener
from pbem.mail.models import OutboxMessage
from pbem.mail.sender import deliver_due, prune_sent
from pbem.play import commands
from pbem.play.queries import get_game


@pytest.fixture
def lmtp(app):
    """The LMTP listener on a free loopback port, ingesting into ``app``; yields a function
    that delivers ``raw`` to ``recipient`` as an MTA would and returns the server's reply."""
    server = listener(app, ingest_bytes, "127.0.0.1", free_port())
    server.start()

    def deliver(recipient: str, raw: bytes) -> tuple[int, str]:
        with smtplib.LMTP("127.0.0.1", server.port) as client:
            client.ehlo("mta.example")  # smtplib's LMTP says LHLO
            client.mail("sender@example.com")
            client.rcpt(recipient)
            code, text = client.data(raw)
            return code, text.decode()

    yield deliver
    server.stop()


def reply_to_turn(turn: OutboxMessage, body: str, message_id: str) -> bytes:
    return (f"From: {turn.recipient}\r\nTo: {turn.headers['Reply-To']}\r\n"
            f"Subject: Re: {turn.subject}\r\nMessage-ID: {message_id}\r\n\r\n{body}\r\n").encode()


def test_an_lmtp_delivery_plays_the_move(make_game, lmtp):
    game = make_game("pylon")
    [turn] = outbox("turn")
    code, _ = lmtp(turn.headers["Reply-To"], reply_to_turn(turn, "Mc3", "<r1@mail.example>"))
    assert code == 250
    db.session.expire_all()
    assert [m.move for m in get_game(game.id).moves] == ["Mc3"]
    assert outbox("reply_result")[0].recipient == turn.recipient


def test_lmtp_answers_451_when_the_database_fails_so_the_mta_retries(app, make_game, lmtp):
    game = make_game("pylon")
    [turn] = outbox("turn")
    raw = reply_to_turn(turn, "Mc3", "<r1@mail.example>")
    db.session.execute(sa.text("ALTER TABLE handled_mail RENAME TO handled_mail_away"))
    db.session.commit()
    code, text = lmtp(turn.headers["Reply-To"], raw)
    assert code == 451 and "try again" in text
    db.session.execute(sa.text("ALTER TABLE handled_mail_away RENAME TO handled_mail"))
    db.session.commit()
    assert lmtp(turn.headers["Reply-To"], raw)[0] == 250  # the MTA's retry plays it
    db.session.expire_all()
    assert get_game(game.id).ply == 1


def test_lmtp_refuses_an_unreadable_message_for_good(app, lmtp):
    app.config["MAIL_INBOUND_MAX_BYTES"] = 10_000
    nested = b"".join(b"Content-Type: multipart/mixed; boundary=b%d\r\n\r\n--b%d\r\n" % (i, i)
                      for i in range(60))
    code, _ = lmtp("move+x@pbem.test", b"From: a@example.com\r\n" + nested)
    assert code == 550


def test_one_connection_carries_a_batch(app, smtp, make_game):
    for _ in range(3):
        make_game("pylon")
    due = len(outbox())
    assert due >= 3
    assert deliver_due() == (due, 0)
    assert smtp.connections == 1 and len(smtp.messages) == due


def test_a_permanent_refusal_suppresses_the_address_until_the_player_resumes(
        app, client, smtp, make_game):
    game = make_game("pylon")
    alice, bob = (seat.player for seat in game.seats)
    smtp.refuse.add(bob.email)
    commands.play_turn(commands.locked(game.id), 0, "Mc3", 0)  # Bob's turn email
    assert deliver_due() == (1, 1)  # Alice's start email went; Bob's was refused
    [to_bob] = outbox("turn")[1:]
    assert to_bob.abandoned_at is not None and to_bob.attempts == 1
    assert "550" in suppression.reason(bob.email)
    with freeze_time() as clock:  # never retried
        clock.tick(timedelta(days=2))
        assert deliver_due() == (0, 0)
    # Nothing more is sent to him: the next turn email is given up before any SMTP exchange.
    commands.play_turn(commands.locked(game.id), 1, "Sa1", 1)
    commands.play_turn(commands.locked(game.id), 0, "Lb2", 2)
    assert deliver_due() == (1, 1)
    assert smtp.refused == [bob.email] and not smtp.to(bob.email)
    # He sees why on his pages, and switches his mail back on.
    sign_in(client, bob)
    page = client.get("/").get_data(as_text=True)
    assert "We have stopped emailing you" in page and "550 5.1.1" in page
    sign_in(client, alice)
    assert "We have stopped emailing you" not in client.get("/").get_data(as_text=True)
    sign_in(client, bob)
    smtp.refuse.clear()
    assert client.post("/account/mail/resume").status_code == 303
    assert "We have stopped emailing you" not in client.get("/account").get_data(as_text=True)
    commands.play_turn(commands.locked(game.id), 1, "Sf5", 3)
    commands.play_turn(commands.locked(game.id), 0, "Sa2", 4)
    assert deliver_due() == (2, 0) and len(smtp.to(bob.email)) == 1


def test_resuming_mail_needs_a_signed_in_player(client):
    assert client.post("/account/mail/resume").status_code == 302  # to the sign-in page


def test_a_message_is_given_up_after_the_maximum_number_of_attempts(app, smtp, make_game):
    app.config["MAIL_MAX_ATTEMPTS"] = 3
    smtp.stop()
    with freeze_time() as clock:
        make_game("pylon")
        for _ in range(5):
            deliver_due()
            clock.tick(timedelta(hours=2))
    [message] = outbox()
    assert message.attempts == 3 and message.abandoned_at is not None and not message.sent_at


def delivery_report(envelope_sender: str, recipient: str, action: str, status: str) -> bytes:
    """An RFC 3464 report as Postfix writes one, sent back to ``envelope_sender``."""
    return f"""\
From: MAILER-DAEMON@mx.example (Mail Delivery System)
To: {envelope_sender}
Subject: Undelivered Mail Returned to Sender
Auto-Submitted: auto-replied
Message-ID: <report-{status}@mx.example>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="R"

--R
Content-Type: text/plain

This is the mail system at host mx.example. Your message could not be delivered.

--R
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example

Final-Recipient: rfc822; {recipient}
Original-Recipient: rfc822;{recipient}
Action: {action}
Status: {status}
Diagnostic-Code: smtp; {status.replace('.', '')[:3]} {status} <{recipient}>: User unknown

--R
Content-Type: text/rfc822-headers

From: pbem <pbem@pbem.test>
To: {recipient}
Subject: your turn

--R--
""".replace("\n", "\r\n").encode()


def test_a_bounce_to_the_verp_address_suppresses_the_recipient(app, smtp, make_game, lmtp):
    game = make_game("pylon")
    alice = game.seats[0].player
    assert deliver_due() == (1, 0)
    [(envelope_sender, _)] = smtp.envelopes
    assert envelope_sender.startswith("bounces+") and envelope_sender.endswith("@pbem.test")
    # A delay report changes nothing; a failure suppresses.
    assert lmtp(envelope_sender, delivery_report(envelope_sender, alice.email, "delayed",
                                                 "4.4.1"))[0] == 250
    assert suppression.reason(alice.email) is None
    assert lmtp(envelope_sender, delivery_report(envelope_sender, alice.email, "failed",
                                                 "5.1.1"))[0] == 250
    db.session.expire_all()
    assert "5.1.1" in suppression.reason(alice.email)
    commands.resign(commands.locked(game.id), 1)  # game-over mail to both: Alice's is not sent
    assert deliver_due() == (1, 1) and len(smtp.to(alice.email)) == 1


def test_a_forged_bounce_address_suppresses_nobody(app, smtp, make_game, lmtp):
    game = make_game("pylon")
    alice = game.seats[0].player
    deliver_due()
    [(envelope_sender, _)] = smtp.envelopes
    forged = envelope_sender.split("-")[0] + "-0123456789abcdef@pbem.test"
    assert lmtp(forged, delivery_report(forged, alice.email, "failed", "5.1.1"))[0] == 250
    assert suppression.reason(alice.email) is None


def test_mail_has_a_list_id_per_kind_and_a_dkim_signature(app, smtp, make_game, tmp_path):
    key = tmp_path / "dkim.pem"
    subprocess.run(["openssl", "genrsa", "-out", str(key), "2048"], check=True,
                   capture_output=True)
    public = subprocess.run(["openssl", "rsa", "-in", str(key), "-pubout", "-outform", "DER"],
                            check=True, capture_output=True).stdout
    app.config.update(MAIL_DKIM_SELECTOR="s1", MAIL_DKIM_KEY_FILE=str(key))
    make_game("pylon")
    deliver_due()
    [(_, data)] = smtp.envelopes
    [(_, message)] = smtp.messages
    assert message["List-Id"] == "pbem turn <turn.pbem.test>"
    record = b"v=DKIM1; k=rsa; p=" + base64.b64encode(public)

    def dns(name, timeout=5):
        return record if name == b"s1._domainkey.pbem.test." else None

    assert dkim.verify(data, dnsfunc=dns)
    assert not dkim.verify(data.replace(b"your turn", b"your tern"), dnsfunc=dns)


def test_sent_mail_loses_its_bodies_after_the_retention_time(app, smtp, make_game):
    make_game("pylon")
    deliver_due()
    with freeze_time() as clock:
        assert prune_sent() == 0
        clock.tick(timedelta(days=app.config["MAIL_KEEP_SENT_DAYS"] + 1))
        assert prune_sent() == 1
        db.session.commit()
    db.session.expire_all()
    [message] = db.session.scalars(sa.select(OutboxMessage)).all()
    assert message.body_text == "" and message.body_html is None and message.subject


def test_send_mail_prunes_old_bodies(app, runner, smtp, make_game):
    make_game("pylon")
    deliver_due()
    with freeze_time() as clock:
        clock.tick(timedelta(days=app.config["MAIL_KEEP_SENT_DAYS"] + 1))
        assert runner.invoke(args=["pbem", "send-mail"]).exit_code == 0
    db.session.expire_all()
    assert db.session.scalar(sa.select(OutboxMessage.body_html)) is None

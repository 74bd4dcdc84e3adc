"""Sending over a server that offers PIPELINING (RFC 2920): each message's MAIL, RCPT and DATA
go in one write, a refusal among them is read in its place, and the session carries on."""

from __future__ import annotations

import pytest
from helpers import outbox
from smtp_server import SMTPServer

from pbem.mail import smtp as smtp_module
from pbem.mail import suppression
from pbem.mail.sender import deliver_due
from pbem.play import commands


@pytest.fixture
def pipelining(app):
    server = SMTPServer(pipelining=True)
    server.start()
    app.config.update(MAIL_BACKEND="smtp", MAIL_SERVER="127.0.0.1", MAIL_PORT=server.port)
    app.extensions["mail"].server, app.extensions["mail"].port = "127.0.0.1", server.port
    yield server
    server.stop()


@pytest.fixture
def writes(monkeypatch):
    """What the sender wrote to the SMTP server, one item per write."""
    written = []
    send = smtp_module._SMTP.send

    def recording(self, data):
        written.append(data.encode() if isinstance(data, str) else data)
        return send(self, data)

    monkeypatch.setattr(smtp_module._SMTP, "send", recording)
    return written


def test_mail_rcpt_and_data_go_in_one_write_and_every_message_arrives(app, pipelining,
                                                                       make_game, writes):
    for seed in range(3):
        make_game("pylon", seed=seed)
    due = len(outbox())
    assert deliver_due() == (due, 0)
    assert pipelining.connections == 1 and len(pipelining.messages) == due
    batches = [data for data in writes if data.startswith(b"MAIL FROM:")]
    assert len(batches) == due
    for batch in batches:
        assert batch.count(b"\r\nRCPT TO:") == 1 and batch.endswith(b"\r\nDATA\r\n")
    # The message went whole: its board image and text as they were composed.
    [_, message] = pipelining.messages[0]
    assert message.get_body(("plain",)).get_content().strip()


def test_a_refusal_read_from_a_pipelined_batch_suppresses_and_the_next_message_goes(
        app, pipelining, make_game):
    game = make_game("pylon")
    alice, bob = (seat.player for seat in game.seats)
    pipelining.refuse.add(bob.email)
    commands.play_turn(commands.locked(game.id), 0, "Mc3", 0)  # Bob's turn email
    commands.play_turn(commands.locked(make_game("pylon", seed=7).id), 0, "Mc3", 0)
    sent, failed = deliver_due()
    assert failed == 1 and sent == len(outbox()) - 1
    [to_bob] = outbox("turn")[1:2]
    assert to_bob.abandoned_at is not None and "550" in suppression.reason(bob.email)
    assert pipelining.connections == 1 and not pipelining.to(bob.email)
    assert pipelining.to(alice.email)

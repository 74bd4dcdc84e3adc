"""Mail through a real SMTP server on loopback: recipients, subjects, signed links, threading
headers; an outage that delays mail but loses none; a server that hangs holds nothing."""

from __future__ import annotations

import socket
import struct
import threading
from datetime import timedelta
from urllib.parse import urlencode, urlsplit

import pytest
from freezegun import freeze_time
from helpers import outbox, path_of, wait_for_mail
from smtp_server import HangingServer
from sqlalchemy import select

from pbem.core.extensions import db
from pbem.mail.models import OutboxMessage
from pbem.mail.sender import deliver_due
from pbem.play import commands, positions
from pbem.play.links import move_url
from pbem.play.queries import get_game


def test_turn_emails_arrive_with_the_link_the_board_and_threading(app, client, smtp, make_game):
    game = make_game("pylon")
    alice, bob = (seat.player for seat in game.seats)
    commands.play_turn(commands.locked(game.id), 0, "Mc3", 0)
    assert deliver_due() == (2, 0)
    [to_alice] = smtp.to(alice.email)
    [to_bob] = smtp.to(bob.email)
    assert to_bob["Subject"] == f"[pbem #{game.id}] Pylon: your turn (ply 2)"
    text = to_bob.get_body(("plain",)).get_content()
    html = to_bob.get_body(("html",)).get_content()
    assert "Mc3" in text and "P1" in text and "/play/" in text and "/play/" in html
    root = f"<pbem-game-{game.id}@pbem.test>"
    for message in (to_alice, to_bob):
        assert message["In-Reply-To"] == root and message["References"] == root
    assert to_alice["Message-ID"] != to_bob["Message-ID"]
    assert to_bob["Reply-To"].startswith("move+") and to_bob["Reply-To"].endswith("@pbem.test")
    # The link in the mail moves for Bob, at this ply only.
    link = path_of(text)
    assert client.post(link + "/move", data={"move": "Sa1", "ply": 1}).status_code == 303
    assert client.post(link + "/move", data={"move": "Sa2", "ply": 1}).status_code == 410
    assert deliver_due() == (1, 0)
    assert len(smtp.to(alice.email)) == 2
    assert deliver_due() == (0, 0)  # nothing is sent twice


def test_everyone_is_emailed_the_result(app, smtp, make_game):
    game = make_game("pylon")
    commands.resign(commands.locked(game.id), 0)
    deliver_due()
    for seat in game.seats:
        [*_, last] = smtp.to(seat.player.email)
        assert "game over" in last["Subject"]
        assert "Won by P2" in last.get_body(("plain",)).get_content()


def test_an_smtp_outage_delays_mail_and_loses_none(app, smtp, make_game):
    smtp.stop()
    with freeze_time() as clock:
        game = make_game("pylon")
        for ply, move in enumerate(["Mc3", "Sa1", "Lb2", "Sf5"]):
            commands.play_turn(commands.locked(game.id), ply % 2, move, ply)
            # Each round tries only what is due: the new mail (and, first, the start mail).
            assert deliver_due() == (0, 2 if ply == 0 else 1)
        waiting = outbox()
        assert len(waiting) == 5 and not any(m.sent_at for m in waiting)
        assert all(m.attempts >= 1 and m.last_error for m in waiting)
        smtp.start()
        assert deliver_due() == (0, 0)  # not due yet: backoff
        clock.tick(timedelta(seconds=app.config["MAIL_RETRY_MAX"] + 1))
        assert deliver_due() == (5, 0)
        clock.tick(timedelta(hours=2))
        assert deliver_due() == (0, 0)
    db.session.expire_all()
    assert all(m.sent_at and m.last_error is None for m in outbox())
    received = [message["Message-ID"] for _, message in smtp.messages]
    assert len(received) == len(set(received)) == 5
    assert {m.headers["Message-ID"] for m in outbox()} == set(received)
    assert get_game(game.id).ply == 4


def test_send_mail_command_delivers_the_outbox(app, runner, smtp, make_game):
    make_game("pylon")
    result = runner.invoke(args=["pbem", "send-mail"])
    assert result.exit_code == 0 and "sent 1, failed 0" in result.output
    assert len(smtp.messages) == 1


def test_delivery_right_after_commit(app, client, smtp, make_game):
    app.config["MAIL_DELIVER_AFTER_COMMIT"] = True
    game = make_game("pylon")
    link = path_of(outbox()[0].body_text)
    client.post(link + "/move", data={"move": "Mc3", "ply": 0})
    for seat in game.seats:  # no send-mail: the request's own delivery sent them
        wait_for_mail(smtp, seat.player.email, 1)
    assert len(smtp.messages) == 2


def test_a_turn_email_is_composed_when_first_tried_from_its_ply_and_kept(app, client, smtp,
                                                                         make_game):
    """Queued as facts in the move's transaction; written at the first delivery attempt from
    the position at its ply (even if the game has moved on), and a retry sends the same."""
    game = make_game("pylon")
    bob = game.seats[1].player
    commands.play_turn(commands.locked(game.id), 0, "Mc3", 0)
    row = db.session.scalars(select(OutboxMessage).where(OutboxMessage.recipient == bob.email)
                             ).one()
    assert row.body_text is None and "List-Unsubscribe" not in row.headers
    assert row.facts == {"seat": 1, "ply": 1,
                         "unsubscribe": [bob.id, "turn"]}
    smtp.stop()
    assert deliver_due() == (0, 2)  # composed at this attempt, and kept for the retry
    db.session.expire_all()
    composed = db.session.get(OutboxMessage, row.id).body_text
    board = game.renderer.text(positions.replay(get_game(game.id), 1), last_move="Mc3")
    assert board in composed and "played: Mc3" in composed
    # the game moves on before the mail goes
    commands.play_turn(commands.locked(game.id), 1, "Sa1", 1)
    smtp.start()
    with freeze_time(timedelta(seconds=app.config["MAIL_RETRY_MAX"] + 1)):
        assert deliver_due() == (3, 0)
    [to_bob] = smtp.to(bob.email)
    text = to_bob.get_body(("plain",)).get_content()
    assert text.replace("\r\n", "\n").strip() == composed.strip()
    assert to_bob["Reply-To"] == db.session.get(OutboxMessage, row.id).headers["Reply-To"]
    assert to_bob["List-Unsubscribe"].strip("<>") in text
    # Its link was for ply 2, which has been played.
    assert client.get(path_of(text)).status_code == 410


def test_a_move_is_mailed_even_when_its_client_resets_the_connection(app, smtp, live_server,
                                                                     make_game):
    """The delivery after a move does not hang on the response being closed: Werkzeug's
    development server skips close callbacks when the client resets the connection early."""
    game = make_game("pylon")
    link = urlsplit(move_url(game, 0))
    body = urlencode({"move": "Mc3", "ply": 0})
    request = (f"POST {link.path}/move HTTP/1.1\r\nHost: {link.netloc}\r\n"
               "Content-Type: application/x-www-form-urlencoded\r\n"
               f"Content-Length: {len(body)}\r\n\r\n{body}")
    with socket.create_connection((link.hostname, link.port)) as sock:
        sock.sendall(request.encode())
        assert sock.recv(12) == b"HTTP/1.1 303"
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # RST
    wait_for_mail(smtp, game.seats[1].player.email, 1)


def test_a_server_that_never_answers_holds_neither_the_sender_nor_a_connection(app, smtp,
                                                                              make_game):
    """Against a server that accepts and never answers, the attempt fails after MAIL_TIMEOUT
    (it blocked for ever), no database connection is held meanwhile (stuck delivery threads
    once held every one of them), and the message, leased, is sent once, later."""
    make_game("pylon")
    app.config["MAIL_TIMEOUT"] = 0.5
    outcome = []

    def deliver():
        with app.app_context():
            outcome.append(deliver_due())

    with HangingServer() as hung:
        app.extensions["mail"].port = hung.port
        sender = threading.Thread(target=deliver, daemon=True)
        sender.start()
        assert hung.accepted.wait(30)
        db.session.rollback()
        assert db.engine.pool.checkedout() == 0  # the sender waits on SMTP with none
        assert deliver_due() == (0, 0)  # the message is leased to the stuck sender
        sender.join(60)
        assert not sender.is_alive() and outcome == [(0, 1)]
    [message] = outbox()
    assert message.sent_at is None and "timed out" in message.last_error
    app.extensions["mail"].port = smtp.port
    with freeze_time(timedelta(seconds=app.config["MAIL_RETRY_MAX"] + 1)):
        assert deliver_due() == (1, 0)
        assert deliver_due() == (0, 0)
    assert len(smtp.messages) == 1


def test_the_lease_must_outlast_the_smtp_timeout(make_app):
    """A lease shorter than a slow delivery lets a second sender send the message again."""
    with pytest.raises(ValueError, match="MAIL_LEASE .* must be more than twice MAIL_TIMEOUT"):
        make_app(MAIL_TIMEOUT=60, MAIL_LEASE=90)


def test_mail_says_it_is_automatic_and_carries_its_unsubscribe_link_verbatim(app, smtp,
                                                                            make_game):
    """Auto-Submitted (RFC 3834) keeps autoresponders quiet; List-Unsubscribe must be the URL
    itself, never RFC 2047-encoded (the SMTP policy encoded any line over 78 characters)."""
    game = make_game("pylon")
    commands.play_turn(commands.locked(game.id), 0, "Mc3", 0)
    assert deliver_due() == (2, 0)
    [to_bob] = smtp.to(game.seats[1].player.email)
    raw = to_bob.as_bytes(policy=to_bob.policy.clone(refold_source="none")).decode()
    link = outbox("turn")[-1].headers["List-Unsubscribe"]
    assert f"\nList-Unsubscribe: {link}\n" in raw.replace("\r\n", "\n")
    assert "\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\n" in raw.replace("\r\n", "\n")
    assert to_bob["Auto-Submitted"] == "auto-generated"

"""Web Push: a browser subscribed for a kind gets, when the mail of that kind goes out, a push
encrypted for it alone (RFC 8291), which a local receiver decrypts with the browser's keys; a
subscription the push service says is gone (410, 404) is removed."""

from __future__ import annotations

import base64
import json
import os
import random
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from helpers import play_turns
from py_vapid import Vapid01

from pbem.core.extensions import db
from pbem.mail.sender import deliver_due
from pbem.push import service
from pbem.push.models import PushSubscription


class Receiver:
    """A push service on loopback: records each push, answers ``status``."""

    def __init__(self):
        self.pushes, self.status = [], 201
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.pushes.append((self.path, dict(self.headers), body))
                self.send_response(receiver.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *_args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class Browser:
    """A browser's push keys: what it subscribes with, and what decrypts its pushes."""

    def __init__(self, endpoint: str):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        public = self.key.public_key().public_bytes(serialization.Encoding.X962,
                                                    serialization.PublicFormat.UncompressedPoint)
        self.subscription = {"endpoint": endpoint,
                             "keys": {"p256dh": _b64(public), "auth": _b64(self.auth)}}

    def decrypt(self, body: bytes) -> dict:
        return json.loads(http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth,
                                           version="aes128gcm"))


@pytest.fixture
def receiver(app):
    vapid = Vapid01()
    vapid.generate_keys()
    app.config.update(PUSH_VAPID_PRIVATE_KEY=vapid.private_pem().decode(),
                      PUSH_VAPID_SUBJECT="mailto:ops@pbem.test")
    server = Receiver()
    yield server
    server.stop()


def test_a_turn_is_pushed_encrypted_to_the_browser_and_decrypted_there(app, make_game,
                                                                      receiver):
    game = make_game("pylon")
    bob = game.seats[1].player
    browser = Browser(f"{receiver.url}/push/bob-laptop")
    service.subscribe(bob, browser.subscription)
    db.session.commit()
    play_turns(game, 1, random.Random(1))  # Bob's turn: his turn mail is queued
    sent, failed = deliver_due()
    assert sent >= 1 and failed == 0
    assert len(receiver.pushes) == 1
    path, headers, body = receiver.pushes[0]
    assert path == "/push/bob-laptop"
    assert {k.lower(): v for k, v in headers.items()}["content-encoding"] == "aes128gcm"
    assert {k.lower(): v for k, v in headers.items()}["authorization"].startswith("vapid t=")
    assert b"turn" not in body  # encrypted
    data = browser.decrypt(body)
    assert data == {"kind": "turn", "title": "Your turn", "game": game.id,
                    "url": f"http://pbem.test/games/{game.id}"}
    assert "@" not in json.dumps(data)  # no address, no name: the game and whose turn


def test_a_push_speaks_its_players_language(app, make_game, receiver):
    """Pushes go from the mail sender, whoever's language that speaks: the title is in the
    player's (it had been English for everyone)."""
    game = make_game("pylon")
    bob = game.seats[1].player
    bob.language = "de"
    browser = Browser(f"{receiver.url}/push/bob-phone")
    service.subscribe(bob, browser.subscription)
    db.session.commit()
    play_turns(game, 1, random.Random(1))
    deliver_due()
    assert browser.decrypt(receiver.pushes[0][2])["title"] == "Du bist am Zug"


def test_a_browser_gets_only_the_kinds_it_wants(app, make_game, receiver):
    game = make_game("pylon")
    bob = game.seats[1].player
    service.subscribe(bob, Browser(f"{receiver.url}/push/b").subscription, kinds=["game"])
    db.session.commit()
    play_turns(game, 1, random.Random(1))
    deliver_due()
    assert receiver.pushes == []


@pytest.mark.parametrize("status", [410, 404])
def test_a_gone_subscription_is_removed(app, make_game, receiver, status):
    game = make_game("pylon")
    bob = game.seats[1].player
    service.subscribe(bob, Browser(f"{receiver.url}/push/gone").subscription)
    db.session.commit()
    receiver.status = status
    play_turns(game, 1, random.Random(1))
    sent, _failed = deliver_due()
    assert sent >= 1  # the mail went all the same
    assert len(receiver.pushes) == 1
    assert db.session.query(PushSubscription).count() == 0


def test_bad_subscriptions_are_refused(app, make_player):
    player = make_player()
    for data in (None, {}, {"endpoint": "ftp://x", "keys": {"p256dh": "a", "auth": "b"}},
                 {"endpoint": "https://push.example/1", "keys": {"p256dh": 1, "auth": "b"}}):
        with pytest.raises(service.BadSubscription):
            service.subscribe(player, data)


def test_the_push_page_subscribes_lists_and_removes_a_browser(app, client, make_player,
                                                              receiver):
    from helpers import sign_in

    player = make_player()
    sign_in(client, player)
    page = client.get("/account/push").get_data(as_text=True)
    assert 'data-key="' in page and "push.js" in page and "<script>" not in page
    browser = Browser(f"{receiver.url}/push/page")
    made = client.post("/account/push", data={"subscription": json.dumps(browser.subscription),
                                              "kind": ["turn", "game"]})
    assert made.status_code == 201
    row = db.session.query(PushSubscription).one()
    assert (row.player_id, row.kinds) == (player.id, "turn game")
    listed = client.get("/account/push").get_data(as_text=True)  # the kinds in words
    assert "your turn, game news: results, proposals, vacations" in listed
    assert client.post("/account/push", data={"subscription": "{"}).status_code == 422
    assert client.post(f"/account/push/{row.id}/remove").status_code == 303
    assert db.session.query(PushSubscription).count() == 0
    worker = client.get("/push-worker.js")
    assert worker.status_code == 200 and worker.headers["Service-Worker-Allowed"] == "/"

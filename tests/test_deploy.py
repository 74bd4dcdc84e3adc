"""Production safety: no start with the public key, a session forged with it opens nothing,
``pbem check`` reports the deployment, and behind a proxy each client is its own client."""

from __future__ import annotations

import logging
import socket

import pytest
from flask import Flask
from flask_migrate import upgrade
from helpers import outbox

from pbem import create_app
from pbem.core.checks import InsecureSecretKey
from pbem.core.config import DEFAULT_SECRET_KEY

KEY = "a-production-key-of-at-least-32-bytes"


@pytest.fixture
def production(monkeypatch, tmp_path):
    """``create_app`` as a server starts it: no TESTING, no debug, nothing in the
    environment."""
    monkeypatch.setenv("PBEM_INSTANCE_PATH", str(tmp_path))
    for name in ("PBEM_SECRET_KEY", "FLASK_DEBUG", "DATABASE_URL", "PBEM_DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)

    def make(**config):
        return create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/p.sqlite", **config})

    return make


def test_outside_debug_and_testing_the_app_refuses_the_public_or_a_short_key(production):
    with pytest.raises(InsecureSecretKey, match="SECRET_KEY is not set"):
        production()
    with pytest.raises(InsecureSecretKey, match="SECRET_KEY is not set"):
        production(SECRET_KEY="")
    with pytest.raises(InsecureSecretKey, match="SECRET_KEY is 31 bytes"):
        production(SECRET_KEY="k" * 31)
    with pytest.raises(InsecureSecretKey, match=r"SECRET_KEY_FALLBACKS\[0\] is 3 bytes"):
        production(SECRET_KEY=KEY, SECRET_KEY_FALLBACKS=["old"])
    assert production(SECRET_KEY=KEY).secret_key == KEY


@pytest.mark.parametrize("key", ["a" * 32, "abcdefgh" * 8, "0" * 64])
def test_a_key_that_is_obviously_not_random_is_refused(production, key):
    with pytest.raises(InsecureSecretKey, match="SECRET_KEY is not random.*token_hex"):
        production(SECRET_KEY=key)
    with pytest.raises(InsecureSecretKey, match=r"SECRET_KEY_FALLBACKS\[1\] is not random"):
        production(SECRET_KEY=KEY, SECRET_KEY_FALLBACKS=[KEY[::-1], key])


def test_fallbacks_that_are_not_a_list_get_a_clear_start_up_message(production, monkeypatch):
    """A single key set as PBEM_SECRET_KEY_FALLBACKS (not JSON) is a string, not a list: said
    so, with how to write it, rather than a complaint about one-byte keys."""
    monkeypatch.setenv("PBEM_SECRET_KEY_FALLBACKS", KEY[::-1])
    with pytest.raises(InsecureSecretKey, match=r"SECRET_KEY_FALLBACKS must be a list.*str"):
        production(SECRET_KEY=KEY)
    monkeypatch.setenv("PBEM_SECRET_KEY_FALLBACKS", f'["{KEY[::-1]}"]')
    assert production(SECRET_KEY=KEY).config["SECRET_KEY_FALLBACKS"] == [KEY[::-1]]
    assert production(DEBUG=True).debug  # development (make run) and the tests need no key
    assert production(TESTING=True).testing


def test_the_key_can_come_from_the_environment(production, monkeypatch):
    monkeypatch.setenv("PBEM_SECRET_KEY", KEY)
    monkeypatch.setenv("PBEM_SECRET_KEY_FALLBACKS", f'["{KEY.upper()}"]')
    app = production()
    assert app.config["SECRET_KEY_FALLBACKS"] == [KEY.upper()]


def forged_session(key: str, player_id: int) -> str:
    """A session cookie naming ``player_id``, signed as Flask signs it, with ``key``."""
    forger = Flask("forger")
    forger.secret_key = key
    return forger.session_interface.get_signing_serializer(forger).dumps(
        {"player_id": player_id})


def test_a_session_forged_with_the_public_key_does_not_open_admin(make_app, make_player):
    app = make_app(TESTING=False, SECRET_KEY=KEY)
    with app.app_context():
        admin = make_player(admin=True)
        client = app.test_client()
        client.set_cookie("session", forged_session(DEFAULT_SECRET_KEY, admin.id))
        assert client.get("/admin/").status_code == 403
        client.set_cookie("session", forged_session(KEY, admin.id))  # the forger's method works
        assert client.get("/admin/").status_code == 200


def test_the_configuration_checks_are_start_up_warnings(production, caplog):
    with caplog.at_level(logging.WARNING):
        production(SECRET_KEY=KEY, BASE_URL="http://pbem.example.org")
    failed = [r.getMessage() for r in caplog.records if "deployment check" in r.getMessage()]
    assert any("base URL" in line for line in failed)
    assert any("secure cookies" in line for line in failed)
    assert any("mail domain" in line for line in failed)
    assert any("mail sender" in line for line in failed)
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        production(SECRET_KEY=KEY, BASE_URL="https://pbem.example.org",
                   MAIL_DOMAIN="pbem.example.org", PROXY_FIX_X_FOR=1, PROXY_FIX_X_PROTO=1)
    assert not [r for r in caplog.records if "deployment check" in r.getMessage()]


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_check_fails_a_development_configuration_line_by_line(make_app, tmp_path):
    (tmp_path / "a-file").write_text("not a folder")
    app = make_app(SECRET_KEY=DEFAULT_SECRET_KEY, MAIL_BACKEND="smtp", MAIL_SERVER="127.0.0.1",
                   MAIL_PORT=closed_port(), MAIL_DOMAIN="localhost",
                   MAIL_SPOOL_DIR=str(tmp_path / "a-file" / "spool"))
    result = app.test_cli_runner().invoke(args=["pbem", "check"])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.startswith("FAIL")]
    assert [line.split(":")[0] for line in lines] == [
        "FAIL  secret key", "FAIL  base URL", "FAIL  secure cookies", "FAIL  mail domain",
        "FAIL  mail sender", "FAIL  SMTP", "FAIL  migrations", "FAIL  spool"]
    assert "unreachable" in lines[5] and "init-db" in lines[6] and "exit 75" in lines[7]


def test_check_passes_a_production_configuration(make_app, tmp_path):
    app = make_app(migrate=True, SECRET_KEY=KEY, BASE_URL="https://pbem.example.org",
                   MAIL_DOMAIN="pbem.example.org", PROXY_FIX_X_FOR=1, PROXY_FIX_X_PROTO=1)
    with app.app_context():
        from smtp_server import SMTPServer

        server = SMTPServer()
        server.start()
        try:
            app.config.update(MAIL_BACKEND="smtp", MAIL_SERVER="127.0.0.1",
                              MAIL_PORT=server.port)
            runner = app.test_cli_runner()
            assert runner.invoke(args=["pbem", "check"]).exit_code == 1  # not migrated yet
            upgrade()
            result = runner.invoke(args=["pbem", "check"])
        finally:
            server.stop()
    assert result.exit_code == 0, result.output
    assert [line[:4] for line in result.output.splitlines()] == ["ok  "] * 13
    assert "127.0.0.1" in result.output and not server.messages


def request_links(client, count: int, forwarded_for: str):
    return [client.post("/sign-in", data={"email": f"u{i}@example.com"},
                        headers={"X-Forwarded-For": forwarded_for}).status_code
            for i in range(count)]


def test_behind_a_trusted_proxy_each_client_has_its_own_sign_in_limit(make_app):
    app = make_app(PROXY_FIX_X_FOR=1, SIGN_IN_LIMIT_PER_CLIENT=2)
    with app.app_context():
        client = app.test_client()  # every request from the proxy's own address
        assert request_links(client, 3, "203.0.113.7") == [200, 200, 429]
        assert request_links(client, 1, "198.51.100.9") == [200]  # another client
        # A client's own X-Forwarded-For is not believed: the proxy appends the real address.
        assert request_links(client, 1, "198.51.100.9, 203.0.113.7") == [429]
        assert len(outbox("sign_in")) == 3


def test_without_the_proxy_setting_forwarded_addresses_are_ignored(make_app):
    app = make_app(SIGN_IN_LIMIT_PER_CLIENT=2)
    with app.app_context():
        client = app.test_client()
        assert request_links(client, 2, "203.0.113.7") == [200, 200]
        assert request_links(client, 1, "198.51.100.9") == [429]  # one client: the proxy

"""``pbem check`` on what breaks every message (issue #28): a sender no receiver accepts, a DKIM
key that does not load, an IMAP mailbox without its folders, pg_dump, a TLS proxy the app does
not trust, and the pipe's spool and log; and mail going out From ``pbem@MAIL_DOMAIN`` with a
plain display name."""

from __future__ import annotations

import base64
import os
import subprocess
from pathlib import Path

import pytest
from dkim.crypto import parse_public_key
from helpers import outbox
from imap_server import DOVECOT, PASSWORD, USER, IMAPServer

from pbem.core import checks
from pbem.ops import checks as running
from pbem.play.queries import get_game

from .test_imap import reply

PUBLIC = {"MAIL_DOMAIN": "pbem.example.org", "BASE_URL": "https://pbem.example.org",
          "PROXY_FIX_X_FOR": 1, "PROXY_FIX_X_PROTO": 1}


def check_lines(app) -> dict[str, str]:
    """``pbem check``'s lines by the name of the check."""
    result = app.test_cli_runner().invoke(args=["pbem", "check"])
    return {line[6:].partition(":")[0]: line for line in result.output.splitlines()}


def test_mail_goes_out_from_pbem_at_the_mail_domain_with_a_plain_name(make_app, make_game):
    app = make_app(**PUBLIC)
    assert app.config["MAIL_DEFAULT_SENDER"] == "pbem <pbem@pbem.example.org>"
    with app.app_context():
        make_game("pylon")
        app.test_cli_runner().invoke(args=["pbem", "send-mail"])
    [sent] = Path(app.config["MAIL_FILE_DIR"]).iterdir()
    assert b"\r\nFrom: pbem <pbem@pbem.example.org>\r\n" in sent.read_bytes()


@pytest.mark.parametrize(("sender", "domain", "reason"), [
    ("pbem <pbem@localhost>", "pbem.example.org", "no receiver accepts"),
    ("pbem@pbem.test", "pbem.test", "no receiver accepts"),
    ("Club <games@club.example>", "pbem.example.org", "no receiver accepts"),
    ("pbem <pbem@mail.invalid>", "pbem.example.org", "no receiver accepts"),
    ("pbem <pbem@other.org>", "pbem.example.org", "does not align with MAIL_DOMAIN"),
])
def test_check_fails_a_sender_no_receiver_accepts_or_not_aligned(sender, domain, reason):
    config = {"MAIL_DEFAULT_SENDER": sender, "MAIL_DOMAIN": domain, "MAIL_DKIM_SELECTOR": None,
              "MAIL_DKIM_DOMAIN": None}
    result = checks.mail_sender(config)
    assert not result.ok and reason in result.detail


def test_check_passes_an_aligned_sender_and_fails_one_the_dkim_domain_does_not_cover():
    config = {"MAIL_DEFAULT_SENDER": "Club <games@club.org>", "MAIL_DOMAIN": "pbem.club.org",
              "MAIL_DKIM_SELECTOR": None, "MAIL_DKIM_DOMAIN": None}
    assert checks.mail_sender(config).ok
    config.update(MAIL_DKIM_SELECTOR="s1", MAIL_DKIM_DOMAIN="elsewhere.net")
    result = checks.mail_sender(config)
    assert not result.ok and "does not align with the DKIM domain elsewhere.net" in result.detail


def test_the_app_still_runs_with_a_sender_on_a_reserved_domain(make_app, make_game):
    """The tests' own pbem.test: check fails, nothing else refuses."""
    app = make_app()
    assert app.config["MAIL_DEFAULT_SENDER"] == "pbem <pbem@pbem.test>"
    lines = check_lines(app)
    assert lines["mail sender"].startswith("FAIL  mail sender: mail goes out From "
                                           "'pbem@pbem.test', which no receiver accepts")


def test_check_fails_a_missing_or_unloadable_dkim_key_and_prints_the_record(make_app,
                                                                          tmp_path):
    app = make_app(**PUBLIC, MAIL_DKIM_SELECTOR="s1", MAIL_DKIM_KEY_FILE=str(tmp_path / "no.pem"))
    line = check_lines(app)["DKIM"]
    assert line.startswith("FAIL  DKIM: cannot read the key file") and "No such file" in line
    (tmp_path / "junk.pem").write_text("not a key\n")
    app.config["MAIL_DKIM_KEY_FILE"] = str(tmp_path / "junk.pem")
    assert check_lines(app)["DKIM"].startswith("FAIL  DKIM: the key file")
    app.config["MAIL_DKIM_KEY_FILE"] = None
    assert "set both" in check_lines(app)["DKIM"]
    key = tmp_path / "dkim.pem"
    subprocess.run(["openssl", "genrsa", "-out", str(key), "1024"], check=True,
                   capture_output=True)
    app.config["MAIL_DKIM_KEY_FILE"] = str(key)
    line = check_lines(app)["DKIM"]
    assert line.startswith('ok    DKIM: key loads; publish s1._domainkey.pbem.example.org TXT '
                           '"v=DKIM1; k=rsa; p=')
    published = parse_public_key(base64.b64decode(line.split("p=")[1].rstrip('"')))
    assert published["publicExponent"] == 65537


def test_check_fails_https_without_the_proxy_trusted():
    config = {"BASE_URL": "https://pbem.example.org", "PROXY_FIX_X_FOR": 0,
              "PROXY_FIX_X_PROTO": 0}
    result = checks.proxy(config)
    assert not result.ok and "PBEM_PROXY_FIX_X_FOR=1 and PBEM_PROXY_FIX_X_PROTO=1" in result.detail
    assert checks.proxy({**config, "PROXY_FIX_X_FOR": 1, "PROXY_FIX_X_PROTO": 1}).ok
    assert checks.proxy({**config, "BASE_URL": "http://127.0.0.1:5000"}).ok


def test_check_fails_a_postgresql_database_without_pg_dump(monkeypatch):
    config = {"SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://pbem@db/pbem"}
    monkeypatch.setenv("PATH", "/nonexistent")
    result = running.pg_dump(config)
    assert not result.ok and "pbem backup would fail" in result.detail
    assert running.pg_dump({"SQLALCHEMY_DATABASE_URI": "sqlite:///x"}).ok


def test_check_fails_a_spool_and_a_log_the_pipe_cannot_write(make_app, tmp_path):
    (tmp_path / "a-file").write_text("not a folder")
    app = make_app(**PUBLIC, MAIL_SPOOL_DIR=str(tmp_path / "a-file" / "spool"),
                   MAIL_INGEST_LOG=str(tmp_path / "a-file" / "ingest-mail.log"))
    lines = check_lines(app)
    assert lines["spool"].startswith("FAIL  spool: cannot write to")
    assert lines["ingest log"].startswith("FAIL  ingest log: cannot append to")


needs_dovecot = pytest.mark.skipif(
    not os.path.exists(DOVECOT), reason=f"no dovecot at {DOVECOT} (apt-get install "
                                        "dovecot-imapd)")


@needs_dovecot
def test_check_logs_in_to_imap_and_fails_a_missing_folder(make_app):
    with IMAPServer() as server:
        app = make_app(**PUBLIC, MAIL_IMAP_HOST="127.0.0.1", MAIL_IMAP_PORT=server.port,
                       MAIL_IMAP_SSL=False, MAIL_IMAP_USER=USER, MAIL_IMAP_PASSWORD="wrong")
        assert check_lines(app)["IMAP"].startswith(f"FAIL  IMAP: {USER}@127.0.0.1:"
                                                   f"{server.port}: cannot log in")
        app.config.update(MAIL_IMAP_PASSWORD=PASSWORD, MAIL_IMAP_DONE_FOLDER="Done")
        line = check_lines(app)["IMAP"]
        assert line.startswith("FAIL  IMAP") and "no folder 'Done'" in line
        with server.client() as client:
            client.create("Done")
        assert check_lines(app)["IMAP"].startswith("ok    IMAP")


@needs_dovecot
def test_fetch_mail_creates_its_missing_done_folder_before_it_plays(app, runner, make_game):
    """It used to play the move, fail to put it away, and fail every later poll."""
    with IMAPServer() as server:
        app.config.update(MAIL_IMAP_HOST="127.0.0.1", MAIL_IMAP_PORT=server.port,
                          MAIL_IMAP_SSL=False, MAIL_IMAP_USER=USER, MAIL_IMAP_PASSWORD=PASSWORD,
                          MAIL_IMAP_DONE_FOLDER="Played moves")
        game = make_game("pylon")
        [turn] = outbox("turn")
        server.append(reply(turn, "Mc3", "<r1@mail.example>"))
        first = runner.invoke(args=["pbem", "fetch-mail"])
        assert first.exit_code == 0, first.output
        assert get_game(game.id).ply == 1
        assert server.count() == 0 and server.count('"Played moves"') == 1
        assert runner.invoke(args=["pbem", "fetch-mail"]).exit_code == 0

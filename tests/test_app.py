"""The application: layered configuration, SQLite settings, error pages that never show a
trace, CSRF, body size, the dev mailbox."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import sqlalchemy as sa
from helpers import csrf_token, sign_in

from pbem import create_app
from pbem.core import config
from pbem.core.extensions import db
from pbem.play.links import move_token
from pbem.play.queries import get_game

#: A key fit for production (an app built without TESTING refuses the default one).
KEY = "a-production-key-of-at-least-32-bytes"


def test_config_layers_defaults_instance_environment_then_test(tmp_path, monkeypatch):
    (tmp_path / "config.py").write_text(
        "BASE_URL = 'https://instance.example'\nMAIL_DOMAIN = 'instance.example'\n"
        "MAIL_SERVER = 'smtp.instance.example'\n"
    )
    monkeypatch.setenv("PBEM_INSTANCE_PATH", str(tmp_path))
    monkeypatch.setenv("PBEM_MAIL_DOMAIN", "env.example")
    monkeypatch.setenv("PBEM_MAIL_PORT", "2525")
    monkeypatch.setenv("PBEM_MAIL_SERVER", "smtp.env.example")
    monkeypatch.delenv("DATABASE_URL", raising=False)
    app = create_app({"MAIL_SERVER": "smtp.test.example", "SECRET_KEY": KEY})
    assert app.config["SIGN_IN_MAX_AGE"] == 15 * 60  # default
    assert app.config["BASE_URL"] == "https://instance.example"  # instance
    assert app.config["MAIL_DOMAIN"] == "env.example" and app.config["MAIL_PORT"] == 2525  # env
    assert app.config["MAIL_SERVER"] == "smtp.test.example"  # test mapping
    assert app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{tmp_path / 'pbem.sqlite'}"
    assert app.config["MOVE_LINK_MAX_AGE"] == 30 * 24 * 3600
    assert app.config["MAX_CONTENT_LENGTH"]


def test_the_mta_pipe_reads_the_settings_the_app_reads(tmp_path, monkeypatch):
    """One loader for both: the pipe (``pbem.cli.pipe``) builds no app."""
    (tmp_path / "config.py").write_text("MAIL_INBOUND_MAX_BYTES = 1234\n")
    monkeypatch.setenv("PBEM_INSTANCE_PATH", str(tmp_path))
    monkeypatch.setenv("PBEM_MAIL_SPOOL_CLAIM_TIMEOUT", "60")
    settings = config.settings(config.instance_path())
    app = create_app({"SECRET_KEY": KEY})
    assert {name: app.config[name] for name in settings} == {**settings, "SECRET_KEY": KEY}
    assert app.instance_path == str(tmp_path)
    assert (settings["MAIL_INBOUND_MAX_BYTES"], settings["MAIL_SPOOL_CLAIM_TIMEOUT"]) == (1234, 60)
    assert settings["MAIL_SPOOL_DIR"] == str(tmp_path / "spool")


def test_the_default_instance_folder_is_where_flask_puts_it(monkeypatch):
    from flask import Flask

    monkeypatch.delenv("PBEM_INSTANCE_PATH")
    assert config.instance_path() == Flask("pbem").instance_path
    assert config._installed_prefix("/opt/py/lib/python3.12/site-packages") == "/opt/py"
    assert config._installed_prefix("/home/me/pbem-checkout") is None


def test_database_url_selects_postgresql(tmp_path, monkeypatch):
    monkeypatch.setenv("PBEM_INSTANCE_PATH", str(tmp_path))
    monkeypatch.setenv("DATABASE_URL", "postgres://u:p@db.example/pbem")
    monkeypatch.setenv("PBEM_SECRET_KEY", KEY)
    app = create_app()
    assert app.config["SQLALCHEMY_DATABASE_URI"] == "postgresql+psycopg://u:p@db.example/pbem"


def test_sqlite_runs_in_wal_mode_with_foreign_keys(app):
    with db.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        try:
            connection.execute(sa.text(
                "INSERT INTO seats (game_id, \"index\", player_id, response) "
                "VALUES (999, 0, 999, 'invited')"
            ))
        except sa.exc.IntegrityError:
            pass
        else:
            raise AssertionError("a seat of no game was accepted")


def test_errors_are_friendly_pages_without_a_trace(make_app):
    app = make_app()

    @app.get("/boom")
    def boom():
        raise RuntimeError("secret internals")

    client = app.test_client()
    response = client.get("/boom")
    assert response.status_code == 500
    assert b"secret internals" not in response.data and b"Traceback" not in response.data
    assert b"Something went wrong" in response.data
    assert b"<h1>Internal Server Error</h1>" in response.data and b" at 0x" not in response.data
    missing = client.get("/no/such/page")
    assert missing.status_code == 404 and b"<h1>Not Found</h1>" in missing.data
    assert client.delete("/").status_code == 405


def test_oversize_bodies_are_413(client):
    response = client.post("/sign-in", data={"email": "x" * 200_000})
    assert response.status_code == 413
    assert b"larger than this site accepts (at most 64 KB)" in response.data


def test_posts_without_a_csrf_token_are_400_and_change_nothing(make_app):
    app = make_app(WTF_CSRF_ENABLED=True)
    client = app.test_client()
    response = client.post("/sign-in", data={"email": "a@example.com"})
    assert response.status_code == 400 and b"security token" in response.data
    for url in ("/sign-out", "/games/1/move", "/games/1/resign", "/invitations/x"):
        assert client.post(url, data={"move": "Mc3", "ply": 0}).status_code == 400
    token = csrf_token(client)
    ok = client.post("/sign-in", data={"email": "a@example.com", "csrf_token": token})
    assert ok.status_code == 200
    with app.app_context():
        assert db.session.scalar(sa.text("SELECT count(*) FROM outbox")) == 1


def test_a_move_link_needs_no_session_token_but_a_signed_in_move_does(make_app, make_game):
    """The link's signed token is the post's proof: a browser that keeps no cookies (a mail
    app's) can move through it; a post by session still needs the session's CSRF token."""
    app = make_app(WTF_CSRF_ENABLED=True)
    with app.app_context():
        game = make_game("pylon")
        client = app.test_client(use_cookies=False)
        token = move_token(game, 0)
        preview = client.post(f"/play/{token}/preview", data={"move": "Mc3", "ply": 0})
        assert preview.status_code == 200 and b"Confirm Mc3" in preview.data
        played = client.post(f"/play/{token}/move", data={"move": "Mc3", "ply": 0})
        assert played.status_code == 303 and get_game(game.id).ply == 1
        signed_in = app.test_client()
        sign_in(signed_in, game.seats[1].player)
        refused = signed_in.post(f"/games/{game.id}/move", data={"move": "Sa1", "ply": 1})
        assert refused.status_code == 400 and get_game(game.id).ply == 1


def test_a_refused_preview_shows_the_move_again_with_the_token_to_post_it(make_app, make_game):
    """The preview reads the post without the form's own CSRF check (the app's has run), so
    the form it shows again must be a fresh one, carrying the session's token."""
    app = make_app(WTF_CSRF_ENABLED=True)
    with app.app_context():
        game = make_game("pylon")
        client = app.test_client()
        sign_in(client, game.seats[0].player)
        token = csrf_token(client, f"/games/{game.id}")
        wrong = client.post(f"/games/{game.id}/preview",
                            data={"move": "zz9", "ply": 0, "csrf_token": token})
        form = re.search(r'<form class="move-form".*?</form>', wrong.get_data(as_text=True),
                         re.S).group(0)
        assert wrong.status_code == 422 and 'value="zz9"' in form and 'name="csrf_token"' in form
        assert get_game(game.id).ply == 0


def test_the_dev_mailbox_is_only_served_in_debug_mode(make_app, make_game):
    make_game("pylon")
    app = make_app()
    assert app.test_client().get("/dev/mail").status_code == 404
    app.config["DEV_MAILBOX"] = True
    page = app.test_client().get("/dev/mail")
    assert page.status_code == 200 and b"your turn" in page.data and b"/play/" in page.data


def test_the_wsgi_entry_point_starts_in_a_fresh_interpreter(tmp_path):
    """``gunicorn wsgi:app`` imports it first thing; the tests' import order must not hide a
    model or query that only works once another module has been imported."""
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, PBEM_INSTANCE_PATH=str(tmp_path), PBEM_SECRET_KEY=KEY,
               PBEM_DATABASE_URL=f"sqlite:///{tmp_path}/wsgi.sqlite")
    done = subprocess.run([sys.executable, "-c", "import wsgi; print(wsgi.app.name)"],
                          cwd=root, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "pbem"

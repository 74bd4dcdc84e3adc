"""The commands: init-db, demo, dev (without serving) and the console script."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
import sqlalchemy as sa
from werkzeug import serving

from pbem.accounts.models import Player
from pbem.core.extensions import db
from pbem.games import all_rules
from pbem.play.models import Game, Seat
from pbem.play.positions import replay

# One worker runs the module under `make test` (--dist loadgroup), and tests/test_upgrade.py:
# three runs of `pbem dev` and two upgrades deliver the demo's ninety messages, whose boards
# are drawn once in a process (tests/drawn_boards.py).
pytestmark = pytest.mark.xdist_group("demo")


def test_init_db_then_demo_loads_every_game_and_one_finished(make_app):
    app = make_app(migrate=True)
    runner = app.test_cli_runner()
    assert "up to date" in runner.invoke(args=["pbem", "init-db"]).output
    result = runner.invoke(args=["pbem", "demo"])
    assert result.exit_code == 0 and "demo data loaded" in result.output
    with app.app_context():
        games = db.session.scalars(sa.select(Game)).all()
        active = {g.slug for g in games if g.status == "active"}
        assert active == {rules.slug for rules in all_rules()}
        assert any(g.status == "finished" for g in games)
        for game in games:
            assert game.rules.to_stored(replay(game)) == (game.snapshot, game.grown or "")
        lobby = app.test_client().get("/challenges").get_data(as_text=True)
        assert "Carol" in lobby and "Dave" in lobby and "No open challenges" not in lobby
    again = runner.invoke(args=["pbem", "demo"])
    assert "not loaded" in again.output


def test_dev_migrates_loads_demo_prints_how_to_sign_in_and_serves(make_app, monkeypatch,
                                                                   tmp_path):
    monkeypatch.setenv("PBEM_INSTANCE_PATH", str(tmp_path / "instance"))
    served = {}
    monkeypatch.setattr(serving, "run_simple",
                        lambda host, port, app, **kwargs: served.update(host=host, port=port))
    app = make_app(migrate=True)
    result = app.test_cli_runner().invoke(args=["pbem", "dev"])
    assert result.exit_code == 0, result.output
    assert "demo data loaded" in result.output
    assert "http://127.0.0.1:5000/sign-in/" in result.output
    assert "http://127.0.0.1:5000/dev/mail" in result.output
    assert served == {"host": "127.0.0.1", "port": 5000} and app.debug
    assert app.config["MAIL_DELIVER_AFTER_COMMIT"] and "console" in app.config["MAIL_BACKEND"]
    with app.app_context():
        assert db.session.scalar(sa.text("SELECT count(*) FROM outbox WHERE sent_at IS NULL")) == 0


def test_the_console_script_runs_the_same_commands(tmp_path):
    env = {"PBEM_INSTANCE_PATH": str(tmp_path), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", "from pbem.cli import main; main()", "--help"],
                          capture_output=True, text=True, env=env, check=True)
    for command in ("init-db", "create-admin", "send-mail", "ingest-mail", "ingest-spool",
                    "demo", "dev",
                    "verify-records", "ratings"):
        assert command in done.stdout


def test_commands_run_while_dev_serves_mail_the_dev_mailbox_with_its_port(
        make_app, monkeypatch, tmp_path):
    """A tick or ingest-mail run in another shell meanwhile: its mail goes to the dev mailbox
    (not to an SMTP server) and its links point at the port served, not at 5000."""
    from pbem import create_app

    monkeypatch.setenv("PBEM_INSTANCE_PATH", str(tmp_path / "instance"))
    app = make_app(migrate=True)
    seen = {}

    def serve(host, port, served_app, **kwargs):
        other = create_app({"SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"],
                            "SECRET_KEY": "a-production-key-of-at-least-40-bytes-long"})
        seen.update({key: other.config[key] for key in
                     ("BASE_URL", "MAIL_BACKEND", "MAIL_DELIVER_AFTER_COMMIT", "DEV_MAILBOX")})

    monkeypatch.setattr(serving, "run_simple", serve)
    result = app.test_cli_runner().invoke(args=["pbem", "dev", "--port", "5077"])
    assert result.exit_code == 0, result.output
    assert seen == {"BASE_URL": "http://127.0.0.1:5077", "MAIL_BACKEND": "file",
                    "MAIL_DELIVER_AFTER_COMMIT": True, "DEV_MAILBOX": True}
    after = create_app({"SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"],
                            "SECRET_KEY": "a-production-key-of-at-least-40-bytes-long"})
    assert after.config["BASE_URL"] == "http://127.0.0.1:5000"  # dev has stopped


def test_dev_runs_the_bots_the_spool_and_the_tick_beside_the_server(make_app, monkeypatch,
                                                                     tmp_path):
    """A newcomer plays the demo's bot game at once: while dev serves, the bot answers; and
    mail an MTA's pipe spools is taken in."""
    import threading
    import time

    from pbem.mail.spool import Spool
    from pbem.play import commands
    from pbem.play.queries import get_game

    monkeypatch.setenv("PBEM_INSTANCE_PATH", str(tmp_path / "instance"))
    app = make_app(migrate=True)
    seen = {}

    def bot_game():
        return db.session.scalars(sa.select(Game).join(Game.seats).join(Seat.player)
                                  .where(Player.is_bot)).unique().one()

    def serve(host, port, served_app, **kwargs):
        seen["threads"] = {thread.name for thread in threading.enumerate()}
        spool = Spool(served_app.config["MAIL_SPOOL_DIR"])
        spool.put(b"To: someone@pbem.test\r\n\r\nhello\r\n")
        with served_app.app_context():
            game = bot_game()
            game_id, move = game.id, game.rules.legal_moves(game.load_state())[0]
            commands.play_turn(commands.locked(game_id), 0, move, 0)
            for _ in range(600):  # up to two minutes on a busy machine
                db.session.remove()
                if get_game(game_id).ply == 2 and not spool.waiting():
                    break
                time.sleep(0.2)
            seen["ply"], seen["spooled"] = get_game(game_id).ply, spool.waiting()
            db.session.remove()

    monkeypatch.setattr(serving, "run_simple", serve)
    result = app.test_cli_runner().invoke(args=["pbem", "dev"])
    assert result.exit_code == 0, result.output
    assert {"dev-tick", "dev-spool", "dev-bots"} <= seen["threads"]
    assert seen["ply"] == 2  # the bot answered Alice's move
    assert seen["spooled"] == []


def test_a_dev_server_that_died_leaves_no_settings_behind(monkeypatch, tmp_path):
    """A killed `pbem dev` cannot remove its file: its settings count only while it runs."""
    from pbem import create_app

    monkeypatch.setenv("PBEM_INSTANCE_PATH", str(tmp_path))
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    settings = {"BASE_URL": "http://127.0.0.1:5077", "MAIL_BACKEND": "file"}
    for pid, expected in ((int(dead), "http://127.0.0.1:5000"),
                          (os.getpid(), "http://127.0.0.1:5077")):
        (tmp_path / "dev-server.json").write_text(json.dumps({**settings, "pid": pid}))
        app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
        assert app.config["BASE_URL"] == expected


def test_the_console_script_works_beside_a_dev_server(tmp_path):
    """`pbem tick` (and every other command) run on the instance folder `make run` serves
    takes the dev server's settings, its public key included; without a live dev server the
    same command refuses that key."""
    env = {**os.environ, "PBEM_INSTANCE_PATH": str(tmp_path)}
    for name in ("PBEM_SECRET_KEY", "FLASK_DEBUG", "DATABASE_URL", "PBEM_DATABASE_URL"):
        env.pop(name, None)

    def pbem(*args):
        return subprocess.run([sys.executable, "-c", "from pbem.cli import main; main()",
                               *args], env=env, capture_output=True, text=True)

    refused = pbem("tick")
    assert refused.returncode == 1 and "SECRET_KEY is not set" in refused.stderr
    (tmp_path / "dev-server.json").write_text(json.dumps(
        {"BASE_URL": "http://127.0.0.1:5077", "MAIL_BACKEND": "file", "DEV_MAILBOX": True,
         "DEV_SERVER": True, "pid": os.getpid()}))
    for command in ("init-db", "tick"):
        done = pbem(command)
        assert done.returncode == 0, done.stderr

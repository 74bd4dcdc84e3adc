"""The commands: init-db, demo, dev (without serving) and the console script."""

from __future__ import annotations

import subprocess
import sys

import sqlalchemy as sa
from werkzeug import serving

from pbem.db import db
from pbem.games import all_rules
from pbem.play.models import Game
from pbem.play.service import replay


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
            assert game.rules.to_dict(replay(game)) == game.snapshot
    again = runner.invoke(args=["pbem", "demo"])
    assert "not loaded" in again.output


def test_dev_migrates_loads_demo_prints_how_to_sign_in_and_serves(make_app, monkeypatch):
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
    for command in ("init-db", "create-admin", "send-mail", "ingest-mail", "demo", "dev"):
        assert command in done.stdout

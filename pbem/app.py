"""Building the application: config, extensions, blueprints, error pages, commands."""

from __future__ import annotations

import os
import threading
from pathlib import Path

from flask import Flask, abort, current_app, g, request
from flask_migrate import Migrate
from flask_wtf.csrf import CSRFProtect

from . import config, errors
from .db import db, ping_idle_connections
from .mail.sender import mail
from .urls import IdConverter

ROOT = Path(__file__).resolve().parent.parent
migrate = Migrate(render_as_batch=True, compare_type=True)
csrf = CSRFProtect()


def build_app(overrides: dict | None = None) -> Flask:
    app = Flask(
        "pbem",
        instance_path=os.environ.get("PBEM_INSTANCE_PATH") or None,
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(Path(__file__).parent / "static"),
    )
    app.url_map.converters["int"] = IdConverter
    config.configure(app, overrides)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)

    from . import models  # noqa: F401  (every table known to Alembic and the shell)

    db.init_app(app)
    with app.app_context():
        for engine in db.engines.values():
            if engine.dialect.name != "sqlite":  # a file, not a connection that can drop
                ping_idle_connections(engine)
    migrate.init_app(app, db, directory=str(ROOT / "migrations"))
    mail.init_app(app)
    csrf.init_app(app)

    from .accounts.views import bp as accounts_bp
    from .accounts.views import load_current_player
    from .admin.views import bp as admin_bp
    from .archive.views import bp as archive_bp
    from .clocks.views import bp as clocks_bp
    from .play.views import bp as play_bp
    from .tournaments.admin import bp as tournament_admin_bp
    from .tournaments.views import bp as tournaments_bp
    from .web.views import bp as web_bp

    for blueprint in (web_bp, accounts_bp, play_bp, admin_bp, archive_bp, tournaments_bp,
                      tournament_admin_bp, clocks_bp):
        app.register_blueprint(blueprint)
    app.before_request(_refuse_unreadable_input)
    app.before_request(load_current_player)
    app.after_request(_deliver_after_commit)
    errors.register(app)

    from .cli import pbem_group

    app.cli.add_command(pbem_group)
    return app


def _refuse_unreadable_input():
    """Refuse what no page here reads: a JSON body (Flask-WTF would take it for the form, with
    values of any type that the validators do not expect) and NUL characters (nobody types
    them, and PostgreSQL cannot store them in text)."""
    if request.method == "POST" and request.is_json:
        abort(415, "This site takes form posts, not JSON.")
    if any("\x00" in value for values in (request.args, request.form)
           for _, value in values.items(multi=True)):
        abort(400, "The request contained a NUL character, which no field here accepts.")


def _deliver_after_commit(response):
    """Start sending what this request queued (when configured), in a thread of its own.

    The outbox rows are already committed; the thread keeps SMTP latency off the response, and
    anything it does not send is left for ``flask pbem send-mail``. Not a ``call_on_close``
    callback: Werkzeug's development server skips those when the client resets the connection
    early, which left a move's turn email waiting for the next ``send-mail``.
    """
    if g.get("pbem_mail_queued") and current_app.config["MAIL_DELIVER_AFTER_COMMIT"]:
        app = current_app._get_current_object()
        threading.Thread(target=_deliver, args=(app,), name="pbem-deliver", daemon=True).start()
    return response


def _deliver(app: Flask) -> None:
    from .mail.sender import deliver_due

    with app.app_context():
        try:
            deliver_due()
        except Exception:  # the outbox keeps the mail for send-mail
            app.logger.exception("delivery after commit failed")

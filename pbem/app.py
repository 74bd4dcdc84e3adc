"""Building the application: config, extensions, blueprints, error pages, commands."""

from __future__ import annotations

import inspect
import threading
import weakref
from pathlib import Path

from flask import Flask, abort, current_app, g, request
from werkzeug.middleware.proxy_fix import ProxyFix

from .core import checks, config, errors, headers, i18n, static_urls, work
from .core.db import ping_idle_connections
from .core.extensions import csrf, db, mail
from .core.sessions import KeptSerializerSessionInterface
from .core.template_cache import template_cache
from .core.urls import IdConverter

#: The package's folder: static files ship inside it, and so do templates and migrations in
#: a wheel (a checkout keeps those two at the top of the repository; see setup.py).
PACKAGE = Path(__file__).resolve().parent


def shipped(name: str) -> Path:
    """The folder ``name`` (``templates``, ``migrations``): inside the installed package, or
    beside it in a checkout (an editable install)."""
    inside = PACKAGE / name
    return inside if inside.is_dir() else PACKAGE.parent / name


class PbemFlask(Flask):
    """Flask, asking once per function whether it is a coroutine function.

    Flask asks it of every hook and view on every request (``ensure_sync``, which it invites
    apps to override), through ``inspect``: eight hooks and a view made it a fiftieth of a
    move's request. The answer cannot change, so it is kept per function, weakly (a function
    made for one call is not kept alive by it)."""

    json_provider_class = i18n.JSONProvider  # lazy translations as text in JSON

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._coroutine: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def ensure_sync(self, func):
        try:
            coroutine = self._coroutine[func]
        except (KeyError, TypeError):  # not asked yet, or not kept (no weak reference to it)
            coroutine = inspect.iscoroutinefunction(func)
            try:
                self._coroutine[func] = coroutine
            except TypeError:
                pass
        return self.async_to_sync(func) if coroutine else func


def build_app(overrides: dict | None = None, *, migrations: bool = True) -> Flask:
    app = PbemFlask(
        "pbem",
        instance_path=config.instance_path(),
        instance_relative_config=True,
        template_folder=str(shipped("templates")),
        static_folder=str(PACKAGE / "static"),
    )
    app.url_map.converters["int"] = IdConverter
    app.session_interface = KeptSerializerSessionInterface()
    config.configure(app, overrides)
    checks.startup(app)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    # A lazy translation in a page is text, escaped like any (``i18n.as_text``).
    app.jinja_options = {**app.jinja_options, "finalize": i18n.as_text,
                         "bytecode_cache": template_cache(app.instance_path,
                                                          compiled_with="finalize")}
    _trust_proxies(app)

    from . import models  # noqa: F401  (every table known to Alembic and the shell)

    db.init_app(app)
    with app.app_context():
        for engine in db.engines.values():
            if engine.dialect.name != "sqlite":  # a file, not a connection that can drop
                ping_idle_connections(engine)
    if migrations:
        from flask_migrate import Migrate

        Migrate(app, db, directory=str(shipped("migrations")), render_as_batch=True,
                compare_type=True)
    mail.init_app(app)
    csrf.init_app(app)
    from .web.language import select_locale, select_timezone

    i18n.babel.init_app(app, locale_selector=select_locale, timezone_selector=select_timezone)
    app.jinja_env.policies["ext.i18n.trimmed"] = True  # {% trans %} text as one line
    _install_translation_hooks()

    from .accounts.views import bp as accounts_bp
    from .accounts.views import load_current_player
    from .admin.views import bp as admin_bp
    from .analysis.views import bp as analysis_bp
    from .api.pages import bp as api_pages_bp
    from .api.views import bp as api_bp
    from .archive.views import bp as archive_bp
    from .botplay.views import bp as botplay_bp
    from .challenges.views import bp as challenges_bp
    from .clocks.views import bp as clocks_bp
    from .conditional.views import bp as conditional_bp
    from .notes.views import bp as notes_bp
    from .notifications.views import bp as notifications_bp
    from .ops.views import bp as ops_bp
    from .play.views import bp as play_bp
    from .push.views import bp as push_bp
    from .ratings.views import bp as ratings_bp
    from .tournaments.admin import bp as tournament_admin_bp
    from .tournaments.views import bp as tournaments_bp

    # (their routes join the web blueprint)
    from .web import account, language, mail_status  # noqa: F401
    from .web.views import bp as web_bp

    for blueprint in (web_bp, accounts_bp, play_bp, admin_bp, archive_bp, tournaments_bp,
                      tournament_admin_bp, clocks_bp, notifications_bp, ratings_bp, ops_bp,
                      challenges_bp, api_bp, api_pages_bp, push_bp, analysis_bp,
                      conditional_bp, notes_bp, botplay_bp):
        app.register_blueprint(blueprint)
    work.wrap_views(app)  # every request is one unit of work (pbem.core.work)
    _subscribe()
    app.before_request(_refuse_unreadable_input)
    app.before_request(load_current_player)
    app.after_request(_deliver_after_commit)
    headers.register(app)
    static_urls.register(app)
    errors.register(app)
    from .botplay.levels import MEASURED, MEASURED_CORES, MEASURED_LOAD, MEASURED_ON
    from .botplay.levels import levels as bot_levels

    app.add_template_global(bot_levels, "bot_levels")
    app.add_template_global({"cells": MEASURED, "on": MEASURED_ON, "load": MEASURED_LOAD,
                             "cores": MEASURED_CORES}, "bot_measured")

    from .cli.commands import pbem_group

    app.cli.add_command(pbem_group)
    return app


def _subscribe() -> None:
    """Connect the domains that react to play's events (and to each other's questions); play
    publishes without knowing them (``pbem.play.events``), and reacts to accounts' (a block)."""
    from .archive.subscriptions import subscribe as archive
    from .challenges.subscriptions import subscribe as challenges
    from .clocks.subscriptions import subscribe as clocks
    from .conditional.subscriptions import subscribe as conditional
    from .correspondence.subscriptions import subscribe as correspondence
    from .play.subscriptions import subscribe as play
    from .push.subscriptions import subscribe as push
    from .ratings.subscriptions import subscribe as ratings
    from .tournaments.subscriptions import subscribe as tournaments

    for subscribe in (play, archive, clocks, correspondence, ratings, tournaments, challenges,
                      push, conditional):
        subscribe()
    _join_thinking_tools()


def _join_thinking_tools() -> None:
    """What the thinking tools add to others' pages and mail, handed over here (neither side
    imports the other): mail replies' ``if`` lines and the turn email's remark on cleared
    conditional moves; the analysis board's "keep this line" and notes; the game page's notes
    and the bots' review."""
    from .analysis.views import add_to_board
    from .botplay.views import review_context
    from .conditional.service import keep_from_mail, turn_mail_remark
    from .conditional.views import keep_line_section
    from .correspondence import ingest
    from .correspondence.messages import turn_remarks
    from .notes.views import notes_context
    from .play import ports

    ingest.keep_conditional = keep_from_mail
    if turn_mail_remark not in turn_remarks:
        turn_remarks.append(turn_mail_remark)
    add_to_board("conditional", keep_line_section)
    add_to_board("notes", lambda game, found, seat: {
        **notes_context(game, g.player.id if g.get("player") else None),
        "board_sections": ["notes/_notes.html"]})
    ports.add_to_game_page("notes", lambda game, reader_id, now: notes_context(game, reader_id))
    ports.add_to_game_page("review", lambda game, reader_id, now: review_context(
        game, reader_id=reader_id, now=now))


def _install_translation_hooks() -> None:
    """Hand the pure parts that write words (deadlines, durations, the boards' phrases) the
    translation functions and the language spoken: they import nothing of the server."""
    from flask_babel import gettext, ngettext

    from .core import speech
    from .play import phrases

    speech.install(gettext, ngettext, i18n.current)
    phrases.install()


def _trust_proxies(app: Flask) -> None:
    """Take the client's address and scheme from the configured number of proxies' forwarded
    headers (and only theirs: a client can send any X-Forwarded-For it likes)."""
    x_for, x_proto = app.config["PROXY_FIX_X_FOR"], app.config["PROXY_FIX_X_PROTO"]
    if x_for or x_proto:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=x_for, x_proto=x_proto)


def _refuse_unreadable_input():
    """Refuse what no page here reads: a JSON body (Flask-WTF would take it for the form, with
    values of any type that the validators do not expect) and NUL characters (nobody types
    them, and PostgreSQL cannot store them in text). Every request passes here, so the request
    is looked up once and each field's values are read as the list they are kept in."""
    incoming = request._get_current_object()
    if incoming.method == "POST" and incoming.is_json and not incoming.path.startswith("/api/"):
        abort(415, "This site takes form posts, not JSON.")
    if any("\x00" in value for values in (incoming.args, incoming.form)
           for listed in values.listvalues() for value in listed):
        abort(400, "The request contained a NUL character, which no field here accepts.")


#: The name of the thread a request starts to send its mail (tests wait for it to finish).
DELIVERY_THREAD = "pbem-deliver"


def _deliver_after_commit(response):
    """Start sending what this request queued (when configured), in a thread of its own.

    The outbox rows are already committed; the thread keeps SMTP latency off the response, and
    anything it does not send is left for ``flask pbem send-mail``. Not a ``call_on_close``
    callback: Werkzeug's development server skips those when the client resets the connection
    early, which left a move's turn email waiting for the next ``send-mail``.
    """
    if g.get("pbem_mail_queued") and current_app.config["MAIL_DELIVER_AFTER_COMMIT"]:
        app = current_app._get_current_object()
        threading.Thread(target=_deliver, args=(app,), name=DELIVERY_THREAD,
                         daemon=True).start()
    return response


def _deliver(app: Flask) -> None:
    from .mail.sender import deliver_due

    with app.app_context():
        try:
            deliver_due()
        except Exception:  # the outbox keeps the mail for send-mail
            app.logger.exception("delivery after commit failed")

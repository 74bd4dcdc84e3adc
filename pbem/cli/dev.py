"""``pbem dev``: the development server, with the tick, the spooled replies and the bots'
turns worked beside it. Registered in :data:`pbem.cli.commands.COMMANDS`."""

from __future__ import annotations

from contextlib import contextmanager

import click
from flask import current_app

from ..core import config
from ..core.work import runs_units, unit_of_work
from . import rounds
from .periodic import tick_and_beat


@click.command("dev")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=5000, type=click.IntRange(1, 65535), show_default=True)
@runs_units
def dev(host, port):
    """Migrate the SQLite database, load demo data if empty, and serve in debug mode, with
    the tick (every 30 s), the spooled replies' and the bots' workers running beside it."""
    from flask_migrate import upgrade
    from werkzeug.serving import run_simple

    from ..botplay.accounts import ensure_bots
    from ..mail.sender import deliver_due
    from .demo import load_demo, sign_in_help

    app = current_app._get_current_object()
    settings = {"BASE_URL": f"http://{host}:{port}", "MAIL_BACKEND": "file",
                "MAIL_DELIVER_AFTER_COMMIT": True, "DEV_MAILBOX": True, "DEV_SERVER": True}
    app.config.update(settings)
    upgrade()
    with unit_of_work("cli"):
        loaded = load_demo()
        ensure_bots()
    if loaded:
        click.echo(loaded)
        deliver_due(limit=1000)  # the demo's mail goes to the file and the dev mailbox only
    app.config["MAIL_BACKEND"] = "console,file"
    with unit_of_work("cli"):
        click.echo(sign_in_help())
    app.debug = True
    # Every other command run on this instance meanwhile (a tick, ingest-mail) mails the dev
    # mailbox too, with links to this port.
    with config.dev_server_settings(app.instance_path, settings), _in_background(app):
        run_simple(host, port, app, use_debugger=True, use_reloader=False, threaded=True)


#: What ``pbem dev`` runs beside the server, with the seconds between rounds: the tick (clocks,
#: tournament rounds), the replies ingest-mail spooled, and the bots' turns.
DEV_WORKERS = ((30.0, "tick"), (2.0, "spool"), (2.0, "bots"))


@contextmanager
def _in_background(app):
    """Within the block, the dev workers run in daemon threads, each round in an app context,
    delivering its mail; they stop when the block ends (a round in progress is given a few
    seconds to finish)."""
    import threading

    from ..botplay.worker import run as play_bots
    from ..ops.loop import rounds as run_rounds

    tasks = {"tick": tick_and_beat, "spool": lambda: rounds.take_in_spool(quiet=True),
             "bots": play_bots}
    stop = threading.Event()

    def worker(interval, name):
        def round_():
            with app.app_context():
                tasks[name]()
                rounds.deliver_if_configured()

        run_rounds(round_, interval, stop)

    threads = [threading.Thread(target=worker, args=spec, name=f"dev-{spec[1]}", daemon=True)
               for spec in DEV_WORKERS]
    for thread in threads:
        thread.start()
    try:
        yield
    finally:
        stop.set()
        for thread in threads:
            thread.join(5)

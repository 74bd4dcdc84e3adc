"""Commands: ``flask --app pbem pbem <command>``, or the ``pbem`` console script."""

from __future__ import annotations

import sys
import time

import click
from flask import current_app
from flask.cli import AppGroup, ScriptInfo

from .archive.cli import verify_records

pbem_group = AppGroup("pbem", help="Run and administer the pbem server.")
pbem_group.add_command(verify_records)


@pbem_group.command("init-db")
def init_db():
    """Create the database or bring it up to date (runs every migration)."""
    from flask_migrate import upgrade

    upgrade()
    click.echo("database is up to date")


@pbem_group.command("create-admin")
@click.argument("email")
def create_admin(email):
    """Make the player with EMAIL an admin (creating the player if needed)."""
    from .accounts.service import make_admin
    from .errors import PbemError

    try:
        player = make_admin(email)
    except PbemError as exc:
        raise click.BadParameter(exc.message, param_hint="EMAIL") from None
    click.echo(f"{player.email} is an admin")


@pbem_group.command("send-mail")
@click.option("--loop", is_flag=True, help="Keep delivering until interrupted.")
@click.option("--interval", default=5.0, type=click.FloatRange(min=0), show_default=True,
              help="Seconds between rounds.")
def send_mail(loop, interval):
    """Deliver the outbox (retrying failed messages when they are due)."""
    from .mail.sender import deliver_due

    def deliver():
        sent, failed = deliver_due()
        if sent or failed or not loop:
            click.echo(f"sent {sent}, failed {failed}")

    _repeat(deliver, loop, interval)


@pbem_group.command("ingest-mail")
@click.option("--mbox", type=click.Path(exists=True, dir_okay=False),
              help="Read every message of this mbox file instead of one from stdin.")
def ingest_mail(mbox):
    """Play moves sent by email: one RFC 822 message on stdin (an MTA pipe) or an mbox."""
    from .mail.ingest import ingest_bytes, ingest_mbox

    outcomes = ingest_mbox(mbox) if mbox else [ingest_bytes(sys.stdin.buffer.read())]
    for outcome in outcomes:
        click.echo(outcome)
    if not outcomes:
        click.echo(f"no messages in {mbox}")
    _deliver_if_configured()


@pbem_group.command("tick")
@click.option("--loop", is_flag=True, help="Keep ticking until interrupted.")
@click.option("--interval", default=60.0, type=click.FloatRange(min=0), show_default=True,
              help="Seconds between ticks.")
def tick(loop, interval):
    """Do what is due: timeouts, reminders, digests, tournament rounds (idempotent)."""
    from .tick import run_tick

    def tick_once():
        for line in run_tick():
            click.echo(line)
        _deliver_if_configured()

    _repeat(tick_once, loop, interval)


@pbem_group.command("demo")
def demo():
    """Load demo players and games (only into an empty database)."""
    from .demo import load_demo

    click.echo(load_demo() or "the database already has players; demo data not loaded")


@pbem_group.command("dev")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=5000, type=click.IntRange(1, 65535), show_default=True)
def dev(host, port):
    """Migrate the SQLite database, load demo data if empty, and serve in debug mode."""
    from flask_migrate import upgrade
    from werkzeug.serving import run_simple

    from .demo import load_demo, sign_in_help
    from .mail.sender import deliver_due

    app = current_app._get_current_object()
    app.config.update(BASE_URL=f"http://{host}:{port}", MAIL_BACKEND="file",
                      MAIL_DELIVER_AFTER_COMMIT=True, DEV_MAILBOX=True)
    upgrade()
    loaded = load_demo()
    if loaded:
        click.echo(loaded)
        deliver_due(limit=1000)  # the demo's mail goes to the file and the dev mailbox only
    app.config["MAIL_BACKEND"] = "console,file"
    click.echo(sign_in_help())
    app.debug = True
    run_simple(host, port, app, use_debugger=True, use_reloader=False, threaded=True)


def _repeat(task, loop: bool, interval: float) -> None:
    """Run ``task`` once, or every ``interval`` seconds until interrupted."""
    task()
    while loop:
        time.sleep(interval)
        task()


def _deliver_if_configured():
    if current_app.config["MAIL_DELIVER_AFTER_COMMIT"]:
        from .mail.sender import deliver_due

        deliver_due()


def main() -> None:
    """The ``pbem`` console script: the same commands without ``flask --app pbem pbem``."""
    from . import create_app

    pbem_group.main(obj=ScriptInfo(create_app=lambda: create_app()))

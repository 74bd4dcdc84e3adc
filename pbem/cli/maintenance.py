"""Setting a deployment up and keeping it: ``init-db``, ``check``, ``create-admin``, ``backup``
and ``demo`` (registered in :data:`pbem.cli.commands.COMMANDS`)."""

from __future__ import annotations

import click
from flask import current_app
from flask_babel import gettext as _


@click.command("init-db")
def init_db():
    """Create the database or bring it up to date (runs every migration)."""
    from flask_migrate import upgrade

    from ..botplay.accounts import ensure_bots

    upgrade()
    ensure_bots()
    click.echo(_("database is up to date"))


@click.command("check")
def check():
    """Check the deployment: secret key, https, cookies, mail domain and sender, proxy, SMTP,
    migrations, the inbound spool and log (run it as the MTA's user too), DKIM, IMAP, pg_dump."""
    from ..core.checks import run_all
    from ..ops.checks import RUNNING_CHECKS

    results = [*run_all(current_app), *(check(current_app.config) for check in RUNNING_CHECKS)]
    for result in results:
        click.echo(result)
    if not all(result.ok for result in results):
        raise SystemExit(1)


@click.command("create-admin")
@click.argument("email")
def create_admin(email):
    """Make the player with EMAIL an admin (creating the player if needed)."""
    from ..accounts.service import make_admin
    from ..core.errors import PbemError

    try:
        player = make_admin(email)
    except PbemError as exc:
        raise click.BadParameter(exc.message, param_hint="EMAIL") from None
    click.echo(_("%(address)s is an admin", address=player.email))


@click.command("backup")
@click.argument("target", type=click.Path(dir_okay=False, writable=True))
def backup(target):
    """Copy the database to TARGET while the server runs (SQLite: online backup; PostgreSQL:
    pg_dump's custom format). Restoring is described in the README."""
    from pathlib import Path

    from ..ops.backup import BackupError, back_up

    if Path(target).exists():
        raise click.BadParameter(_("%(file)s exists; name a new file.", file=target),
                                 param_hint="TARGET")
    try:
        click.echo(back_up(current_app.config["SQLALCHEMY_DATABASE_URI"], Path(target)))
    except BackupError as exc:
        raise click.ClickException(str(exc)) from None


@click.command("demo")
def demo():
    """Load demo players and games (only into an empty database)."""
    from .demo import load_demo

    click.echo(load_demo()
               or _("the database already has players; demo data not loaded"))

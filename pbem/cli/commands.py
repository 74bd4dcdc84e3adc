"""Commands: ``flask --app pbem pbem <command>``, or the ``pbem`` console script
(:func:`pbem.cli.main`).

**Adding a command**: write it as a plain ``click`` command (or group) in the module where it
belongs — the server's own here in ``pbem.cli``, a domain's in its ``cli`` module — and give
it a line in :data:`COMMANDS`. That is the only registration: each command becomes one unit of
work (:func:`pbem.core.work.cli_command`; a command that opens one unit per item it handles,
such as a loop, is marked with :func:`pbem.core.work.runs_units`), and its module is imported
only when the command is run or listed, since a start-up is most of what a short command costs.
A periodic command takes the shared ``--loop`` and ``--interval`` options
(:func:`pbem.cli.rounds.periodic`). A periodic *task* of a domain is not a command: it is a
line of :data:`pbem.tick.TASKS`.
"""

from __future__ import annotations

import importlib
import sys

import click
from flask.cli import AppGroup, ScriptInfo

from ..core.work import cli_command

#: Every ``pbem`` command: its name -> the module and attribute that define it.
COMMANDS = {
    # setting up and keeping a deployment
    "init-db": ("pbem.cli.maintenance", "init_db"),
    "check": ("pbem.cli.maintenance", "check"),
    "create-admin": ("pbem.cli.maintenance", "create_admin"),
    "backup": ("pbem.cli.maintenance", "backup"),
    "demo": ("pbem.cli.maintenance", "demo"),
    "deploy": ("pbem.cli.deploy", "deploy_group"),
    "dev": ("pbem.cli.dev", "dev"),
    # mail out and in
    "send-mail": ("pbem.cli.mail_workers", "send_mail"),
    "ingest-mail": ("pbem.cli.mail_workers", "ingest_mail"),
    "ingest-spool": ("pbem.cli.mail_workers", "ingest_spool"),
    "fetch-mail": ("pbem.cli.mail_workers", "fetch_mail"),
    "lmtp": ("pbem.cli.mail_workers", "lmtp"),
    # the periodic work
    "tick": ("pbem.cli.periodic", "tick"),
    "bots": ("pbem.cli.periodic", "bots"),
    # the domains' own
    "verify-records": ("pbem.archive.cli", "verify_records"),
    "archive": ("pbem.archive.cli", "archive_group"),
    "ratings": ("pbem.ratings.cli", "ratings_group"),
    "token": ("pbem.api.cli", "token_group"),
    "bot-account": ("pbem.api.cli", "bot_account"),
}
#: The commands whose output is data (a file to redirect), never wrapped as JSON log lines.
DATA_COMMANDS = {"deploy"}
#: The commands that migrate or check the schema, and so need Flask-Migrate (and Alembic).
MIGRATING = {"init-db", "dev", "check"}


class _Commands(AppGroup):
    """The ``pbem`` group: the commands of :data:`COMMANDS`, each imported when it is run or
    listed."""

    def list_commands(self, ctx):
        return sorted(COMMANDS)

    def get_command(self, ctx, name):
        if name not in COMMANDS:
            return None
        module, attribute = COMMANDS[name]
        return _one_unit_of_work(getattr(importlib.import_module(module), attribute))


def _one_unit_of_work(command):
    """``command`` (and a group's commands) each one unit of work (``pbem.core.work``)."""
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            _one_unit_of_work(sub)
    elif not getattr(command.callback, "pbem_work_wrapped", False):
        command.callback = cli_command(command.callback)
        command.callback.pbem_work_wrapped = True
    return command


pbem_group = _Commands("pbem", help="Run and administer the pbem server.")


def run() -> None:
    """The ``pbem`` console script's commands (:func:`pbem.cli.main`), with logging configured
    first (:mod:`pbem.ops.logs`)."""
    from .. import create_app
    from ..ops.logs import configure_logging, json_stdout

    configure_logging()
    command = sys.argv[1] if len(sys.argv) > 1 else None
    if command not in DATA_COMMANDS:
        json_stdout()
    migrations = command not in COMMANDS or command in MIGRATING
    pbem_group.main(obj=ScriptInfo(create_app=lambda: create_app(migrations=migrations)))

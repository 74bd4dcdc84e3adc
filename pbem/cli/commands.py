"""Commands: ``flask --app pbem pbem <command>``, or the ``pbem`` console script
(:func:`pbem.cli.main`)."""

from __future__ import annotations

import importlib
import logging
import sys
from contextlib import contextmanager

import click
from flask import current_app
from flask.cli import AppGroup, ScriptInfo

from ..core import config
from ..core.work import cli_command, runs_units, unit_of_work


class _Commands(AppGroup):
    """The ``pbem`` group. The domains' own commands are imported when they are run or listed,
    not with every command: a start-up is most of what a short command costs."""

    #: Command name -> (module, attribute) of the commands other packages define.
    ELSEWHERE = {"verify-records": ("pbem.archive.cli", "verify_records"),
                 "archive": ("pbem.archive.cli", "archive_group"),
                 "ratings": ("pbem.ratings.cli", "ratings_group"),
                 "deploy": ("pbem.cli.deploy", "deploy_group"),
                 "token": ("pbem.api.cli", "token_group"),
                 "bot-account": ("pbem.api.cli", "bot_account")}

    def list_commands(self, ctx):
        return sorted({*super().list_commands(ctx), *self.ELSEWHERE})

    def get_command(self, ctx, name):
        if name in self.ELSEWHERE:
            module, attribute = self.ELSEWHERE[name]
            command = getattr(importlib.import_module(module), attribute)
        else:
            command = super().get_command(ctx, name)
        return _one_unit_of_work(command)


def _one_unit_of_work(command):
    """``command`` (and a group's commands) each one unit of work (``pbem.core.work``)."""
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            _one_unit_of_work(sub)
    elif command is not None and not getattr(command.callback, "pbem_work_wrapped", False):
        command.callback = cli_command(command.callback)
        command.callback.pbem_work_wrapped = True
    return command


pbem_group = _Commands("pbem", help="Run and administer the pbem server.")
#: The commands whose output is data (a file to redirect), never wrapped as JSON log lines.
DATA_COMMANDS = {"deploy"}
#: The commands that migrate or check the schema, and so need Flask-Migrate (and Alembic).
MIGRATING = {"init-db", "dev", "check"}


def _periodic(doing: str, every: float, rounds: str = "rounds"):
    """The ``--loop`` and ``--interval`` options every periodic command has: keep ``doing``
    until interrupted, ``every`` seconds apart by default."""
    def options(command):
        command = click.option("--interval", default=every, type=click.FloatRange(min=0),
                               show_default=True, help=f"Seconds between {rounds}.")(command)
        return click.option("--loop", is_flag=True,
                            help=f"Keep {doing} until interrupted.")(command)

    return options


@pbem_group.command("init-db")
def init_db():
    """Create the database or bring it up to date (runs every migration)."""
    from flask_migrate import upgrade

    from ..botplay.accounts import ensure_bots

    upgrade()
    ensure_bots()
    click.echo("database is up to date")


@pbem_group.command("check")
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


@pbem_group.command("create-admin")
@click.argument("email")
def create_admin(email):
    """Make the player with EMAIL an admin (creating the player if needed)."""
    from ..accounts.service import make_admin
    from ..core.errors import PbemError

    try:
        player = make_admin(email)
    except PbemError as exc:
        raise click.BadParameter(exc.message, param_hint="EMAIL") from None
    click.echo(f"{player.email} is an admin")


@pbem_group.command("send-mail")
@_periodic("delivering", every=5.0)
@runs_units
def send_mail(loop, interval):
    """Handle the replies ingest-mail spooled, then deliver the outbox (retrying failed
    messages when they are due), so their answers go out in the same round."""
    from ..mail.sender import deliver_due

    def deliver():
        _take_in_spool(quiet=True)
        sent, failed = deliver_due()
        if sent or failed or not loop:
            click.echo(f"sent {sent}, failed {failed}")
        _prune_outbox()

    _repeat(deliver, loop, interval)


@pbem_group.command("ingest-mail")
@click.option("--mbox", type=click.Path(exists=True, dir_okay=False),
              help="Handle every message of this mbox file now instead of spooling one.")
@runs_units
def ingest_mail(mbox):
    """Take replies to game mail: one RFC 822 message on stdin (an MTA pipe) into the spool,
    or handle every message of an mbox file now.

    A spooled message is handled by the mail worker (send-mail, ingest-spool, or the tick).
    A reply's first line is a move or a whole turn, or a command: resign, board, moves, help,
    comment <text>, confirm [CODE] (plays a move held for the player's confirmation). Every
    authorised reply is answered in the game's thread (played, refused, too late, not
    understood, or the command's answer); automatic mail is ignored, and delivery reports
    suppress the address they are about.

    Exits 0 once the message is in the spool (or, with --mbox, every message was handled or
    ignored), 65 (EX_DATAERR) for one that can never be read (too large, not a message, over a
    limit on its header or parts), 75 (EX_TEMPFAIL: the MTA tries again later) when it cannot
    be spooled or anything else fails (or, with --mbox, one could not be handled now). Errors
    go to MAIL_INGEST_LOG, not to the MTA."""
    from ..mail.handoff import worst
    from ..ops.logs import logging_to
    from .pipe import accept, read_message

    settings = current_app.config
    with logging_to(settings["MAIL_INGEST_LOG"]):
        if not mbox:
            raw = read_message(sys.stdin.buffer, settings["MAIL_INBOUND_MAX_BYTES"])
            status, text = accept(raw, settings)
            click.echo(text)
            sys.exit(status)
        from ..correspondence.ingest import ingest_mbox

        outcomes = ingest_mbox(mbox)
        for outcome in outcomes:
            click.echo(outcome.text)
        if not outcomes:
            click.echo(f"no messages in {mbox}")
        try:
            _deliver_if_configured()
        except Exception:  # the answers stay in the outbox for send-mail
            logging.getLogger("pbem").exception("delivering after ingest-mail failed")
    sys.exit(worst(outcomes))


@pbem_group.command("ingest-spool")
@_periodic("taking in the spool", every=2.0)
@runs_units
def ingest_spool(loop, interval):
    """Handle the replies ingest-mail spooled, oldest first (send-mail and the tick do too).

    Each handled or ignored message leaves the spool; one that can never be read moves to its
    bad/ folder; one that cannot be handled now (the database down) stays for the next round.
    Without --loop, exits as fetch-mail does: 0, 65 when a message was set aside, 75 when one
    was left for later."""
    from ..mail.handoff import worst

    statuses = []

    def take_in():
        statuses.append(worst(_take_in_spool(quiet=loop)))
        _deliver_if_configured()

    _repeat(take_in, loop, interval)
    if not loop:
        sys.exit(max(statuses))


@pbem_group.command("fetch-mail")
@_periodic("polling", every=60.0, rounds="polls")
@runs_units
def fetch_mail(loop, interval):
    """Poll the IMAP mailbox (MAIL_IMAP_*) and ingest each unseen message once.

    Exits as ingest-mail does: 0, 65 when a message can never be read, 75 when a message (left
    unseen for the next poll) or the mailbox itself failed."""
    from ..correspondence.ingest import ingest_bytes
    from ..mail.handoff import Status, worst
    from ..mail.imap import MailboxError, poll

    if not current_app.config["MAIL_IMAP_HOST"]:
        raise click.UsageError("set MAIL_IMAP_HOST (and MAIL_IMAP_USER, MAIL_IMAP_PASSWORD)")
    statuses = []

    def fetch():
        try:
            outcomes = poll(current_app.config, ingest_bytes)
        except MailboxError as exc:
            click.echo(f"cannot read the mailbox: {exc}")
            statuses.append(Status.RETRY)
            return
        for outcome in outcomes:
            click.echo(outcome.text)
        statuses.append(worst(outcomes))
        _deliver_if_configured()

    _repeat(fetch, loop, interval)
    if not loop:  # a loop stopped by SIGTERM ends well whatever its rounds met
        sys.exit(max(statuses))


@pbem_group.command("lmtp")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=2424, type=click.IntRange(1, 65535), show_default=True)
@runs_units
def lmtp(host, port):
    """Take inbound mail from an MTA over LMTP until interrupted (moves by email, bounces)."""
    from ..correspondence.ingest import ingest_bytes
    from ..mail.lmtp import listener
    from ..ops.loop import stop_requested

    server = listener(current_app._get_current_object(), ingest_bytes, host, port)
    with stop_requested() as stop:
        server.start()
        click.echo(f"LMTP on {host}:{port}")
        try:
            stop.wait()
        finally:
            server.stop()


@pbem_group.command("tick")
@_periodic("ticking", every=60.0, rounds="ticks")
@runs_units
def tick(loop, interval):
    """Do what is due: timeouts, reminders, digests, tournament rounds (idempotent); and,
    should no mail worker run, the replies waiting in the spool."""
    from ..tick import idle

    def tick_once():
        for line in _tick_and_beat():
            if idle(line):  # a quiet round says nothing (about 5,800 lines a day)
                logging.getLogger("pbem.tick").debug("%s", line)
            else:
                click.echo(line)
        _take_in_spool(quiet=True)  # after the tick: a spool it cannot read stops no tick
        _deliver_if_configured()
        _prune_outbox()

    _repeat(tick_once, loop, interval)


@pbem_group.command("bots")
@click.option("--create", is_flag=True, help="Create the bot accounts (one per level) first.")
@_periodic("playing the bots' turns", every=2.0)
@runs_units
def bots(create, loop, interval):
    """Play the turns of bots (computer opponents) that are to move; then review a finished
    game a player asked the bots to review, if any."""
    from ..botplay import review
    from ..botplay.accounts import ensure_bots
    from ..botplay.worker import run

    if create:
        with unit_of_work("cli"):
            names = [player.name for player in ensure_bots()]
        click.echo("bots: " + "; ".join(names))

    def play_once():
        summary = run()
        if not loop or summary != "nothing to play":
            click.echo(summary)
        reviewed = review.run()
        if reviewed != "nothing to review":
            click.echo(reviewed)
        _deliver_if_configured()

    _repeat(play_once, loop, interval)


@pbem_group.command("backup")
@click.argument("target", type=click.Path(dir_okay=False, writable=True))
def backup(target):
    """Copy the database to TARGET while the server runs (SQLite: online backup; PostgreSQL:
    pg_dump's custom format). Restoring is described in the README."""
    from pathlib import Path

    from ..ops.backup import BackupError, back_up

    if Path(target).exists():
        raise click.BadParameter(f"{target} exists; name a new file.", param_hint="TARGET")
    try:
        click.echo(back_up(current_app.config["SQLALCHEMY_DATABASE_URI"], Path(target)))
    except BackupError as exc:
        raise click.ClickException(str(exc)) from None


@pbem_group.command("demo")
def demo():
    """Load demo players and games (only into an empty database)."""
    from .demo import load_demo

    click.echo(load_demo() or "the database already has players; demo data not loaded")


@pbem_group.command("dev")
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


def _take_in_spool(quiet: bool) -> list:
    """Handle the messages waiting in the spool, printing what became of each (and, unless
    ``quiet``, a line when there was none); their outcomes. A spool folder that cannot be
    read is logged and reported as a retry, not raised: send-mail still delivers the outbox."""
    from ..correspondence.ingest import ingest_bytes
    from ..mail.handoff import Outcome, Status, drain
    from ..mail.spool import Spool

    spool = Spool(current_app.config["MAIL_SPOOL_DIR"],
                  current_app.config["MAIL_SPOOL_CLAIM_TIMEOUT"])
    try:
        outcomes = drain(spool, ingest_bytes)
    except OSError as exc:
        logging.getLogger("pbem").exception("taking in the spool failed")
        outcomes = [Outcome(Status.RETRY, f"failed: cannot read the spool ({exc.strerror})")]
    for outcome in outcomes:
        click.echo(outcome.text)
    if not outcomes and not quiet:
        click.echo("no spooled mail")
    return outcomes


def _tick_and_beat() -> list[str]:
    """One tick, recorded as the last one for ``/ready`` (however it was started)."""
    from ..ops.heartbeat import beat
    from ..tick import run_tick

    summaries = run_tick()
    with unit_of_work("tick"):
        beat("tick")
    return summaries


@contextmanager
def _in_background(app):
    """Within the block, the dev workers run in daemon threads, each round in an app context,
    delivering its mail; they stop when the block ends (a round in progress is given a few
    seconds to finish)."""
    import threading

    from ..botplay.worker import run as play_bots
    from ..ops.loop import rounds

    tasks = {"tick": _tick_and_beat, "spool": lambda: _take_in_spool(quiet=True),
             "bots": play_bots}
    stop = threading.Event()

    def worker(interval, name):
        def round_():
            with app.app_context():
                tasks[name]()
                _deliver_if_configured()

        rounds(round_, interval, stop)

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


def _repeat(task, loop: bool, interval: float) -> None:
    """Run ``task`` once (its errors end the command), or with ``--loop`` every ``interval``
    seconds until SIGTERM, surviving its errors (:mod:`pbem.ops.loop`)."""
    if not loop:
        task()
        return
    from ..ops.loop import repeat

    repeat(task, interval)


def _prune_outbox():
    """Drop the bodies of mail sent longer ago than MAIL_KEEP_SENT_DAYS."""
    from ..mail.sender import prune_sent

    with unit_of_work("mail"):
        prune_sent()


def _deliver_if_configured():
    if current_app.config["MAIL_DELIVER_AFTER_COMMIT"]:
        from ..mail.sender import deliver_due

        deliver_due()


def run() -> None:
    """The ``pbem`` console script's commands (:func:`pbem.cli.main`), with logging configured
    first (:mod:`pbem.ops.logs`)."""
    from .. import create_app
    from ..ops.logs import configure_logging, json_stdout

    configure_logging()
    command = sys.argv[1] if len(sys.argv) > 1 else None
    if command not in DATA_COMMANDS:
        json_stdout()
    migrations = command not in pbem_group.commands or command in MIGRATING
    pbem_group.main(obj=ScriptInfo(create_app=lambda: create_app(migrations=migrations)))

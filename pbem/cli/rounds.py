"""What the periodic commands share: their ``--loop`` and ``--interval`` options, running a
round once or until stopped, and the mail chores a round ends with (the spooled replies taken
in, the outbox delivered when this process delivers, old bodies pruned)."""

from __future__ import annotations

import logging

import click
from flask import current_app

from ..core.work import unit_of_work


def periodic(doing: str, every: float, rounds: str = "rounds"):
    """The ``--loop`` and ``--interval`` options every periodic command has: keep ``doing``
    until interrupted, ``every`` seconds apart by default."""
    def options(command):
        command = click.option("--interval", default=every, type=click.FloatRange(min=0),
                               show_default=True, help=f"Seconds between {rounds}.")(command)
        return click.option("--loop", is_flag=True,
                            help=f"Keep {doing} until interrupted.")(command)

    return options


def repeat(task, loop: bool, interval: float) -> None:
    """Run ``task`` once (its errors end the command), or with ``--loop`` every ``interval``
    seconds until SIGTERM, surviving its errors (:mod:`pbem.ops.loop`)."""
    if not loop:
        task()
        return
    from ..ops.loop import repeat as until_stopped

    until_stopped(task, interval)


def take_in_spool(quiet: bool) -> list:
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


def deliver_if_configured():
    if current_app.config["MAIL_DELIVER_AFTER_COMMIT"]:
        from ..mail.sender import deliver_due

        deliver_due()


def prune_outbox():
    """Drop the bodies of mail sent longer ago than MAIL_KEEP_SENT_DAYS."""
    from ..mail.sender import prune_sent

    with unit_of_work("mail"):
        prune_sent()

"""The mail commands: delivering the outbox (``send-mail``) and taking replies in, from an MTA's
pipe (``ingest-mail``), the spool it fills (``ingest-spool``), an IMAP mailbox
(``fetch-mail``) or LMTP (``lmtp``). Registered in :data:`pbem.cli.commands.COMMANDS`."""

from __future__ import annotations

import logging
import sys

import click
from flask import current_app

from ..core.work import runs_units
from . import rounds


@click.command("send-mail")
@rounds.periodic("delivering", every=5.0)
@runs_units
def send_mail(loop, interval):
    """Handle the replies ingest-mail spooled, then deliver the outbox (retrying failed
    messages when they are due), so their answers go out in the same round."""
    from ..mail.sender import deliver_due

    def deliver():
        rounds.take_in_spool(quiet=True)
        sent, failed = deliver_due()
        if sent or failed or not loop:
            click.echo(f"sent {sent}, failed {failed}")
        rounds.prune_outbox()

    rounds.repeat(deliver, loop, interval)


@click.command("ingest-mail")
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
            rounds.deliver_if_configured()
        except Exception:  # the answers stay in the outbox for send-mail
            logging.getLogger("pbem").exception("delivering after ingest-mail failed")
    sys.exit(worst(outcomes))


@click.command("ingest-spool")
@rounds.periodic("taking in the spool", every=2.0)
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
        statuses.append(worst(rounds.take_in_spool(quiet=loop)))
        rounds.deliver_if_configured()

    rounds.repeat(take_in, loop, interval)
    if not loop:
        sys.exit(max(statuses))


@click.command("fetch-mail")
@rounds.periodic("polling", every=60.0, rounds="polls")
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
        rounds.deliver_if_configured()

    rounds.repeat(fetch, loop, interval)
    if not loop:  # a loop stopped by SIGTERM ends well whatever its rounds met
        sys.exit(max(statuses))


@click.command("lmtp")
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

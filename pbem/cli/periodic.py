"""The periodic work: ``tick`` (every domain's due work, :mod:`pbem.tick`) and ``bots`` (the
computer players' turns and reviews). Registered in :data:`pbem.cli.commands.COMMANDS`."""

from __future__ import annotations

import logging

import click

from ..core.work import runs_units, unit_of_work
from . import rounds


@click.command("tick")
@rounds.periodic("ticking", every=60.0, rounds="ticks")
@runs_units
def tick(loop, interval):
    """Do what is due: timeouts, reminders, digests, tournament rounds (idempotent); and,
    should no mail worker run, the replies waiting in the spool."""
    from ..tick import idle

    def tick_once():
        for line in tick_and_beat():
            if idle(line):  # a quiet round says nothing (about 5,800 lines a day)
                logging.getLogger("pbem.tick").debug("%s", line)
            else:
                click.echo(line)
        rounds.take_in_spool(quiet=True)  # after the tick: a spool it cannot read stops no tick
        rounds.deliver_if_configured()
        rounds.prune_outbox()

    rounds.repeat(tick_once, loop, interval)


@click.command("bots")
@click.option("--create", is_flag=True, help="Create the bot accounts (one per level) first.")
@rounds.periodic("playing the bots' turns", every=2.0)
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
        rounds.deliver_if_configured()

    rounds.repeat(play_once, loop, interval)


def tick_and_beat() -> list[str]:
    """One tick, recorded as the last one for ``/ready`` (however it was started)."""
    from ..ops.heartbeat import beat
    from ..tick import run_tick

    summaries = run_tick()
    with unit_of_work("tick"):
        beat("tick")
    return summaries

"""``flask pbem verify-records``: replay every stored game through the current rules;
``flask pbem archive recount``: check or rebuild the archive's counters."""

from __future__ import annotations

import sys

import click
from flask.cli import AppGroup, with_appcontext
from flask_babel import gettext as _
from flask_babel import ngettext

from ..core.db import MAX_INT
from . import counters
from .verify import games_to_verify, verify_game

archive_group = AppGroup("archive", help="The archive of games.")


@click.command("verify-records")
@click.option("--game", "game_ids", type=click.IntRange(1, MAX_INT), multiple=True,
              metavar="ID", help="Check only this game (repeatable).")
@with_appcontext
def verify_records(game_ids):
    """Replay every started game's moves and compare them with what is stored.

    Reports each game whose moves, position, status or result differ; exits with status 1
    when any does.
    """
    found, games = games_to_verify(game_ids)
    if missing := sorted(set(game_ids) - set(found)):
        raise click.BadParameter(
            _("no started game %(games)s.", games=", ".join(f"#{i}" for i in missing)),
            param_hint="--game")
    total = len(found)
    mismatches = []
    with click.progressbar(games, length=total, label=_("Verifying games"),
                           file=sys.stderr) as bar:
        for game in bar:
            problem = verify_game(game)
            if problem:
                mismatches.append(f"game #{game.id} ({game.slug}): {problem}")
    for line in mismatches:
        click.echo(line)
    click.echo(ngettext("checked %(num)d game: %(wrong)d mismatched",
                        "checked %(num)d games: %(wrong)d mismatched", total,
                        wrong=len(mismatches)))
    if mismatches:
        sys.exit(1)


@archive_group.command("recount")
@click.option("--check", is_flag=True,
              help="Only compare the counters with a fresh count; change nothing.")
def recount_command(check):
    """Count every game again: the games per game type and status that the archive list shows,
    and each player's record. Lists each counter that differed; with --check exits with status
    1 when any did, else rebuilds the counters from the count."""
    wrong = counters.differences()
    for line in wrong:
        click.echo(line)
    if check:
        click.echo(ngettext("%(num)d counter differs from a fresh count",
                            "%(num)d counters differ from a fresh count", len(wrong)))
        sys.exit(1 if wrong else 0)
    counters.recount()
    click.echo(ngettext("recounted: %(num)d counter was wrong and is now right",
                        "recounted: %(num)d counters were wrong and are now right",
                        len(wrong)))


@archive_group.command("import-ap")
@click.argument("source", type=click.File("r", encoding="utf-8"))
@click.option("--states", type=click.File("r", encoding="utf-8"),
              help="Abstract Play's saved game states of the Stawvs games (one, a list, or an "
                   "object by game id): their boards, which its records leave out.")
def import_abstractplay(source, states):
    """Import Abstract Play records of Stawvs and Pylon games from SOURCE (one record, a JSON
    list of them, or one per line; '-' reads standard input). Each is checked by the rules
    and stored as an imported game; one imported before is skipped. Exits with status 1 when
    any record was refused."""
    from .abstractplay import parse_ap, parse_dump, state_for
    from .history import BadRecord
    from .importer import import_record

    try:
        records = parse_dump(source.read())
        saved = parse_dump(states.read()) if states else []
    except BadRecord as exc:
        raise click.BadParameter(exc.message, param_hint="SOURCE") from None
    imported, refused = [], 0
    for number, data in enumerate(records, 1):
        try:
            imported.append(import_record(parse_ap(data, state_for(data, saved))).id)
        except BadRecord as exc:
            refused += 1
            click.echo(_("record %(number)d: %(problem)s", number=number, problem=exc.message))
    click.echo(ngettext("imported %(num)d game, refused %(refused)d",
                        "imported %(num)d games, refused %(refused)d", len(imported),
                        refused=refused)
               + (f": #{', #'.join(map(str, imported))}" if imported else ""))
    if refused:
        sys.exit(1)

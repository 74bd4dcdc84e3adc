"""``pbem ratings rebuild``: recompute every rating from the stored results."""

from __future__ import annotations

import sys

import click
from flask.cli import AppGroup
from flask_babel import gettext as _
from flask_babel import ngettext

from .rebuild import rated_games_count, rebuild

ratings_group = AppGroup("ratings", help="Player ratings.")


@ratings_group.command("rebuild")
def rebuild_command():
    """Recompute every rating and rating change from the finished rated games, in the order
    they ended; the same games give the same numbers every time."""
    total = rated_games_count()
    with click.progressbar(length=total, label=_("Rating games"), file=sys.stderr) as bar:
        rated = rebuild(bar.update)
    # (ngettext names its count ``num``: here the total, the rated games beside it)
    click.echo(ngettext("rated %(rated)d of %(num)d finished rated game",
                        "rated %(rated)d of %(num)d finished rated games", total, rated=rated))

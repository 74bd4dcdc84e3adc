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
    click.echo(ngettext("rated %(num)d of %(total)d finished rated game",
                        "rated %(num)d of %(total)d finished rated games", total, num=rated))

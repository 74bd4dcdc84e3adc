"""The calendar feed of a player: the deadline of every game waiting for them, and those the
domains above the clocks add through :func:`add_deadlines` at start-up (tournaments: the round
deadlines of the games the player is still playing)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from flask import current_app

from ..accounts.models import Player
from ..core.urls import external_url
from .logic.calendar import CalendarEntry, build_calendar
from .service import waiting_games

#: Who adds deadlines to a player's feed, by name: ``(player, domain) -> [CalendarEntry]``
#: (``domain``: for their uids).
_more_deadlines: dict[str, Callable[[Player, str], list[CalendarEntry]]] = {}


def add_deadlines(name: str, more: Callable[[Player, str], list[CalendarEntry]]) -> None:
    """Have ``more(player, domain)`` add its deadlines to every player's calendar feed."""
    _more_deadlines[name] = more


def calendar_for(player: Player, now: datetime) -> bytes:
    domain = current_app.config["MAIL_DOMAIN"]
    entries = []
    for game, _seat in waiting_games(player.id):
        if game.to_move_deadline is not None:
            entries.append(CalendarEntry(
                uid=f"game-{game.id}-ply-{game.ply}@{domain}",
                summary=f"Your move: {game.title}",
                deadline=game.to_move_deadline,
                url=external_url("play.game", game_id=game.id),
            ))
    for more in _more_deadlines.values():
        entries.extend(more(player, domain))
    return build_calendar(entries, now, f"pbem deadlines of {player.name}")

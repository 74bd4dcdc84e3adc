"""The calendar feed of a player: the deadline of every game waiting for them, and those the
domains above the clocks add through :data:`more_deadlines` (tournaments: the round
deadlines of the games the player is still playing)."""

from __future__ import annotations

from datetime import datetime

from blinker import Namespace
from flask import current_app

from ..accounts.models import Player
from ..core.urls import external_url
from .logic.calendar import CalendarEntry, build_calendar
from .service import waiting_games

more_deadlines = Namespace().signal("calendar-deadlines", doc="""\
Asks for more deadlines of the player (the sender) for the calendar feed: a receiver returns a
list of :class:`~pbem.clocks.logic.calendar.CalendarEntry` (``domain``: for their uids).""")


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
    for _, more in more_deadlines.send(player, domain=domain):
        entries.extend(more)
    return build_calendar(entries, now, f"pbem deadlines of {player.name}")

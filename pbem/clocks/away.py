"""Telling opponents that a player booked a vacation: the clocks of their games with that
player stand still meanwhile, so each opponent gets one mail (as their settings say: it is
game news) listing the games concerned, with the dates in the opponent's own time zone."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from ..core.extensions import db
from ..core.i18n import _l, lazy
from ..core.urls import external_url
from ..notifications.delivery import message
from ..notifications.settings import zone_of
from ..play.models import ACTIVE, Game, Seat
from .logic.display import format_moment
from .logic.vacation import Vacation


def tell_opponents(player, vacation: Vacation) -> None:
    """Mail every opponent of ``player`` in an active game that allows vacations (flushes
    nothing: the outbox row joins the booking's transaction)."""
    games = db.session.scalars(
        select(Game).where(
            Game.status == ACTIVE, Game.vacation_allowed.is_(True),
            Game.id.in_(select(Seat.game_id).where(Seat.player_id == player.id)))
        .order_by(Game.id).options(selectinload(Game.seats))
    ).all()
    opponents: dict[int, tuple] = {}
    for game in games:
        for seat in game.seats:
            if seat.player_id != player.id:
                opponents.setdefault(seat.player_id, (seat.player, []))[1].append(game)
    for opponent, shared in opponents.values():
        zone = zone_of(opponent.id)
        message("vacation", opponent, _l("[pbem] %(name)s is on vacation", name=player.name),
                context={
            "reader": opponent, "away": player, "games": [
                (game, external_url("play.game", game_id=game.id)) for game in shared],
            # (written when the mail is, in the reader's language)
            "start": lazy(lambda zone=zone: format_moment(vacation.start, zone)),
            "end": lazy(lambda zone=zone: format_moment(vacation.end, zone))})

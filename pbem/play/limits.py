"""Limits on the mail one player can make the server send to others.

A new game mails an invitation to every other seat, with a link to a page that names the
inviter, so an account that may create games at will could mail anyone anything. Each player
may create ``GAME_LIMIT_PER_PLAYER`` games and invite ``INVITATION_LIMIT_PER_PLAYER`` seats
within ``INVITATION_LIMIT_WINDOW`` seconds, and an address that declined an invitation of the
same inviter, or never answered it, is not mailed again by them for
``INVITATION_REPEAT_AFTER`` seconds. Everything is counted from the games themselves, in the
database, so the limits hold across processes. Admins (who set up games for others) are not
limited. Only games a player sets up from the new-game form are "creating games": a rematch
(which invites only the same opponents, once per game) is neither checked nor counted, and
games the lobby starts for an accepted challenge, a tournament's pairings and the demo's games
have no creator (``Game.created_by``), so they count for nobody.

Every message a player posts to a game's thread is mailed to the other players, so a player
may post ``MESSAGE_LIMIT_PER_PLAYER`` of them within ``MESSAGE_LIMIT_WINDOW`` seconds, over all
their games (admins too: they post as players). A comment sent with a move is not limited: it
rides on the move's own turn email.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from flask import current_app
from sqlalchemy import exists, func, select

from ..core.errors import PbemError
from ..core.extensions import db
from ..core.i18n import _l
from .models import Game, GameMessage, Seat


class RateLimited(PbemError):
    status, code = 429, "rate-limited"


def _since(now: datetime, setting: str) -> datetime:
    return now - timedelta(seconds=current_app.config[setting])


def check_new_game(creator, invitees: int, now: datetime) -> None:
    """Whether ``creator`` may create one more game inviting ``invitees`` other players.

    :raises RateLimited: too many games or invitations within the window.
    """
    if creator.is_admin:
        return
    config, since = current_app.config, _since(now, "INVITATION_LIMIT_WINDOW")
    recent = (Game.created_by_id == creator.id, Game.created_at >= since,
              Game.rematch_of_id.is_(None))
    games = db.session.scalar(select(func.count()).select_from(Game).where(*recent))
    if games >= config["GAME_LIMIT_PER_PLAYER"]:
        raise RateLimited(_l("You have created %(count)s games lately, the most allowed for "
                             "now; try again later.", count=games))
    invited = db.session.scalar(select(func.count()).select_from(Seat).join(Game).where(
        *recent, Seat.player_id != creator.id))
    if invited + invitees > config["INVITATION_LIMIT_PER_PLAYER"]:
        raise RateLimited(_l("You have invited %(count)s players lately, and this game would pass "
                             "the limit of %(limit)s; try again later.", count=invited,
                             limit=config["INVITATION_LIMIT_PER_PLAYER"]))


def recently_unanswered(game: Game, seat: Seat, now: datetime) -> bool:
    """Whether ``seat``'s player declined, or left unanswered, another invitation from this
    game's creator lately (then this one is not mailed; it still shows on their games page)."""
    if game.created_by_id is None:
        return False
    earlier = select(Seat.id).join(Game).where(
        Game.created_by_id == game.created_by_id, Game.id != game.id,
        Game.created_at >= _since(now, "INVITATION_REPEAT_AFTER"),
        Seat.player_id == seat.player_id, Seat.response.in_(("invited", "declined")))
    return bool(db.session.scalar(select(exists(earlier))))


def check_message(author_id: int, now: datetime) -> None:
    """Whether the player ``author_id`` may post one more message to a game's thread.

    :raises RateLimited: too many messages within the window.
    """
    count = db.session.scalar(select(func.count()).select_from(GameMessage).where(
        GameMessage.player_id == author_id, GameMessage.with_move.is_(False),
        GameMessage.created_at >= _since(now, "MESSAGE_LIMIT_WINDOW")))
    if count >= current_app.config["MESSAGE_LIMIT_PER_PLAYER"]:
        raise RateLimited(_l("You have posted %(count)s messages lately, the most allowed for "
                             "now; try again later.", count=count))

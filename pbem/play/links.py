"""Signed move links and reply addresses: ``[game, seat, ply]`` signed per purpose.

A link lets that seat, and only that seat, move in that game at that ply; it expires after
``MOVE_LINK_MAX_AGE`` and is dead as soon as the game has moved past the ply.
"""

from __future__ import annotations

import re

from flask import current_app

from ..core.i18n import _l
from ..core.signing import LinkError, sign, unsign
from ..core.urls import external_url
from .models import Game
from .queries import get_game


def move_token(game: Game, seat: int, purpose: str = "move", ply: int | None = None) -> str:
    """For the seat to move at ``ply`` (by default the game's current one)."""
    return sign(purpose, [game.id, seat, game.ply if ply is None else ply])


def move_url(game: Game, seat: int, ply: int | None = None) -> str:
    return external_url("play.link", token=move_token(game, seat, ply=ply))


def invitation_url(game: Game, seat) -> str:
    """Lets the seat's player answer an invitation (and signs them in: it proves the address)."""
    return external_url("play.invitation", token=sign("invitation", [game.id, seat.player_id]))


def reply_address(game: Game, seat: int, ply: int | None = None) -> str:
    return f"move+{move_token(game, seat, 'reply', ply)}@{current_app.config['MAIL_DOMAIN']}"


def token_in_address(address: str) -> str | None:
    """The token of a ``move+<token>@domain`` reply address, if it is one."""
    found = re.search(r"move\+([A-Za-z0-9_.\-]+)@", address or "")
    return found.group(1) if found else None


def open_token(token: str, purpose: str = "move", *, lock: bool = False) -> tuple[Game, int]:
    """The game and seat a live token authorises (``lock``: the game row locked for update, so
    a move can be applied to this very load instead of reading the game a second time).

    :raises LinkError: tampered, foreign (another purpose), expired, or the ply has passed.
    :raises GameNotFound: the game named no longer exists.
    """
    game, seat, ply = token_seat(token, purpose, lock=lock)
    if game.ply != ply or game.status != "active":
        raise LinkError(
            _l("This link was for ply %(ply)s of game #%(id)s, which has been played (or the "
               "game is over). The game page shows where it stands.", ply=ply + 1, id=game.id),
            "passed",
            410,
            onward=(_l("See game #%(id)s", id=game.id), "play.game", {"game_id": game.id}),
        )
    return game, seat


def token_seat(token: str, purpose: str, *, lock: bool = False) -> tuple[Game, int, int]:
    """The game, seat and ply an authentic, unexpired token names, whether or not that ply has
    passed: a reply to an old turn email still speaks for its seat (it may ask for the board,
    and is told it came too late to move).

    :raises LinkError: tampered, foreign (another purpose) or expired.
    :raises GameNotFound: the game named no longer exists.
    """
    payload = unsign(purpose, token)
    if not (isinstance(payload, list) and len(payload) == 3
            and all(isinstance(v, int) and not isinstance(v, bool) for v in payload)):
        raise LinkError(_l("This link is not valid."), "invalid")
    game_id, seat, ply = payload
    game = get_game(game_id, lock=lock)
    if not 0 <= seat < len(game.seats):
        raise LinkError(_l("This link is not valid."), "invalid")
    return game, seat, ply

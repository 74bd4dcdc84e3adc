"""Rematches: one click on a finished game offers its players the same game again.

The rematch is an ordinary new game (same game, options, time control, rating and vacation
rule) with the seats rotated by one, so whoever moved second moves first; the player who
offers it has accepted, and the others are invited as for any game (they answer on the game
page or from the emailed invitation; a bot accepts at once). A game has at most one rematch:
``Game.rematch_of_id`` is unique, and the finished game's row is locked while the offer is
made, so a second click (or the opponent offering at the same moment) finds the first offer.
"""

from __future__ import annotations

from sqlalchemy import select

from ..core.extensions import db
from ..core.i18n import _l
from . import setup
from .errors import GameNotActive, NotYourTurn
from .models import ACTIVE, DECLINED, FINISHED, INVITED, Game

#: How a rematch stands, as the game page and a second offer say it.
REMATCH_STATES = {INVITED: _l("It is waiting for the players to answer."),
                  ACTIVE: _l("It is being played."), FINISHED: _l("It is over."),
                  DECLINED: _l("It was declined.")}


class RematchOffered(GameNotActive):
    """The game already has its rematch (``rematch``): nothing new is offered."""

    code = "rematch-offered"

    def __init__(self, rematch: Game):
        super().__init__(f"A rematch of this game has already been offered: game #{rematch.id}.")
        self.rematch = rematch


def rematch_of(game: Game) -> Game | None:
    """The game offered as ``game``'s rematch, if any."""
    return db.session.scalars(select(Game).where(Game.rematch_of_id == game.id)).first()


def rotated(players: list) -> list:
    """The seats of a rematch: everyone moves up one place, the first goes last.

    >>> rotated(["ann", "bob", "cy"])
    ['bob', 'cy', 'ann']
    """
    return players[1:] + players[:1]


def offer(game: Game, player) -> Game:
    """``player`` offers a rematch of ``game`` (loaded with its row locked); the new game,
    flushed (the caller commits).

    :raises NotYourTurn: ``player`` did not play in ``game``.
    :raises GameNotActive: the game is not finished, or an opponent's account is closed.
    :raises RematchOffered: the game already has its rematch.
    :raises Blocked: a block stands between ``player`` and an opponent.
    """
    if game.seat_of(player) is None:
        raise NotYourTurn(_l("Only the players of a game can offer a rematch."), "not-in-game")
    if game.status != FINISHED:
        raise GameNotActive(_l("A rematch can be offered once the game is over."), "not-finished")
    existing = rematch_of(game)
    if existing is not None:
        raise RematchOffered(existing)
    players = [seat.player for seat in game.seats]
    for other in players:
        if not (other.has_public_page or other.id == player.id):
            raise GameNotActive(_l("%(name)s cannot be invited: that account is closed.",
                                   name=other.name), "closed-account")
    return setup.create_game(game.slug, rotated(players), game.options, creator=player,
                             time_control=game.time_control,
                             vacation_allowed=game.vacation_allowed, rated=game.rated,
                             bots_resign=game.bots_resign, rematch_of=game)

"""The guards a change to a game passes, in a fixed order: the game is active, the seat plays
in it, the game is at the ply the player saw, and it is that seat's turn; and the race guard
around the whole unit, for the second of two racing submissions, which the database refuses."""

from __future__ import annotations

from ..core import work
from ..core.i18n import _l
from .errors import GameNotActive, NotYourTurn, PositionChanged
from .models import ACTIVE, FINISHED, Game


def check_active(game: Game) -> None:
    if game.status == FINISHED:
        raise GameNotActive(_l("This game is over; no more moves can be made."), "game-over")
    if game.status != ACTIVE:
        raise GameNotActive(_l("This game has not started."), "not-started")


def position_changed(game: Game) -> PositionChanged:
    return PositionChanged(_l("The position changed: the game is now at ply %(ply)s. Look at "
                              "the board again.", ply=game.ply))


def check_actor(game: Game, seat: int, expected_ply: int):
    """The game's state, once ``seat`` may move in it at ``expected_ply``.

    :raises GameNotActive, NotYourTurn, PositionChanged: in that order of checks.
    """
    check_active(game)
    if not any(s.index == seat for s in game.seats):
        raise NotYourTurn(_l("You do not play in this game."), "not-in-game")
    if game.ply != expected_ply:
        raise position_changed(game)
    state = game.load_state()
    if game.rules.to_move(state) != seat:
        raise NotYourTurn(_l("It is not your turn."))
    return state


def _position_changed() -> PositionChanged:
    return PositionChanged(_l("The position changed: someone else acted in this game at the "
                              "same moment. Look at the board again."))


def race_guard():
    """Turn a lost race (a stale ``Game.version`` or a taken ply) into ``PositionChanged``;
    nothing of the losing transaction is kept (``pbem.core.work.race_guard``)."""
    return work.race_guard(_position_changed)

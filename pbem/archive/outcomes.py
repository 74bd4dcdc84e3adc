"""Each seat's outcome (``won``, ``lost``, ``drawn``) mirrors ``Game.result``.

The archive filters and counts results per player; a plain indexed column makes that a
lookup instead of reading every game's JSON. Whoever sets ``Game.result`` (the play service,
an import) gets the seats' outcomes set with it, by the attribute event below.
"""

from __future__ import annotations

from sqlalchemy import event
from sqlalchemy.orm import object_session

from ..play.models import Game

WON, LOST, DRAWN = "won", "lost", "drawn"
OUTCOMES = (WON, LOST, DRAWN)


def seat_outcomes(winners: list[int], seats: int) -> list[str]:
    """The outcome of every seat: a sole winner won, shared winners drew, the rest lost.

    >>> seat_outcomes([1], 2), seat_outcomes([0, 1], 2), seat_outcomes([0, 2], 3)
    (['lost', 'won'], ['drawn', 'drawn'], ['drawn', 'lost', 'drawn'])
    """
    shared = len(winners) > 1
    return [(DRAWN if shared else WON) if seat in winners else LOST for seat in range(seats)]


@event.listens_for(Game.result, "set")
def _mirror_result(game: Game, result, _old, _initiator) -> None:
    session = object_session(game)
    if session is None:
        _set_outcomes(game, result)
        return
    with session.no_autoflush:  # loading the seats must not flush a half-made move
        _set_outcomes(game, result)


def _set_outcomes(game: Game, result) -> None:
    outcomes = seat_outcomes(result["winners"], len(game.seats)) if result else None
    for seat in game.seats:
        seat.outcome = outcomes[seat.index] if outcomes else None

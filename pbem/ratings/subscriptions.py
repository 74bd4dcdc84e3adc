"""What ratings do when something happens in play: connected once, when the application is
built (``pbem.app``). ``game_finished``: a rated game is rated, in the transaction that ended
it, so its changes exist exactly when its result does. Tournaments seeding by rating ask for
the entrants' ratings through the call handed over here (``tournaments.seeding.rate_with``)."""

from __future__ import annotations

from ..play import events
from ..tournaments.seeding import rate_with
from . import queries, service


def subscribe() -> None:
    events.game_finished.connect(_game_finished)
    rate_with(queries.shown_ratings)


def _game_finished(game, **_facts) -> None:
    service.game_finished(game)

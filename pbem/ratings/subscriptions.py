"""What ratings do when something happens in play: connected once, when the application is
built (``pbem.app``). ``game_finished``: a rated game is rated, in the transaction that ended
it, so its changes exist exactly when its result does. A rated game's page shows what it did
to each player's rating (a part of the page handed over to ``pbem.play.ports``). Tournaments
seeding by rating ask for the entrants' ratings through the call handed over here
(``tournaments.seeding.rate_with``)."""

from __future__ import annotations

from ..play import events, ports
from ..tournaments.seeding import rate_with
from . import queries, service


def subscribe() -> None:
    events.game_finished.connect(_game_finished)
    ports.add_to_game_page("ratings", _game_page)
    rate_with(queries.shown_ratings)


def _game_finished(game, **_facts) -> None:
    service.game_finished(game)


def _game_page(game, reader_id, now) -> dict:
    """A finished rated game's rating changes, by seat (none for another game)."""
    if game.status != "finished" or not game.rated:
        return {}
    return {"rating_changes": queries.game_changes(game.id)}

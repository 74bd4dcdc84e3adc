"""What ratings do when something happens in play: connected once, when the application is
built (``pbem.app``). ``game_finished``: a rated game is rated, in the transaction that ended
it, so its changes exist exactly when its result does. Tournaments seeding by rating ask for
the entrants' ratings (``ratings_wanted``)."""

from __future__ import annotations

from ..play import events
from ..tournaments.seeding import ratings_wanted
from . import queries, service


def subscribe() -> None:
    events.game_finished.connect(_game_finished)
    ratings_wanted.connect(_shown_ratings)


def _shown_ratings(slug: str, *, player_ids: list[int]) -> dict[int, int]:
    return queries.shown_ratings(slug, player_ids)


def _game_finished(game, **_facts) -> None:
    service.game_finished(game)

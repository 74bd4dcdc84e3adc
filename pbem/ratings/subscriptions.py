"""What ratings do when something happens in play: connected once, when the application is
built (``pbem.app``). ``game_finished``: a rated game is rated, in the transaction that ended
it, so its changes exist exactly when its result does; ``game_page``: a rated game's page shows
what it did to each player's rating. Tournaments seeding by rating ask for
the entrants' ratings (``ratings_wanted``)."""

from __future__ import annotations

from ..play import events
from ..tournaments.seeding import ratings_wanted
from . import queries, service


def subscribe() -> None:
    events.game_finished.connect(_game_finished)
    events.game_page.connect(_game_page)
    ratings_wanted.connect(_shown_ratings)


def _shown_ratings(slug: str, *, player_ids: list[int]) -> dict[int, int]:
    return queries.shown_ratings(slug, player_ids)


def _game_finished(game, **_facts) -> None:
    service.game_finished(game)


def _game_page(game, *, reader_id, now) -> dict:
    """A finished rated game's rating changes, by seat (none for another game)."""
    if game.status != "finished" or not game.rated:
        return {}
    return {"rating_changes": queries.game_changes(game.id)}

"""The order a tournament starts in: the director's seeding, or the entrants' ratings.

Ratings live in their own domain, which imports tournaments (for finishing places), so
tournaments ask for them through a call the ratings domain hands over at start-up
(:func:`rate_with`, in ``pbem.ratings.subscriptions``), as the clocks' calendar asks the
domains above it for more deadlines. Without it, every entrant is rated alike.
"""

from __future__ import annotations

from collections.abc import Callable

#: ``(slug, player_ids) -> {player id: shown rating}`` at that game, a newcomer's included (the
#: rating they would show); handed over by the ratings domain.
_shown_ratings: Callable[[str, list[int]], dict[int, int]] | None = None


def rate_with(answer: Callable[[str, list[int]], dict[int, int]] | None) -> None:
    global _shown_ratings
    _shown_ratings = answer


def seed_order(t, entered: list) -> list:
    """``entered`` (entrants) in seed order: the director's seeding, then the order they
    entered; with ``t.seed_by_rating``, highest shown rating at ``t.slug`` first, those
    orders breaking ties (newcomers all show the same)."""
    order = sorted(entered, key=lambda e: (e.seed is None, e.seed or 0, e.id))
    if not t.seed_by_rating:
        return order
    rating = (_shown_ratings(t.slug, [e.player_id for e in order])
              if _shown_ratings is not None else {})
    return sorted(order, key=lambda e: -rating.get(e.player_id, 0))

"""The order a tournament starts in: the director's seeding, or the entrants' ratings.

Ratings live in their own domain, which imports tournaments (for finishing places), so
tournaments ask for them through :data:`ratings_wanted`, a question the ratings domain
answers (connected in ``pbem.ratings.subscriptions``), as the clocks' calendar asks the
domains above it for more deadlines.
"""

from __future__ import annotations

from blinker import Namespace

ratings_wanted = Namespace().signal("ratings-wanted", doc="""\
Asks for the shown ratings at a game (the sender: its slug) of ``player_ids``: a receiver
returns ``{player id: shown rating}``, a newcomer's included (the rating they would show).""")


def seed_order(t, entered: list) -> list:
    """``entered`` (entrants) in seed order: the director's seeding, then the order they
    entered; with ``t.seed_by_rating``, highest shown rating at ``t.slug`` first, those
    orders breaking ties (newcomers all show the same)."""
    order = sorted(entered, key=lambda e: (e.seed is None, e.seed or 0, e.id))
    if not t.seed_by_rating:
        return order
    rating: dict[int, int] = {}
    for _, answer in ratings_wanted.send(t.slug, player_ids=[e.player_id for e in order]):
        rating.update(answer)
    return sorted(order, key=lambda e: -rating.get(e.player_id, 0))

"""What pairings need to know about the rounds played so far, gathered once in O(games)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

from .model import PlayerId, Result


@dataclass
class History:
    """Points, meetings, seats and byes so far. Results must come in the order played."""

    points: dict[PlayerId, Fraction] = field(default_factory=lambda: defaultdict(Fraction))
    meetings: Counter[tuple[PlayerId, PlayerId]] = field(default_factory=Counter)
    seat_counts: dict[PlayerId, Counter[int]] = field(default_factory=lambda: defaultdict(Counter))
    last_seat: dict[PlayerId, int] = field(default_factory=dict)
    byes: Counter[PlayerId] = field(default_factory=Counter)
    #: Pairs kept apart like a rematch (players with a block between them, when the
    #: tournament avoids pairing them): ``(low, high)`` tuples.
    blocked: frozenset[tuple[PlayerId, PlayerId]] = frozenset()

    @classmethod
    def of(
        cls, results: Iterable[Result], byes: Iterable[PlayerId] = (), bye_points=Fraction(1)
    ) -> History:
        """``byes`` lists each bye given (a player twice if twice), each worth ``bye_points``."""
        history = cls()
        for result in results:
            for seat, (player, points) in enumerate(
                zip(result.seats, result.points(), strict=True)
            ):
                history.points[player] += points
                history.seat_counts[player][seat] += 1
                history.last_seat[player] = seat
            for pair in combinations(result.seats, 2):
                history.meetings[_pair(*pair)] += 1
        for player in byes:
            history.byes[player] += 1
            history.points[player] += Fraction(bye_points)
        return history

    def met(self, a: PlayerId, b: PlayerId) -> int:
        """How many games ``a`` and ``b`` have played at the same table."""
        return self.meetings.get(_pair(a, b), 0)

    def avoid(self, a: PlayerId, b: PlayerId) -> int:
        """What pairing ``a`` with ``b`` again costs in repeats: their meetings, and one more
        when they are kept apart (:attr:`blocked`), so a pairing avoids them as it avoids a
        rematch and, when it cannot, still pairs them."""
        pair = _pair(a, b)
        return self.meetings.get(pair, 0) + (pair in self.blocked)

    def keep_apart(self, pairs: Iterable[tuple[PlayerId, PlayerId]]) -> History:
        """This history with ``pairs`` kept apart as well."""
        self.blocked = self.blocked | {_pair(a, b) for a, b in pairs if a != b}
        return self

    def seat_surplus(self, player: PlayerId) -> int:
        """Games in seat 0 minus games in seat 1: two-player seat balance, 0 is even."""
        counts = self.seat_counts.get(player, Counter())
        return counts[0] - counts[1]


def _pair(a: PlayerId, b: PlayerId) -> tuple[PlayerId, PlayerId]:
    return (a, b) if a < b else (b, a)

"""Two-player Swiss rounds by maximum-weight matching (rustworkx's blossom algorithm).

Every candidate pair gets one integer weight that encodes, in strict priority:

1. no rematch (nor a bye beyond the fewest anyone has had) while one is avoidable; a pair
   the history keeps apart (``History.blocked``) counts as a rematch;
2. the bye to the lowest-ranked player who can take it;
3. score groups: the least Σ (score difference)² over the pairs, so floats are few and short;
4. seats: the fewest pairs whose players both owe the same seat (weighted by the debt);
5. within a score group, the top half meets the bottom half (1 v n/2+1, as in the Dutch
   system); a float is the lowest of its group and meets the top of the next.

The complete graph is too big to match at a thousand players (half a million edges take
rustworkx some twenty seconds), so the matching runs on a sparse graph of candidates: with
the players in score order, each one's next ``window`` players down the order (its score
group and the top of the next ones) and the ``window`` around its fold partner in its own
group, leaving out rematches; the bye may go to any of those who have had the fewest. A pairing
found there is exact in priorities 1–3 when it passes three checks, each a lower bound
that no pairing of the whole field can beat:

- it has no rematch and its bye goes to a player who has had the fewest byes (that is the
  least there can be);
- the bye goes to the lowest-ranked of those (none lower can take it without one more
  bye than needed);
- its Σ (score difference)² equals that of pairing the rest neighbours in score order,
  first with second, third with fourth (that pairing is the least for any convex cost of
  the difference, rematches or not).

Then no pairing over the complete graph is better in 1–3, and 4–5 are the best among the
candidates. A pairing that fails a check is thrown away and the window doubled, up to the
complete graph (rematches and extra byes included), where all five are exact by
definition: so the checks decide only how much work is needed, never the result's first
three priorities. A rematch or a float made longer by one is what makes them fail; in a
large field that is rare and local, in a small one the complete graph is cheap.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from math import lcm

from ..history import History
from ..model import PlayerId, Round, Table

WINDOW = 8  # the first candidate window; fields up to WINDOW + 1 start on the complete graph


def swiss_round(ranking: Sequence[PlayerId], history: History, seed: int = 0) -> Round:
    """Pair the next round for ``ranking`` (current standings, best first, seed order in
    round one). With an odd count one player gets a bye (:attr:`Round.byes`).

    Tables run from the top board down; in each, seat 0 goes to the player who has had it
    less often, then to whoever sat in seat 1 last, then by board, alternating from a
    coin tossed with ``seed``.
    """
    players = list(ranking)
    if len(set(players)) != len(players) or len(players) < 2:
        raise ValueError("a Swiss round needs at least two distinct players")
    field = _Field(players, history)
    window = WINDOW
    while True:
        complete = window >= len(players) - 1
        pairs, bye = field.match(field.candidates(window, complete))
        if complete or field.certified(pairs, bye):
            break
        window *= 2
    coin = random.Random(seed).randrange(2)
    pairs.sort(key=min)
    tables = tuple(
        _seat(players[a], players[b], history, (board + coin) % 2)
        for board, (a, b) in enumerate(pairs)
    )
    return Round(tables, (players[bye],) if bye is not None else ())


class _Field:
    """The players as rank indices (0 best), their scaled scores and score-order places."""

    def __init__(self, players: list[PlayerId], history: History):
        self.players, self.history = players, history
        scores = [history.points.get(p, Fraction(0)) for p in players]
        unit = lcm(*(s.denominator for s in scores))
        self.score = [int(s * unit) for s in scores]
        n = len(players)
        self.order = sorted(range(n), key=lambda i: -self.score[i])  # stable: rank breaks ties
        self.group_start, self.group_size = [0] * n, {}
        for place, i in enumerate(self.order):
            s = self.score[i]
            if s not in self.group_size:
                first = place
            self.group_size[s] = self.group_size.get(s, 0) + 1
            self.group_start[i] = first
        self.place = {i: place for place, i in enumerate(self.order)}
        self.bye_node = n if n % 2 else None
        self.fewest_byes = min(self.had_bye(a) for a in range(n))

    def met(self, a: int, b: int) -> int:
        """Their meetings, and one more when they are kept apart (``History.avoid``)."""
        return self.history.avoid(self.players[a], self.players[b])

    def had_bye(self, a: int) -> int:
        return self.history.byes[self.players[a]]

    def candidates(self, window: int, complete: bool) -> list[tuple[int, int]]:
        """Pairs of rank indices (the bye node last), see the module docstring."""
        n, order = len(self.players), self.order
        if complete:
            pairs = {(a, b) for a in range(n) for b in range(a + 1, n)}
        else:
            pairs = set()
            for place, a in enumerate(order):
                for b in order[place + 1 : place + 1 + window]:
                    pairs.add((min(a, b), max(a, b)))
                start, size = self.group_start[a], self.group_size[self.score[a]]
                fold = place + size // 2
                for other in range(max(fold - window // 2, place + 1),
                                   min(fold + window // 2 + 1, start + size)):  # fmt: skip
                    b = order[other]
                    pairs.add((min(a, b), max(a, b)))
            pairs = {(a, b) for a, b in pairs if not self.met(a, b)}
        edges = sorted(pairs)
        if self.bye_node is not None:
            edges += [(a, self.bye_node) for a in range(n)
                      if complete or self.had_bye(a) == self.fewest_byes]
        return edges

    def costs(self, a: int, b: int) -> tuple[int, ...]:
        """(rematch, bye rank, score, seats, fold) of one candidate pair."""
        n = len(self.players)
        if b == self.bye_node:
            return self.had_bye(a), n - 1 - a, 0, 0, 0
        sa = self.history.seat_surplus(self.players[a])
        sb = self.history.seat_surplus(self.players[b])
        seats = min(abs(sa), abs(sb)) if sa * sb > 0 else 0
        high, low = sorted((self.place[a], self.place[b]))
        if self.score[a] == self.score[b]:
            group = self.group_size[self.score[a]]
            fold = abs(low - high - group // 2)
        else:  # a float: the lowest of the group above meets the top of the one below
            fold = low - high - 1
        return self.met(a, b), 0, (self.score[a] - self.score[b]) ** 2, seats, fold

    def match(self, edges: list[tuple[int, int]]) -> tuple[list[tuple[int, int]], int | None]:
        """The maximum-cardinality, then maximum-weight matching of ``edges``: pairs (a, b)
        with a < b, and the player given the bye."""
        import rustworkx as rx  # here: every process imports this module, few pair a round

        costs = [self.costs(a, b) for a, b in edges]
        weights = _combine(costs, edges_in_matching=(len(self.players) + 1) // 2)
        graph = rx.PyGraph()
        graph.add_nodes_from(range(len(self.players) + (self.bye_node is not None)))
        graph.add_edges_from([(a, b, w) for (a, b), w in zip(edges, weights, strict=True)])
        pairs, bye = [], None
        for a, b in rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int):
            a, b = min(a, b), max(a, b)
            if b == self.bye_node:
                bye = a
            else:
                pairs.append((a, b))
        return pairs, bye

    def certified(self, pairs: list[tuple[int, int]], bye: int | None) -> bool:
        """The three checks of the module docstring, on a sparse graph's matching."""
        n = len(self.players)
        if 2 * len(pairs) + (bye is not None) != n:
            return False  # not everyone is paired without a rematch or an extra bye
        if bye is not None:
            fewest = [a for a in range(n) if self.had_bye(a) == self.fewest_byes]
            if bye != fewest[-1]:
                return False
        rest = [self.score[i] for i in self.order if i != bye]
        least = sum((rest[k] - rest[k + 1]) ** 2 for k in range(0, len(rest), 2))
        return sum((self.score[a] - self.score[b]) ** 2 for a, b in pairs) == least


def _combine(costs: list[tuple[int, ...]], edges_in_matching: int) -> list[int]:
    """One weight per edge such that a maximum-weight perfect matching minimises the cost
    tuples' sums lexicographically: each tier outweighs everything below it."""
    tiers = list(zip(*costs, strict=True))
    weights = [0] * len(costs)
    scale = 1
    for tier in reversed(tiers):
        top = max(tier)
        weights = [w + scale * (top - c) for w, c in zip(weights, tier, strict=True)]
        scale *= top * edges_in_matching + 1
    return weights


def _seat(a: PlayerId, b: PlayerId, history: History, flip: int) -> Table:
    """Seat 0 to who has had it less; then to who sat in seat 1 last; then by ``flip``."""

    def claim(p):  # lower claims seat 0 first
        return (history.seat_surplus(p), -history.last_seat.get(p, 0.5))

    if claim(a) == claim(b):
        return Table((a, b) if flip == 0 else (b, a))
    return Table((a, b) if claim(a) < claim(b) else (b, a))

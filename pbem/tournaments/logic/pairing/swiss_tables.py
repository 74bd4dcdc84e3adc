"""Swiss rounds at tables of three or four: tables down the standings, without repeats.

A grouping's cost is (repeats, spread), compared in that order: a repeat is a pair of
tablemates counted once per earlier game they shared, the spread is Σ (score difference)²
over pairs of tablemates. With ``n`` players seated at tables of at most ``k``, each of
whom has met at most ``d`` of the others, the round returned keeps four promises
(tests/tournaments/test_tournament_tables.py checks each):

1. **Exact in small fields**: up to :data:`EXACT_LIMIT` players, the least cost of every
   grouping (branch and bound).
2. **No repeat while there is room**: if ``n > k + (2k - 1) d``, no two tablemates have
   met (:func:`_repair` says why). A thousand players at four may have met 142 others
   each; 48 players at four, six (two rounds); at three, eight (four rounds).
3. **Score groups**: the cost is at most that of dealing the standings straight down into
   tables (the best four at table one, the next four at table two, …), so tables are
   no more mixed than that unless mixing them removes a repeat.
4. **No better exchange nearby**: no swap of two players between tables up to
   :data:`NEIGHBOURS` apart (in the order returned) lowers the cost.

Whether a grouping without repeats exists at all is NP-hard in general (it contains
partition into triangles), so past the bound of promise 2 the search is best effort: it
stops when no exchange of two players anywhere removes a repeat.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from math import lcm

from ..history import History
from ..model import PlayerId, Round
from .tables import assign_seats, table_sizes

#: Fields up to this many players are split into tables by exhaustive search.
EXACT_LIMIT = 12
#: Tables apart (in standings order) between which exchanges are tried until none helps.
NEIGHBOURS = 3
_LOOKAHEAD = 3  # candidates per open place that the greedy start considers, per table size


def swiss_tables_round(
    ranking: Sequence[PlayerId], history: History, size: int, min_size: int = 2
) -> Round:
    """Form the next round's tables down the standings (``ranking``, best first), keeping
    the promises of the module docstring.

    When the field does not fill tables of ``min_size`` to ``size`` (see
    :func:`.table_sizes`), the lowest-ranked of those who have had the fewest byes sit out.
    """
    players = list(ranking)
    if len(set(players)) != len(players):
        raise ValueError("the ranking lists a player twice")
    sizes, out = table_sizes(len(players), size, min_size)
    rank = {p: i for i, p in enumerate(players)}
    byes = sorted(players, key=lambda p: (history.byes[p], -rank[p]))[:out]
    playing = [p for p in players if p not in byes]
    cost = _Cost(playing, history)
    if len(playing) <= EXACT_LIMIT:
        groups = _exact(playing, sizes, cost)
    else:
        groups = _search(playing, sizes, cost, rank)
    groups.sort(key=lambda g: min(rank[p] for p in g))
    tables = tuple(assign_seats(sorted(g, key=rank.get), history) for g in groups)
    return Round(tables, tuple(sorted(byes, key=rank.get)))


class _Cost:
    """Costs as single integers: ``repeats * REPEAT + spread``, where ``REPEAT`` exceeds any
    round's spread, so comparing integers compares (repeats, spread) in order."""

    def __init__(self, players: list[PlayerId], history: History):
        scores = [history.points.get(p, Fraction(0)) for p in players]
        unit = lcm(*(s.denominator for s in scores)) if scores else 1
        self.score = {p: int(s * unit) for p, s in zip(players, scores, strict=True)}
        span = max(self.score.values(), default=0) - min(self.score.values(), default=0)
        self.repeat = len(players) ** 2 * span**2 + 1
        self.met: dict[PlayerId, dict[PlayerId, int]] = {p: {} for p in players}
        for (a, b), count in history.meetings.items():
            if a in self.met and b in self.met:
                self.met[a][b] = self.met[b][a] = count
        for a, b in history.blocked:  # kept apart: one more repeat, avoided like one
            if a in self.met and b in self.met:
                self.met[a][b] = self.met[b][a] = self.met[a].get(b, 0) + 1

    def pair(self, a: PlayerId, b: PlayerId) -> int:
        if a == b:
            return 0
        return self.met[a].get(b, 0) * self.repeat + (self.score[a] - self.score[b]) ** 2

    def add(self, group, player: PlayerId) -> int:
        """What ``player`` costs at a table with ``group`` (itself, if there, costs 0)."""
        return sum(self.pair(q, player) for q in group)

    def repeats(self, group, player: PlayerId) -> int:
        met = self.met[player]
        return sum(met.get(q, 0) for q in group)

    def table(self, group) -> int:
        return sum(self.pair(a, b) for a, b in combinations(group, 2))

    def total(self, groups) -> int:
        return sum(self.table(g) for g in groups)


def _exact(players: list[PlayerId], sizes: list[int], cost: _Cost) -> list[list[PlayerId]]:
    """Branch and bound: the best remaining player's table takes each remaining size and
    each choice of tablemates, so every partition into ``sizes`` is considered."""
    start = _greedy(players, sizes, cost)
    best: list = [cost.total(start), start]

    def search(left, sizes_left, so_far, groups):
        if not left:
            if so_far < best[0]:
                best[0], best[1] = so_far, list(groups)
            return
        top, rest = left[0], left[1:]
        for table_size in sorted(set(sizes_left), reverse=True):
            remaining = list(sizes_left)
            remaining.remove(table_size)
            for mates in combinations(rest, table_size - 1):
                group = (top, *mates)
                total = so_far + cost.table(group)
                if total < best[0]:
                    chosen = set(mates)
                    search([p for p in rest if p not in chosen], remaining, total,
                           groups + [list(group)])  # fmt: skip

    search(players, sizes, 0, [])
    return best[1]


def _search(players, sizes, cost: _Cost, rank) -> list[list[PlayerId]]:
    """The cheaper of the straight deal and the greedy start, improved by exchanges between
    nearby tables, repaired of repeats, improved again."""
    straight, at = [], 0
    for table_size in sizes:
        straight.append(players[at : at + table_size])
        at += table_size
    groups = min(straight, _greedy(players, sizes, cost), key=cost.total)
    _improve(groups, cost, rank)
    if _repair(groups, cost):
        _improve(groups, cost, rank)
    return groups


def _greedy(players: list[PlayerId], sizes: list[int], cost: _Cost) -> list[list[PlayerId]]:
    """Down the standings: the best unseated player opens a table and each place goes to
    the one of the next few unseated players who adds the least cost."""
    left = list(players)
    groups = []
    for table_size in sizes:
        group = [left.pop(0)]
        while len(group) < table_size:
            window = left[: _LOOKAHEAD * table_size]
            pick = min(window, key=lambda p: cost.add(group, p))
            left.remove(pick)
            group.append(pick)
        groups.append(group)
    return groups


def _improve(groups: list[list[PlayerId]], cost: _Cost, rank) -> None:
    """Exchange players between tables up to :data:`NEIGHBOURS` apart, the best exchange
    of each pair of tables, until a whole pass over the tables (in standings order, the
    order returned) finds none that lowers the cost. Each exchange lowers it, so this
    ends."""
    improved = True
    while improved:
        groups.sort(key=lambda g: min(rank[p] for p in g))
        improved = False
        for i in range(len(groups)):
            for j in range(i + 1, min(len(groups), i + 1 + NEIGHBOURS)):
                improved |= _best_swap(groups, i, j, cost)


def _best_swap(groups, i: int, j: int, cost: _Cost) -> bool:
    """Make the exchange between tables ``i`` and ``j`` that lowers their cost most, if any.

    Moving x (at A) and y (at B) changes the cost by
    [add(A, y) − add(A, x) − pair(x, y)] + [add(B, x) − add(B, y) − pair(x, y)].
    """
    a, b = groups[i], groups[j]
    cross = [[cost.pair(x, y) for y in b] for x in a]
    own_a = [cost.add(a, x) for x in a]
    own_b = [cost.add(b, y) for y in b]
    a_to = [sum(cross[xi][yi] for xi in range(len(a))) for yi in range(len(b))]  # add(A, y)
    b_to = [sum(row) for row in cross]  # add(B, x)
    best, chosen = 0, None
    for xi in range(len(a)):
        for yi in range(len(b)):
            delta = (a_to[yi] - own_a[xi] + b_to[xi] - own_b[yi] - 2 * cross[xi][yi])
            if delta < best:
                best, chosen = delta, (xi, yi)
    if chosen is None:
        return False
    xi, yi = chosen
    a[xi], b[yi] = b[yi], a[xi]
    return True


def _repair(groups: list[list[PlayerId]], cost: _Cost) -> bool:
    """Remove repeats by exchanges anywhere in the field; True if it exchanged any.

    Each pass takes every player who has met a tablemate and makes the exchange with a
    player of another table that removes the most repeats, then adds the least spread;
    it stops when a pass removes none. Every exchange removes a repeat, so this ends.

    Why promise 2 holds: let x at table A have met y there. Exchanging x with z at table B
    removes a repeat if x has met nobody at B but z, and z nobody at A but x. The players
    z that fail are at A (at most k), at a table with someone x met (at most d tables, so
    at most k d players), or have met someone at A other than x (at most (k - 1) d). With
    ``n > k + (2k - 1) d`` some z is left; so while a repeat remains an exchange removes
    one, and the passes end with none.
    """
    where = {p: t for t, g in enumerate(groups) for p in g}
    changed, removed = False, True
    while removed:
        removed = False
        for x in list(where):
            a = groups[where[x]]
            if not cost.repeats(a, x):
                continue
            swap = _best_repair(groups, where[x], x, cost)
            if swap is not None:
                t, z = swap
                b = groups[t]
                a[a.index(x)], b[b.index(z)] = z, x
                where[x], where[z] = t, where[x]
                removed = changed = True
    return changed


def _best_repair(groups, home: int, x: PlayerId, cost: _Cost):
    """(table, player) of the exchange for ``x`` that removes the most repeats, then adds
    the least spread; None if none removes a repeat."""
    a = groups[home]
    x_here = cost.add(a, x)
    x_repeats = cost.repeats(a, x)
    best, chosen = 0, None
    for t, b in enumerate(groups):
        if t == home:
            continue
        for z in b:
            pxz = cost.pair(x, z)
            delta = (cost.add(a, z) - pxz - x_here) + (cost.add(b, x) - pxz - cost.add(b, z))
            if delta >= best:
                continue
            repeats = (cost.repeats(a, z) - cost.met[x].get(z, 0) - x_repeats
                       + cost.repeats(b, x) - cost.met[x].get(z, 0) - cost.repeats(b, z))
            if repeats < 0:
                best, chosen = delta, (t, z)
    return chosen

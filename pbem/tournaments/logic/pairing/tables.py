"""Three- and four-player games: table sizes, seats, pools and Swiss-style table rounds.

When the field does not divide by the table size, a round has ``ceil(n / size)`` tables
whose sizes differ by at most one, the larger ones at the top (ten players at four:
4, 3, 3). If that would make a table smaller than ``min_size`` (the fewest players the
game or the director accepts), the lowest-ranked players who have had fewest byes sit
out until it does not.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations, permutations
from math import ceil, lcm

from ..history import History
from ..model import PlayerId, Round, Table

#: Fields up to this many players are split into tables by exhaustive search.
EXACT_LIMIT = 12
_NEIGHBOURS = 3  # tables apart that local improvement tries swaps between
_LOOKAHEAD = 3  # candidates per open place that the greedy start considers, per table size


def table_sizes(count: int, size: int, min_size: int = 2) -> tuple[list[int], int]:
    """(sizes of the tables top to bottom, how many players sit out)."""
    if not 2 <= min_size <= size:
        raise ValueError("table sizes need 2 <= min_size <= size")
    for out in range(count):
        playing = count - out
        tables = ceil(playing / size)
        small, extra = divmod(playing, tables)
        if small >= min_size:
            return [small + 1] * extra + [small] * (tables - extra), out
    raise ValueError(f"{count} players cannot fill a table of {min_size}")


def assign_seats(players: Sequence[PlayerId], history: History | None = None) -> Table:
    """Seat a table so each player gets the seats they have had least (the fewest earlier
    games in the chosen seats in total), then avoids repeating last game's seat; what is
    still level goes by the order given."""
    if history is None:
        return Table(tuple(players))

    def cost(order):
        used = sum(history.seat_counts.get(p, {}).get(s, 0) for s, p in enumerate(order))
        repeat = sum(history.last_seat.get(p) == s for s, p in enumerate(order))
        return used, repeat

    return Table(min(permutations(players), key=cost))


def pools(seeded: Sequence[PlayerId], size: int, min_size: int = 2) -> list[tuple[PlayerId, ...]]:
    """Split the field into pools of the table size, snake-seeded so pools are even."""
    sizes, out = table_sizes(len(seeded), size, min_size)
    if out:
        raise ValueError(f"{len(seeded)} players do not make pools of {min_size} to {size}")
    return [tuple(group) for group in snake(seeded, sizes)]


def snake(seeded: Sequence[PlayerId], sizes: Sequence[int]) -> list[list[PlayerId]]:
    """Deal players to groups of ``sizes`` in snake order (1 2 3 3 2 1 1 2 …), skipping
    full groups, so each group gets a fair share of strong and weak seeds."""
    groups: list[list[PlayerId]] = [[] for _ in sizes]
    lap = list(range(len(sizes)))
    deal = [t for i in range(max(sizes)) for t in (lap if i % 2 == 0 else lap[::-1])]
    open_slots = (t for t in deal if len(groups[t]) < sizes[t])
    for player in seeded:
        groups[next(open_slots)].append(player)
    return groups


def pool_rounds(pool_list: Sequence[Sequence[PlayerId]]) -> list[Round]:
    """Each pool plays one game per seat rotation: in round r, seat s holds member s + r,
    so every player has every seat once. A pool one smaller than the others is done a
    round early (its players simply do not play the last round)."""
    rounds = max(len(pool) for pool in pool_list)
    return [
        Round(
            tuple(
                Table(tuple(pool[(s + r) % len(pool)] for s in range(len(pool))))
                for pool in pool_list
                if r < len(pool)
            )
        )
        for r in range(rounds)
    ]


def swiss_tables_round(
    ranking: Sequence[PlayerId], history: History, size: int, min_size: int = 2
) -> Round:
    """Form the next round's tables down the standings (``ranking``, best first).

    Minimises, in order, the repeat meetings (pairs of tablemates who have met before,
    counted per earlier game) and Σ (score difference)² over tablemates. Exact (by
    exhaustive search) for fields up to :data:`EXACT_LIMIT`; above that a greedy start
    down the standings improved by swapping players between nearby tables.
    """
    players = list(ranking)
    if len(set(players)) != len(players):
        raise ValueError("the ranking lists a player twice")
    sizes, out = table_sizes(len(players), size, min_size)
    order = {p: i for i, p in enumerate(players)}
    byes = sorted(players, key=lambda p: (history.byes[p], -order[p]))[:out]
    playing = [p for p in players if p not in byes]
    cost = _Cost(playing, history)
    if len(playing) <= EXACT_LIMIT:
        groups = _exact(playing, sizes, cost)
    else:
        groups = _improve(_greedy(playing, sizes, cost), cost)
    groups.sort(key=lambda g: min(order[p] for p in g))
    tables = tuple(assign_seats(sorted(g, key=order.get), history) for g in groups)
    return Round(tables, tuple(sorted(byes, key=order.get)))


class _Cost:
    """Cost of a table as (repeat meetings, Σ squared score differences), integers."""

    def __init__(self, players: list[PlayerId], history: History):
        scores = [history.points.get(p, Fraction(0)) for p in players]
        unit = lcm(*(s.denominator for s in scores)) if scores else 1
        self.score = {p: int(s * unit) for p, s in zip(players, scores, strict=True)}
        self.history = history

    def pair(self, a: PlayerId, b: PlayerId) -> tuple[int, int]:
        return self.history.met(a, b), (self.score[a] - self.score[b]) ** 2

    def table(self, group) -> tuple[int, int]:
        costs = [self.pair(a, b) for a, b in combinations(group, 2)]
        return sum(c[0] for c in costs), sum(c[1] for c in costs)

    def add(self, group, player) -> tuple[int, int]:
        costs = [self.pair(a, player) for a in group]
        return sum(c[0] for c in costs), sum(c[1] for c in costs)


def _plus(x, y):
    return x[0] + y[0], x[1] + y[1]


def _exact(players: list[PlayerId], sizes: list[int], cost: _Cost) -> list[list[PlayerId]]:
    """Branch and bound: the best remaining player's table takes each remaining size and
    each choice of tablemates, so every partition into ``sizes`` is considered."""
    best: list = [_total(_greedy(players, sizes, cost), cost), None]
    best[1] = _greedy(players, sizes, cost)

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
                total = _plus(so_far, cost.table(group))
                if total < best[0]:
                    chosen = set(mates)
                    search([p for p in rest if p not in chosen], remaining, total,
                           groups + [list(group)])  # fmt: skip

    search(players, sizes, (0, 0), [])
    return best[1]


def _total(groups, cost: _Cost) -> tuple[int, int]:
    total = (0, 0)
    for group in groups:
        total = _plus(total, cost.table(group))
    return total


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


def _improve(groups: list[list[PlayerId]], cost: _Cost) -> list[list[PlayerId]]:
    """Swap players between tables up to :data:`_NEIGHBOURS` apart while that lowers the
    cost of the two tables."""
    table_cost = [cost.table(g) for g in groups]
    improved = True
    while improved:
        improved = False
        for i in range(len(groups)):
            for j in range(i + 1, min(len(groups), i + 1 + _NEIGHBOURS)):
                if _best_swap(groups, table_cost, i, j, cost):
                    improved = True
    return groups


def _best_swap(groups, table_cost, i: int, j: int, cost: _Cost) -> bool:
    before = _plus(table_cost[i], table_cost[j])
    best = None
    for x in range(len(groups[i])):
        for y in range(len(groups[j])):
            gi, gj = list(groups[i]), list(groups[j])
            gi[x], gj[y] = gj[y], gi[x]
            ci, cj = cost.table(gi), cost.table(gj)
            if _plus(ci, cj) < before and (best is None or _plus(ci, cj) < best[0]):
                best = (_plus(ci, cj), gi, gj, ci, cj)
    if best is None:
        return False
    _, groups[i], groups[j], table_cost[i], table_cost[j] = best
    return True

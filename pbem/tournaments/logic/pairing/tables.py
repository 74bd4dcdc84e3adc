"""Three- and four-player games: table sizes, seats and pools (Swiss rounds at tables are in
:mod:`.swiss_tables`).

When the field does not divide by the table size, a round has ``ceil(n / size)`` tables
whose sizes differ by at most one, the larger ones at the top (ten players at four:
4, 3, 3). If that would make a table smaller than ``min_size`` (the fewest players the
game or the director accepts), the lowest-ranked players who have had fewest byes sit
out until it does not.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import permutations
from math import ceil

from ..history import History
from ..model import PlayerId, Round, Table


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


def pools(seeded: Sequence[PlayerId], size: int, min_size: int = 2,
          apart: Iterable[tuple[PlayerId, PlayerId]] = ()) -> list[tuple[PlayerId, ...]]:
    """Split the field into pools of the table size, snake-seeded so pools are even; pairs
    in ``apart`` (players with a block between them) are put in different pools where an
    exchange of two players of the nearest seeds can do it (:func:`_separate`), and left
    together where none can."""
    sizes, out = table_sizes(len(seeded), size, min_size)
    if out:
        raise ValueError(f"{len(seeded)} players do not make pools of {min_size} to {size}")
    groups = snake(seeded, sizes)
    apart = {frozenset(pair) for pair in apart if len(set(pair)) == 2}
    if apart:
        _separate(groups, apart, {p: i for i, p in enumerate(seeded)})
    return [tuple(group) for group in groups]


def _separate(groups: list[list[PlayerId]], apart: set[frozenset], rank: dict) -> None:
    """Exchange players between groups while an exchange lowers the number of pairs in
    ``apart`` sharing a group, each time the one whose two players' seeds are nearest (so
    the pools stay as even as the snake made them). Ends: every exchange lowers that count."""

    def clashes(player, group, without=None):
        return sum(frozenset((player, q)) in apart for q in group if q not in (player, without))

    while True:
        best = None
        for i, home in enumerate(groups):
            for x in home:
                here = clashes(x, home)
                if not here:
                    continue
                for j, other in enumerate(groups):
                    if j == i:
                        continue
                    for z in other:
                        gain = (here + clashes(z, other)
                                - clashes(x, other, without=z) - clashes(z, home, without=x))
                        if gain > 0:
                            distance = (abs(rank[x] - rank[z]), -gain)
                            if best is None or distance < best[0]:
                                best = (distance, i, x, j, z)
        if best is None:
            return
        _, i, x, j, z = best
        groups[i][groups[i].index(x)], groups[j][groups[j].index(z)] = z, x


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

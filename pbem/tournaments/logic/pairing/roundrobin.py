"""Round robins for two players: Berger tables by the circle method."""

from __future__ import annotations

from collections.abc import Sequence

from ..model import PlayerId, Round, Table


def round_robin(players: Sequence[PlayerId], cycles: int = 1) -> list[Round]:
    """Every round of a round robin of ``players`` (seed order), ``cycles`` times over.

    Every pair meets once per cycle; within a cycle a player's seat-0 and seat-1 games
    differ by at most one (none with an odd count), and each later cycle repeats the
    first with seats swapped. With an odd count one player sits out each round (a bye
    that normally scores nothing: everyone gets one).

    >>> [r.tables[0].seats for r in round_robin([1, 2, 3, 4])]
    [(1, 4), (4, 2), (3, 4)]
    """
    _check(players, cycles)
    count = len(players) + len(players) % 2
    ghost = None if count == len(players) else count - 1  # the bye's position
    first = [_berger_round(count, r, ghost, players) for r in range(count - 1)]
    return [
        Round(tuple(Table(t.seats[::-1]) for t in rnd.tables), rnd.byes) if cycle % 2 else rnd
        for cycle in range(cycles)
        for rnd in first
    ]


def _berger_round(count: int, r: int, ghost: int | None, players: Sequence[PlayerId]) -> Round:
    """Round ``r``: position ``count - 1`` stays put and the others turn round a circle; the
    seat rule (alternate for the fixed one, by the parity of the distance otherwise) keeps
    every player's seats within one of even."""
    m = count - 1
    pairs = [(r, m) if r % 2 == 0 else (m, r)]
    for i in range(1, count // 2):
        a, b = (r + i) % m, (r - i) % m
        pairs.append((a, b) if i % 2 == 0 else (b, a))
    tables = tuple(Table((players[a], players[b])) for a, b in pairs if ghost not in (a, b))
    byes = tuple(players[a] for pair in pairs if ghost in pair for a in pair if a != ghost)
    return Round(tables, byes)


def _check(players: Sequence[PlayerId], cycles: int) -> None:
    if len(set(players)) != len(players) or len(players) < 2:
        raise ValueError("a round robin needs at least two distinct players")
    if cycles < 1:
        raise ValueError("a round robin needs at least one cycle")

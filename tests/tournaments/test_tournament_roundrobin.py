"""Round robin properties: every pair once per cycle, seats within one of even."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from pbem.tournaments.logic.pairing import round_robin


@given(st.integers(2, 24), st.integers(1, 3))
def test_every_pair_meets_once_per_cycle_with_seats_balanced(count, cycles):
    players = [100 + 7 * i for i in range(count)]  # ids are opaque, not positions
    rounds = round_robin(players, cycles)
    per_cycle = count - 1 + count % 2
    assert len(rounds) == per_cycle * cycles
    for cycle in range(cycles):
        block = rounds[cycle * per_cycle : (cycle + 1) * per_cycle]
        met = Counter(frozenset(t.seats) for rnd in block for t in rnd.tables)
        assert met == Counter({frozenset(pair): 1 for pair in combinations(players, 2)})
        seat0 = Counter(t.seats[0] for rnd in block for t in rnd.tables)
        seat1 = Counter(t.seats[1] for rnd in block for t in rnd.tables)
        assert all(abs(seat0[p] - seat1[p]) <= 1 for p in players)
        byes = Counter(p for rnd in block for p in rnd.byes)
        assert byes == (Counter(players) if count % 2 else Counter())
        if cycle % 2:  # a second cycle replays the first with seats swapped
            first = rounds[:per_cycle]
            assert [[t.seats[::-1] for t in r.tables] for r in first] == [
                [t.seats for t in r.tables] for r in block
            ]
    for rnd in rounds:
        assert sorted(rnd.players()) == sorted(players)

"""Tables for three and four: sizes, pools' seat rotation, repeat meetings minimised."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.tournaments import History, Result
from pbem.tournaments.logic.pairing import (
    assign_seats,
    pool_rounds,
    pools,
    swiss_tables_round,
    table_sizes,
)
from pbem.tournaments.logic.pairing.swiss_tables import EXACT_LIMIT

from .tournament_histories import random_history


@given(st.integers(2, 80), st.integers(2, 4), st.data())
def test_table_sizes_differ_by_one_and_bench_only_when_needed(count, size, data):
    min_size = data.draw(st.integers(2, min(size, count)))
    sizes, out = table_sizes(count, size, min_size)
    assert sum(sizes) + out == count
    assert sizes == sorted(sizes, reverse=True) and sizes[0] - sizes[-1] <= 1
    assert min_size <= sizes[-1] and sizes[0] <= size
    if min_size < size:
        assert out == 0 or count < 2 * min_size
    else:
        assert out == count % size


def test_ten_players_at_four_sit_four_three_three():
    assert table_sizes(10, 4) == ([4, 3, 3], 0)
    assert table_sizes(10, 4, min_size=4) == ([4, 4], 2)


@given(st.integers(2, 40), st.integers(3, 4))
def test_pools_give_every_player_every_seat_once(count, size):
    seeded = list(range(1, count + 1))
    pool_list = pools(seeded, size)
    assert sorted(p for pool in pool_list for p in pool) == seeded
    assert max(map(len, pool_list)) - min(map(len, pool_list)) <= 1
    rounds = pool_rounds(pool_list)
    seats = Counter((p, s) for rnd in rounds for t in rnd.tables for s, p in enumerate(t.seats))
    for pool in pool_list:
        assert all(seats[p, s] == 1 for p in pool for s in range(len(pool)))
    met = Counter(
        frozenset(pair) for r in rounds for t in r.tables for pair in combinations(t.seats, 2)
    )
    assert all(
        met[frozenset(pair)] == len(pool) for pool in pool_list for pair in combinations(pool, 2)
    )


def test_pools_are_snake_seeded():
    assert pools(list(range(1, 9)), 4) == [(1, 4, 5, 8), (2, 3, 6, 7)]


def partitions(players, sizes):
    """Every split of ``players`` into unlabelled tables of the given sizes."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in set(sizes):
        left = list(sizes)
        left.remove(size)
        for mates in combinations(rest, size - 1):
            others = [p for p in rest if p not in mates]
            for tail in partitions(others, left):
                yield [(first, *mates), *tail]


def cost(tables, history):
    """(repeat meetings, Σ score difference² between tablemates)."""
    repeats, spread = 0, Fraction(0)
    for table in tables:
        for a, b in combinations(table, 2):
            repeats += history.met(a, b)
            spread += (history.points.get(a, 0) - history.points.get(b, 0)) ** 2
    return repeats, spread


@settings(max_examples=60, deadline=None)
@given(
    st.integers(3, 10), st.sampled_from([3, 4]), st.integers(0, 4),
    st.randoms(use_true_random=False),
)  # fmt: skip
def test_small_fields_minimise_repeat_meetings_exactly(count, size, rounds, rng):
    players = list(range(1, count + 1))
    history, ranking = random_history(rng, players, rounds, table_size=size)
    rnd = swiss_tables_round(ranking, history, size)
    sizes, out = table_sizes(count, size)
    assert sorted(len(t.seats) for t in rnd.tables) == sorted(sizes) and len(rnd.byes) == out
    assert sorted(rnd.players()) == players
    best = min(cost(p, history) for p in partitions(ranking, sizes))
    assert cost([t.seats for t in rnd.tables], history) == best
    for table in rnd.tables:  # seats: the fewest earlier games in the seats given
        used = Counter()
        for order in permutations(table.seats):
            used[order] = sum(history.seat_counts[p][s] for s, p in enumerate(order))
        assert used[table.seats] == min(used.values())


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([3, 4]), st.data(), st.randoms(use_true_random=False))
def test_large_fields_avoid_repeats_when_a_repeat_free_split_exists(size, data, rng):
    # after one round of full tables, with at least ``size`` tables, a repeat-free split
    # exists (table j takes seat c of table j + c): the heuristic must find one
    tables = data.draw(st.integers(max(size, EXACT_LIMIT // size + 1), 30))
    players = list(range(tables * size))
    first = swiss_tables_round(players, History(), size)
    results = []
    for table in first.tables:
        places = list(range(size))
        rng.shuffle(places)
        results.append(Result(table.seats, tuple(places)))
    history = History.of(results)
    ranking = sorted(players, key=lambda p: (-history.points[p], p))
    rnd = swiss_tables_round(ranking, history, size)
    assert all(len(t.seats) == size for t in rnd.tables)
    assert cost([t.seats for t in rnd.tables], history)[0] == 0
    for table in rnd.tables:  # players who all sat in different seats all move on
        last = [history.last_seat[p] for p in table.seats]
        if len(set(last)) == size:
            assert all(seat != s for s, seat in enumerate(last))


def test_byes_go_to_the_lowest_ranked_without_one():
    history = History.of([], byes=[5])
    rnd = swiss_tables_round([1, 2, 3, 4, 5], history, size=4, min_size=4)
    assert rnd.byes == (4,)


def test_seats_rotate_at_a_table_that_met_before():
    history = History.of([Result((1, 2, 3, 4), (0, 1, 2, 3))])
    assert assign_seats([1, 2, 3, 4], history).seats != (1, 2, 3, 4)
    with pytest.raises(ValueError):
        table_sizes(2, 4, min_size=3)
    with pytest.raises(ValueError):
        pools([1, 2, 3], 2)

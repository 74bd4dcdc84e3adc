"""Pairing properties at 7, 48, 201 and 1,000 players, two to a table and at tables of three
and four: no rematch while one is avoidable (on histories built so that it is), score
groups kept, byes to the lowest-ranked of those with fewest and never a second while a
first is possible. The thousand-player cases run few examples; ``-m slow`` runs more."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import lcm

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.tournaments import History
from pbem.tournaments.logic.pairing import swiss_round, swiss_tables_round, table_sizes
from pbem.tournaments.logic.pairing.swiss_tables import (
    EXACT_LIMIT,
    NEIGHBOURS,
    _best_swap,
    _Cost,
    _repair,
)

from .test_tournament_tables import cost, partitions
from .tournament_histories import random_history

SIZES = [7, 48, 201, 1000]
EXAMPLES = {7: 40, 48: 15, 201: 4, 1000: 2}
SLOW_EXAMPLES = {7: 300, 48: 100, 201: 30, 1000: 10}


def with_byes(history, ranking, rng, count):
    """Give ``count`` random players a past bye (worth a point), then re-rank by points."""
    for player in rng.sample(ranking, count):
        history.byes[player] += 1
        history.points[player] += 1
    tiebreak = {p: i for i, p in enumerate(ranking)}
    ranking.sort(key=lambda p: (-history.points.get(p, 0), tiebreak[p]))


def check_byes(byes, seated, history, ranking):
    """Sit-outs have had no more byes than anyone seated, and among equals rank lowest."""
    place = {p: i for i, p in enumerate(ranking)}
    for out in byes:
        for p in seated:
            assert history.byes[out] <= history.byes[p]
            if history.byes[out] == history.byes[p]:
                assert place[out] > place[p]


def most_met(history, players):
    """The most distinct others any one of ``players`` has met."""
    met = {p: 0 for p in players}
    for (a, b), count in history.meetings.items():
        if count and a in met and b in met:
            met[a] += 1
            met[b] += 1
    return max(met.values(), default=0)


# --- two players a table -------------------------------------------------------------


def swiss_case(count, examples):
    @settings(max_examples=examples, deadline=None)
    @given(st.data(), st.integers(0, 2**32))
    def check(data, seed):
        rng = random.Random(seed)
        # fewer than half the field met: a rematch-free pairing exists, even after setting
        # a bye aside (Dirac's theorem on the graph of who has not met whom)
        most = max(0, (count - 1) // 2 - 1)
        rounds = data.draw(st.integers(0, min(9, most)), label="rounds")
        history, ranking = random_history(rng, list(range(count)), rounds)
        with_byes(history, ranking, rng, data.draw(st.integers(0, count - 1), label="byes"))
        rnd = swiss_round(ranking, history, seed=rng.randrange(100))
        assert sorted(rnd.players()) == sorted(ranking)
        assert sum(history.met(*t.seats) for t in rnd.tables) == 0
        seated = [p for t in rnd.tables for p in t.seats]
        assert len(rnd.byes) == count % 2
        check_byes(rnd.byes, seated, history, ranking)
        # score groups: nobody pairs down past a player of their own score who could have
        # taken the pairing instead without a rematch (no exchange of partners between two
        # tables brings scores closer)
        unit = lcm(*(f.denominator for f in history.points.values()))
        points = {p: int(history.points.get(p, 0) * unit) for p in ranking}  # ints: fast
        met = {pair for pair, times in history.meetings.items() if times}
        for (a, b), (c, d) in combinations([t.seats for t in rnd.tables], 2):
            now = (points[a] - points[b]) ** 2 + (points[c] - points[d]) ** 2
            for (p, q), (r, s) in (((a, c), (b, d)), ((a, d), (b, c))):
                if (min(p, q), max(p, q)) not in met and (min(r, s), max(r, s)) not in met:
                    assert now <= (points[p] - points[q]) ** 2 + (points[r] - points[s]) ** 2

    check()


@pytest.mark.parametrize("count", SIZES)
def test_swiss_pairs_without_rematch_by_score_and_byes_go_down(count):
    swiss_case(count, EXAMPLES[count])


@pytest.mark.slow
@pytest.mark.parametrize("count", SIZES)
def test_swiss_pairing_properties_at_length(count):
    swiss_case(count, SLOW_EXAMPLES[count])


# --- tables of three and four ---------------------------------------------------------


def tables_case(count, size, examples):
    @settings(max_examples=examples, deadline=None)
    @given(st.data(), st.integers(0, 2**32))
    def check(data, seed):
        rng = random.Random(seed)
        # rounds enough to go past promise 2's bound sometimes, mostly within it
        within = max(0, (count - size - 1) // ((2 * size - 1) * (size - 1)))
        rounds = data.draw(st.integers(0, min(9, within + 2)), label="rounds")
        history, ranking = random_history(rng, list(range(count)), rounds, table_size=size)
        with_byes(history, ranking, rng, data.draw(st.integers(0, count - 1), label="byes"))
        min_size = data.draw(st.sampled_from([2, size]), label="min_size")
        rnd = swiss_tables_round(ranking, history, size, min_size)

        sizes, out = table_sizes(count, size, min_size)
        assert sorted(rnd.players()) == sorted(ranking)
        assert sorted((len(t.seats) for t in rnd.tables), reverse=True) == sizes
        seated = [p for t in rnd.tables for p in t.seats]
        assert len(rnd.byes) == out
        check_byes(rnd.byes, seated, history, ranking)

        ours = [t.seats for t in rnd.tables]
        in_order = [p for p in ranking if p not in rnd.byes]
        if len(in_order) <= EXACT_LIMIT:  # promise 1: the least cost of every grouping
            assert cost(ours, history) == min(
                cost(g, history) for g in partitions(in_order, sizes))
        if len(in_order) > size + (2 * size - 1) * most_met(history, in_order):
            assert cost(ours, history)[0] == 0  # promise 2: no repeat while there is room
        straight, at = [], 0  # promise 3: no more mixed than the standings dealt straight
        for table_size in sizes:
            straight.append(in_order[at : at + table_size])
            at += table_size
        assert cost(ours, history) <= cost(straight, history)
        for i, a in enumerate(ours):  # promise 4: no better exchange between nearby tables
            for b in ours[i + 1 : i + 1 + NEIGHBOURS]:
                now = cost([a, b], history)
                for x in range(len(a)):
                    for y in range(len(b)):
                        a2, b2 = list(a), list(b)
                        a2[x], b2[y] = b[y], a[x]
                        assert now <= cost([a2, b2], history)

    check()


@pytest.mark.parametrize("size", [3, 4])
@pytest.mark.parametrize("count", SIZES)
def test_tables_keep_their_promises(count, size):
    tables_case(count, size, EXAMPLES[count])


@pytest.mark.slow
@pytest.mark.parametrize("size", [3, 4])
@pytest.mark.parametrize("count", SIZES)
def test_tables_keep_their_promises_at_length(count, size):
    tables_case(count, size, SLOW_EXAMPLES[count])


def test_a_repeat_the_straight_deal_would_make_is_repaired_with_the_next_table():
    # 1-4 met last round; dealing straight would seat them together again. The repair
    # moves one of them to the next table down, not across the field.
    players = list(range(1, 17))
    history = History()
    for p in players:
        history.points[p] = Fraction(17 - p)
    history.meetings[(1, 4)] = 1
    rnd = swiss_tables_round(players, history, size=4)
    assert all(not ({1, 4} <= set(t.seats)) for t in rnd.tables)
    assert {frozenset(t.seats) for t in rnd.tables[2:]} == {
        frozenset(range(9, 13)), frozenset(range(13, 17))}


def test_the_repair_reaches_past_the_nearby_tables():
    # 0 and 1 share table one and have met; each has met two players at each of the next
    # three tables, so no exchange with a nearby table helps: the repair goes further down
    players = list(range(64))
    history = History()
    history.meetings[(0, 1)] = 1
    for table in (1, 2, 3):
        for p in (0, 1):
            for q in (4 * table, 4 * table + 1):
                history.meetings[(p, q)] = 1
    groups = [players[i : i + 4] for i in range(0, 64, 4)]
    cost = _Cost(players, history)
    assert not any(_best_swap(groups, 0, j, cost) for j in (1, 2, 3))
    assert _repair(groups, cost)
    assert sorted(p for g in groups for p in g) == players
    assert cost.total(groups) == 0

"""Knockout properties: bracket sizes, byes to the top seeds in round one only, matches."""

from __future__ import annotations

from fractions import Fraction as F

from hypothesis import given
from hypothesis import strategies as st

from pbem.tournaments import History, Result
from pbem.tournaments.logic.pairing import (
    Match,
    advancing,
    bracket_order,
    knockout_first_round,
    knockout_next_round,
    match_state,
    table_knockout_round,
)


def test_bracket_keeps_the_top_seeds_apart():
    assert bracket_order(4) == [1, 4, 2, 3]
    order = bracket_order(16)
    assert order[:2] == [1, 16] and 2 in order[8:]  # 1 and 2 in opposite halves
    assert [seed for seed in order[:8] if seed <= 4] == [1, 4]


@given(st.integers(2, 70), st.randoms(use_true_random=False))
def test_bracket_sizes_and_byes_only_in_round_one(count, rng):
    seeded = list(range(500, 500 + count))
    size = 1 << (count - 1).bit_length()
    matches = knockout_first_round(seeded)
    assert len(matches) == size // 2
    byes = [m.high for m in matches if m.low is None]
    assert sorted(byes) == seeded[: size - count]
    assert sorted(p for m in matches for p in (m.high, m.low) if p is not None) == seeded
    rounds = 1
    while len(matches) > 1:
        winners = [m.high if m.low is None or rng.random() < 0.5 else m.low for m in matches]
        matches = knockout_next_round(winners, seeded)
        assert all(m.low is not None for m in matches)
        rounds += 1
    assert 1 << rounds == size


def _play(match, outcomes):
    """Play a match, ``outcomes`` giving (from seat 0's side) each game's result."""
    games = []
    for outcome in outcomes:
        state = match_state(match, games, best_of=3)
        if state.winner is not None:
            return state, games
        games.append(Result(state.next_game.seats, outcome))
    return match_state(match, games, best_of=3), games


def test_best_of_three_alternates_seats_and_ends_when_decided():
    state, games = _play(Match(1, 2), [(0, 1), (1, 0), (0, 1)])
    assert [g.seats for g in games] == [(1, 2), (2, 1)]  # 1 won twice: no third game
    assert state.winner == 1 and state.score == (2, 0)


def test_a_drawn_decider_is_replayed_with_seats_swapped():
    # draws throughout regulation, then a drawn decider, then 2 wins the replay
    state, games = _play(Match(1, 2), [(0, 0)] * 4 + [(1, 0)])
    assert [g.seats for g in games] == [(1, 2), (2, 1), (1, 2), (2, 1), (1, 2)]
    assert state.winner == 2 and state.score == (F(2), F(3))


def test_a_single_game_drawn_is_replayed_with_seats_swapped():
    state = match_state(Match(1, 2), [Result((1, 2), (0, 0))])
    assert state.winner is None and state.next_game.seats == (2, 1)
    assert match_state(Match(7, None), []).winner == 7


@given(
    st.integers(2, 90),
    st.sampled_from([(4, 2), (4, 1), (3, 1), (2, 1)]),
    st.randoms(use_true_random=False),
)
def test_table_knockout_sizes_and_byes_only_in_round_one(count, shape, rng):
    size, advance = shape
    seeded = list(range(1, count + 1))
    field, first = seeded, True
    while True:
        rnd = table_knockout_round(field, size, advance, History())
        assert sorted(rnd.players()) == sorted(field)
        assert all(advance < len(t.seats) <= size for t in rnd.tables) or len(rnd.tables) == 1
        if first:
            assert list(rnd.byes) == field[: len(rnd.byes)]  # the top seeds
        else:
            assert rnd.byes == ()
        if len(rnd.tables) == 1 and not rnd.byes:
            assert len(field) <= size
            break
        results = []
        for table in rnd.tables:
            places = list(range(len(table.seats)))
            rng.shuffle(places)
            results.append(Result(table.seats, tuple(places)))
        field = advancing(results, advance, seeded, rnd.byes)
        # after round one the field is full: size · (size / advance)^m
        full = size
        while full < len(field):
            full *= size // advance
        assert full == len(field)
        first = False


def test_a_tie_across_the_cut_goes_to_the_better_seed():
    result = Result((4, 9, 2, 7), (0, 1, 1, 3))
    assert advancing([result], 2, seeded=[2, 4, 7, 9]) == [2, 4]

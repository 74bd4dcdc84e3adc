"""Game results as tournament points, finishing orders, and how points are shown."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pbem.tournaments import finishing_places, format_points, seat_points


def test_two_player_win_draw_loss():
    assert seat_points([0, 1]) == (1, 0)
    assert seat_points([0, 0]) == (F(1, 2), F(1, 2))


def test_four_player_places_score_thirds():
    assert seat_points([0, 1, 2, 3]) == (1, F(2, 3), F(1, 3), 0)
    assert seat_points([2, 0, 3, 0]) == (F(1, 3), F(5, 6), 0, F(5, 6))


def test_winners_first_then_score_then_resigned_earliest_lowest():
    # seat 0 won; seats 1 and 3 play on with 7 and 9 points; seat 2 resigned first, 4 later
    assert finishing_places([5, 7, 30, 9, 1], winners=[0], resigned=[2, 4]) == (0, 2, 4, 1, 3)


def test_shared_winners_and_equal_scores_share_a_place():
    assert finishing_places([10, 10, 4, 4], winners=[0, 1]) == (0, 0, 2, 2)
    assert finishing_places([3, 3], winners=[0, 1]) == (0, 0)


def test_a_resigned_winner_is_refused():
    with pytest.raises(ValueError):
        finishing_places([1, 2], winners=[0], resigned=[0])


@given(st.lists(st.integers(0, 3), min_size=2, max_size=4))
def test_points_share_the_pot_and_follow_places(places):
    points = seat_points(places)
    assert sum(points) == F(len(places), 2)
    for a, pa in zip(places, points, strict=True):
        for b, pb in zip(places, points, strict=True):
            assert (a < b) == (pa > pb)


@pytest.mark.parametrize(
    ("value", "shown"),
    [(F(0), "0"), (F(3), "3"), (F(1, 2), "½"), (F(5, 2), "2½"), (F(2, 3), "⅔"),
     (F(7, 6), "1⅙"), (F(5, 7), "⁵⁄₇"), (F(17, 9), "1⁸⁄₉"), (F(-1, 2), "-½")],
)  # fmt: skip
def test_format_points(value, shown):
    assert format_points(value) == shown

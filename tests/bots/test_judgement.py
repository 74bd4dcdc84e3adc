"""A bot judges positions as a good opponent does: it resigns a game lost beyond doubt (one
built per game), never an even one nor in the first moves, and accepts a proposal to end the
game only when its search says that the result would not change."""

from __future__ import annotations

import pytest

from pbem.bots import RESIGN_AFTER_PLY, accepts_end, decide, proposes_end, resigns
from pbem.games import get_rules

from .positions import EVEN, HOPELESS, built

SLUGS = sorted(HOPELESS)


@pytest.mark.parametrize("level", [1, 2])
@pytest.mark.parametrize("slug", SLUGS)
def test_a_bot_resigns_a_hopeless_position(slug, level):
    rules = get_rules(slug)
    seed, moves = HOPELESS[slug]
    state = built(rules, seed, moves)
    seat = rules.to_move(state)
    decisions = [decide(rules, state, level=level, seed=seed) for seed in (1, 2, 3)]
    # a search whose share lands just over the threshold plays one more move first
    assert sum(resigns(decision, seat, ply=len(moves)) for decision in decisions) >= 2
    # the opponent's view of the same searches
    assert all(decision.shares[1 - seat] > 0.9 for decision in decisions)


@pytest.mark.parametrize("slug", SLUGS)
def test_a_bot_never_resigns_in_the_first_moves(slug):
    rules = get_rules(slug)
    seed, moves = HOPELESS[slug]
    state = built(rules, seed, moves)
    decision = decide(rules, state, level=1, seed=3)
    assert not resigns(decision, rules.to_move(state), ply=RESIGN_AFTER_PLY - 1)


@pytest.mark.parametrize("slug", SLUGS)
def test_a_bot_does_not_resign_an_even_position(slug):
    rules = get_rules(slug)
    seed, moves = EVEN[slug]
    state = built(rules, seed, moves)
    seat = rules.to_move(state)
    for level in (1, 2):
        decisions = [decide(rules, state, level=level, seed=seed) for seed in (1, 2, 3)]
        assert not any(resigns(decision, seat, ply=len(moves)) for decision in decisions)
        # about even, as searches of a few dozen playouts (Stax's level 1) can judge it
        assert 0.2 < sum(decision.shares[seat] for decision in decisions) / 3 < 0.8


def test_a_scored_end_is_accepted_when_it_gives_what_playing_on_would():
    """Pylon ends by agreement as the score stands: in a decided game both sides accept (the
    loser loses, the winner wins either way); in an open one, neither does."""
    rules = get_rules("pylon")
    decided = built(rules, *HOPELESS["pylon"])
    decision = decide(rules, decided, level=1, seed=3)
    assert [accepts_end(rules, decided, seat, [0, 1], True, decision) for seat in (0, 1)] \
        == [True, True]
    open_game = built(rules, *EVEN["pylon"])
    decision = decide(rules, open_game, level=1, seed=3)
    assert [accepts_end(rules, open_game, seat, [0, 1], True, decision) for seat in (0, 1)] \
        == [False, False]


def test_a_bot_proposes_an_end_only_where_the_result_is_settled():
    """Pylon's agreed end is scored as it stands: in a decided game the side that leads
    offers it (playing on changes nothing), never in the first moves; in an open game
    neither side does."""
    rules = get_rules("pylon")
    seed, moves = HOPELESS["pylon"]
    decided = built(rules, seed, moves)
    decision = decide(rules, decided, level=1, seed=3)
    leader = 1 - rules.to_move(decided)
    assert proposes_end(rules, decided, leader, [0, 1], True, decision, ply=len(moves))
    assert not proposes_end(rules, decided, leader, [0, 1], True, decision,
                            ply=RESIGN_AFTER_PLY - 1)
    seed, moves = EVEN["pylon"]
    open_game = built(rules, seed, moves)
    decision = decide(rules, open_game, level=1, seed=3)
    assert not any(proposes_end(rules, open_game, seat, [0, 1], True, decision, len(moves))
                   for seat in (0, 1))


@pytest.mark.parametrize("slug", ["stawvs", "stax", "triumvirate"])
def test_a_draw_is_declined_by_both_sides_of_a_decided_game(slug):
    rules = get_rules(slug)
    state = built(rules, *HOPELESS[slug])
    decision = decide(rules, state, level=1, seed=3)
    assert not any(accepts_end(rules, state, seat, [0, 1], False, decision) for seat in (0, 1))


def test_a_draw_is_accepted_where_the_search_expects_one():
    """Spike between blocking players: the search expects a draw (its drawn playouts count
    0.35 to each side), so a proposed draw changes nothing."""
    rules = get_rules("spike")
    state = built(rules, *EVEN["spike"])
    decision = decide(rules, state, level=1, seed=3)
    assert all(accepts_end(rules, state, seat, [0, 1], False, decision) for seat in (0, 1))

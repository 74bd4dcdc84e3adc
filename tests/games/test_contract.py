"""The contract every registered game keeps (random playouts from fixed seeds)."""

from __future__ import annotations

import random

import pytest

from pbem.games import END_REASONS, IllegalMove

from .contract import cases, check_refusal, json_round_trip, near_misses, stored_round_trip

MAX_PLIES = 600  # games that may not end (Stax, Triumvirate with quiet_limit=0) stop here
FULL_CHECK_EVERY = 20  # plies between checks that every listed move is accepted
SEEDS = (1, 2)


def assert_refused(rules, state, text):
    """``text`` is refused with a reason, one the game declares."""
    with pytest.raises(IllegalMove) as info:
        rules.play(state, text)
    assert info.value.reason.strip(), f"{text!r} refused without a reason"
    assert info.value.code
    check_refusal(rules, info.value)


def check_position(rules, state, rng, previous_moves, stored):
    """The contract at one position; ``stored`` is ``rules.to_dict(state)``, to check that
    the position is left unchanged. That is checked once, after every text refused here: a
    change would last, and a game's stored form can cost more than the refusals themselves
    (most of this module's CPU when it was checked after each)."""
    seat = rules.to_move(state)
    moves = rules.legal_moves(state)
    assert moves == sorted(set(moves)), "legal moves must be sorted and unique"
    assert (seat is None) == rules.is_over(state)
    assert (rules.end_reason(state) is None) == (seat is not None), "a reason once over"
    assert seat is not None or rules.end_reason(state) in END_REASONS
    assert (seat is None) == (not moves), "to_move is None exactly when no move is listed"
    assert json_round_trip(rules, state) == state
    assert stored_round_trip(rules, state) == state
    if seat is None:
        return moves
    legal = set(moves)
    refused = []
    for text in near_misses(rng.choice(moves), rng) + ["", "   ", "zz9", "pass!", "\x00"]:
        try:
            ply = rules.canonical(state, text)
        except IllegalMove as exc:
            assert exc.reason.strip()
            assert_refused(rules, state, text)
            refused.append(text)
        else:
            assert ply in legal, f"{text!r} accepted as {ply!r}, which is not listed"
    for stale in sorted(set(previous_moves) - legal)[:5]:
        assert_refused(rules, state, stale)
        refused.append(stale)
    assert rules.to_dict(state) == stored, f"changed by one of the refused {refused!r}"
    return moves


@pytest.mark.parametrize(("rules", "players", "options"), list(cases()))
def test_random_playouts_keep_the_contract(rules, players, options):
    for seed in SEEDS:
        state = rules.new_game(players=players, options=options, seed=seed)
        assert rules.to_dict(state) == rules.to_dict(
            rules.new_game(players=players, options=options, seed=seed)
        ), "new_game must be deterministic for a seed"
        rng = random.Random(seed)
        previous: list[str] = []
        for ply in range(MAX_PLIES):
            snapshot = rules.to_dict(state)
            moves = check_position(rules, state, rng, previous, snapshot)
            if not moves:
                break
            candidates = moves if ply % FULL_CHECK_EVERY == 0 else [rng.choice(moves)]
            for move in candidates:
                after = rules.play(state, move)
                assert after != state
                assert rules.play(state, f"  {move.swapcase()} ") == after, "any case, spaces"
            assert rules.to_dict(state) == snapshot, "play must not mutate its input"
            move = rng.choice(moves)
            previous = moves
            stored, grown = rules.to_stored(state)
            state = rules.play(state, move)
            added = rules.to_stored(state, stored)[1]
            assert grown + added == rules.to_stored(state)[1], "a move appends to the record"
        scores = rules.scores(state)
        assert len(scores) == players
        if rules.is_over(state):
            winners = rules.winners(state)
            assert winners and all(0 <= w < players for w in winners)
        else:
            assert rules.winners(state) == []


@pytest.mark.parametrize(("rules", "players", "options"), list(cases()))
def test_resignation_follows_the_shared_convention(rules, players, options):
    state = rules.new_game(players=players, options=options, seed=3)
    rng = random.Random(3)
    for _ in range(7):  # a game still going at ply 7: each ply chosen among those that go on
        going = [move for move in rules.legal_moves(state)
                 if not rules.is_over(rules.play(state, move))]
        state = rules.play(state, rng.choice(going))
    resigned = rules.resign(state, 0)
    assert 0 not in rules.winners(resigned)
    with pytest.raises(IllegalMove) as info:
        rules.resign(resigned, 0)
    assert info.value.code in ("not-in-game", "game-over")
    if players == 2:
        assert rules.is_over(resigned) and rules.winners(resigned) == [1]
        assert rules.to_move(resigned) is None
        assert rules.end_reason(resigned) == "last-in"
    else:
        assert not rules.is_over(resigned) and rules.end_reason(resigned) is None
        assert rules.to_move(resigned) != 0
    assert json_round_trip(rules, resigned) == resigned
    with pytest.raises(IllegalMove):
        rules.resign(state, players)


def _ended(rules, players, options, seed, limit=MAX_PLIES):
    """The state a random playout ends in (or stops at, after ``limit`` plies)."""
    state = rules.new_game(players=players, options=options, seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if rules.is_over(state):
            break
        state = rules.play(state, rng.choice(rules.legal_moves(state)))
    return state


@pytest.mark.parametrize(("slug", "players", "options", "expected"), [
    ("pylon", 2, {}, {"no-moves"}),
    ("stawvs", 2, {}, {"all-out"}),
    ("stawvs", 3, {}, {"all-out"}),
    ("spike", 2, {}, {"no-moves"}),
    ("spike", 2, {"goal": "five"}, {"goal-five", "no-moves"}),
    ("spike", 2, {"goal": "trio"}, {"goal-trio", "no-moves"}),
    ("stax", 2, {}, {"king-captured", "no-moves"}),
    ("triumvirate", 2, {"quiet_limit": 30}, {"two-of-each", "quiet-limit"}),
])
def test_each_game_names_the_rule_that_ended_it(slug, players, options, expected):
    """Random playouts to their end: each names its ending by one of the game's codes, and
    the winners agree with it (a draw by the quiet limit lists both seats)."""
    from pbem.games import get_rules

    rules = get_rules(slug)
    seen = set()
    for seed in range(1, 7):
        state = _ended(rules, players, options, seed, limit=3000)
        if not rules.is_over(state):
            continue
        reason = rules.end_reason(state)
        assert reason in expected, (seed, reason)
        seen.add(reason)
        if reason == "quiet-limit":
            assert rules.winners(state) == [0, 1]
    assert seen, "no playout ended"

"""The contract every registered game keeps (random playouts from fixed seeds)."""

from __future__ import annotations

import random

import pytest

from pbem.games import IllegalMove

from .contract import cases, json_round_trip, near_misses

MAX_PLIES = 600  # games that may not end (Stax, Triumvirate with quiet_limit=0) stop here
FULL_CHECK_EVERY = 20  # plies between checks that every listed move is accepted
SEEDS = (1, 2)


def assert_refused(rules, state, text):
    before = rules.to_dict(state)
    with pytest.raises(IllegalMove) as info:
        rules.play(state, text)
    assert info.value.reason.strip(), f"{text!r} refused without a reason"
    assert info.value.code
    assert rules.to_dict(state) == before


def check_position(rules, state, rng, previous_moves):
    seat = rules.to_move(state)
    moves = rules.legal_moves(state)
    assert moves == sorted(set(moves)), "legal moves must be sorted and unique"
    assert (seat is None) == rules.is_over(state)
    assert (seat is None) == (not moves), "to_move is None exactly when no move is listed"
    assert json_round_trip(rules, state) == state
    if seat is None:
        return moves
    legal = set(moves)
    for text in near_misses(rng.choice(moves), rng) + ["", "   ", "zz9", "pass!", "\x00"]:
        try:
            ply = rules.canonical(state, text)
        except IllegalMove as exc:
            assert exc.reason.strip()
            assert_refused(rules, state, text)
        else:
            assert ply in legal, f"{text!r} accepted as {ply!r}, which is not listed"
    for stale in sorted(set(previous_moves) - legal)[:5]:
        assert_refused(rules, state, stale)
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
            moves = check_position(rules, state, rng, previous)
            if not moves:
                break
            snapshot = rules.to_dict(state)
            candidates = moves if ply % FULL_CHECK_EVERY == 0 else [rng.choice(moves)]
            for move in candidates:
                after = rules.play(state, move)
                assert rules.to_dict(state) == snapshot, "play must not mutate its input"
                assert after != state
                assert rules.play(state, f"  {move.swapcase()} ") == after, "any case, spaces"
            move = rng.choice(moves)
            previous = moves
            state = rules.play(state, move)
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
    for _ in range(7):
        if rules.is_over(state):
            break
        state = rules.play(state, rng.choice(rules.legal_moves(state)))
    assert not rules.is_over(state), "the seed no longer builds a game still going at ply 7"
    resigned = rules.resign(state, 0)
    assert 0 not in rules.winners(resigned)
    with pytest.raises(IllegalMove) as info:
        rules.resign(resigned, 0)
    assert info.value.code in ("not-in-game", "game-over")
    if players == 2:
        assert rules.is_over(resigned) and rules.winners(resigned) == [1]
        assert rules.to_move(resigned) is None
    else:
        assert not rules.is_over(resigned)
        assert rules.to_move(resigned) != 0
    assert json_round_trip(rules, resigned) == resigned
    with pytest.raises(IllegalMove):
        rules.resign(state, players)

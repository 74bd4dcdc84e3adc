"""Stax's heuristics read the attacks around the kings from the board; they must agree with
the rules, and the bot must use them: it does not hand its king over when it need not."""

from __future__ import annotations

import pytest

from pbem.bots import choose_move
from pbem.bots.heuristics.stax import Tactics
from pbem.games import get_rules

from .cases import positions

RULES = get_rules("stax")


def _can_capture(state) -> bool:
    """Whether the seat to move has a ply that wins by capture (what the rules say)."""
    seat = RULES.to_move(state)
    return any(
        RULES.winners(RULES.play(state, move)) == [seat]
        for move in RULES.legal_moves(state)
        if ">" in move
    )


@pytest.mark.parametrize("players", RULES.player_counts)
def test_the_attack_reader_sees_every_capture_the_rules_allow(players):
    found = 0
    for seed in range(3):
        for state in positions(RULES, players, seed=seed, every=1, limit=150):
            tactics = Tactics(state)
            if _can_capture(state):
                found += 1
                assert tactics.attacks_target()
                assert tactics.captures(RULES.legal_moves(state))
    assert found  # the sample games do reach captures


def test_level_one_keeps_its_king_out_of_reach_when_it_can():
    checked = 0
    for seed in range(10):
        for state in positions(RULES, 2, seed=seed, every=1, limit=100):
            moves = RULES.legal_moves(state)
            tactics = Tactics(state)  # only to skip the positions where nothing is at stake
            suspects = [move for move in moves if not tactics.safe(move)]
            if not suspects or len(suspects) == len(moves) or _can_capture(state):
                continue
            exposing = {move for move in suspects if _can_capture(RULES.play(state, move))}
            if not exposing:
                continue
            checked += 1
            assert choose_move(RULES, state, level=1, seed=checked) not in exposing
            if checked == 5:
                return
    pytest.fail(f"only {checked} positions where the king could be handed over")

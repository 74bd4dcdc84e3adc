"""Spike's heuristics count a drawn playout for less than half to both seats (most games
between blockers end 0–0, and a bot content with that never wins); a decided one as it is."""

from __future__ import annotations

from pbem.bots.heuristics.spike import DRAW_SHARE, HEURISTICS
from pbem.games import get_rules
from pbem.games.spike.state import position

RULES = get_rules("spike")


def test_a_drawn_playout_is_worth_less_than_half_to_both_seats():
    drawn = position(stash=(1, 0, 0), chests=((1, 0, 0), (1, 0, 0)))
    assert RULES.winners(drawn) == [0, 1]
    assert HEURISTICS.outcome(RULES, drawn) == [DRAW_SHARE, DRAW_SHARE]
    assert DRAW_SHARE < 0.5


def test_a_decided_playout_is_worth_its_result():
    won = position(stash=(1, 0, 0), chests=((1, 0, 0), (0, 0, 0)))
    assert HEURISTICS.outcome(RULES, won) == [1.0, 0.0]

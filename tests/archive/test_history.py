"""Replaying a record's plies: the seat a record names is checked against the rules' turn, and
each refusal is a declared one (its key translated with the rules')."""

from __future__ import annotations

import re

import pytest

from pbem.archive.history import BadRecord, Ply, replay, setup

RULES, _, START = setup("pylon", 2, {}, 1)
FIRST = RULES.legal_moves(START)[0]


@pytest.mark.parametrize(("plies", "says"), [
    ([Ply(1, FIRST)], f"ply 1 (P2 {FIRST}): it is P1's turn, not P2's"),
    ([Ply(None, "resign")], "ply 1 (resign): a resignation must name its seat"),
    ([Ply(0, "resign"), Ply(None, FIRST)], f"ply 2 ({FIRST}): the game is already over"),
])
def test_a_replay_names_the_ply_whose_seat_or_turn_is_wrong(plies, says):
    with pytest.raises(BadRecord, match=re.escape(says)):
        replay(RULES, START, plies)


def test_a_replay_in_turn_gives_each_ply_its_seat():
    state, plies = replay(RULES, START, [Ply(None, FIRST), Ply(1, "resign")])
    assert [(ply.seat, ply.move) for ply in plies] == [(0, FIRST), (1, "resign")]
    assert RULES.is_over(state)

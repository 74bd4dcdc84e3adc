"""Arbitrary text fed to every game: only IllegalMove or a legal result, never a crash."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.games import IllegalMove, all_rules


def _positions():
    """A few positions of every game: the start and some random midgames."""
    out = []
    for rules in all_rules():
        for players in rules.player_counts:
            state = rules.new_game(players=players, seed=11)
            rng = random.Random(players)
            for ply in range(40):
                if rules.is_over(state):
                    break
                if ply % 13 == 0:
                    out.append((rules, state))
                state = rules.play(state, rng.choice(rules.legal_moves(state)))
    return out


POSITIONS = _positions()
MOVE_ALPHABET = "abcdefgh012345678 -/:@,>=+~xXSMLNESWKQTPHfuo()pass"


@settings(max_examples=300, deadline=None)
@given(
    index=st.integers(min_value=0, max_value=len(POSITIONS) - 1),
    text=st.one_of(st.text(max_size=30), st.text(alphabet=MOVE_ALPHABET, max_size=16)),
)
def test_arbitrary_text_is_refused_or_legal(index, text):
    rules, state = POSITIONS[index]
    before = rules.to_dict(state)
    try:
        ply = rules.canonical(state, text)
    except IllegalMove as exc:
        assert exc.reason.strip() and exc.code
    else:
        assert ply in rules.legal_moves(state)
        assert rules.play(state, text) == rules.play(state, ply)
    assert rules.to_dict(state) == before

"""Arbitrary text fed to every game: only IllegalMove or a legal result, never a crash."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.games import IllegalMove

from .contract import check_refusal, sample_positions

POSITIONS = sample_positions()
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
        check_refusal(rules, exc)
    else:
        assert ply in rules.legal_moves(state)
        assert rules.play(state, text) == rules.play(state, ply)
    assert rules.to_dict(state) == before

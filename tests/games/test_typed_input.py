"""What a person may type (issue #14): plain ASCII notation of bounded length, and anything
else refused as ``syntax``; parsing never raises anything but ``IllegalMove``."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.games import IllegalMove, all_rules, get_rules
from pbem.games.notation import MAX_PLY_CHARS, MAX_TURN_CHARS

from .contract import sample_positions

POSITIONS = sample_positions()

#: Characters a parser could mistake for ASCII: other scripts' digits, fullwidth forms, and
#: letters whose case mapping is ASCII (KELVIN SIGN lowers to k, LONG S uppers to S).
LOOKALIKES = {
    **{d: (chr(0x660 + int(d)), chr(0xFF10 + int(d)), chr(0x966 + int(d))) for d in "0123456789"},
    "k": ("\u212a",), "K": ("\u212a",), "s": ("\u017f",), "S": ("\u017f",),
    "i": ("\u0131",), "I": ("\u0131",),
}


def _lookalike_spellings(move: str):
    for i, ch in enumerate(move):
        for alt in (*LOOKALIKES.get(ch, ()), chr(ord(ch) + 0xFEE0) if ch.isalnum() else None):
            if alt is not None:
                yield move[:i] + alt + move[i + 1 :]


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_a_non_ascii_character_in_a_legal_move_is_a_syntax_error(index):
    rules, state = POSITIONS[index]
    for move in rules.legal_moves(state)[:40]:
        for typed in _lookalike_spellings(move):
            with pytest.raises(IllegalMove) as info:
                rules.canonical(state, typed)
            assert info.value.code == "syntax", (typed, info.value.reason)


@pytest.mark.parametrize("typed", ["K@٠,٠", "K@０,０", "K@0,０", "ＫＡ@0,0", "\u212a@0,0"])
def test_stax_refuses_digits_and_letters_outside_ascii(typed):
    rules = get_rules("stax")
    with pytest.raises(IllegalMove) as info:
        rules.play(rules.new_game(players=2), typed)
    assert info.value.code == "syntax"


@pytest.mark.parametrize("digits", [20, 4_301, 100_000])
def test_stax_refuses_a_huge_coordinate_as_a_move(digits):
    rules = get_rules("stax")
    state = rules.new_game(players=2)
    for typed in (f"K@{'1' * digits},0", f"0,0>0,{'9' * digits}"):
        with pytest.raises(IllegalMove) as info:
            rules.play(state, typed)
        assert info.value.code in ("syntax", "off-table"), info.value.reason


def test_a_no_break_space_still_separates_nothing():
    rules = get_rules("stawvs")
    state = rules.new_game(players=2, seed=7)
    assert rules.canonical(state, "d\u00a04") == "d4"


@pytest.mark.parametrize("rules", all_rules(), ids=lambda rules: rules.slug)
def test_overlong_plies_and_turns_are_syntax_errors(rules):
    state = rules.new_game(players=rules.player_counts[0], seed=3)
    move = rules.legal_moves(state)[0]
    padded = move + " " * (MAX_PLY_CHARS + 1 - len(move))
    for refuse in (lambda: rules.canonical(state, padded),
                   lambda: rules.apply_turn(state, move + " " * MAX_TURN_CHARS)):
        with pytest.raises(IllegalMove) as info:
            refuse()
        assert info.value.code == "syntax" and "at most" in info.value.reason
    assert rules.canonical(state, f" {move} ") == move


DIGITS_AND_SIGNS = "0123456789٠١٢٣０１２３-+,()@>=~:/ ENWSKQabcdefgh"


@settings(max_examples=300, deadline=None)
@given(
    index=st.integers(min_value=0, max_value=len(POSITIONS) - 1),
    text=st.one_of(
        st.text(max_size=40),
        st.text(alphabet=DIGITS_AND_SIGNS, max_size=60),
        st.builds(lambda n, tail: "K@" + "7" * n + tail,
                  st.integers(min_value=4_000, max_value=6_000), st.text(max_size=5)),
    ),
)
def test_typed_turns_raise_nothing_but_illegal_move(index, text):
    """Whole-turn parsing too (Spike's and Triumvirate's turns have several plies)."""
    rules, state = POSITIONS[index]
    before = rules.to_dict(state)
    try:
        plies, _after = rules.apply_turn(state, text)
    except IllegalMove as exc:
        assert exc.reason.strip() and exc.code
    else:
        assert plies and all(ply.isascii() for ply in plies)
    assert rules.to_dict(state) == before


def test_lookalike_spellings_reach_every_game():
    """The table above really produces non-ASCII spellings of every game's moves."""
    rng = random.Random(0)
    for rules in all_rules():
        state = rules.new_game(players=rules.player_counts[0], seed=1)
        move = rng.choice(rules.legal_moves(state))
        assert any(not typed.isascii() for typed in _lookalike_spellings(move)), rules.slug

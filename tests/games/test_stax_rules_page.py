"""The worked examples of the players' Stax page (pbem/rules/stax.md §8) play as it says."""

from __future__ import annotations

import pytest

from pbem.games import IllegalMove, get_rules

RULES = get_rules("stax")


def play(*moves):
    state = RULES.new_game(players=2, options={}, seed=1)
    for move in moves:
        state = RULES.play(state, move)
    return state


def captures(state) -> list[str]:
    return [m for m in RULES.legal_moves(state) if RULES.is_over(RULES.apply(state, m))]


def test_example_1_the_opening():
    state = play("E+W@0,0", "K@1,0")
    assert {m.split("@")[1] for m in RULES.legal_moves(state)} == {"0,1", "1,-1"}
    for refused in ("NE@0,1", "Q@0,1"):
        with pytest.raises(IllegalMove, match="points at Dark's king"):
            RULES.play(state, refused)
    assert RULES.is_legal(state, "E@0,1") and RULES.is_legal(state, "E+NW@1,-1")
    assert RULES.is_legal(state, "K@0,1")


def test_example_2_the_threatened_king():
    state = play("E+W@0,0", "K@1,0", "E@0,1", "W@1,1", "K@-1,1")
    assert "0,0>1,0=E+W" in captures(RULES.apply(state, "E@2,0"))
    assert captures(RULES.play(state, "1,0>2,0")) == ["0,0>2,0=E+W", "0,0>2,0=NE+SW",
                                                      "0,0>2,0=NW+SE"]
    assert RULES.canonical(RULES.play(state, "1,0>2,0"), "(0,0)>(2,0)") == "0,0>2,0=E+W"
    assert captures(RULES.play(state, "1,0>0,0")) == ["-1,1>0,0"]
    assert captures(RULES.play(state, "1,0>0,1")) == ["-1,1>0,1"]
    safe = [m for m in RULES.legal_moves(state) if not captures(RULES.apply(state, m))]
    assert safe == ["1,0>1,-1", "1,0>1,1"]
    with pytest.raises(IllegalMove, match="split the table"):
        RULES.play(RULES.play(state, "1,0>1,1"), "0,1>1,1=E")

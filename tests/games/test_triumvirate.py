"""Triumvirate: one test per ruling (TRIUMVIRATE-R1…R15), the worked examples of §9, notation,
whole turns, rendering and random games played to the end."""

from __future__ import annotations

import json
import os
import random
import time

import pytest
import samples

from pbem.games import IllegalMove, get_renderer, get_rules
from pbem.games.triumvirate import position
from pbem.games.triumvirate.board import ARRANGEMENTS, INDEX
from pbem.games.triumvirate.movegen import max_actions
from pbem.games.triumvirate.state import move_tables

RULES = get_rules("triumvirate")
RENDER = get_renderer("triumvirate")


def turn(state, text):
    return RULES.play_turn(state, text)


def refused(state, text, code):
    """The refusal of ``text`` in ``state``: code checked, state untouched."""
    before = RULES.to_dict(state)
    with pytest.raises(IllegalMove) as info:
        RULES.play(state, text)
    assert info.value.code == code, info.value.reason
    assert RULES.to_dict(state) == before
    return info.value.reason


def at(state, cell):
    return state.board[INDEX[cell]]


def example2(to_move=0):
    return position(
        ({"d4": 3, "e5": 1, "h1": 2}, {"b4": 3, "d6": 2, "f7": 1}),
        cards=("3f/2f/1f", "1f/2u/3f"),
        to_move=to_move,
    )


def example4():
    state = position(
        ({"d4": 3}, {"d6": 2}),
        hostages=(("2Df",), ()),
        holding=((2, 1, 2), (0, 0, 0)),
    )
    return turn(state, "T:3f/1f/2u d4xd6 d6-d4 d4-d5 d5-d4")


# ----- rulings ------------------------------------------------------------------------------


def test_triumvirate_r1_starting_squares_from_each_seat():
    state = RULES.new_game()
    p1 = {c: at(state, c) for c in ("h1", "g1", "f1")}
    p2 = {c: at(state, c) for c in ("a8", "b8", "c8")}
    assert p1 == {"h1": 3, "g1": 2, "f1": 1}
    assert p2 == {"a8": 6, "b8": 5, "c8": 4}
    assert sum(1 for v in state.board if v) == 6
    assert state.reserve == ((3, 3, 3), (3, 3, 3))


def test_triumvirate_r2_initial_cards():
    state = RULES.new_game()
    assert state.cards == ("3f/2f/1f", "3f/2f/1f")
    assert state.hostages == ((), ())


def test_triumvirate_r3_p1_first_with_48_arrangements():
    state = RULES.new_game()
    assert RULES.to_move(state) == 0 and RULES.turn_plies(state) == []
    moves = RULES.legal_moves(state)
    assert len(moves) == 48 and moves == sorted(moves) and "T:3f/2f/1f" in moves
    assert tuple(moves) == ARRANGEMENTS


def test_triumvirate_r4_as_many_points_as_possible():
    # Example 3: only +1f1 lets all three points be used.
    state = position(({"h1": 3, "g1": 2}, {}), reserve=((1, 0, 1), (0, 0, 0)))
    state = RULES.play(state, "T:3u/2u/1f")
    assert RULES.legal_moves(state) == ["+1f1"]
    reason = refused(state, "+3f1", "points")
    assert reason == "you must use all 3 movement points; +3f1 leaves 2 that no move can use"
    after = RULES.play(state, "+1f1")
    assert RULES.legal_moves(after) == ["f1-d2", "f1-e3", "f1-g3", "f1-h2"]
    done = turn(after, "f1-e3 e3-f1")
    assert RULES.to_move(done) == 1 and RULES.turn_plies(done) == []
    # With only the large in reserve one action is possible; the other two points are lost.
    only_large = position(({"h1": 3, "g1": 2}, {}), reserve=((0, 0, 1), (0, 0, 0)))
    mid = RULES.play(only_large, "T:3u/2u/1f")
    assert (mid.points, mid.actions) == (3, 1)
    assert RULES.legal_moves(mid) == ["+3f1"]
    assert RULES.to_move(RULES.play(mid, "+3f1")) == 1


def test_triumvirate_r4_counts_placements_two_deep():
    # Two empty starting squares, nothing can move until a small is placed: the small must
    # come last, so with a large and a small in reserve the large goes first.
    state = position(({"h1": 3}, {}), reserve=((1, 0, 1), (0, 0, 0)))
    state = RULES.play(state, "T:3u/2u/1f")
    assert (state.points, state.actions) == (3, 3)
    assert RULES.legal_moves(state) == ["+1f1", "+1g1", "+3f1", "+3g1"]
    # Every order works; once the large is on g1 only the small may follow.
    after = RULES.play(state, "+3g1")
    assert RULES.legal_moves(after) == ["+1f1"]


def test_triumvirate_r5_slides_are_blocked_knights_jump():
    state = position(({"d4": 3, "d5": 2, "b1": 1}, {"b2": 1, "c2": 2}))
    state = RULES.play(state, "T:3f/2u/1f")
    assert refused(state, "d4-d6", "blocked") == "the slide from d4 to d6 is blocked on d5"
    assert "b1-c3" in RULES.legal_moves(state)
    assert "d4-d3" in RULES.legal_moves(state) and "d4-d8" not in RULES.legal_moves(state)


def test_triumvirate_r6_upright_only_size_cannot_move_but_enters():
    state = position(({"e5": 1}, {}), reserve=((1, 0, 0), (0, 0, 0)))
    state = RULES.play(state, "T:3f/1u/2f")
    assert RULES.legal_moves(state) == ["+1f1", "+1g1", "+1h1"]
    reason = refused(state, "e5-e6", "cannot-move")
    assert reason == "your small pieces cannot move: no flat small on your card"


def test_triumvirate_r7_protection_is_the_union_of_upright_sections():
    # P2 mediums upright in D (Triumvirate) and in L (hostage): captured diagonally or by L.
    pieces = ({"d4": 3, "b5": 1, "c4": 2}, {"d6": 2, "c7": 2, "d5": 2})
    state = position(pieces, cards=("3f/2f/1f", "1f/2u/3f"), hostages=((), ("2Lu",)))
    state = RULES.play(state, "T:3f/2f/1f")
    moves = RULES.legal_moves(state)
    assert "c4xd5" in moves  # medium, diagonal
    assert "b5xc7" in moves  # small, knight
    assert "d4xd5" not in moves
    reason = refused(state, "d4xd5", "protected")
    assert reason == (
        "P2's mediums are upright in D and L: they can only be captured diagonally "
        "or by an L-shaped jump"
    )


def test_triumvirate_r8_any_size_captures_only_by_landing():
    state = position(({"b1": 1, "d4": 3}, {"b2": 3, "c2": 3, "c3": 3}))
    state = RULES.play(state, "T:3f/2f/1f")
    moves = RULES.legal_moves(state)
    assert "b1xc3" in moves  # the small takes a large
    after = RULES.play(state, "b1xc3")
    assert after.taken == (3,) and at(after, "b2") == 6 and at(after, "c2") == 6
    assert at(after, "c3") == 1 and at(after, "b1") == 0


def test_triumvirate_r9_any_size_on_any_vacant_starting_square():
    state = position(({"a1": 3}, {"f1": 1}), reserve=((1, 1, 1), (0, 0, 0)))
    state = RULES.play(state, "T:3f/2f/1f")
    places = [m for m in RULES.legal_moves(state) if m[0] == "+"]
    assert places == ["+1g1", "+1h1", "+2g1", "+2h1", "+3g1", "+3h1"]
    assert "capture it first" in refused(state, "+1f1", "occupied")
    sized = position(({"a1": 3}, {}), reserve=((1, 1, 1), (0, 0, 0)), entry="sized")
    sized = RULES.play(sized, "T:3f/2f/1f")
    places = [m for m in RULES.legal_moves(sized) if m[0] == "+"]
    assert places == ["+1f1", "+2g1", "+3h1"]
    assert refused(sized, "+3g1", "entry") == "with sized entry g1 takes only mediums"
    # A piece placed this turn moves later in the same turn (Example 1).
    state = turn(RULES.new_game(), "T:3f/2f/1f h1-h3 +3h1")
    assert "h1-h2" in RULES.legal_moves(state)


def test_triumvirate_r10_hostage_section_and_orientation_chosen_then_fixed():
    state = position(({"d4": 3}, {"d5": 1}))
    state = turn(state, "T:3f/2f/1f d4xd5 d5-d4 d4-d5")
    assert RULES.legal_moves(state) == sorted(
        ["P:1", "H:1Of", "H:1Ou", "H:1Df", "H:1Du", "H:1Lf", "H:1Lu"]
    )
    state = RULES.play(state, "h:1lu")
    assert state.hostages[0] == ("1Lu",)
    state = turn(state, "T:3f/2f/1f")  # P2 has nothing to do
    state = turn(state, "T:1f/2u/3u")  # P1 rearranges: the hostage stays as it is
    assert state.hostages[0] == ("1Lu",) and state.cards[0] == "1f/2u/3u"


def test_triumvirate_r11_replacement_keeps_section_old_hostages_only():
    state = position(
        ({"d4": 3}, {"d5": 1, "e4": 2}), hostages=(("3Lf",), ()), holding=((0, 0, 0), (0, 0, 0))
    )
    state = turn(state, "T:3f/2f/1f d4xd5 d5-d4 d4xe4 e4-d4")
    assert state.taken == (1, 2)
    first = RULES.legal_moves(state)
    assert "H:1Lf<3Lf" in first and "H:1Lu<3Lf" in first and len(first) == 9
    assert refused(state, "H:1Of<3Lf", "section").startswith("a new hostage takes the section")
    state = RULES.play(state, "H:1Du")
    second = RULES.legal_moves(state)
    assert "H:2Lf<3Lf" in second and not any("<1Du" in m for m in second)
    assert "cannot be replaced yet" in refused(state, "H:2Df<1Du", "no-hostage")
    state = RULES.play(state, "H:2Lu<3Lf")
    assert state.hostages[0] == ("1Du", "2Lu") and state.holding[0] == (0, 0, 1)


def test_triumvirate_r11_identical_hostages_give_one_option_pair():
    state = position(({"d4": 3}, {"d5": 1}), hostages=(("3Lf", "3Lf", "2Ou"), ()))
    state = turn(state, "T:3f/2f/1f d4xd5 d5-d4 d4-d5 d5-d4 d4-d5 d5-d4")
    options = RULES.legal_moves(state)
    assert len(options) == 7 + 2 * 2 and "H:1Lu<3Lf" in options and "H:1Ou<2Ou" in options
    state = RULES.play(state, "H:1Lu<3Lf")
    assert state.hostages[0] == ("1Lu", "2Ou", "3Lf") and state.holding[0] == (0, 0, 1)


def test_triumvirate_r12_hostages_add_points_next_turn_and_protect_at_once():
    state = position(({"d4": 3}, {"d5": 1, "d7": 2}))
    state = turn(state, "T:3f/2f/1f d4xd5 d5-d4 d4-d3")
    state = RULES.play(state, "H:1Ou")  # upright small hostage in O: smalls protected
    assert RULES.to_move(state) == 1
    assert state.hostages[0] == ("1Ou",)
    # After P2's turn, P1's next turn has 3 + 1 points.
    state = turn(state, "T:3f/2f/1f d7-e6 e6-d7 d7-e6")
    state = RULES.play(state, "T:3f/2f/1f")
    assert state.points == 4
    # The upright hostage protects P1's smalls from non-orthogonal captures at once.
    guarded = position(({"d4": 1}, {"c2": 1}), hostages=(("1Ou",), ()), to_move=1)
    guarded = RULES.play(guarded, "T:3f/2f/1f")
    assert refused(guarded, "c2xd4", "protected").startswith("P1's smalls are upright in O")


def test_triumvirate_r13_win_checked_after_the_decisions():
    state = position(({"d4": 3}, {"d5": 1, "e4": 3}), holding=((1, 2, 2), (0, 0, 0)))
    state = turn(state, "T:3f/2f/1f d4xd5 d5-d4 d4xe4")
    state = RULES.play(state, "P:1")  # 2/2/2 reached, but a decision remains
    assert not RULES.is_over(state) and RULES.winners(state) == []
    state = RULES.play(state, "H:3Lf")
    assert RULES.is_over(state) and RULES.winners(state) == [0]
    assert RULES.to_move(state) is None and RULES.legal_moves(state) == []
    assert RULES.scores(state) == [6, 0]


def test_triumvirate_r14_quiet_turns_draw():
    state = position(({"d4": 3}, {"a8": 3}), quiet=48)
    state = turn(state, "T:3f/2f/1f d4-d5 d5-d4 d4-d5")
    assert state.quiet == 49 and not RULES.is_over(state)
    state = turn(state, "T:3f/2f/1f a8-a7 a7-a8 a8-a7")
    assert RULES.is_over(state) and RULES.winners(state) == [0, 1]
    # A capture resets the counter; quiet_limit=0 never draws.
    reset = position(({"d4": 3}, {"d6": 3}), quiet=49)
    reset = turn(reset, "T:3f/2f/1f d4xd6 d6-d4 d4-d5 P:3")
    assert reset.quiet == 0 and not RULES.is_over(reset)
    endless = position(({"d4": 3}, {"a8": 3}), quiet=400, quiet_limit=0)
    endless = turn(endless, "T:3f/2f/1f d4-d5 d5-d4 d4-d5")
    assert endless.quiet == 401 and not RULES.is_over(endless)


def test_triumvirate_r14_first_draw_at_turn_50_of_a_quiet_game():
    state = position(({"d4": 3}, {"a8": 3}))
    while not RULES.is_over(state):
        quiet = [m for m in RULES.legal_moves(state) if "x" not in m]
        state = RULES.play(state, "T:3f/2f/1f" if state.stage == "arrange" else quiet[0])
    assert RULES.winners(state) == [0, 1] and state.quiet == 50 and state.turn == 50


def test_triumvirate_r15_turn_can_be_the_arrangement_alone():
    state = position(({}, {"a8": 3}))
    after = RULES.play(state, "T:1u/2f/3u")
    assert RULES.to_move(after) == 1 and RULES.turn_plies(after) == []
    assert after.turn == 2 and after.quiet == 1 and after.cards[0] == "1u/2f/3u"
    # Nothing flat can move and nothing to place: the same.
    stuck = position(({"d4": 3}, {"a8": 3}))
    assert RULES.to_move(RULES.play(stuck, "T:3u/2f/1f")) == 1
    # The action stage ends after the last point, with no end-of-turn ply.
    mid = turn(position(({"d4": 3}, {"a8": 3})), "T:3f/2f/1f d4-d5 d5-d4")
    assert RULES.turn_plies(mid) == ["T:3f/2f/1f", "d4-d5", "d5-d4"]
    assert RULES.to_move(RULES.play(mid, "d4-d3")) == 1


# ----- worked examples (§9) -----------------------------------------------------------------


def test_example_1_opening_turn():
    state = RULES.play(RULES.new_game(), "T:3f/2f/1f")
    assert RULES.legal_moves(state) == [
        "f1-d2", "f1-e3", "f1-g3", "f1-h2", "g1-e3", "g1-f2", "g1-h2", "h1-h2", "h1-h3",
    ]  # fmt: skip
    state = turn(RULES.new_game(), "T:3f/2f/1f h1-h3 +3h1 g1-e3")
    assert RULES.to_move(state) == 1
    assert (at(state, "h1"), at(state, "h3"), at(state, "e3"), at(state, "g1")) == (3, 3, 2, 0)
    assert state.reserve[0] == (3, 3, 2)


def test_example_2_protection_lists_and_refusals():
    state = RULES.play(example2(), "T:3f/1u/2f")
    assert RULES.legal_moves(state) == [
        "d4-c4", "d4-d2", "d4-d3", "d4-d5", "d4-e4", "d4-f4", "d4xb4", "h1-f2", "h1-g3",
    ]  # fmt: skip
    assert refused(state, "d4xd6", "protected") == (
        "P2's mediums are upright in D: they can only be captured diagonally"
    )
    assert refused(state, "d4-d6", "protected")  # '-' onto an enemy reads as the capture
    assert refused(state, "e5-e6", "cannot-move")
    p2 = RULES.play(example2(to_move=1), "T:1f/2u/3f")
    expected = "b4-a2 b4-a6 b4-c2 b4-c6 b4-d3 b4-d5".split()
    expected += "f7-d7 f7-e7 f7-f5 f7-f6 f7-f8 f7-g7 f7-h7".split()
    assert RULES.legal_moves(p2) == sorted(expected)
    assert refused(p2, "d6-c5", "cannot-move") == (
        "your medium pieces cannot move: no flat medium on your card"
    )


def test_example_3_must_use_all_points():
    state = position(({"h1": 3, "g1": 2}, {}), reserve=((1, 0, 1), (0, 0, 0)))
    done = turn(state, "T:3u/2u/1f +1f1 f1-e3 e3-f1")
    assert RULES.to_move(done) == 1 and at(done, "f1") == 1
    with pytest.raises(IllegalMove) as info:
        turn(state, "T:3u/2u/1f +3f1")
    assert info.value.code == "points" and info.value.reason.startswith("step 2 (+3f1)")
    only_large = position(({"h1": 3, "g1": 2}, {}), reserve=((0, 0, 1), (0, 0, 0)))
    assert RULES.to_move(turn(only_large, "T:3u/2u/1f +3f1")) == 1


def test_example_4_decisions_and_wins():
    state = example4()
    assert RULES.legal_moves(state) == [
        "H:2Df", "H:2Df<2Df", "H:2Du", "H:2Du<2Df", "H:2Lf", "H:2Lu", "H:2Of", "H:2Ou", "P:2",
    ]  # fmt: skip
    won = RULES.play(state, "P:2")
    assert RULES.winners(won) == [0] and won.holding[0] == (2, 2, 2)
    kept = RULES.play(state, "H:2Lu")
    assert not RULES.is_over(kept) and kept.holding[0] == (2, 1, 2)
    assert kept.hostages[0] == ("2Df", "2Lu") and RULES.to_move(kept) == 1
    swapped = RULES.play(state, "H:2Du<2Df")
    assert RULES.winners(swapped) == [0]
    assert swapped.hostages[0] == ("2Du",) and swapped.holding[0] == (2, 2, 2)


def test_example_5_refusals():
    state = position(({"d4": 3, "d5": 2, "b1": 1}, {"b2": 1, "c2": 2}))
    state = RULES.play(state, "T:3f/2u/1f")
    assert refused(state, "d4-d6", "blocked")
    assert refused(state, "d4-d5", "own-piece") == "d5 holds your own piece"
    empty = RULES.play(position(({"d4": 3}, {})), "T:3f/2f/1f")
    assert refused(empty, "d4xd5", "nothing-to-capture") == "there is nothing to capture on d5"
    assert "b1-c3" in RULES.legal_moves(state)


# ----- notation and explanations ------------------------------------------------------------


def test_parse_is_lenient_and_canonical():
    state = RULES.new_game()
    assert RULES.canonical(state, " t : 3F / 2f/1U ") == "T:3f/2f/1u"
    state = RULES.play(example2(), "T:3f/1u/2f")
    assert RULES.canonical(state, "D4 - B4") == "d4xb4"
    assert RULES.canonical(state, "D4XB4") == "d4xb4"
    assert RULES.parse(example4(), "h : 2du < 2df") == "H:2Du<2Df"
    assert RULES.parse(example4(), "p:2") == "P:2"
    assert RULES.parse(state, "+ 2 G1") == "+2g1"


@pytest.mark.parametrize("text", ["", "   ", "pass", "zz9", "d4-d9", "T:3f/2f", "H:4Of", "+4f1"])
def test_malformed_plies_are_syntax_errors(text):
    assert refused(RULES.new_game(), text, "syntax")


def test_explanations_have_stable_codes():
    start = RULES.new_game()
    assert refused(start, "h1-h3", "wrong-stage").startswith("arrange your card first (T:")
    assert refused(start, "T:3f/3u/1f", "arrangement")
    state = RULES.play(start, "T:3f/2f/1f")
    assert refused(state, "T:3f/2f/1f", "wrong-stage")
    assert refused(state, "P:1", "wrong-stage")
    assert refused(state, "+1e1", "not-start") == (
        "e1 is not one of your starting squares (f1, g1, h1)"
    )
    assert refused(state, "+1f1", "occupied")
    assert refused(state, "d4-d5", "no-piece")
    assert refused(state, "a8-a7", "not-yours")
    assert refused(state, "h1-e1", "geometry")
    assert refused(state, "h1-g2", "manner") == (
        "your larges move only orthogonally (flat in O), not diagonally"
    )
    assert refused(state, "g1-g2", "manner")
    assert refused(state, "h1-g1", "own-piece")
    empty = RULES.play(position(({"h1": 3}, {})), "T:3f/2f/1f")
    assert refused(empty, "+2g1", "no-reserve") == "you have no medium piece in reserve"
    decide = example4()
    assert refused(decide, "d4-d5", "wrong-stage")
    assert refused(decide, "P:3", "wrong-prisoner")
    assert refused(decide, "H:2Lf<3Lf", "no-hostage") == "your card has no hostage 3Lf to replace"
    over = RULES.play(decide, "P:2")
    assert refused(over, "T:3f/2f/1f", "game-over")


def test_triumvirate_r4_lost_points_leave_every_placement_legal():
    # When fewer actions than points are possible, nothing can ever move, and every maximal
    # run of placements has the same length: no placement is refused (a fact explain relies on).
    state = position(({"h1": 3}, {}), reserve=((0, 1, 1), (0, 0, 0)))
    state = RULES.play(state, "T:3u/2u/1u")
    assert (state.points, state.actions) == (3, 2)
    assert RULES.legal_moves(state) == ["+2f1", "+2g1", "+3f1", "+3g1"]
    flat_v, prot_v = move_tables(state)
    board, reserve = list(state.board), list(state.reserve[0])
    assert [max_actions(board, 0, reserve, k, flat_v, prot_v, False) for k in range(5)] == [
        0, 1, 2, 2, 2,
    ]  # fmt: skip


# ----- whole turns --------------------------------------------------------------------------


def test_split_turn_keeps_spaced_plies_together():
    assert RULES.split_turn("T: 3f/2f / 1f h1 - h3 +3 h1  g1-e3") == [
        "T:3f/2f/1f", "h1-h3", "+3h1", "g1-e3",
    ]  # fmt: skip
    assert RULES.split_turn("d4 x b4 H:2Du <2Df P:1") == ["d4xb4", "H:2Du<2Df", "P:1"]
    assert RULES.split_turn("  ") == []


def test_whole_turn_all_or_nothing_names_the_step():
    start = RULES.new_game()
    before = RULES.to_dict(start)
    with pytest.raises(IllegalMove) as info:
        turn(start, "T:3f/2f/1f h1-h3 h3-f1 g1-e3")
    assert info.value.reason.startswith("step 3 (h3-f1): ") and info.value.code == "manner"
    assert RULES.to_dict(start) == before
    with pytest.raises(IllegalMove) as info:
        turn(start, "T:3f/2f/1f h1-h3 +3h1 g1-e3 a8-a6")
    assert info.value.code == "turn-over"
    assert info.value.reason == "step 5 (a8-a6): your turn ended after step 4"
    with pytest.raises(IllegalMove) as info:
        turn(start, "T:3f/2f/1f h1-h3 +3h1 g1-e3 T:3f/2f/1f")
    assert info.value.code == "turn-over"
    won = example4()
    with pytest.raises(IllegalMove) as info:
        turn(won, "P:2 T:3f/2f/1f")
    assert info.value.code == "game-over"
    assert info.value.reason == "step 2 (T:3f/2f/1f): the game ended after step 1"
    with pytest.raises(IllegalMove) as info:
        turn(RULES.play(won, "P:2"), "h1-h3")
    assert (info.value.code, info.value.reason) == ("game-over", "the game is over")


def test_whole_turn_without_arrangement_keeps_the_card():
    state = position(({"d4": 3}, {"a8": 3}), cards=("1u/3f/2f", "3f/2f/1f"))
    typed = turn(state, "d4-f6 f6-d4 d4-e5")
    explicit = turn(state, "T:1u/3f/2f d4-f6 f6-d4 d4-e5")
    assert typed == explicit and typed.cards[0] == "1u/3f/2f"
    with pytest.raises(IllegalMove) as info:
        turn(state, "d4-f6 d4-d5")
    assert info.value.reason.startswith("step 2 (d4-d5)")
    # Mid-turn the remainder is applied as typed, with no arrangement inserted.
    mid = RULES.play(state, "T:1u/3f/2f")
    assert turn(mid, "d4-f6 f6-d4 d4-e5") == explicit
    # Nothing can be done: the inserted arrangement ends the turn, so the typed ply is refused.
    stuck = position(({"d4": 3}, {"a8": 3}), cards=("3u/2f/1f", "3f/2f/1f"))
    with pytest.raises(IllegalMove) as info:
        turn(stuck, "d4-d5")
    assert info.value.code == "turn-over"
    assert info.value.reason == "step 1 (d4-d5): your turn ended with T:3u/2f/1f"
    # A single ply typed at the start: the arrangement is inserted too.
    assert RULES.turn_plies(turn(state, "d4-f6")) == ["T:1u/3f/2f", "d4-f6"]


# ----- the rest of the protocol -------------------------------------------------------------


def test_position_refuses_bad_sizes_and_split_needs_text():
    with pytest.raises(ValueError, match="1, 2 or 3"):
        position(({"d4": 4}, {}))
    with pytest.raises(IllegalMove) as info:
        RULES.split_turn(None)
    assert info.value.code == "syntax"


def test_options():
    assert [o.name for o in RULES.options] == ["entry", "quiet_limit"]
    assert RULES.option("quiet_limit").choices == (50, 0, 30, 100)
    state = RULES.new_game(options={"entry": "SIZED", "quiet_limit": "30"})
    assert (state.entry, state.quiet_limit) == ("sized", 30)


def test_resign_mid_turn_and_codes():
    state = turn(RULES.new_game(), "T:3f/2f/1f h1-h3")
    out = RULES.resign(state, 0)
    assert RULES.winners(out) == [1] and RULES.to_move(out) is None
    assert RULES.turn_plies(out) == [] and RULES.legal_moves(out) == []
    with pytest.raises(IllegalMove) as info:
        RULES.resign(out, 1)
    assert info.value.code == "game-over"
    with pytest.raises(IllegalMove) as info:
        RULES.resign(state, 2)
    assert info.value.code == "not-in-game"
    assert RULES.winners(RULES.resign(state, 1)) == [0]


def test_json_round_trip_is_exact_and_ignores_the_cache():
    state = RULES.play(example4(), "H:2Lu")
    RULES.legal_moves(state)
    data = json.loads(json.dumps(RULES.to_dict(state)))
    copy = RULES.from_dict(data)
    assert copy == state and copy.cache is None and RULES.to_dict(copy) == data
    assert hash(copy) == hash(state)


def test_turn_plies_track_the_turn():
    state = RULES.new_game()
    assert RULES.turn_plies(state) == []
    state = turn(state, "T:3f/2f/1f h1-h3")
    assert RULES.turn_plies(state) == ["T:3f/2f/1f", "h1-h3"]


# ----- rendering ----------------------------------------------------------------------------


def test_svg_is_clickable_and_self_contained():
    state = turn(RULES.new_game(), "T:3f/2f/1f h1-h3")
    svg = RENDER.svg(state, last_move="h1-h3")
    assert svg.startswith("<svg") and 'role="img"' in svg and "<title>" in svg
    assert "viewBox" in svg and "<script" not in svg and "href" not in svg
    assert svg.count('class="cell"') == 64 and 'data-cell="d4"' in svg
    for z in "123":
        assert f'data-token="{z}" data-seat="0"' in svg
    assert svg.count('fill="#f5d04c"') == 2  # h1 and h3 marked
    import xml.dom.minidom

    xml.dom.minidom.parseString(svg)


def test_svg_shows_cards_hostages_and_holdings():
    svg = RENDER.svg(RULES.play(example4(), "H:2Lu"))
    assert "hostage: medium upright in L" in svg and "hostage: medium flat in D" in svg
    assert "held: 2 small" in svg and "Triumvirate: large flat in O" in svg


def test_render_results_and_crowded_cards():
    resigned = RULES.resign(RULES.new_game(), 1)
    assert "P2 resigned; P1 wins" in RENDER.text(resigned)
    drawn = turn(position(({"d4": 3}, {"a8": 3}), quiet=49), "T:3f/2f/1f d4-d5 d5-d4 d4-d5")
    assert "drawn: 50 turns in a row without a capture" in RENDER.describe(drawn)
    deciding = example4()
    assert "decide the medium prisoner (P:2 or H:2…)" in RENDER.svg(deciding)
    assert "Prisoners taken this turn: 1." in RENDER.describe(deciding)
    crowded = position(hostages=(("1Of",) * 11, ()))
    svg = RENDER.svg(crowded)
    assert svg.count("hostage: small flat in O") == 8 and ">+3</text>" in svg


def test_text_and_description():
    state = turn(RULES.new_game(), "T:3f/2f/1f h1-h3")
    text = RENDER.text(state, last_move="h1-h3")
    assert "(L)" in text and " l " in text and "P1 card: O 3f  D 2f  L 1f" in text
    assert "2 action(s) left" in text
    words = RENDER.describe(state)
    assert "large on h3" in words and "P2 pieces: large on a8" in words
    assert "wins" in RENDER.describe(RULES.play(example4(), "P:2"))


# ----- random games -------------------------------------------------------------------------


#: How many random games to play: ``make test-all`` plays 2,000, ``make test`` a window of 48
#: of those that moves from day to day (tests/samples.py).
RANDOM_GAMES = int(os.environ.get("PBEM_TRIUMVIRATE_GAMES", "48"))


def test_random_games_end():
    started = time.perf_counter()
    plies = results = 0
    for game in samples.rotated(RANDOM_GAMES, max(RANDOM_GAMES, 2000)):
        rng = random.Random(f"triumvirate-{game}")
        state = RULES.new_game(seed=game)
        while RULES.to_move(state) is not None:
            state = RULES.play(state, rng.choice(RULES.legal_moves(state)))
            plies += 1
        winners = RULES.winners(state)
        assert winners in ([0], [1], [0, 1])
        results += len(winners) == 1
        if winners != [0, 1]:
            assert min(state.holding[winners[0]]) >= 2
    elapsed = time.perf_counter() - started
    print(f"{RANDOM_GAMES} games, {plies / RANDOM_GAMES:.0f} plies/game, {results} decisive, "
          f"{elapsed:.1f} s")
    assert results > 0

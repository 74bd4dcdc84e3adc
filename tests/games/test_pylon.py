"""Pylon: every ruling of shared/rules/pylon.md and every worked example, one test each."""

from __future__ import annotations

import json
import random
import re

import pytest

from pbem.games import IllegalMove, InvalidOptions, get_renderer, get_rules
from pbem.games.pylon import position

RULES = get_rules("pylon")
RENDER = get_renderer("pylon")
#: Example 1 of the specification, in the stacking phase.
EXAMPLE_1 = "a2:A3B2 a3:B3 b2:A1 b3:B2A2 c3:A3B3A1 e5:B1 f1:A3B1"
PLACEMENT = re.compile(r"[LMS][a-f][1-5]")
STACKING = re.compile(r"[a-f][1-5]-[a-f][1-5]")
CELLS = [f + r for r in "12345" for f in "abcdef"]
FULL = [o + s for o in "AB" for s in "123" for _ in range(5)]


def refusal(state, text):
    with pytest.raises(IllegalMove) as info:
        RULES.play(state, text)
    return info.value.code, info.value.reason


def fill_board(options=None, seed=0):
    """A game after its 30 placements, and the seats that made them."""
    state = RULES.new_game(options=options or {}, seed=seed)
    rng = random.Random(seed)
    seats = []
    for _ in range(30):
        moves = RULES.legal_moves(state)
        assert all(PLACEMENT.fullmatch(m) for m in moves)
        seats.append(RULES.to_move(state))
        state = RULES.play(state, rng.choice(moves))
    return state, seats


# ----- rulings -------------------------------------------------------------------------------


def test_pylon_r1_the_last_placer_makes_the_first_stacking_move():
    state, seats = fill_board()
    assert seats == [0, 1] * 15  # Example 2: P1 on odd plies, P2 on even ones, P2 fills
    moves = RULES.legal_moves(state)
    assert moves and all(STACKING.fullmatch(m) for m in moves)
    assert RULES.to_move(state) == 1  # ply 31: P2 again
    state = RULES.play(state, moves[0])
    assert RULES.to_move(state) == 0  # ply 32: the other player

    alternate, seats = fill_board({"stacking_starts": "alternate"})
    assert seats == [0, 1] * 15
    assert RULES.to_move(alternate) == 0  # Abstract Play's strict alternation
    assert RULES.to_move(RULES.play(alternate, RULES.legal_moves(alternate)[0])) == 1

    for starts in ("last_placer", "alternate"):  # nobody placed last: P1 starts
        quick = RULES.new_game(options={"start": "quick", "stacking_starts": starts}, seed=9)
        assert RULES.to_move(quick) == 0
        assert all(STACKING.fullmatch(m) for m in RULES.legal_moves(quick))


def test_pylon_r2_stacks_move_one_square_onto_a_stack_never_into_an_empty_square():
    state = position(EXAMPLE_1)
    assert refusal(state, "b2-c2") == (
        "empty-target",
        "c2 is empty: stacks only move onto stacks",
    )
    assert refusal(state, "e5-e4")[0] == "empty-target"
    assert refusal(state, "b2-a3") == ("not-adjacent", "b2 and a3 are not orthogonally adjacent")
    assert refusal(state, "a2-a4")[0] == "not-adjacent"
    assert refusal(state, "c3-c3")[0] == "not-adjacent"
    assert refusal(state, "c2-c3") == ("empty-source", "c2 is empty: there is no stack to move")
    assert refusal(state, "a3-a2") == (
        "too-large",
        "the bottom of a3 (large) is larger than the top of a2 (medium)",
    )
    assert refusal(state, "c3-b3") == (
        "too-large",
        "the bottom of c3 (large) is larger than the top of b3 (medium)",
    )
    assert refusal(state, "b3-c3") == (
        "too-large",
        "the bottom of b3 (medium) is larger than the top of c3 (small)",
    )
    after = RULES.play(state, "a2-a3")  # the whole stack moves, in order; a2 stays empty
    assert RULES.to_dict(after)["stacks"]["a3"] == "B3A3B2"
    assert "a2" not in RULES.to_dict(after)["stacks"]
    assert all(not m.startswith("a2") and not m.endswith("a2") for m in RULES.legal_moves(after))


def test_pylon_r3_the_game_ends_when_no_stacking_move_is_left():
    state = position(EXAMPLE_1, 1)
    state = RULES.play(state, "b3-a3")
    assert RULES.to_dict(state)["stacks"]["a3"] == "B3B2A2"
    assert RULES.legal_moves(state) == ["b2-a2"]
    assert RULES.to_move(state) == 0 and RULES.winners(state) == []
    state = RULES.play(state, "b2-a2")
    assert RULES.to_dict(state)["stacks"]["a2"] == "A3B2A1"
    assert RULES.legal_moves(state) == []
    assert RULES.to_move(state) is None and RULES.is_over(state)
    assert RULES.scores(state) == [9, 3]
    assert RULES.winners(state) == [0]
    assert refusal(state, "a2-a3") == ("game-over", "the game is over")


def test_pylon_r4_equal_scores_are_a_draw():
    state = position("a1:A3A3A3A3A3B3B3B3B3B3A2A2A2A2A2 c1:B2B2B2B2B2A1A1A1A1A1B1B1B1B1B1")
    assert RULES.legal_moves(state) == []
    assert RULES.scores(state) == [15, 15]
    assert RULES.winners(state) == [0, 1]


# ----- worked examples -----------------------------------------------------------------------


def test_example_1_legal_moves_and_scores_whoever_is_to_move():
    for seat in (0, 1):
        state = position(EXAMPLE_1, seat)
        assert RULES.legal_moves(state) == ["a2-a3", "b2-a2", "b2-b3", "b3-a3"]
        assert RULES.scores(state) == [6, 6]
        assert RULES.to_move(state) == seat


def test_example_2_placements_before_the_phase_change_stacking_after():
    state, _ = fill_board(seed=4)
    assert RULES.to_dict(state)["stash"] == {"A": [0, 0, 0], "B": [0, 0, 0]}
    assert refusal(state, "Sa1") == ("wrong-phase", "placement is over: move a stack")
    fresh = RULES.new_game()
    assert refusal(fresh, "a1-a2") == (
        "wrong-phase",
        "the board is not full yet: place a pyramid",
    )


def test_example_3_placement_choices_and_refusals():
    moves = RULES.legal_moves(RULES.new_game())
    assert len(moves) == 90
    assert moves[:3] == ["La1", "La2", "La3"] and moves[-1] == "Sf5"
    assert {m[0] for m in moves} == {"L", "M", "S"}
    larges_gone = position(
        "a1:A3 b1:A3 c1:A3 d1:A3 e1:A3 a3:B1 b3:B1 c3:B2 d3:B3 e3:B3", placing=True
    )
    assert RULES.to_move(larges_gone) == 0
    assert refusal(larges_gone, "Lb2") == ("none-left", "no large pyramids left")
    assert refusal(larges_gone, "Ma1") == ("occupied", "a1 is occupied")
    assert len(RULES.legal_moves(larges_gone)) == 2 * 20
    assert not any(m.startswith("L") for m in RULES.legal_moves(larges_gone))


def test_example_4_only_the_top_pyramid_counts():
    state = position("c3:B3A3A2B1A1 a1:B1", 0)
    assert RULES.scores(state) == [5, 1]


# ----- notation ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [("Mc3", "Mc3"), ("mc3", "Mc3"), (" 2 C3 ", "Mc3"), ("l a 1", "La1"), ("1f5", "Sf5")],
)
def test_placements_are_read_in_any_spelling(typed, canonical):
    assert RULES.parse(RULES.new_game(), typed) == canonical


def test_stack_moves_are_read_in_any_case_and_spacing():
    state = position(EXAMPLE_1)
    assert RULES.canonical(state, " B3 - a3 ") == "b3-a3"


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("", "no move was given"),
        ("Xc3", "'x' is not a size"),
        ("Mg3", "'g3' is not a square"),
        ("a1-a6", "'a6' is not a square"),
        ("Mc33", "cannot read"),
        ("pass", "cannot read"),
        ("c3c4", "cannot read"),
    ],
)
def test_malformed_moves_are_syntax_errors(typed, says):
    with pytest.raises(IllegalMove) as info:
        RULES.parse(RULES.new_game(), typed)
    assert info.value.code == "syntax" and says in info.value.reason


# ----- options and setup ---------------------------------------------------------------------

LAYOUT = "A3B1B2A1A2B3/B3A2A1B2B1A3/A3B1B2A1A2B3/B3A2A1B2B1A3/A3B1B2A1A2B3"


def test_a_layout_is_canonicalised_and_sets_the_board():
    messy = " a3b1 B2a1A2b3 / " + LAYOUT.lower().split("/", 1)[1]
    state = RULES.new_game(options={"start": "quick", "layout": messy})
    stacks = RULES.to_dict(state)["stacks"]
    assert stacks["a5"] == "A3" and stacks["f5"] == "B3" and stacks["a1"] == "A3"
    assert stacks["a4"] == "B3" and len(stacks) == 30
    assert RULES.validate_options(2, {"start": "quick", "layout": messy})[1]["layout"] == LAYOUT
    tokens = ",".join(re.findall(r"[AB]\d", LAYOUT))  # Abstract Play's export
    assert RULES.validate_options(2, {"start": "quick", "layout": tokens})[1]["layout"] == LAYOUT


@pytest.mark.parametrize(
    ("layout", "says"),
    [
        (LAYOUT.rsplit("/", 1)[0], "5 ranks"),
        (LAYOUT[:-2], "rank 1 has 5 squares"),
        (LAYOUT.replace("B1", "C1", 1), "b5: 'C1' is not an owner"),
        (LAYOUT.replace("B1", "A1", 1), "not 6 A1, 4 B1"),
        (LAYOUT + "A1", "rank 1 has 7 squares"),
        (LAYOUT + "X9", "rank 1: 'X9' is not an owner"),
        ("A1," * 29 + "A1", "five of each"),
        ("A1,B1", "30 squares"),
    ],
)
def test_bad_layouts_are_refused_saying_why(layout, says):
    with pytest.raises(InvalidOptions, match="layout") as info:
        RULES.new_game(options={"start": "quick", "layout": layout})
    assert says in str(info.value)


def test_a_layout_needs_the_quick_start():
    with pytest.raises(InvalidOptions, match="needs start=quick"):
        RULES.new_game(options={"layout": LAYOUT})


@pytest.mark.parametrize("seed", [0, 7, 2024])
def test_the_seeded_quick_start_follows_the_written_procedure(seed):
    rng = random.Random(seed)
    bag = [o + s for o in "AB" for s in "123" for _ in range(5)]
    rng.shuffle(bag)
    state = RULES.new_game(options={"start": "quick"}, seed=seed)
    assert RULES.to_dict(state)["stacks"] == dict(zip(CELLS, bag, strict=True))


def test_a_placement_start_is_an_empty_board_with_full_stashes():
    state = RULES.new_game()
    assert RULES.to_dict(state)["stacks"] == {}
    assert RULES.to_dict(state)["stash"] == {"A": [5, 5, 5], "B": [5, 5, 5]}
    assert RULES.to_move(state) == 0 and RULES.scores(state) == [0, 0]


# ----- resignation, records, positions -------------------------------------------------------


def test_resignation_ends_the_game_for_the_other_seat():
    state = RULES.play(RULES.new_game(), "Mc3")
    resigned = RULES.resign(state, 1)
    assert RULES.winners(resigned) == [0] and RULES.to_move(resigned) is None
    assert RULES.legal_moves(resigned) == []
    with pytest.raises(IllegalMove) as info:
        RULES.resign(resigned, 0)
    assert info.value.code == "game-over"
    with pytest.raises(IllegalMove) as info:
        RULES.resign(state, 2)
    assert info.value.code == "not-in-game"


def test_states_round_trip_through_json_exactly():
    state = position(EXAMPLE_1, 1, stacking_starts="alternate")
    RULES.legal_moves(state)  # a filled cache must not change equality or the record
    for sample in (state, RULES.resign(state, 0), fill_board()[0], RULES.new_game()):
        data = json.loads(json.dumps(RULES.to_dict(sample)))
        assert RULES.from_dict(data) == sample
        assert RULES.to_dict(RULES.from_dict(data)) == data


@pytest.mark.parametrize(
    ("stacks", "kwargs", "says"),
    [
        ("c3", {}, "cell:stack"),
        ("z9:A1", {}, "cell:stack"),
        ("c3:A1A3", {}, "none above a smaller one"),
        ("c3:A1 c4:A1 c5:A1 d3:A1 d4:A1 d5:A1", {}, "only five"),
        ("c3:A1A1", {"placing": True}, "nothing stacked"),
        (
            " ".join(f"{c}:{t}" for c, t in zip(CELLS, FULL, strict=True)),
            {"placing": True},
            "not yet full",
        ),
        ("c3:A1", {"stacking_starts": "first"}, "last_placer or alternate"),
        ("c3:B1", {"placing": True}, "P1 places first"),
        ("c3:A1", {"placing": True, "to_move": 0}, "P2 is to move"),
    ],
)
def test_hand_built_positions_must_be_possible(stacks, kwargs, says):
    with pytest.raises(ValueError, match=says):
        position(stacks, **kwargs)


# ----- rendering -----------------------------------------------------------------------------


def test_the_svg_marks_every_square_the_last_move_and_the_hand():
    state = RULES.play(RULES.play(RULES.new_game(), "Lc3"), "Sd4")
    svg = RENDER.svg(state, last_move="Sd4")
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert 'role="img"' in svg and "<title>" in svg and "viewBox" in svg
    cells = re.findall(r'class="cell" data-cell="([a-f][1-5])"', svg)
    assert sorted(cells) == sorted(f + r for f in "abcdef" for r in "12345")
    assert re.findall(r'data-token="([SML])"', svg) == ["S", "M", "L"]  # P1's, to move
    larges_gone = position(
        "a1:A3 b1:A3 c1:A3 d1:A3 e1:A3 a3:B1 b3:B1 c3:B2 d3:B3 e3:B3", placing=True
    )
    assert re.findall(r'data-token="([SML])"', RENDER.svg(larges_gone)) == ["S", "M"]
    stacking = position(EXAMPLE_1)
    assert "data-token" not in RENDER.svg(stacking, last_move="b3-a3")


def test_the_text_diagram_lists_stacks_legend_and_scores():
    state = position(EXAMPLE_1, 1)
    text = RENDER.text(state, last_move="b2-b3")
    assert "A3B3A1" in text and "A3B2" in text and "b2-b3" in text
    assert "bottom to top" in text and "Score: P1 (A) 6, P2 (B) 6" in text
    assert "c3 3 pyramids, bottom to top large A, large B, small A" in RENDER.describe(state)
    final = RULES.play(RULES.play(state, "b3-a3"), "b2-a2")
    assert "P1 (A) wins 9" in RENDER.text(final) and "P1 (A) wins" in RENDER.describe(final)

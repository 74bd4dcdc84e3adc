"""Stax: the worked examples of rules/stax.md §8, one test per ruling, the tiles and notation."""

from __future__ import annotations

import pytest

from pbem.games import IllegalMove, get_renderer, get_rules
from pbem.games.stax import position
from pbem.games.stax.notation import parse_dirset
from pbem.games.stax.tiles import (
    ALL_TYPES,
    CANONICAL,
    DIRSET,
    FACE_B,
    FACE_OF,
    ROTATIONS,
    TYPE_OF,
    TYPES,
    cell,
    format_cell,
)

RULES = get_rules("stax")

EXAMPLE_2 = "0,0: L 2s{E,W}; 1,0: D 2n{E,NE}; 2,0: D 1{W}; 3,-1: D 2s{E,W}; 3,-2: D K"
EXAMPLE_3 = """
0,0:  L 2w{E,NW}
1,0:  D 2s{E,W}
2,0:  D 3y{NE,W,SE} | L 1{E}
1,1:  D K
2,1:  L 3f{E,NE,NW}
0,-1: D 1{SE}
1,-1: D 4s{E,NE,W,SW}
-1,1: L K
0,1:  D 2n{E,NE}
"""
EXAMPLE_5 = "0,0: L 2s{E,W}; 1,0: D 1{E}; 2,0: D K; 0,1: L K"


def refused(state, text):
    with pytest.raises(IllegalMove) as info:
        RULES.play(state, text)
    return info.value


def movements(state):
    return [m for m in RULES.legal_moves(state) if ">" in m]


def play_all(state, *plies):
    for ply in plies:
        state = RULES.play(state, ply)
    return state


# ----- tiles and notation -------------------------------------------------------------------


def test_the_64_pointer_sets_are_partitioned_by_the_13_tiles():
    owners = {}
    for code in TYPES:
        faces = [CANONICAL[code]] + ([FACE_B] if code == "3h" else [])
        for face in faces:
            for mask in ROTATIONS[face]:
                assert mask not in owners, (code, DIRSET[mask], owners.get(mask))
                owners[mask] = code
    assert sorted(owners) == list(range(64))
    assert [len(ROTATIONS[CANONICAL[c]]) for c in TYPES] == [1, 6, 6, 6, 3, 6, 2, 6, 6, 6, 3, 6, 1]
    assert all(TYPES[TYPE_OF[m]] == owners[m] for m in range(64))
    assert {FACE_OF[m] for m in ROTATIONS[FACE_B]} == {"B"}
    assert not set(ROTATIONS[FACE_B]) & set(ROTATIONS[CANONICAL["3h"]])


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("E+NE+NW+W+SW", "~SE"),
        ("~ne+nw+w", "E+SW+SE"),
        ("~E+NE+NW+W+SW+SE", "K"),
        ("E+NE+NW+W+SW+SE", "Q"),
        ("sw+se+e+ne", "~NW+W"),
        ("NW+E", "E+NW"),
        ("~SW+SE", "~SW+SE"),
    ],
)
def test_pointer_sets_are_written_canonically(typed, canonical):
    assert DIRSET[parse_dirset(typed.upper())] == canonical


def test_placements_are_parsed_leniently_into_canonical_form():
    state = RULES.new_game(players=2)
    assert RULES.parse(state, " nw + e @ ( +00 , -0 ) ") == "E+NW@0,0"
    assert RULES.parse(state, "~w+sw+e+ne+nw+se@2,-01") == "K@2,-1"
    assert RULES.canonical(state, "e+ne+nw+w+sw @ 0,0") == "~SE@0,0"


def test_moves_get_their_orientation_filled_in_and_kings_lose_theirs():
    state = position(EXAMPLE_3)
    assert RULES.parse(state, "(0,0)>(3,0)") == "0,0>3,0=E+NW"
    assert RULES.parse(state, "0,0 > 3,0 = nw+e") == "0,0>3,0=E+NW"
    assert RULES.parse(state, "-1,1>-1,0=k") == "-1,1>-1,0"
    assert RULES.canonical(state, "-1,1>-1,0=K") == "-1,1>-1,0"
    assert refused(state, "-1,1>-1,0=E").code == "rotation"
    queen = position("0,0: L Q; 1,0: D K; 0,1: L K", placed=(ALL_TYPES, ALL_TYPES))
    assert RULES.parse(queen, "0,0>2,0=Q") == "0,0>2,0"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "E@",
        "@0,0",
        "E+E@0,0",
        "X@0,0",
        "E@0;0",
        "0,0>",
        "0,0>1,0=",
        "E@(0,0",
        "0,0-1,0",
        "~@0,0",
    ],
)
def test_malformed_plies_are_syntax_errors(text):
    with pytest.raises(IllegalMove) as info:
        RULES.play(RULES.new_game(players=2), text)
    assert info.value.code == "syntax" and info.value.reason


def test_legal_moves_are_sorted_by_code_point():
    state = position(EXAMPLE_3)
    moves = RULES.legal_moves(state)
    assert moves == sorted(moves)
    assert moves.index("-1,1>-1,0") < moves.index("0,0>0,-1=E+NW") < moves.index("E+W@3,0")
    assert moves[-1].startswith("~")


# ----- the worked examples (§8) -------------------------------------------------------------


def test_example_1_opening_placements_and_the_king_restriction():
    state = RULES.new_game(players=2)
    moves = RULES.legal_moves(state)
    assert len(moves) == 63 and all(m.endswith("@0,0") for m in moves)
    assert "Q@0,0" not in moves and {"E@0,0", "K@0,0", "~SE@0,0"} <= set(moves)
    state = RULES.play(state, "E+W@0,0")
    moves = RULES.legal_moves(state)
    assert len(moves) == 378
    assert {m.split("@")[1] for m in moves} == {"1,0", "1,-1", "0,-1", "-1,0", "-1,1", "0,1"}
    state = RULES.play(state, "K@1,0")
    moves = RULES.legal_moves(state)
    assert len(moves) == 60
    assert {m.split("@")[1] for m in moves} == {"0,1", "1,-1"}
    assert "E@0,1" in moves and "NE@0,1" not in moves and "SE@1,-1" not in moves
    assert "points at Dark's king" in refused(state, "Q@0,1").reason


def test_example_2_pointing_through_a_stack_and_an_empty_cell():
    state = position(EXAMPLE_2)
    moves = RULES.legal_moves(state)
    assert len(moves) == 273
    counts = {}
    for move in moves:
        counts[move.split("@")[1]] = counts.get(move.split("@")[1], 0) + 1
    assert counts == {"1,-1": 61, "1,1": 61, "3,0": 61, "0,1": 30, "2,-1": 30, "4,-2": 30}
    error = refused(state, "NE@0,1")
    assert error.code == "points-at-king" and "2,-1" in error.reason
    assert "E@0,1" in moves
    assert refused(state, "W@4,-2").code == "points-at-king"


def test_example_3_passing_over_stacks_and_empty_cells_and_the_step_rule():
    state = position(EXAMPLE_3)
    moves = movements(state)
    assert len(moves) == 34
    from_origin = {m.split("=")[0] for m in moves if m.startswith("0,0>")}
    assert from_origin == {"0,0>1,0", "0,0>3,0", "0,0>0,-1"}
    assert len([m for m in moves if m.startswith("0,0>")]) == 18
    assert "0,0>3,0=E+NW" in moves
    assert refused(state, "0,0>2,0=E+NW").code == "step-rule"
    assert refused(state, "2,1>2,0=E+NE+NW").code == "step-rule"
    assert refused(state, "2,1>3,1=E+NE+NW").code == "blocked"
    assert {m.split("=")[0] for m in moves if m.startswith("2,")} == {"2,0>3,0", "2,1>3,0"}
    assert [m for m in moves if m.startswith("-1,1")] == [
        "-1,1>-1,0",
        "-1,1>-1,2",
        "-1,1>0,0",
        "-1,1>0,1",
    ]


def test_example_4_superko():
    state = play_all(position(EXAMPLE_3), "2,0>3,0=W", "0,-1>0,0=NW", "3,0>2,0=E")
    error = refused(state, "0,0>0,-1=SE")
    assert error.code == "superko"
    assert "0,0>0,-1=SE" not in RULES.legal_moves(state)
    assert "0,0>0,-1=E" in RULES.legal_moves(state)
    RULES.play(state, "0,0>0,-1=E")


def test_example_5_capture():
    state = position(EXAMPLE_5)
    assert movements(state) == [
        "0,0>1,0=E+W",
        "0,0>1,0=NE+SW",
        "0,0>1,0=NW+SE",
        "0,0>2,0=E+W",
        "0,0>2,0=NE+SW",
        "0,0>2,0=NW+SE",
        "0,1>-1,1",
        "0,1>0,0",
        "0,1>1,0",
        "0,1>1,1",
    ]
    after = RULES.play(state, "0,0>2,0=E+W")
    assert RULES.winners(after) == [0] and RULES.scores(after) == [1, 0]
    assert RULES.to_move(after) is None and RULES.legal_moves(after) == []
    assert after.board[cell(2, 0)] == ((0, CANONICAL["2s"]),)


def test_example_6_free_side_and_connectivity():
    surrounded = position(
        "0,0: L 2s{E,W}; 1,0: D 1{E}; 1,-1: D 2n{E,NE}; 0,-1: D 2w{E,NW}; -1,0: D 2s{E,W};"
        " -1,1: D 3f{E,NE,NW}; 0,1: D 3y{E,NW,SW}; 2,0: L K; 1,1: D K"
    )
    error = refused(surrounded, "0,0>1,0=E+W")
    assert error.code == "no-free-side" and "0,0" in error.reason
    assert not [m for m in movements(surrounded) if m.startswith("0,0>")]
    pinned = position(
        EXAMPLE_3.replace("1,-1: D 4s{E,NE,W,SW}", "").replace("0,1:  D 2n{E,NE}", "")
    )
    assert not [m for m in movements(pinned) if m.startswith("0,0>")]
    assert refused(pinned, "0,0>3,0=E+NW").code == "splits"


# ----- the rulings --------------------------------------------------------------------------


def test_stax_r1_the_first_tile_is_placed_at_the_origin():
    state = RULES.new_game(players=2)
    assert refused(state, "E@1,0").code == "opening"
    state = RULES.play(state, "E@0,0")
    assert refused(state, "K@2,0").code == "opening"
    state = play_all(state, "K@1,-1", "K@0,-1")
    assert sorted((q, r) for q, r, _ in RULES.to_dict(state)["board"]) == [
        (0, -1),
        (0, 0),
        (1, -1),
    ]


def test_stax_r2_no_queen_as_anyones_first_placement():
    state = RULES.new_game(players=3)
    assert refused(state, "Q@0,0").code == "first-queen"
    state = RULES.play(state, "E@0,0")
    assert not [m for m in RULES.legal_moves(state) if m.startswith("Q@")]
    state = RULES.play(state, "E@1,0")
    assert refused(state, "Q@1,-1").code == "first-queen"
    state = RULES.play(state, "E@1,-1")
    assert "Q@0,-1" in RULES.legal_moves(state)


HEMMED_IN = "0,0: L K; 1,0: D 2n; 1,-1: D 2w; 0,-1: D 2s; -1,0: D 3f; -1,1: D 3y"


def test_stax_r3_a_player_without_a_legal_action_loses_at_once():
    state = position(HEMMED_IN, turn=1, placed=(ALL_TYPES,))
    after = RULES.play(state, "E@0,1")
    assert RULES.to_move(after) is None
    assert RULES.legal_moves(after) == [] and RULES.winners(after) == [1]
    assert after.history[-1] == (1, "E@0,1")
    with pytest.raises(IllegalMove) as info:
        RULES.play(after, "0,0>0,1")
    assert info.value.code == "game-over"


def test_stax_r11_three_players_the_player_whose_target_is_stuck_wins():
    hemmed = HEMMED_IN.replace(" L ", " X ").replace(" D ", " L ").replace(" X ", " D ")
    state = position(hemmed + "; 2,-1: R K", players=3, placed=(None, ALL_TYPES))
    after = RULES.play(state, "E@0,1")
    assert RULES.winners(after) == [0] and RULES.scores(after) == [1, 0, 0]


def test_stax_r4_superko_counts_translated_positions_with_exact_orientations():
    start = position(
        "0,0: L K; 1,0: L 1{E}; 0,1: D K; 1,1: D 1{E}", placed=(ALL_TYPES, ALL_TYPES)
    )
    state = play_all(
        start, "1,0>2,0=E", "0,1>1,0", "0,0>1,-1", "1,1>2,1=E", "1,-1>2,-1", "1,0>1,1"
    )
    # 2,-1>1,0 would give the starting position moved one cell east
    error = refused(state, "2,-1>1,0")
    assert error.code == "superko"
    assert "2,-1>1,0" not in RULES.legal_moves(state)


def test_stax_r5_only_the_targets_king_counts_and_empty_touching_cells_carry_the_ray():
    state = position(EXAMPLE_2)
    assert refused(state, "NE@0,1").code == "points-at-king"  # across the empty 2,-1
    three = position("0,0: L 1{E}; 1,0: D 1{E}; 0,1: L K; 2,-1: R K; 3,-1: D K", players=3)
    assert "E+W@1,-1" in RULES.legal_moves(three)  # at Red's king, not Light's target
    assert refused(three, "NE+SW@2,0").code == "points-at-king"  # at Dark's, on 3,-1


def test_stax_r6_the_step_rule_binds_placements():
    tall = "D 1{E} | D 1{E} | D 1{E}"
    ring = ["1,-1", "0,-1", "-1,0", "-1,1", "0,1", "1,1", "2,0", "2,-1"]
    board = "; ".join(f"{c}: {tall}" for c in ring)
    state = position(board + "; 1,0: L 1{E}; 3,0: D 1{E} | D 1{E}; 4,0: D 1{E}")
    error = refused(state, "E+W@0,0")
    assert error.code == "step-rule"
    assert not [m for m in RULES.legal_moves(state) if m.endswith("@0,0")]


def test_stax_r7_a_free_side_is_a_lower_neighbour():
    raised = position(
        "0,0: D 1{E} | L 2s{E,W}; 1,0: D 2n{E,NE}; 1,-1: D 2w{E,NW}; 0,-1: D 3f{E,NE,NW};"
        " -1,0: D 3y{E,NW,SW}; -1,1: D K; 0,1: L K"
    )
    assert "0,0>1,0=E+W" in RULES.legal_moves(raised)


def test_stax_r8_the_moving_tile_is_not_an_adjacent_tile():
    state = position("0,0: L K; -1,0: D K")
    assert refused(state, "0,0>1,0").code == "isolated"
    assert refused(position(EXAMPLE_3), "2,1>3,1=E+NE+NW").code == "blocked"


def test_stax_r9_the_asymmetric_tile_keeps_its_face():
    assert {"E+NE+W@0,0", "E+NE+SW@0,0"} <= set(RULES.legal_moves(RULES.new_game(players=2)))
    state = position("0,0: L 3h{E,NE,W}; 1,0: D 1{E}; 2,0: D K; 0,1: L K")
    assert refused(state, "0,0>1,0=E+NE+SW").code == "flip"
    assert "0,0>1,0=NE+NW+SW" in RULES.legal_moves(state)


def test_stax_r10_the_final_position_is_checked_after_the_capture():
    state = position(
        "1,-1: L K; 1,0: L 1{E}; 2,0: L 2s{E,W} | D K; 3,0: D 1{E}; 2,-1: D 2n{E,NE}"
    )
    # height 3 before the king is removed would break the step rule; height 2 does not
    after = RULES.play(state, "1,0>2,0=E")
    assert RULES.winners(after) == [0]


def test_stax_r12_a_resigned_seat_stays_on_the_table_and_is_skipped():
    state = position("0,0: L 1{E}; 1,0: D K; 0,1: L K; 1,1: R K; -1,1: R 1{E}", players=3)
    assert "0,0>1,0=E" in RULES.legal_moves(state)  # Dark's king is Light's target
    assert refused(state, "0,1>1,1").code == "not-target-king"
    assert refused(state, "NE+SE@1,-1").code == "points-at-king"
    out = RULES.resign(state, 1)
    assert out.board == state.board and out.active == (True, False, True)
    assert out.history[-1] == (1, "resign") and RULES.to_move(out) == 0
    assert refused(out, "0,0>1,0=E").code == "not-target-king"
    assert "0,1>1,1" in RULES.legal_moves(out)  # Red is Light's target now
    assert "NE+SE@1,-1" in RULES.legal_moves(out)
    with pytest.raises(IllegalMove) as info:
        RULES.resign(out, 1)
    assert info.value.code == "not-in-game"
    after = RULES.play(out, "NE+SW@-1,0")
    assert RULES.to_move(after) == 2  # Dark is skipped
    assert RULES.winners(RULES.resign(after, 2)) == [0]
    dark_to_move = RULES.resign(RULES.play(state, "NE+SW@-1,0"), 1)
    assert RULES.to_move(dark_to_move) == 2


def test_two_player_resignation_ends_the_game():
    state = RULES.play(RULES.new_game(players=2), "E@0,0")
    out = RULES.resign(state, 1)
    assert RULES.winners(out) == [0] and RULES.to_move(out) is None
    with pytest.raises(IllegalMove) as info:
        RULES.resign(out, 0)
    assert info.value.code == "game-over"


def test_each_refusal_names_its_rule():
    state = position(EXAMPLE_3)
    assert refused(state, "E+W@0,0").code == "occupied"
    assert refused(state, "E+W@5,5").code == "two-neighbours"
    assert refused(state, "E+NW@3,-1").code == "already-placed"
    assert refused(state, "1,1>1,2").code == "not-yours"
    assert refused(state, "4,4>4,5").code == "no-tile"
    assert refused(state, "0,0>2,-1=E+NW").code == "not-in-line"
    assert refused(state, "0,0>-1,0=E+NW").code == "no-pointer"
    assert refused(state, "-1,1>1,1").code == "king-step"
    assert refused(state, "0,0>1,0=E+W").code == "rotation"
    early = RULES.play(RULES.new_game(players=2), "E@0,0")
    early = RULES.play(early, "E@1,0")
    assert refused(early, "0,0>1,0=E").code == "king-not-placed"


def test_renderings_show_the_table_the_hands_and_the_last_move():
    render = get_renderer("stax")
    state = position(EXAMPLE_3)
    svg = render.svg(state, last_move="0,0>3,0=E+NW")
    assert svg.startswith("<svg") and 'role="img"' in svg and "<title>" in svg
    for where in ("0,0", "2,0", "3,0", "-2,1"):
        assert f'data-cell="{where}"' in svg
    assert 'data-token="E+NE+W"' in svg and 'data-token="E+NE+SW"' in svg
    assert 'data-token="E+NW"' not in svg.split("Light")[-1].split("Dark")[0]
    text = render.text(state, last_move="0,0>3,0=E+NW")
    assert "2,0  Light 1, points E; beneath: Dark 3y" in text and "Light to move" in text
    assert "*    0,0  Light 2w, points E NW" in text and "-1,1  Light king" in text
    assert "Light's 1 tile pointing E" in render.describe(state)


def test_the_text_map_labels_rows_and_columns_so_each_stack_can_be_found():
    """Reading the map as a player would: a stack's row is the number at the left of its line,
    its column the number above it where its diagonal (half a cell right per row down) meets
    the line above the first row, and the same below the last row."""
    render = get_renderer("stax")
    state = position(EXAMPLE_3)
    lines = render.text(state).split("Map (")[1].split("\n\n")[0].splitlines()
    top, *rows, bottom = [line for line in lines if line[:5].strip().lstrip("-").isdigit()
                          or line.startswith("   q ")]
    assert top.startswith("   q ") and bottom.startswith("   q ")
    first_row, last_row = int(rows[0][:5]), int(rows[-1][:5])

    def column_at(label_line: str, at: int, rows_between: int) -> int:
        where = at - 2 * rows_between  # back along the diagonal to the label's line
        return int(label_line[where : where + 2].strip() or label_line[where - 1 : where + 1])

    found = {}
    for line in rows:
        r = int(line[:5])
        for at, char in enumerate(line):
            if at >= 5 and char in "LDR" and line[at - 1] == " ":
                q_above = column_at(top, at, r - first_row + 1)
                q_below = column_at(bottom, at, r - last_row - 1)
                assert q_above == q_below
                found[f"{q_above},{r}"] = line[at]
    owners = {format_cell(cell): "LDR"[stack[-1][0]] for cell, stack in state.board.items()}
    assert found == owners and len(found) >= 8


def test_the_documented_examples_run():
    import doctest

    from pbem.games.stax import rules, tiles

    for module in (rules, tiles):
        assert doctest.testmod(module).failed == 0


def test_the_mail_text_lists_stacks_row_by_row_in_words_with_the_last_move_marked():
    import random

    from pbem.games.stax.notation import parse_cell
    from pbem.games.stax.tiles import coords

    rules, render = RULES, get_renderer("stax")
    state, rng, move = rules.new_game(players=2, options={}, seed=3), random.Random(5), None
    for _ in range(16):
        move = rng.choice(rules.legal_moves(state))
        state = rules.play(state, move)
    text = render.text(state, last_move=move)
    lines = text.split("* the last move):\n", 1)[1].split("\n\n", 1)[0].splitlines()
    cells = [line.lstrip(" *").split()[0] for line in lines]
    rows = [coords(parse_cell(c))[1] for c in cells]
    assert rows == sorted(rows) and len(cells) == len(state.board)
    assert [line for line in lines if line.startswith("  *")] and "points" in text
    assert any(name in text for name in ("Light", "Dark"))

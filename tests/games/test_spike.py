"""Spike: one test per ruling of shared/rules/spike.md, its worked examples, options, turns."""

from __future__ import annotations

import json
import random
import re
import time

import pytest

from pbem.games import IllegalMove, get_renderer, get_rules
from pbem.games.spike import position

RULES = get_rules("spike")
RENDER = get_renderer("spike")
FACES = ("E", "N", "S", "W")


def faces(ply_stem: str) -> list[str]:
    return [f"{ply_stem}:{f}" for f in FACES]


def refused(state, text: str, code: str, words: str = "") -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        RULES.play(state, text)
    assert info.value.code == code, info.value.reason
    assert words.lower() in info.value.reason.lower()
    return info.value


def play_all(state, plies: str):
    for ply in plies.split():
        state = RULES.play(state, ply)
    return state


def example2(**options):
    """Example 2 of the spec (P1 to move unless ``to_move`` is given)."""
    return position(
        {"d7": "1MN", "g5": "1LE", "b4": "1SS", "e2": "1LN", "c3": "2SS", "f6": "2MW"},
        pennies="d7 g5 b4 e2 e6",
        nickels="c3 f6 b3",
        stash=(1, 0, 1),
        **options,
    )


def example3():
    return position(
        {"d4": "1SN", "f6": "2MW", "a8": "2SN"}, pennies="e6", stash=(0, 0, 1)
    )


# ----- rulings ------------------------------------------------------------------------------


def test_spike_r1_p1_with_pennies_moves_first():
    state = RULES.new_game(seed=9)
    assert RULES.to_move(state) == 0
    state = RULES.play(state, "S@a1:N")
    assert RULES.to_dict(state)["pennies"] == ["a1"]
    assert RULES.to_move(state) == 1


def test_spike_r2_a_piece_is_controlled_by_its_launcher():
    state = play_all(RULES.new_game(), "M@d2:N S@d8:S")
    assert RULES.to_dict(state)["pieces"] == {"d2": "1MN", "d8": "2SS"}
    refused(state, "d8-d7:S", "not-yours", "you don't control the piece on d8")
    refused(state, "e5-e6:N", "no-piece", "no piece on e5")
    assert "d2-d4:N" in RULES.legal_moves(state)


def test_spike_r3_move_optional_launch_compulsory_never_an_empty_turn():
    state = play_all(RULES.new_game(), "M@d2:N S@d8:S")
    # A launch alone is a whole turn.
    assert RULES.to_move(RULES.play(state, "S@a1:N")) == 1
    # After a move the same seat must launch.
    moved = RULES.play(state, "d2-d4:E")
    assert RULES.to_move(moved) == 0 and RULES.turn_plies(moved) == ["d2-d4:E"]
    assert all("@" in ply for ply in RULES.legal_moves(moved))
    refused(moved, "done", "launch-required", "must launch")
    refused(moved, "pass", "launch-required")
    refused(moved, "d4-e4:E", "launch-required")
    # Nothing lets a player pass while an action exists.
    refused(state, "pass", "cannot-pass")
    refused(state, "done", "no-done")
    # A move alone when no launch is legal after it (Example 3).
    alone = RULES.play(example3(), "d4-d5:N")
    assert RULES.to_move(alone) == 1 and RULES.turn_plies(alone) == []


def test_spike_r4_coins_and_pieces_block_passing_and_landing():
    state = example2()
    refused(state, "b4-b3:S", "blocked", "b3 has a nickel: the small on b4 is blocked")
    refused(state, "L@c3:N", "blocked", "c3 holds a piece")
    refused(state, "L@e3:N", "blocked", "e2 holds a piece")
    p2 = example2(to_move=1)
    refused(p2, "f6-d6:W", "blocked", "e6 has a penny")
    # A coin alone blocks the landing square too.
    lone = position({"a2": "1SN", "h2": "1SN"}, pennies="a3", stash=(0, 0, 1))
    refused(lone, "a2-a3:N", "blocked", "a3 has a penny")


def test_spike_r5_exits_need_not_be_exact():
    state = position({"c7": "1LN", "f8": "1SN", "b1": "2MS"}, stash=(0, 0, 1))
    assert RULES.legal_moves(state) == ["c7-off", "f8-off"]
    after = RULES.play(state, "c7-off")
    assert RULES.to_dict(after)["chests"] == [[0, 0, 1], [0, 0, 0]]
    assert "c7" in RULES.to_dict(after)["pennies"]  # the coin stays where the piece left
    assert RULES.legal_moves(after) == ["b1-off"]  # P2 exits south past rank 1
    refused(state, "c7-c8:N", "wrong-distance", "a large must travel 3 squares")


def test_spike_r6_launches_enter_across_the_own_home_edge():
    state = RULES.new_game()
    assert {ply[3] for ply in RULES.legal_moves(state) if ply[0] == "S"} == {"1"}
    refused(state, "L@d2:N", "wrong-rank", "a large launched by P1 lands on rank 3")
    refused(state, "S@d8:S", "wrong-rank", "rank 1")
    p2 = RULES.play(state, "S@a1:N")
    ranks = {ply[0]: {ply[3]} for ply in RULES.legal_moves(p2)}
    assert ranks == {"S": {"8"}, "M": {"7"}, "L": {"6"}}
    refused(p2, "M@b2:N", "wrong-rank", "a medium launched by P2 lands on rank 7")
    # The home-row square is step 1: a coin there closes the whole file.
    blocked = position(pennies="c1", stash=(5, 5, 5))
    assert not [ply for ply in RULES.legal_moves(blocked) if ply[2] == "c"]
    refused(blocked, "L@c3:N", "blocked", "c1 has a penny")


def test_spike_r7_the_game_ends_when_neither_player_can_act():
    state = position({"a8": "2SN", "h1": "1SS"}, pennies="c5", stash=(1, 0, 0))
    assert RULES.to_move(state) is None and RULES.legal_moves(state) == []
    assert RULES.winners(state) == [0, 1]
    # One player stuck, the other not: the stuck one passes.
    stuck = position({"a8": "2SN", "c4": "1SN"}, stash=(1, 0, 0), to_move=1)
    assert RULES.legal_moves(stuck) == ["pass"]
    refused(stuck, "a8-off", "off-board", "north edge")


def test_spike_r8_equal_pieces_and_pips_are_a_draw():
    state = position(stash=(0, 0, 1), chests=((1, 0, 1), (0, 2, 0)))
    assert RULES.is_over(state)
    assert RULES.scores(state) == [2, 2] and RULES.winners(state) == [0, 1]


# ----- worked examples ----------------------------------------------------------------------


def test_example_1_the_first_turn():
    state = RULES.new_game()
    moves = RULES.legal_moves(state)
    assert len(moves) == 96 and "S@a1:N" in moves and "L@d3:E" in moves
    refused(state, "L@d2:N", "wrong-rank")
    refused(state, "S@d8:S", "wrong-rank")
    refused(state, "S@d1:NE", "syntax", "diagonal")


def test_example_2_moves_exits_blocking():
    state = example2()
    moves = RULES.legal_moves(state)
    assert [m for m in moves if "@" not in m] == ["d7-off"] + faces("e2-e5")
    launches = [m for m in moves if "@" in m]
    squares = {m[2:4] for m in launches}
    assert squares == {f"{f}1" for f in "abcdefgh"} | {"a3", "d3", "f3", "g3", "h3"}
    assert len(launches) == 52 and len(moves) == 57
    refused(state, "g5-g8:E", "wrong-direction", "faces east")
    refused(state, "g5-h5:E", "off-board", "the large on g5 would leave the board across the east")
    refused(state, "b4-b3:S", "blocked", "b3 has a nickel: the small on b4 is blocked")
    refused(state, "d7-d8:N", "wrong-distance", "a medium must travel 2 squares")
    refused(state, "b4-off", "no-exit", "the small on b4 lands on b3")
    exited = RULES.play(state, "d7-off")
    assert RULES.to_dict(exited)["chests"][0] == [0, 1, 0]
    assert RULES.turn_plies(exited) == ["d7-off"] and RULES.to_move(exited) == 0
    assert len(RULES.legal_moves(exited)) == 52
    launched = RULES.play(exited, "L@a3:N")
    assert RULES.to_move(launched) == 1 and RULES.to_dict(launched)["stash"] == [1, 0, 0]
    assert not [m for m in RULES.legal_moves(launched) if "@" in m]
    refused(launched, "S@a8:S", "stash", "only one piece is left in the stash: no launches")


def test_example_2_for_p2_and_with_hop():
    p2 = example2(to_move=1)
    moves = RULES.legal_moves(p2)
    assert [m for m in moves if "@" not in m] == faces("c3-c2")
    assert {m[2:4] for m in moves if m[0] == "L"} == {"a6", "b6", "c6", "g6", "h6"}
    assert len(moves) == 56
    hop2 = RULES.legal_moves(example2(to_move=1, hop=True))
    assert len(hop2) == 60 and set(faces("f6-d6")) <= set(hop2)
    hop1 = RULES.legal_moves(example2(hop="true"))
    assert len(hop1) == 61 and set(faces("L@e3")) <= set(hop1)
    refused(example2(to_move=1, hop=True), "L@d6:S", "blocked", "d7 holds a piece you don't")


def test_example_3_forced_move_forced_pass_end():
    state = example3()
    assert RULES.legal_moves(state) == faces("d4-d5")
    record = "d4-d5:N pass d5-d6:N pass d6-d7:N pass d7-d8:N pass d8-off".split()
    for ply in record:
        if ply == "pass":
            assert RULES.to_move(state) == 1 and RULES.legal_moves(state) == ["pass"]
        state = RULES.play(state, ply)
    assert RULES.is_over(state) and RULES.legal_moves(state) == []
    assert RULES.to_dict(state)["chests"] == [[1, 0, 0], [0, 0, 0]]
    assert RULES.scores(state) == [1, 0] and RULES.winners(state) == [0]


@pytest.mark.parametrize(
    ("p1", "p2", "winners"),
    [((1, 0, 1), (0, 2, 0), [0, 1]), ((1, 0, 1), (1, 1, 0), [1]), ((0, 0, 3), (2, 0, 0), [0])],
)
def test_example_4_tie_breaks(p1, p2, winners):
    state = position(stash=(0, 0, 1), chests=(p1, p2))
    assert RULES.is_over(state) and RULES.winners(state) == winners


# ----- options ------------------------------------------------------------------------------


def test_option_launch_optional_allows_done_after_a_move_only():
    state = example2(launch="optional")
    assert "done" not in RULES.legal_moves(state)
    refused(state, "done", "no-done", "after a move")
    exited = RULES.play(state, "d7-off")
    assert "done" in RULES.legal_moves(exited) and len(RULES.legal_moves(exited)) == 53
    refused(exited, "pass", "launch-required", "done")
    ended = RULES.play(exited, "DONE")
    assert RULES.to_move(ended) == 1 and RULES.to_dict(ended)["stash"] == [1, 0, 1]
    # Without a launch after the move the turn is over at once: no done to type.
    assert RULES.to_move(RULES.play(example3(), "d4-d5:N")) == 1


def test_option_hop_passes_coins_and_own_pieces_never_opposed_ones():
    state = position(
        {"a2": "1LN", "a3": "1SE", "b2": "1LN", "b4": "2SS"},
        nickels="b3", stash=(0, 0, 1), hop=True,
    )
    moves = RULES.legal_moves(state)
    assert set(faces("a2-a5")) <= set(moves)  # over its own piece on a3
    refused(state, "b2-b5:N", "blocked", "b4 holds a piece you don't control")
    plain = position({"a2": "1LN", "a3": "1SE"}, stash=(0, 0, 1))
    refused(plain, "a2-a5:N", "blocked", "a3 holds a piece")


@pytest.mark.parametrize(
    ("goal", "chest", "exit_size", "wins"),
    [("five", (2, 1, 1), "S", True), ("five", (1, 1, 1), "S", False),
     ("trio", (2, 0, 1), "M", True), ("trio", (2, 0, 1), "S", False)],
)
def test_option_goal_wins_at_the_end_of_the_turn(goal, chest, exit_size, wins):
    state = position(
        {"a8": f"1{exit_size}N"}, stash=(2, 0, 0), chests=(chest, (0, 0, 0)), goal=goal
    )
    exited = RULES.play(state, "a8-off")
    assert not RULES.is_over(exited), "the turn goes on to its launch"
    end = RULES.play(exited, "S@c1:N")
    assert RULES.is_over(end) is wins
    if wins:
        assert RULES.winners(end) == [0] and RULES.legal_moves(end) == []
        assert RULES.from_dict(RULES.to_dict(end)) == end


def test_goal_five_beats_the_pip_tie_break():
    state = position({"a8": "1LN"}, stash=(1, 0, 0), chests=((0, 0, 4), (0, 0, 0)),
                           goal="five")
    end = RULES.play(state, "a8-off")
    assert RULES.winners(end) == [0]


# ----- notation and typed turns -------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [("m@d2:n", "M@d2:N"), (" 2 @ D2 : N ", "M@d2:N"), ("3@a3:e", "L@a3:E"),
     ("S@A1:w", "S@a1:W"), ("D7 - OFF", "d7-off"), ("E2-E5:s", "e2-e5:S")],
)
def test_parse_is_lenient_and_canonical(typed, canonical):
    assert RULES.parse(RULES.new_game(), typed) == canonical


def test_non_text_is_a_syntax_error():
    for bad in (None, 42, ["d7-off"]):
        refused(RULES.new_game(), bad, "syntax", "text")
        with pytest.raises(IllegalMove):
            RULES.play_turn(RULES.new_game(), bad)


@pytest.mark.parametrize(
    ("typed", "words"),
    [("", "no move"), ("d2-d4", "facing"), ("X@d2:N", "size"), ("S@i1:N", "no square i1"),
     ("S@a9:N", "no square a9"), ("S@a1:Q", "facing"), ("S@a1:N S@b1:N", "more than one"),
     ("hello", "not a Spike ply"), ("d2-off:N", "not a Spike ply")],
)
def test_malformed_plies_are_syntax_errors(typed, words):
    refused(RULES.new_game(), typed, "syntax", words)


def test_split_turn_keeps_spaced_punctuation_inside_a_ply():
    assert RULES.split_turn("c3 - c5 : E  M @ d2 :N") == ["c3-c5:E", "M@d2:N"]
    assert RULES.split_turn(" d7-off\tS@a1:N ") == ["d7-off", "S@a1:N"]
    assert RULES.split_turn("   ") == []


def test_a_whole_turn_on_one_line_is_all_or_nothing():
    state = example2()
    after = RULES.play_turn(state, "d7 - off  L@a3 : n")
    assert after == RULES.play(RULES.play(state, "d7-off"), "L@a3:N")
    with pytest.raises(IllegalMove) as info:
        RULES.play_turn(state, "d7-off L@d2:N")
    assert info.value.code == "wrong-rank" and info.value.reason.startswith("step 2 (L@d2:N)")
    assert RULES.to_dict(state) == RULES.to_dict(example2())
    with pytest.raises(IllegalMove) as info:
        RULES.play_turn(state, "   ")
    assert info.value.code == "syntax"
    with pytest.raises(IllegalMove) as info:
        RULES.play_turn(state, "L@d2:N")
    assert info.value.reason == "a large launched by P1 lands on rank 3"


def test_a_typed_turn_never_plays_for_the_opponent():
    with pytest.raises(IllegalMove) as info:
        RULES.play_turn(example3(), "d4-d5:N pass")
    assert info.value.code == "turn-over" and "step 2 (pass)" in info.value.reason


def test_turn_plies_lists_the_turn_in_progress():
    state = example2()
    assert RULES.turn_plies(state) == []
    exited = RULES.play(state, "d7-off")
    assert RULES.turn_plies(exited) == ["d7-off"]
    assert RULES.turn_plies(RULES.play(exited, "S@b1:E")) == []
    assert RULES.turn_plies(RULES.resign(exited, 1)) == []


# ----- resignation, serialisation -----------------------------------------------------------


def test_resignation_mid_turn_and_its_errors():
    exited = RULES.play(example2(), "d7-off")
    resigned = RULES.resign(exited, 0)
    assert RULES.is_over(resigned) and RULES.winners(resigned) == [1]
    assert RULES.scores(resigned) == [1, 0]
    assert RULES.from_dict(json.loads(json.dumps(RULES.to_dict(resigned)))) == resigned
    with pytest.raises(IllegalMove) as info:
        RULES.resign(resigned, 1)
    assert info.value.code == "game-over"
    for seat in (2, -1, True, "0"):
        with pytest.raises(IllegalMove) as info:
            RULES.resign(exited, seat)
        assert info.value.code == "not-in-game"
    with pytest.raises(IllegalMove) as info:
        RULES.play(resigned, "S@a1:N")
    assert info.value.code == "game-over"


def test_round_trip_is_exact_mid_turn_and_with_options():
    state = RULES.play(example2(launch="optional", hop=True, goal="trio"), "d7-off")
    data = json.loads(json.dumps(RULES.to_dict(state)))
    again = RULES.from_dict(data)
    assert again == state and RULES.legal_moves(again) == RULES.legal_moves(state)
    assert RULES.winners(again) == []
    # Turn starts, a forced pass and a finished game also come back with the same plies.
    passing = RULES.play(example3(), "d4-d5:N")
    ended = play_all(example3(), "d4-d5:N pass d5-d6:N pass d6-d7:N pass d7-d8:N pass d8-off")
    for other in (example2(), passing, ended):
        fresh = RULES.from_dict(json.loads(json.dumps(RULES.to_dict(other))))
        assert fresh == other and RULES.legal_moves(fresh) == RULES.legal_moves(other)
    assert data["options"] == {"launch": "optional", "hop": True, "goal": "trio"}
    for bad in ({}, {**data, "to_move": 5}, {**data, "turn": ["nonsense"]},
                {**data, "pieces": {"z9": "1SN"}}, {**data, "stash": [1, 2]}):
        with pytest.raises(ValueError):
            RULES.from_dict(bad)


def test_position_builder_checks_its_input():
    with pytest.raises(ValueError):
        position({"d4": "3SN"})
    with pytest.raises(ValueError):
        position({"d4": "1SN"}, nickels="d4")
    with pytest.raises(ValueError):
        position(to_move=2)


# ----- rendering ----------------------------------------------------------------------------


def test_svg_has_cells_tokens_and_the_last_move():
    state = RULES.play(example2(), "d7-off")
    picture = RENDER.svg(state, last_move="d7-off")
    assert picture.startswith("<svg") and 'role="img"' in picture and "<title>" in picture
    assert "viewBox" in picture
    assert sorted(re.findall(r'class="cell" data-cell="(\w\d)"', picture)) == sorted(
        f"{f}{r}" for f in "abcdefgh" for r in range(1, 9)
    )
    # the stash sizes, and the facings as the text they add to a move
    assert set(re.findall(r'data-token="([^"]*)"', picture)) == {"S", "M", "L", ":N", ":E", ":S",
                                                                   ":W"}
    assert picture.count('class="last"') == 1
    assert "#b87333" in picture and "#c4c7cc" in picture  # copper pennies, silver nickels
    assert RENDER.svg(state, last_move="d7-off L@a3:N").count('class="last"') == 2
    assert RENDER.svg(state, last_move="e2-e5:N").count('class="last"') == 2


def test_text_and_description_tell_the_whole_position():
    state = RULES.play(example2(), "d7-off")
    board = RENDER.text(state, last_move="d7-off")
    assert "1L>" in board and "2M<" in board and "Legend" in board
    assert "P1 chest: 0 small, 1 medium, 0 large" in board and "Stash: 1 small" in board
    assert "This turn so far: d7-off" in board
    words = RENDER.describe(state)
    assert "P2 controls small on c3 facing south, medium on f6 facing west" in words
    assert "P1's chest: 0 small, 1 medium" in words
    assert "P2 to move" in RENDER.text(RULES.play_turn(example3(), "d4-d5:N"))


@pytest.mark.parametrize(
    ("state", "status"),
    [
        (RULES.resign(RULES.new_game(), 1), "P2 resigned: P1 wins"),
        (RULES.play(position({"a8": "1LN"}, stash=(1, 0, 0), chests=((0, 0, 4), (0, 0, 0)),
                                   goal="five"), "a8-off"), "P1 reached the goal (five)"),
        (position(stash=(0, 0, 1), chests=((1, 0, 1), (0, 2, 0))), "a draw (2–2)"),
        (position(stash=(0, 0, 1), chests=((1, 0, 1), (1, 1, 0))), "P2 wins (2–2)"),
    ],
)
def test_finished_games_say_how_they_ended(state, status):
    assert status in RENDER.text(state) and status in RENDER.describe(state)
    assert status in RENDER.svg(state, last_move=object())
    assert 'class="last"' not in RENDER.svg(state, last_move="nonsense pass")


# ----- random games -------------------------------------------------------------------------


OPTION_SETS = [
    {},
    {"hop": True},
    {"launch": "optional"},
    {"goal": "five"},
    {"goal": "trio", "hop": True, "launch": "optional"},
]


def test_two_thousand_random_games_end_and_keep_the_invariants():
    started = time.perf_counter()
    rng = random.Random(2005)
    lengths = []
    for game in range(2000):
        options = OPTION_SETS[game % len(OPTION_SETS)]
        state = RULES.new_game(options=options, seed=game)
        plies = 0
        while not RULES.is_over(state):
            moves = RULES.legal_moves(state)
            assert moves and moves == sorted(moves)
            state = RULES.play(state, rng.choice(moves))
            plies += 1
            assert plies <= 3 * 78, "SPIKE-R7: at most 78 acting turns of 2 plies, each pass"
        data = RULES.to_dict(state)
        on_board = len(data["pieces"]) + sum(data["stash"]) + sum(map(sum, data["chests"]))
        assert on_board == 15
        assert all(cell in data["pennies"] + data["nickels"] for cell in data["pieces"])
        assert RULES.winners(state)
        lengths.append(plies)
    assert max(lengths) < 100
    assert time.perf_counter() - started < 40

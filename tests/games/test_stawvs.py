"""Stawvs: one test per ruling of shared/rules/stawvs.md, and its worked examples."""

from __future__ import annotations

import itertools
import json
import random
import re

import pytest

from pbem.games import IllegalMove, InvalidOptions, get_renderer, get_rules
from pbem.games.stawvs import position
from pbem.games.stawvs.rules import score
from pbem.games.stawvs.state import CODE_INDEX

RULES = get_rules("stawvs")
RENDER = get_renderer("stawvs")

EXAMPLE_1 = dict.fromkeys(["b2", "c3", "c4", "c5", "c6", "d4", "e5", "f6"], "B1")
EXAMPLE_1_MOVES = (
    "c3-b2/c3 c3-b2/d4 "
    "c3-c4/c3 c3-c4/c5 c3-c4/c6 c3-c4/d4 "
    "c3-c5/c3 c3-c5/c4 c3-c5/c6 c3-c5/d4 "
    "c3-c6/c3 c3-c6/c4 c3-c6/c5 "
    "c3-d4/b2 c3-d4/c3 c3-d4/c4 c3-d4/c5"
).split()
EXAMPLE_2 = {
    "a1": "B2", "b2": "P1", "c3": "P2", "d4": "P3", "e5": "G2",
    "a8": "O1", "b7": "B3", "h8": "G3", "f2": "G1",
}  # fmt: skip


def example_1(to_move=0, **options):
    return position(EXAMPLE_1, [["c3"], ["e5"]], to_move, **options)


def example_2(**options):
    return position(EXAMPLE_2, [["b2", "b7", "f2"], ["a1", "a8", "h8"]], 1, **options)


def refused(state, text) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        RULES.play(state, text)
    return info.value


def codes(text: str) -> bytes:
    return bytes(CODE_INDEX[c] for c in text.split())


def round_trip(state):
    return RULES.from_dict(json.loads(json.dumps(RULES.to_dict(state))))


# ----- rulings -----------------------------------------------------------------------------


def test_stawvs_r1_passing_is_permanent():
    state = RULES.play(example_2(), "pass")
    state = RULES.play(state, "b2-c3/d4")
    # b2 is now open next to P2's cap on a1, yet P2 stays out.
    assert RULES.legal_moves(state) == ["pass"]
    error = refused(state, "a1-b2/a1")
    assert error.code == "out" and "must pass" in error.reason


def test_stawvs_r2_passes_are_recorded_plies():
    state = example_2()
    assert RULES.legal_moves(state) == ["pass"]
    after = RULES.play(state, "PASS")
    assert after != state and RULES.to_move(after) == 0 and 1 in after.out
    assert refused(example_1(), "pass").code == "no-pass"


def test_stawvs_r3_the_vacated_square_is_open_for_the_claim():
    legal = RULES.legal_moves(example_1())
    assert "c3-b2/d4" in legal and "c3-d4/b2" in legal  # claims across c3
    assert "c3-b2/c3" in legal  # the vacated pyramid itself


def test_stawvs_r4_claiming_is_compulsory():
    state = example_1()
    error = refused(state, "c3-c4")
    assert error.code == "syntax" and "claim" in error.reason
    rng = random.Random(4)
    state = RULES.new_game(players=2, seed=4)
    while RULES.to_move(state) is not None:
        move = rng.choice(RULES.legal_moves(state))
        after = RULES.play(state, move)
        seat = state.to_move
        claimed = len(after.collections[seat]) - len(state.collections[seat])
        assert claimed == (1 if "-" in move else 0)
        state = after


def brute_force_score(pyramids: list[str]) -> int:
    """The best arrangement by trying every tree that can be taken out first."""
    best = len(pyramids)
    for trio in itertools.combinations(range(len(pyramids)), 3):
        picked = [pyramids[i] for i in trio]
        if sorted(p[1] for p in picked) != ["1", "2", "3"]:
            continue
        rest = [p for i, p in enumerate(pyramids) if i not in trio]
        value = 7 if len({p[0] for p in picked}) == 1 else 5
        best = max(best, value + brute_force_score(rest))
    return best


def test_stawvs_r5_the_closed_form_is_the_best_arrangement():
    rng = random.Random(5)
    pool = [c + s for c in "PBGO" for s in "123"]
    for _ in range(150):
        pyramids = [rng.choice(pool) for _ in range(rng.randrange(10))]
        assert score(codes(" ".join(pyramids))) == brute_force_score(pyramids), pyramids


def test_stawvs_r6_tied_leaders_all_win():
    state = position({"b2": "P1", "g7": "B1"}, [["b2"], ["g7"]], 0)
    state = RULES.play(RULES.play(state, "pass"), "pass")
    assert RULES.is_over(state)
    assert RULES.scores(state) == [1, 1]
    assert RULES.winners(state) == [0, 1]


def test_stawvs_r7_two_caps_only_with_four_players():
    for players in (2, 3):
        with pytest.raises(InvalidOptions, match="4 players"):
            RULES.new_game(players=players, options={"caps": 2})
    state = RULES.new_game(players=4, options={"caps": "2"})
    for _ in range(8):
        assert len(RULES.legal_moves(state)[0]) == 2  # still placing
        state = RULES.play(state, RULES.legal_moves(state)[0])
    assert RULES.to_move(state) == 0 and all(len(caps) == 2 for caps in state.caps)
    assert "-" in RULES.legal_moves(state)[0]


def test_stawvs_r8_resignation_with_three_players():
    pyramids = dict.fromkeys(["a1", "a2", "a3", "a4", "b1", "c1", "d1", "h8", "g8", "f8"], "P1")
    state = position(pyramids, [["a1"], ["b1"], ["h8"]], 0)
    state = RULES.play(state, "a1-a3/a4")
    state = RULES.resign(state, 1)  # on P2's own turn
    assert RULES.to_move(state) == 2 and RULES.to_dict(state)["caps"][1] == ["b1"]
    with pytest.raises(IllegalMove) as info:
        RULES.resign(state, 1)
    assert info.value.code == "not-in-game"
    state = RULES.play(state, "h8-g8/f8")
    # P2's cap stays on b1: it blocks P1's claim along rank 1 and cannot be claimed.
    legal = RULES.legal_moves(state)
    assert "a3-a1/a2" in legal and not any(m.endswith(("b1", "c1")) for m in legal)
    error = refused(state, "a3-a1/c1")
    assert error.code == "blocked" and "cap on b1" in error.reason
    state = RULES.play(state, "a3-a1/a2")
    assert RULES.to_move(state) == 2  # P2's turn is skipped without a ply
    state = RULES.resign(state, 0)
    assert RULES.is_over(state) and RULES.to_move(state) is None
    # P1 keeps what it claimed but takes no final collection; P3, the last seat in, does.
    assert RULES.scores(state) == [2, 0, 2]
    assert RULES.winners(state) == [2]  # a tie with a resigned seat is no tie
    assert round_trip(state) == state
    with pytest.raises(IllegalMove) as info:
        RULES.resign(state, 2)
    assert info.value.code == "game-over"


def test_stawvs_r8_a_resigned_seat_never_wins_and_is_skipped_in_placement():
    state = RULES.new_game(players=3, seed=8)
    state = RULES.play(state, "b2")
    state = RULES.resign(state, 1)
    assert RULES.to_move(state) == 2
    for _ in range(5):
        state = RULES.play(state, RULES.legal_moves(state)[0])
    assert state.in_hand == (0, 3, 0) and RULES.to_move(state) == 0
    assert "-" in RULES.legal_moves(state)[0]
    rng = random.Random(8)
    while not RULES.is_over(state):
        state = RULES.play(state, rng.choice(RULES.legal_moves(state)))
    assert 1 not in RULES.winners(state) and RULES.scores(state)[1] == 0


def test_stawvs_r8_two_players_opponent_wins_at_once():
    state = RULES.resign(RULES.new_game(players=2, seed=1), 1)
    assert RULES.is_over(state) and RULES.winners(state) == [0]


# ----- worked examples ---------------------------------------------------------------------


def test_example_1_move_generation():
    assert RULES.legal_moves(example_1()) == EXAMPLE_1_MOVES


@pytest.mark.parametrize(
    ("move", "code", "words"),
    [
        ("c3-e5/d4", "capped", "e5 is capped"),
        ("c3-c7/c6", "gap", "c7 is a gap"),
        ("c3-c6/d4", "not-a-line", "d4 is not in a straight line from c6"),
        ("c3-d4/f6", "blocked", "the cap on e5 blocks the line from d4 to f6"),
        ("c3-c4/c4", "claim-own-square", "cannot claim c4"),
        ("c3-c4", "syntax", "claim"),
        ("e5-d4/c4", "no-cap", "you have no cap on e5"),
        ("c3-e4/c4", "not-a-line", "e4 is not in a straight line from c3"),
        ("c3-f6/c4", "blocked", "the cap on e5 blocks the line from c3 to f6"),
        ("c3-c3/c4", "no-move", "another square"),
        ("c4-c5/c6", "no-cap", "you have no cap on c4"),
        ("d4", "movement-phase", "from-to/claim"),
        ("c3-c6/c7", "gap", "c7 is a gap"),
    ],
)
def test_example_1_refusals(move, code, words):
    error = refused(example_1(), move)
    assert error.code == code and words in error.reason


def test_example_1_vacated_variant():
    state = example_1(claims="vacated")
    assert RULES.legal_moves(state) == "c3-b2/c3 c3-c4/c3 c3-c5/c3 c3-c6/c3 c3-d4/c3".split()
    assert RULES.canonical(state, "C3 - C4") == "c3-c4/c3"
    assert refused(state, "c3-c4/d4").code == "claim-not-vacated"


def test_example_1_for_p2():
    assert RULES.legal_moves(example_1(to_move=1)) == (
        "e5-d4/c4 e5-d4/c5 e5-d4/e5 e5-d4/f6 e5-f6/d4 e5-f6/e5".split()
    )


@pytest.mark.parametrize(("final_collect", "expected"), [(True, [9, 5]), (False, [2, 0])])
def test_example_2_permanent_pass_end_and_scores(final_collect, expected):
    state = example_2(final_collect=final_collect)
    assert RULES.legal_moves(state) == ["pass"]
    state = RULES.play(state, "pass")
    assert RULES.legal_moves(state) == (
        "b2-c3/b2 b2-c3/d4 b2-c3/e5 b2-d4/b2 b2-d4/c3 b2-d4/e5 b2-e5/b2 b2-e5/c3 b2-e5/d4".split()
    )
    state = RULES.play(state, "b2-c3/d4")
    state = RULES.play(state, "pass")
    assert RULES.legal_moves(state) == ["c3-b2/c3"]
    state = RULES.play(state, "c3-b2/c3")
    state = RULES.play(state, "pass")
    assert RULES.scores(state)[0] == 2 and RULES.winners(state) == []
    assert RULES.legal_moves(state) == ["pass"]
    state = RULES.play(state, "pass")
    assert RULES.is_over(state) and RULES.to_move(state) is None
    assert RULES.legal_moves(state) == []
    assert RULES.scores(state) == expected
    assert RULES.winners(state) == [0]
    assert refused(state, "pass").code == "game-over"
    assert round_trip(state) == state


@pytest.mark.parametrize(
    ("collection", "expected"),
    [("P3 P2 P1 B3 B2 G1 O1", 13), ("P3 B2 G1 O3", 6), ("P3 P3 P2 P2 P1 P1", 14), ("", 0)],
)
def test_example_3_scoring(collection, expected):
    assert score(codes(collection)) == expected


def test_example_4_placement_phase():
    state = RULES.new_game(players=2, seed=0)
    legal = RULES.legal_moves(state)
    assert len(legal) == 60 and "a1" not in legal
    error = refused(state, "a1")
    assert (error.code, error.reason) == ("gap", "a1 is a gap")
    assert refused(state, "pass").code == "no-pass"
    assert refused(state, "b2-b3/b4").code == "placement-phase"
    state = RULES.play(state, "d4")
    error = refused(state, "D4")
    assert (error.code, error.reason) == ("capped", "d4 is capped")
    seats = [RULES.to_move(state)]
    for ply in range(5):
        state = RULES.play(state, RULES.legal_moves(state)[ply])
        seats.append(RULES.to_move(state))
    assert seats == [1, 0, 1, 0, 1, 0]  # after plies 1-6; ply 7 is P1's first move
    assert all("-" in move for move in RULES.legal_moves(state))


# ----- setup, layouts, options -------------------------------------------------------------


def expected_board(seed: int, gaps: str) -> dict[str, str]:
    """§1.4's procedure, written out independently of the rules module."""
    rng = random.Random(seed)
    squares = [f + r for r in "12345678" for f in "abcdefgh"]
    holes = {"corners": ["a1", "h1", "a8", "h8"], "center": ["d4", "e4", "d5", "e5"]}
    chosen = rng.sample(squares, 4) if gaps == "random" else holes[gaps]
    bag = [c + s for c in "PBGO" for s in "123" for _ in range(5)]
    rng.shuffle(bag)
    return dict(zip([s for s in squares if s not in chosen], bag, strict=True))


def board_of(state) -> dict[str, str]:
    ranks = RULES.layout(state).split("/")
    return {
        f"{'abcdefgh'[i]}{8 - row}": rank[2 * i : 2 * i + 2]
        for row, rank in enumerate(ranks)
        for i in range(8)
        if rank[2 * i] != "."
    }


@pytest.mark.parametrize("gaps", ["corners", "center", "random"])
def test_seeded_setup_follows_the_written_procedure(gaps):
    for seed in (0, 7, 2024):
        state = RULES.new_game(players=2, options={"gaps": gaps}, seed=seed)
        assert board_of(state) == expected_board(seed, gaps)


def test_seeded_setup_fixed_board():
    state = RULES.new_game(players=2, seed=7)
    assert RULES.layout(state).split("/")[7] == "".join(
        expected_board(7, "corners").get(f + "1", "..") for f in "abcdefgh"
    )
    assert state.caps == ((), ()) and state.in_hand == (3, 3) and RULES.to_move(state) == 0


def test_layout_option_fixes_the_board_and_overrides_gaps():
    layout = RULES.layout(RULES.new_game(players=2, options={"gaps": "random"}, seed=3))
    typed = " " + layout.lower().replace("/", " / ", 3) + " "
    for gaps in ("corners", "center"):
        state = RULES.new_game(players=3, options={"layout": typed, "gaps": gaps}, seed=99)
        assert RULES.layout(state) == layout
    _, options = RULES.validate_options(2, {"layout": typed})
    assert options["layout"] == layout
    assert RULES.validate_options(2, {"layout": ""})[1]["layout"] is None


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda ranks: ranks[:7], "8 ranks"),
        (lambda ranks: [ranks[0] + "P1"] + ranks[1:], "rank 8"),
        (lambda ranks: [ranks[0][:2] + "X1" + ranks[0][4:]] + ranks[1:], "b8"),
        (lambda ranks: [ranks[0][:2] + "P4" + ranks[0][4:]] + ranks[1:], "b8"),
        (lambda ranks: ["P1" + ranks[0][2:]] + ranks[1:], "4 gaps"),
        (lambda ranks: [ranks[0][:2] + ".." + ranks[0][4:]] + ranks[1:], "4 gaps"),
    ],
)
def test_layout_refusals(mutate, message):
    ranks = RULES.layout(RULES.new_game(players=2, seed=1)).split("/")
    with pytest.raises(InvalidOptions, match=message):
        RULES.new_game(players=2, options={"layout": "/".join(mutate(ranks))})


def test_layout_needs_five_of_each_pyramid():
    layout = RULES.layout(RULES.new_game(players=2, seed=1))
    first = re.search(r"[PBGO][123]", layout).group()
    other = "P1" if first != "P1" else "B1"
    swapped = layout.replace(first, other, 1)
    with pytest.raises(InvalidOptions, match="five"):
        RULES.new_game(players=2, options={"layout": swapped})


def test_options_and_their_defaults():
    players, options = RULES.validate_options("4", {"final_collect": "false", "caps": "2"})
    assert players == 4
    assert options == {
        "gaps": "corners",
        "layout": None,
        "claims": "line",
        "final_collect": False,
        "caps": 2,
    }
    with pytest.raises(InvalidOptions, match="claims"):
        RULES.validate_options(2, {"claims": "fish"})
    state = RULES.new_game(players=2, options={"claims": "VACATED", "final_collect": False})
    assert state.claims == "vacated" and state.final_collect is False


# ----- notation, state, rendering ----------------------------------------------------------


def test_parse_is_lenient_and_canonical():
    state = example_1()
    for typed in ("C3-B2/D4", " c 3 - b2 , d4 ", "c3-b2,D4"):
        assert RULES.canonical(state, typed) == "c3-b2/d4"
    for bad in ("", "c3-b2/d4/e5", "c9", "i3", "c3b2d4", "pas", "\x00", "c3-b2/"):
        assert refused(state, bad).code == "syntax"
    with pytest.raises(IllegalMove):
        RULES.play(state, None)


def test_play_never_mutates_and_round_trips_exactly():
    state = RULES.new_game(players=4, options={"gaps": "random"}, seed=12)
    rng = random.Random(12)
    while not RULES.is_over(state):
        snapshot = RULES.to_dict(state)
        copy = round_trip(state)
        assert copy == state and hash(copy) == hash(state)
        state_after = RULES.play(state, rng.choice(RULES.legal_moves(state)))
        assert RULES.to_dict(state) == snapshot
        state = state_after
    assert round_trip(state) == state and RULES.winners(state)
    assert RULES.turn_plies(state) == []


def test_renderers_show_the_position():
    state = example_1()
    picture = RENDER.svg(state, last_move="c3-b2/d4")
    cells = re.findall(r'<rect class="cell[^"]*" data-cell="([a-h][1-8])"', picture)
    assert sorted(cells) == sorted(f + r for f in "abcdefgh" for r in "12345678")
    assert 'role="img"' in picture and "<title>" in picture and "viewBox" in picture
    diagram = RENDER.text(state, last_move="c3-b2/d4")
    assert "1:B1" in diagram and "2:B1" in diagram and "c3-b2/d4" in diagram
    words = RENDER.describe(state)
    assert "P1 to move" in words and "P1 has caps on c3" in words and "score" in words
    over = RULES.play(RULES.play(example_2(), "pass"), "b2-c3/d4")
    assert "P1 has caps on b7, c3 and f2" in RENDER.describe(over)
    assert "pink large" in RENDER.describe(over)
    assert RENDER.svg(RULES.new_game(players=4, options={"caps": 2}), last_move="d4")


def test_the_rules_docstring_examples_run():
    import doctest

    from pbem.games.stawvs import rules

    assert doctest.testmod(rules).failed == 0

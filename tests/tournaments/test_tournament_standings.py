"""Standings and tiebreaks on small tournaments worked out by hand."""

from __future__ import annotations

from fractions import Fraction as F

from pbem.tournaments import (
    ROUND_ROBIN_TIEBREAKS,
    History,
    Result,
    Tiebreak,
    compute_standings,
)

WIN, LOSS, DRAW = (0, 1), (1, 0), (0, 0)


def rows(standings):
    return [(s.rank, s.player, s.points, *s.tiebreaks) for s in standings]


def test_round_robin_sonneborn_berger_then_head_to_head():
    # 2 beat 1, 1–3 drawn, 1 beat 4, 3 beat 2, 2–4 drawn, 3–4 drawn
    results = [
        Result((1, 2), LOSS), Result((1, 3), DRAW), Result((1, 4), WIN),
        Result((2, 3), LOSS), Result((2, 4), DRAW), Result((3, 4), DRAW),
    ]  # fmt: skip
    # points: 1: 0+½+1 = 1½; 2: 1+0+½ = 1½; 3: ½+1+½ = 2; 4: 0+½+½ = 1
    # SB: 1: ½·2 (3) + 1·1 (4) = 2;  2: 1·1½ (1) + ½·1 (4) = 2
    #     3: ½·1½ + 1·1½ + ½·1 = 2¾;  4: ½·1½ (2) + ½·2 (3) = 1¾
    # 1 and 2 are level on SB; 2 beat 1, so head-to-head puts 2 first
    assert rows(compute_standings([1, 2, 3, 4], results, tiebreaks=ROUND_ROBIN_TIEBREAKS)) == [
        (1, 3, 2, F(11, 4), None, 1),
        (2, 2, F(3, 2), 2, 1, 1),
        (3, 1, F(3, 2), 2, 0, 1),
        (4, 4, 1, F(7, 4), None, 0),
    ]


def test_level_on_everything_shares_a_rank_in_seed_order():
    # 1 beats everyone; 2 beat 3, 3 beat 4, 4 beat 2: a cycle level on points, SB (1 each:
    # one win over a player with 1), head-to-head (1 each) and wins (1 each)
    results = [
        Result((1, 2), WIN), Result((1, 3), WIN), Result((1, 4), WIN),
        Result((2, 3), WIN), Result((3, 4), WIN), Result((4, 2), WIN),
    ]  # fmt: skip
    standings = compute_standings([1, 2, 3, 4], results, tiebreaks=ROUND_ROBIN_TIEBREAKS)
    assert rows(standings) == [
        (1, 1, 3, 3, None, 3),
        (2, 2, 1, 1, 1, 1),
        (2, 3, 1, 1, 1, 1),
        (2, 4, 1, 1, 1, 1),
    ]


def test_swiss_with_byes_buchholz_and_median():
    results = [
        Result((1, 4), WIN), Result((2, 5), DRAW),  # round 1, bye 3
        Result((1, 3), LOSS), Result((2, 4), WIN),  # round 2, bye 5
        Result((3, 2), WIN), Result((1, 5), WIN),  # round 3, bye 4
    ]  # fmt: skip
    byes = [3, 5, 4]
    # points: 1: 2; 2: ½+1+0 = 1½; 3: 1 (bye)+1+1 = 3; 4: 0+0+1 (bye) = 1; 5: ½+1 (bye)+0 = 1½
    # Buchholz (a bye adds nothing): 1: 1+3+1½ = 5½; 2: 1½+1+3 = 5½; 3: 2+1½ = 3½;
    #   4: 2+1½ = 3½; 5: 1½+2 = 3½
    # median (best and worst dropped, with three games or more): 1: 1½; 2: 1½; others as is
    standings = compute_standings([1, 2, 3, 4, 5], results, byes)
    assert rows(standings) == [
        (1, 3, 3, F(7, 2), F(7, 2), None, 2),
        (2, 1, 2, F(11, 2), F(3, 2), None, 2),
        (3, 2, F(3, 2), F(11, 2), F(3, 2), None, 1),
        (4, 5, F(3, 2), F(7, 2), F(7, 2), None, 0),
        (5, 4, 1, F(7, 2), F(7, 2), None, 0),
    ]
    assert [s.byes for s in standings] == [1, 0, 0, 1, 1]
    assert History.of(results, byes).points == {s.player: s.points for s in standings}


def test_four_player_tables_use_the_average_of_tablemates():
    results = [
        Result((1, 2, 3, 4), (0, 1, 2, 3)),  # 1, ⅔, ⅓, 0
        Result((5, 6, 7, 8), (0, 1, 1, 3)),  # 1, ½, ½, 0
        Result((1, 5, 2, 6), (1, 0, 3, 2)),  # ⅔, 1, 0, ⅓
        Result((3, 7, 4, 8), (0, 0, 2, 3)),  # ⅚, ⅚, ⅓, 0
    ]
    standings = {s.player: s for s in compute_standings(list(range(1, 9)), results)}
    # points: 1: 1⅔, 2: ⅔, 3: 1⅙, 4: ⅓, 5: 2, 6: ⅚, 7: 1⅓, 8: 0
    assert [standings[p].points for p in range(1, 9)] == [
        F(5, 3), F(2, 3), F(7, 6), F(1, 3), 2, F(5, 6), F(4, 3), 0,
    ]  # fmt: skip
    # player 1: (⅔ + 1⅙ + ⅓)/3 = 13/18 at the first table, (2 + ⅔ + ⅚)/3 = 7/6 at the second
    assert standings[1].tiebreaks[0] == F(13, 18) + F(7, 6)
    # player 8: (2 + ⅚ + 1⅓)/3 = 25/18, then (1⅙ + 1⅓ + ⅓)/3 = 17/18
    assert standings[8].tiebreaks[0] == F(25, 18) + F(17, 18)
    assert standings[5].wins == 2 and standings[3].wins == 0  # a shared first is not a win


def test_sonneborn_berger_at_tables_weights_each_tablemate_beaten():
    results = [Result((1, 2, 3), (0, 1, 1)), Result((1, 2, 3), (2, 0, 1))]
    # points: 1: 1 + 0 = 1; 2: ¼ + 1 = 1¼; 3: ¼ + ½ = ¾
    # SB of 2: game 1 (½·¾ vs 3)/2 = 3/16; game 2 (1·1 + 1·¾)/2 = 7/8
    standings = compute_standings([1, 2, 3], results, tiebreaks=[Tiebreak.SONNEBORN_BERGER])
    assert [(s.player, s.points) for s in standings] == [(2, F(5, 4)), (1, 1), (3, F(3, 4))]
    assert standings[0].tiebreaks == (F(3, 16) + F(7, 8),)

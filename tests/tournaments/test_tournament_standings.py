"""Standings and tiebreaks on small tournaments worked out by hand."""

from __future__ import annotations

from fractions import Fraction as F

from pbem.tournaments import (
    ROUND_ROBIN_TIEBREAKS,
    History,
    PlayedRound,
    Result,
    Tiebreak,
    compute_standings,
)

WIN, LOSS, DRAW = (0, 1), (1, 0), (0, 0)


def one_round(results):
    """Games whose rounds do not matter (no byes): all in one."""
    return [PlayedRound(tuple(results))]


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
    standings = compute_standings([1, 2, 3, 4], one_round(results), ROUND_ROBIN_TIEBREAKS)
    assert rows(standings) == [
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
    standings = compute_standings([1, 2, 3, 4], one_round(results), ROUND_ROBIN_TIEBREAKS)
    assert rows(standings) == [
        (1, 1, 3, 3, None, 3),
        (2, 2, 1, 1, 1, 1),
        (2, 3, 1, 1, 1, 1),
        (2, 4, 1, 1, 1, 1),
    ]


def test_swiss_byes_meet_a_dummy_opponent_and_count_as_draws_for_others():
    rounds = [
        PlayedRound((Result((1, 4), WIN), Result((2, 5), DRAW)), byes=(3,)),
        PlayedRound((Result((1, 3), LOSS), Result((2, 4), WIN)), byes=(5,)),
        PlayedRound((Result((3, 2), WIN), Result((1, 5), WIN)), byes=(4,)),
    ]
    # points: 1: 1+0+1 = 2; 2: ½+1+0 = 1½; 3: 1 (bye)+1+1 = 3; 4: 0+0+1 (bye) = 1;
    #   5: ½+1 (bye)+0 = 1½
    # as others' tiebreaks count them (an unplayed round as a draw, FIDE 16.3):
    #   1: 2, 2: 1½, 3: 2½, 4: ½, 5: 1
    # a bye is a game against a dummy opponent with the player's own points (FIDE 16.4):
    # Buchholz: 1: ½ (4) + 2½ (3) + 1 (5) = 4;  2: 1 (5) + ½ (4) + 2½ (3) = 4
    #   3: 3 (dummy) + 2 (1) + 1½ (2) = 6½;  4: 2 (1) + 1½ (2) + 1 (dummy) = 4½
    #   5: 1½ (2) + 1½ (dummy) + 2 (1) = 5
    # median: the low cut takes the unplayed round first, the high cut the best:
    #   1: [½, 1, 2½] -> 1; 2: [½, 1, 2½] -> 1; 3: [3], [1½, 2] -> 1½; 4: [1], [1½, 2] -> 1½;
    #   5: [1½], [1½, 2] -> 1½
    # 5 and 2 are level on points; 5 has the higher Buchholz
    standings = compute_standings([1, 2, 3, 4, 5], rounds)
    assert rows(standings) == [
        (1, 3, 3, F(13, 2), F(3, 2), None, 2),
        (2, 1, 2, 4, 1, None, 2),
        (3, 5, F(3, 2), 5, F(3, 2), None, 0),
        (4, 2, F(3, 2), 4, 1, None, 1),
        (5, 4, 1, F(9, 2), F(3, 2), None, 0),
    ]
    assert [s.byes for s in standings] == [1, 0, 1, 0, 1]
    assert [s.games for s in standings] == [2, 3, 2, 3, 2]
    results = [r for rnd in rounds for r in rnd.results]
    assert History.of(results, [3, 5, 4]).points == {s.player: s.points for s in standings}


def test_swiss_forfeits_and_a_withdrawal_are_unplayed_rounds():
    forfeit = Result((3, 4), WIN, unplayed=(0, 1))  # 3 wins by forfeit: nobody played
    rounds = [
        PlayedRound((Result((1, 2), WIN), forfeit), byes=(5,)),
        PlayedRound((Result((1, 3), DRAW), Result((5, 2), WIN)), absent=(4,)),  # 4 withdrew
        PlayedRound((Result((3, 5), WIN), Result((1, 2), DRAW)), absent=(4,)),
    ]
    # points: 1: 1+½+½ = 2; 2: 0+0+½ = ½; 3: 1 (forfeit)+½+1 = 2½; 4: 0; 5: 1 (bye)+1+0 = 2
    # counted by opponents (unplayed rounds as ½): 1: 2; 2: ½; 3: 2½-1+½ = 2;
    #   4: 0-0+3·½ = 1½; 5: 2-1+½ = 1½
    # Buchholz: 1: ½ (2) + 2 (3) + ½ (2) = 3;  2: 2 (1) + 1½ (5) + 2 (1) = 5½
    #   3: 2½ (dummy) + 2 (1) + 1½ (5) = 6;  4: 3 × 0 (dummies: its own points) = 0
    #   5: 2 (dummy) + ½ (2) + 2 (3) = 4½
    # median: 1: [½, ½, 2] -> ½; 2: [1½, 2, 2] -> 2; 3: cut the dummy, [1½, 2] -> 1½;
    #   4: [0, 0] -> 0; 5: cut the dummy, [½, 2] -> ½
    # wins at the board: 1: 1; 2: 0; 3: 1 (the forfeit is none); 4: 0; 5: 1
    standings = compute_standings([1, 2, 3, 4, 5], rounds)
    assert rows(standings) == [
        (1, 3, F(5, 2), 6, F(3, 2), None, 1),
        (2, 5, 2, F(9, 2), F(1, 2), None, 1),  # level with 1: the better Buchholz
        (3, 1, 2, 3, F(1, 2), None, 1),
        (4, 2, F(1, 2), F(11, 2), 2, None, 0),
        (5, 4, 0, 0, 0, None, 0),
    ]
    assert [(s.games, s.forfeits, s.byes) for s in standings] == [
        (2, 1, 0), (2, 0, 1), (3, 0, 0), (3, 0, 0), (0, 1, 0)]


def test_round_robin_sonneborn_berger_counts_a_forfeit_as_unplayed():
    results = [
        Result((1, 2), WIN), Result((1, 3), WIN, unplayed=(0, 1)), Result((1, 4), DRAW),
        Result((2, 3), WIN), Result((2, 4), DRAW), Result((3, 4), WIN),
    ]  # fmt: skip
    # points: 1: 1+1 (forfeit)+½ = 2½; 2: 0+1+½ = 1½; 3: 0+0+1 = 1; 4: ½+½+0 = 1
    # counted by opponents: 1: 2½-1+½ = 2; 2: 1½; 3: 1-0+½ = 1½; 4: 1
    # SB: 1: 1·1½ (2) + ½·1 (4) + 1·2½ (the forfeit: a dummy with 1's points) = 4½
    #     2: 1·1½ (3) + ½·1 (4) = 2;  3: 1·1 (4) + 0 (the forfeit) = 1
    #     4: ½·2 (1) + ½·1½ (2) = 1¾: 4 above 3, level on points
    standings = compute_standings([1, 2, 3, 4], one_round(results), ROUND_ROBIN_TIEBREAKS)
    assert rows(standings) == [
        (1, 1, F(5, 2), F(9, 2), None, 1),
        (2, 2, F(3, 2), 2, None, 1),
        (3, 4, 1, F(7, 4), None, 0),
        (4, 3, 1, 1, None, 1),
    ]
    assert [(s.games, s.forfeits) for s in standings] == [(2, 1), (3, 0), (3, 0), (2, 1)]


def test_four_player_tables_use_the_average_of_tablemates():
    results = [
        Result((1, 2, 3, 4), (0, 1, 2, 3)),  # 1, ⅔, ⅓, 0
        Result((5, 6, 7, 8), (0, 1, 1, 3)),  # 1, ½, ½, 0
        Result((1, 5, 2, 6), (1, 0, 3, 2)),  # ⅔, 1, 0, ⅓
        Result((3, 7, 4, 8), (0, 0, 2, 3)),  # ⅚, ⅚, ⅓, 0
    ]
    standings = {s.player: s for s in compute_standings(list(range(1, 9)), one_round(results))}
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
    standings = compute_standings([1, 2, 3], one_round(results), [Tiebreak.SONNEBORN_BERGER])
    assert [(s.player, s.points) for s in standings] == [(2, F(5, 4)), (1, 1), (3, F(3, 4))]
    assert standings[0].tiebreaks == (F(3, 16) + F(7, 8),)

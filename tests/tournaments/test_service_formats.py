"""Whole tournaments of every format, run through the services and the tick with random legal
play: the games created match the pairing rules, results flow into standings, the end comes."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from helpers import outbox

from pbem.tournaments import Result, results, service
from pbem.tournaments.logic.pairing import advancing

from .tournament_sim import run_to_end, settings, started


def finished(t_id):
    t = service.get_tournament(t_id)
    assert t.status == "finished"
    for rnd in t.rounds:
        assert rnd.finished_at is not None
        for tb in rnd.tables:
            assert tb.game.status == "finished" and tb.places is not None
            assert [s.player_id for s in tb.game.seats] == tb.seats
    return t


def meetings(t) -> Counter:
    return Counter(frozenset(pair) for rnd in t.rounds for tb in rnd.tables
                   for pair in combinations(tb.seats, 2))


def test_single_round_robin_with_an_odd_field(app, make_player):
    t = started(make_player, "spike", 5, settings("round-robin"))
    run_to_end(t.id, random.Random(1))
    t = finished(t.id)
    assert len(t.rounds) == 5
    assert set(meetings(t).values()) == {1} and len(meetings(t)) == 10
    assert Counter(p for rnd in t.rounds for p in rnd.byes) == {e.player_id: 1 for e in t.entrants}
    rows = results.standings(t)
    assert sum(r.games + r.forfeits for r in rows) == 20  # a forfeit is no game played
    assert kinds() >= {"tournament_start", "tournament_round", "tournament_final",
                       "tournament_invitation"}


def test_double_round_robin_swaps_seats(app, make_player):
    t = started(make_player, "spike", 4, settings("round-robin", cycles=2))
    run_to_end(t.id, random.Random(2))
    t = finished(t.id)
    assert len(t.rounds) == 6
    seats = Counter(tuple(tb.seats) for rnd in t.rounds for tb in rnd.tables)
    assert all(seats[(b, a)] == 1 for a, b in seats)


@pytest.mark.parametrize("engine", [
    "sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def test_swiss_pairs_without_rematches(app, make_player, engine):
    t = started(make_player, "spike", 7, settings("swiss", rounds=3))
    run_to_end(t.id, random.Random(3))
    t = finished(t.id)
    assert len(t.rounds) == 3
    assert set(meetings(t).values()) == {1}
    byes = [p for rnd in t.rounds for p in rnd.byes]
    assert len(byes) == len(set(byes)) == 3
    rows = results.standings(t)
    assert results.tiebreak_labels(t) == ["Buchholz", "Median", "H2H", "Wins"]
    assert [label for label, _ in results.legend(t)] == ["Points", "Games", "Buchholz",
                                                         "Median", "H2H", "Wins"]
    assert rows[0].rank == 1 and len(rows) == 7
    numbers = [n for row in rows for n in (row.points, *row.tiebreaks) if n]
    assert all("." not in n for n in numbers)  # halves as ½, no decimals beside them
    leaders = [row.name for row in rows if row.rank == 1]
    mail = outbox("tournament_final")[0]  # the winners named, with the tournament
    assert mail.subject.endswith(f"{' and '.join(leaders)} won {t.name}")
    assert ("Champion: " if len(leaders) == 1 else "Joint winners: ") in mail.body_text


def test_knockout_best_of_three_with_byes_to_the_top_seeds(app, make_player):
    t = started(make_player, "pylon", 6, settings("knockout", best_of=3))
    run_to_end(t.id, random.Random(4))
    t = finished(t.id)
    seeds = [e.player_id for e in t.field()]
    assert set(t.rounds[0].byes) == set(seeds[:2])
    assert [len(r.matches) for r in t.rounds] == [4, 2, 1]
    for rnd in t.rounds:
        for index, (high, low) in enumerate(rnd.matches):
            games = [tb.seats for tb in rnd.tables if tb.match == index]
            assert (low is None) == (not games)
            # seats alternate game by game, the higher seed first
            assert all(g == ([high, low] if i % 2 == 0 else [low, high])
                       for i, g in enumerate(games))
            assert not games or len(games) >= 2
    # the bracket decides a knockout: its standings have no Swiss tiebreak columns
    assert results.tiebreak_labels(t) == [] and not any(r.tiebreaks for r in results.standings(t))
    assert [label for label, _ in results.legend(t)] == ["Points", "Games"]


def test_pools_play_every_seat_rotation(app, make_player):
    t = started(make_player, "stawvs", 6, settings("round-robin", table_size=3))
    run_to_end(t.id, random.Random(5), turns=6)
    t = finished(t.id)
    assert len(t.rounds) == 3
    seats = Counter((p, s) for rnd in t.rounds for tb in rnd.tables
                    for s, p in enumerate(tb.seats))
    assert set(seats.values()) == {1} and len(seats) == 18
    assert any(tb.note == "adjudicated by pbem at the deadline"
               for rnd in t.rounds for tb in rnd.tables)


def test_swiss_at_tables_of_four(app, make_player):
    t = started(make_player, "stawvs", 7, settings("swiss", table_size=4, rounds=2))
    run_to_end(t.id, random.Random(6), turns=4)
    t = finished(t.id)
    assert [sorted(len(tb.seats) for tb in r.tables) for r in t.rounds] == [[3, 4], [3, 4]]


@pytest.mark.parametrize("players", [6, 4])
def test_knockout_at_tables_where_the_top_two_advance(app, make_player, players):
    t = started(make_player, "stawvs", players,
                settings("knockout", table_size=4, advance=2))
    run_to_end(t.id, random.Random(7), turns=5)
    t = finished(t.id)
    assert len(t.rounds[-1].tables) == 1 and not t.rounds[-1].byes
    if players == 6:  # the top two seeds wait; the other four play for two places
        seeds = [e.player_id for e in t.field()]
        first, final = t.rounds
        assert first.byes == seeds[:2] and sorted(first.tables[0].seats) == sorted(seeds[2:])
        (table,) = first.tables
        through = advancing([Result(tuple(table.seats), tuple(table.places))], 2, seeds,
                            first.byes)
        assert sorted(final.tables[0].seats) == sorted(through)
    else:
        assert len(t.rounds) == 1


def test_same_layout_gives_every_table_of_a_round_one_seed(app, make_player):
    t = started(make_player, "stawvs", 4, settings("swiss", rounds=1, same_layout=True))
    t = service.get_tournament(t.id)
    assert t.same_layout
    games = [tb.game for tb in t.rounds[0].tables]
    assert len({g.seed for g in games}) == 1
    assert len({str(g.snapshot) for g in games}) == 1


def test_every_game_gets_the_time_control(app, make_player):
    t = started(make_player, "spike", 4, settings("swiss", rounds=1, time_control="3d/move"))
    assert {tb.game.time_control for tb in service.get_tournament(t.id).rounds[0].tables} == {
        "3d/move"}


def kinds() -> set[str]:
    return {m.kind for m in outbox()}

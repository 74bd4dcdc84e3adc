"""The game row says whose turn it is (the seat, its player, its deadline), always equal to
what the rules and the clocks say, through every kind of change: moves, forced passes,
resignations in and out of turn, timeouts, the end, agreements, vacations."""

from __future__ import annotations

import random

import pytest
from clocks.stored import T0, D, H, tick, timed_game
from freezegun import freeze_time
from helpers import random_turn
from sqlalchemy import select

from pbem.clocks import booking
from pbem.clocks.models import StoredClock
from pbem.clocks.service import clocks_of, game_vacations
from pbem.core.extensions import db
from pbem.games import IllegalMove, all_rules
from pbem.play import commands
from pbem.play.models import Game
from pbem.play.queries import get_game

CASES = [(rules.slug, players) for rules in all_rules() for players in rules.player_counts]


def assert_row_matches_the_rules(game_id: int) -> Game:
    db.session.expire_all()
    game = get_game(game_id)
    seat = game.rules.to_move(game.load_state()) if game.status == "active" else None
    assert game.to_move_seat == seat
    assert game.to_move_player_id == (None if seat is None else game.seats[seat].player_id)
    clocks = clocks_of(game)
    if seat is None or not clocks:
        assert game.to_move_deadline is None
    else:
        row = clocks[seat]
        assert game.to_move_deadline == row.clock.deadline(game_vacations(game, row.player_id))
        assert game.to_move_deadline is not None
    return game


@pytest.mark.parametrize(("slug", "count"), CASES)
def test_the_stored_seat_to_move_follows_random_moves_and_resignations(
        app, make_player, slug, count):
    rng = random.Random(f"{slug}-{count}")
    players = [make_player() for _ in range(count)]
    game = timed_game(players, "3d/move", slug=slug)
    now = T0
    for _ in range(60):
        game = assert_row_matches_the_rules(game.id)
        if game.status != "active":
            break
        now += H
        with freeze_time(now):
            if rng.random() < 0.08:  # someone resigns, on their turn or not
                try:
                    commands.resign(commands.locked(game.id), rng.randrange(count))
                except IllegalMove:  # already out
                    pass
                continue
            state = game.load_state()
            commands.play_turn(commands.locked(game.id), game.rules.to_move(state),
                               random_turn(game.rules, state, rng), game.ply)
    game = assert_row_matches_the_rules(game.id)
    if game.status == "active":  # an agreement ends it: nobody is to move any more
        with freeze_time(now):
            for seat in game.seats:
                try:
                    commands.agree(commands.locked(game.id), seat.index, game.ply)
                except Exception:  # noqa: BLE001  a seat that is out cannot agree
                    continue
        game = assert_row_matches_the_rules(game.id)
        assert game.status == "finished" or game.end_proposal


def test_a_timeout_moves_the_turn_and_the_deadline(app, make_player):
    players = [make_player() for _ in range(3)]
    game = timed_game(players, "1d/move", slug="stawvs")
    assert game.to_move_deadline == T0 + D
    assert tick(T0 + D + H).startswith("1 timeout")
    game = assert_row_matches_the_rules(game.id)
    assert game.status == "active" and game.to_move_seat == 1
    assert game.to_move_deadline == T0 + D + H + D


def test_vacations_move_the_stored_deadline_and_ending_one_moves_it_back(app, make_player):
    alice, bob = make_player(), make_player()
    game = timed_game([alice, bob], "3d/move")
    with freeze_time(T0 + H):
        booking.book(alice.id, "2", "", T0 + H)
        db.session.commit()
    game = assert_row_matches_the_rules(game.id)
    assert game.to_move_deadline == T0 + 3 * D + 2 * D
    [vacation] = booking.upcoming(alice.id, T0 + H)
    with freeze_time(T0 + 2 * H):
        booking.end(alice.id, vacation.id, T0 + 2 * H)
        db.session.commit()
    game = assert_row_matches_the_rules(game.id)
    assert game.to_move_deadline < T0 + 3 * D + D


def test_a_vacation_the_tick_spends_moves_the_deadlines_of_the_players_other_games(
        app, make_player):
    from pbem.notifications import settings
    from pbem.notifications.logic.schedule import NotificationSettings

    alice = make_player()
    settings.save(alice.id, NotificationSettings(), T0, auto_vacation=True)
    db.session.commit()
    first = timed_game([alice, make_player()], "1d/move")
    other = timed_game([alice, make_player()], "3d/move")
    assert tick(T0 + D + H).startswith("1 vacation")
    first = assert_row_matches_the_rules(first.id)
    other = assert_row_matches_the_rules(other.id)
    assert first.status == "active" and first.to_move_deadline > T0 + D + H
    assert other.to_move_deadline > T0 + 3 * D  # the day spent stops this clock too


def test_untimed_games_have_a_seat_to_move_and_no_deadline(app, make_game):
    game = make_game("spike")
    assert game.to_move_seat == 0 and game.to_move_deadline is None
    assert db.session.scalar(select(StoredClock).where(StoredClock.game_id == game.id)) is None
    commands.adjudicate(commands.locked(game.id), [0])
    game = assert_row_matches_the_rules(game.id)
    assert game.to_move_seat is None and game.to_move_player_id is None


def test_a_game_not_started_has_nobody_to_move(app, make_game):
    game = make_game("pylon", start_now=False)
    assert game.status == "invited" and game.to_move_seat is None


@pytest.mark.parametrize("backend", ["sqlite", pytest.param(
    "postgresql", marks=pytest.mark.postgres)])
def test_timeouts_of_a_whole_chunk_leave_every_row_right(app, backend, make_player,
                                                         monkeypatch):
    """The tick ends or moves on many games in one chunk and writes their deadlines and the
    archive's counters once, at the chunk's end: each game's row still says whose turn it is,
    and the counters equal a fresh count."""
    from pbem.archive import counters
    from pbem.clocks import tick as clocks_tick

    monkeypatch.setattr(clocks_tick, "CHUNK", 3)
    players = [make_player() for _ in range(5)]
    games = [timed_game(players[i:i + 2], "1d/move") for i in range(4)]
    games += [timed_game(players[i:i + 3], "1d/move", slug="stawvs") for i in range(2)]
    assert tick(T0 + D + H) == "6 timeout"
    for game in games:
        game = assert_row_matches_the_rules(game.id)
        assert game.status == ("finished" if len(game.seats) == 2 else "active")
    assert counters.differences() == []

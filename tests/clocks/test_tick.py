"""The tick: each reminder once, each timeout once (also with two ticks at once), vacations
that stop clocks and are spent to save them, three-player games that go on."""

from __future__ import annotations

import dataclasses
import threading

import pytest
from freezegun import freeze_time
from helpers import outbox
from sqlalchemy import func, select

from pbem.clocks import booking
from pbem.clocks import tick as clocks_tick
from pbem.clocks.models import ClockNotice, StoredVacation
from pbem.core.extensions import db
from pbem.notifications import settings
from pbem.notifications.logic.schedule import NotificationSettings
from pbem.play import commands, positions
from pbem.play.queries import get_game
from pbem.ratings.models import Rating, RatingChange
from pbem.ratings.skill import Skill, rate

from .stored import T0, D, H, clock, resignations, tick, timed_game


def test_each_reminder_goes_once_then_the_timeout_applies_once(app, make_player):
    alice, bob = make_player(name="Alice"), make_player(name="Bob")
    game = timed_game([alice, bob], "3d/move")
    assert tick(T0 + D) == "nothing due"
    assert tick(T0 + 36 * H) == "1 reminder"
    assert tick(T0 + 37 * H) == "nothing due"
    assert tick(T0 + 2 * D) == "1 reminder"
    assert tick(T0 + 2 * D + H) == "nothing due"
    half, day = outbox("reminder")
    assert "half your time" in half.subject and "a day or less" in day.subject
    assert half.recipient == day.recipient == alice.email and "/play/" in day.body_text
    assert day.headers["Reply-To"].startswith("move+")  # composed when it goes out
    assert "Move by Thu 5 Mar 2026, 08:00 UTC (in 1 day)" in day.body_text
    assert tick(T0 + 3 * D) == "1 timeout"
    assert tick(T0 + 3 * D + H) == "nothing due"
    game = get_game(game.id)
    assert game.status == "finished" and game.result["winners"] == [1]
    assert resignations(game.id) == 1
    assert '[Termination "timeout"]' in app.test_client().get(
        f"/games/{game.id}.txt").get_data(as_text=True)
    told = outbox("timeout")
    assert sorted(m.recipient for m in told) == sorted([alice.email, bob.email])
    assert "P1 ran out of time" in told[0].subject and "Alice" not in told[0].subject
    assert "Alice" in told[0].body_text
    over = outbox("game_over")  # composed when it goes out, from the finished game
    assert sorted(m.recipient for m in over) == sorted([alice.email, bob.email])
    assert all("Won by Bob." in m.body_text and game.renderer.text(game.load_state())
               in m.body_text for m in over)


def test_a_move_settles_the_turn_and_the_next_turn_has_its_own_reminders(app, make_player):
    game = timed_game([make_player(), make_player()], "2d/move")
    assert tick(T0 + 25 * H) == "1 reminder"
    with freeze_time(T0 + 26 * H):
        commands.play_turn(commands.locked(game.id), 0, "Mc3", 0)
    assert tick(T0 + 30 * H) == "nothing due"
    assert tick(T0 + 26 * H + 25 * H) == "1 reminder"  # Bob's half, his own turn
    assert [m.recipient for m in outbox("reminder")] == [s.player.email for s in game.seats]


def test_a_three_player_game_goes_on_after_a_timeout(app, make_player):
    players = [make_player(name=n) for n in ("Ann", "Ben", "Cid")]
    game = timed_game(players, "1d/move", slug="stawvs")
    first = game.rules.to_move(game.load_state())
    assert tick(T0 + D) == "1 timeout"
    game = get_game(game.id)
    assert game.status == "active" and resignations(game.id) == 1
    assert game.snapshot == game.rules.to_dict(positions.replay(game))
    following = game.rules.to_move(game.load_state())
    assert following != first and clock(game, following).turn_started == T0 + D
    told = outbox("timeout")
    assert [m.recipient for m in told] == [p.email for p in players] and first == 0
    assert "The others play on without you" in told[0].body_text
    assert all("The game goes on without Ann" in m.body_text for m in told[1:])


def test_a_vacation_stops_the_clock(app, make_player):
    alice, bob = make_player(), make_player()
    game = timed_game([alice, bob], "2d/move")
    with freeze_time(T0 + H):
        booking.book(alice.id, "3", "", T0 + H)
        db.session.commit()  # the page that does this commits
    assert tick(T0 + 2 * D) == "nothing due"  # the old deadline has passed: no timeout
    assert tick(T0 + 4 * D) == "1 reminder"   # a day left (of two), after the vacation
    [reminder] = outbox("reminder")
    assert "a day or less left" in reminder.subject
    with freeze_time(T0 + 4 * D):
        page = app.test_client().get(f"/games/{game.id}").get_data(as_text=True)
    assert '<time datetime="2026-03-07T08:00:00+00:00"' in page
    assert ">Sat 7 Mar 2026, 08:00 UTC (in 1 day)</time>" in page
    assert tick(T0 + 5 * D - H) == "nothing due"
    assert tick(T0 + 5 * D) == "1 timeout"


def test_opponents_see_a_player_on_vacation(app, make_player):
    alice, bob = make_player(name="Alice"), make_player(name="Bob")
    game = timed_game([alice, bob], "2d/move")
    with freeze_time(T0 + H):
        booking.book(bob.id, "2", "", T0 + H)
        db.session.commit()  # the page that does this commits
        page = app.test_client().get(f"/games/{game.id}").get_data(as_text=True)
    assert "P2 Bob is on vacation until Wed 4 Mar 2026, 09:00 UTC" in page


def test_tournament_games_can_forbid_vacation(app, make_player):
    alice, bob = make_player(), make_player()
    timed_game([alice, bob], "2d/move", vacation_allowed=False)
    with freeze_time(T0 + H):
        booking.book(alice.id, "5", "", T0 + H)
        db.session.commit()  # the page that does this commits
    assert tick(T0 + 2 * D) == "1 timeout"


def test_vacation_days_are_spent_to_save_a_clock_until_they_run_out(app, make_player):
    alice, bob = make_player(), make_player()
    settings.save(alice.id, NotificationSettings(), T0, auto_vacation=True)
    db.session.commit()  # the page that does this commits
    game = timed_game([alice, bob], "1d/move")
    now = T0 + D + H
    assert tick(now) == "1 vacation"
    [spent] = db.session.scalars(select(StoredVacation)).all()
    assert spent.auto and spent.starts_at == T0 + D and spent.ends_at == T0 + 2 * D
    assert get_game(game.id).status == "active"
    for _ in range(13):  # the rest of the 14 days, a day at a time
        now += D
        assert tick(now) == "1 vacation"
    assert booking.allowance_left(alice.id, now) == "0 hours"
    assert tick(now + D) == "1 timeout"
    assert get_game(game.id).status == "finished"


def test_a_cut_short_vacation_brings_the_deadline_back(app, make_player):
    alice, bob = make_player(), make_player()
    game = timed_game([alice, bob], "2d/move")
    with freeze_time(T0 + H):
        booking.book(alice.id, "5", "", T0 + H)
        db.session.commit()  # the page that does this commits
    [vacation] = booking.upcoming(alice.id, T0 + H)
    with freeze_time(T0 + 2 * H):
        booking.end(alice.id, vacation.id, T0 + 2 * H)
        db.session.commit()  # the page that does this commits
    # The hour begun is charged, the rest given back.
    assert booking.allowance_left(alice.id, T0) == "13 days 23 hours"
    assert tick(T0 + 2 * D + H) == "1 timeout"
    assert get_game(game.id).status == "finished"


def _concurrent_ticks(app, make_player, games):
    """Games whose seats are all due for something at ``now``, ticked by two threads."""
    made = []
    for index in range(games):
        game = timed_game([make_player(), make_player()], "3d/move")
        made.append(game.id)
        if index % 2:  # half of them only owe a reminder
            with freeze_time(T0 + D):
                commands.play_turn(commands.locked(game.id), 0, "Mc3", 0)
    db.session.remove()
    now = T0 + 3 * D + H
    barrier, summaries = threading.Barrier(2), []

    def run():
        with app.app_context():
            barrier.wait()
            summaries.append(clocks_tick.run(now))
            db.session.remove()

    threads = [threading.Thread(target=run) for _ in range(2)]
    with freeze_time(now):  # once for both: freezegun's start and stop are not thread-safe
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
    assert len(summaries) == 2, "a tick failed"
    timeouts = [g for i, g in enumerate(made) if not i % 2]
    for game_id in made:
        assert resignations(game_id) == (1 if game_id in timeouts else 0)
        game = get_game(game_id)
        assert game.snapshot == game.rules.to_dict(positions.replay(game))
    assert len(outbox("timeout")) == 2 * len(timeouts)
    assert len(outbox("reminder")) == games - len(timeouts)
    notices = db.session.execute(
        select(ClockNotice.game_id, ClockNotice.kind, func.count())
        .group_by(ClockNotice.game_id, ClockNotice.seat, ClockNotice.turn_started,
                  ClockNotice.kind)).all()
    # a timeout each; a last-day reminder each, with the half-time one settled unsent
    assert len(notices) == len(timeouts) + 2 * (games - len(timeouts))
    assert all(count == 1 for *_, count in notices)
    assert tick(now) == "nothing due"


def test_two_ticks_at_once_on_sqlite(app, make_player):
    _concurrent_ticks(app, make_player, 10)


@pytest.mark.postgres
def test_two_ticks_at_once_on_postgresql(app, make_player):
    _concurrent_ticks(app, make_player, 30)


def test_a_failing_seat_costs_only_itself(app, make_player, monkeypatch):
    games = [timed_game([make_player(), make_player()], "3d/move") for _ in range(3)]
    remind = clocks_tick._remind

    def broken(game, *args):
        if game.id == games[1].id:
            raise RuntimeError("broken")
        remind(game, *args)

    monkeypatch.setattr(clocks_tick, "_remind", broken)
    assert tick(T0 + 36 * H) == "2 reminder, 1 failed"
    assert len(outbox("reminder")) == 2
    monkeypatch.setattr(clocks_tick, "_remind", remind)
    assert tick(T0 + 37 * H) == "1 reminder"  # tried again, and given once
    assert sorted(m.recipient for m in outbox("reminder")) == sorted(
        g.seats[0].player.email for g in games)


def test_a_notice_another_tick_gave_is_not_given_again(app, make_player, monkeypatch):
    games = [timed_game([make_player(), make_player()], "3d/move") for _ in range(2)]
    assert tick(T0 + 36 * H) == "2 reminder"
    again = clock(games[0], 0)  # as if read by a tick that did not see the notice
    again.next_check_at = T0 + 36 * H
    db.session.commit()
    load = clocks_tick._Batch.load
    monkeypatch.setattr(clocks_tick._Batch, "load", classmethod(
        lambda cls, rows: dataclasses.replace(load(rows), sent={})))
    assert tick(T0 + 36 * H) == "1 busy"
    assert len(outbox("reminder")) == 2


def test_a_batch_rolled_back_whole_waits_for_the_next_tick(app, make_player, monkeypatch):
    timed_game([make_player(), make_player()], "3d/move")
    remind = clocks_tick._remind

    def losing(*args):  # the play service's race guard rolls the whole transaction back
        db.session.rollback()
        raise RuntimeError("lost")

    monkeypatch.setattr(clocks_tick, "_remind", losing)
    assert tick(T0 + 36 * H) == "1 failed"
    monkeypatch.setattr(clocks_tick, "_remind", remind)
    assert tick(T0 + 37 * H) == "1 reminder"
    assert len(outbox("reminder")) == 1


def test_one_tick_handles_more_seats_than_a_chunk(app, make_player, monkeypatch):
    monkeypatch.setattr(clocks_tick, "CHUNK", 2)
    games = [timed_game([make_player(), make_player()], "3d/move") for _ in range(5)]
    assert tick(T0 + 36 * H) == "5 reminder"
    assert sorted(m.recipient for m in outbox("reminder")) == sorted(
        g.seats[0].player.email for g in games)
    assert tick(T0 + 37 * H) == "nothing due"


def test_a_tick_stopped_half_way_keeps_its_chunks_and_doubles_nothing(app, make_player,
                                                                       monkeypatch):
    monkeypatch.setattr(clocks_tick, "CHUNK", 2)
    games = [timed_game([make_player(), make_player()], "3d/move") for _ in range(5)]
    remind, calls = clocks_tick._remind, []

    def killed_in_the_second_chunk(*args):
        calls.append(args)
        if len(calls) == 3:  # the process dies: nothing of this chunk is committed
            raise KeyboardInterrupt
        remind(*args)

    monkeypatch.setattr(clocks_tick, "_remind", killed_in_the_second_chunk)
    with pytest.raises(KeyboardInterrupt):
        tick(T0 + 36 * H)
    db.session.rollback()
    assert len(outbox("reminder")) == 2  # the first chunk, committed
    monkeypatch.setattr(clocks_tick, "_remind", remind)
    assert tick(T0 + 37 * H) == "3 reminder"
    assert sorted(m.recipient for m in outbox("reminder")) == sorted(
        g.seats[0].player.email for g in games)
    assert db.session.scalar(select(func.count()).select_from(ClockNotice)) == 5
    assert tick(T0 + 38 * H) == "nothing due"


def test_games_a_chunk_ends_are_rated_one_after_the_other(app, make_player):
    alice, bob = make_player(), make_player()
    games = [timed_game([alice, bob], "3d/move") for _ in range(2)]
    for game in games:  # both move once (a game left before a move is not rated)
        for ply, at in enumerate((T0 + H, T0 + 2 * H)):
            with freeze_time(at):
                game = commands.locked(game.id)
                move = game.rules.legal_moves(game.load_state())[0]
                commands.play_turn(game, ply % 2, move, ply)
    assert tick(T0 + 2 * H + 3 * D + H) == "2 timeout"
    alice_first, bob_first = rate([Skill(), Skill()], [1, 0])  # Alice ran out of time
    alice_second, bob_second = rate([alice_first, bob_first], [1, 0])
    changes = db.session.scalars(select(RatingChange).order_by(RatingChange.game_id,
                                                               RatingChange.player_id)).all()
    assert [(c.game_id, c.player_id) for c in changes] == [
        (g.id, p.id) for g in games for p in (alice, bob)]
    assert changes[2].mu_before == changes[0].mu_after == pytest.approx(alice_first.mu)
    assert db.session.get(Rating, (alice.id, "pylon")).mu == pytest.approx(alice_second.mu)
    assert db.session.get(Rating, (bob.id, "pylon")).mu == pytest.approx(bob_second.mu)
    assert db.session.get(Rating, (bob.id, "pylon")).games == 2


def test_games_that_end_and_games_that_go_on_time_out_in_one_chunk(app, make_player):
    pair = timed_game([make_player(), make_player()], "1d/move")
    three = timed_game([make_player() for _ in range(3)], "1d/move", slug="stawvs")
    assert tick(T0 + D) == "2 timeout"
    pair, three = get_game(pair.id), get_game(three.id)
    assert pair.status == "finished" and [s.outcome for s in pair.seats] == ["lost", "won"]
    assert three.status == "active" and resignations(three.id) == 1
    for game in (pair, three):
        assert game.snapshot == game.rules.to_dict(positions.replay(game))

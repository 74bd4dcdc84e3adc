"""Players joining the last seat of a challenge at the same moment: exactly one gets it and the
game starts once; the others are told the table is full. Threads with their own sessions stand
in for separate processes; the database (the conditional UPDATE, the unique seat keys)
decides."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import func, select

from pbem.challenges import service
from pbem.challenges.models import STARTED, Challenge, ChallengeSeat
from pbem.core.db import utcnow
from pbem.core.extensions import db
from pbem.play.models import Game


def race_for_the_last_seat(app, make_player, players: int, racers: int):
    poster = make_player(name="Poster")
    challenge = service.post(poster, service.check_terms(
        "stawvs", {}, players, "none", True, None, None, "random"), utcnow())
    db.session.commit()
    challenge_id = challenge.id
    for index in range(players - 2):  # every seat but the last taken
        service.join(challenge_id, make_player(name=f"Early {index}"), utcnow())
        db.session.commit()
    ids = [make_player(name=f"Racer {index}").id for index in range(racers)]
    db.session.remove()  # the threads start from the database, not this session
    barrier = threading.Barrier(racers)
    outcomes = [None] * racers

    def join(index):
        with app.app_context():
            try:
                player = db.session.get(type(poster), ids[index])
                barrier.wait()
                service.join(challenge_id, player, utcnow())
                db.session.commit()
                outcomes[index] = "joined"
            except service.LobbyError as exc:
                db.session.rollback()
                outcomes[index] = exc.code
            finally:
                db.session.remove()

    threads = [threading.Thread(target=join, args=(i,)) for i in range(racers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert outcomes.count("joined") == 1, outcomes
    assert outcomes.count("full") == racers - 1, outcomes
    challenge = db.session.get(Challenge, challenge_id)
    assert challenge.status == STARTED and challenge.taken == players
    assert db.session.scalar(select(func.count()).select_from(ChallengeSeat).where(
        ChallengeSeat.challenge_id == challenge_id)) == players
    assert db.session.scalar(select(func.count()).select_from(Game)) == 1
    winner = ids[outcomes.index("joined")]
    assert winner in {seat.player_id for seat in challenge.game.seats}


@pytest.mark.postgres
def test_racing_for_the_last_of_two_seats_on_postgresql(app, make_player):
    race_for_the_last_seat(app, make_player, 2, 8)


@pytest.mark.postgres
def test_racing_for_the_last_of_four_seats_on_postgresql(app, make_player):
    race_for_the_last_seat(app, make_player, 4, 6)


def test_racing_for_the_last_seat_on_sqlite(app, make_player):
    race_for_the_last_seat(app, make_player, 3, 4)


def leaves_racing_joins(app, make_player):
    """At a table of four with three seated, one player leaves while two others join at the
    same moment: whatever the order (a join first fills the table and starts the game, and
    then the rest are refused), the seats stay numbered 0.. in order, ``taken`` counts them,
    and nobody is seated twice or lost."""
    poster = make_player(name="Poster")
    challenge = service.post(poster, service.check_terms(
        "stawvs", {}, 4, "none", True, None, None, "poster_first"), utcnow())
    db.session.commit()
    challenge_id = challenge.id
    leaver = make_player(name="Leaver")
    for player in (make_player(name="Early"), leaver):
        service.join(challenge_id, player, utcnow())
        db.session.commit()
    ids = [leaver.id] + [make_player(name=f"Joiner {index}").id for index in range(2)]
    db.session.remove()
    barrier = threading.Barrier(len(ids))
    outcomes = [None] * len(ids)

    def act(index):
        with app.app_context():
            try:
                player = db.session.get(type(poster), ids[index])
                barrier.wait()
                (service.leave if index == 0 else service.join)(challenge_id, player, utcnow())
                db.session.commit()
                outcomes[index] = "done"
            except service.LobbyError as exc:
                db.session.rollback()
                outcomes[index] = exc.code
            finally:
                db.session.remove()

    threads = [threading.Thread(target=act, args=(i,)) for i in range(len(ids))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    challenge = db.session.get(Challenge, challenge_id)
    seated = [(seat.seat, seat.player_id) for seat in challenge.seats]
    assert [number for number, _ in seated] == list(range(len(seated)))
    assert challenge.taken == len(seated)
    assert (ids[0] in {player for _, player in seated}) == (outcomes[0] != "done")
    joined = [ids[i] for i in (1, 2) if outcomes[i] == "done"]
    assert set(joined) <= {player for _, player in seated}
    assert len(seated) == 3 - (outcomes[0] == "done") + len(joined)


@pytest.mark.postgres
def test_a_leave_racing_joins_on_postgresql(app, make_player):
    leaves_racing_joins(app, make_player)


def test_a_leave_racing_joins_on_sqlite(app, make_player):
    leaves_racing_joins(app, make_player)

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


def at_once(app, challenge_id: int, player_ids: list[int], actions: list) -> list[str]:
    """Each player runs their action (``service.join`` or ``leave``) on the challenge in a
    thread of its own, all released together; each one's outcome: "done" or the refusal's
    code."""
    from pbem.accounts.models import Player

    db.session.remove()  # the threads start from the database, not this session
    barrier = threading.Barrier(len(player_ids))
    outcomes = [None] * len(player_ids)

    def act(index):
        with app.app_context():
            try:
                player = db.session.get(Player, player_ids[index])
                barrier.wait()
                actions[index](challenge_id, player, utcnow())
                db.session.commit()
                outcomes[index] = "done"
            except service.LobbyError as exc:
                db.session.rollback()
                outcomes[index] = exc.code
            finally:
                db.session.remove()

    threads = [threading.Thread(target=act, args=(i,)) for i in range(len(player_ids))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return outcomes


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
    outcomes = at_once(app, challenge_id, ids, [service.join] * racers)
    assert outcomes.count("done") == 1, outcomes
    assert outcomes.count("full") == racers - 1, outcomes
    challenge = db.session.get(Challenge, challenge_id)
    assert challenge.status == STARTED and challenge.taken == players
    assert db.session.scalar(select(func.count()).select_from(ChallengeSeat).where(
        ChallengeSeat.challenge_id == challenge_id)) == players
    assert db.session.scalar(select(func.count()).select_from(Game)) == 1
    winner = ids[outcomes.index("done")]
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
    outcomes = at_once(app, challenge_id, ids, [service.leave, service.join, service.join])
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

"""Standing challenges: "keep N games of this kind going for me" posts open challenges when
created, when one of its games ends, and from the tick after challenges expire."""

from __future__ import annotations

from datetime import timedelta

import pytest
from helpers import sign_in
from sqlalchemy import select

from pbem.challenges.models import OPEN, WITHDRAWN, Challenge, StandingChallenge
from pbem.core.db import utcnow
from pbem.core.extensions import db
from pbem.play import commands
from pbem.tick import run_tick

from .forms import PYLON, counts


def add(client, keep="2", **changes):
    return client.post("/challenges/standing/new/pylon",
                       data={**PYLON, "keep": keep, **changes})


#: Run on SQLite, and on PostgreSQL too (its row locks and RETURNING).
ENGINES = pytest.mark.parametrize("engine", [
    "sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])


def challenges(status=None) -> list[Challenge]:
    db.session.expire_all()
    query = select(Challenge).order_by(Challenge.id)
    if status:
        query = query.where(Challenge.status == status)
    return db.session.scalars(query).all()


def test_a_new_standing_challenge_posts_its_challenges(client, alice):
    response = add(client, option_start="quick")
    assert response.status_code == 303
    standing = db.session.scalars(select(StandingChallenge)).one()
    posted = challenges(OPEN)
    assert len(posted) == 2 and {c.standing_id for c in posted} == {standing.id}
    assert all(c.poster_id == alice.id and c.options["start"] == "quick" for c in posted)
    page = client.get("/challenges/standing").get_data(as_text=True)
    assert "Pylon" in page and "Start: quick" in page and "Remove" in page


@ENGINES
def test_a_finished_game_is_replaced_by_a_new_challenge(client, alice, make_player, engine):
    add(client)
    first = challenges(OPEN)[0]
    joiner = client.application.test_client()
    sign_in(joiner, make_player(name="Bob"))
    joiner.post(f"/challenges/{first.id}/join")
    assert len(challenges(OPEN)) == 1  # one open, one being played: still two going
    game = commands.locked(challenges()[0].game_id)
    commands.resign(game, 0)
    assert len(challenges(OPEN)) == 2
    assert run_tick()[-1].endswith("0 posted for standing challenges")


@ENGINES
def test_the_tick_replaces_expired_challenges(client, alice, app, engine):
    add(client)
    later = utcnow() + timedelta(seconds=app.config["CHALLENGE_MAX_AGE"] + 60)
    assert run_tick(later)[-1] == "challenges: 2 challenges expired, 2 posted for standing " \
        "challenges"
    assert len(challenges(OPEN)) == 2 and len(challenges("expired")) == 2
    assert run_tick(later)[-1] == "challenges: 0 challenges expired, 0 posted for standing " \
        "challenges"


def test_removing_withdraws_its_open_challenges(client, alice, make_player):
    add(client)
    standing_id = db.session.scalar(select(StandingChallenge.id))
    stranger = client.application.test_client()
    sign_in(stranger, make_player(name="Mallory"))
    before = counts()
    assert stranger.post(f"/challenges/standing/{standing_id}/remove").status_code == 404
    assert counts() == before
    assert client.post(f"/challenges/standing/{standing_id}/remove").status_code == 303
    assert [c.status for c in challenges()] == [WITHDRAWN, WITHDRAWN]
    assert db.session.scalar(select(StandingChallenge.id)) is None


def test_more_standing_challenges_than_the_limit_is_refused(client, alice, app):
    app.config["STANDING_CHALLENGE_LIMIT"] = 2
    add(client, keep="1")
    add(client, keep="1")
    before = counts()
    response = add(client, keep="1")
    assert response.status_code == 409
    assert "You have 2 standing challenges, the most allowed" in response.get_data(as_text=True)
    assert counts() == before


@pytest.mark.parametrize("keep", ["0", "11", "two", ""])
def test_a_bad_number_of_games_is_refused(client, alice, keep):
    before = counts()
    response = add(client, keep=keep)
    assert response.status_code == 422 and b"Games to keep going" in response.data
    assert counts() == before


def test_standing_challenges_do_not_count_against_the_open_challenge_limit(
        client, alice, app):
    app.config["CHALLENGE_LIMIT_PER_PLAYER"] = 1
    add(client, keep="3")
    assert len(challenges(OPEN)) == 3
    assert client.post("/challenges/new/pylon", data=PYLON).status_code == 303

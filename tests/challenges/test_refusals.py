"""Every refusal of the lobby: a clear 4xx on the page, and nothing changed."""

from __future__ import annotations

import pytest
from helpers import sign_in

from pbem.core.extensions import db
from pbem.ratings.models import Rating

from .forms import counts, newest, other, post


def refused(response, status: int, words: str):
    text = response.get_data(as_text=True)
    assert response.status_code == status, text
    assert words in text, text


def test_joining_your_own_challenge(client, alice):
    post(client)
    before = counts()
    refused(client.post(f"/challenges/{newest().id}/join"), 409, "your own challenge")
    assert counts() == before


def test_joining_twice(client, alice, make_player):
    post(client, "stawvs", players="3")
    bob = other(client, make_player(name="Bob"))
    bob.post(f"/challenges/{newest().id}/join")
    before = counts()
    refused(bob.post(f"/challenges/{newest().id}/join"), 409, "already joined")
    assert counts() == before


def test_joining_a_full_table(client, alice, make_player):
    post(client)
    challenge_id = newest().id
    other(client, make_player(name="Bob")).post(f"/challenges/{challenge_id}/join")
    before = counts()
    refused(other(client, make_player(name="Cy")).post(f"/challenges/{challenge_id}/join"),
            409, "This challenge is full")
    assert counts() == before


def test_joining_outside_the_rating_range(client, alice, make_player):
    post(client, min_rating="1100", max_rating="1500")
    challenge_id = newest().id
    newcomer = make_player(name="Newcomer")
    before = counts()
    refused(other(client, newcomer).post(f"/challenges/{challenge_id}/join"), 403,
            "rated from 1100 to 1500; your Pylon rating is 1000")
    strong = make_player(name="Strong")
    db.session.add(Rating(player_id=strong.id, slug="pylon", mu=40.0, sigma=2.0, ordinal=34.0,
                          games=30))  # shows 1850
    db.session.commit()
    refused(other(client, strong).post(f"/challenges/{challenge_id}/join"), 403,
            "your Pylon rating is 1850")
    assert counts() == before
    middling = make_player(name="Middling")
    db.session.add(Rating(player_id=middling.id, slug="pylon", mu=30.0, sigma=2.0,
                          ordinal=24.0, games=30))  # shows 1600
    db.session.add(Rating(player_id=strong.id, slug="stawvs", mu=30.0, sigma=2.0,
                          ordinal=24.0, games=30))  # another game's rating does not count
    db.session.commit()
    refused(other(client, strong).post(f"/challenges/{challenge_id}/join"), 403, "1850")
    post(client, min_rating="1500")
    assert other(client, middling).post(f"/challenges/{newest().id}/join") \
        .status_code == 303


@pytest.mark.parametrize(("changes", "status", "words"), [
    ({"option_start": "sideways"}, 422, "sideways"),
    ({"option_layout": "not a layout"}, 422, "layout"),
    ({"players": "3"}, 422, "Not a valid choice"),
    ({"time_control": "per_move", "days_per_move": "0"}, 422, "Time control"),
    ({"time_control": "per_move", "days_per_move": "x"}, 422, "Time control"),
    ({"min_rating": "1500", "max_rating": "1200"}, 422, "is above the highest"),
    ({"min_rating": "-5"}, 422, "Lowest rating"),
    ({"seat_order": "backwards"}, 422, "Not a valid choice"),
])
def test_posting_terms_the_game_or_the_form_refuses(client, alice, changes, status, words):
    before = counts()
    response = post(client, **changes)
    refused(response, status, words)
    assert 'role="alert"' in response.get_data(as_text=True)
    assert counts() == before


def test_posting_more_challenges_than_the_limit(client, alice, app):
    app.config["CHALLENGE_LIMIT_PER_PLAYER"] = 2
    post(client)
    post(client)
    before = counts()
    refused(post(client), 429, "You have 2 open challenges, the most allowed")
    assert counts() == before


def test_unknown_games_and_challenges_are_404(client, alice):
    assert client.get("/challenges/new/chess").status_code == 404
    refused(client.post("/challenges/999999/join"), 404, "There is no challenge #999999")
    refused(client.post("/challenges/999999/withdraw"), 404, "There is no challenge")


def test_signed_out_visitors_cannot_join_or_post(client, make_player):
    poster = make_player(name="Poster")
    sign_in(client, poster)
    post(client)
    visitor = client.application.test_client()
    before = counts()
    refused(visitor.post(f"/challenges/{newest().id}/join"), 403, "Sign in")
    assert visitor.get("/challenges/new/pylon").status_code == 302
    assert counts() == before


def test_withdrawing_twice_or_a_started_challenge(client, alice, make_player):
    post(client)
    challenge_id = newest().id
    client.post(f"/challenges/{challenge_id}/withdraw")
    refused(client.post(f"/challenges/{challenge_id}/withdraw"), 409, "withdrawn")
    post(client)
    other(client, make_player(name="Bob")).post(f"/challenges/{newest().id}/join")
    before = counts()
    refused(client.post(f"/challenges/{newest().id}/withdraw"), 409, "has started")
    assert counts() == before


def test_a_deleted_accounts_challenges_leave_the_list_and_cannot_be_joined(
        client, alice, make_player):
    from pbem.accounts.service import delete_account

    post(client)
    challenge_id = newest().id
    delete_account(alice)
    db.session.commit()
    bob = other(client, make_player(name="Bob"))
    assert f'id="challenge-{challenge_id}"' not in bob.get("/challenges").get_data(as_text=True)
    before = counts()
    refused(bob.post(f"/challenges/{challenge_id}/join"), 409, "withdrawn")
    assert counts() == before

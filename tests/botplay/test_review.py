"""The post-game review: asked for by a player, done by the worker under a lease, shown on
the game page (public), bounded by a daily limit."""

from __future__ import annotations

import random

import pytest
from helpers import sign_in
from markupsafe import escape

from pbem.botplay import review
from pbem.botplay.models import GameReview
from pbem.core.extensions import db
from pbem.play import commands
from pbem.play.queries import get_game


def finished(make_game, slug, seed=2):
    game = make_game(slug, seed=seed)
    game_id, rules, rng = game.id, game.rules, random.Random(seed)
    while game.status == "active":
        state = game.load_state()
        turn, _ = rules.random_turn(state, rng)
        commands.play_turn(commands.locked(game_id), rules.to_move(state), " ".join(turn),
                           game.ply)
        game = get_game(game_id)
    return game


@pytest.mark.parametrize("slug", ["stax", "spike"])
def test_a_finished_game_is_reviewed_and_shown_on_its_page(client, make_game, slug):
    game = finished(make_game, slug)
    game_id, player = game.id, game.seats[0].player
    visitor = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Review by the bots" not in visitor  # nothing to show a reader who cannot ask
    sign_in(client, player)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Ask the bots to review this game" in page
    assert client.post(f"/games/{game_id}/review").status_code == 303
    assert "The bots are reviewing this game" in client.get(f"/games/{game_id}").text
    assert client.post(f"/games/{game_id}/review").status_code == 409  # asked already
    assert review.run(playouts=12) == "1 reviewed"
    assert review.run(playouts=12) == "nothing to review"
    done = db.session.get(GameReview, game_id)
    turns = done.turns
    assert done.status == "done" and turns and all(0 <= t["before"] <= 1 for t in turns)
    assert [t["ply"] for t in turns] == sorted(t["ply"] for t in turns)
    for turn in turns:
        assert turn["preferred"] is None or isinstance(turn["preferred"], str)
    with client.session_transaction() as session:
        session.clear()
    page = client.get(f"/games/{game_id}").get_data(as_text=True)  # public
    assert "Review by the bots" in page and "<polyline" in page
    for turn in review.worst_turns(turns):
        assert f"played <strong>{escape(turn['played'])}</strong>" in page


def test_only_players_of_finished_games_and_a_daily_limit(client, make_game, make_player):
    active = make_game("pylon")
    sign_in(client, active.seats[0].player)
    assert client.post(f"/games/{active.id}/review").status_code == 409
    ada = make_player(name="Ada")
    games = []
    for _ in range(review.DAILY_REVIEWS + 1):
        game = make_game("pylon", players=[ada, make_player()])
        commands.resign(commands.locked(game.id), 1)
        games.append(game.id)
    sign_in(client, make_player(name="Outsider"))
    assert client.post(f"/games/{games[0]}/review").status_code == 403
    sign_in(client, ada)
    for game_id in games[:-1]:
        assert client.post(f"/games/{game_id}/review").status_code == 303
    refused = client.post(f"/games/{games[-1]}/review")
    assert refused.status_code == 429 and "reviews a day" in refused.text


def test_a_leased_review_is_left_alone_until_its_lease_ends(make_game):
    from datetime import timedelta

    from pbem.core.db import utcnow

    game = finished(make_game, "pylon")
    review.request_review(game, game.seats[0].player)
    db.session.commit()
    assert review._claim(game.id, utcnow()) is not None
    assert review.run(playouts=4) == "nothing to review"  # another worker holds it
    assert review.run(utcnow() + review.LEASE + timedelta(seconds=1),
                      playouts=4) == "1 reviewed"

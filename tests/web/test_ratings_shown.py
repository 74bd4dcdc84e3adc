"""A rating is written one way everywhere: ``1086``, or ``1000?`` while provisional, in the
lobby, the challenge feed and the player's page alike."""

from __future__ import annotations

import re

from helpers import sign_in

from pbem.challenges import service as lobby
from pbem.core.db import utcnow
from pbem.core.extensions import db
from pbem.play import commands


def written(html: str) -> list[str]:
    """Ratings as a reader sees them (the markup around the question mark dropped)."""
    return re.findall(r'<span class="rating">(\d+)(?:<abbr[^>]*>(\?)</abbr>)?</span>', html)


def test_a_provisional_rating_reads_the_same_in_lobby_feed_and_player_page(client,
                                                                         make_player):
    me, rival = make_player(name="Mia"), make_player(name="Rob")
    game = commands.create_game("pylon", [me, rival], creator=me, start_now=True, seed=1,
                                rated=True)
    commands.play_turn(commands.locked(game.id), 0, "Mc3", 0)
    commands.play_turn(commands.locked(game.id), 1, "Sa1", 1)
    commands.resign(commands.locked(game.id), 1)
    lobby.post(me, lobby.check_terms("pylon", {}, 2, "none", True, None, None, "random"),
               utcnow())
    db.session.commit()
    [(lobby_rating, mark)] = written(client.get("/challenges").get_data(as_text=True))
    assert mark == "?"
    feed = client.get("/challenges/pylon/feed.atom").get_data(as_text=True)
    assert f"Mia ({lobby_rating}?) challenges 1 player" in feed
    page = client.get(f"/players/{me.id}").get_data(as_text=True)
    assert (lobby_rating, "?") in written(page)


def test_a_place_in_a_game_of_four_is_said_as_a_place(client, make_player, make_game):
    players = [make_player(name=f"Q{i}") for i in range(4)]
    game = make_game("stawvs", players=players)
    for seat in (3, 2, 1):  # the last to resign comes second
        commands.resign(commands.locked(game.id), seat)
    assert commands.locked(game.id).status == "finished"
    db.session.commit()
    sign_in(client, players[1])
    assert "You came 2nd of 4" in client.get("/").get_data(as_text=True)
    sign_in(client, players[3])
    assert "You came 4th of 4" in client.get("/").get_data(as_text=True)
    sign_in(client, players[0])
    assert "You won" in client.get("/").get_data(as_text=True)

"""Bots are rated like players, from every game they finish: a game against a bot that its
players left unrated (the default) moves the bot's rating and nobody else's, and a rebuild
gives the same numbers."""

from __future__ import annotations

import random

from helpers import play_turns

from pbem.botplay.accounts import ensure_bots
from pbem.core.extensions import db
from pbem.play import commands
from pbem.ratings.models import Rating, RatingChange
from pbem.ratings.rebuild import rebuild
from pbem.ratings.skill import Skill, rate

from .test_ratings import stored


def bot_game_lost_by(human, bot, rated: bool):
    """A Pylon game between the human and the bot, both moving, which the human resigns."""
    game = commands.create_game("pylon", [human, bot], creator=human, seed=3, rated=rated)
    game = play_turns(game, 2, random.Random(4))
    commands.resign(commands.locked(game.id), 0)
    return game


def test_an_unrated_game_against_a_bot_moves_the_bots_rating_only(app, make_player):
    bot = ensure_bots()[1]
    human = make_player()
    game = bot_game_lost_by(human, bot, rated=False)
    ratings, changes = stored()
    won = rate([Skill(), Skill()], [1, 0])[1]
    assert ratings == {("pylon", bot.id): (won.mu, won.sigma, won.ordinal, 1)}
    assert set(changes) == {(game.id, bot.id)}


def test_a_rated_game_against_a_bot_moves_both(app, make_player):
    bot = ensure_bots()[0]
    human = make_player()
    bot_game_lost_by(human, bot, rated=True)
    assert {player for _, player in stored()[0]} == {bot.id, human.id}


def test_rebuild_rates_the_bots_as_the_games_did(app, make_player):
    bots = ensure_bots()
    people = [make_player() for _ in range(3)]
    bot_game_lost_by(people[0], bots[0], rated=False)
    bot_game_lost_by(people[1], bots[0], rated=True)
    bot_game_lost_by(people[0], bots[2], rated=False)
    game = commands.create_game("pylon", people[:2], creator=people[0], seed=5, start_now=True)
    game = play_turns(game, 2, random.Random(1))
    commands.resign(commands.locked(game.id), 1)
    incremental = stored()
    db.session.execute(Rating.__table__.delete())
    db.session.execute(RatingChange.__table__.delete())
    rebuild()
    db.session.commit()
    assert stored() == incremental


def test_bots_share_the_pool_and_are_marked_wherever_a_rating_shows(client, make_player):
    import re

    from pbem.api import tokens
    from pbem.challenges import service as lobby
    from pbem.core.db import utcnow
    from pbem.ratings.skill import PROVISIONAL_GAMES

    bot, human = ensure_bots()[0], make_player(name="Hugo Human")
    games = [bot_game_lost_by(human, bot, rated=True) for _ in range(PROVISIONAL_GAMES)]
    mark = re.compile(r'\s*<abbr class="bot" title="[^"]+">bot</abbr>')
    board = client.get("/rules/pylon/ratings").text
    rows = re.findall(r'<tr><td>(\d+)</td><td><a href="/players/(\d+)">([^<]+)</a>(.{0,80})',
                      board)
    assert [(int(rank), int(pid)) for rank, pid, _, _ in rows] == [(1, bot.id), (2, human.id)]
    assert mark.match(rows[0][3]) and not mark.match(rows[1][3])
    changes = client.get(f"/games/{games[-1].id}").text.split('class="rating-changes"', 1)[1]
    assert mark.match(changes.split(bot.name, 1)[1])
    assert not mark.match(changes.split("Hugo Human", 1)[1])
    for poster in (bot, human):
        lobby.post(poster, lobby.check_terms("pylon", {}, 2, "none", True, None, None,
                                             "random"), utcnow())
    db.session.commit()
    lobby_html = client.get("/challenges").text
    assert mark.match(lobby_html.split(f">{bot.name}</a>", 1)[1])
    assert not mark.match(lobby_html.split(">Hugo Human</a>", 1)[1])
    _token, secret = tokens.create(human, ["read"])
    db.session.commit()
    listed = client.get("/api/challenges", headers={"Authorization": f"Bearer {secret}"}).json
    assert {c["poster"]["name"]: c["poster"]["bot"] for c in listed["challenges"]} == {
        bot.name: True, "Hugo Human": False}
    feed = client.get("/challenges/pylon/feed.atom").text
    assert f"{bot.name} (bot, " in feed and "Hugo Human (bot" not in feed

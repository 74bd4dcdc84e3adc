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

"""One order for ratings: games that end at the same moment are rated live in the order their
players' ratings were locked, that order is stored, and ``pbem ratings rebuild`` follows it,
so a rebuild reproduces the live ratings exactly (it once followed the end times, and after 60
games ending at once the two disagreed by up to 1.36 μ)."""

from __future__ import annotations

import random
import threading

import pytest
from helpers import play_turns

from pbem.core.extensions import db
from pbem.play import commands
from pbem.ratings.models import Rating
from pbem.ratings.rebuild import rebuild
from pbem.ratings.skill import Skill

from .test_ratings import stored


def _sixty_games_end_at_once(app, make_game, make_player):
    players = [make_player(name=f"R{n}") for n in range(6)]
    for player in players:  # established already: no first rating row to race for
        skill = Skill()
        db.session.add(Rating(player_id=player.id, slug="pylon", mu=skill.mu, sigma=skill.sigma,
                              ordinal=skill.ordinal, games=0))
    db.session.commit()
    rng = random.Random(60)
    games = []
    for _ in range(60):
        pair = rng.sample(players, 2)
        games.append((play_turns(make_game("pylon", players=pair), 2, rng).id, rng.randrange(2)))
    db.session.remove()  # the threads start from the database, not this session
    barrier, failures = threading.Barrier(len(games)), []

    def resign(game_id, seat):
        with app.app_context():
            barrier.wait()
            try:
                commands.resign(commands.locked(game_id), seat)
            except Exception as exc:  # noqa: BLE001  (reported below)
                failures.append(repr(exc))
            finally:
                db.session.remove()

    threads = [threading.Thread(target=resign, args=game) for game in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert failures == []
    live = stored()
    assert sum(games for *_, games in live[0].values()) == 120
    assert rebuild() == 60
    db.session.commit()
    db.session.expire_all()
    assert stored() == live  # to the last bit


def test_sixty_games_ending_at_once_rebuild_to_the_live_ratings_on_sqlite(
        app, make_game, make_player):
    _sixty_games_end_at_once(app, make_game, make_player)


@pytest.mark.postgres
def test_sixty_games_ending_at_once_rebuild_to_the_live_ratings_on_postgresql(
        app, make_game, make_player):
    _sixty_games_end_at_once(app, make_game, make_player)

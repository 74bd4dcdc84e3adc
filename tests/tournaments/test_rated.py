"""Rated tournaments: the games count for ratings only when the tournament is rated, and a
director may seed by the entrants' ratings at the tournament's game."""

from __future__ import annotations

import html
import random
import re

import pytest
from helpers import sign_in
from sqlalchemy import select

from pbem.core.extensions import db
from pbem.ratings.models import Rating, RatingChange
from pbem.ratings.skill import Skill
from pbem.tournaments import service
from pbem.tournaments.models import Tournament

from .tournament_sim import T0, entered, play_open_games, settings


def rate(player, slug, skill: Skill) -> None:
    db.session.add(Rating(player_id=player.id, slug=slug, mu=skill.mu, sigma=skill.sigma,
                          ordinal=skill.ordinal, games=20))


@pytest.mark.parametrize("rated", [True, False])
def test_a_tournament_s_games_count_for_ratings_only_when_it_is_rated(app, make_player,
                                                                      rated):
    t = entered(make_player, "spike", 4, settings("swiss", rounds=1, rated=rated))
    service.start(t.id, t.created_by, T0)
    db.session.commit()
    games = [tb.game for tb in t.rounds[0].tables]
    assert all(game.rated == rated for game in games)
    play_open_games(t.id, random.Random(3))
    db.session.commit()
    changes = db.session.scalars(select(RatingChange).where(
        RatingChange.game_id.in_([g.id for g in games]))).all()
    assert bool(changes) == rated and (not rated or len(changes) == 4)


def test_seeding_by_rating_orders_the_field_by_the_rating_at_this_game(app, make_player):
    t = entered(make_player, "spike", 5, settings("knockout", seed_by_rating=True))
    players = [e.player for e in t.entrants]
    # 3 is best at Spike, 1 next; 0 is best at another game, which does not count; the
    # newcomers 0, 2 and 4 show the same rating and keep the order they entered
    rate(players[3], "spike", Skill(35.0, 2.0))
    rate(players[1], "spike", Skill(30.0, 2.0))
    rate(players[0], "stax", Skill(40.0, 1.0))
    rate(players[4], "spike", Skill(20.0, 8.0))  # shows below a newcomer (25 − 3 × 8.33)
    db.session.commit()
    service.start(t.id, t.created_by, T0)
    db.session.commit()
    t = db.session.get(Tournament, t.id)
    assert [e.player for e in t.field()] == [players[i] for i in (3, 1, 0, 2, 4)]


def test_without_seeding_by_rating_the_director_s_seeding_stands(app, make_player):
    t = entered(make_player, "spike", 3, settings("knockout"))
    players = [e.player for e in t.entrants]
    rate(players[2], "spike", Skill(35.0, 2.0))
    service.seed(t.id, players[1].email, t.created_by, T0)
    service.start(t.id, t.created_by, T0)
    db.session.commit()
    t = db.session.get(Tournament, t.id)
    assert [e.player for e in t.field()] == [players[i] for i in (1, 0, 2)]


def test_the_form_sets_both_and_the_page_says_so(app, client, make_player):
    admin = make_player(name="Director", admin=True)
    sign_in(client, admin)
    page = client.get("/admin/tournaments/new/spike").get_data(as_text=True)
    assert 'name="rated"' in page and 'name="seed_by_rating"' in page
    form = {"name": "Club Swiss", "format": "swiss", "table_size": "2", "rounds": "3",
            "cycles": "1", "best_of": "1", "advance": "1", "time_control": "none",
            "round_days": "7", "stall_policy": "adjudicate", "extend_days": "3",
            "enrolment": "invitation", "seed_by_rating": "y"}
    response = client.post("/admin/tournaments/new/spike", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)
    t = db.session.scalars(select(Tournament).where(Tournament.name == "Club Swiss")).one()
    assert not t.rated and t.seed_by_rating  # an unticked box is unrated
    shown = html.unescape(client.get(f"/tournaments/{t.id}").get_data(as_text=True))
    assert "unrated, seeded by rating" in shown
    edit = client.get(f"/admin/tournaments/{t.id}/edit").get_data(as_text=True)
    assert re.search(r'<input checked id="seed_by_rating"', edit)
    assert not re.search(r'<input checked id="rated"', edit)

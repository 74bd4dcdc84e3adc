"""Rating finished games (the "game finished" handler), rebuilding, and the pages."""

from __future__ import annotations

import random
import re

import pytest
from helpers import play_turns, sign_in
from sqlalchemy import select

from pbem.core.extensions import db
from pbem.play import commands, events
from pbem.play.queries import get_game
from pbem.ratings.models import Rating, RatingChange
from pbem.ratings.rebuild import rebuild
from pbem.ratings.service import game_finished
from pbem.ratings.skill import PROVISIONAL_GAMES, Skill, rate


def finished(game):
    """The game, which has just ended (and been rated, by the "game finished" event)."""
    game = get_game(game.id)
    assert game.status == "finished"
    return game


def pylon_won_by(make_game, winner, loser, slug="pylon"):
    """A two-player game where both move, then ``loser`` resigns."""
    game = make_game(slug, players=[winner, loser])
    game = play_turns(game, 2, random.Random(game.id))
    commands.resign(commands.locked(game.id), [s.player_id for s in game.seats].index(loser.id))
    return finished(game)


def drawn(make_game, a, b):
    game = play_turns(make_game("pylon", players=[a, b]), 2, random.Random(1))
    commands.adjudicate(commands.locked(game.id), [0, 1])
    db.session.commit()
    return finished(game)


def stored():
    ratings = {(r.slug, r.player_id): (r.mu, r.sigma, r.ordinal, r.games)
               for r in db.session.scalars(select(Rating))}
    changes = {(c.game_id, c.player_id): (c.slug, c.place, c.mu_before, c.sigma_before,
                                          c.mu_after, c.sigma_after)
               for c in db.session.scalars(select(RatingChange))}
    return ratings, changes


def test_a_rated_win_moves_both_players_and_is_stored_with_the_game(make_game, make_player):
    alice, bob = make_player(name="Alice"), make_player(name="Bob")
    game = pylon_won_by(make_game, alice, bob)
    winner, loser = rate([Skill(), Skill()], [0, 1])
    ratings, changes = stored()
    assert ratings[("pylon", alice.id)] == (winner.mu, winner.sigma, winner.ordinal, 1)
    assert ratings[("pylon", bob.id)] == (loser.mu, loser.sigma, loser.ordinal, 1)
    change = db.session.get(RatingChange, (game.id, alice.id))
    assert (change.place, change.before, change.after, change.change) == (0, 1000, 1086, 86)
    assert db.session.get(RatingChange, (game.id, bob.id)).change == 954 - 1000


def test_a_game_played_to_its_end_is_rated_in_the_move_that_ends_it(make_game, make_player):
    alice, bob = make_player(), make_player()
    game = play_turns(make_game("pylon", players=[alice, bob], seed=7), 400, random.Random(7))
    assert game.status == "finished" and "agreed" not in game.result
    assert not any(move.move == "resign" for move in game.moves)
    places = [0 if seat in game.result["winners"] else 1 for seat in range(2)]
    after = rate([Skill(), Skill()], places)
    ratings, changes = stored()
    assert ratings == {("pylon", player.id): (skill.mu, skill.sigma, skill.ordinal, 1)
                       for player, skill in zip([alice, bob], after, strict=True)}
    assert {(game_id, player) for game_id, player in changes} == {(game.id, alice.id),
                                                                   (game.id, bob.id)}


def test_a_resignation_rates_the_game_it_ends(make_game, make_player):
    alice, bob = make_player(), make_player()
    game = play_turns(make_game("pylon", players=[alice, bob]), 2, random.Random(2))
    assert stored() == ({}, {})
    commands.resign(commands.locked(game.id), 0)
    winner, loser = rate([Skill(), Skill()], [0, 1])
    ratings, _ = stored()
    assert ratings[("pylon", bob.id)] == (winner.mu, winner.sigma, winner.ordinal, 1)
    assert ratings[("pylon", alice.id)] == (loser.mu, loser.sigma, loser.ordinal, 1)


def test_a_game_is_rated_once_however_often_its_end_is_published(make_game, make_player):
    alice, bob = make_player(), make_player()
    game = pylon_won_by(make_game, alice, bob)
    once = stored()
    events.game_finished.send(game, state=game.load_state(), how=events.RESIGNATION)
    game_finished(game)
    db.session.commit()
    assert stored() == once
    assert db.session.get(Rating, (alice.id, "pylon")).games == 1


def test_unrated_games_and_forfeits_before_a_move_change_nothing(make_game, make_player):
    alice, bob = make_player(), make_player()
    casual = make_game("pylon", players=[alice, bob])
    casual.rated = False
    db.session.commit()
    play_turns(casual, 2, random.Random(3))
    commands.resign(commands.locked(casual.id), 1)
    finished(casual)
    # Bob never moves: resigning (or timing out) before a first move leaves him out
    early = make_game("pylon", players=[alice, bob])
    play_turns(early, 1, random.Random(4))
    commands.resign(commands.locked(early.id), 1)
    finished(early)
    assert stored() == ({}, {})


def test_a_four_player_game_rates_everyone_with_shared_places(make_game, make_player):
    players = [make_player() for _ in range(4)]
    game = play_turns(make_game("stawvs", players=players, seed=5), 400, random.Random(5))
    assert game.status == "finished"
    finished(game)
    changes = {c.player_id: c for c in db.session.scalars(select(RatingChange))}
    assert len(changes) == 4
    scores, winners = game.result["scores"], game.result["winners"]
    places = [changes[seat.player_id].place for seat in game.seats]
    for a in range(4):
        for b in range(4):
            if a in winners and b not in winners:
                assert places[a] < places[b]
            elif a not in winners and b not in winners and scores[a] > scores[b]:
                assert places[a] < places[b]
    after = rate([Skill()] * 4, places)
    assert [(changes[s.player_id].mu_after, changes[s.player_id].sigma_after)
            for s in game.seats] == [(skill.mu, skill.sigma) for skill in after]


def _a_season(make_game, make_player):
    players = [make_player(name=f"Player {n}") for n in range(5)]
    rng = random.Random(11)
    for n in range(14):
        a, b = rng.sample(players, 2)
        if n % 5 == 4:
            drawn(make_game, a, b)
        else:
            pylon_won_by(make_game, a, b, slug=rng.choice(["pylon", "spike"]))
    return players


def _check_rebuild_equals_the_incremental_ratings(make_game, make_player):
    _a_season(make_game, make_player)
    incremental = stored()
    assert len(incremental[1]) == 28
    assert rebuild() == 14
    db.session.commit()
    assert stored() == incremental
    rebuild()
    db.session.commit()
    assert stored() == incremental


def test_rebuild_equals_the_incremental_ratings(make_game, make_player):
    _check_rebuild_equals_the_incremental_ratings(make_game, make_player)


@pytest.mark.postgres
def test_rebuild_equals_the_incremental_ratings_on_postgresql(make_game, make_player):
    _check_rebuild_equals_the_incremental_ratings(make_game, make_player)


def test_the_rebuild_command_reports_and_commits(app, runner, make_game, make_player):
    alice, bob = make_player(), make_player()
    pylon_won_by(make_game, alice, bob)
    expected = stored()
    db.session.execute(Rating.__table__.delete())
    db.session.execute(RatingChange.__table__.delete())
    db.session.commit()
    result = runner.invoke(args=["pbem", "ratings", "rebuild"])
    assert result.exit_code == 0, result.output
    assert "rated 1 of 1 finished rated game\n" in result.output
    db.session.expire_all()
    assert stored() == expected


def test_the_leaderboard_lists_established_players_by_rating(client, make_game, make_player):
    alice, bob = make_player(name="Alice Strong"), make_player(name="Bob Weak")
    newcomer = make_player(name="Nora New")
    for _ in range(PROVISIONAL_GAMES):
        pylon_won_by(make_game, alice, bob)
    pylon_won_by(make_game, newcomer, bob)
    html = client.get("/rules/pylon/ratings").get_data(as_text=True)
    rows = re.findall(r"<tr><td>(\d+)</td><td><a href=\"/players/(\d+)\">([^<]+)</a>", html)
    assert [(int(rank), int(pid), name) for rank, pid, name in rows] == [
        (1, alice.id, "Alice Strong"), (2, bob.id, "Bob Weak")]
    alice_rating = db.session.get(Rating, (alice.id, "pylon"))
    assert f"<strong>{alice_rating.shown}</strong>" in html
    # fewer than ten games: the trend is everything since the start, at 1000
    trends = re.findall(r'class="num trend \w+">([^<]+)</td>', html)
    bob_rating = db.session.get(Rating, (bob.id, "pylon"))
    assert trends == [f"{alice_rating.shown - 1000:+d}", f"{bob_rating.shown - 1000:+d}"]
    ranked, provisional = html.split('id="provisional"', 1)
    assert "Nora New" not in ranked  # provisional: listed apart, marked, from her first game
    nora = db.session.get(Rating, (newcomer.id, "pylon"))
    assert re.search(rf'Nora New</a></td>\s*<td class="num"><span title="provisional[^"]*">'
                     rf'{nora.shown}\?</span></td><td class="num">1</td>', provisional)
    assert "Which games are rated" in html and "before making a move" in html
    assert "@" not in html.split("<main", 1)[1]  # no addresses
    assert 'href="/rules/pylon/ratings"' in client.get("/rules/pylon").get_data(as_text=True)
    assert client.get("/rules/chess/ratings").status_code == 404
    assert "No one has played" in client.get("/rules/stax/ratings").get_data(as_text=True)


def test_the_player_page_charts_each_rating_with_a_table(client, make_game, make_player):
    alice, bob = make_player(name="Alice"), make_player(name="Bob")
    games = [pylon_won_by(make_game, alice, bob) for _ in range(3)]
    html = client.get(f"/players/{alice.id}").get_data(as_text=True)
    assert html.count("<svg") == 1 and "<polyline" in html and 'role="img"' in html
    table = html.split('class="games rating-history"', 1)[1].split("</table>", 1)[0]
    shown = [c.after for c in db.session.scalars(
        select(RatingChange).where(RatingChange.player_id == alice.id)
        .order_by(RatingChange.game_id.desc()))]
    assert re.findall(r'<td class="num">(\d+)</td>', table) == [str(n) for n in shown]
    assert [f"#{g.id}" for g in reversed(games)] == re.findall(r">(#\d+)</a>", table)
    assert "?</abbr>" in html  # three games: provisional
    assert "style=" not in html and "<script>" not in html


def test_the_about_page_says_how_the_number_is_made(client):
    html = client.get("/ratings/about").get_data(as_text=True)
    assert "1000 + 25 × (μ − 3σ)" in html and "Plackett" in html


def test_the_new_game_form_sets_rated(client, make_player):
    me, other = make_player(), make_player()
    sign_in(client, me)
    assert 'name="rated"' in client.get("/new/pylon").get_data(as_text=True)
    for data, rated in (({"rated": "y"}, True), ({}, False)):
        response = client.post("/new/pylon", data={"players": 2,
                                                   "seats": f"{me.email}\n{other.email}",
                                                   **data})
        assert response.status_code == 303
        assert get_game(int(response.location.rsplit("/", 1)[1])).rated is rated


def test_the_trend_spans_the_last_ten_rated_games(make_game, make_player):
    from pbem.ratings.queries import TREND_GAMES, leaderboard

    alice, bob = make_player(), make_player()
    games = [pylon_won_by(make_game, alice, bob) for _ in range(TREND_GAMES + 2)]
    first_counted = db.session.get(RatingChange, (games[2].id, alice.id))
    leader = leaderboard("pylon")[0]
    assert leader.player == alice
    assert leader.trend == leader.rating - first_counted.before
    assert first_counted.before > 1000


def test_the_player_page_shows_a_bounded_history_with_pages(client, make_game, make_player,
                                                             monkeypatch):
    """However many games were rated, the page holds a sample of the values for the chart and
    one page of rows (a busy player's page once listed all 10,018 changes)."""
    from pbem.ratings import queries

    monkeypatch.setattr(queries, "CHART_POINTS", 2)
    monkeypatch.setattr(queries, "HISTORY_ROWS", 2)
    alice, bob = make_player(name="Alice"), make_player(name="Bob")
    games = [pylon_won_by(make_game, alice, bob).id for _ in range(5)]
    html = client.get(f"/players/{alice.id}").get_data(as_text=True)
    table = html.split('class="games rating-history"', 1)[1].split("</table>", 1)[0]
    assert re.findall(r">#(\d+)</a>", table) == [str(games[4]), str(games[3])]
    assert "page 1 of 3" in html and "older</a>" in html and "newer</a>" not in html
    assert "a sample of 3" in html  # the 1st, 3rd and 5th values
    older = client.get(f"/players/{alice.id}?history=pylon&page=3").get_data(as_text=True)
    table = older.split('class="games rating-history"', 1)[1].split("</table>", 1)[0]
    assert re.findall(r">#(\d+)</a>", table) == [str(games[0])]
    assert client.get(f"/players/{alice.id}?history=pylon&page=x").status_code == 200

"""The archive's counters (games per game and status, each player's record) follow every way a
game starts and ends, on SQLite and PostgreSQL, and always equal a fresh count."""

from __future__ import annotations

import random

import pytest

from pbem.archive import counters
from pbem.core.extensions import db
from pbem.play import commands, endings
from pbem.play.models import TIMED_OUT
from pbem.play.queries import get_game
from pbem.web.account import delete_everywhere
from tests.helpers import play_turns, revision_before


def table_as_migrated(name: str):
    """The table as the database has it at the revision the test stopped at, not as today's
    model declares it: a column added later (with a Python-side default) must not be written."""
    return db.Table(name, db.MetaData(), autoload_with=db.engine)

BOTH = pytest.mark.parametrize("backend", ["sqlite", pytest.param(
    "postgresql", marks=pytest.mark.postgres)])


def assert_counted():
    assert counters.differences() == []
    assert counters.stored_counts() == counters.fresh_counts()
    assert counters.stored_records() == counters.fresh_records()


@BOTH
def test_the_counters_follow_games_to_every_ending(app, backend, make_player, make_game,
                                                   stored_game):
    rng = random.Random(21)
    ann, ben, cat, dan = (make_player(name=name) for name in ("Ann", "Ben", "Cat", "Dan"))
    make_game("pylon", players=[ann, ben], start_now=False)  # an invitation counts nothing
    assert counters.stored_counts() == {}
    played = make_game("pylon", players=[ann, ben], seed=3)
    assert counters.stored_records()[ann.id, "pylon"] == (0, 0, 0, 1, 0, 0, 0)
    assert counters.stored_counts()["pylon", "active"] == (1, 0, 0)
    play_turns(played, 400, rng)
    assert get_game(played.id).status == "finished"
    assert_counted()
    assert counters.stored_counts()["pylon", "finished"][0] == 1
    assert ("pylon", "active") not in counters.stored_counts()

    four = make_game("stawvs", players=[ann, ben, cat, dan], seed=4)
    play_turns(four, 3, rng)
    commands.resign(commands.locked(four.id), 2)  # plays on: Cat is out, not finished
    assert_counted()
    assert counters.stored_records()[cat.id, "stawvs"] == (0, 0, 0, 1, 0, 0, 0)
    commands.adjudicate(commands.locked(four.id), [0, 1])  # shared first place
    assert_counted()
    assert counters.stored_records()[ann.id, "stawvs"] == (0, 0, 1, 0, 0, 0, 0)
    assert counters.stored_records()[cat.id, "stawvs"] == (0, 1, 0, 0, 0, 0, 1)  # 4th: out first
    assert counters.stored_records()[dan.id, "stawvs"] == (0, 1, 0, 0, 0, 1, 0)  # 3rd
    assert counters.stored_counts()["stawvs", "finished"] == (1, 0, 1)

    resigned = make_game("spike", players=[cat, dan], seed=5)
    commands.resign(commands.locked(resigned.id), 0, reason=TIMED_OUT)
    agreed = make_game("stax", players=[ann, cat], seed=6)
    for seat in (0, 1):
        game = commands.locked(agreed.id)
        commands.agree(game, seat, game.ply)
    assert get_game(agreed.id).result["agreed"]
    assert_counted()
    assert counters.stored_records()[dan.id, "spike"] == (1, 0, 0, 0, 0, 0, 0)

    stored_game("pylon", seed=7, players=[ben, dan])  # imported finished
    stored_game("pylon", seed=8, players=[ben, dan], max_plies=4)  # imported in progress
    assert_counted()

    going = [make_game(slug, players=[dan, ben], seed=9) for slug in ("pylon", "triumvirate")]
    delete_everywhere(dan)  # his games going end as forfeits
    db.session.commit()
    assert all(get_game(game.id).status == "finished" for game in going)
    assert_counted()
    assert counters.stored_records()[ben.id, "triumvirate"] == (1, 0, 0, 0, 0, 0, 0)


@BOTH
def test_the_counters_change_with_the_game_or_not_at_all(app, backend, make_game):
    game = make_game("pylon", seed=2)
    before = counters.stored_counts()
    endings.adjudicate(commands.locked(game.id), [0])
    assert counters.stored_counts()["pylon", "finished"] == (1, 1, 0)  # in its transaction
    db.session.rollback()
    assert counters.stored_counts() == before
    assert_counted()


def test_the_list_and_the_player_page_read_the_counters(client, make_player, make_game):
    ann = make_player(name="Ann")
    make_game("pylon", players=[ann, make_player(name="Ben")])
    html = client.get("/archive").get_data(as_text=True)
    assert "1 game." in html and ">Pylon (1)<" in html
    db.session.execute(db.text("UPDATE archive_counts SET games = 41"))
    db.session.execute(db.text("UPDATE player_records SET ongoing = 7"))
    db.session.commit()
    html = client.get("/archive").get_data(as_text=True)
    assert "41 games." in html and ">Pylon (41)<" in html  # no count of the games on read
    assert 'status=active">7</a>' in client.get(f"/players/{ann.id}").get_data(as_text=True)


def test_the_player_page_shows_places_in_games_of_three_or_four(client, make_player,
                                                                make_game):
    ann, ben, cat = (make_player(name=name) for name in ("Ann", "Ben", "Cat"))
    game = make_game("stawvs", players=[ann, ben, cat], seed=4)
    commands.resign(commands.locked(game.id), 2)  # Cat out first: third
    commands.resign(commands.locked(game.id), 1)  # Ben out next: second, Ann won
    db.session.commit()
    assert get_game(game.id).status == "finished"
    assert_counted()
    assert counters.stored_records()[ben.id, "stawvs"] == (0, 1, 0, 0, 1, 0, 0)
    assert counters.stored_records()[cat.id, "stawvs"] == (0, 1, 0, 0, 0, 1, 0)
    duel = make_game("pylon", players=[ben, cat], seed=5)
    commands.resign(commands.locked(duel.id), 0)  # a two-player loss stays a loss
    db.session.commit()
    page = client.get(f"/players/{ben.id}").get_data(as_text=True)
    assert "<th" in page and ">2nd</th>" in page and ">4th</th>" in page
    row = page.split("Stawvs</a></td>")[1].split("</tr>")[0]
    assert "<td>1</td><td>0</td><td>0</td>" in row  # 2nd 1, 3rd 0, 4th 0
    assert 'result=lost">0</a>' in row  # not "Lost"
    duel_row = page.split("Pylon</a></td>")[1].split("</tr>")[0]
    assert 'result=lost">1</a>' in duel_row
    # a player with no game of three or four: no place columns
    assert ">2nd</th>" not in client.get(f"/players/{make_player(name='Dee').id}").get_data(
        as_text=True)


def test_recount_checks_and_rebuilds_the_counters(app, runner, make_game):
    make_game("pylon")
    make_game("stawvs")
    db.session.execute(db.text("UPDATE archive_counts SET games = games + 5 "
                               "WHERE slug = 'pylon'"))
    db.session.execute(db.text("DELETE FROM player_records WHERE slug = 'stawvs'"))
    db.session.commit()
    checked = runner.invoke(args=["pbem", "archive", "recount", "--check"])
    assert checked.exit_code == 1
    assert "games ('pylon', 'active'): stored games 6" in checked.output
    assert "counted games 1" in checked.output
    assert "3 counters differ from a fresh count" in checked.output
    assert counters.differences()  # --check changed nothing
    fixed = runner.invoke(args=["pbem", "archive", "recount"])
    assert fixed.exit_code == 0, fixed.output
    db.session.expire_all()
    assert counters.differences() == []
    again = runner.invoke(args=["pbem", "archive", "recount", "--check"])
    assert again.exit_code == 0 and "0 counters differ" in again.output


@BOTH
def test_the_migration_fills_the_counters_from_the_games(make_app, backend, request):
    from flask_migrate import upgrade

    from pbem.core.db import utcnow
    from pbem.play.models import Seat

    url = request.getfixturevalue("pg_database") if backend == "postgresql" else None
    app = make_app(url, migrate=True)
    with app.app_context():
        upgrade(revision=revision_before("b3e9d7a1c5f2"))  # the schema before the counters
        now = utcnow()
        db.session.execute(table_as_migrated("players").insert(), [
            {"id": n, "email": f"p{n}@example.com", "name": f"P{n}", "is_admin": False,
             "login_counter": 0, "created_at": now} for n in (1, 2, 3)])
        games = [("pylon", "finished", ["won", "lost"]), ("pylon", "finished", ["lost", "won"]),
                 ("stawvs", "finished", ["drawn", "lost", "drawn"]),
                 ("stawvs", "active", [None, None]), ("pylon", "invited", [None, None])]
        for number, (slug, status, outcomes) in enumerate(games, 1):
            db.session.execute(table_as_migrated("games").insert(), {
                "id": number, "slug": slug, "options": {}, "seed": 1, "rules_version": "1",
                "status": status, "ply": 0, "version": 1, "created_at": now,
                "updated_at": now, "started_at": None if status == "invited" else now})
            db.session.execute(table_as_migrated("seats").insert(), [
                {"game_id": number, "index": i, "player_id": i + 1, "response": "accepted",
                 "outcome": outcome} for i, outcome in enumerate(outcomes)])
        db.session.commit()
        upgrade()
        assert counters.stored_counts() == {("pylon", "finished"): (2, 2, 0),
                                            ("stawvs", "finished"): (1, 0, 1),
                                            ("stawvs", "active"): (1, 0, 0)}
        assert counters.stored_records()[1, "pylon"] == (1, 1, 0, 0, 0, 0, 0)
        assert counters.stored_records()[3, "stawvs"] == (0, 0, 1, 0, 0, 0, 0)
        assert counters.differences() == []
        unstarted = db.session.scalars(db.select(Seat.game_id).where(Seat.started_at.is_(None)))
        assert set(unstarted) == {5}  # each seat took its game's start, the invitation none


@BOTH
def test_the_migration_counts_places_of_the_games_of_three(make_app, backend, request):
    from flask_migrate import upgrade

    from pbem.archive.models import PlayerRecord
    from pbem.core.db import utcnow

    url = request.getfixturevalue("pg_database") if backend == "postgresql" else None
    app = make_app(url, migrate=True)
    with app.app_context():
        upgrade(revision=revision_before("c4e8a2d6f1b9"))  # the records before places
        now = utcnow()
        db.session.execute(table_as_migrated("players").insert(), [
            {"id": n, "email": f"p{n}@example.com", "name": f"P{n}", "is_admin": False,
             "login_counter": 0, "created_at": now} for n in (1, 2, 3)])
        db.session.execute(table_as_migrated("games").insert(), {
            "id": 1, "slug": "stawvs", "options": {}, "seed": 1, "rules_version": "1",
            "status": "finished", "ply": 2, "version": 1, "created_at": now,
            "updated_at": now, "started_at": now,
            "result": {"winners": [0], "scores": [0, 0, 0]}})
        db.session.execute(table_as_migrated("seats").insert(), [
            {"game_id": 1, "index": i, "player_id": i + 1, "response": "accepted",
             "outcome": outcome} for i, outcome in enumerate(["won", "lost", "lost"])])
        db.session.execute(table_as_migrated("moves").insert(), [  # seat 1 out first: third
            {"game_id": 1, "ply": ply, "seat": seat, "move": "resign", "text": "resign",
             "auto": False, "created_at": now} for ply, seat in ((1, 1), (2, 2))])
        db.session.execute(db.text(
            "INSERT INTO player_records (player_id, slug, won, lost, drawn, ongoing) VALUES "
            "(1, 'stawvs', 1, 0, 0, 0), (2, 'stawvs', 0, 1, 0, 0), (3, 'stawvs', 0, 1, 0, 0)"))
        db.session.commit()
        upgrade()
        assert db.session.get(PlayerRecord, (2, "stawvs")).third == 1
        assert db.session.get(PlayerRecord, (3, "stawvs")).second == 1
        assert counters.stored_records() == counters.fresh_records()

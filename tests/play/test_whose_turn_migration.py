"""The migration that puts whose turn it is on the game row fills it in for the games already
being played, from their snapshots and running clocks, on both engines."""

from __future__ import annotations

import random

import pytest
from clocks.stored import T0, H, timed_game
from flask_migrate import downgrade, upgrade
from freezegun import freeze_time
from helpers import play_turns, revision_before
from sqlalchemy import select

from pbem.accounts.service import player_by_email
from pbem.clocks import booking
from pbem.core.extensions import db
from pbem.play import commands
from pbem.play.commands import create_game
from pbem.play.models import Game

COLUMNS = (Game.id, Game.to_move_seat, Game.to_move_player_id, Game.to_move_deadline)


def whose_turn() -> list[tuple]:
    db.session.expire_all()
    rows = [tuple(row) for row in db.session.execute(select(*COLUMNS).order_by(Game.id))]
    db.session.commit()
    return rows


def make_player(number: int):
    player = player_by_email(f"p{number}@example.com")
    player.name, player.joined_at = f"P{number}", T0
    db.session.commit()
    return player


def check_backfill(app):
    with app.app_context():
        upgrade()
        players = [make_player(number) for number in range(4)]
        timed = timed_game(players[:3], "3d/move", slug="stawvs")
        with freeze_time(T0 + H):
            play_turns(timed, 2, random.Random(3))
            booking.book(players[2].id, "2", "", T0 + H)  # a vacation moves a deadline
            db.session.commit()
        untimed = create_game("spike", players[2:], creator=players[2], start_now=True, seed=4)
        play_turns(untimed, 3, random.Random(4))
        create_game("pylon", players[:2], creator=players[0], seed=5)  # not started
        finished = create_game("pylon", players[1:3], creator=players[1], start_now=True,
                               seed=6)
        commands.resign(commands.locked(finished.id), 0)
        before = whose_turn()
        assert sum(row[1] is not None for row in before) == 2
        assert sum(row[3] is not None for row in before) == 1
        db.session.remove()  # its open transaction would hold the table against ALTER TABLE
        downgrade(revision=revision_before("d7a3f1c9e2b8"))
        upgrade()
        assert whose_turn() == before


def test_the_backfill_fills_in_whose_turn_on_sqlite(make_app):
    check_backfill(make_app(migrate=True))


@pytest.mark.postgres
def test_the_backfill_fills_in_whose_turn_on_postgresql(make_app, pg_database):
    check_backfill(make_app(pg_database, migrate=True))

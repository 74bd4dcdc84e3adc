"""The migrations build exactly the schema the models describe, and undo it, on both engines."""

from __future__ import annotations

import random

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade

from pbem.core.extensions import db
from pbem.games import get_rules
from pbem.play.models import Game


def check_migrations(app):
    with app.app_context():
        upgrade()
        with db.engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            assert compare_metadata(context, db.metadata) == []
        downgrade(revision="base")
        tables = set(sa.inspect(db.engine).get_table_names()) - {"alembic_version"}
        assert tables == set()
        upgrade()
        assert set(db.metadata.tables) <= set(sa.inspect(db.engine).get_table_names())


def test_migrations_match_the_models_on_sqlite(make_app):
    check_migrations(make_app(migrate=True))


@pytest.mark.postgres
def test_migrations_match_the_models_on_postgresql(make_app, pg_database):
    check_migrations(make_app(pg_database, migrate=True))


def _stax_states():
    """A Stax game at its start, after 100 random plies, and a game of three with a
    resignation, each ply refusing a capture where it can (the marks need a long game)."""
    rules, rng = get_rules("stax"), random.Random(3)
    states = [rules.new_game(players=2)]
    for players, plies in ((2, 100), (3, 90)):
        state = rules.new_game(players=players)
        for ply in range(plies):
            if ply == 50 and players == 3:
                state = rules.resign(state, 1)
                continue
            moves = rules.legal_moves(state)
            quiet = [m for m in moves if not rules.is_over(rules.play(state, m))]
            state = rules.play(state, rng.choice(quiet or moves))
        states.append(state)
    assert [len(rules.to_dict(state)["marks"]) for state in states] == [0, 3, 2]
    return rules, states


def _listed(state) -> dict:
    """``state``'s snapshot as it was written before the stored form, written out here."""
    data = get_rules("stax").to_dict(state)
    del data["seen"], data["seen_filter"], data["marks"]
    return {**data, "history": [[seat, ply] for seat, ply in state.history],
            "keys": "".join(f"{key:032x}" for key in state.keys)}


def test_stax_snapshots_move_to_the_stored_form_and_back(make_app):
    rules, states = _stax_states()
    app = make_app(migrate=True)
    with app.app_context():
        upgrade(revision="d3f5a7c9e1b2")
        games = [Game(slug="stax", options={}, seed=1, rules_version="1", status="active",
                      ply=len(state.history), snapshot=_listed(state)) for state in states]
        db.session.add_all(games)
        db.session.commit()
        ids = [game.id for game in games]

        def stored():
            db.session.expire_all()
            return [db.session.get(Game, game_id).snapshot for game_id in ids]

        upgrade()
        converted = stored()
        assert converted == [rules.to_dict(state) for state in states]
        assert [rules.from_dict(data) for data in converted] == states
        downgrade(revision="d3f5a7c9e1b2")
        assert stored() == [_listed(state) for state in states]

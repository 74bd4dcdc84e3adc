"""The migrations build exactly the schema the models describe, and undo it, on both engines."""

from __future__ import annotations

import functools
import random
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from games.test_stax_superko import _out_and_back

from pbem.core.extensions import db
from pbem.games import IllegalMove, get_rules
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
    resignation, each ply refusing a capture where it can (the marks need a long game): a new
    list of them, with the rules."""
    return get_rules("stax"), list(_played_stax_states())


@functools.cache
def _played_stax_states() -> tuple:
    """:func:`_stax_states`' games, played once for the tests that read them (four seconds
    of CPU: every ply tries each move); states are never changed in place."""
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
    assert [rules.to_dict(state)["grown"].count("#") for state in states] == [0, 3, 2]
    return tuple(states)


def _listed(state) -> dict:
    """``state``'s snapshot as it was written before the stored form, written out here."""
    snapshot, _ = get_rules("stax").to_stored(state)
    for name in ("seen_filter", "n_history", "n_keys", "grown_length"):
        del snapshot[name]
    return {**snapshot, "history": [[seat, ply] for seat, ply in state.history],
            "keys": "".join(f"{key:032x}" for key in state.keys)}


def _stax_games(states) -> list[int]:
    """Stax games (at the revision before the stored form) of ``states``, written past the
    model, which has columns that revision has not: their ids."""
    ids = [db.session.execute(sa.insert(Game.__table__).values(
        slug="stax", options={}, seed=1, rules_version="1", status="active", version=1,
        ply=len(state.history), snapshot=_listed(state)).returning(Game.__table__.c.id)
    ).scalar_one() for state in states]
    db.session.commit()
    return ids


def _snapshots(ids) -> list[dict]:
    """The games' snapshots, read in a transaction that ends (a migration then alters the
    table, which PostgreSQL does only once no transaction holds it)."""
    found = [db.session.get(Game, game_id).snapshot for game_id in ids]
    db.session.remove()
    return found


def test_stax_snapshots_move_to_the_stored_form_and_back(make_app):
    rules, states = _stax_states()
    app = make_app(migrate=True)
    with app.app_context():
        upgrade(revision="d3f5a7c9e1b2")
        ids = _stax_games(states)
        upgrade()
        assert [db.session.get(Game, game_id).load_state() for game_id in ids] == states
        db.session.remove()
        downgrade(revision="d3f5a7c9e1b2")
        assert _snapshots(ids) == [_listed(state) for state in states]


def _check_grown_part(app):
    """Stax games stored by the previous head (among them one a move away from a repeat, and
    one a repeat away from the end of its line) upgrade to a snapshot and a grown part that
    load and play exactly as the games played here, and downgrade to what they were."""
    rules, states = _stax_states()
    back, home, last = _out_and_back()
    states += [rules.play(back, home)]
    with app.app_context():
        upgrade(revision="d3f5a7c9e1b2")
        ids = _stax_games(states)
        upgrade(revision="b5d1e7f3a9c2")
        previous = _snapshots(ids)
        upgrade()
        for game_id, state in zip(ids, states, strict=True):
            game = db.session.get(Game, game_id)
            assert (game.snapshot, game.grown or "") == rules.to_stored(state)
            loaded = game.load_state()
            assert loaded == state and rules.legal_moves(loaded) == rules.legal_moves(state)
            for move in rules.legal_moves(state)[:8]:
                assert rules.play(game.load_state(), move) == rules.play(state, move)
        with pytest.raises(IllegalMove) as refused:
            rules.play(db.session.get(Game, ids[-1]).load_state(), last)
        assert refused.value.code == "superko"
        db.session.remove()
        downgrade(revision="b5d1e7f3a9c2")
        assert _snapshots(ids) == previous


def test_stax_games_of_the_previous_head_load_and_play_the_same_on_sqlite(make_app):
    _check_grown_part(make_app(migrate=True))


@pytest.mark.postgres
def test_stax_games_of_the_previous_head_load_and_play_the_same_on_postgresql(
        make_app, pg_database):
    _check_grown_part(make_app(pg_database, migrate=True))


def _check_waiting_turn_mail(app):
    """Turn emails and reminders queued as facts before ``deferred`` existed and held back by
    their recipient's settings (for the digest, or till the quiet hours end) come out of the
    upgrade marked deferred (their composer gives them up once their turn is played); mail
    waiting only for the sender, sent, given up, rendered when queued, or of another kind is
    left as it was."""
    with app.app_context():
        upgrade(revision="c4e8a2f6b1d9")
        outbox = sa.Table("outbox", sa.MetaData(), autoload_with=db.engine)
        now = datetime.now(UTC).replace(tzinfo=None)
        later = now + timedelta(hours=6)  # the end of the quiet hours
        rows = {
            "turn for the digest": {"kind": "turn", "facts": {"seat": 0, "ply": 4},
                                    "held": True},
            "reminder in quiet hours": {"kind": "reminder", "facts": {"seat": 1, "ply": 9},
                                        "next_attempt_at": later},
            "turn for the sender": {"kind": "turn", "facts": {"seat": 1, "ply": 5}},
            "turn to retry": {"kind": "turn", "facts": {"seat": 1, "ply": 6}, "attempts": 1,
                              "next_attempt_at": later},
            "sent turn": {"kind": "turn", "facts": {"seat": 0, "ply": 2}, "sent_at": now,
                          "held": True},
            "given-up turn": {"kind": "turn", "facts": {"ply": 3}, "abandoned_at": now,
                              "held": True},
            "rendered turn": {"kind": "turn", "facts": None, "body_text": "Your move",
                              "held": True},
            "invitation": {"kind": "invitation", "facts": {"game": 5}, "held": True},
        }
        with db.engine.begin() as connection:
            for name, row in rows.items():
                connection.execute(outbox.insert().values(**{
                    "recipient": f"{name.replace(' ', '-')}@example.org", "subject": name,
                    "headers": {}, "created_at": now, "next_attempt_at": now, "attempts": 0,
                    "held": False, **row}))
        upgrade()
        with db.engine.connect() as connection:
            facts = dict(connection.execute(sa.select(outbox.c.subject, outbox.c.facts)).all())
    assert facts == {name: row["facts"] for name, row in rows.items()} | {
        "turn for the digest": {"seat": 0, "ply": 4, "deferred": True},
        "reminder in quiet hours": {"seat": 1, "ply": 9, "deferred": True}}


def test_turn_mail_waiting_at_the_upgrade_is_marked_deferred_on_sqlite(make_app):
    _check_waiting_turn_mail(make_app(migrate=True))


@pytest.mark.postgres
def test_turn_mail_waiting_at_the_upgrade_is_marked_deferred_on_postgresql(make_app,
                                                                          pg_database):
    _check_waiting_turn_mail(make_app(pg_database, migrate=True))

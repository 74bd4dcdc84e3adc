"""The migrations build exactly the schema the models describe, and undo it, on both engines."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade

from pbem.core.extensions import db


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

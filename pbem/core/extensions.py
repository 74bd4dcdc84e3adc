"""The Flask extension objects, created unbound here and attached to the application in
``pbem.app.build_app`` (``init_app``), so importing them binds nothing. Flask-Migrate is
not among them: it imports Alembic, a third of a second that only the commands which migrate
or check the schema need (``build_app(migrations=True)``)."""

from __future__ import annotations

from flask_mail import Mail
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy import MetaData

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

#: The database handle; the metadata's naming convention gives constraints the same names on
#: SQLite and PostgreSQL, which keeps Alembic's batch migrations and autogenerate stable.
db = SQLAlchemy(metadata=MetaData(naming_convention=NAMING_CONVENTION))
csrf = CSRFProtect()
mail = Mail()

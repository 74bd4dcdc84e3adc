"""pbem: a correspondence server for abstract strategy games.

``create_app`` builds the Flask application. Flask and SQLAlchemy are imported only when an
application is built, so ``import pbem.games`` stays free of them.
"""


def create_app(config=None, *, migrations=True):
    """The application factory (see ``pbem.app``); ``migrations=False`` leaves out
    Flask-Migrate (``flask db``, ``pbem init-db``), which the mail commands never use."""
    from .app import build_app

    return build_app(config, migrations=migrations)

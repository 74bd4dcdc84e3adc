"""pbem: a correspondence server for abstract strategy games.

``create_app`` builds the Flask application. Flask and SQLAlchemy are imported only when an
application is built, so ``import pbem.games`` stays free of them.
"""


def create_app(config=None):
    """The application factory (see ``pbem.app``)."""
    from .app import build_app

    return build_app(config)

"""Configuration in layers: these defaults, then ``instance/config.py``, then ``PBEM_*``
environment variables, then the mapping a test passes to ``create_app``. The instance folder
is ``instance/`` beside the package unless ``PBEM_INSTANCE_PATH`` names another.

Every setting can be given as ``PBEM_<NAME>``; values are parsed as JSON where possible
(``PBEM_MAIL_PORT=2525``, ``PBEM_MAIL_USE_TLS=true``). ``DATABASE_URL`` is also honoured, as
most hosting platforms set it.
"""

from __future__ import annotations

import os
from pathlib import Path

DEFAULTS = {
    # Replace in production (instance/config.py or PBEM_SECRET_KEY): it signs every link.
    "SECRET_KEY": "dev-only-not-secret",
    "MAX_CONTENT_LENGTH": 64 * 1024,
    "WTF_CSRF_TIME_LIMIT": None,
    "SESSION_COOKIE_SAMESITE": "Lax",
    "SESSION_COOKIE_HTTPONLY": True,
    # Where links in mail point (the public address of the site).
    "BASE_URL": "http://127.0.0.1:5000",
    # Signed links.
    "MOVE_LINK_MAX_AGE": 30 * 24 * 3600,
    "SIGN_IN_MAX_AGE": 15 * 60,
    "INVITATION_MAX_AGE": 30 * 24 * 3600,
    # Unsubscribe links live as long as old mail is read; calendar feeds as long as they are
    # subscribed to.
    "UNSUBSCRIBE_MAX_AGE": 400 * 24 * 3600,
    "CALENDAR_MAX_AGE": 10 * 366 * 24 * 3600,
    # Vacation days each player has per calendar year.
    "VACATION_DAYS_PER_YEAR": 14,
    # Sign-in requests allowed per address and per client within the window.
    "SIGN_IN_LIMIT_PER_ADDRESS": 5,
    "SIGN_IN_LIMIT_PER_CLIENT": 20,
    "SIGN_IN_LIMIT_WINDOW": 3600,
    # Mail: "smtp" delivers through Flask-Mail; "console" prints; "file" writes .eml files;
    # several may be combined with commas ("console,file").
    "MAIL_BACKEND": "smtp",
    "MAIL_DEFAULT_SENDER": "pbem <pbem@localhost>",
    "MAIL_DOMAIN": "localhost",
    "MAIL_SERVER": "localhost",
    "MAIL_PORT": 25,
    "MAIL_SUPPRESS_SEND": False,  # MAIL_BACKEND decides where mail goes, in tests too
    "MAIL_DEBUG": False,
    "MAIL_FILE_DIR": None,  # default: instance/mail
    "MAIL_DELIVER_AFTER_COMMIT": False,
    "MAIL_RETRY_BASE": 30,
    "MAIL_RETRY_MAX": 3600,
    "MAIL_LEASE": 120,
    # The dev mailbox page (/dev/mail) is served only in debug mode or when this is set.
    "DEV_MAILBOX": False,
}


def configure(app, config: dict | None) -> None:
    """Fill ``app.config`` layer by layer (see the module docstring)."""
    app.config.update(DEFAULTS)
    app.config.from_pyfile("config.py", silent=True)
    if os.environ.get("DATABASE_URL"):
        app.config["SQLALCHEMY_DATABASE_URI"] = _driver_url(os.environ["DATABASE_URL"])
    app.config.from_prefixed_env("PBEM")
    if "DATABASE_URL" in app.config:
        app.config["SQLALCHEMY_DATABASE_URI"] = _driver_url(app.config["DATABASE_URL"])
    app.config.update(config or {})
    app.config.setdefault(
        "SQLALCHEMY_DATABASE_URI", f"sqlite:///{Path(app.instance_path) / 'pbem.sqlite'}"
    )
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        # SQLite waits for the writer lock itself (busy_timeout).
        app.config["SQLALCHEMY_ENGINE_OPTIONS"] = {"connect_args": {"timeout": 15}}
    app.config["MAIL_FILE_DIR"] = app.config["MAIL_FILE_DIR"] or str(
        Path(app.instance_path) / "mail"
    )


def _driver_url(url: str) -> str:
    """Hosting platforms hand out ``postgres://`` URLs; SQLAlchemy wants a driver named."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url.removeprefix(prefix)
    return url

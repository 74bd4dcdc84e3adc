"""Configuration in layers: these defaults, then ``instance/config.py``, then (while ``pbem
dev`` serves) ``instance/dev-server.json``, then ``PBEM_*`` environment variables, then the
mapping a test passes to ``create_app``. The instance folder is ``instance/`` beside the
package unless ``PBEM_INSTANCE_PATH`` names another.

Standard library only: the MTA's pipe (``pbem.mail.pipe``) reads the same settings, through
the same functions, without building the app.

Every setting can be given as ``PBEM_<NAME>``; values are parsed as JSON where possible
(``PBEM_MAIL_PORT=2525``, ``PBEM_MAIL_USE_TLS=true``). ``DATABASE_URL`` is also honoured, as
most hosting platforms set it.
"""

from __future__ import annotations

import json
import os
import sys
import types
from contextlib import contextmanager
from pathlib import Path, PurePath

#: The key debug mode and the tests run with. It is public, so the app refuses to start with
#: it anywhere else (``pbem.core.checks``).
DEFAULT_SECRET_KEY = "dev-only-not-secret"

#: Written into the instance folder while ``pbem dev`` serves (see :func:`dev_server_settings`).
DEV_SERVER_FILE = "dev-server.json"

DEFAULTS = {
    # The languages pages and mail speak: code -> its own name (pbem.core.i18n; each but
    # English needs its catalogue in pbem/translations/).
    "LANGUAGES": {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español"},
    # The language the ``pbem`` commands speak to the operator (one of LANGUAGES). None: the
    # process's locale (LC_ALL, LC_MESSAGES, LANG) when it is one of them, else English. What
    # scripts and the MTA read (the mail pipe, JSON, tokens) and the logs stay English.
    "CLI_LANGUAGE": None,
    # Set in production (instance/config.py or PBEM_SECRET_KEY): it signs sessions and links.
    "SECRET_KEY": DEFAULT_SECRET_KEY,
    # Older keys still accepted (newest last), so rotating the key does not void every session
    # and every link in old mail at once; drop them once their links have expired.
    "SECRET_KEY_FALLBACKS": [],
    "MAX_CONTENT_LENGTH": 64 * 1024,
    "WTF_CSRF_TIME_LIMIT": None,
    "SESSION_COOKIE_SAMESITE": "Lax",
    "SESSION_COOKIE_HTTPONLY": True,
    # None: Secure exactly when BASE_URL is https.
    "SESSION_COOKIE_SECURE": None,
    # How many proxies in front of the app set X-Forwarded-For and X-Forwarded-Proto (0: the
    # app faces the clients). Without it, behind a proxy every client has the proxy's address
    # and the per-client sign-in limit counts the whole site as one client.
    "PROXY_FIX_X_FOR": 0,
    "PROXY_FIX_X_PROTO": 0,
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
    # Games each player may create, and seats they may invite, within the window (seconds);
    # and how long an address that declined or ignored a player's invitation is not mailed
    # another by them (pbem.play.limits).
    "GAME_LIMIT_PER_PLAYER": 10,
    "INVITATION_LIMIT_PER_PLAYER": 20,
    "INVITATION_LIMIT_WINDOW": 24 * 3600,
    "INVITATION_REPEAT_AFTER": 7 * 24 * 3600,
    # Open challenges (pbem.challenges): seconds a challenge stays open unless its table fills, how
    # many a player may have open at once (those their standing challenges post aside), and how
    # many standing challenges a player may have.
    "CHALLENGE_MAX_AGE": 14 * 24 * 3600,
    "CHALLENGE_LIMIT_PER_PLAYER": 10,
    "STANDING_CHALLENGE_LIMIT": 5,
    # Messages each player may post to game threads within the window (seconds); each is
    # mailed to the other players (comments sent with moves are not counted against it).
    "MESSAGE_LIMIT_PER_PLAYER": 30,
    "MESSAGE_LIMIT_WINDOW": 3600,
    # Requests each API token may make within the window (seconds), and the largest request
    # body the API reads (bytes); a move, a message or a challenge is far smaller.
    "API_LIMIT_PER_TOKEN": 600,
    "API_LIMIT_WINDOW": 60,
    "API_MAX_BODY": 16 * 1024,
    # ... except conditional moves' lines (``PUT /api/games/<id>/conditional``), which may be
    # as long as the web page's form takes.
    "API_MAX_CONDITIONAL_BODY": 64 * 1024,
    # Web Push (VAPID): the server's private key (PEM, or the base64url raw key; none: no
    # pushes), the contact its pushes name to the push services, and the seconds to wait for
    # one; the public key is derived from the private one for the browsers.
    "PUSH_VAPID_PRIVATE_KEY": None,
    "PUSH_VAPID_SUBJECT": "mailto:admin@localhost",
    "PUSH_TIMEOUT": 10,
    # Mail: "smtp" delivers through Flask-Mail; "console" prints; "file" writes .eml files;
    # several may be combined with commas ("console,file").
    "MAIL_BACKEND": "smtp",
    "MAIL_DEFAULT_SENDER": None,  # default: pbem <pbem@MAIL_DOMAIN>
    "MAIL_DOMAIN": "localhost",
    "MAIL_SERVER": "localhost",
    "MAIL_PORT": 25,
    "MAIL_SUPPRESS_SEND": False,  # MAIL_BACKEND decides where mail goes, in tests too
    "MAIL_DEBUG": False,
    "MAIL_FILE_DIR": None,  # default: instance/mail
    "MAIL_DELIVER_AFTER_COMMIT": False,
    "MAIL_RETRY_BASE": 30,
    "MAIL_RETRY_MAX": 3600,
    # Seconds one SMTP delivery may take in all (connecting, every exchange) before it fails
    # and is retried later; a server that accepts and never answers must not hold a sender.
    "MAIL_TIMEOUT": 30,
    # Seconds a sender holds a message it is delivering. Longer than MAIL_TIMEOUT (checked at
    # start-up), so no other sender takes a message whose delivery is still in progress.
    "MAIL_LEASE": 300,
    # Attempts after which a message is given up on (with MAIL_RETRY_MAX between the later
    # ones); a permanent refusal (5xx) ends them at once and suppresses the address.
    "MAIL_MAX_ATTEMPTS": 24,
    # Days a sent message keeps its bodies; after that only its envelope (recipient, subject,
    # when) is kept. Pruned by send-mail and the tick.
    "MAIL_KEEP_SENT_DAYS": 30,
    # DKIM signing of outgoing mail: a selector and the PEM file of its private key (the domain
    # defaults to MAIL_DOMAIN). Unset: mail is not signed (the MTA may sign it instead).
    "MAIL_DKIM_SELECTOR": None,
    "MAIL_DKIM_KEY_FILE": None,
    "MAIL_DKIM_DOMAIN": None,
    # Where ingest-mail writes what went wrong, with tracebacks (default:
    # instance/ingest-mail.log); an MTA gets only a line and an exit code.
    "MAIL_INGEST_LOG": None,
    # fetch-mail: the hosted mailbox polled over IMAP, and where handled mail goes (a folder;
    # None deletes it).
    "MAIL_IMAP_HOST": None,
    "MAIL_IMAP_PORT": 993,
    "MAIL_IMAP_SSL": True,
    "MAIL_IMAP_USER": None,
    "MAIL_IMAP_PASSWORD": None,
    "MAIL_IMAP_FOLDER": "INBOX",
    "MAIL_IMAP_DONE_FOLDER": None,
    # Inbound replies larger than this are not read (a move fits in a line).
    "MAIL_INBOUND_MAX_BYTES": 5 * 1024 * 1024,
    # Where ingest-mail (the MTA's pipe) leaves each message for the mail worker (send-mail,
    # ingest-spool, the tick) to handle (default: instance/spool), and the seconds after which
    # a message a worker took but never finished (it crashed) is handed to the next one.
    "MAIL_SPOOL_DIR": None,
    "MAIL_SPOOL_CLAIM_TIMEOUT": 600,
    # /ready fails when due mail has waited longer than this many seconds (is send-mail
    # running?), or the tick last ran longer ago (is the tick's timer or loop running?).
    "READY_MAIL_MAX_AGE": 5 * 60,
    "READY_TICK_MAX_AGE": 10 * 60,
    # The dev mailbox page (/dev/mail) is served only in debug mode or when this is set.
    "DEV_MAILBOX": False,
    # Set only by ``pbem dev``, for every command run on its instance folder while it serves
    # (the console script's ``pbem tick`` beside ``make run``): development, not production.
    "DEV_SERVER": False,
}


def instance_path(environ=os.environ) -> str:
    """The instance folder: ``PBEM_INSTANCE_PATH``, else where Flask puts it for a package of
    this name: ``instance/`` beside the package in a checkout, ``<prefix>/var/pbem-instance``
    once installed (into the interpreter's prefix or a ``site-packages``)."""
    if environ.get("PBEM_INSTANCE_PATH"):
        return environ["PBEM_INSTANCE_PATH"]
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    prefix = _installed_prefix(root)
    if prefix is None:
        return os.path.join(root, "instance")
    return os.path.join(prefix, "var", "pbem-instance")


def _installed_prefix(root: str) -> str | None:
    """The prefix the folder holding the package is installed under (as Flask's
    ``find_package`` decides it), or ``None`` for a checkout."""
    if PurePath(root).is_relative_to(os.path.abspath(sys.prefix)):
        return os.path.abspath(sys.prefix)
    site_parent, site_folder = os.path.split(root)
    if site_folder.lower() != "site-packages":
        return None
    parent, folder = os.path.split(site_parent)
    if folder.lower() == "lib":  # prefix/lib/site-packages
        return parent
    if os.path.basename(parent).lower() == "lib":  # prefix/lib/pythonX.Y/site-packages
        return os.path.dirname(parent)
    return site_parent


def settings(instance: str, overrides: dict | None = None, environ=os.environ) -> dict:
    """Every setting for the instance folder ``instance``, layer by layer (see the module
    docstring), with the derived ones filled in.

    :raises ValueError: settings that contradict each other.
    """
    values = dict(DEFAULTS)
    values.update(_python_file(Path(instance) / "config.py"))
    values.update(_dev_server_layer(Path(instance) / DEV_SERVER_FILE))
    if environ.get("DATABASE_URL"):
        values["SQLALCHEMY_DATABASE_URI"] = _driver_url(environ["DATABASE_URL"])
    _prefixed_environ(values, "PBEM_", environ)
    if "DATABASE_URL" in values:
        values["SQLALCHEMY_DATABASE_URI"] = _driver_url(values["DATABASE_URL"])
    values.update(overrides or {})
    _derive(values, Path(instance))
    return values


def configure(app, config: dict | None) -> None:
    """Fill ``app.config`` with :func:`settings` for the app's instance folder."""
    app.config.update(settings(app.instance_path, config))


def _derive(values: dict, instance: Path) -> None:
    """Fill in the settings whose default depends on others, and check those that must agree."""
    values.setdefault("SQLALCHEMY_DATABASE_URI", f"sqlite:///{instance / 'pbem.sqlite'}")
    if values["SESSION_COOKIE_SECURE"] is None:
        values["SESSION_COOKIE_SECURE"] = values["BASE_URL"].startswith("https://")
    if values["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        # SQLite waits for the writer lock itself (busy_timeout).
        values["SQLALCHEMY_ENGINE_OPTIONS"] = {"connect_args": {"timeout": 15}}
    values["MAIL_DEFAULT_SENDER"] = (values["MAIL_DEFAULT_SENDER"]
                                     or f"pbem <pbem@{values['MAIL_DOMAIN']}>")
    for name, default in (("MAIL_FILE_DIR", "mail"), ("MAIL_INGEST_LOG", "ingest-mail.log"),
                          ("MAIL_SPOOL_DIR", "spool")):
        values[name] = values[name] or str(instance / default)
    if not values["MAIL_LEASE"] > 2 * values["MAIL_TIMEOUT"] > 0:
        raise ValueError(
            f"MAIL_LEASE ({values['MAIL_LEASE']} s) must be more than twice MAIL_TIMEOUT "
            f"({values['MAIL_TIMEOUT']} s, which must be positive): a message whose "
            "delivery is still in progress would be taken and sent again by another sender"
        )


def _python_file(path: Path) -> dict:
    """The upper-case names a Python config file sets (as Flask's ``from_pyfile`` reads it);
    nothing when there is no such file."""
    module = types.ModuleType("config")
    module.__file__ = str(path)
    try:
        source = path.read_bytes()
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return {}
    exec(compile(source, str(path), "exec"), module.__dict__)
    return {name: value for name, value in vars(module).items() if name.isupper()}


def _prefixed_environ(values: dict, prefix: str, environ) -> None:
    """Set each ``<prefix><NAME>`` variable as ``NAME``, parsed as JSON where it parses, into
    nested mappings for ``A__B`` names (as Flask's ``from_prefixed_env`` does)."""
    for key in sorted(environ):
        if not key.startswith(prefix):
            continue
        try:
            value = json.loads(environ[key])
        except ValueError:
            value = environ[key]
        *parents, name = key.removeprefix(prefix).split("__")
        target = values
        for parent in parents:
            target = target.setdefault(parent, {})
        target[name] = value


@contextmanager
def dev_server_settings(instance_path: str, settings: dict):
    """Within the block, every app built on this instance folder (another command run while
    ``pbem dev`` serves) takes ``settings`` after ``instance/config.py``: its mail goes to the
    dev mailbox, and its links point at the port being served."""
    path = Path(instance_path) / DEV_SERVER_FILE
    path.write_text(json.dumps({**settings, "pid": os.getpid()}))
    try:
        yield
    finally:
        path.unlink(missing_ok=True)


def _dev_server_layer(path: Path) -> dict:
    """The settings ``pbem dev`` wrote, while the process that wrote them runs: a dev server
    killed before it could remove its file (SIGKILL, a closed terminal) leaves nothing behind
    that would send other commands' mail to a mailbox nobody serves."""
    try:
        settings = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return settings if _running(settings.pop("pid", None)) else {}


def _running(pid) -> bool:
    if not isinstance(pid, int) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, but another user's
        return True
    return True


def _driver_url(url: str) -> str:
    """Hosting platforms hand out ``postgres://`` URLs; SQLAlchemy wants a driver named."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url.removeprefix(prefix)
    return url

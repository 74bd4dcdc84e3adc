"""Helpers shared by the server tests (importable as ``helpers``: tests/ is on sys.path)."""

from __future__ import annotations

import os
import re
import time
import uuid
from html.parser import HTMLParser
from pathlib import Path

from babel.messages.pofile import read_po
from sqlalchemy import event, select

from pbem.core.db import utcnow
from pbem.core.extensions import db
from pbem.mail.composers import Moot, compose
from pbem.mail.models import OutboxMessage
from pbem.play import commands
from pbem.play.queries import get_game

#: The folder the browser tests save screenshots of their pages in, for a person to look at
#: (``PBEM_SCREENSHOTS=test-screenshots make test``); unset, none are taken: each costs the
#: browser about what loading the page did, and nothing is checked in them.
SCREENSHOTS = os.environ.get("PBEM_SCREENSHOTS")


def screenshot(page, name: str, full_page: bool = True) -> None:
    """``page`` as ``name``.png in :data:`SCREENSHOTS` (``name`` may hold a subfolder);
    nothing when that is unset."""
    if SCREENSHOTS:
        path = Path(SCREENSHOTS) / f"{name}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=path, full_page=full_page)


def sign_in(client, player) -> None:
    with client.session_transaction() as session:
        session["player_id"] = player.id


def csrf_token(client, url: str = "/sign-in") -> str:
    """The CSRF token a page hands out (for the tests that keep CSRF on)."""
    html = client.get(url).get_data(as_text=True)
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)


def outbox(kind: str | None = None) -> list[OutboxMessage]:
    """The outbox in order, every message composed (as the sender would) but not stored; one
    the sender would give up (``Moot``) is left as it is."""
    query = select(OutboxMessage).order_by(OutboxMessage.id)
    if kind:
        query = query.where(OutboxMessage.kind == kind)
    messages = db.session.scalars(query).all()
    for message in messages:
        try:
            compose(message)
        except Moot:
            pass
    return messages


def random_turn(rules, state, rng) -> str:
    """A random whole turn, typed as a person would (plies separated by spaces)."""
    return " ".join(rules.random_turn(state, rng)[0])


def play_turns(game, turns: int, rng):
    """Play up to ``turns`` random whole turns through the service; the game afterwards."""
    for _ in range(turns):
        game = get_game(game.id)
        if game.status != "active":
            break
        state = game.load_state()
        text = random_turn(game.rules, state, rng)
        commands.play_turn(commands.locked(game.id), game.rules.to_move(state), text, game.ply)
    return get_game(game.id)


def path_of(url: str) -> str:
    """The path of an absolute link found in mail (``BASE_URL`` is http://pbem.test)."""
    return url.split("http://pbem.test", 1)[1].split()[0]


def wait_for_mail(smtp, address: str, count: int, seconds: float = 30):
    """The ``count``-th message the SMTP server received for ``address``, once it arrives."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if len(smtp.to(address)) >= count:
            return smtp.to(address)[count - 1]
        time.sleep(0.05)
    raise AssertionError(f"no mail #{count} for {address} within {seconds} s")


class StatementCounter:
    """Counts the SQL statements the engine runs inside ``with counter:`` (``counter.count``;
    ``counter.statements`` for a failure message)."""

    def __init__(self, engine):
        self.engine, self.statements = engine, []

    def _seen(self, _conn, _cursor, statement, *_args):
        self.statements.append(statement)

    def __enter__(self):
        self.statements = []
        event.listen(self.engine, "before_cursor_execute", self._seen)
        return self

    def __exit__(self, *_exc):
        event.remove(self.engine, "before_cursor_execute", self._seen)

    @property
    def count(self) -> int:
        return len(self.statements)


def revision_before(revision: str) -> str:
    """The Alembic revision ``revision`` follows: where a test of that migration's data step
    starts from, however many migrations come after it."""
    from alembic.script import ScriptDirectory
    from flask import current_app

    config = current_app.extensions["migrate"].migrate.get_config()
    return ScriptDirectory.from_config(config).get_revision(revision).down_revision


def app_settings(folder, url: str | None = None, **config) -> dict:
    """The tests' app settings: a database (SQLite in ``folder`` unless ``url``), mail to
    files in ``folder``, no CSRF."""
    return {
        "TESTING": True,
        "SECRET_KEY": "test-secret",
        "SQLALCHEMY_DATABASE_URI": url or f"sqlite:///{folder / 'test.sqlite'}",
        "WTF_CSRF_ENABLED": False,
        "MAIL_BACKEND": "file",
        "MAIL_FILE_DIR": str(folder / "mail"),
        "MAIL_SPOOL_DIR": str(folder / "spool"),
        "BASE_URL": "http://pbem.test",
        "MAIL_DOMAIN": "pbem.test",
        **config,
    }


def new_player(email=None, name=None, admin=False, joined=True):
    """A player, committed; ``joined``: one who has signed in (else only invited, so unnamed).
    Needs an app context."""
    from pbem.accounts.service import player_by_email

    player = player_by_email(email or f"p{uuid.uuid4().hex[:8]}@example.com")
    if joined:
        player.name = name or player.email.split("@")[0]
        player.joined_at = player.joined_at or utcnow()
    player.is_admin = admin
    db.session.commit()
    return player


CATALOGUES = Path(__file__).resolve().parents[1] / "pbem" / "translations"


def english_left(text: str, language: str) -> list[str]:
    """The English messages of the catalogue that ``text`` still shows: every message without
    placeholders whose translation differs from it, found as whole words (web addresses,
    which keep their English paths, left out)."""
    text = re.sub(r"https?://\S+", " ", text)
    with open(CATALOGUES / language / "LC_MESSAGES" / "messages.po", "rb") as po:
        catalogue = read_po(po, locale=language)
    left = []
    for message in catalogue:
        if not message.id or not isinstance(message.id, str) or "%(" in message.id:
            continue
        if message.id == message.string or len(message.id) < 3:
            continue
        pattern = rf"(?<![\w-]){re.escape(message.id)}(?![\w-])"
        if re.search(pattern, text):
            left.append(message.id)
    return left


class _Text(HTMLParser):
    """The text a reader sees in a page: its body's text, without scripts and styles, with
    the labels people read off controls (button and option text, placeholders, titles); a
    board's drawing (its SVG, whose tooltips the rules write) left out, as a browser shows
    none of it as text."""

    def __init__(self):
        super().__init__()
        self.parts, self._skip = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "head", "svg"):
            self._skip += 1
        for name, value in attrs if not self._skip else ():
            if name in ("placeholder", "title", "aria-label", "alt") and value:
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style", "head", "svg"):
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def page_text(html: str) -> str:
    """What a person reads on the page ``html``: its text, one space between the pieces."""
    reader = _Text()
    reader.feed(html)
    return " ".join(" ".join(reader.parts).split())

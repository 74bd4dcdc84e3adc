"""Writing messages to the outbox, rendered from ``templates/mail/<name>.txt`` and ``.html``.

Nothing is sent here: the row is part of the caller's transaction, so a message exists if and
only if its cause was committed. Every message of one game carries the same thread root in
In-Reply-To/References, so mail clients thread a game's mail together. Whether and when a
message goes is decided before it gets here (``pbem.notifications`` asks the recipient's
settings); a message they can switch off carries its one-click unsubscribe link.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime

from flask import current_app, g, render_template
from flask_babel import gettext
from sqlalchemy import delete, insert

from ..core.db import utcnow
from ..core.extensions import db
from .models import OutboxMessage


def thread_root(game_id: int) -> str:
    return f"<pbem-game-{game_id}@{current_app.config['MAIL_DOMAIN']}>"


_batch: ContextVar[list[dict] | None] = ContextVar("pbem_outbox_batch", default=None)

#: Built once: made afresh, the statement cost 17 µs a message to build and to key for the
#: statement cache (a built statement keeps its key).
_INSERT = insert(OutboxMessage.__table__)


@contextmanager
def batched():
    """Within the block, messages are gathered and written in one multi-row INSERT at its end
    (the ORM writes them one statement each on SQLite, where it wants every new id back). The
    block must end inside the transaction of their cause; if it raises, nothing is written.
    A block inside another joins it, so the messages are written in the order queued."""
    if _batch.get() is not None:
        yield
        return
    rows = []
    token = _batch.set(rows)
    try:
        yield
    finally:
        _batch.reset(token)
    if rows:
        db.session.connection().execute(_INSERT, rows)


def forget(address: str) -> None:
    """Drop every message to ``address``, sent or waiting (its account is being deleted: the
    address is kept nowhere, and nothing more goes to it). Flushes only."""
    db.session.execute(delete(OutboxMessage).where(OutboxMessage.recipient == address))


def queue(kind: str, recipient: str, subject: str, *, game=None, reply_to: str | None = None,
          facts: dict | None = None, context: dict | None = None,
          unsubscribe_url: str | None = None, category: str | None = None, held: bool = False,
          not_before: datetime | None = None) -> None:
    """Write a message for the address ``recipient`` in the caller's transaction (the caller
    commits), or add it to the :func:`batched` block around.

    The message is rendered from ``mail/<kind>`` now, with ``context`` (and ``game``, whose
    thread it joins); or, given only ``facts``, composed from them when it goes out
    (:mod:`.composers`), which keeps the rendering off the request that queues it; facts given
    with a context are kept for drawing its images (:func:`.composers.images`). ``category``
    is the notification kind it counts as, ``held`` keeps it for the recipient's digest and
    ``not_before`` holds it back (quiet hours).
    """
    if recipient.endswith(".invalid"):  # RFC 2606 placeholders: imported players, deleted accounts
        return
    now = utcnow()
    headers = {"Message-ID": f"<{secrets.token_hex(16)}@{current_app.config['MAIL_DOMAIN']}>"}
    if game is not None:
        headers["In-Reply-To"] = headers["References"] = thread_root(game.id)
    if reply_to:
        headers["Reply-To"] = reply_to
    body_text = body_html = None
    if context is not None or facts is None:
        headers.update(unsubscribe_headers(unsubscribe_url))
        context = {**(context or {}), "game": game, "subject": subject}
        body_text, body_html = bodies(kind, context, unsubscribe_url)
    message = dict(
        kind=kind,
        recipient=recipient,
        subject=subject,
        body_text=body_text,
        body_html=body_html,
        facts=facts,
        headers=headers,
        game_id=None if game is None else game.id,
        category=category,
        held=held,
        next_attempt_at=not_before or now,
    )
    batch = _batch.get()
    if batch is None:  # one INSERT now, past the unit of work (a move spent 5% of it there)
        db.session.connection().execute(_INSERT, message)
    else:
        batch.append(message)
    g.pbem_mail_queued = True


_unsubscribe_label: list[Callable[[str], str | None]] = []


def describe_unsubscribe(label: Callable[[str], str | None]) -> None:
    """``label(kind)`` names what the unsubscribe link under a ``kind`` message stops (the
    domain that decides delivery hands it in: mail knows no kinds)."""
    _unsubscribe_label[:] = [label]


def bodies(kind: str, context: dict, unsubscribe_url: str | None) -> tuple[str, str]:
    """The text and HTML bodies of ``mail/<kind>``; mail that can be switched off ends with
    its unsubscribe link, naming what it stops."""
    label = _unsubscribe_label[0](kind) if unsubscribe_url and _unsubscribe_label else None
    context["unsubscribe_url"], context["unsubscribe_label"] = unsubscribe_url, label
    body_text = render_template(f"mail/{kind}.txt", **context)
    if unsubscribe_url:
        what = f" ({label})" if label else ""
        body_text += "\n\n-- \n" + gettext("Stop emails like this%(what)s: %(url)s",
                                             what=what, url=unsubscribe_url) + "\n"
    return body_text, render_template(f"mail/{kind}.html", **context)


def unsubscribe_headers(link: str | None) -> dict:
    """The one-click unsubscribe headers (RFC 8058) for ``link``; none without one."""
    if not link:
        return {}
    return {"List-Unsubscribe": f"<{link}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}

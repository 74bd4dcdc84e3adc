"""Writing messages to the outbox, rendered from ``templates/mail/<name>.txt`` and ``.html``.

Nothing is sent here: the row is part of the caller's transaction, so a message exists if and
only if its cause was committed. Every message of one game carries the same thread root in
In-Reply-To/References, so mail clients thread a game's mail together. The recipient's
notification settings (:mod:`.preferences`) decide when it goes, and every message of a kind
they can switch off carries a one-click unsubscribe link for that kind.
"""

from __future__ import annotations

import uuid
from contextlib import contextmanager
from contextvars import ContextVar

from flask import current_app, g, render_template
from sqlalchemy import insert

from ..accounts.models import Player
from ..db import db, utcnow
from . import preferences
from .models import OutboxMessage


def thread_root(game_id: int) -> str:
    return f"<pbem-game-{game_id}@{current_app.config['MAIL_DOMAIN']}>"


_batch: ContextVar[list[dict] | None] = ContextVar("pbem_outbox_batch", default=None)


@contextmanager
def batched():
    """Within the block, messages are gathered and written in one multi-row INSERT at its end
    (the ORM writes them one statement each on SQLite, where it wants every new id back). The
    block must end inside the transaction of their cause; if it raises, nothing is written."""
    rows = []
    token = _batch.set(rows)
    try:
        yield
    finally:
        _batch.reset(token)
    if rows:
        db.session.connection().execute(insert(OutboxMessage.__table__), rows)


def queue(kind: str, recipient: Player | str, subject: str, *, game=None,
          reply_to: str | None = None, facts: dict | None = None, **context) -> None:
    """Add a message to the session (the caller commits), or to the :func:`batched` block
    around; nothing when the recipient has switched this kind off.

    ``recipient`` is a player, or an address (which may be a player's) for a reply to whoever
    wrote in. The message is rendered from ``mail/<kind>`` now, with ``context``; or, given
    ``facts``, composed from them when it goes out (:mod:`.compose`), which keeps the
    rendering off the request that queues it.
    """
    now = utcnow()
    decision = preferences.decide(kind, recipient, now)
    if not decision.send:
        return
    headers = {"Message-ID": f"<{uuid.uuid4().hex}@{current_app.config['MAIL_DOMAIN']}>"}
    if game is not None:
        headers["In-Reply-To"] = headers["References"] = thread_root(game.id)
    if reply_to:
        headers["Reply-To"] = reply_to
    body_text = body_html = None
    if facts is None:
        link = preferences.unsubscribe_url(decision.unsubscribe)
        headers.update(unsubscribe_headers(link))
        context.update(game=game, subject=subject)
        body_text, body_html = bodies(kind, context, link)
    else:
        facts = {**facts, "unsubscribe": decision.unsubscribe}
    message = dict(
        kind=kind,
        recipient=recipient if isinstance(recipient, str) else recipient.email,
        subject=subject,
        body_text=body_text,
        body_html=body_html,
        facts=facts,
        headers=headers,
        game_id=None if game is None else game.id,
        category=decision.kind and str(decision.kind),
        held=decision.held,
        next_attempt_at=decision.not_before or now,
    )
    batch = _batch.get()
    if batch is None:
        db.session.add(OutboxMessage(**message))
    else:
        batch.append(message)
    g.pbem_mail_queued = True


def bodies(kind: str, context: dict, unsubscribe_url: str | None) -> tuple[str, str]:
    """The text and HTML bodies of ``mail/<kind>``; mail that can be switched off ends with
    its unsubscribe link."""
    context["unsubscribe_url"] = unsubscribe_url
    body_text = render_template(f"mail/{kind}.txt", **context)
    if unsubscribe_url:
        body_text += f"\n\n-- \nStop emails like this: {unsubscribe_url}\n"
    return body_text, render_template(f"mail/{kind}.html", **context)


def unsubscribe_headers(link: str | None) -> dict:
    """The one-click unsubscribe headers (RFC 8058) for ``link``; none without one."""
    if not link:
        return {}
    return {"List-Unsubscribe": f"<{link}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}

"""Composing the messages queued as facts, when they go out.

A turn email is queued in the move's transaction as facts only (the seat, the ply, the plies
that led there, whose unsubscribe link it carries): drawing the board, signing its links and
filling its templates there cost a fifth of a move. It is composed here at its first
delivery attempt, from the game as it stood at that ply, and kept, so a retry sends the very
same message.
"""

from __future__ import annotations

from ..play.queries import get_game
from ..play.service import replay
from .models import OutboxMessage
from .notify import turn_context
from .outbox import bodies, unsubscribe_headers
from .preferences import unsubscribe_url


def compose(message: OutboxMessage) -> None:
    """Write the bodies (and Reply-To) of a message queued as facts (only turn emails are);
    nothing for one rendered when it was queued. The caller commits (or, to show the message,
    need not)."""
    if message.body_text is not None:
        return
    game = get_game(message.game_id)
    ply = message.facts["ply"]
    state = game.load_state() if game.ply == ply else replay(game, ply)
    context, reply_to = turn_context(game, state, message.facts)
    context.update(game=game, subject=message.subject)
    link = unsubscribe_url(message.facts.get("unsubscribe"))
    message.body_text, message.body_html = bodies(message.kind, context, link)
    message.headers = {**message.headers, "Reply-To": reply_to, **unsubscribe_headers(link)}

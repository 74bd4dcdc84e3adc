"""Invitations held back that are moot before they go: an invitation waiting for its
recipient's quiet hours to end, or held for their digest, that its player accepted, or whose
game has started or been declined. Such a message is given up (``abandoned_at``,
``last_error`` saying why), so it is neither sent nor folded into a digest; a message already
sent is left alone.

A turn email or reminder held back (``deferred`` in its facts) whose turn was played meanwhile
is given up when it would go, by its composer (``messages.compose_turn``,
``pbem.clocks.tick.compose_reminder``: the sender reads the game then anyway), or by the digest
it was held for (``digest.moot``), not by every move asking for held mail that is almost never
there."""

from __future__ import annotations

from sqlalchemy import bindparam, or_, select, update

from ..core.db import utcnow
from ..core.extensions import db
from ..mail.models import OutboxMessage

#: The invitations to a game held back by their recipient's settings (for the digest, or
#: till the quiet hours end), never tried yet; one merely waiting for the sender (or for its
#: next attempt) goes.
_WAITING_INVITATIONS = select(OutboxMessage.id, OutboxMessage.recipient).where(
    OutboxMessage.game_id == bindparam("game_id"),
    OutboxMessage.kind == "invitation",
    OutboxMessage.sent_at.is_(None),
    OutboxMessage.abandoned_at.is_(None),
    or_(OutboxMessage.held.is_(True), OutboxMessage.next_attempt_at > bindparam("now")),
    OutboxMessage.attempts == 0)


def _waiting_invitations(game_id: int) -> list:
    """The waiting invitations (:data:`_WAITING_INVITATIONS`) as rows (``id``,
    ``recipient``)."""
    return db.session.connection().execute(
        _WAITING_INVITATIONS, {"game_id": game_id, "now": utcnow()}).all()


def _give_up(messages, why: str) -> None:
    if messages:
        db.session.execute(
            update(OutboxMessage).where(OutboxMessage.id.in_([m.id for m in messages]))
            .values(abandoned_at=utcnow(), last_error=f"not sent: {why}"))


def invitation_accepted(game, *, seat, **_facts) -> None:
    """Give up ``seat``'s own invitation to ``game``: its player accepted on the web while
    the mail was held (in a game of three or four the others' invitations still stand)."""
    _give_up([message for message in _waiting_invitations(game.id)
              if message.recipient == seat.player.email], "the invitation was accepted")


def invitation_settled(game, **_facts) -> None:
    """Give up the invitations to ``game``: it has started (everyone accepted) or was
    declined."""
    _give_up(_waiting_invitations(game.id), "the invitation was answered")

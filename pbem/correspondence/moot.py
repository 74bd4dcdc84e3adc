"""Mail held back that is moot before it goes: a turn email (or reminder) waiting for its
recipient's quiet hours to end, or held for their digest, whose turn has been played
meanwhile (on the web, by a move link); an invitation its player accepted, or whose game has
started or been declined. Such a message is given up (``abandoned_at``, ``last_error`` saying
why), so it is neither sent nor folded into a digest; a message already sent is left alone."""

from __future__ import annotations

from functools import cache

from sqlalchemy import bindparam, or_, select, update

from ..core.db import utcnow
from ..core.extensions import db
from ..mail.models import OutboxMessage

#: The kinds that announce a turn, with the ply they are about in their facts.
TURN_KINDS = ("turn", "reminder")


@cache
def _waiting_query(kinds: tuple[str, ...]):
    """The messages of ``kinds`` about a game held back by their recipient's settings (for
    the digest, or till the quiet hours end), never tried yet; one merely waiting for the
    sender (or for its next attempt) goes. Built once per set of kinds, which the SQL names
    (every move asks, and almost always finds none: building the statement cost more than
    running it, and an expanding ``IN`` list was rewritten at every execution)."""
    return select(OutboxMessage.id, OutboxMessage.recipient, OutboxMessage.facts).where(
        OutboxMessage.game_id == bindparam("game_id"),
        or_(*(OutboxMessage.kind == kind for kind in kinds)),
        OutboxMessage.sent_at.is_(None),
        OutboxMessage.abandoned_at.is_(None),
        or_(OutboxMessage.held.is_(True), OutboxMessage.next_attempt_at > bindparam("now")),
        OutboxMessage.attempts == 0)


def _waiting(game_id: int, kinds: tuple[str, ...]) -> list:
    """The waiting messages (:func:`_waiting_query`) as rows (``id``, ``recipient``,
    ``facts``)."""
    return db.session.connection().execute(
        _waiting_query(kinds), {"game_id": game_id, "now": utcnow()}).all()


def _give_up(messages, why: str) -> None:
    if messages:
        db.session.execute(
            update(OutboxMessage).where(OutboxMessage.id.in_([m.id for m in messages]))
            .values(abandoned_at=utcnow(), last_error=f"not sent: {why}"))


def turn_played(game, *, moves=(), **_facts) -> None:
    """Give up the turn emails and reminders of ``game`` about a ply it has passed. A turn a
    conditional reply played has nothing to give up: the turn it answered, in the same
    transaction, gave up every message older than itself, and the answered turn had none."""
    if moves and moves[0].answer:
        return
    _give_up([message for message in _waiting(game.id, TURN_KINDS)
              if (message.facts or {}).get("ply", game.ply) < game.ply],
             "the turn it announced was played")


def invitation_accepted(game, *, seat, **_facts) -> None:
    """Give up ``seat``'s own invitation to ``game``: its player accepted on the web while
    the mail was held (in a game of three or four the others' invitations still stand)."""
    _give_up([message for message in _waiting(game.id, ("invitation",))
              if message.recipient == seat.player.email], "the invitation was accepted")


def invitation_settled(game, **_facts) -> None:
    """Give up the invitations to ``game``: it has started (everyone accepted) or was
    declined."""
    _give_up(_waiting(game.id, ("invitation",)), "the invitation was answered")

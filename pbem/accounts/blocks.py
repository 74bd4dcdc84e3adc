"""Blocking: a player may block another, and then neither can invite, challenge, offer a
rematch to or message the other (comments sent with moves included), and the invitations
still pending between them are called off.

Every domain that lets one player reach another asks here (:func:`blocks_between`, or
:func:`refuse_if_blocked` for a clear refusal), so a block means the same everywhere. The
block is one row per direction; a player sees the players they blocked (and can unblock
them), never who blocked them, though a refusal says that the other player is not taking
invitations from them.
"""

from __future__ import annotations

from collections.abc import Iterable

from blinker import Namespace
from sqlalchemy import and_, delete, exists, or_, select

from ..core.errors import PbemError
from ..core.extensions import db
from ..core.i18n import N_, _l
from .models import Block, Player

#: Sent (sender: the blocker; ``whom``: the player blocked) when a block is new, in its
#: transaction: whatever already stands between the two that a block forbids is withdrawn by
#: the domain that owns it (play declines their pending invitations).
blocked = Namespace().signal("blocked")


class Blocked(PbemError):
    """One of two players blocked the other: the invitation (challenge, message...) is refused."""

    status, code = 403, "blocked"


class CannotBlock(PbemError):
    status, code = 422, "cannot-block"


def _id(player: Player | int) -> int:
    return player if isinstance(player, int) else player.id


def is_blocked(by: Player | int, whom: Player | int) -> bool:
    """Whether ``by`` blocked ``whom`` (one direction)."""
    return db.session.get(Block, (_id(by), _id(whom))) is not None


def blocks_between(a: Player | int, b: Player | int) -> bool:
    """Whether either player blocked the other: then neither may reach the other."""
    a, b = _id(a), _id(b)
    return bool(db.session.scalar(select(exists().where(or_(
        and_(Block.blocker_id == a, Block.blocked_id == b),
        and_(Block.blocker_id == b, Block.blocked_id == a))))))


#: What a player blocked by another is told, by what the block refuses them.
_NOT_TAKING = {"invitations": N_("%(name)s is not taking invitations from you."),
               "messages": N_("%(name)s is not taking messages from you."),
               "challenges": N_("%(name)s is not taking challenges from you.")}


def refuse_if_blocked(actor: Player, others: Iterable[Player], what: str = "invitations"
                      ) -> None:
    """Refuse ``actor`` reaching any of ``others`` when a block stands between them (one
    query for them all).

    :raises Blocked: naming the first such player; ``what`` says what is refused
        ("invitations", "messages", "challenges").
    """
    others = {p.id: p for p in others if p.id != actor.id}
    if not others:
        return
    row = db.session.execute(select(Block.blocker_id, Block.blocked_id).where(or_(
        and_(Block.blocker_id == actor.id, Block.blocked_id.in_(list(others))),
        and_(Block.blocked_id == actor.id, Block.blocker_id.in_(list(others)))))
        .order_by(Block.blocker_id, Block.blocked_id).limit(1)).first()
    if row is None:
        return
    if row.blocker_id == actor.id:
        name = others[row.blocked_id].name
        raise Blocked(_l("You have blocked %(name)s. Unblock them on your account page first.",
                         name=name))
    raise Blocked(_l(_NOT_TAKING[what], name=others[row.blocker_id].name))


def blocked_ids(player: Player | int):
    """A subquery of the ids of every player with a block between them and ``player``, for a
    list that should leave them out (the players the new-game page offers)."""
    player = _id(player)
    return (select(Block.blocked_id).where(Block.blocker_id == player)
            .union(select(Block.blocker_id).where(Block.blocked_id == player)))


def kept_apart(player: Player | int, others: Iterable[int]) -> set[int]:
    """The ids among ``others`` with a block between them and ``player`` (one query): whom a
    message from ``player`` must not reach."""
    player, others = _id(player), list(others)
    if not others:
        return set()
    rows = db.session.execute(select(Block.blocker_id, Block.blocked_id).where(or_(
        and_(Block.blocker_id == player, Block.blocked_id.in_(others)),
        and_(Block.blocked_id == player, Block.blocker_id.in_(others)))))
    return {blocked if blocker == player else blocker for blocker, blocked in rows}


def pairs_among(ids: Iterable[int]) -> set[tuple[int, int]]:
    """The pairs ``(low id, high id)`` among ``ids`` with a block between them, either way
    (one query): whom a tournament keeps from meeting."""
    ids = list(ids)
    if len(ids) < 2:
        return set()
    rows = db.session.execute(select(Block.blocker_id, Block.blocked_id).where(
        Block.blocker_id.in_(ids), Block.blocked_id.in_(ids)))
    return {(min(a, b), max(a, b)) for a, b in rows if a != b}


def blocked_by(player: Player) -> list[Player]:
    """The players ``player`` blocked, by name (their account page lists them)."""
    return list(db.session.scalars(
        select(Player).join(Block, Block.blocked_id == Player.id)
        .where(Block.blocker_id == player.id).order_by(Player.name, Player.id)))


def block(blocker: Player, whom: Player) -> bool:
    """``blocker`` blocks ``whom``; True when that is new (blocking again changes nothing).
    Flushes only; a new block is announced (:data:`blocked`).

    :raises CannotBlock: blocking oneself, or an account that is not open (deleted, never
        started).
    """
    if whom.id == blocker.id:
        raise CannotBlock(_l("You cannot block yourself."))
    if not whom.has_public_page:
        raise CannotBlock(_l("That account cannot be blocked: it is not open."))
    if is_blocked(blocker, whom):
        return False
    db.session.add(Block(blocker_id=blocker.id, blocked_id=whom.id))
    db.session.flush()
    blocked.send(blocker, whom=whom)
    return True


def unblock(blocker: Player, whom: Player | int) -> bool:
    """``blocker`` lifts their block of ``whom``; True when there was one. Flushes only."""
    removed = db.session.execute(delete(Block).where(
        Block.blocker_id == blocker.id, Block.blocked_id == _id(whom))).rowcount
    return removed > 0

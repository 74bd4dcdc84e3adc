"""How the recipient wants a message: at once, after their quiet hours, held for their daily
digest, or not at all; and the one-click unsubscribe link (RFC 8058) for its kind.

Mail that answers the recipient's own action (sign-in links, replies to a move by email) has
no kind and always goes at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from ..accounts.models import Player
from ..clocks import settings as stored_settings
from ..clocks.schedule import Kind, Mode
from ..signing import sign
from ..urls import external_url

#: Message template -> notification kind (tournament_* mail is tournament news).
KINDS = {
    "turn": Kind.TURN,
    "reminder": Kind.REMINDER,
    "game_over": Kind.GAME,
    "end_offer": Kind.GAME,
    "end_declined": Kind.GAME,
    "declined": Kind.GAME,
    "timeout": Kind.GAME,
    "invitation": Kind.INVITATION,
    "tournament_invitation": Kind.INVITATION,
}


def kind_of(template: str) -> Kind | None:
    if template in KINDS:
        return KINDS[template]
    return Kind.TOURNAMENT if template.startswith("tournament_") else None


@dataclass(frozen=True)
class Decision:
    kind: Kind | None = None
    send: bool = True
    held: bool = False
    #: When it may go (quiet hours); ``None``: at once.
    not_before: datetime | None = None
    #: Whose one-click unsubscribe link the message carries, and for what: ``[player id,
    #: kind]``, signed only when the message is written (a turn email's when it is composed).
    unsubscribe: list | None = None


def unsubscribe_url(unsubscribe: list | None) -> str | None:
    """The signed link for a decision's ``unsubscribe``; signed once per tick for each player
    and kind (a timeout mails two messages of one kind to every player of the game)."""
    if unsubscribe is None:
        return None
    player_id, what = unsubscribe
    return stored_settings.remember(
        ("unsubscribe", player_id, what),
        lambda: external_url("clocks.unsubscribe", token=sign("unsubscribe", [player_id, what])))


def decide(template: str, recipient: Player | str, now: datetime) -> Decision:
    """What the recipient's settings say about a message rendered from ``template``."""
    kind = kind_of(template)
    is_digest = template == stored_settings.DIGEST
    if kind is None and not is_digest:
        return Decision()
    player_id, settings = stored_settings.recipient(recipient)
    if player_id is None:
        return Decision(kind)
    if is_digest:
        return Decision(unsubscribe=[player_id, stored_settings.DIGEST])
    unsubscribe = [player_id, str(kind)]
    mode = settings.mode(kind)
    if mode is Mode.OFF:
        return Decision(kind, send=False)
    if mode is Mode.DIGEST:  # the player's next digest is already scheduled
        return Decision(kind, held=True, unsubscribe=unsubscribe)
    when = settings.send_time(now)
    return Decision(kind, not_before=when if when > now else None, unsubscribe=unsubscribe)

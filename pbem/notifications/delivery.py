"""Sending a notification: :func:`message`, the one way every domain mails a player.

The recipient's settings decide how it goes: at once, after their quiet hours, held for their
daily digest, or not at all; a message of a kind they can switch off carries the one-click
unsubscribe link (RFC 8058) for that kind. Mail that answers the recipient's own action
(replies to a move by email) has no kind and always goes at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from flask_babel import gettext

from ..core.db import utcnow
from ..core.i18n import _l, lazy_format, speaking
from ..core.signing import sign
from ..core.urls import external_url
from ..mail import outbox
from ..mail.outbox import queue
from . import settings as stored_settings
from .logic.schedule import KIND_LABELS, Kind, Mode

#: Message template -> notification kind (tournament_* mail is tournament news).
KINDS = {
    "turn": Kind.TURN,
    "conditional_answered": Kind.TURN,
    "reminder": Kind.REMINDER,
    "game_over": Kind.GAME,
    "end_offer": Kind.GAME,
    "end_declined": Kind.GAME,
    "declined": Kind.GAME,
    "timeout": Kind.GAME,
    "comment": Kind.MESSAGE,
    "seat_out": Kind.GAME,
    "vacation": Kind.GAME,
    "invitation": Kind.INVITATION,
    "tournament_invitation": Kind.INVITATION,
}


#: ``KIND_LABELS`` in the reader's language.
KIND_WORDS = {Kind.TURN: _l("your turn"), Kind.REMINDER: _l("reminders"),
              Kind.GAME: _l("game news: results, proposals, vacations"),
              Kind.MESSAGE: _l("messages from other players"),
              Kind.INVITATION: _l("invitations"), Kind.TOURNAMENT: _l("tournament news")}


def unsubscribe_label(template: str) -> str | None:
    """What the unsubscribe link under a ``template`` message stops, in the settings page's
    words (``messages from other players``), in the reader's language."""
    if template == stored_settings.DIGEST:
        return gettext("the daily digest")
    kind = kind_of(template)
    return None if kind is None else str(KIND_WORDS.get(kind, KIND_LABELS[kind]))


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
        lambda: external_url("notifications.unsubscribe",
                             token=sign("unsubscribe", [player_id, what])))


def game_tag(game) -> str:
    """What the subject of every message about a game starts with (``[pbem #12]``), so the
    recipient's mail client can sort a game's mail together."""
    return f"[pbem #{game.id}]"


def game_subject(game, what: str) -> str:
    """The subject of mail about a game: ``[pbem #12] Stax: your turn (ply 5)``; ``what`` may
    be a lazy translation, and so is the subject then (:func:`message` reads it in the
    recipient's language)."""
    return lazy_format("{} {}: {}", game_tag(game), game.rules.name, what)


def message(kind: str, to, subject: str, *, game=None, reply_to: str | None = None,
            facts: dict | None = None, context: dict | None = None,
            language: str | None = None) -> None:
    """Queue a ``kind`` message (``templates/mail/<kind>``) for ``to`` (a player, or an address
    that may be a player's) in the caller's transaction, as their settings say; nothing when
    they have switched the kind off.

    It is rendered now from ``context``, or, given only ``facts``, composed from them when it
    goes out by the composer its domain registered (``pbem.mail.composers``); facts given with a
    context are what its images are drawn from. It speaks the recipient's language (and shows
    times in their zone), or ``language`` when given (an answer to a command written in it).
    Facts record it when the settings hold the message back (``deferred``: till the quiet hours
    end, or for the digest), so that its composer may give it up if it became moot meanwhile
    (``pbem.mail.composers.Moot``): one that went at once goes whatever happened since.
    """
    player_id, settings = stored_settings.recipient(to)  # as loaded with the player, if so
    decision = decide(kind, player_id, settings, utcnow())
    if not decision.send:
        return
    language = language or stored_settings.language_of(to)
    zone = settings.zone
    link = None
    if context is not None or facts is None:
        link = unsubscribe_url(decision.unsubscribe)
    else:
        facts = {**facts, "unsubscribe": decision.unsubscribe}
        if decision.held or decision.not_before:
            facts["deferred"] = True
        if language:  # composed later, in the recipient's language and zone
            facts["language"] = language
        if zone.key != "UTC":
            facts["zone"] = zone.key
    with speaking(language, zone):  # the recipient's language, not the sender's
        queue(kind, to if isinstance(to, str) else to.email, str(subject), game=game,
              reply_to=reply_to, facts=facts, context=context, unsubscribe_url=link,
              category=decision.kind and str(decision.kind), held=decision.held,
              not_before=decision.not_before)


def decide(template: str, player_id: int | None, settings, now: datetime) -> Decision:
    """What the recipient's ``settings`` say about a message rendered from ``template`` (the
    player ``player_id``; ``None``: an address that is no player's)."""
    kind = kind_of(template)
    is_digest = template == stored_settings.DIGEST
    if kind is None and not is_digest:
        return Decision()
    if player_id is None:
        return Decision(kind)
    if is_digest:
        return Decision(unsubscribe=[player_id, stored_settings.DIGEST])
    unsubscribe = [player_id, str(kind)]
    when = settings.delivery(kind, now)
    if when is None:
        return Decision(kind, send=False)
    if settings.mode(kind) is Mode.DIGEST:  # the player's next digest is already scheduled
        return Decision(kind, held=True, unsubscribe=unsubscribe)
    return Decision(kind, not_before=when if when > now else None, unsubscribe=unsubscribe)


outbox.describe_unsubscribe(unsubscribe_label)  # each footer names the kind its link stops

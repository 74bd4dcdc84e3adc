"""Composing the messages queued as facts, when they go out.

A message may be queued in its cause's transaction as facts only (a turn email: the seat, the
ply, the plies that led there): drawing the board, signing its links and filling its templates
there cost a fifth of a move. It is composed at its first delivery attempt by the composer
its domain registered for its kind, and kept, so a retry sends the very same message. Its
images (the board as a PNG) are not kept: the outbox holds text, and the domain draws them
again from the facts at each attempt; a message rendered when it was queued may keep facts
for its images alone (an answer to an emailed move showing the board). Mail imports no domain:
the domains hand their composers in (:func:`register`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple
from zoneinfo import ZoneInfo

from ..core.i18n import speaking
from .models import OutboxMessage


class Moot(Exception):
    """Raised by a composer: the message is not worth sending any more, because what it
    announces was answered since it was queued (a turn email whose turn was played while it
    waited for the recipient's quiet hours). The sender gives it up, saying why (the text)."""


def moot_if_played(facts: dict, ply_now: int, why: str) -> None:
    """Give up a message about the turn at ``facts["ply"]`` that the recipient's settings held
    back (``deferred``) when the game has moved past it since (``ply_now``): its links are
    dead, and the player has moved on. One that went at once goes whatever happened since.

    :raises Moot: with ``why``.
    """
    if facts.get("deferred") and ply_now != facts["ply"]:
        raise Moot(why)


class Image(NamedTuple):
    """An image shown inside the HTML part, which names it as ``cid:<content_id>``."""

    content_id: str
    filename: str
    data: bytes


_composers: dict[str, Callable[[OutboxMessage], None]] = {}
_images: dict[str, Callable[[OutboxMessage], list[Image]]] = {}


def register(kind: str, composer: Callable[[OutboxMessage], None] | None = None,
             images: Callable[[OutboxMessage], list[Image]] | None = None) -> None:
    """``composer(message)`` writes the bodies and headers of a ``kind`` message queued as
    facts, or raises :class:`Moot`; ``images(message)`` draws the PNG images its HTML shows,
    if it shows any."""
    if composer is not None:
        _composers[kind] = composer
    if images is not None:
        _images[kind] = images


def compose(message: OutboxMessage) -> None:
    """Write the bodies (and headers) of a message queued as facts; nothing for one rendered
    when it was queued. The caller commits (or, to show the message, need not).

    :raises Moot: the message's composer found it not worth sending any more.
    """
    if message.body_text is None:
        facts = message.facts or {}
        zone = facts.get("zone")
        with speaking(facts.get("language"), zone and ZoneInfo(zone)):  # the recipient's
            _composers[message.kind](message)


def images(message: OutboxMessage) -> list[Image]:
    """The images the composed ``message``'s HTML shows (none for a pruned one)."""
    draw = _images.get(message.kind)
    return [] if draw is None or not message.facts or not message.body_html else draw(message)

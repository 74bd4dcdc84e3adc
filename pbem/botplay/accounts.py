"""Bot accounts: one per level of ``pbem.bots``, named "pbem bot, level N".

A bot's address is a placeholder in the ``.invalid`` domain, which the outbox never mails, and
also how its level is known (``bot-N@bots.invalid``).
"""

from __future__ import annotations

from sqlalchemy import select

from ..accounts.models import PLACEHOLDER_TLD, Player
from ..bots import CORRESPONDENCE, LEVELS
from ..core.db import utcnow
from ..core.extensions import db

_DOMAIN = "bots" + PLACEHOLDER_TLD


def bot_email(level: int) -> str:
    return f"bot-{level}@{_DOMAIN}"


def bot_name(level: int) -> str:
    if level == CORRESPONDENCE:
        return f"pbem bot, level {level} (correspondence)"
    return f"pbem bot, level {level}"


_LEVEL_OF_EMAIL = {bot_email(level): level for level in LEVELS}


def bot_emails() -> list[str]:
    """The addresses of pbem's own bots (bots run from outside, through the API, have others)."""
    return list(_LEVEL_OF_EMAIL)


def level_of(email: str) -> int | None:
    """The level of the bot with this address (None: not a bot's address)."""
    return _LEVEL_OF_EMAIL.get(email)


def ensure_bots() -> list[Player]:
    """The bot account of every level, creating those missing; flushes (the caller commits)."""
    existing = {p.email: p for p in db.session.scalars(
        select(Player).where(Player.email.in_(list(_LEVEL_OF_EMAIL))))}
    bots = []
    for level in sorted(LEVELS):
        player = existing.get(bot_email(level))
        if player is None:
            player = Player(email=bot_email(level), name=bot_name(level), is_bot=True,
                            joined_at=utcnow(), findable=True)
            db.session.add(player)
        bots.append(player)
    db.session.flush()
    return bots

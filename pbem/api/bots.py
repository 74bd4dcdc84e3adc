"""Bot accounts run from outside: an engine a player (or an admin) plays through the API.

A player registers an engine of their own: a new account, marked a bot, owned by them, with a
placeholder address in the ``.invalid`` domain (never mailed, never signed in with), so it
plays only through the API, with tokens its owner makes for it. An admin may also mark an
existing account a bot (``pbem bot-account``), with or without an owner. Either way the
account is labelled a bot wherever it is shown, like pbem's own bots (``pbem.botplay``), whose
worker leaves these alone.
"""

from __future__ import annotations

import secrets

from sqlalchemy import select

from ..accounts.models import PLACEHOLDER_TLD, UNNAMED, Player
from ..accounts.service import save_account
from ..core.db import utcnow
from ..core.errors import PbemError
from ..core.extensions import db
from ..core.i18n import _l

_DOMAIN = "engines" + PLACEHOLDER_TLD
#: The most engines one player may register.
MOST_ENGINES = 10


def register_engine(owner: Player, name: str) -> Player:
    """A new bot account for ``owner``'s engine, named ``name``; flushes.

    :raises PbemError: a bad name (see ``save_account``), a bot registering bots, or too many.
    """
    if owner.is_bot:
        raise PbemError(_l("A bot account cannot register bots."), "bot", 403)
    if len(engines_of(owner.id)) >= MOST_ENGINES:
        raise PbemError(_l("You have %(count)s engines registered, the most allowed.",
                           count=MOST_ENGINES),
                        "too-many", 429)
    bot = Player(email=f"engine-{secrets.token_hex(8)}@{_DOMAIN}", name=UNNAMED,
                 is_bot=True, bot_owner_id=owner.id, joined_at=utcnow(), findable=True)
    db.session.add(bot)
    save_account(bot, name, True)
    return bot


def engines_of(owner_id: int) -> list[Player]:
    return db.session.scalars(select(Player).where(
        Player.bot_owner_id == owner_id, Player.is_bot, Player.deleted_at.is_(None))
        .order_by(Player.id)).all()


def owned_engine(owner: Player, bot_id) -> Player | None:
    """``owner``'s engine with this id (None for anyone else's account)."""
    return next((bot for bot in engines_of(owner.id) if str(bot.id) == str(bot_id)), None)


def mark(player: Player, bot: bool, owner: Player | None = None) -> None:
    """Mark ``player`` a bot (owned by ``owner``), or a person again; flushes."""
    player.is_bot = bot
    player.bot_owner_id = owner.id if (bot and owner is not None) else None
    db.session.flush()

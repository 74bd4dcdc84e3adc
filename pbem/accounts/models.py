"""Players, and the log of sign-in requests used for rate limiting."""

from __future__ import annotations

from sqlalchemy import Boolean, ForeignKey, Integer, String, false
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..core.db import UTCDateTime, utcnow
from ..core.extensions import db

#: The public name of an account that has never signed in: nothing taken from its address.
UNNAMED = "an invited player"
#: The name a deleted account leaves on its games.
DELETED_NAME = "deleted player"
#: Addresses in this top-level domain (RFC 2606) are placeholders that never get mail: imported
#: records' players, deleted accounts.
PLACEHOLDER_TLD = ".invalid"


class Player(db.Model):
    """A person, known by email address, which nobody but they and admins ever see.

    A row exists from the first time someone names the address (a sign-in request or an
    invitation); ``joined_at`` is set on the first sign-in (or answered invitation, or move),
    which is when the account starts: before that it has no public page and no public name
    (``name`` is ``UNNAMED``). ``login_counter`` is part of every sign-in link and goes up when
    one is used, which makes sign-in links single-use. ``session_generation`` is part of every
    session; signing out raises it, which ends every session of the player, copies of the
    cookie included. ``findable`` players are offered by name to everyone starting a game. A
    deleted account keeps its row for its games, with its address erased and ``deleted_at`` set.
    """

    __tablename__ = "players"

    id: Mapped[int] = mapped_column(primary_key=True)
    email: Mapped[str] = mapped_column(String(254), unique=True)
    name: Mapped[str] = mapped_column(String(60))
    #: The name as it is compared (``pbem.accounts.names.key``), kept on every write of the
    #: name, unique: of two players taking one name at the same moment, the database refuses
    #: the second. ``None`` while the account holds no name of its own (not started, deleted,
    #: an imported record's placeholder).
    name_key: Mapped[str | None] = mapped_column(String(255), nullable=True, unique=True,
                                                 index=True)
    is_admin: Mapped[bool] = mapped_column(Boolean, default=False)
    login_counter: Mapped[int] = mapped_column(Integer, default=0)
    session_generation: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    created_at = mapped_column(UTCDateTime, default=utcnow, nullable=False)
    joined_at = mapped_column(UTCDateTime, nullable=True)
    findable: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    deleted_at = mapped_column(UTCDateTime, nullable=True)
    #: A computer player (``pbem.botplay``): offered to everyone by name, accepts invitations at
    #: once, has a placeholder address that never gets mail, and is marked as a bot wherever
    #: it is shown.
    is_bot: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: The language of their pages and mail (``pbem.core.i18n``): taken from the browser's
    #: ``Accept-Language`` when they first sign in, then theirs to change; ``None``: not yet.
    language: Mapped[str | None] = mapped_column(String(8), nullable=True)
    #: For a bot run from outside (through the API, ``pbem.api.bots``): the player whose
    #: engine it is, named wherever the bot is listed. ``None`` for pbem's own bots and for an
    #: account an admin marked a bot without naming an owner.
    bot_owner_id: Mapped[int | None] = mapped_column(
        ForeignKey("players.id", ondelete="SET NULL"), nullable=True)
    bot_owner = relationship("Player", remote_side="Player.id", viewonly=True)
    #: Notification settings (no row: the defaults), a ``pbem.notifications.models``
    #: ``StoredSettings`` named by its class name here (accounts import no domain above them).
    #: A query that mails the player joins them in (``pbem.play.queries.get_game``).
    notification_settings = relationship("StoredSettings", viewonly=True, uselist=False)

    def __repr__(self) -> str:
        return f"<Player {self.id}>"

    @property
    def has_public_page(self) -> bool:
        """Only an account someone started (and has not deleted) is shown on its own page."""
        return self.joined_at is not None and self.deleted_at is None

    @property
    def challengeable(self) -> bool:
        """Whether others may invite this player by name, from their page: an open account
        or a bot, but not the placeholder of an imported record's player."""
        return self.is_bot or (self.has_public_page
                               and not self.email.endswith(PLACEHOLDER_TLD))


class SignInRequest(db.Model):
    """One request for a sign-in link: counted per address and per client for rate limits."""

    __tablename__ = "sign_in_requests"

    id: Mapped[int] = mapped_column(primary_key=True)
    email: Mapped[str] = mapped_column(String(254), index=True)
    client: Mapped[str] = mapped_column(String(64), index=True)
    created_at = mapped_column(UTCDateTime, default=utcnow, nullable=False, index=True)


class Block(db.Model):
    """``blocker`` blocked ``blocked``: neither can invite, challenge or message the other
    (:mod:`pbem.accounts.blocks` answers, for every domain, whether two players may meet)."""

    __tablename__ = "blocks"

    blocker_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"),
                                            primary_key=True)
    #: Indexed for the other direction: who blocked a given player.
    blocked_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"),
                                            primary_key=True, index=True)
    created_at = mapped_column(UTCDateTime, default=utcnow, nullable=False)

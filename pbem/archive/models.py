"""What the archive stores besides games: the digest of every imported record, so the same
record imported twice is refused instead of becoming two games; and the counters that let the
archive list and the player pages cost the same at a million games as at ten thousand.

``ArchiveCount`` holds the games per (game, status), with how many of them someone won
outright and how many ended shared; ``PlayerRecord`` holds each player's results per game.
Both are kept by the play events (:mod:`.counters`, :mod:`.subscriptions`), in the transaction
that starts or ends the game, and ``pbem archive recount`` rebuilds them from the games.
"""

from __future__ import annotations

from sqlalchemy import ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from ..core.db import UTCDateTime, utcnow
from ..core.extensions import db


class ImportedRecord(db.Model):
    __tablename__ = "imported_records"

    id: Mapped[int] = mapped_column(primary_key=True)
    #: SHA-256 of the record's content as parsed (see ``importer.digest``).
    digest: Mapped[str] = mapped_column(String(64), unique=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    imported_at = mapped_column(UTCDateTime, default=utcnow, nullable=False)


class ArchiveCount(db.Model):
    """The started games of one game type in one status (``active`` or ``finished``)."""

    __tablename__ = "archive_counts"

    slug: Mapped[str] = mapped_column(String(32), primary_key=True)
    status: Mapped[str] = mapped_column(String(16), primary_key=True)
    games: Mapped[int] = mapped_column(Integer, default=0)
    #: Games a seat won outright (the archive's "decisive" result).
    decisive: Mapped[int] = mapped_column(Integer, default=0)
    #: Games whose winners shared first place (the archive's "drawn" result).
    drawn: Mapped[int] = mapped_column(Integer, default=0)


class PlayerRecord(db.Model):
    """One player's games of one game type: results of the finished ones, and those going on."""

    __tablename__ = "player_records"

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    slug: Mapped[str] = mapped_column(String(32), primary_key=True)
    won: Mapped[int] = mapped_column(Integer, default=0)
    lost: Mapped[int] = mapped_column(Integer, default=0)
    drawn: Mapped[int] = mapped_column(Integer, default=0)
    ongoing: Mapped[int] = mapped_column(Integer, default=0)
    #: Of the ``lost`` games of three or four players, those finished second, third, fourth
    #: (``pbem.archive.counters``): the record shows places, not losses, for them.
    second: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    third: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    fourth: Mapped[int] = mapped_column(Integer, default=0, server_default="0")

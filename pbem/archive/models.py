"""What the archive stores besides games: the digest of every imported record, so the same
record imported twice is refused instead of becoming two games."""

from __future__ import annotations

from sqlalchemy import ForeignKey, String
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

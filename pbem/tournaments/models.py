"""Tournaments as stored: the tournament, its entrants, rounds, tables and the admin log.

A table is one game of a round: its players in seat order (``seats``, player ids), the game
that plays it, and once the game is over its finishing ``places``, so standings are built from
these rows alone without loading games. ``Tournament.version`` is the claim every change
takes (a compare-and-set, with ``FOR UPDATE SKIP LOCKED`` on PostgreSQL), so two ticks, or a
tick and an admin, never act on the same tournament at once.
"""

from __future__ import annotations

from flask_babel import gettext
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
    true,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..accounts.models import Player
from ..core.db import UTCDateTime, utcnow
from ..core.extensions import db
from ..core.i18n import _l
from ..games import get_rules
from ..play.models import Game

#: Tournament.status
SETUP, RUNNING, FINISHED = "setup", "running", "finished"
#: Tournament.format (the table size says whether it is played two at a table or more)
ROUND_ROBIN, SWISS, KNOCKOUT = "round-robin", "swiss", "knockout"
FORMATS = {ROUND_ROBIN: _l("Round robin"), SWISS: _l("Swiss"), KNOCKOUT: _l("Knockout")}
#: Tournament.stall_policy: what happens to an unfinished game at its deadline
ADJUDICATE, FORFEIT, EXTEND = "adjudicate", "forfeit", "extend"
POLICIES = {
    ADJUDICATE: _l("adjudicate by the current finishing order (a player who never moved loses)"),
    FORFEIT: _l("forfeit the seat to move (at a bigger table the others play on)"),
    EXTEND: _l("extend by the set number of days (once; then adjudicate)"),
}
#: Tournament.enrolment
BY_INVITATION, OPEN = "invitation", "open"
#: Entrant.status
INVITED, ENTERED, WITHDRAWN, DECLINED = "invited", "entered", "withdrawn", "declined"


class Tournament(db.Model):
    __tablename__ = "tournaments"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    description: Mapped[str] = mapped_column(Text, default="")
    slug: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict] = mapped_column(JSON)
    table_size: Mapped[int] = mapped_column(Integer, default=2)
    format: Mapped[str] = mapped_column(String(16))
    #: Format settings: ``cycles`` (round robin), ``rounds`` (Swiss), ``best_of`` (two-player
    #: knockout), ``advance`` (knockout at bigger tables).
    settings: Mapped[dict] = mapped_column(JSON)
    #: Every game's time control, in the clocks' compact text (``none``, ``3d/move``...).
    time_control: Mapped[str | None] = mapped_column(String(100))
    #: Every table of a round gets the same seed, so games with a random setup share a layout.
    same_layout: Mapped[bool] = mapped_column(Boolean, default=False)
    #: Its games count for ratings (each game is created rated or not accordingly).
    rated: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    #: The start seeds by each entrant's shown rating at the game (ties: the director's
    #: seeding, then the order they entered) rather than by the director's seeding alone.
    seed_by_rating: Mapped[bool] = mapped_column(Boolean, default=False,
                                                 server_default=false())
    enrolment: Mapped[str] = mapped_column(String(16), default=BY_INVITATION)
    registration_deadline = mapped_column(UTCDateTime)
    capacity: Mapped[int | None] = mapped_column(Integer)
    starts_at = mapped_column(UTCDateTime)
    round_days: Mapped[int] = mapped_column(Integer, default=14)
    stall_policy: Mapped[str] = mapped_column(String(16), default=ADJUDICATE)
    extend_days: Mapped[int] = mapped_column(Integer, default=7)
    status: Mapped[str] = mapped_column(String(16), default=SETUP, index=True)
    paused_at = mapped_column(UTCDateTime)
    seed: Mapped[int] = mapped_column(BigInteger)
    version: Mapped[int] = mapped_column(Integer, default=0)
    #: The standings and crosstable as last computed, with the key they were computed for
    #: (see ``page.refresh``); the page recomputes them when the key no longer matches.
    standings_cache: Mapped[dict | None] = mapped_column(JSON(none_as_null=True))
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    created_at = mapped_column(UTCDateTime, default=utcnow, nullable=False)
    started_at = mapped_column(UTCDateTime)
    finished_at = mapped_column(UTCDateTime)

    created_by: Mapped[Player | None] = relationship()
    entrants: Mapped[list[Entrant]] = relationship(
        back_populates="tournament", order_by="Entrant.id", cascade="all, delete-orphan"
    )
    rounds: Mapped[list[TournamentRound]] = relationship(
        back_populates="tournament", order_by="TournamentRound.number",
        cascade="all, delete-orphan",
    )
    log: Mapped[list[LogEntry]] = relationship(
        order_by="LogEntry.id", cascade="all, delete-orphan"
    )

    @property
    def rules(self):
        return get_rules(self.slug)

    @property
    def format_name(self) -> str:
        """The format in the reader's words (``Swiss at tables of 4``)."""
        name = FORMATS[self.format]
        return str(name) if self.table_size == 2 else gettext(
            "%(format)s at tables of %(size)s", format=name, size=self.table_size)

    @property
    def current_round(self) -> TournamentRound | None:
        return self.rounds[-1] if self.rounds else None

    def field(self) -> list[Entrant]:
        """The entrants who started (withdrawn ones included), in seed order."""
        if self.status == SETUP:
            return []
        return sorted((e for e in self.entrants if e.seed is not None), key=lambda e: e.seed)

    def __repr__(self) -> str:
        return f"<Tournament {self.id} {self.slug} {self.format} {self.status}>"


class Entrant(db.Model):
    """A player's place in a tournament. Before the start ``seed`` is the director's seeding
    (if any); the start numbers everyone who plays 1, 2, ... and only them."""

    __tablename__ = "tournament_entrants"
    __table_args__ = (UniqueConstraint("tournament_id", "player_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), index=True
    )
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    status: Mapped[str] = mapped_column(String(16), default=INVITED)
    seed: Mapped[int | None] = mapped_column(Integer)
    created_at = mapped_column(UTCDateTime, default=utcnow, nullable=False)
    withdrawn_at = mapped_column(UTCDateTime)

    tournament: Mapped[Tournament] = relationship(back_populates="entrants")
    player: Mapped[Player] = relationship(lazy="joined")

    @property
    def playing(self) -> bool:
        return self.status == ENTERED


class TournamentRound(db.Model):
    __tablename__ = "tournament_rounds"
    __table_args__ = (UniqueConstraint("tournament_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), index=True
    )
    number: Mapped[int] = mapped_column(Integer)
    #: The game seed of every table when the tournament gives them the same layout.
    seed: Mapped[int] = mapped_column(BigInteger)
    #: Players who sit this round out.
    byes: Mapped[list] = mapped_column(JSON, default=list)
    #: Two-player knockout: the matches in bracket order, ``[high, low or None]``.
    matches: Mapped[list | None] = mapped_column(JSON)
    started_at = mapped_column(UTCDateTime, default=utcnow, nullable=False)
    finished_at = mapped_column(UTCDateTime)

    tournament: Mapped[Tournament] = relationship(back_populates="rounds")
    tables: Mapped[list[TournamentTable]] = relationship(
        back_populates="round", order_by="TournamentTable.id", cascade="all, delete-orphan"
    )

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None


class TournamentTable(db.Model):
    """One game of a round. ``places`` (0 first, per seat) is filled in when it ends."""

    __tablename__ = "tournament_tables"

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(
        ForeignKey("tournament_rounds.id", ondelete="CASCADE"), index=True
    )
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), index=True
    )
    board: Mapped[int] = mapped_column(Integer)
    #: Two-player knockout: the match (index into ``TournamentRound.matches``).
    match: Mapped[int | None] = mapped_column(Integer)
    seats: Mapped[list] = mapped_column(JSON)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), unique=True)
    places: Mapped[list | None] = mapped_column(JSON(none_as_null=True))
    deadline = mapped_column(UTCDateTime, nullable=False)
    extended: Mapped[int] = mapped_column(Integer, default=0)
    #: Ended by decision at a deadline rather than played out.
    adjudicated: Mapped[bool] = mapped_column(Boolean, default=False)
    #: How the game ended when it was not simply played out (forfeits, adjudication).
    note: Mapped[str | None] = mapped_column(String(200))
    finished_at = mapped_column(UTCDateTime)

    round: Mapped[TournamentRound] = relationship(back_populates="tables")
    game: Mapped[Game] = relationship()

    @property
    def is_finished(self) -> bool:
        return self.places is not None


class LogEntry(db.Model):
    """An admin action (or one pbem took by itself: ``actor`` is then ``None``), and why."""

    __tablename__ = "tournament_log"

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), index=True
    )
    actor_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    action: Mapped[str] = mapped_column(String(200))
    reason: Mapped[str] = mapped_column(Text, default="")
    created_at = mapped_column(UTCDateTime, default=utcnow, nullable=False)

    actor: Mapped[Player | None] = relationship(lazy="joined")

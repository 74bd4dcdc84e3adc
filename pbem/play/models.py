"""Games, their seats and their moves.

The move history is the truth: a game is its setup (slug, options, seed, seats) plus its moves.
``Game.snapshot`` caches the current state (``rules.to_dict``) for speed and always equals a
replay of the moves (``service.replay`` and a test check it). Each seat's outcome (``won``,
``lost``, ``drawn``) mirrors ``Game.result`` through an attribute event (at the end), so the
archive filters and counts results per player on an indexed column instead of every game's
JSON, whoever sets the result (the play service, an import). ``Game.version`` makes every
change to a game a compare-and-set, so two racing submissions cannot both land, whichever
process they reach; ``uq_moves_game_id_ply`` backs it up in the schema.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    event,
    text,
    true,
)
from sqlalchemy.orm import Mapped, mapped_column, object_session, relationship

from ..accounts.models import UNNAMED, Player
from ..core.db import UTCDateTime, utcnow
from ..core.extensions import db
from ..games import get_renderer, get_rules

INVITED, ACTIVE, FINISHED, DECLINED = "invited", "active", "finished", "declined"
WON, LOST, DRAWN = "won", "lost", "drawn"
OUTCOMES = (WON, LOST, DRAWN)
#: A resignation as the history stores it (timeouts and forfeits are resignations too).
RESIGN = "resign"
#: Why a seat left the game, kept as its resignation's ``Move.text`` (older and imported
#: resignations say ``resign``).
RESIGNED, TIMED_OUT, FORFEITED = "resignation", "timeout", "forfeit"


class Game(db.Model):
    __tablename__ = "games"
    #: Covers the archive's counts per game and status (``pbem.archive.queries``).
    __table_args__ = (
        Index("ix_games_slug_status_started_at", "slug", "status", "started_at"),
        #: Counts a player's recent games and invitations (``pbem.play.limits``).
        Index("ix_games_created_by_id_created_at", "created_by_id", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(String(32), index=True)
    options: Mapped[dict] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    rules_version: Mapped[str] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(16), index=True, default=INVITED)
    #: ``{"winners": [seat, ...], "scores": [...]}`` once finished; ``"agreed": true`` when
    #: the players ended it by agreement, ``"adjudicated": true`` when a director decided it.
    result: Mapped[dict | None] = mapped_column(JSON)
    #: Number of plies played (``moves`` rows); the next move is ply ``ply + 1``.
    ply: Mapped[int] = mapped_column(Integer, default=0)
    snapshot: Mapped[dict | None] = mapped_column(JSON)
    #: A proposal to end the game by agreement: ``{"ply": n, "seats": [...]}``, the seats that
    #: agree; it lapses as soon as a ply is played after ``n`` (:mod:`.agreement`).
    end_offer: Mapped[dict | None] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, nullable=False)
    #: The time control in its compact form (``pbem.clocks.logic.timecontrol.parse`` reads it).
    time_control: Mapped[str] = mapped_column(String(100), default="none", server_default="none")
    #: Whether vacations stop this game's clocks (a tournament may forbid them).
    vacation_allowed: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    #: Whether the result moves the players' ratings (``pbem.ratings``); chosen at creation.
    rated: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    created_at = mapped_column(UTCDateTime, default=utcnow, nullable=False)
    started_at = mapped_column(UTCDateTime, index=True)
    finished_at = mapped_column(UTCDateTime, index=True)
    updated_at = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow, nullable=False)

    seats: Mapped[list[Seat]] = relationship(
        back_populates="game", order_by="Seat.index", cascade="all, delete-orphan"
    )
    moves: Mapped[list[Move]] = relationship(
        back_populates="game", order_by="Move.ply", cascade="all, delete-orphan"
    )
    created_by: Mapped[Player | None] = relationship()

    __mapper_args__ = {"version_id_col": version}

    @property
    def rules(self):
        return get_rules(self.slug)

    @property
    def renderer(self):
        return get_renderer(self.slug)

    def load_state(self):
        """The current state, from the snapshot (``None`` before the game starts)."""
        return None if self.snapshot is None else self.rules.from_dict(self.snapshot)

    @property
    def end_proposal(self) -> dict | None:
        """The proposal to end the game by agreement standing at this ply, if any."""
        offer = self.end_offer
        return offer if offer and offer["ply"] == self.ply else None

    @property
    def is_over(self) -> bool:
        return self.status == FINISHED

    def seat_of(self, player) -> Seat | None:
        return next((s for s in self.seats if player and s.player_id == player.id), None)

    @property
    def title(self) -> str:
        names = " vs ".join(seat.public_name for seat in self.seats)
        return f"{self.rules.name} #{self.id}: {names}"

    def __repr__(self) -> str:
        return f"<Game {self.id} {self.slug} {self.status} ply {self.ply}>"


class Seat(db.Model):
    """A player's place in a game; ``index`` is the rules' seat (0 moves first)."""

    __tablename__ = "seats"
    __table_args__ = (
        UniqueConstraint("game_id", "index"),
        UniqueConstraint("game_id", "player_id"),
        Index("ix_seats_player_id_outcome", "player_id", "outcome"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    index: Mapped[int] = mapped_column(Integer)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    #: ``invited``, ``accepted`` or ``declined``.
    response: Mapped[str] = mapped_column(String(16), default="invited")
    responded_at = mapped_column(UTCDateTime)
    #: ``won``, ``lost`` or ``drawn`` once the game is over (mirrors ``Game.result``; see
    #: ``seat_outcomes``).
    outcome: Mapped[str | None] = mapped_column(String(8))

    game: Mapped[Game] = relationship(back_populates="seats")
    player: Mapped[Player] = relationship(lazy="joined")

    @property
    def label(self) -> str:
        return f"P{self.index + 1}"

    def shown_to(self, viewer: Player | None) -> bool:
        """Whether ``viewer`` (None: anyone, as in mail to others, records and feeds) may see
        who holds this seat: everyone once its player has accepted; before that only that
        player and admins, since a name would tell whoever typed the address that it has an
        account."""
        return self.response == "accepted" or (
            viewer is not None and (viewer.id == self.player_id or viewer.is_admin))

    def name_for(self, viewer: Player | None) -> str:
        """The name ``viewer`` sees for this seat (see :meth:`shown_to`)."""
        return self.player.name if self.shown_to(viewer) else UNNAMED

    @property
    def public_name(self) -> str:
        """The name everyone may see: for mail to others, records and feeds."""
        return self.name_for(None)


class Move(db.Model):
    """One ply of a game's history, in the canonical notation the rules list.

    ``text`` is what the player typed (for a multi-ply turn, the whole turn on each of its
    plies); forced passes applied by the server have ``auto`` set.
    """

    __tablename__ = "moves"
    __table_args__ = (
        UniqueConstraint("game_id", "ply"),
        #: Just the resignations (timeouts and forfeits too), which finishing places and
        #: ratings read for every game without scanning every move.
        Index("ix_moves_resignations", "game_id", "ply",
              sqlite_where=text(f"move = '{RESIGN}'"),
              postgresql_where=text(f"move = '{RESIGN}'")),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    ply: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    move: Mapped[str] = mapped_column(String(200))
    text: Mapped[str] = mapped_column(String(500))
    auto: Mapped[bool] = mapped_column(default=False)
    created_at = mapped_column(UTCDateTime, default=utcnow, nullable=False)

    game: Mapped[Game] = relationship(back_populates="moves")


def seat_outcomes(winners: list[int], seats: int) -> list[str]:
    """The outcome of every seat: a sole winner won, shared winners drew, the rest lost.

    >>> seat_outcomes([1], 2), seat_outcomes([0, 1], 2), seat_outcomes([0, 2], 3)
    (['lost', 'won'], ['drawn', 'drawn'], ['drawn', 'lost', 'drawn'])
    """
    shared = len(winners) > 1
    return [(DRAWN if shared else WON) if seat in winners else LOST for seat in range(seats)]


@event.listens_for(Game.result, "set")
def _mirror_result(game: Game, result, _old, _initiator) -> None:
    session = object_session(game)
    if session is None:
        set_outcomes(game, result)
        return
    with session.no_autoflush:  # loading the seats must not flush a half-made move
        set_outcomes(game, result)


def set_outcomes(game: Game, result) -> None:
    """Each seat's outcome from the game's ``result`` (none while there is none)."""
    outcomes = seat_outcomes(result["winners"], len(game.seats)) if result else None
    for seat in game.seats:
        seat.outcome = outcomes[seat.index] if outcomes else None

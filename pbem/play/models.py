"""Games, their seats and their moves.

The move history is the truth: a game is its setup (slug, options, seed, seats) plus its moves.
``Game.snapshot`` (and ``Game.grown``) cache the current state (``rules.to_stored``) for speed
and always equal a replay of the moves (``positions.replay`` and a test check it). Each seat's
outcome (``won``, ``lost``, ``drawn``) mirrors ``Game.result``, and its ``started_at`` the
game's, through attribute events, so the archive filters and orders a player's games on an
index of seats instead of every game's JSON, whoever sets them (the play service, an import).
``Game.version`` makes every change to a game a compare-and-set, so two racing submissions
cannot both land, whichever process they reach; ``uq_moves_game_id_ply`` backs it up in the schema.
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
    Text,
    UniqueConstraint,
    event,
    false,
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
#: The longest comment or message, in characters.
MESSAGE_LENGTH = 500


class Game(db.Model):
    __tablename__ = "games"
    __table_args__ = (
        #: The archive's orders, each a key ending in the id (``pbem.archive.queries.SORTS``):
        #: a page of any of them is a short index scan from its first game's key, also when
        #: the list is of one game type in one status.
        Index("ix_games_slug_status_started_at_id", "slug", "status", "started_at", "id"),
        Index("ix_games_started_at_id", "started_at", "id"),
        Index("ix_games_finished_at_id", "finished_at", "id"),
        Index("ix_games_ply_id", "ply", "id"),
        #: Counts a player's recent games and invitations (``pbem.play.limits``).
        Index("ix_games_created_by_id_created_at", "created_by_id", "created_at"),
        #: Whose move it is: a player's "your move" list, its count in the navigation, the
        #: digest and the calendar read this index, never a snapshot.
        Index("ix_games_to_move_player_id_to_move_deadline", "to_move_player_id",
              "to_move_deadline"),
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
    #: The part of the state that grows with the game (``rules.to_stored``: Stax's history
    #: and superko keys), which each move appends to; read only when the rules ask for it,
    #: so loading a game costs the same however long it is. ``None`` for the other games.
    grown: Mapped[str | None] = mapped_column(Text, deferred=True)
    #: The seat to move and its player while the game is active (``None`` otherwise), kept by
    #: the play service in the statement that stores each change of the position, so lists
    #: of games know whose turn it is without loading snapshots.
    to_move_seat: Mapped[int | None] = mapped_column(Integer)
    to_move_player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    #: When the seat to move must have moved (``None`` without a time control), kept by the
    #: clocks in the same transaction as every change that moves it (moves, vacations).
    to_move_deadline = mapped_column(UTCDateTime)
    #: A proposal to end the game by agreement: ``{"ply": n, "seats": [...], "proposed":
    #: [...]}``, the seats that agree and those that proposed at ply ``n`` (one proposal per
    #: player per ply); it lapses as soon as a ply is played after ``n`` (:mod:`.agreement`).
    end_offer: Mapped[dict | None] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, nullable=False)
    #: The time control in its compact form (``pbem.clocks.logic.timecontrol.parse`` reads it).
    time_control: Mapped[str] = mapped_column(String(100), default="none", server_default="none")
    #: Whether vacations stop this game's clocks (a tournament may forbid them).
    vacation_allowed: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    #: Whether the result moves the players' ratings (``pbem.ratings``); chosen at creation.
    rated: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    #: Whether the players' comments and messages (:class:`GameMessage`) may be read by
    #: everyone once the game is over; chosen at creation, private by default.
    messages_public: Mapped[bool] = mapped_column(Boolean, default=False,
                                                  server_default=false())
    #: Whether a computer player in this game may resign a game it judges lost
    #: (``pbem.botplay``); on unless a player turns it off (at creation or on the game page).
    #: (The database's default only, so that code written for the columns before it inserts
    #: rows unchanged.)
    bots_resign: Mapped[bool] = mapped_column(Boolean, server_default=true())
    #: Whether a seat may keep conditional moves here (``pbem.conditional`` raises it when lines
    #: are kept and lowers it once none are left): a move in a game without it reads none.
    conditional_kept: Mapped[bool] = mapped_column(Boolean, default=False,
                                                   server_default=false())
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    #: The finished game this one is the rematch of (:mod:`.rematch`); unique, so a game
    #: is offered once as a rematch, however many clicks race to offer it.
    rematch_of_id: Mapped[int | None] = mapped_column(
        ForeignKey("games.id", ondelete="SET NULL"), unique=True)
    created_at = mapped_column(UTCDateTime, default=utcnow, nullable=False)
    started_at = mapped_column(UTCDateTime)
    finished_at = mapped_column(UTCDateTime)
    updated_at = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow, nullable=False)

    seats: Mapped[list[Seat]] = relationship(
        back_populates="game", order_by="Seat.index", cascade="all, delete-orphan"
    )
    moves: Mapped[list[Move]] = relationship(
        back_populates="game", order_by="Move.ply", cascade="all, delete-orphan"
    )
    created_by: Mapped[Player | None] = relationship(foreign_keys=[created_by_id])

    __mapper_args__ = {"version_id_col": version}

    @property
    def rules(self):
        return get_rules(self.slug)

    @property
    def renderer(self):
        return get_renderer(self.slug)

    def load_state(self):
        """The current state, from the snapshot (``None`` before the game starts); the grown
        part is read only if the rules need it."""
        if self.snapshot is None:
            return None
        return self.rules.from_stored(self.snapshot, self._read_grown)

    def _read_grown(self) -> str:
        return self.grown or ""

    def load_whole_state(self):
        """The current state with its grown part read now: for a state used once this
        transaction is over (a bot thinks with none open)."""
        if self.snapshot is None:
            return None
        grown = self.grown or ""
        return self.rules.from_stored(self.snapshot, lambda: grown)

    def store_state(self, state) -> None:
        """Keep ``state`` whole as the current one (a game written at once, as an import is;
        a move appends instead, ``pbem.play.service``)."""
        self.snapshot, grown = self.rules.to_stored(state)
        self.grown = grown or None

    @property
    def end_proposal(self) -> dict | None:
        """The proposal to end the game by agreement standing at this ply, if any (a proposal
        withdrawn keeps the ply's record of who proposed, with nobody agreeing)."""
        offer = self.end_offer
        return offer if offer and offer["ply"] == self.ply and offer["seats"] else None

    def set_turn(self, seat: int | None) -> None:
        """Record ``seat`` (the rules' ``to_move``; ``None`` at the end) as the seat to move."""
        self.to_move_seat = seat
        self.to_move_player_id = None if seat is None else self.seats[seat].player_id

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
        #: A player's games newest first (all of them, or those with one outcome, or none
        #: yet: in progress), a page at a time, for the archive (``pbem.archive.queries``).
        Index("ix_seats_player_id_started_at_game_id", "player_id", "started_at", "game_id"),
        Index("ix_seats_player_id_outcome_started_at_game_id", "player_id", "outcome",
              "started_at", "game_id"),
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
    #: When the game started (mirrors ``Game.started_at``; see ``_mirror_start``), so a
    #: player's games come in that order from an index of seats alone.
    started_at = mapped_column(UTCDateTime)

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


class GameMessage(db.Model):
    """A player's words in a game (:mod:`.thread`): a comment sent with a move
    (``with_move``; ``ply`` is the last ply of that turn) or a message posted to the game's
    thread (``ply``: the game's ply when it was posted). Plain text, shown escaped."""

    __tablename__ = "game_messages"
    __table_args__ = (
        #: Counts a player's recent messages (``pbem.play.limits``).
        Index("ix_game_messages_player_id_created_at", "player_id", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    ply: Mapped[int] = mapped_column(Integer)
    with_move: Mapped[bool] = mapped_column(Boolean, default=False)
    body: Mapped[str] = mapped_column(String(MESSAGE_LENGTH))
    created_at = mapped_column(UTCDateTime, default=utcnow, nullable=False)


def seat_outcomes(winners: list[int], seats: int) -> list[str]:
    """The outcome of every seat: a sole winner won, shared winners drew, the rest lost.

    >>> seat_outcomes([1], 2), seat_outcomes([0, 1], 2), seat_outcomes([0, 2], 3)
    (['lost', 'won'], ['drawn', 'drawn'], ['drawn', 'lost', 'drawn'])
    """
    shared = len(winners) > 1
    return [(DRAWN if shared else WON) if seat in winners else LOST for seat in range(seats)]


@event.listens_for(Game.result, "set")
def _mirror_result(game: Game, result, _old, _initiator) -> None:
    _onto_seats(game, set_outcomes, result)


def _onto_seats(game: Game, write, value) -> None:
    """``write(game, value)`` onto the game's seats, a change to the game being mirrored:
    loading the seats must not flush the half-made change (a move, an ending) first."""
    session = object_session(game)
    if session is None:
        write(game, value)
        return
    with session.no_autoflush:
        write(game, value)


def set_outcomes(game: Game, result) -> None:
    """Each seat's outcome from the game's ``result`` (none while there is none)."""
    outcomes = seat_outcomes(result["winners"], len(game.seats)) if result else None
    for seat in game.seats:
        seat.outcome = outcomes[seat.index] if outcomes else None


@event.listens_for(Game.started_at, "set")
def _mirror_start(game: Game, started_at, _old, _initiator) -> None:
    _onto_seats(game, _set_starts, started_at)


def _set_starts(game: Game, started_at) -> None:
    for seat in game.seats:
        seat.started_at = started_at


@event.listens_for(Game.seats, "append")
def _seat_start(game: Game, seat: Seat, _initiator) -> None:
    """A seat added to a game that has started (an import) takes its start."""
    seat.started_at = game.started_at

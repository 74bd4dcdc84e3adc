"""The plain values tournaments pass around: players are opaque ints, no database in sight."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

PlayerId = int


@dataclass(frozen=True)
class Table:
    """One game to be played: the players in seat order (seat 0 moves first)."""

    seats: tuple[PlayerId, ...]

    def __post_init__(self):
        if len(set(self.seats)) != len(self.seats) or len(self.seats) < 2:
            raise ValueError(f"a table needs at least two distinct players, got {self.seats}")


@dataclass(frozen=True)
class Round:
    """What a pairing produces: the tables, best first, and the players who sit out."""

    tables: tuple[Table, ...]
    byes: tuple[PlayerId, ...] = ()

    def players(self) -> list[PlayerId]:
        return [p for table in self.tables for p in table.seats] + list(self.byes)


@dataclass(frozen=True)
class Result:
    """A finished game: the players in seat order and each seat's place (0 first, ties share).

    Build the places with :func:`pbem.tournaments.logic.scoring.finishing_places`.
    """

    seats: tuple[PlayerId, ...]
    places: tuple[int, ...]
    #: The seats for which the game was not played: forfeits (two at a table, both seats; at
    #: a bigger table, the seat that forfeited). Tiebreaks count them as unplayed rounds.
    unplayed: tuple[int, ...] = ()

    def __post_init__(self):
        if len(self.seats) != len(self.places) or len(set(self.seats)) != len(self.seats):
            raise ValueError("a result needs one place per seat and distinct players")
        if len(self.seats) < 2:
            raise ValueError("a result needs at least two seats")

    def points(self) -> tuple[Fraction, ...]:
        """Tournament points per seat (see :func:`~pbem.tournaments.logic.scoring.seat_points`)."""
        from .scoring import seat_points

        return seat_points(self.places)


@dataclass(frozen=True)
class PlayedRound:
    """A round as the standings read it: its finished games (in the order played), its
    byes, and the players absent from it (who had withdrawn: unplayed rounds scoring 0)."""

    results: tuple[Result, ...]
    byes: tuple[PlayerId, ...] = ()
    absent: tuple[PlayerId, ...] = ()

"""Tournaments. This module exports their pure heart, :mod:`.logic`: pairings, game scoring,
standings (``model``, ``scoring``, ``history``, ``standings``, ``pairing``).

The pure heart touches neither Flask nor the database. Players are opaque ints; everything goes in
and out as plain dataclasses, and the same inputs (and seed) give the same output. A
service layer loads a tournament's games as :class:`Result` values (in the order
played), and calls:

- :func:`finishing_places` on a finished game (rules' scores, winners, resignations);
- :func:`compute_standings` (over :class:`PlayedRound` values) for the table shown and the
  ranking the next pairing uses;
- :class:`History` ``.of(results, byes)`` and one pairing function for the next round.

The server side is that service layer: ``models`` (tournaments, entrants, rounds, tables,
the director's log), ``claim`` (one process at a time per tournament), ``formats`` (what
each format pairs next from the stored rounds), ``progress`` (round games, results,
deadline policies, the next round), ``service`` (the public surface of ``creation``,
``enrolment``, ``running`` by hand and ``queries``), ``tick``
(the periodic task), ``page`` (what the public page shows), ``notify`` (mail), and the
``views`` and ``admin`` blueprints; ``subscriptions`` settles a tournament as each of its
games ends (results, the next round) and adds round deadlines to the calendar.
"""

from .logic.history import History
from .logic.model import PlayedRound, PlayerId, Result, Round, Table
from .logic.scoring import finishing_places, format_points, seat_points
from .logic.standings import (
    ROUND_ROBIN_TIEBREAKS,
    SWISS_TIEBREAKS,
    Standing,
    Tiebreak,
    compute_standings,
)

__all__ = [
    "ROUND_ROBIN_TIEBREAKS",
    "SWISS_TIEBREAKS",
    "History",
    "PlayedRound",
    "PlayerId",
    "Result",
    "Round",
    "Standing",
    "Table",
    "Tiebreak",
    "compute_standings",
    "finishing_places",
    "format_points",
    "seat_points",
]

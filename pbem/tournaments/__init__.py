"""The pure heart of tournaments: pairings, game scoring and standings.

Nothing here touches Flask or the database. Players are opaque ints; everything goes in
and out as plain dataclasses, and the same inputs (and seed) give the same output. A
service layer loads a tournament's games as :class:`Result` values (in the order
played), and calls:

- :func:`finishing_places` on a finished game (rules' scores, winners, resignations);
- :func:`compute_standings` for the table shown and the ranking the next pairing uses;
- :class:`History` ``.of(results, byes)`` and one pairing function for the next round.
"""

from .history import History
from .model import PlayerId, Result, Round, Table
from .scoring import finishing_places, format_points, seat_points
from .standings import (
    LABELS,
    ROUND_ROBIN_TIEBREAKS,
    SWISS_TIEBREAKS,
    Standing,
    Tiebreak,
    compute_standings,
)

__all__ = [
    "LABELS",
    "ROUND_ROBIN_TIEBREAKS",
    "SWISS_TIEBREAKS",
    "History",
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

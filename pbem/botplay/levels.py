"""What each bot level is, for the bots' pages and the README: how much it thinks, and how it
stands against the level below (``make bench-long`` measures it: ``bench/bench_bots_long.py``;
``MEASURED`` is what it measured, copied from its results).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from ..bots import CORRESPONDENCE, LEVELS
from ..core.i18n import _l
from .worker import TURN_CPU


@dataclass(frozen=True)
class Measured:
    """One cell of the level-ordering table as the long bench measured it: ``level``'s mean
    share of the result against ``below`` (``None``: a uniform-random player) in ``slug``
    with ``players`` seats, its Wilson 95% interval, and its games won, drawn (or shared)
    and lost. ``FULL`` games make a cell the bench's own size; fewer are a sample."""

    slug: str
    players: int
    level: int
    below: int | None
    score: float
    low: float
    high: float
    won: int
    drawn: int
    lost: int

    FULL = 100

    @property
    def games(self) -> int:
        return self.won + self.drawn + self.lost


#: When the table was measured, and how busy its host was: the lowest and highest load (the
#: 1-minute average) over its games, on that many cores. Numbers, so each page says them in
#: its own language.
MEASURED_ON = date(2026, 11, 28)
MEASURED_LOAD = (1, 27)
MEASURED_CORES = 2
MEASURED = (
    Measured("pylon", 2, 1, None, 0.995, 0.954, 0.999, 99, 1, 0),
    Measured("pylon", 2, 2, 1, 0.92, 0.85, 0.959, 88, 8, 4),
    Measured("pylon", 2, 3, 2, 0.825, 0.739, 0.887, 78, 9, 13),
    Measured("spike", 2, 1, None, 0.98, 0.93, 0.994, 96, 4, 0),
    Measured("spike", 2, 2, 1, 0.625, 0.527, 0.714, 35, 55, 10),
    Measured("spike", 2, 3, 2, 0.505, 0.409, 0.601, 7, 87, 6),
    Measured("stawvs", 2, 1, None, 0.99, 0.946, 0.998, 99, 0, 1),
    Measured("stawvs", 2, 2, 1, 0.76, 0.668, 0.833, 75, 2, 23),
    Measured("stawvs", 2, 3, 2, 0.82, 0.631, 0.924, 20, 1, 4),
    Measured("stawvs", 3, 1, None, 0.923, 0.854, 0.961, 90, 5, 5),
    Measured("stawvs", 3, 2, 1, 0.55, 0.452, 0.644, 54, 2, 44),
    Measured("stawvs", 4, 1, None, 0.86, 0.779, 0.915, 84, 4, 12),
    Measured("stawvs", 4, 2, 1, 0.43, 0.294, 0.578, 17, 3, 23),
    Measured("stax", 2, 1, None, 1.0, 0.963, 1.0, 100, 0, 0),
    Measured("stax", 2, 2, 1, 0.74, 0.646, 0.816, 74, 0, 26),
    Measured("stax", 3, 1, None, 0.96, 0.902, 0.984, 96, 0, 4),
    Measured("stax", 3, 2, 1, 0.56, 0.462, 0.653, 56, 0, 44),
    Measured("triumvirate", 2, 1, None, 1.0, 0.963, 1.0, 100, 0, 0),
    Measured("triumvirate", 2, 2, 1, 0.89, 0.814, 0.937, 89, 0, 11),
)


@dataclass(frozen=True)
class Level:
    level: int
    playouts: int
    cpu_cap_s: float
    thinks: str  # (lazy translations: read in the page's language)
    plays: str


#: How each level plays, in a player's words.
PLAYS = {
    1: _l("Takes what is offered and avoids the obvious blunders: a first opponent."),
    2: _l("Looks four times deeper than level 1 and solves more of Spike's endgames."),
    3: _l("Looks sixteen times deeper than level 1 and solves most of Spike's endgames: a "
       "strong club player's opponent."),
    4: _l("The correspondence level: sixteen times level 3's search, up to a minute of CPU a "
       "move. Its moves take a while; it suits a game played over days."),
}


def levels() -> list[Level]:
    """Every level, weakest first."""
    return [Level(level, playouts, TURN_CPU[level],
                  _l("up to a minute of CPU a move") if level == CORRESPONDENCE
                  else _l("up to a few seconds of CPU a move") if level == 3
                  else _l("under a second of CPU a move"),
                  PLAYS[level])
            for level, playouts in sorted(LEVELS.items())]

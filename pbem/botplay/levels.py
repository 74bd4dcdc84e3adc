"""What each bot level is, for the bots' pages and the README: how much it thinks, and how it
stands against the level below (``make bench-long`` measures it: ``bench/bench_bots_long.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import lazy_gettext as _l

from ..bots import CORRESPONDENCE, LEVELS
from .worker import TURN_CPU


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

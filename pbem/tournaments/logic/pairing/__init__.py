"""Pairings: each function takes the field (and what has been played) and returns rounds."""

from .knockout import (
    Match,
    MatchState,
    advancing,
    bracket_order,
    knockout_first_round,
    knockout_next_round,
    match_state,
    table_knockout_round,
)
from .roundrobin import round_robin
from .swiss import swiss_round
from .swiss_tables import swiss_tables_round
from .tables import assign_seats, pool_rounds, pools, snake, table_sizes

__all__ = [
    "Match",
    "MatchState",
    "advancing",
    "assign_seats",
    "bracket_order",
    "knockout_first_round",
    "knockout_next_round",
    "match_state",
    "pool_rounds",
    "pools",
    "round_robin",
    "snake",
    "swiss_round",
    "swiss_tables_round",
    "table_knockout_round",
    "table_sizes",
]

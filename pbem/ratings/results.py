"""Which finished games are rated, and the place each rated player took.

A game counts when it is marked ``rated`` and at least two of its players took part: a seat
that resigned (or timed out, or forfeited) before making a move of its own is left out, so a
two-player game ended that way is not rated at all. Places come from the result as the
tournaments read it (winners first, then by score, then the seats that left, the earliest
last), ties shared.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from sqlalchemy import bindparam, exists, false, select

from ..core.extensions import db
from ..play.models import RESIGN, Move
from ..tournaments.logic.scoring import finishing_places

#: Above every score: a winner's key in :func:`plain_places`.
_WINNER = float("inf")
#: The seats that resigned in a game, in order, each with whether it had moved before.
Departures = list[tuple[int, bool]]


@dataclass(frozen=True, slots=True)
class RatedResult:
    """A game's result as the ratings read it: the players rated, in seat order, and their
    places (0 first)."""

    game_id: int
    slug: str
    players: tuple[int, ...]
    places: tuple[int, ...]


def rated_result(game_id: int, slug: str, players: list[int], result: dict,
                 departures: Departures) -> RatedResult | None:
    """The result to rate from a finished game's seats (player ids in seat order), its stored
    ``result`` and its departures; None when fewer than two players took part.

    >>> rated_result(7, "stawvs", [10, 11, 12], {"winners": [2], "scores": [4, 3, 9]},
    ...              [(1, True)]).places
    (1, 2, 0)
    >>> rated_result(8, "pylon", [10, 11], {"winners": [0], "scores": [0, 0]}, [(1, False)])
    """
    places = finishing_places(result["scores"], result["winners"],
                              [seat for seat, _ in departures])
    absent = {seat for seat, moved in departures if not moved}
    kept = [seat for seat in range(len(players)) if seat not in absent]
    if len(kept) < 2:
        return None
    return RatedResult(game_id, slug, tuple(players[s] for s in kept),
                       tuple(places[s] for s in kept))


def plain_places(result: dict) -> list[int]:
    """The places of a game nobody left: what ``finishing_places(scores, winners)`` gives
    (winners share first place, the others follow by score), computed for the rebuild, which
    reads a million results and for nearly all of them needs no more than this.

    >>> plain_places({"winners": [2], "scores": [4, 9, 3, 4]})
    [2, 1, 0, 2]
    >>> plain_places({"winners": [0, 1], "scores": [3, 3]})
    [0, 0]
    """
    scores, winners = result["scores"], result["winners"]
    if len(scores) == 2 and winners:  # most games: one winner, or two sharing first place
        return [0, 0] if len(winners) == 2 else ([0, 1] if winners[0] == 0 else [1, 0])
    keys = [_WINNER if seat in winners else score for seat, score in enumerate(scores)]
    return [sum(1 for other in keys if other > mine) for mine in keys]


def departures(game_ids: list[int] | None = None) -> dict[int, Departures]:
    """Each game's resignations (timeouts and forfeits are resignations too) in order, with
    whether the seat had made a move of its own before; every game's when ``game_ids`` is
    None (a partial index holds just the resignations)."""
    query, params = _departures(game_ids is not None), {}
    if game_ids is not None:
        params["game_ids"] = game_ids
    found: dict[int, Departures] = {}
    for game_id, seat, had_moved in db.session.execute(query, params):
        found.setdefault(game_id, []).append((seat, bool(had_moved)))
    return found


@cache
def _departures(of_games: bool):
    """:func:`departures`' query (``of_games``: of the games bound as ``game_ids``), built
    once: building it cost as much as running it, at every rated game's end."""
    moves, earlier = Move.__table__, Move.__table__.alias("earlier")
    moved = exists().where(earlier.c.game_id == moves.c.game_id,
                           earlier.c.seat == moves.c.seat,
                           earlier.c.ply < moves.c.ply, earlier.c.auto == false())
    query = (select(moves.c.game_id, moves.c.seat, moved)
             .where(moves.c.move == RESIGN).order_by(moves.c.game_id, moves.c.ply))
    if of_games:
        query = query.where(moves.c.game_id.in_(bindparam("game_ids", expanding=True)))
    return query

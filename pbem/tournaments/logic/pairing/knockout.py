"""Knockouts: seeded two-player brackets with matches, and tables where the top k advance."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import ceil

from ..history import History
from ..model import PlayerId, Result, Round, Table
from .tables import assign_seats, snake


@dataclass(frozen=True)
class Match:
    """A knockout match; ``low`` is ``None`` for a bye (``high`` goes through unplayed)."""

    high: PlayerId
    low: PlayerId | None


@dataclass(frozen=True)
class MatchState:
    """Where a match stands: its winner, or the seats of the game to play next."""

    score: tuple[Fraction, Fraction]  # (high, low)
    winner: PlayerId | None
    next_game: Table | None


def bracket_order(size: int) -> list[int]:
    """Seed numbers (1-based) down a bracket of ``size`` (a power of two), so that seed 1
    meets seed ``size`` first and seeds 1 and 2 can meet only in the final.

    >>> bracket_order(8)
    [1, 8, 4, 5, 2, 7, 3, 6]
    """
    order = [1]
    while len(order) < size:
        order = [seed for s in order for seed in (s, 2 * len(order) + 1 - s)]
    return order


def knockout_first_round(seeded: Sequence[PlayerId]) -> list[Match]:
    """Round one of a bracket of the next power of two, in bracket order; the missing
    seeds are byes, so they fall to the top seeds, and only in this round."""
    if len(set(seeded)) != len(seeded) or len(seeded) < 2:
        raise ValueError("a knockout needs at least two distinct players")
    size = 1 << (len(seeded) - 1).bit_length()
    order = bracket_order(size)
    return [
        Match(seeded[high - 1], seeded[low - 1] if low <= len(seeded) else None)
        for high, low in zip(order[::2], order[1::2], strict=True)
    ]


def knockout_next_round(winners: Sequence[PlayerId], seeded: Sequence[PlayerId]) -> list[Match]:
    """The next round from the last round's winners in bracket order (match 1's winner
    meets match 2's, and so on); the better seed is ``high``."""
    if len(winners) < 2 or len(winners) % 2:
        raise ValueError("a knockout round needs an even number of winners")
    rank = {p: i for i, p in enumerate(seeded)}
    return [
        Match(*sorted(pair, key=rank.__getitem__))
        for pair in zip(winners[::2], winners[1::2], strict=True)
    ]


def match_state(match: Match, games: Sequence[Result], best_of: int = 1) -> MatchState:
    """Score a match from its games so far (in order). Seats alternate game by game,
    ``high`` in seat 0 first; the match is over once the lead exceeds the regular games
    left; level after ``best_of`` games, decider games follow (seats still alternating,
    so a drawn decider is replayed with seats swapped) until one is won."""
    if best_of < 1:
        raise ValueError("a match has at least one game")
    if match.low is None:
        return MatchState((Fraction(0), Fraction(0)), match.high, None)
    score = {match.high: Fraction(0), match.low: Fraction(0)}
    for game in games:
        if set(game.seats) != set(score):
            raise ValueError(f"game {game.seats} is not between {match.high} and {match.low}")
        for player, points in zip(game.seats, game.points(), strict=True):
            score[player] += points
    high, low = score[match.high], score[match.low]
    left = max(0, best_of - len(games))
    if abs(high - low) > left or (left == 0 and high != low):
        return MatchState((high, low), match.high if high > low else match.low, None)
    seats = (match.high, match.low) if len(games) % 2 == 0 else (match.low, match.high)
    return MatchState((high, low), None, Table(seats))


def table_knockout_round(
    seeded: Sequence[PlayerId], size: int, advance: int, history: History | None = None
) -> Round:
    """One round of a knockout at tables of ``size`` where the top ``advance`` go through.

    Fields are "full" at ``size · q^m`` players (q = size / advance): then every round is
    full tables down to one final table. A field in between gets byes for its top seeds so
    that round two is full, and the tables of round one shrink (never below
    ``advance + 1``) to take exactly the players needed. Players are snake-seeded across
    tables; seats follow :func:`~pbem.tournaments.logic.pairing.tables.assign_seats`.
    """
    if advance < 1 or size <= advance or size % advance:
        raise ValueError("the table size must be a multiple of the players who advance")
    if len(set(seeded)) != len(seeded) or len(seeded) < 2:
        raise ValueError("a knockout round needs at least two distinct players")
    count = len(seeded)
    if count <= size:
        return Round((assign_seats(seeded, history),))
    target = size  # players wanted in the next round: the largest full field below count
    while target * (size // advance) < count:
        target *= size // advance
    knocked_out = count - target
    tables = ceil(knocked_out / (size - advance))
    each, extra = divmod(knocked_out, tables)
    sizes = [advance + each + 1] * extra + [advance + each] * (tables - extra)
    byes = target - tables * advance
    groups = snake(seeded[byes:], sizes)
    return Round(tuple(assign_seats(g, history) for g in groups), tuple(seeded[:byes]))


def advancing(
    results: Sequence[Result], advance: int, seeded: Sequence[PlayerId], byes=()
) -> list[PlayerId]:
    """Who goes through, in seed order: the byes and each table's top ``advance``; a tie
    across the cut goes to the better seed."""
    rank: Mapping[PlayerId, int] = {p: i for i, p in enumerate(seeded)}
    through = list(byes)
    for result in results:
        by_place = sorted(
            zip(result.places, result.seats, strict=True), key=lambda x: (x[0], rank[x[1]])
        )
        through += [player for _, player in by_place[:advance]]
    return sorted(through, key=rank.__getitem__)

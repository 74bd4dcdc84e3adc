"""Standings with their tiebreaks, computed in one pass over the games (O(games · seats²)).

Every tiebreak generalises the two-player one so that it also reads right for tables:
a game is scored seat against seat (1 above, ½ level, 0 below) and divided by the
number of tablemates, exactly as tournament points are.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from math import lcm

from .model import PlayerId, Result


class Tiebreak(StrEnum):
    #: Σ over games of (what you scored against each tablemate × their points) / tablemates.
    SONNEBORN_BERGER = "sonneborn-berger"
    #: Σ over games of the average points of your tablemates (two players: your opponents).
    BUCHHOLZ = "buchholz"
    #: Buchholz without your best and worst game (when you have played three or more).
    MEDIAN_BUCHHOLZ = "median-buchholz"
    #: Points scored in games against the players still tied with you at this stage.
    HEAD_TO_HEAD = "head-to-head"
    #: Games finished alone in first place.
    WINS = "wins"


ROUND_ROBIN_TIEBREAKS = (Tiebreak.SONNEBORN_BERGER, Tiebreak.HEAD_TO_HEAD, Tiebreak.WINS)
SWISS_TIEBREAKS = (
    Tiebreak.BUCHHOLZ,
    Tiebreak.MEDIAN_BUCHHOLZ,
    Tiebreak.HEAD_TO_HEAD,
    Tiebreak.WINS,
)
LABELS = {
    Tiebreak.SONNEBORN_BERGER: "SB",
    Tiebreak.BUCHHOLZ: "Buchholz",
    Tiebreak.MEDIAN_BUCHHOLZ: "Median",
    Tiebreak.HEAD_TO_HEAD: "H2H",
    Tiebreak.WINS: "Wins",
}


@dataclass(frozen=True)
class Standing:
    """One row. ``tiebreaks`` follows the order asked for; head-to-head is ``None`` where
    nobody was still tied with the player when it was applied."""

    rank: int
    player: PlayerId
    points: Fraction
    games: int
    wins: int
    byes: int
    tiebreaks: tuple[Fraction | None, ...]


@dataclass
class _Game:
    mates: list[PlayerId]
    twice_against: list[int]  # 2 × what the player scored against each mate: 2, 1 or 0
    weight: int  # scale // tablemates, so games of every size add up in one integer unit


def compute_standings(
    players: Sequence[PlayerId],
    results: Iterable[Result],
    byes: Iterable[PlayerId] = (),
    tiebreaks: Sequence[Tiebreak] = SWISS_TIEBREAKS,
    bye_points=Fraction(1),
) -> list[Standing]:
    """Rank ``players`` (given in seed order, which settles what every tiebreak leaves level).

    Players tied on points and every tiebreak share a rank. A bye adds ``bye_points``
    and nothing to any tiebreak. Players who left the tournament can be dropped from
    ``players`` and still count as tablemates.

    Everything is summed in integers (points in units of ``1/unit``, per-game averages
    in units of ``1/scale``) and made exact fractions only for the rows: Fraction
    arithmetic would be most of the cost.
    """
    results, byes, bye_points = list(results), list(byes), Fraction(bye_points)
    sizes = {len(r.seats) for r in results}
    unit = lcm(bye_points.denominator, *(2 * (n - 1) for n in sizes))
    scale = lcm(*(n - 1 for n in sizes))
    points: dict[PlayerId, int] = defaultdict(int)
    games: dict[PlayerId, list[_Game]] = defaultdict(list)
    wins: dict[PlayerId, int] = defaultdict(int)
    bye_count: dict[PlayerId, int] = defaultdict(int)
    for result in results:
        n, places = len(result.seats), result.places
        for seat, player in enumerate(result.seats):
            twice = [
                2 * (places[seat] < places[o]) + (places[seat] == places[o])
                for o in range(n)
                if o != seat
            ]
            points[player] += sum(twice) * unit // (2 * (n - 1))
            wins[player] += sum(twice) == 2 * (n - 1)
            mates = [p for o, p in enumerate(result.seats) if o != seat]
            games[player].append(_Game(mates, twice, scale // (n - 1)))
    for player in byes:
        points[player] += int(bye_points * unit)
        bye_count[player] += 1

    def value(tiebreak: Tiebreak, player: PlayerId, tied: set[PlayerId]) -> Fraction:
        played = games[player]
        if tiebreak is Tiebreak.WINS:
            return Fraction(wins[player])
        if tiebreak is Tiebreak.HEAD_TO_HEAD:
            total = sum(
                a * g.weight
                for g in played
                for m, a in zip(g.mates, g.twice_against, strict=True)
                if m in tied
            )
            return Fraction(total, 2 * scale)
        if tiebreak is Tiebreak.SONNEBORN_BERGER:
            total = sum(
                a * points[m] * g.weight
                for g in played
                for m, a in zip(g.mates, g.twice_against, strict=True)
            )
            return Fraction(total, 2 * unit * scale)
        each = [sum(points[m] for m in g.mates) * g.weight for g in played]
        if tiebreak is Tiebreak.MEDIAN_BUCHHOLZ and len(each) >= 3:
            each = sorted(each)[1:-1]
        return Fraction(sum(each), unit * scale)

    seed = {player: i for i, player in enumerate(players)}
    columns: dict[PlayerId, list[Fraction | None]] = {p: [] for p in players}
    groups = [sorted(players, key=lambda p: (-points[p], seed[p]))]
    groups = _split(groups, lambda p, group: points[p])
    for tiebreak in tiebreaks:

        def measured(player, group, tiebreak=tiebreak):
            if tiebreak is Tiebreak.HEAD_TO_HEAD and len(group) == 1:
                columns[player].append(None)
                return 0
            got = value(tiebreak, player, set(group))
            columns[player].append(got)
            return got

        groups = _split(groups, measured)

    standings, rank = [], 1
    for group in groups:
        for player in group:
            standings.append(
                Standing(
                    rank, player, Fraction(points[player], unit), len(games[player]),
                    wins[player], bye_count[player], tuple(columns[player]),
                )
            )  # fmt: skip
        rank += len(group)
    return standings


def _split(groups: list[list[PlayerId]], measure) -> list[list[PlayerId]]:
    """Order each group by ``measure`` (highest first, stable) and cut it where it changes."""
    out = []
    for group in groups:
        measured = {p: measure(p, group) for p in group}
        ordered = sorted(group, key=lambda p: -measured[p])
        start = 0
        for i in range(1, len(ordered) + 1):
            if i == len(ordered) or measured[ordered[i]] != measured[ordered[start]]:
                out.append(ordered[start:i])
                start = i
    return out

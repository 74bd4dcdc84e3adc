"""Standings with their tiebreaks, computed in one pass over the games (O(games · seats²)).

Every tiebreak generalises the two-player one so that it also reads right for tables:
a game is scored seat against seat (1 above, ½ level, 0 below) and divided by the
number of tablemates, exactly as tournament points are.

Byes follow FIDE's rule for unplayed rounds in the Buchholz family: a player who had a bye
is taken to have played a virtual opponent who had the player's own points before that
round, took the other side of the bye's result (1 − the bye's points) and drew every later
round; and where a player's points count towards an opponent's Buchholz, each bye of theirs
counts as a draw (½), not as what it scored. So a bye is neither a free game against a
strong opponent nor a missing one, and median Buchholz cuts the same number of entries
from everyone who has been in every round.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from math import lcm

from .model import PlayedRound, PlayerId


class Tiebreak(StrEnum):
    #: Σ over games of (what you scored against each tablemate × their points) / tablemates.
    SONNEBORN_BERGER = "sonneborn-berger"
    #: Σ over games (and byes, against a virtual opponent) of the average points of your
    #: tablemates, their byes counted as draws.
    BUCHHOLZ = "buchholz"
    #: Buchholz without its best and worst entry.
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
#: What each column means, for the legend under the standings.
EXPLANATIONS = {
    Tiebreak.SONNEBORN_BERGER: "Sonneborn–Berger: the points of each player you beat, and half "
    "the points of each you drew with (at bigger tables, per tablemate, divided by their number)",
    Tiebreak.BUCHHOLZ: "Buchholz: the points of your opponents added up (at bigger tables, the "
    "average of your tablemates); a bye counts as a game against an opponent who had your "
    "points before that round, lost it and drew every round after, and your opponents' "
    "byes count as draws",
    Tiebreak.MEDIAN_BUCHHOLZ: "Median Buchholz: Buchholz without its highest and lowest entry",
    Tiebreak.HEAD_TO_HEAD: "Head to head: points scored against the players still level with "
    "you when this tiebreak applies (empty when nobody was)",
    Tiebreak.WINS: "Wins: games finished alone in first place",
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
    rounds: Iterable[PlayedRound],
    tiebreaks: Sequence[Tiebreak] = SWISS_TIEBREAKS,
    bye_points=Fraction(1),
) -> list[Standing]:
    """Rank ``players`` (given in seed order, which settles what every tiebreak leaves level).

    ``rounds`` in the order played. Players tied on points and every tiebreak share a rank.
    A bye adds ``bye_points``, and to the Buchholz family a virtual opponent (the module
    docstring). Players who left the tournament can be dropped from ``players`` and still
    count as tablemates.

    Everything is summed in integers (points in units of ``1/unit``, per-game averages
    in units of ``1/scale``) and made exact fractions only for the rows: Fraction
    arithmetic would be most of the cost.
    """
    rounds, bye_points = list(rounds), Fraction(bye_points)
    sizes = {len(r.seats) for rnd in rounds for r in rnd.results}
    unit = lcm(2, bye_points.denominator, *(2 * (n - 1) for n in sizes))
    scale = lcm(*(n - 1 for n in sizes))
    points: dict[PlayerId, int] = defaultdict(int)
    games: dict[PlayerId, list[_Game]] = defaultdict(list)
    wins: dict[PlayerId, int] = defaultdict(int)
    bye_count: dict[PlayerId, int] = defaultdict(int)
    virtual: dict[PlayerId, list[int]] = defaultdict(list)  # each bye's virtual opponent
    for number, rnd in enumerate(rounds, 1):
        for player in rnd.byes:  # the virtual opponent, from the points before this round
            later = len(rounds) - number
            virtual[player].append(points[player] + int((1 - bye_points) * unit)
                                   + later * unit // 2)  # fmt: skip
        for result in rnd.results:
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
        for player in rnd.byes:
            points[player] += int(bye_points * unit)
            bye_count[player] += 1

    def counted(player: PlayerId) -> int:
        """A player's points as their opponents' Buchholz counts them: byes as draws."""
        return points[player] + bye_count[player] * (unit // 2 - int(bye_points * unit))

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
        each = [sum(counted(m) for m in g.mates) * g.weight for g in played]
        each += [v * scale for v in virtual[player]]
        if tiebreak is Tiebreak.MEDIAN_BUCHHOLZ:
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

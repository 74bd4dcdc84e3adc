"""Standings with their tiebreaks, computed in one pass over the games (O(games · seats²)).

Every tiebreak generalises the two-player one so that it also reads right for tables:
a game is scored seat against seat (1 above, ½ level, 0 below) and divided by the
number of tablemates, exactly as tournament points are.

Unplayed rounds follow FIDE's Tie-Break Regulations (Handbook C.07, in force from 2023):
a round a player did not play (a bye that scored, a game won or lost by forfeit, a round
missed after withdrawing) keeps its points in the player's score, but

- in tiebreaks built from opponents' scores (Buchholz, Sonneborn–Berger), each unplayed
  round of the player counts as a game against a dummy opponent with the player's own
  points (art. 16.4), and each unplayed round of an opponent counts as a draw, ½, in that
  opponent's score (art. 16.3);
- a low cut (median Buchholz) takes an unplayed round first (art. 14.6/16.5);
- wins are games won at the board: a forfeit win or a bye is not one; and a forfeit is not
  a game played.

A round robin's sit-out and a knockout's bye score nothing and are no rounds of the player's.
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
    #: Σ over games (and unplayed rounds, against a dummy opponent) of the average points of
    #: your tablemates, their unplayed rounds counted as draws.
    BUCHHOLZ = "buchholz"
    #: Buchholz without its best and worst entry.
    MEDIAN_BUCHHOLZ = "median-buchholz"
    #: Points scored in games against the players still tied with you at this stage.
    HEAD_TO_HEAD = "head-to-head"
    #: Games played and finished alone in first place (forfeit wins not counted).
    WINS = "wins"


ROUND_ROBIN_TIEBREAKS = (Tiebreak.SONNEBORN_BERGER, Tiebreak.HEAD_TO_HEAD, Tiebreak.WINS)
SWISS_TIEBREAKS = (
    Tiebreak.BUCHHOLZ,
    Tiebreak.MEDIAN_BUCHHOLZ,
    Tiebreak.HEAD_TO_HEAD,
    Tiebreak.WINS,
)


@dataclass(frozen=True)
class Standing:
    """One row. ``tiebreaks`` follows the order asked for; head-to-head is ``None`` where
    nobody was still tied with the player when it was applied."""

    rank: int
    player: PlayerId
    points: Fraction
    games: int  # played: forfeits are not games
    wins: int
    byes: int
    tiebreaks: tuple[Fraction | None, ...]
    forfeits: int = 0


@dataclass
class _Game:
    mates: list[PlayerId]
    twice_against: list[int]  # 2 × what the player scored against each mate: 2, 1 or 0
    weight: int  # scale // tablemates, so games of every size add up in one integer unit
    played: bool = True  # False: a forfeit (head to head still counts its points)


def compute_standings(
    players: Sequence[PlayerId],
    rounds: Iterable[PlayedRound],
    tiebreaks: Sequence[Tiebreak] = SWISS_TIEBREAKS,
    bye_points=Fraction(1),
) -> list[Standing]:
    """Rank ``players`` (given in seed order, which settles what every tiebreak leaves level).

    ``rounds`` in the order played. Players tied on points and every tiebreak share a rank.
    A bye adds ``bye_points``; one worth something, a forfeit and an absence are unplayed
    rounds (the module docstring). Players who left the tournament can be dropped from
    ``players`` and still count as tablemates.

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
    forfeits: dict[PlayerId, int] = defaultdict(int)
    unplayed: dict[PlayerId, list[int]] = defaultdict(list)  # each unplayed round's points
    bye_worth = int(bye_points * unit)
    for rnd in rounds:
        for result in rnd.results:
            n, places = len(result.seats), result.places
            for seat, player in enumerate(result.seats):
                twice = [
                    2 * (places[seat] < places[o]) + (places[seat] == places[o])
                    for o in range(n)
                    if o != seat
                ]
                got = sum(twice) * unit // (2 * (n - 1))
                points[player] += got
                mates = [p for o, p in enumerate(result.seats) if o != seat]
                played = seat not in result.unplayed
                games[player].append(_Game(mates, twice, scale // (n - 1), played))
                if played:
                    wins[player] += sum(twice) == 2 * (n - 1)
                else:
                    forfeits[player] += 1
                    unplayed[player].append(got)
        for player in rnd.byes:
            points[player] += bye_worth
            bye_count[player] += 1
            if bye_worth:
                unplayed[player].append(bye_worth)
        for player in getattr(rnd, "absent", ()):
            unplayed[player].append(0)

    def counted(player: PlayerId) -> int:
        """A player's points as their opponents' tiebreaks count them: unplayed rounds as
        draws."""
        return points[player] - sum(unplayed[player]) + len(unplayed[player]) * unit // 2

    def value(tiebreak: Tiebreak, player: PlayerId, tied: set[PlayerId]) -> Fraction:
        played = [g for g in games[player] if g.played]
        if tiebreak is Tiebreak.WINS:
            return Fraction(wins[player])
        if tiebreak is Tiebreak.HEAD_TO_HEAD:
            total = sum(
                a * g.weight
                for g in games[player]
                for m, a in zip(g.mates, g.twice_against, strict=True)
                if m in tied
            )
            return Fraction(total, 2 * scale)
        if tiebreak is Tiebreak.SONNEBORN_BERGER:
            total = sum(
                a * counted(m) * g.weight
                for g in played
                for m, a in zip(g.mates, g.twice_against, strict=True)
            )  # and each unplayed round: its result against a dummy with the player's points
            dummy = Fraction(sum(unplayed[player]), unit) * Fraction(points[player], unit)
            return Fraction(total, 2 * unit * scale) + dummy
        each = [sum(counted(m) for m in g.mates) * g.weight for g in played]
        dummies = [points[player] * scale] * len(unplayed[player])
        if tiebreak is Tiebreak.MEDIAN_BUCHHOLZ:  # the low cut takes an unplayed round first
            if dummies:
                dummies = dummies[1:]
            else:
                each = sorted(each)[1:]
            each = sorted(each + dummies)[:-1]
            dummies = []
        return Fraction(sum(each) + sum(dummies), unit * scale)

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
                    rank, player, Fraction(points[player], unit),
                    len(games[player]) - forfeits[player], wins[player], bye_count[player],
                    tuple(columns[player]), forfeits[player],
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

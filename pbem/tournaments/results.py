"""Finished games as finishing places, and the standings built from the stored tables.

A game's places come from its result (winners, scores) and the order its seats resigned
(forfeits and timeouts are resignations), through :func:`finishing_places`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from types import SimpleNamespace

from flask_babel import gettext
from sqlalchemy import select

from ..core.extensions import db
from ..core.i18n import _l
from ..play.models import FINISHED, Game
from ..play.queries import resigned_seats
from . import formats
from .logic.scoring import finishing_places, format_points, number_format
from .logic.standings import Tiebreak
from .models import KNOCKOUT, Tournament, TournamentTable

#: The standings' column heading of each tiebreak (lazy: read in the page's language).
LABELS = {
    Tiebreak.SONNEBORN_BERGER: _l("SB"),
    Tiebreak.BUCHHOLZ: _l("Buchholz"),
    Tiebreak.MEDIAN_BUCHHOLZ: _l("Median"),
    Tiebreak.HEAD_TO_HEAD: _l("H2H"),
    Tiebreak.WINS: _l("Wins"),
}
#: What each column means, for the legend under the standings.
EXPLANATIONS = {
    Tiebreak.SONNEBORN_BERGER: _l(
        "Sonneborn–Berger: the points of each player you beat, and half the points of each you "
        "drew with (at bigger tables, per tablemate, divided by their number); a game won by "
        "forfeit counts as a win over an opponent with your own points, and an opponent's "
        "forfeits count as draws in their points (FIDE's 2023 regulations)"),
    Tiebreak.BUCHHOLZ: _l(
        "Buchholz: the points of your opponents added up (at bigger tables, the average of your "
        "tablemates); as FIDE's 2023 tie-break regulations say, a round you did not play (a "
        "bye, a forfeit, a round missed after withdrawing) counts as a game against an opponent "
        "with your own points, and your opponents' unplayed rounds count as draws"),
    Tiebreak.MEDIAN_BUCHHOLZ: _l(
        "Median Buchholz: Buchholz without its highest and lowest entry (an unplayed round is "
        "the first taken as the lowest)"),
    Tiebreak.HEAD_TO_HEAD: _l(
        "Head to head: points scored against the players still level with you when this "
        "tiebreak applies (empty when nobody was)"),
    Tiebreak.WINS: _l(
        "Wins: games played and finished alone in first place (a forfeit win or a bye is not "
        "one)"),
}


def places_of(game: Game, resigned: list[int]) -> tuple[int, ...]:
    return finishing_places(game.result["scores"], game.result["winners"], resigned)


def live_places(tables: list[TournamentTable]) -> dict[int, list[int]]:
    """Places of the tables whose game is over but not yet recorded (the tick records them)."""
    open_ids = [tb.game_id for tb in tables if tb.places is None]
    if not open_ids:
        return {}
    games = db.session.scalars(
        select(Game).where(Game.id.in_(open_ids), Game.status == FINISHED)
    ).all()
    resigned = resigned_seats([g.id for g in games])
    return {g.id: list(places_of(g, resigned.get(g.id, []))) for g in games}


@dataclass(frozen=True)
class Row:
    rank: int
    player_id: int
    name: str
    points: str
    games: int
    byes: int
    tiebreaks: tuple[str, ...]
    withdrawn: bool
    forfeits: int = 0


def standings(t: Tournament, rounds=None, forfeits: dict | None = None) -> list[Row]:
    """The standings of everyone who started, with this format's tiebreaks (formatted).

    ``rounds`` defaults to ``t.rounds``; anything with the same attributes will do (the page
    passes plain rows). A game over but not yet recorded counts, without being stored.
    ``forfeits``: each game's forfeited seats, read from the games when not given.
    """
    rounds = t.rounds if rounds is None else rounds
    field = t.field()
    live = live_places([tb for rnd in rounds for tb in rnd.tables])
    if live:
        rounds = [_with_places(rnd, live) for rnd in rounds]
    names = {e.player_id: (e.player.name, not e.playing) for e in field}
    ranked = formats.ranking(t, [e.player_id for e in field], rounds, forfeits)
    if t.format == KNOCKOUT:
        ranked = _by_round_reached(t, ranked, rounds)
    number = number_format([s.points for s in ranked]
                           + [v for s in ranked for v in s.tiebreaks if v is not None])
    rows = []
    for s in ranked:
        name, withdrawn = names[s.player]
        rows.append(Row(s.rank, s.player, name, number(s.points), s.games, s.byes,
                        tuple("" if v is None else number(v) for v in s.tiebreaks),
                        withdrawn, s.forfeits))
    return rows


def _with_places(rnd, live: dict):
    tables = [SimpleNamespace(seats=tb.seats, places=live.get(tb.game_id, tb.places),
                              game_id=tb.game_id, match=tb.match, adjudicated=tb.adjudicated)
              for tb in rnd.tables]
    return SimpleNamespace(tables=tables, byes=rnd.byes, matches=rnd.matches,
                           number=rnd.number)


def _by_round_reached(t: Tournament, ranked, rounds) -> list:
    """A knockout's standings: by the round each player reached, and within it by how they
    did there (a match won, or the place at the table), so the champion is first and the
    runner-up second, above the semi-finalists; players out in the same round and the same
    way share a rank (listed by points, then seed)."""
    reached: dict[int, tuple[int, int]] = {}
    for number, rnd in enumerate(rounds, 1):
        if rnd.matches:  # a match lost is below one won or still being played
            for pair, winner in zip(rnd.matches, formats.match_winners(t, rnd), strict=True):
                for player in filter(None, pair):
                    reached[player] = (number, int(winner not in (None, player)))
        for tb in rnd.tables if not rnd.matches else ():
            for seat, player in enumerate(tb.seats):
                reached[player] = (number, tb.places[seat] if tb.places else 0)
        for player in rnd.byes:
            reached[player] = (number, 0)
    order = sorted(ranked, key=lambda s: (-reached.get(s.player, (0, 0))[0],
                                          reached.get(s.player, (0, 0))[1]))
    out, rank, previous = [], 0, None
    for i, s in enumerate(order, 1):
        key = reached.get(s.player, (0, 0))
        if key != previous:
            rank, previous = i, key
        out.append(dataclasses.replace(s, rank=rank))
    return out


def tiebreak_labels(t: Tournament) -> list[str]:
    return [LABELS[tb] for tb in formats.tiebreaks(t)]


def legend(t: Tournament) -> list[tuple[str, str]]:
    """(column, what it means) for every column of the standings after the player's name."""
    if t.table_size == 2:
        points = gettext("A win scores 1, a draw ½, a loss 0")
    else:
        points = gettext("Each game scores the share of your tablemates you finished above, a "
                         "tie counting half (at a table of four: 1, ⅔, ⅓, 0)")
    byes = formats.bye_points(t)
    if byes:
        points += "; " + gettext("a bye scores %(points)s", points=format_points(byes))
    columns = [(gettext("Points"), points),
               (gettext("Games"), gettext(
                   "Games played to the end; + the byes had, and the forfeits (a forfeit is not "
                   "a game played: in the crosstable F marks it)"))]
    return columns + [(LABELS[tb], EXPLANATIONS[tb]) for tb in formats.tiebreaks(t)]

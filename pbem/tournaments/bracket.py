"""A knockout's bracket as the page draws it, and who won a tournament.

The bracket is built from the stored rounds alone (tables with their places, the matches of
two-player knockouts), so the page, the final email and the feed agree on the champion and
on why each player went through: a match score, a bye, or the higher seed after a drawn
decider or an unplayed table. Its words are lazy translations, read in the language of the
page or mail that shows them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from flask_babel import gettext

from ..core.i18n import _l, lazy, lazy_format
from . import formats
from .logic.model import Result
from .logic.pairing import advancing
from .logic.scoring import format_points, seat_points
from .logwords import log_words
from .models import KNOCKOUT, Tournament


@dataclass(frozen=True)
class Slot:
    """One player in a match or at a table: the points they scored, and whether they went
    through."""

    player_id: int | None
    name: str
    score: str = ""
    through: bool = False


@dataclass(frozen=True)
class Contest:
    """A match (two players) or a table (more): its players, the games played, and a line
    saying how it was decided."""

    slots: tuple[Slot, ...]
    games: tuple[int, ...] = ()
    outcome: str = ""
    bye: bool = False


@dataclass(frozen=True)
class Stage:
    number: int
    title: str
    contests: tuple[Contest, ...]


@dataclass(frozen=True)
class Winner:
    """Who won, and how when it was not simply on the board."""

    player_ids: tuple[int, ...]
    names: tuple[str, ...]
    how: str = ""

    @property
    def line(self) -> str:
        names = gettext(" and ").join(self.names)
        line = (gettext("Champion: %(names)s", names=names) if len(self.names) == 1
                else gettext("Joint winners: %(names)s", names=names))
        return f"{line} ({self.how})" if self.how else line


@dataclass
class Bracket:
    stages: list[Stage] = field(default_factory=list)
    champion: Winner | None = None


def stage_title(number: int, total: int | None) -> str:
    """"Final", "Semi-finals", "Quarter-finals" for the last three rounds of a known bracket,
    else "Round n"."""
    if total is not None:
        left = total - number
        if 0 <= left <= 2:
            return (_l("Final"), _l("Semi-finals"), _l("Quarter-finals"))[left]
    return _l("Round %(number)s", number=number)


def round_title(t: Tournament, rounds, number: int) -> str:
    """What round ``number`` is called everywhere (page, feed, mail): a knockout's as its
    bracket stage ("Final", "Semi-finals", "Final table" …), any other round "Round n"."""
    if t.format != KNOCKOUT or not 1 <= number <= len(rounds):
        return _l("Round %(number)s", number=number)
    if t.table_size == 2:
        return stage_title(number, len(rounds[0].matches).bit_length())
    rnd = rounds[number - 1]
    return (_l("Final table") if len(rnd.tables) == 1 and not rnd.byes
            else _l("Round %(number)s", number=number))


def build(t: Tournament, rounds, names: dict[int, str]) -> Bracket:
    """The bracket of a knockout (``rounds`` as stored, or the page's plain rows); the rounds
    still to come of a two-player bracket are drawn empty."""
    if t.format != KNOCKOUT or not rounds:
        return Bracket()
    if t.table_size == 2:
        stages = _match_stages(t, rounds, names)
    else:
        stages = _table_stages(t, rounds, names)
    return Bracket(stages, champion(t, rounds, names))


def _match_stages(t, rounds, names) -> list[Stage]:
    total = len(rounds[0].matches).bit_length()  # 2^(k-1) first-round matches: k rounds
    stages = []
    for rnd in rounds:
        outcomes = formats.match_outcomes(t, rnd)
        contests = tuple(_match(rnd, index, pair, outcome, names)
                         for index, (pair, outcome) in enumerate(
                             zip(rnd.matches, outcomes, strict=True)))
        stages.append(Stage(rnd.number, stage_title(rnd.number, total), contests))
    for number in range(len(rounds) + 1, total + 1):
        empty = Contest((Slot(None, "?"), Slot(None, "?")), outcome=_l("to be decided"))
        stages.append(Stage(number, stage_title(number, total),
                            (empty,) * (1 << (total - number))))
    return stages


def _match(rnd, index: int, pair, outcome, names) -> Contest:
    high, low = pair
    if low is None:
        return Contest((Slot(high, names[high], through=True),), bye=True,
                       outcome=_l("%(name)s has a bye", name=names[high]))
    games = tuple(tb.game_id for tb in rnd.tables if tb.match == index)
    if outcome is None:
        return Contest((Slot(high, names[high]), Slot(low, names[low])), games,
                       _l("in progress"))
    state = outcome.state
    score = tuple(format_points(s) for s in state.score)
    winner = state.winner
    slots = tuple(Slot(p, names[p], s, p == winner)
                  for p, s in zip((high, low), score, strict=True))
    if winner is None:
        return Contest(slots, games, _l("level at %(first)s–%(second)s; a decider follows",
                                        first=score[0], second=score[1]))
    loser = low if winner == high else high
    if outcome.by_seed:
        line = _l("%(name)s advances as the higher seed after a drawn decider",
                  name=names[winner])
    else:
        mine, theirs = (format_points(s) for s in sorted(state.score, reverse=True))
        line = _l("%(winner)s beats %(loser)s %(mine)s–%(theirs)s", winner=names[winner],
                  loser=names[loser], mine=mine, theirs=theirs)
        note = next((tb.note for tb in reversed(rnd.tables)
                     if tb.match == index and tb.note), None)
        if note:
            line = lazy_format("{} ({})", line, lazy(lambda: log_words(note)))
    return Contest(slots, games, line)


def _table_stages(t, rounds, names) -> list[Stage]:
    advance = t.settings["advance"]
    seeded = [e.player_id for e in t.field()]
    stages = []
    last = len(rounds[-1].tables) == 1 and not rounds[-1].byes
    for i, rnd in enumerate(rounds):
        final = last and i == len(rounds) - 1
        cut = 1 if final else advance
        contests = [_table(tb, cut, seeded, names) for tb in rnd.tables]
        contests += [Contest((Slot(p, names[p], through=True),), bye=True,
                             outcome=_l("%(name)s has a bye", name=names[p])) for p in rnd.byes]
        title = _l("Final table") if final else _l("Round %(number)s", number=rnd.number)
        stages.append(Stage(rnd.number, title, tuple(contests)))
    return stages


def _table(tb, cut: int, seeded, names) -> Contest:
    games = (tb.game_id,)
    if not tb.places:
        return Contest(tuple(Slot(p, names[p]) for p in tb.seats), games, _l("in progress"))
    through = set(advancing([Result(tuple(tb.seats), tuple(tb.places))], cut, seeded))
    points = seat_points(tb.places)
    order = sorted(range(len(tb.seats)), key=lambda s: (tb.places[s], seeded.index(tb.seats[s])))
    slots = tuple(Slot(tb.seats[s], names[tb.seats[s]], format_points(points[s]),
                       tb.seats[s] in through) for s in order)
    line = _l("%(names)s through", names=", ".join(s.name for s in slots if s.through))
    if _tied_across_cut(tb.places, cut):
        line = lazy_format("{} ({})", line, _l(
            "level with a player below the cut: the better seed goes through"))
    if tb.note:
        line = lazy_format("{} ({})", line, lazy(lambda: log_words(tb.note)))
    return Contest(slots, games, line)


def _tied_across_cut(places, cut: int) -> bool:
    ordered = sorted(places)
    return len(ordered) > cut and ordered[cut - 1] == ordered[cut]


def champion(t: Tournament, rounds, names: dict[int, str], rows=()) -> Winner | None:
    """Who won a finished tournament: a knockout's last match or final table (a tie at the
    top goes to the better seed, and says so); any other format's leaders (``rows``, the
    standings), who share first place when level on every tiebreak."""
    if t.finished_at is None or not rounds:
        return None
    if t.format != KNOCKOUT:
        top = [row for row in rows if row.rank == 1]
        return Winner(tuple(r.player_id for r in top), tuple(r.name for r in top)) if top \
            else None
    last = rounds[-1]
    if t.table_size == 2:
        outcome = formats.match_outcomes(t, last)[-1] if last.matches else None
        if outcome is None or outcome.state.winner is None:
            return None
        how = _l("as the higher seed after a drawn decider") if outcome.by_seed else ""
        return Winner((outcome.state.winner,), (names[outcome.state.winner],), how)
    if len(last.tables) != 1 or not last.tables[0].places:
        return None
    (tb,) = last.tables
    seeded = [e.player_id for e in t.field()]
    (best,) = advancing([Result(tuple(tb.seats), tuple(tb.places))], 1, seeded)
    how = _l("level at the top: the better seed wins") if _tied_across_cut(tb.places, 1) else ""
    return Winner((best,), (names[best],), how)

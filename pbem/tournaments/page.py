"""What a tournament page shows, gathered in a few queries: standings, the crosstable or the
table results, one round's games, and the feed's entries.

The page loads the stored tables (places included) and never the games' histories, so a
200-player Swiss stays fast.
"""

from __future__ import annotations

from dataclasses import astuple, dataclass, field, replace
from datetime import datetime
from functools import cache

from flask import url_for
from flask_babel import gettext, pgettext
from markupsafe import Markup, escape
from sqlalchemy import func, select

from ..accounts.models import Player
from ..core.extensions import db
from ..core.urls import external_url
from ..play.models import FINISHED, Game
from ..play.queries import forfeited_seats
from . import bracket, formats, results
from .logic.scoring import format_points, seat_points
from .models import (
    ENTERED,
    KNOCKOUT,
    ROUND_ROBIN,
    SETUP,
    SWISS,
    Entrant,
    Tournament,
    TournamentRound,
    TournamentTable,
)

#: Part of the cache's key: a cache stored in an older shape is computed afresh.
CACHE_FORMAT = 3


@dataclass
class TableView:
    board: int
    game_id: int
    seats: list[tuple[int, str, str]]  # (player id, name, points or "" while playing)
    finished: bool
    deadline: datetime
    note: str | None
    table_id: int
    status: str = ""


@dataclass
class View:
    standings: list
    labels: list[str]
    crosstable: dict | None
    rounds: list[TournamentRound]
    shown: TournamentRound | None
    tables: list[TableView] = field(default_factory=list)
    byes: list[str] = field(default_factory=list)
    total_rounds: int | None = None
    legend: list[tuple[str, str]] = field(default_factory=list)
    row_page: Paged | None = None
    board_page: Paged | None = None
    bracket: bracket.Bracket | None = None
    champion: bracket.Winner | None = None
    #: Each round's name where it has one (a knockout's "Final", "Semi-finals" …, as the
    #: bracket says), by number.
    titles: dict[int, str] = field(default_factory=dict)

    def title(self, number: int) -> str:
        return self.titles.get(number) or gettext("Round %(number)s", number=number)


@dataclass
class _Round:
    """A round as the page reads it: its stored tables as plain rows, not ORM objects
    (loading 700 of those would be most of a big Swiss's page)."""

    number: int
    byes: list
    matches: list | None
    started_at: datetime
    finished_at: datetime | None
    tables: list


def _load(t: Tournament, only: list[TournamentRound] | None = None,
          window: slice | None = None) -> list[_Round]:
    """Every round (or ``only`` those) with its tables, in two queries; ``window``: only
    those of the tables (in the order played) of the one round asked for."""
    columns = [TournamentTable.round_id, TournamentTable.id, TournamentTable.board,
               TournamentTable.match, TournamentTable.seats, TournamentTable.game_id,
               TournamentTable.places, TournamentTable.deadline, TournamentTable.note,
               TournamentTable.adjudicated]
    where = (TournamentTable.round_id.in_([r.id for r in only]) if only is not None
             else TournamentTable.tournament_id == t.id)
    query = select(*columns).where(where).order_by(TournamentTable.id)
    if window is not None:
        query = query.offset(window.start).limit(window.stop - window.start)
    tables: dict[int, list] = {}
    for row in db.session.execute(query):
        tables.setdefault(row.round_id, []).append(_Table(**row._asdict()))
    return [_Round(r.number, r.byes, r.matches, r.started_at, r.finished_at,
                   tables.get(r.id, [])) for r in (t.rounds if only is None else only)]


@dataclass
class _Table:
    round_id: int
    id: int
    board: int
    match: int | None
    seats: list
    game_id: int
    places: list | None
    deadline: datetime
    note: str | None
    adjudicated: bool


def _key(t: Tournament) -> list[int]:
    """What the standings depend on: rounds, recorded results, games over but not yet
    recorded, withdrawals. Results are only ever added, so counts identify the state."""
    ours = TournamentTable.tournament_id == t.id
    recorded = select(func.count(TournamentTable.places)).where(ours).scalar_subquery()
    unrecorded = (select(func.count()).select_from(TournamentTable).join(Game)
                  .where(ours, TournamentTable.places.is_(None), Game.status == FINISHED)
                  .scalar_subquery())
    withdrawn = (select(func.count()).where(Entrant.tournament_id == t.id,
                                            Entrant.seed.is_not(None), Entrant.status != ENTERED)
                 .scalar_subquery())
    recorded, unrecorded, withdrawn = db.session.execute(
        select(recorded, unrecorded, withdrawn)).one()  # one round trip
    withdrawn = 0 if t.status == SETUP else withdrawn  # before the start seeds are wishes
    return [CACHE_FORMAT, len(t.rounds), recorded, unrecorded, withdrawn]


def _names(t: Tournament, only=None) -> dict[int, str]:
    """Every entrant's name (or ``only`` those players') by player id, in one query (not
    hundreds of ORM entrants)."""
    query = (select(Entrant.player_id, Player.name).join(Player, Player.id == Entrant.player_id)
             .where(Entrant.tournament_id == t.id))
    if only is not None:
        query = query.where(Entrant.player_id.in_(list(only)))
    return dict(db.session.execute(query).all())


def _field_ids(t: Tournament) -> list[int]:
    """The ids of :meth:`Tournament.field`, in seed order, in one query."""
    if t.status == SETUP:
        return []
    return list(db.session.scalars(select(Entrant.player_id).where(
        Entrant.tournament_id == t.id, Entrant.seed.is_not(None)).order_by(Entrant.seed)))


def _computed(t: Tournament, key: list[int]) -> dict:
    rounds = _load(t)
    forfeits = forfeited_seats([tb.game_id for rnd in rounds for tb in rnd.tables])
    rows = results.standings(t, rounds, forfeits)
    return {"key": key, "rows": [list(astuple(row)) for row in rows],
            "crosstable": _crosstable(t, rows, rounds, forfeits)}


def refresh(t: Tournament) -> None:
    """Store the standings and crosstable for the page, when they changed (the caller, which
    holds the tournament's claim, commits)."""
    cache, key = t.standings_cache, _key(t)
    if not (cache and cache["key"] == key):
        t.standings_cache = _computed(t, key)


def _current(t: Tournament) -> dict:
    """The stored standings while their key still matches, else freshly computed ones (the key
    is read once: it costs two queries)."""
    cache, key = t.standings_cache, _key(t)
    return cache if cache and cache["key"] == key else _computed(t, key)


#: Standings (and crosstable) rows per page: a 500-player Swiss in five pages.
ROWS_PER_PAGE = 100


@dataclass(frozen=True)
class Paged:
    """A page of a long list: where it starts (0-based) and where every page starts."""

    offset: int
    starts: list[int]
    count: int

    @classmethod
    def of(cls, count: int, first: int | None) -> Paged:
        """The page holding item ``first`` (1-based; the first page when out of range)."""
        offset = (first - 1) // ROWS_PER_PAGE * ROWS_PER_PAGE if first in range(
            1, count + 1) else 0
        return cls(offset, list(range(0, count, ROWS_PER_PAGE)), count)

    @property
    def slice(self) -> slice:
        return slice(self.offset, self.offset + ROWS_PER_PAGE)

    def ranges(self) -> list[tuple[int, int]]:
        """(first, last) of every page, 1-based, for the page links."""
        return [(s + 1, min(s + ROWS_PER_PAGE, self.count)) for s in self.starts]


def build(t: Tournament, round_number: int | None, first_row: int | None = None,
          first_board: int | None = None) -> View:
    """The page's contents: a page of the standings (the one holding row ``first_row``), the
    bracket of a knockout, and a page of one round's games (the latest round unless
    ``round_number``; the page holding board ``first_board``)."""
    cache = _current(t)
    # The stored standings keep the names they were computed with: each is read afresh (one
    # query), so a player renamed since shows by the new name.
    names_now = _names(t) if cache["rows"] else {}
    rows = [results.Row(*row) for row in cache["rows"]]
    rows = [replace(row, name=names_now.get(row.player_id, row.name)) for row in rows]
    row_page = Paged.of(len(rows), first_row)
    rnd = board_page = None
    if t.rounds:  # only the page of boards shown is loaded: a big Swiss has hundreds
        number = round_number if round_number in range(1, len(t.rounds) + 1) else len(t.rounds)
        shown = t.rounds[number - 1]
        board_page = Paged.of(_table_count(shown), first_board)
        (rnd,) = _load(t, [shown], board_page.slice)
    crosstable = cache["crosstable"] and {
        **cache["crosstable"],
        "rows": _crosstable_rows(cache["crosstable"]["grid"][row_page.slice])}
    view = View(rows[row_page.slice], results.tiebreak_labels(t), crosstable, t.rounds, rnd,
                total_rounds=formats.total_rounds(t, lambda: _field_ids(t))
                if t.rounds else None, legend=results.legend(t), row_page=row_page,
                board_page=board_page)
    if t.format == KNOCKOUT and t.rounds:
        view.bracket = bracket.build(t, _load(t), _names(t))
        view.champion = view.bracket.champion
        view.titles = {stage.number: stage.title for stage in view.bracket.stages}
    elif t.finished_at is not None:
        view.champion = bracket.champion(t, t.rounds, {}, rows)
    if rnd is not None:
        names = _names(t, {p for tb in rnd.tables for p in tb.seats} | set(rnd.byes))
        view.tables = _tables(rnd, names)
        view.byes = [names[p] for p in rnd.byes]
    return view


def _crosstable_rows(grid: list[list]) -> list[Markup]:
    """Each row's cells as HTML, each result a link to its game. Written here rather than by
    nested template loops: a page of a 500-player Swiss has a thousand cells, and Jinja's
    loops were most of its rendering time."""
    game = url_for("play.game", game_id=0)[:-1]
    # The cache keeps the words "bye" and "out"; the reader reads them in their language.
    words = {"bye": pgettext("crosstable cell", "bye"), "out": pgettext("crosstable cell", "out")}

    def mark(text, game_id) -> str:
        text = words.get(text, text)
        return f'<a href="{game}{game_id}">{escape(text)}</a>' if game_id else str(escape(text))

    return [Markup("".join("<td>" + " ".join(mark(*m) for m in cell) + "</td>" for cell in row))
            for row in grid]


def _table_count(rnd: TournamentRound) -> int:
    return db.session.scalar(select(func.count()).where(TournamentTable.round_id == rnd.id))


def _tables(rnd: _Round, names: dict) -> list[TableView]:
    open_ids = [tb.game_id for tb in rnd.tables if tb.places is None]
    status = dict(db.session.execute(
        select(Game.id, Game.status).where(Game.id.in_(open_ids))).all()) if open_ids else {}
    views = []
    for tb in rnd.tables:
        points = _points(tuple(tb.places)) if tb.places else ("",) * len(tb.seats)
        views.append(TableView(
            tb.board, tb.game_id,
            [(p, names[p], points[i]) for i, p in enumerate(tb.seats)],
            tb.places is not None, tb.deadline, tb.note, tb.id,
            "over" if tb.places else status.get(tb.game_id, "")))
    return views


@cache
def _points(places: tuple[int, ...]) -> tuple[str, ...]:
    """Each seat's points, formatted (a few distinct finishing orders recur on every row)."""
    return tuple(format_points(p) for p in seat_points(places))


def _crosstable(t: Tournament, rows, rounds: list[_Round], forfeits: dict) -> dict | None:
    """Two at a table: a round robin's player-by-player grid, otherwise each player's
    games round by round (``+5`` a win against the player ranked 5th, ``=`` a draw, ``-`` a
    loss; ``F`` after a result won or lost by forfeit; ``bye``; ``out`` for a round after
    the player withdrew). Each cell is a list of ``[mark, game id]`` (the id ``None`` for a
    bye or the diagonal), so the page links every result to its game. Bigger tables show
    their results round by round instead."""
    if t.table_size != 2 or not rounds:
        return None
    rank = {row.player_id: i for i, row in enumerate(rows, 1)}
    cells: dict[int, dict] = {row.player_id: {} for row in rows}
    for rnd in rounds:
        for tb in rnd.tables:
            if not tb.places:
                continue
            points = seat_points(tb.places)
            forfeit = "F" if tb.game_id in forfeits else ""
            for seat, player in enumerate(tb.seats):
                other = tb.seats[1 - seat]
                mark = {1: "1", 0: "0"}.get(points[seat], "½")
                if t.format == ROUND_ROBIN:
                    cells[player].setdefault(other, []).append([mark + forfeit, tb.game_id])
                else:
                    sign = {"1": "+", "0": "-"}.get(mark, "=")
                    cells[player].setdefault(rnd.number, []).append(
                        [f"{sign}{rank[other]}{forfeit}", tb.game_id])
        for player in rnd.byes if t.format != ROUND_ROBIN else ():
            cells[player][rnd.number] = [["bye", None]]
        if t.format == SWISS:
            there = {p for tb in rnd.tables for p in tb.seats} | set(rnd.byes)
            for row in rows:
                if row.withdrawn and row.player_id not in there:
                    cells[row.player_id][rnd.number] = [["out", None]]
    if t.format == ROUND_ROBIN:
        columns = [row.player_id for row in rows]
        grid = [[cells[r.player_id].get(c, [["×", None]] if c == r.player_id else [])
                 for c in columns] for r in rows]
        return {"grid": grid, "columns": list(range(1, len(rows) + 1))}
    columns = list(range(1, len(rounds) + 1))
    return {"grid": [[cells[r.player_id].get(n, []) for n in columns] for r in rows],
            "columns": columns, "by_round": True}


#: Rounds the feed covers (the latest): a reader's feed holds what is new, not the history.
FEED_ROUNDS = 3


def feed_entries(t: Tournament) -> list[dict]:
    """Pairings and results of the latest rounds, and the final standings; newest first."""
    page_url = external_url("tournaments.page", tournament_id=t.id)
    names = _names(t)
    entries = []

    def entry(key, at, title, lines):
        entries.append({"id": f"{page_url}#{key}", "url": page_url, "updated": at,
                        "title": title, "summary": "\n".join(lines)})

    rounds = _load(t, t.rounds[-FEED_ROUNDS:])
    for rnd in rounds:
        tables = _tables(rnd, names)
        byes = [gettext("Byes: %(names)s", names=", ".join(names[p] for p in rnd.byes))
                ] if rnd.byes else []
        title = bracket.round_title(t, t.rounds, rnd.number)
        entry(f"round-{rnd.number}-pairings", rnd.started_at,
              gettext("%(round)s pairings", round=title),
              [_table_line(tb, results=False) for tb in tables] + byes)
        if rnd.finished_at:
            entry(f"round-{rnd.number}-results", rnd.finished_at,
                  gettext("%(round)s results", round=title),
                  [_table_line(tb, results=True) for tb in tables])
    if t.finished_at:
        rows = [results.Row(*r) for r in _current(t)["rows"]]
        winner = bracket.champion(t, rounds, names, rows)
        entry("final", t.finished_at, gettext("%(name)s: final standings", name=t.name),
              ([winner.line] if winner else [])
              + [f"{row.rank}. {row.name} {row.points}" for row in rows])
    return sorted(entries, key=lambda e: e["updated"])[::-1]  # stable: same-time entries too


def _table_line(table: TableView, results: bool) -> str:
    seats = " – ".join(f"{name} {points}" if results else name
                       for _, name, points in table.seats)
    return f"{table.board}. {seats}"


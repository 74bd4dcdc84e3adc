"""What a tournament page shows, gathered in a few queries: standings, the crosstable or the
table results, one round's games, and the feed's entries.

The page loads the stored tables (places included) and never the games' histories, so a
200-player Swiss stays fast.
"""

from __future__ import annotations

from dataclasses import astuple, dataclass, field
from datetime import datetime

from sqlalchemy import func, select

from ..db import db
from ..play.models import FINISHED, Game
from ..urls import external_url
from . import formats, results
from .models import ROUND_ROBIN, Tournament, TournamentRound, TournamentTable
from .scoring import format_points, seat_points


@dataclass
class TableView:
    board: int
    game_id: int
    seats: list[tuple[str, str]]  # (name, points or "" while playing)
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
    matches: list[str] = field(default_factory=list)
    total_rounds: int | None = None


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


def _load(t: Tournament, only: TournamentRound | None = None) -> list[_Round]:
    """Every round (or ``only`` one) with its tables, in two queries."""
    columns = [TournamentTable.round_id, TournamentTable.id, TournamentTable.board,
               TournamentTable.match, TournamentTable.seats, TournamentTable.game_id,
               TournamentTable.places, TournamentTable.deadline, TournamentTable.note,
               TournamentTable.adjudicated]
    where = (TournamentTable.round_id == only.id if only is not None
             else TournamentTable.tournament_id == t.id)
    tables: dict[int, list] = {}
    for row in db.session.execute(select(*columns).where(where).order_by(TournamentTable.id)):
        tables.setdefault(row.round_id, []).append(_Table(**row._asdict()))
    return [_Round(r.number, r.byes, r.matches, r.started_at, r.finished_at,
                   tables.get(r.id, [])) for r in ([only] if only else t.rounds)]


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
    recorded = db.session.scalar(select(func.count()).where(
        TournamentTable.tournament_id == t.id, TournamentTable.places.is_not(None)))
    unrecorded = db.session.scalar(select(func.count()).select_from(TournamentTable).join(Game)
                                   .where(TournamentTable.tournament_id == t.id,
                                          TournamentTable.places.is_(None),
                                          Game.status == FINISHED))
    withdrawn = sum(not e.playing for e in t.field())
    return [len(t.rounds), recorded, unrecorded, withdrawn]


def _computed(t: Tournament, key: list[int]) -> dict:
    rounds = _load(t)
    rows = results.standings(t, rounds)
    return {"key": key, "rows": [list(astuple(row)) for row in rows],
            "crosstable": _crosstable(t, rows, rounds)}


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


def build(t: Tournament, round_number: int | None) -> View:
    cache = _current(t)
    rows = [results.Row(*row) for row in cache["rows"]]
    rnd = None
    if t.rounds:
        number = round_number if round_number in range(1, len(t.rounds) + 1) else len(t.rounds)
        (rnd,) = _load(t, t.rounds[number - 1])
    names = {e.player_id: e.player.name for e in t.entrants}
    view = View(rows, results.tiebreak_labels(t), cache["crosstable"], t.rounds, rnd,
                total_rounds=formats.total_rounds(t, [e.player_id for e in t.field()])
                if t.rounds else None)
    if rnd is not None:
        view.tables = _tables(rnd, names)
        view.byes = [names[p] for p in rnd.byes]
        if rnd.matches is not None:
            view.matches = _matches(t, rnd, names)
    return view


def _tables(rnd: _Round, names: dict) -> list[TableView]:
    open_ids = [tb.game_id for tb in rnd.tables if tb.places is None]
    status = dict(db.session.execute(
        select(Game.id, Game.status).where(Game.id.in_(open_ids))).all()) if open_ids else {}
    views = []
    for tb in rnd.tables:
        points = seat_points(tb.places) if tb.places else None
        views.append(TableView(
            tb.board, tb.game_id,
            [(names[p], format_points(points[i]) if points else "")
             for i, p in enumerate(tb.seats)],
            tb.places is not None, tb.deadline, tb.note, tb.id,
            "over" if tb.places else status.get(tb.game_id, "")))
    return views


def _matches(t: Tournament, rnd: _Round, names: dict) -> list[str]:
    lines = []
    for (high, low), winner in zip(rnd.matches, formats.match_winners(t, rnd), strict=True):
        if low is None:
            lines.append(f"{names[high]}: bye")
        else:
            result = f"{names[winner]} goes through" if winner else "in progress"
            lines.append(f"{names[high]} v {names[low]}: {result}")
    return lines


def _crosstable(t: Tournament, rows, rounds: list[_Round]) -> dict | None:
    """Two at a table: a round robin's player-by-player grid, otherwise each player's
    games round by round (``+5`` a win against the player ranked 5th, ``=`` a draw, ``-`` a
    loss). Bigger tables show their results round by round instead."""
    if t.table_size != 2 or not rounds:
        return None
    rank = {row.player_id: i for i, row in enumerate(rows, 1)}
    cells: dict[int, dict] = {row.player_id: {} for row in rows}
    for rnd in rounds:
        for tb in rnd.tables:
            if not tb.places:
                continue
            points = seat_points(tb.places)
            for seat, player in enumerate(tb.seats):
                other = tb.seats[1 - seat]
                mark = {1: "1", 0: "0"}.get(points[seat], "½")
                if t.format == ROUND_ROBIN:
                    cells[player][other] = cells[player].get(other, "") + mark
                else:
                    sign = {"1": "+", "0": "-"}.get(mark, "=")
                    cells[player].setdefault(rnd.number, []).append(f"{sign}{rank[other]}")
        for player in rnd.byes if t.format != ROUND_ROBIN else ():
            cells[player][rnd.number] = ["bye"]
    if t.format == ROUND_ROBIN:
        columns = [row.player_id for row in rows]
        grid = [[cells[r.player_id].get(c, "×" if c == r.player_id else "") for c in columns]
                for r in rows]
        return {"grid": grid, "columns": list(range(1, len(rows) + 1))}
    columns = list(range(1, len(rounds) + 1))
    return {"grid": [[" ".join(cells[r.player_id].get(n, [])) for n in columns] for r in rows],
            "columns": columns, "by_round": True}


def feed_entries(t: Tournament) -> list[dict]:
    """Pairings and results round by round, and the final standings; newest first."""
    page_url = external_url("tournaments.page", tournament_id=t.id)
    names = {e.player_id: e.player.name for e in t.entrants}
    entries = []

    def entry(key, at, title, lines):
        entries.append({"id": f"{page_url}#{key}", "url": page_url, "updated": at,
                        "title": title, "summary": "\n".join(lines)})

    for rnd in _load(t):
        tables = _tables(rnd, names)
        byes = [f"Byes: {', '.join(names[p] for p in rnd.byes)}"] if rnd.byes else []
        entry(f"round-{rnd.number}-pairings", rnd.started_at, f"Round {rnd.number} pairings",
              [_table_line(tb, results=False) for tb in tables] + byes)
        if rnd.finished_at:
            entry(f"round-{rnd.number}-results", rnd.finished_at,
                  f"Round {rnd.number} results", [_table_line(tb, results=True) for tb in tables])
    if t.finished_at:
        entry("final", t.finished_at, "Final standings",
              [f"{row.rank}. {row.name} {row.points}"
               for row in (results.Row(*r) for r in _current(t)["rows"])])
    return sorted(entries, key=lambda e: e["updated"])[::-1]  # stable: same-time entries too


def _table_line(table: TableView, results: bool) -> str:
    seats = " – ".join(f"{name} {points}" if results else name for name, points in table.seats)
    return f"{table.board}. {seats}"


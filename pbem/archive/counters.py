"""The archive's counters (:class:`.models.ArchiveCount`, :class:`.models.PlayerRecord`):
kept on write so no page counts games on read.

A game adds to the counters according to its game type, its status and its seats' outcomes
(:func:`_rows`). When it starts, ends or is imported, its old share is taken away and its new
one added, by one upsert per table (``INSERT … ON CONFLICT DO UPDATE``, on SQLite and
PostgreSQL alike), so two games ending at once never lose an update; rows are written in key
order so two such transactions cannot deadlock. Games that end in one batch
(:mod:`pbem.play.batch`: the clocks' tick times out hundreds at once) move the counters
together, by one upsert per table for all of them at the batch's end. :func:`recount`
rebuilds both tables from the games and :func:`differences` compares them with a fresh
count (``pbem archive recount``).
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from sqlalchemy import case, delete, exists, func, select
from sqlalchemy.dialects import postgresql, sqlite

from ..core.extensions import db
from ..play import batch
from ..play.models import ACTIVE, DRAWN, FINISHED, LOST, WON, Game, Seat
from ..play.queries import resigned_seats
from ..tournaments.logic.scoring import finishing_places
from .models import ArchiveCount, PlayerRecord

#: The statuses the archive shows (a game that never started has no place in it).
COUNTED = (ACTIVE, FINISHED)
COUNT_COLUMNS = ("games", "decisive", "drawn")
#: A lost seat of a game of three or four is counted by its place too (``second``…), so a
#: player's record shows places, not a loss for every seat after the first.
PLACES = ("second", "third", "fourth")
RECORD_COLUMNS = (WON, LOST, DRAWN, "ongoing", *PLACES)


def game_started(game: Game) -> None:
    _change([game], None, ACTIVE)


def game_finished(game: Game) -> None:
    """Move the game's share from active to finished; in a batch, at its end, with every
    other game it finished (the seats' outcomes are settled by then, as they are now)."""
    batch.later("archive", game, _finished)


def _finished(games: list[Game]) -> None:
    # A game whose end was undone since (a savepoint rolled back) reads as active again.
    _change([game for game in games if game.status == FINISHED], ACTIVE, FINISHED)


def game_added(game: Game) -> None:
    """A game stored whole (an imported record), already in its status."""
    _change([game], None, game.status)


def _change(games: list[Game], before: str | None, after: str) -> None:
    """Move the ``games``' share of the counters from status ``before`` (their seats had no
    outcomes then) to ``after`` (with the outcomes the seats have now)."""
    counts, records = Counter(), Counter()
    places = _places([game for game in games if FINISHED in (before, after)])
    for game in games:
        for sign, status in ((-1, before), (1, after)):
            if status in COUNTED:
                finished = status == FINISHED
                outcomes = [seat.outcome if finished else None for seat in game.seats]
                placed = places.get(game.id) if finished else None
                _rows(counts, records, game.slug, status, zip(
                    (seat.player_id for seat in game.seats), outcomes, strict=True), sign,
                    [placed[seat.index] for seat in game.seats] if placed else None)
    _upsert(ArchiveCount, ("slug", "status"), COUNT_COLUMNS, counts)
    _upsert(PlayerRecord, ("player_id", "slug"), RECORD_COLUMNS, records)


def _rows(counts: Counter, records: Counter, slug: str, status: str, seats, sign: int,
          places=None) -> None:
    """Add ``sign`` times one game's share: ``counts[(slug, status, column)]`` and
    ``records[(player_id, slug, column)]``; ``seats`` are (player id, outcome) pairs,
    ``places`` their places (0 first) in a finished game of three or four."""
    seats = list(seats)
    outcomes = {outcome for _, outcome in seats}
    counts[slug, status, "games"] += sign
    counts[slug, status, "decisive"] += sign * (WON in outcomes)
    counts[slug, status, "drawn"] += sign * (DRAWN in outcomes)
    for n, (player_id, outcome) in enumerate(seats):
        records[player_id, slug, outcome or "ongoing"] += sign
        place = places[n] if places else None
        if outcome == LOST and place and place <= len(PLACES):
            records[player_id, slug, PLACES[place - 1]] += sign


def _places(games: list[Game]) -> dict[int, tuple[int, ...]]:
    """Each finished game of three or four seats: its seats' places, 0 first (one query for
    the resignations of them all)."""
    games = [game for game in games if len(game.seats) > 2 and game.result
             and "scores" in game.result]
    resigned = resigned_seats([game.id for game in games])
    places = {}
    for game in games:
        try:
            places[game.id] = finishing_places(game.result["scores"], game.result["winners"],
                                               resigned.get(game.id, []))
        except ValueError:  # a record whose result and resignations disagree: no places
            continue
    return places


def _upsert(model, keys: tuple[str, str], columns: tuple[str, ...], deltas: Counter) -> None:
    """Add ``deltas`` (``{(key1, key2, column): n}``) to ``model``'s rows in one statement."""
    rows: dict[tuple, dict] = {}
    for (*key, column), delta in deltas.items():
        row = rows.setdefault(tuple(key), {**dict(zip(keys, key, strict=True)),
                                           **dict.fromkeys(columns, 0)})
        row[column] += delta
    changed = [rows[key] for key in sorted(rows) if any(rows[key][c] for c in columns)]
    if not changed:
        return
    db.session.execute(
        _upsert_statement(model, keys, columns, db.session.get_bind().dialect.name), changed)


@cache
def _upsert_statement(model, keys: tuple[str, str], columns: tuple[str, ...], dialect: str):
    """The upsert adding a row's ``columns`` to ``model``'s row of the same ``keys``, its
    values bound per row: built once, so its SQL is compiled once (the rows given as a
    multi-row VALUES made a statement SQLAlchemy does not cache, compiled at every game's
    start and end)."""
    table = model.__table__
    statement = (postgresql if dialect == "postgresql" else sqlite).insert(table)
    return statement.on_conflict_do_update(
        index_elements=list(keys),
        set_={column: table.c[column] + statement.excluded[column] for column in columns})


# ----- recounting ------------------------------------------------------------------------------


def fresh_counts() -> dict[tuple, tuple[int, ...]]:
    """``{(slug, status): (games, decisive, drawn)}`` counted from the games now."""
    def any_seat(outcome):
        return case((exists().where(Seat.game_id == Game.id, Seat.outcome == outcome), 1),
                    else_=0)

    rows = db.session.execute(
        select(Game.slug, Game.status, func.count(), func.sum(any_seat(WON)),
               func.sum(any_seat(DRAWN)))
        .where(Game.status.in_(COUNTED)).group_by(Game.slug, Game.status))
    return {(slug, status): tuple(numbers) for slug, status, *numbers in rows}


def fresh_records() -> dict[tuple, tuple[int, ...]]:
    """``{(player_id, slug): (won, lost, drawn, ongoing, second, third, fourth)}`` counted
    from the seats now (the places from the finished games of three or four, read whole:
    a recount's work, never a page's)."""
    def seats_with(outcome):
        return func.sum(case((Seat.outcome.is_(None) if outcome is None
                              else Seat.outcome == outcome, 1), else_=0))

    rows = db.session.execute(
        select(Seat.player_id, Game.slug, *(seats_with(o) for o in (WON, LOST, DRAWN, None)))
        .join(Game, Game.id == Seat.game_id)
        .where(Game.status.in_(COUNTED)).group_by(Seat.player_id, Game.slug))
    fresh = {(player_id, slug): [*numbers, 0, 0, 0] for player_id, slug, *numbers in rows}
    crowded = select(Seat.game_id).group_by(Seat.game_id).having(func.count() > 2)
    games = db.session.scalars(select(Game).where(Game.status == FINISHED,
                                                  Game.id.in_(crowded))).all()
    places, start = _places(games), RECORD_COLUMNS.index(PLACES[0])
    for game in games:
        for seat in game.seats:
            place = places.get(game.id, ())[seat.index] if game.id in places else None
            if seat.outcome == LOST and place and place <= len(PLACES):
                fresh[seat.player_id, game.slug][start + place - 1] += 1
    return {key: tuple(numbers) for key, numbers in fresh.items()}


def stored_counts() -> dict[tuple, tuple[int, ...]]:
    return _stored(ArchiveCount, ("slug", "status"), COUNT_COLUMNS)


def stored_records() -> dict[tuple, tuple[int, ...]]:
    return _stored(PlayerRecord, ("player_id", "slug"), RECORD_COLUMNS)


def _stored(model, keys, columns) -> dict[tuple, tuple[int, ...]]:
    """The counters as stored, rows of zeros left out (a fresh count has none)."""
    table = model.__table__
    rows = db.session.execute(select(*(table.c[k] for k in keys), *(table.c[c] for c in columns)))
    return {tuple(row[:len(keys)]): tuple(row[len(keys):]) for row in rows
            if any(row[len(keys):])}


def differences() -> list[str]:
    """Every counter that differs from a fresh count, as a line saying what and by how much."""
    lines = []
    for name, stored, fresh, columns in (
            ("games", stored_counts(), fresh_counts(), COUNT_COLUMNS),
            ("player record", stored_records(), fresh_records(), RECORD_COLUMNS)):
        for key in sorted(set(stored) | set(fresh), key=str):
            kept, counted = stored.get(key), fresh.get(key)
            if kept != counted:
                lines.append(f"{name} {key}: stored {_named(columns, kept)}, "
                             f"counted {_named(columns, counted)}")
    return lines


def _named(columns, numbers) -> str:
    return ", ".join(f"{c} {n}" for c, n in zip(columns, numbers or (0,) * len(columns),
                                                 strict=True))


def recount() -> None:
    """Replace both tables with a fresh count (flushes; the caller commits)."""
    db.session.execute(delete(ArchiveCount))
    db.session.execute(delete(PlayerRecord))
    for model, keys, columns, fresh in (
            (ArchiveCount, ("slug", "status"), COUNT_COLUMNS, fresh_counts()),
            (PlayerRecord, ("player_id", "slug"), RECORD_COLUMNS, fresh_records())):
        rows = [{**dict(zip(keys, key, strict=True)), **dict(zip(columns, numbers, strict=True))}
                for key, numbers in fresh.items()]
        if rows:
            db.session.execute(model.__table__.insert(), rows)

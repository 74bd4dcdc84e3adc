"""The archive's queries: filtered, sorted, paginated game lists, counts and player records.

Every list is a fixed number of queries whatever its length: the page of games, their seats
and players in one more (``selectinload``; ``Seat.player`` is joined), and the counts. Filters
use the indexes on ``games(slug, status, started_at)``, ``games(started_at)``,
``games(finished_at)``, ``seats(player_id, outcome)`` and ``tournament_tables``' keys; the
snapshot is never loaded for a list.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta

from sqlalchemy import Select, exists, func, select
from sqlalchemy.orm import defer, selectinload

from ..accounts.models import Player
from ..core.db import row_id
from ..core.errors import PbemError
from ..core.extensions import db
from ..core.validators import BadNumber, iso_date, whole_number
from ..games import all_rules
from ..play.models import ACTIVE, DRAWN, FINISHED, LOST, WON, Game, Seat
from ..tournaments.models import Tournament, TournamentTable

STATUSES = {ACTIVE: "in progress", FINISHED: "finished"}
#: ``won``/``lost`` are the chosen player's; ``decisive``/``drawn`` are any game's.
RESULTS = {"decisive": "decisive", DRAWN: "drawn", WON: "won by the player",
           LOST: "lost by the player"}
SORTS = {
    "newest": (Game.started_at.desc(), Game.id.desc()),
    "oldest": (Game.started_at.asc(), Game.id.asc()),
    "finished": (Game.finished_at.desc().nulls_last(), Game.id.desc()),
    "longest": (Game.ply.desc(), Game.id.desc()),
}
#: What the sort menu says for each order.
SORT_NAMES = {"newest": "newest first", "oldest": "oldest first",
              "finished": "recently finished", "longest": "most plies"}
PER_PAGE = 25


class BadFilter(PbemError):
    """A filter, sort or page value the archive does not know; the message names it."""

    status, code = 400, "bad-filter"


@dataclass(frozen=True)
class Filters:
    """What the archive list shows; parsed from the query string by ``from_args``."""

    game: str | None = None
    player: Player | None = None
    tournament: Tournament | None = None
    status: str | None = None
    result: str | None = None
    since: date | None = None
    until: date | None = None
    sort: str = "newest"
    page: int = 1

    @classmethod
    def from_args(cls, args) -> Filters:
        """:raises BadFilter: naming the parameter and the values it accepts."""
        slugs = [rules.slug for rules in all_rules()]
        filters = cls(
            game=_choice(args, "game", slugs),
            player=_player(args),
            tournament=_row(Tournament, "tournament", args.get("tournament", "").strip()),
            status=_choice(args, "status", STATUSES),
            result=_choice(args, "result", RESULTS),
            since=_date(args, "from"),
            until=_date(args, "to"),
            sort=_choice(args, "sort", SORTS) or "newest",
            page=_page(args.get("page", "1")),
        )
        if filters.result in (WON, LOST) and filters.player is None:
            raise BadFilter(f"result={filters.result} needs a player (the Player field): "
                            "whose result?")
        return filters

    def args(self, **changes) -> dict:
        """The query string for these filters (with ``changes``), defaults left out."""
        chosen = replace(self, **changes)
        values = {"game": chosen.game, "player": chosen.player and chosen.player.id,
                  "tournament": chosen.tournament and chosen.tournament.id,
                  "status": chosen.status, "result": chosen.result,
                  "from": chosen.since and chosen.since.isoformat(),
                  "to": chosen.until and chosen.until.isoformat(),
                  "sort": None if chosen.sort == "newest" else chosen.sort,
                  "page": None if chosen.page == 1 else chosen.page}
        return {key: value for key, value in values.items() if value is not None}


def _choice(args, name: str, allowed) -> str | None:
    value = args.get(name, "").strip()
    if value and value not in allowed:
        raise BadFilter(f"{name}={value!r} is not known; use one of: {', '.join(allowed)}.")
    return value or None


def _date(args, name: str) -> date | None:
    value = args.get(name, "").strip()
    try:
        return iso_date(value, name) if value else None
    except BadNumber as exc:
        raise BadFilter(str(exc)) from None


def _page(value: str) -> int:
    try:
        return whole_number(value, 1, 10**6, "page")
    except BadNumber as exc:
        raise BadFilter(str(exc)) from None


def _row(model, name: str, value: str):
    """The ``model`` row a ``name=value`` filter names (``None`` when empty).

    :raises BadFilter: not an id (digits only), or no such row.
    """
    if not value:
        return None
    row = row_id(value)
    found = db.session.get(model, row) if row else None
    if found is None:
        raise BadFilter(f"{name}={value!r}: there is no such {name}.")
    return found


def _player(args) -> Player | None:
    """The player of ``player=<id>`` (links) or ``by=<display name>`` (the form's text field).

    A name finds only players with a public page, compared without regard to case; an address
    finds nobody, as addresses are shown to nobody but their owner and the admins.

    :raises BadFilter: both given, or the name matches no player or several.
    """
    by = args.get("by", "").strip()
    if not by:
        return _row(Player, "player", args.get("player", "").strip())
    if args.get("player", "").strip():
        raise BadFilter("Give player (an id) or by (a name), not both.")
    found = [player for player in db.session.scalars(
        select(Player).where(func.lower(Player.name) == by.lower(), Player.joined_at.isnot(None),
                             Player.deleted_at.is_(None)).limit(2))]
    if not found:
        raise BadFilter(f"No player is called {by!r}.")
    if len(found) > 1:
        raise BadFilter(f"Several players are called {by!r}; open the one you mean from a "
                        "game's page and follow the link to all of their games.")
    return found[0]


def _start_of(day: date) -> datetime:
    return datetime.combine(day, time(), tzinfo=UTC)


def _filtered(filters: Filters, *, facets: bool = False) -> Select:
    """``select(Game)`` restricted by the filters (``facets``: all but game and status).

    The archive holds the games that have started (active or finished: ``STATUSES``), found
    by ``started_at`` rather than by status, so one index both filters and orders the list.
    """
    query = select(Game).where(Game.started_at.isnot(None))
    if filters.game and not facets:
        query = query.where(Game.slug == filters.game)
    if filters.status and not facets:
        query = query.where(Game.status == filters.status)
    if filters.since:
        query = query.where(Game.started_at >= _start_of(filters.since))
    if filters.until:
        query = query.where(Game.started_at < _start_of(filters.until + timedelta(days=1)))
    if filters.tournament is not None:
        query = query.where(Game.id.in_(
            select(TournamentTable.game_id)
            .where(TournamentTable.tournament_id == filters.tournament.id)))
    if filters.player is not None:
        seat = select(Seat.game_id).where(Seat.player_id == filters.player.id)
        if filters.result in (WON, LOST, DRAWN):
            seat = seat.where(Seat.outcome == filters.result)
        query = query.where(Game.id.in_(seat))
    if filters.result == "decisive" or (filters.result == DRAWN and filters.player is None):
        outcome = WON if filters.result == "decisive" else DRAWN
        query = query.where(exists().where(Seat.game_id == Game.id, Seat.outcome == outcome))
    return query


@dataclass
class Page:
    games: list[Game]
    total: int
    number: int
    pages: int
    #: ``{slug: count}`` under the other filters (the status one too), and ``{status: count}``
    #: under the others (the game one too): what each choice of the form would show.
    by_game: dict
    by_status: dict


def archive_page(filters: Filters, per_page: int = PER_PAGE) -> Page:
    """One page of the archive list with its counts: three queries in all.

    :raises BadFilter: a page past the last one.
    """
    tally = _tally(filters)
    by_game, by_status, total = Counter(), Counter(), 0
    for (slug, status), count in tally.items():
        if filters.status in (None, status):
            by_game[slug] += count
        if filters.game in (None, slug):
            by_status[status] += count
            total += count if filters.status in (None, status) else 0
    pages = max(1, -(-total // per_page))
    if filters.page > pages:
        raise BadFilter(f"page {filters.page} is past the last page ({pages}).")
    return Page(
        games=list_games(_filtered(filters).order_by(*SORTS[filters.sort]),
                         limit=per_page, offset=(filters.page - 1) * per_page),
        total=total, number=filters.page, pages=pages, by_game=by_game, by_status=by_status,
    )


def _tally(filters: Filters) -> dict[tuple[str, str], int]:
    """Games per (game, status) under every filter but those two, in one query."""
    inner = _filtered(filters, facets=True).with_only_columns(Game.slug, Game.status).subquery()
    rows = db.session.execute(
        select(inner.c.slug, inner.c.status, func.count()).group_by(inner.c.slug, inner.c.status))
    return {(slug, status): count for slug, status, count in rows}


def list_games(query: Select, limit: int, offset: int = 0) -> list[Game]:
    """Games of ``query`` with their seats and players loaded, the snapshot left out."""
    return db.session.scalars(
        query.options(defer(Game.snapshot), selectinload(Game.seats))
        .limit(limit).offset(offset)
    ).all()


def recent(limit: int, **conditions) -> list[Game]:
    """The newest games (started) matching ``Filters`` fields given as ``conditions``."""
    query = _filtered(Filters(**conditions)).order_by(*SORTS["newest"])
    return list_games(query, limit=limit)


def player_record(player: Player) -> dict[str, dict[str, int]]:
    """``{slug: {"won": n, "lost": n, "drawn": n, "ongoing": n}}`` for a player, one query."""
    rows = db.session.execute(
        select(Game.slug, Seat.outcome, func.count())
        .join(Seat, Seat.game_id == Game.id)
        .where(Seat.player_id == player.id, Game.status.in_(tuple(STATUSES)))
        .group_by(Game.slug, Seat.outcome)
    )
    record: dict[str, dict[str, int]] = {}
    for slug, outcome, count in rows:
        tally = record.setdefault(slug, dict.fromkeys((WON, LOST, DRAWN, "ongoing"), 0))
        tally[outcome or "ongoing"] += count
    return record


def current_games(player: Player, limit: int = 20) -> list[tuple[Game, Seat | None]]:
    """A player's newest ``limit`` games in progress, each with the seat to move (from the
    game row: no snapshot is read)."""
    games = list_games(
        select(Game).where(Game.status == ACTIVE,
                           Game.id.in_(select(Seat.game_id).where(Seat.player_id == player.id)))
        .order_by(Game.started_at.desc(), Game.id.desc()), limit=limit)
    return [(game, None if game.to_move_seat is None else game.seats[game.to_move_seat])
            for game in games]

"""The archive's queries: filtered, sorted game lists paged by key, counts and player records.

Every list is a fixed number of queries whatever the size of the archive: the page of games,
their seats and players in one more (``selectinload``; ``Seat.player`` is joined), the counts
from the counters (:mod:`.counters`) and, past the first page, the key of the game the page
continues from. Pages are keyset pages: a page after (or before) game #n shows the games
that sort after (before) it by the order's key, a ``(value, id)`` pair that an index on
``games`` covers (``ix_games_started_at_id``, ``ix_games_finished_at_id``,
``ix_games_ply_id``), so the hundredth page costs what the first does; there are no page
numbers, which would need a count of everything before. Counts come from the counters where
the filters allow (game, status, player, result) and are left out where they would need a scan
(dates, tournament). The snapshot is never loaded for a list.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta

from sqlalchemy import Select, and_, exists, func, select, tuple_
from sqlalchemy.orm import aliased, defer, selectinload

from ..accounts.models import Player
from ..core.db import MAX_INT, row_id
from ..core.errors import PbemError
from ..core.extensions import db
from ..core.i18n import Text, _l
from ..core.validators import BadNumber, iso_date, whole_number
from ..games import all_rules
from ..play.models import ACTIVE, DRAWN, FINISHED, LOST, WON, Game, Seat
from ..tournaments.models import Tournament, TournamentTable
from .models import ArchiveCount, PlayerRecord

#: The filters' choices, each with its name in the reader's language.
STATUSES = {ACTIVE: _l("in progress"), FINISHED: _l("finished")}
#: ``won``/``lost`` are the chosen player's; ``decisive``/``drawn`` are any game's.
RESULTS = {"decisive": _l("decisive"), DRAWN: _l("drawn"), WON: _l("won by the player"),
           LOST: _l("lost by the player")}


@dataclass(frozen=True)
class Order:
    """A sort of the list by a key of two columns, the game's id last so the key is unique."""

    key: tuple
    descending: bool
    #: What the pager's links say (in the reader's language): towards the start of the list,
    #: and onwards.
    back: Text
    onwards: Text
    #: The games this order lists (the recently finished: those that have finished).
    only: object = None

    def order_by(self, key: tuple | None = None, backwards: bool = False) -> tuple:
        """The ORDER BY of ``key``: this order's, or the player's seats' (see ``_filtered``)."""
        down = self.descending != backwards
        return tuple(column.desc() if down else column.asc() for column in key or self.key)

    def past(self, key: tuple, values: tuple, backwards: bool = False):
        """The condition for the games after ``values`` of ``key`` in this order (before them:
        ``backwards``)."""
        row, value = tuple_(*key), tuple_(*values)
        return row < value if self.descending != backwards else row > value


SORTS = {
    "newest": Order((Game.started_at, Game.id), True, _l("newer"), _l("older")),
    "oldest": Order((Game.started_at, Game.id), False, _l("older"), _l("newer")),
    "finished": Order((Game.finished_at, Game.id), True, _l("finished later"),
                      _l("finished earlier"), only=Game.finished_at.isnot(None)),
    "longest": Order((Game.ply, Game.id), True, _l("longer"), _l("shorter")),
}
#: What the sort menu says for each order.
SORT_NAMES = {"newest": _l("newest first"), "oldest": _l("oldest first"),
              "finished": _l("recently finished"), "longest": _l("most plies")}
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
    #: The id of the game this page follows (``after``) or precedes (``before``) in the order.
    after: int | None = None
    before: int | None = None

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
            after=_game_id(args, "after"),
            before=_game_id(args, "before"),
        )
        if filters.result in (WON, LOST) and filters.player is None:
            raise BadFilter(f"result={filters.result} needs a player (the Player field): "
                            "whose result?")
        if filters.after and filters.before:
            raise BadFilter("Give after or before, not both.")
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
                  "after": chosen.after, "before": chosen.before}
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


def _game_id(args, name: str) -> int | None:
    value = args.get(name, "").strip()
    try:
        return whole_number(value, 1, MAX_INT, name) if value else None
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


def _filtered(filters: Filters) -> tuple[Select, tuple]:
    """``select(Game)`` restricted by the filters, and the key columns its order reads.

    The archive holds the games that have started (active or finished: ``STATUSES``), found
    by ``started_at`` rather than by status, so one index both filters and orders the list.
    A player's games are their seats joined: the seats carry their game's start, so in order
    of start (newest, oldest) the key is the seat's (``ix_seats_player_id_started_at_game_id``,
    and ``…_outcome_started_at_game_id`` for a result), and a page is a short index scan
    however many games the player has, however old.
    """
    order = SORTS[filters.sort]
    query, key, started = select(Game).where(Game.started_at.isnot(None)), order.key, None
    if filters.player is not None:
        seat = aliased(Seat, name="mine")
        query = query.join(seat, and_(seat.game_id == Game.id,
                                      seat.player_id == filters.player.id))
        if filters.result in (WON, LOST, DRAWN):
            query = query.where(seat.outcome == filters.result)
        elif filters.status:  # a seat has an outcome once its game is over
            query = query.where(seat.outcome.is_(None) if filters.status == ACTIVE
                                else seat.outcome.isnot(None))
        if order.key[0] is Game.started_at:
            key, started = (seat.started_at, seat.game_id), seat.started_at
    started = Game.started_at if started is None else started
    if filters.game:
        query = query.where(Game.slug == filters.game)
    if filters.status:
        query = query.where(Game.status == filters.status)
    if filters.since:
        query = query.where(started >= _start_of(filters.since))
    if filters.until:
        query = query.where(started < _start_of(filters.until + timedelta(days=1)))
    if filters.tournament is not None:
        query = query.where(Game.id.in_(
            select(TournamentTable.game_id)
            .where(TournamentTable.tournament_id == filters.tournament.id)))
    if filters.result == "decisive" or (filters.result == DRAWN and filters.player is None):
        outcome = WON if filters.result == "decisive" else DRAWN
        query = query.where(exists().where(Seat.game_id == Game.id, Seat.outcome == outcome))
    return (query if order.only is None else query.where(order.only)), key


@dataclass
class Counts:
    """How many games the filters match, and what each choice of the form would show:
    ``by_game`` (``{slug: count}``) under the other filters, the status one too, and
    ``by_status`` (``{status: count}``) under the others, the game one too."""

    total: int
    by_game: dict
    by_status: dict


@dataclass
class Page:
    games: list[Game]
    #: Whether there are games before this page in its order, and after it.
    has_back: bool
    has_onwards: bool
    #: ``None`` where counting would need a scan (a date range, a tournament).
    counts: Counts | None


def archive_page(filters: Filters, per_page: int = PER_PAGE) -> Page:
    """One page of the archive list with its counts: four queries at most.

    :raises BadFilter: ``after``/``before`` names a game that is not in the list's order.
    """
    order, (query, key) = SORTS[filters.sort], _filtered(filters)
    if filters.before is not None:
        games = list_games(query.where(order.past(key, _key(filters, "before"), backwards=True))
                           .order_by(*order.order_by(key, backwards=True)), limit=per_page + 1)
        if len(games) > per_page:
            return Page(games[per_page - 1::-1], True, True, counts(filters))
        # Less than a page before it: the start of the list, shown as the first page is.
        filters = replace(filters, before=None)
    if filters.after is not None:
        query = query.where(order.past(key, _key(filters, "after")))
    games = list_games(query.order_by(*order.order_by(key)), limit=per_page + 1)
    return Page(games[:per_page], filters.after is not None and bool(games),
                len(games) > per_page, counts(filters))


def _key(filters: Filters, name: str) -> tuple:
    """The sort key of the game ``filters.<name>`` names, the page's place in the order.

    :raises BadFilter: no such game in the archive, or not in this order (the recently
        finished list has no place for a game in progress).
    """
    order, game_id = SORTS[filters.sort], getattr(filters, name)
    query = select(*order.key).where(Game.id == game_id, Game.started_at.isnot(None))
    key = db.session.execute(query if order.only is None else query.where(order.only)).first()
    if key is None:
        raise BadFilter(f"{name}={game_id}: there is no such game in this list.")
    return tuple(key)


def counts(filters: Filters) -> Counts | None:
    """The counts of the list and of each choice of game and status, from the counters: one
    small query (``None`` for a date range or a tournament, which the counters do not keep,
    and for a player's decisive games, which their record does not tell)."""
    if filters.since or filters.until or filters.tournament is not None:
        return None
    if filters.player is None:
        column = {None: "games", "decisive": "decisive", DRAWN: "drawn"}[filters.result]
        tally = {(slug, status): count for slug, status, count in db.session.execute(
            select(ArchiveCount.slug, ArchiveCount.status, getattr(ArchiveCount, column)))}
    elif filters.result == "decisive":
        return None
    else:
        tally = {}
        for row in db.session.scalars(
                select(PlayerRecord).where(PlayerRecord.player_id == filters.player.id)):
            finished = (row.won + row.lost + row.drawn if filters.result is None
                        else getattr(row, filters.result))
            tally[row.slug, FINISHED] = finished
            tally[row.slug, ACTIVE] = row.ongoing if filters.result is None else 0
    by_game, by_status, total = Counter(), Counter(), 0
    for (slug, status), count in tally.items():
        if filters.status in (None, status):
            by_game[slug] += count
        if filters.game in (None, slug):
            by_status[status] += count
            total += count if filters.status in (None, status) else 0
    return Counts(total, by_game, by_status)


def list_games(query: Select, limit: int) -> list[Game]:
    """Games of ``query`` with their seats and players loaded, the snapshot left out."""
    return db.session.scalars(
        query.options(defer(Game.snapshot), selectinload(Game.seats)).limit(limit)
    ).all()


def recent(limit: int, **conditions) -> list[Game]:
    """The newest games (started) matching ``Filters`` fields given as ``conditions``."""
    query, key = _filtered(Filters(**conditions))
    return list_games(query.order_by(*SORTS["newest"].order_by(key)), limit=limit)


def player_record(player: Player) -> dict[str, dict[str, int]]:
    """``{slug: {"won": n, "lost": n, "drawn": n, "ongoing": n, "second": n, "third": n,
    "fourth": n, "other_losses": n}}`` for a player, from the counters: one query, whatever the
    number of games. ``second``… count the lost games of three or four by place,
    ``other_losses`` the rest of the lost games (two-player losses)."""
    rows = db.session.scalars(select(PlayerRecord).where(PlayerRecord.player_id == player.id))
    return {row.slug: {WON: row.won, LOST: row.lost, DRAWN: row.drawn, "ongoing": row.ongoing,
                       "second": row.second, "third": row.third, "fourth": row.fourth,
                       "other_losses": row.lost - row.second - row.third - row.fourth}
            for row in rows if row.won or row.lost or row.drawn or row.ongoing}


def current_games(player: Player, limit: int = 20) -> list[tuple[Game, Seat | None]]:
    """A player's newest ``limit`` games in progress, each with the seat to move (from the
    game row: no snapshot is read)."""
    query, key = _filtered(Filters(player=player, status=ACTIVE))
    games = list_games(query.order_by(*SORTS["newest"].order_by(key)), limit=limit)
    return [(game, None if game.to_move_seat is None else game.seats[game.to_move_seat])
            for game in games]

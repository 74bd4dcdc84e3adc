"""What the pages show of the ratings: a game's leaderboard and a player's history.

Both are a fixed number of queries: the leaderboard reads the top of the index on
``ratings(slug, ordinal)``, then the trend of those players only; a player's history reads
that player's changes through ``rating_changes(player_id, slug)``, and its size is bounded
however many games they rated: a chart of at most :data:`CHART_POINTS` values (evenly
sampled, the first and the last kept) and one page of :data:`HISTORY_ROWS` rows per game.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select

from ..accounts.models import Player
from ..core.extensions import db
from ..play.models import Game
from .models import Rating, RatingChange
from .skill import PROVISIONAL_GAMES, Skill, shown

#: How many players a leaderboard lists, and how many recent games its trend spans.
LEADERBOARD_SIZE = 50
TREND_GAMES = 10
#: At most this many values in a player's rating chart, and rows on a page of its table.
CHART_POINTS = 200
HISTORY_ROWS = 20


@dataclass(frozen=True)
class Leader:
    rank: int
    player: Player
    rating: int
    games: int
    #: The change over the player's last ``TREND_GAMES`` rated games.
    trend: int


@dataclass(frozen=True)
class Point:
    """One rated game in a player's history."""

    game_id: int
    finished_at: datetime
    place: int
    players: int
    rating: int
    change: int


@dataclass(frozen=True)
class History:
    """A player's rating at one game, and how it came to be."""

    slug: str
    rating: int
    games: int
    provisional: bool
    #: The chart's values, oldest first: every game's, or an even sample of them.
    points: list[Point]
    #: One page of the table, newest first, and which page of how many.
    rows: list[Point] = ()
    page: int = 1
    pages: int = 1


def leaderboard(slug: str, size: int = LEADERBOARD_SIZE, *, provisional: bool = False
                ) -> list[Leader]:
    """The best established players at a game (not provisional, with a public page),
    highest conservative rating first; ``provisional``: instead those with a provisional
    rating (from their first rated game on), listed apart, as a lucky start is no rank."""
    games = Rating.games < PROVISIONAL_GAMES if provisional else (
        Rating.games >= PROVISIONAL_GAMES)
    rows = db.session.execute(
        select(Rating, Player).join(Player, Player.id == Rating.player_id)
        .where(Rating.slug == slug, games, Rating.games > 0,
               Player.joined_at.is_not(None), Player.deleted_at.is_(None))
        .order_by(Rating.ordinal.desc(), Rating.player_id).limit(size)).all()
    before = _ratings_before_recent_games(slug, [rating.player_id for rating, _ in rows])
    return [Leader(rank, player, rating.shown, rating.games,
                   rating.shown - before[rating.player_id])
            for rank, (rating, player) in enumerate(rows, start=1)]


def _ratings_before_recent_games(slug: str, player_ids: list[int]) -> dict[int, int]:
    """Each player's shown rating before their last ``TREND_GAMES`` rated games."""
    if not player_ids:
        return {}
    newest_first = func.row_number().over(
        partition_by=RatingChange.player_id,
        order_by=(Game.finished_at.desc(), Game.id.desc())).label("n")
    recent = (select(RatingChange.player_id, RatingChange.mu_before,
                     RatingChange.sigma_before, newest_first)
              .join(Game, Game.id == RatingChange.game_id)
              .where(RatingChange.slug == slug, RatingChange.player_id.in_(player_ids))
              .subquery())
    oldest = {}
    for player_id, mu, sigma in db.session.execute(
            select(recent.c.player_id, recent.c.mu_before, recent.c.sigma_before)
            .where(recent.c.n <= TREND_GAMES).order_by(recent.c.n)):
        oldest[player_id] = Skill(mu, sigma).shown  # the last row per player is its oldest
    return oldest


def histories(player: Player, pages: dict[str, int] | None = None) -> list[History]:
    """A player's rating at every game they have rated games at, each with a bounded history
    in the order the games ended: the chart's sample and one page of rows (``pages``: the page
    to show by slug, the newest first by default)."""
    ratings = db.session.scalars(
        select(Rating).where(Rating.player_id == player.id).order_by(Rating.slug)).all()
    samples = _chart_samples(player.id)
    found = []
    for r in ratings:
        count = max(1, -(-r.games // HISTORY_ROWS))
        page = min(max(1, (pages or {}).get(r.slug, 1)), count)
        found.append(History(r.slug, r.shown, r.games, r.provisional, samples.get(r.slug, []),
                             _rows(player.id, r.slug, page), page, count))
    return found


def _chart_samples(player_id: int) -> dict[str, list[Point]]:
    """Each game's chart values: every change when there are few, else an even sample of
    about :data:`CHART_POINTS` of them, the first and the last included (one query)."""
    order = (Game.finished_at, Game.id)
    numbered = (select(RatingChange.slug, RatingChange.game_id, RatingChange.place,
                       RatingChange.mu_before, RatingChange.sigma_before,
                       RatingChange.mu_after, RatingChange.sigma_after, Game.finished_at,
                       func.row_number().over(partition_by=RatingChange.slug, order_by=order)
                       .label("n"),
                       func.count().over(partition_by=RatingChange.slug).label("total"))
                .join(Game, Game.id == RatingChange.game_id)
                .where(RatingChange.player_id == player_id).subquery())
    step = (numbered.c.total + CHART_POINTS - 1) // CHART_POINTS
    samples: dict[str, list[Point]] = {}
    for row in db.session.execute(
            select(numbered).where((numbered.c.n == numbered.c.total)
                                   | ((numbered.c.n - 1) % step == 0))
            .order_by(numbered.c.slug, numbered.c.n)):
        after = Skill(row.mu_after, row.sigma_after).shown
        samples.setdefault(row.slug, []).append(Point(
            row.game_id, row.finished_at, row.place, 0, after,
            after - Skill(row.mu_before, row.sigma_before).shown))
    return samples


def _rows(player_id: int, slug: str, page: int) -> list[Point]:
    """One page of the player's changes at ``slug``, newest first, with each game's field."""
    changes = db.session.execute(
        select(RatingChange, Game.finished_at).join(Game, Game.id == RatingChange.game_id)
        .where(RatingChange.player_id == player_id, RatingChange.slug == slug)
        .order_by(Game.finished_at.desc(), Game.id.desc())
        .limit(HISTORY_ROWS).offset((page - 1) * HISTORY_ROWS)).all()
    field = dict(db.session.execute(
        select(RatingChange.game_id, func.count())
        .where(RatingChange.game_id.in_([change.game_id for change, _ in changes]))
        .group_by(RatingChange.game_id)).all())
    return [Point(change.game_id, finished_at, change.place, field[change.game_id],
                  change.after, change.change) for change, finished_at in changes]


def shown_ratings(slug: str, player_ids: list[int]) -> dict[int, int]:
    """The rating each of ``player_ids`` shows at ``slug``, in one query; a player with no
    rated game there shows a newcomer's."""
    stored = dict(db.session.execute(
        select(Rating.player_id, Rating.ordinal)
        .where(Rating.slug == slug, Rating.player_id.in_(player_ids))).all())
    newcomer = Skill().shown
    return {p: shown(stored[p]) if p in stored else newcomer for p in player_ids}


def game_changes(game_id: int) -> dict[int, tuple[int, int, int]]:
    """What a rated game did to its players' ratings: by player id, the rating before, after
    and the change (players who left before moving were not rated: absent)."""
    return {change.player_id: (change.before, change.after, change.change)
            for change in db.session.scalars(
                select(RatingChange).where(RatingChange.game_id == game_id))}

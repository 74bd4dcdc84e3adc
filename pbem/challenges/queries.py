"""What the lobby shows: a page of open challenges, the home page's few, a player's own, the
feed's. Each is a fixed number of queries whatever its length: the challenges with their
posters' names and ratings at that game in one (an outer join on ``ratings``' primary key),
newest first, a page at a time by id (keyset: ``?before=<id>``), so the 1000th page costs what
the first does and nothing counts every row. Expired challenges the tick has not marked yet,
and those of deleted accounts, are left out by the query itself; so are, for a signed-in
viewer, the challenges of anyone with a block between them and the viewer (whoever sits at the
table: the poster or a player who joined), so a block hides every challenge, standing
challenges' new ones included, both ways.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from sqlalchemy import and_, exists, select

from ..accounts.blocks import blocked_ids
from ..accounts.models import Player
from ..core.db import row_id
from ..core.errors import PbemError
from ..core.extensions import db
from ..games import all_rules
from ..ratings.models import Rating
from ..ratings.skill import Skill, is_provisional, shown
from .models import OPEN, Challenge, ChallengeSeat, StandingChallenge

PER_PAGE = 25
#: Player counts any game allows (the filter's choices).
PLAYER_COUNTS = (2, 3, 4)


class BadFilter(PbemError):
    status, code = 400, "bad-filter"


@dataclass(frozen=True)
class Listed:
    """A challenge as the list shows it: who posted it (by display name, marked when a bot:
    bots are rated in the same pool as people) and their rating."""

    challenge: Challenge
    poster_name: str
    rating: int
    provisional: bool
    poster_is_bot: bool


@dataclass(frozen=True)
class Page:
    entries: list[Listed]
    #: The ``before`` of the next page (older challenges), None on the last.
    next_before: int | None


@dataclass(frozen=True)
class Filters:
    game: str | None = None
    players: int | None = None
    before: int | None = None

    @classmethod
    def from_args(cls, args) -> Filters:
        """:raises BadFilter: an unknown game, a player count no game has, a bad ``before``."""
        game = args.get("game", "").strip() or None
        slugs = [rules.slug for rules in all_rules()]
        if game is not None and game not in slugs:
            raise BadFilter(f"game={game[:40]!r} is not known; use one of: {', '.join(slugs)}.")
        players = args.get("players", "").strip() or None
        if players is not None:
            if players not in {str(n) for n in PLAYER_COUNTS}:
                raise BadFilter(f"players={players[:20]!r}: choose 2, 3 or 4.")
            players = int(players)
        before = args.get("before", "").strip() or None
        if before is not None:
            before = row_id(before)
            if before is None:
                raise BadFilter("before= takes a challenge number.")
        return cls(game, players, before)

    def args(self, **changes) -> dict:
        chosen = replace(self, **changes)
        values = {"game": chosen.game, "players": chosen.players, "before": chosen.before}
        return {key: value for key, value in values.items() if value is not None}


def _open(now: datetime, viewer=None):
    """Open challenges with their posters' names and ratings; for a ``viewer``, none with a
    block between the viewer and a player at the table."""
    query = select(Challenge, Player.name, Rating.ordinal, Rating.games, Player.is_bot).join(
        Player, Player.id == Challenge.poster_id).outerjoin(
        Rating, and_(Rating.player_id == Challenge.poster_id, Rating.slug == Challenge.slug)
    ).where(Challenge.status == OPEN, Challenge.expires_at > now,
            Player.deleted_at.is_(None))
    if viewer is not None:
        query = query.where(~exists().where(
            ChallengeSeat.challenge_id == Challenge.id,
            ChallengeSeat.player_id.in_(blocked_ids(viewer))))
    return query


def _listed(rows) -> list[Listed]:
    return [Listed(challenge, name, Skill().shown if ordinal is None else shown(ordinal),
                   is_provisional(games or 0), bool(bot))
            for challenge, name, ordinal, games, bot in rows]


def lobby_page(filters: Filters, now: datetime, viewer=None) -> Page:
    """A page of open challenges, newest first, as ``filters`` choose (as ``viewer`` may see
    them: ``_open``)."""
    query = _open(now, viewer)
    if filters.game:
        query = query.where(Challenge.slug == filters.game)
    if filters.players:
        query = query.where(Challenge.players == filters.players)
    if filters.before:
        query = query.where(Challenge.id < filters.before)
    rows = db.session.execute(query.order_by(Challenge.id.desc()).limit(PER_PAGE + 1)).all()
    entries = _listed(rows[:PER_PAGE])
    return Page(entries, entries[-1].challenge.id if len(rows) > PER_PAGE else None)


def newest(now: datetime, limit: int = 5, slug: str | None = None, viewer=None
           ) -> list[Listed]:
    """The newest open challenges (of one game), for the home page and the feeds (as
    ``viewer`` may see them: ``_open``)."""
    query = _open(now, viewer)
    if slug:
        query = query.where(Challenge.slug == slug)
    return _listed(db.session.execute(query.order_by(Challenge.id.desc()).limit(limit)).all())


def joined_ids(player, challenge_ids: list[int]) -> set[int]:
    """Which of these challenges ``player`` sits at (posted or joined)."""
    if player is None or not challenge_ids:
        return set()
    return set(db.session.scalars(select(ChallengeSeat.challenge_id).where(
        ChallengeSeat.player_id == player.id, ChallengeSeat.challenge_id.in_(challenge_ids))))


def mine(player, now: datetime, limit: int = 50) -> list[Listed]:
    """The open challenges ``player`` sits at, newest first (the newest ``limit``)."""
    seated = select(ChallengeSeat.challenge_id).where(ChallengeSeat.player_id == player.id)
    return _listed(db.session.execute(
        _open(now).where(Challenge.id.in_(seated)).order_by(Challenge.id.desc())
        .limit(limit)).all())


def standing_of(player) -> list[StandingChallenge]:
    return db.session.scalars(select(StandingChallenge).where(
        StandingChallenge.player_id == player.id).order_by(StandingChallenge.id)).all()


def computer_opponents() -> list[Player]:
    """The bot accounts, weakest first: always there to play when nobody else is waiting
    (a bot accepts an invitation at once)."""
    return db.session.scalars(select(Player).where(Player.is_bot).order_by(Player.name)).all()

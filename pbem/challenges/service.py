"""Posting, joining, withdrawing and expiring open challenges.

Services flush and never commit: the entry point (a request, the tick) owns the transaction.
A join takes its seat with one conditional UPDATE (``taken < players`` and still open and
unexpired): on PostgreSQL a second join racing for the same seat waits for the first's row
lock, then finds the condition false and is told the table is full; the unique keys of
``challenge_seats`` refuse anything the UPDATE let through. The join that fills the table
starts the game through play's setup, whose events send every seat its turn email.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from flask import current_app
from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError

from ..accounts.blocks import Blocked, refuse_if_blocked
from ..accounts.models import Player
from ..core.errors import PbemError
from ..core.extensions import db
from ..core.i18n import _l
from ..games import InvalidOptions, UnknownGame, get_rules
from ..play import events, setup
from ..play.errors import BadSetup
from ..ratings.models import Rating
from ..ratings.skill import Skill, shown
from .models import (
    EXPIRED,
    OPEN,
    RANDOM,
    SEAT_ORDERS,
    STARTED,
    WITHDRAWN,
    Challenge,
    ChallengeSeat,
)


class LobbyError(PbemError):
    """A challenge that cannot be posted, joined or withdrawn; the message says why."""

    status, code = 409, "lobby"


def check_terms(slug: str, options: dict, players, time_control, rated: bool,
                min_rating: int | None, max_rating: int | None, seat_order: str) -> dict:
    """The terms of a challenge, checked and canonical (options complete, the time control in
    its compact form), as keyword arguments for :func:`post`.

    :raises LobbyError: (422) an unknown game, a player count or options the game refuses, a
        time control that cannot be read, a rating range upside down, an unknown seat order.
    """
    try:
        count, options = get_rules(slug).validate_options(players, options)
    except (UnknownGame, InvalidOptions) as exc:
        raise LobbyError(str(exc), "bad-options", 422) from None
    try:
        time_control = events.time_control_text(time_control)
    except ValueError as exc:
        raise LobbyError(_l("Time control: %(reason)s", reason=str(exc)), "bad-time-control",
                         422) from None
    if min_rating is not None and max_rating is not None and min_rating > max_rating:
        raise LobbyError(_l("The lowest rating (%(low)s) is above the highest (%(high)s).",
                            low=min_rating, high=max_rating), "bad-range", 422)
    if seat_order not in SEAT_ORDERS:
        raise LobbyError(_l("%(order)r is not a seat order.", order=seat_order),
                         "bad-seat-order", 422)
    return {"slug": slug, "options": options, "players": count, "time_control": time_control,
            "rated": bool(rated), "min_rating": min_rating, "max_rating": max_rating,
            "seat_order": seat_order}


def post(poster, terms: dict, now: datetime, *, standing=None) -> Challenge:
    """Post a challenge on ``terms`` (from :func:`check_terms`) with the poster in seat 0,
    and flush. Challenges a standing challenge posts are not counted against the poster's
    limit of open challenges (the standing challenges have their own).

    :raises LobbyError: (429) the poster already has the most open challenges allowed.
    """
    if standing is None:
        limit = current_app.config["CHALLENGE_LIMIT_PER_PLAYER"]
        mine = db.session.scalar(select(func.count()).select_from(Challenge).where(
            Challenge.poster_id == poster.id, Challenge.status == OPEN,
            Challenge.expires_at > now, Challenge.standing_id.is_(None)))
        if mine >= limit:
            raise LobbyError(_l("You have %(count)s open challenges, the most allowed; "
                                "withdraw one or wait for someone to join.", count=mine),
                             "too-many", 429)
    challenge = Challenge(poster=poster, status=OPEN, taken=1, created_at=now,
                          expires_at=now + timedelta(seconds=current_app.config[
                              "CHALLENGE_MAX_AGE"]), standing=standing, **terms)
    challenge.seats.append(ChallengeSeat(seat=0, player=poster, joined_at=now))
    db.session.add(challenge)
    db.session.flush()
    return challenge


def rating_of(player_id: int, slug: str) -> int:
    """The rating a player shows at a game (a newcomer's when they have none yet)."""
    ordinal = db.session.scalar(select(Rating.ordinal).where(
        Rating.player_id == player_id, Rating.slug == slug))
    return Skill().shown if ordinal is None else shown(ordinal)


def get_challenge(challenge_id) -> Challenge:
    """:raises LobbyError: (404) no such challenge."""
    challenge = db.session.get(Challenge, challenge_id)
    if challenge is None:
        raise LobbyError(_l("There is no challenge #%(id)s.", id=challenge_id), "not-found",
                         404)
    return challenge


def join(challenge_id: int, player, now: datetime) -> Challenge:
    """Take the next seat of an open challenge, and flush; the join that fills the table
    starts the game (``challenge.game``).

    :raises LobbyError: no such challenge (404); the player's own or already joined, full,
        withdrawn, expired or started (409); the player's rating outside the range, or a
        block between the player and someone at the table (403).
    """
    challenge = get_challenge(challenge_id)
    # The table's players and seats are asked of the database, never loaded as
    # ``challenge.seats``: seats loaded now could be stale by the insert below (a player
    # leaving meanwhile; SQLite may give their row id to ours).
    at_table = db.session.scalars(select(Player).join(
        ChallengeSeat, ChallengeSeat.player_id == Player.id)
        .where(ChallengeSeat.challenge_id == challenge.id)).all()
    try:
        refuse_if_blocked(player, at_table, "challenges")
    except Blocked as exc:
        raise LobbyError(exc.message, exc.code, exc.status) from None
    if db.session.scalar(select(ChallengeSeat.id).where(
            ChallengeSeat.challenge_id == challenge.id, ChallengeSeat.player_id == player.id)):
        mine = challenge.poster_id == player.id
        raise LobbyError(_l("This is your own challenge: wait for others to join it.") if mine
                         else _l("You have already joined this challenge."), "already-in")
    _check_open(challenge, now)
    rating = rating_of(player.id, challenge.slug)
    low, high = challenge.min_rating, challenge.max_rating
    if (low is not None and rating < low) or (high is not None and rating > high):
        raise LobbyError(_l("This challenge is for players rated %(range)s; your %(game)s "
                            "rating is %(rating)s.", range=_range(low, high),
                            game=challenge.rules.name, rating=rating), "out-of-range", 403)
    taken = db.session.execute(
        update(Challenge).where(Challenge.id == challenge.id, Challenge.status == OPEN,
                                Challenge.expires_at > now,
                                Challenge.taken < Challenge.players)
        .values(taken=Challenge.taken + 1).returning(Challenge.taken)).scalar()
    if taken is None:  # someone else took the last seat, or the poster withdrew, meanwhile
        db.session.refresh(challenge)
        _check_open(challenge, now)
        raise LobbyError(_l("Someone else has just taken the last seat."), "full")
    try:
        with db.session.begin_nested():
            db.session.add(ChallengeSeat(challenge=challenge, seat=taken - 1, player=player,
                                         joined_at=now))
    except IntegrityError:
        raise LobbyError(_l("Your join crossed another one for the same seat; look at the "
                            "list again."), "full") from None
    db.session.refresh(challenge)
    if taken == challenge.players:
        start(challenge)
    return challenge


def start(challenge: Challenge) -> None:
    """Start the full challenge's game: the players in the order they joined (the poster
    first) or in a random order, everyone seated at once, so the first seat's turn email goes
    out as in any game. The game has no creator: nobody was invited, and accepting a
    challenge is not creating a game (``pbem.play.limits``)."""
    players = [seat.player for seat in challenge.seats]
    try:
        game = setup.create_game(challenge.slug, players, challenge.options,
                                 creator=None, start_now=True,
                                 random_order=challenge.seat_order == RANDOM,
                                 time_control=challenge.time_control, rated=challenge.rated)
    except BadSetup as exc:  # the game's rules changed since the challenge was posted
        raise LobbyError(_l("This challenge can no longer start: %(reason)s", reason=str(exc)),
                         "stale", 409) from None
    challenge.status, challenge.game = STARTED, game
    db.session.flush()


def withdraw(challenge_id: int, player, now: datetime) -> None:
    """The poster withdraws an open challenge, and flush.

    :raises LobbyError: no such challenge (404), not the player's (403), not open (409).
    """
    challenge = get_challenge(challenge_id)
    if challenge.poster_id != player.id:
        raise LobbyError(_l("Only the player who posted a challenge can withdraw it."),
                         "not-yours", 403)
    done = db.session.execute(
        update(Challenge).where(Challenge.id == challenge.id, Challenge.status == OPEN)
        .values(status=WITHDRAWN)).rowcount
    if not done:  # started, withdrawn or marked expired (before or meanwhile)
        db.session.refresh(challenge)
        _check_open(challenge, now)


def leave(challenge_id: int, player, now: datetime) -> None:
    """A player who joined an open challenge gives up their seat, and flush; those who joined
    after them move up one, so the table stays in the order people came.

    The first statement decrements ``taken`` on the challenge's row, as a join increments it,
    so a leave and a join for the same table wait for each other.

    :raises LobbyError: no such challenge (404); the poster (who withdraws instead) or not at
        the table (409; nothing is kept only once the caller rolls back); no longer open (409).
    """
    challenge = get_challenge(challenge_id)
    if challenge.poster_id == player.id:
        raise LobbyError(_l("This is your own challenge: withdraw it instead."), "own")
    freed = db.session.execute(
        update(Challenge).where(Challenge.id == challenge.id, Challenge.status == OPEN)
        .values(taken=Challenge.taken - 1).returning(Challenge.id)).scalar()
    if freed is None:
        db.session.refresh(challenge)
        _check_open(challenge, now)
    seat = db.session.execute(
        delete(ChallengeSeat).where(ChallengeSeat.challenge_id == challenge.id,
                                    ChallengeSeat.player_id == player.id)
        .returning(ChallengeSeat.seat)).scalar()
    if seat is None:  # the caller's rollback undoes the count
        raise LobbyError(_l("You are not at this challenge's table."), "not-in")
    later = (ChallengeSeat.challenge_id == challenge.id) & (ChallengeSeat.seat > seat)
    # Two steps through negative numbers: one ``seat - 1`` would meet the unique constraint
    # on (challenge, seat) midway on PostgreSQL, which checks it row by row.
    db.session.execute(update(ChallengeSeat).where(later).values(seat=-ChallengeSeat.seat))
    db.session.execute(update(ChallengeSeat).where(ChallengeSeat.challenge_id == challenge.id,
                                                   ChallengeSeat.seat < 0)
                       .values(seat=-ChallengeSeat.seat - 1))
    db.session.expire(challenge)


def part(blocker, whom, now: datetime) -> int:
    """A block between two players: wherever both sit at an open table, the one who came later
    leaves it (a poster's own challenge keeps its poster), so a block never starts a game
    between them. How many seats were given up; flushes."""
    both = (select(ChallengeSeat.challenge_id).where(ChallengeSeat.player_id == blocker.id)
            .intersect(select(ChallengeSeat.challenge_id)
                       .where(ChallengeSeat.player_id == whom.id)))
    tables = db.session.scalars(select(Challenge).where(
        Challenge.status == OPEN, Challenge.id.in_(both)).order_by(Challenge.id)).all()
    for challenge in tables:
        seats = {seat.player_id: seat.seat for seat in challenge.seats}
        later = blocker if seats[blocker.id] > seats[whom.id] else whom
        leave(challenge.id, later, now)
    return len(tables)


def expire(now: datetime) -> int:
    """Mark every open challenge past its time as expired (one UPDATE); how many, flushed."""
    return db.session.execute(
        update(Challenge).where(Challenge.status == OPEN, Challenge.expires_at <= now)
        .values(status=EXPIRED)).rowcount


def _check_open(challenge: Challenge, now: datetime) -> None:
    """:raises LobbyError: (409) the challenge is no longer open, saying why."""
    if challenge.status == STARTED:
        raise LobbyError(_l("This challenge is full: its game has started."), "full")
    if challenge.status == WITHDRAWN or challenge.poster.deleted_at is not None:
        raise LobbyError(_l("This challenge was withdrawn by the player who posted it."),
                         "withdrawn")
    if challenge.status == EXPIRED or challenge.expires_at <= now:
        raise LobbyError(_l("This challenge has expired."), "expired")


def _range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return _l("from %(low)s to %(high)s", low=low, high=high)
    return (_l("%(low)s or more", low=low) if low is not None
            else _l("%(high)s or less", high=high))

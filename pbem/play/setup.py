"""Setting up games: choose the game, options and players; invitations; the start.

A game is created in status ``invited``; it starts when every seat has accepted (the creator
accepts by creating it). An admin can create a game that starts at once.
"""

from __future__ import annotations

import random
from contextlib import suppress

from sqlalchemy import func, select

from ..accounts.blocks import refuse_if_blocked
from ..accounts.service import mark_joined
from ..core.db import utcnow
from ..core.extensions import db
from ..core.i18n import _l
from ..core.signing import LinkError, unsign
from ..games import IllegalMove, InvalidOptions, UnknownGame, get_rules
from . import endings, events, limits, service
from .errors import BadSetup, GameNotActive
from .models import ACTIVE, DECLINED, INVITED, Game, Seat
from .queries import get_game


def create_game(slug: str, players: list, options: dict | None = None, *, creator=None,
                random_order: bool = False, start_now: bool = False, seed: int | None = None,
                time_control=None, vacation_allowed: bool = True, rated: bool = True,
                messages_public: bool = False, rematch_of: Game | None = None,
                bots_resign: bool = True) -> Game:
    """Create a game between ``players`` (in seat order unless ``random_order``) and flush.

    Invitations go to every player but the creator and the bots (who accept at once); with
    ``start_now`` (admins, demo data) everyone is seated as accepted and the game starts at
    once. ``time_control`` is what the clocks read (:data:`.events.read_time_control`: a
    time control, its compact text or the new-game form's fields; none by default);
    ``vacation_allowed=False`` keeps the clocks running through vacations; ``rated=False``
    keeps the result out of the ratings; ``messages_public`` lets everyone read the players'
    comments and messages once the game is over (:mod:`.thread`); ``rematch_of`` is the
    finished game this one replays (:mod:`.rematch`); ``bots_resign=False`` keeps its
    computer players from resigning (``pbem.botplay``).

    :raises BadSetup: unknown game, a player count or options the game does not allow, the
        same player twice, or a time control that cannot be read.
    :raises Blocked: the creator invites someone with a block between them (a game set up
        at once by an admin or a tournament invites nobody, and is not refused).
    """
    try:
        rules = get_rules(slug)
        count, options = rules.validate_options(len(players), options or {})
    except (UnknownGame, InvalidOptions) as exc:
        raise BadSetup(str(exc)) from None
    try:
        time_control = events.time_control_text(time_control)
    except ValueError as exc:
        raise BadSetup(_l("Time control: %(reason)s", reason=str(exc))) from None
    if len({p.id for p in players}) != count:
        raise BadSetup(_l("Each player can take only one seat."))
    if creator is not None and not start_now:
        refuse_if_blocked(creator, players)
    seed = service.new_seed() if seed is None else seed
    players = list(players)
    if random_order:
        random.Random(seed).shuffle(players)
    game = Game(slug=slug, options=options, seed=seed, rules_version=rules.version,
                status=INVITED, created_by=creator, time_control=time_control,
                vacation_allowed=vacation_allowed, rated=rated, messages_public=messages_public,
                bots_resign=bots_resign,
                rematch_of_id=None if rematch_of is None else rematch_of.id)
    for index, player in enumerate(players):
        accepted = start_now or player is creator or player.is_bot  # a bot always accepts
        game.seats.append(Seat(index=index, player=player,
                               response="accepted" if accepted else "invited",
                               responded_at=utcnow() if accepted else None))
    db.session.add(game)
    db.session.flush()
    if start_now or all(seat.response == "accepted" for seat in game.seats):
        service.start(game)
    else:
        for seat in game.seats:
            if seat.response == "invited" and not limits.recently_unanswered(
                    game, seat, game.created_at):
                events.invited.send(game, seat=seat)
    return game


def open_invitation(token: str) -> tuple[Game, Seat]:
    """The game and seat an invitation link is for.

    :raises LinkError: tampered, expired or for a seat that no longer exists.
    """
    payload = unsign("invitation", token)
    if not (isinstance(payload, list) and len(payload) == 2):
        raise LinkError(_l("This invitation link is not valid."), "invalid")
    game = get_game(payload[0])
    seat = next((s for s in game.seats if s.player_id == payload[1]), None)
    if seat is None:
        raise LinkError(_l("This invitation is not for a seat in that game."), "invalid")
    return game, seat


def respond(game: Game, seat: Seat, accept: bool) -> Game:
    """Record a seat's answer and flush; the game starts once everyone has accepted.

    Answering proves the address, so it also counts as the player's first sign-in.

    :raises GameNotActive: the game has already started, or was declined.
    """
    if game.status != INVITED:
        raise GameNotActive(_l("This invitation has already been settled; see the game page."),
                            "settled")
    if seat.response != "invited":
        raise GameNotActive(_l("You have already answered this invitation."), "settled")
    seat.response, seat.responded_at = ("accepted" if accept else "declined"), utcnow()
    game.updated_at = utcnow()  # a version bump: two answers at once cannot both count
    mark_joined(seat.player)
    if not accept:
        game.status = DECLINED
        events.declined.send(game, seat=seat)
    else:
        events.accepted.send(game, seat=seat)
        if all(s.response == "accepted" for s in game.seats):
            service.start(game)
    db.session.flush()
    return game


def leave_all(player) -> None:
    """Take a player out of every game still going (their account is being deleted): active
    games are resigned, unanswered and pending invitations declined. Flushes only."""
    for game in db.session.scalars(
            select(Game).join(Seat).where(Seat.player_id == player.id,
                                          Game.status.in_((INVITED, ACTIVE)))).unique().all():
        seat = game.seat_of(player)
        if game.status == ACTIVE:
            with suppress(IllegalMove):  # already out of a game that plays on
                endings.resign(game, seat.index)
        else:
            _withdraw(game, seat)
    db.session.flush()


def decline_between(blocker, whom) -> None:
    """Call off every invitation still unsettled that seats both players (``blocker`` has just
    blocked ``whom``): the blocker's seat declines it, whoever created it. Games already under
    way play on. Flushes only."""
    both = (select(Seat.game_id).where(Seat.player_id.in_((blocker.id, whom.id)))
            .group_by(Seat.game_id).having(func.count(func.distinct(Seat.player_id)) == 2))
    for game in db.session.scalars(select(Game).where(Game.status == INVITED,
                                                      Game.id.in_(both))).all():
        _withdraw(game, game.seat_of(blocker))
    db.session.flush()


def _withdraw(game: Game, seat: Seat) -> None:
    """``seat`` declines ``game``'s invitation on its player's behalf: no game."""
    seat.response, seat.responded_at = "declined", utcnow()
    game.status = DECLINED
    events.declined.send(game, seat=seat)

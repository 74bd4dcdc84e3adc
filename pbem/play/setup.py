"""Setting up games: choose the game, options and players; invitations; the start.

A game is created in status ``invited``; it starts when every seat has accepted (the creator
accepts by creating it). An admin can create a game that starts at once.
"""

from __future__ import annotations

import random

from ..accounts.service import mark_joined
from ..clocks import service as clocks
from ..clocks.errors import ClockError
from ..db import db, utcnow
from ..games import InvalidOptions, UnknownGame, get_rules
from ..mail import notify
from ..signing import LinkError, unsign
from . import service
from .errors import BadSetup, GameNotActive
from .models import DECLINED, INVITED, Game, Seat
from .queries import get_game


def create_game(slug: str, players: list, options: dict | None = None, *, creator=None,
                random_order: bool = False, start_now: bool = False, seed: int | None = None,
                time_control=None, vacation_allowed: bool = True, commit: bool = True) -> Game:
    """Create a game between ``players`` (in seat order unless ``random_order``) and commit.

    Invitations go to every player but the creator; with ``start_now`` (admins, demo data)
    everyone is seated as accepted and the game starts at once. ``commit=False`` only
    flushes, for a caller (tournaments) that makes the game part of its own transaction.
    ``time_control`` is a :class:`~pbem.clocks.timecontrol.TimeControl` or its compact text
    (none by default); ``vacation_allowed=False`` keeps the clocks running through vacations.

    :raises BadSetup: unknown game, a player count or options the game does not allow, the
        same player twice, or a time control that cannot be read.
    """
    try:
        rules = get_rules(slug)
        count, options = rules.validate_options(len(players), options or {})
        time_control = clocks.checked_control(time_control)
    except (UnknownGame, InvalidOptions) as exc:
        raise BadSetup(str(exc)) from None
    except ClockError as exc:
        raise BadSetup(f"Time control: {exc.message}") from None
    if len({p.id for p in players}) != count:
        raise BadSetup("Each player can take only one seat.")
    seed = service.new_seed() if seed is None else seed
    players = list(players)
    if random_order:
        random.Random(seed).shuffle(players)
    game = Game(slug=slug, options=options, seed=seed, rules_version=rules.version,
                status=INVITED, created_by=creator, time_control=time_control,
                vacation_allowed=vacation_allowed)
    for index, player in enumerate(players):
        accepted = start_now or player is creator
        game.seats.append(Seat(index=index, player=player,
                               response="accepted" if accepted else "invited",
                               responded_at=utcnow() if accepted else None))
    db.session.add(game)
    db.session.flush()
    if start_now or all(seat.response == "accepted" for seat in game.seats):
        service.start(game)
    else:
        for seat in game.seats:
            if seat.response == "invited":
                notify.invitation(game, seat)
    if commit:
        db.session.commit()
    return game


def open_invitation(token: str) -> tuple[Game, Seat]:
    """The game and seat an invitation link is for.

    :raises LinkError: tampered, expired or for a seat that no longer exists.
    """
    payload = unsign("invitation", token)
    if not (isinstance(payload, list) and len(payload) == 2):
        raise LinkError("This invitation link is not valid.", "invalid")
    game = get_game(payload[0])
    seat = next((s for s in game.seats if s.player_id == payload[1]), None)
    if seat is None:
        raise LinkError("This invitation is not for a seat in that game.", "invalid")
    return game, seat


def respond(game: Game, seat: Seat, accept: bool) -> Game:
    """Record a seat's answer and commit; the game starts once everyone has accepted.

    Answering proves the address, so it also counts as the player's first sign-in.

    :raises GameNotActive: the game has already started, or was declined.
    """
    if game.status != INVITED:
        raise GameNotActive("This invitation has already been settled; see the game page.",
                            "settled")
    if seat.response != "invited":
        raise GameNotActive("You have already answered this invitation.", "settled")
    with service.race_guard():
        seat.response, seat.responded_at = ("accepted" if accept else "declined"), utcnow()
        game.updated_at = utcnow()  # a version bump: two answers at once cannot both count
        mark_joined(seat.player)
        if not accept:
            game.status = DECLINED
            notify.declined(game, seat)
        elif all(s.response == "accepted" for s in game.seats):
            service.start(game)
        db.session.commit()
    return game

"""Ending a game by agreement, a server feature the rules leave to us (rules/stax.md §4,
rules/triumvirate.md, rules/pylon.md §4).

A player proposes; when every player still in the game (everyone who has not resigned) has
agreed, the game ends: drawn among them, or, for rules that say so (Pylon), scored as it stands.
A proposal belongs to the ply it was made at (``Game.end_offer``): the next ply played lapses
it, and any player declining it (its proposer too) withdraws it. Each player may propose once
per ply, so a proposal (and its mail to the others) cannot be repeated by proposing and
withdrawing in a loop: the ply's record of who proposed outlives the withdrawal. Every step is a
compare-and-set on the game's version, as a move is, so two racing answers cannot both land.
Like every service, these flush and leave the commit to the entry point (:mod:`.commands`).
"""

from __future__ import annotations

from ..core.errors import PbemError
from ..core.extensions import db
from ..core.i18n import _l
from . import events
from .endings import end_by_decision
from .errors import NotYourTurn
from .guards import check_active, position_changed
from .models import Game
from .queries import resigned_seats


def players_in(game: Game) -> list[int]:
    """The seats whose agreement ending the game needs: every seat that has not resigned."""
    out = set(resigned_seats([game.id]).get(game.id, ()))
    return [seat.index for seat in game.seats if seat.index not in out]


def outcome_text(game: Game) -> str:
    """How an agreed end would score, for the proposal and the page."""
    if game.rules.agreed_end_scored:
        return "scored as the position stands"
    return "a draw"


def agree(game: Game, seat: int, expected_ply: int) -> bool:
    """``seat`` agrees to end the game: it proposes, or accepts the standing proposal. True
    when that was the last agreement needed and the game is over.

    :raises GameNotActive, PositionChanged: the game is over, or moved on from ``expected_ply``.
    :raises NotYourTurn: the seat does not play here, or has resigned.
    :raises PbemError: the seat has already agreed (409), or would propose a second time at
        this ply (429).
    """
    needed = _check(game, seat, expected_ply)
    offer = game.end_proposal
    agreed = offer["seats"] if offer else []
    if seat in agreed:
        raise PbemError(_l("You have already agreed to end this game; the others have not all "
                           "answered yet."), "already-agreed", 409)
    proposed = proposed_now(game)
    if not agreed:  # a new proposal
        if seat in proposed:
            raise PbemError(_l("You have already proposed to end the game at this move; you can "
                               "propose again after the next move."), "proposed-already", 429)
        proposed = sorted([*proposed, seat])
    agreed = sorted([*agreed, seat])
    ended = set(needed) <= set(agreed)
    if ended:
        _end(game, needed)
    else:
        game.end_offer = {"ply": game.ply, "seats": agreed, "proposed": proposed}
        events.end_proposed.send(game, proposer=seat,
                                 seats=[s for s in needed if s not in agreed],
                                 outcome=outcome_text(game))
    db.session.flush()
    return ended


def decline(game: Game, seat: int, expected_ply: int) -> None:
    """``seat`` declines the standing proposal (or, having made it, takes it back); the seats
    that had agreed are told.

    :raises GameNotActive, PositionChanged, NotYourTurn: as :func:`agree`.
    :raises PbemError: there is no proposal standing (409).
    """
    _check(game, seat, expected_ply)
    offer = game.end_proposal
    if offer is None:
        raise PbemError(_l("Nobody has proposed to end this game."), "no-proposal", 409)
    game.end_offer = {"ply": game.ply, "seats": [], "proposed": proposed_now(game)}
    events.end_declined.send(game, decliner=seat, seats=[s for s in offer["seats"] if s != seat])
    db.session.flush()


def proposed_now(game: Game) -> list[int]:
    """The seats that have proposed to end the game at this ply (withdrawn or not)."""
    offer = game.end_offer
    return list(offer.get("proposed", ())) if offer and offer["ply"] == game.ply else []


def _check(game: Game, seat: int, expected_ply: int) -> list[int]:
    check_active(game)
    if game.ply != expected_ply:
        raise position_changed(game)
    needed = players_in(game)
    if seat not in needed:
        raise NotYourTurn(_l("You are not playing in this game (any more)."), "not-in-game")
    return needed


def _end(game: Game, seats: list[int]) -> None:
    state = game.load_state()
    winners = seats
    if game.rules.agreed_end_scored:
        scores = game.rules.scores(state)
        best = max(scores[s] for s in seats)
        winners = [s for s in seats if scores[s] == best]
    end_by_decision(game, state, winners, events.AGREEMENT)

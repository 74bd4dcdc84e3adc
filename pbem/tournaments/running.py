"""Running a tournament by hand: the start, withdrawals (and undoing one), pause and resume,
and acting on a stalled game; and taking a deleted account out of every tournament. Each
action claims the tournament first (:mod:`.claim`), is logged with who, when and why, and
lets :mod:`.progress` carry the tournament on (the next round when this one is done)."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import select

from ..core.db import row_id
from ..core.errors import PbemError
from ..core.extensions import db
from ..core.i18n import _l
from . import director, notify, progress
from . import page as pages
from .claim import claim_before_start, claim_or_raise, claim_running
from .models import (
    DECLINED,
    ENTERED,
    EXTEND,
    FINISHED,
    FORFEIT,
    INVITED,
    POLICIES,
    RUNNING,
    WITHDRAWN,
    Entrant,
    Tournament,
)
from .queries import table_of


def start(tournament_id, actor, now: datetime, reason: str = "") -> Tournament:
    """Start now: pair round one and create its games.

    :raises PbemError: already started, or a field the format cannot pair.
    """
    t = claim_before_start(tournament_id)
    progress.start(t, now, actor, reason)
    pages.refresh(t)
    db.session.flush()
    return t


def withdraw(tournament_id, entrant_id: int, actor, now: datetime, reason: str = "") -> None:
    """Withdraw a player (the director, or the player themselves): their unfinished games are
    forfeited now, later ones when they are created; they stay in the standings marked as
    withdrawn.

    :raises PbemError: no such entrant, already withdrawn, or the tournament is over.
    """
    t = claim_or_raise(tournament_id)
    entrant = next((e for e in t.entrants if e.id == row_id(entrant_id)), None)
    by_self = entrant is not None and actor is not None and actor.id == entrant.player_id
    if entrant is None or entrant.status == WITHDRAWN or (by_self and not entrant.playing):
        raise PbemError(_l("That player is not in this tournament."), "not-entered", 409)
    if t.status == FINISHED:
        raise PbemError(_l("This tournament is over."), "finished", 409)
    _withdraw(t, entrant, actor, now, reason, by_self)
    progress.settle(t, now)  # its forfeits may have ended the round
    pages.refresh(t)
    db.session.flush()


def _withdraw(t: Tournament, entrant: Entrant, actor, now: datetime, reason: str,
              by_self: bool) -> None:
    entrant.status, entrant.withdrawn_at = WITHDRAWN, now
    if t.status == RUNNING:
        progress.forfeit_withdrawn(t, entrant)
    notify.withdrawn(t, entrant, reason, by_self)
    progress.log(t, actor, "withdrew" if by_self else f"withdrew {entrant.player.name}",
                 reason, now)


def leave_all(player, now: datetime) -> None:
    """Take a player whose account is being deleted (and already erased, so they are named
    "deleted player") out of every tournament they were asked to or entered: an unanswered
    invitation is declined; an entry in a tournament not over is withdrawn as they would
    withdraw it themselves (before the start it goes; while it runs, their unfinished games
    are forfeited). The stored standings, which carry names, are computed afresh. Flushes
    only (the caller commits the whole deletion).

    :raises TournamentBusy: one of them was being updated at that moment.
    """
    for tournament_id in db.session.scalars(
            select(Entrant.tournament_id).where(Entrant.player_id == player.id)).all():
        t = claim_or_raise(tournament_id)
        entrant = next(e for e in t.entrants if e.player_id == player.id)
        if entrant.status == INVITED:
            entrant.status = DECLINED
        elif entrant.playing and t.status != FINISHED:
            _withdraw(t, entrant, player, now, "", by_self=True)
        t.standings_cache = None
        pages.refresh(t)
        db.session.flush()  # before the next claim, which expires everything read


def reinstate(tournament_id, entrant_id: int, actor, now: datetime, reason: str = "") -> None:
    """Undo a withdrawal while the round it happened in is still the current one: the player
    is paired again from the next round (games forfeited stay forfeited).

    :raises PbemError: not a withdrawn entrant, or the next round has been paired since.
    """
    t = claim_or_raise(tournament_id)
    entrant = next((e for e in t.entrants if e.id == row_id(entrant_id)), None)
    if entrant is None or entrant.status != WITHDRAWN:
        raise PbemError(_l("That player has not withdrawn from this tournament."),
                        "not-withdrawn", 409)
    if not director.can_reinstate(t, entrant):
        raise PbemError(_l("%(name)s's withdrawal can no longer be undone: a round has been "
                           "paired since.", name=entrant.player.name), "paired-since", 409)
    entrant.status, entrant.withdrawn_at = ENTERED, None
    progress.log(t, actor, f"undid the withdrawal of {entrant.player.name}", reason, now)
    pages.refresh(t)
    db.session.flush()


def pause(tournament_id, actor, now: datetime, reason: str = "") -> None:
    """Stop deadlines and round advancement (games themselves can still be played)."""
    t = claim_running(tournament_id)
    if t.paused_at is not None:
        raise PbemError(_l("The tournament is already paused."), "paused", 409)
    t.paused_at = now
    progress.log(t, actor, "paused the tournament", reason, now)
    db.session.flush()


def resume(tournament_id, actor, now: datetime, reason: str = "") -> None:
    """Resume; the deadlines of unfinished games move on by the time spent paused."""
    t = claim_running(tournament_id)
    if t.paused_at is None:
        raise PbemError(_l("The tournament is not paused."), "not-paused", 409)
    paused_for = max(timedelta(0), now - t.paused_at)
    for tb in t.current_round.tables if t.current_round else ():
        if tb.places is None:
            tb.deadline += paused_for
    t.paused_at = None
    progress.log(t, actor, "resumed the tournament", reason, now)
    db.session.flush()


def act_on_game(tournament_id, table_id, action: str, actor, now: datetime,
                reason: str = "", seat=None) -> str:
    """Adjudicate, forfeit (``seat``: the director names the player) or extend one
    unfinished game by hand.

    :raises PbemError: no such game in the tournament, it is not being played, or a forfeit
        without a seat still in the game.
    """
    t = claim_running(tournament_id)
    tb = table_of(t, table_id)
    if action not in POLICIES:
        raise PbemError(f"Unknown action {action!r}.", "bad-action", 422)
    if action == FORFEIT:
        seat = director.seat_of(tb, seat)
    done = progress.apply_policy(t, tb, action, now, actor, reason,
                                 seat if action == FORFEIT else None)
    if action != EXTEND:
        progress.record_results(t, tb.round)
        progress.settle(t, now)  # the round's last game: the next round, now
    pages.refresh(t)
    db.session.flush()
    return done



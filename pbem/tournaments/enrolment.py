"""Enrolment before the start: invitations by email and their answers, open registration,
and the director's seeding. Every change claims the tournament first (:mod:`.claim`)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select

from ..accounts.models import UNNAMED
from ..accounts.service import mark_joined, player_by_email
from ..core.db import row_id
from ..core.errors import PbemError
from ..core.extensions import db
from ..core.i18n import _l
from ..core.signing import LinkError, unsign
from . import notify, progress
from .claim import claim_before_start, claim_or_raise
from .models import DECLINED, ENTERED, INVITED, OPEN, SETUP, WITHDRAWN, Entrant, Tournament


def invite(tournament_id, emails_text: str, actor, now: datetime, reason: str = "") -> int:
    """Enrol players by email invitation (players are created for new addresses; their
    account starts when they answer). The number invited.

    :raises BadEmail: an address that is not one (nothing is invited then).
    :raises PbemError: the tournament has started.
    """
    t = claim_before_start(tournament_id)
    known = {e.player_id for e in t.entrants}
    invited = []
    for line in (emails_text or "").replace(",", "\n").splitlines():
        if not line.strip():
            continue
        player = player_by_email(line)
        if player.id not in known:
            known.add(player.id)
            entrant = Entrant(player=player, status=INVITED)
            t.entrants.append(entrant)
            invited.append(player)
    db.session.flush()
    for entrant in t.entrants[-len(invited):] if invited else ():
        notify.invitation(t, entrant)
    if invited:  # the public log names players, never addresses (unstarted accounts: unnamed)
        progress.log(t, actor, f"invited {_who(invited)}"[:200], reason, now)
    db.session.flush()
    return len(invited)


def _who(players) -> str:
    """``Lena, Max and 2 new players``: the named ones by name, the accounts not started yet
    counted."""
    named = [p.name for p in players if p.name != UNNAMED]
    new = len(players) - len(named)
    if new:
        named.append("a new player" if new == 1 else f"{new} new players")
    return named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"


def open_invitation(token: str) -> tuple[Tournament, Entrant]:
    """:raises LinkError: tampered, expired, or for an entrant who no longer exists."""
    payload = unsign("tournament-invitation", token)
    if not (isinstance(payload, list) and len(payload) == 2):
        raise LinkError(_l("This invitation link is not valid."), "invalid")
    tournament_id = row_id(payload[0])
    t = db.session.get(Tournament, tournament_id) if tournament_id else None
    entrant = next((e for e in t.entrants if e.player_id == payload[1]), None) if t else None
    if entrant is None:
        raise LinkError(_l("This invitation is not for a place in that tournament."), "invalid")
    return t, entrant


def answer(tournament_id, player_id: int, accept: bool) -> Entrant:
    """An invited player's answer (which also starts their account).

    :raises PbemError: already answered, or the tournament has started.
    """
    t = claim_before_start(tournament_id)
    entrant = next(e for e in t.entrants if e.player_id == player_id)
    if entrant.status != INVITED:
        raise PbemError(_l("You have already answered this invitation."), "settled", 409)
    entrant.status = ENTERED if accept else DECLINED
    mark_joined(entrant.player)
    db.session.flush()
    return entrant


def is_full(t: Tournament) -> bool:
    """Open registration has taken as many players as it may."""
    return t.capacity is not None and _entered(t) >= t.capacity


def entry_of(t: Tournament, player) -> Entrant | None:
    """``player``'s entry in ``t``, if any (one row: a big field's entrants stay unloaded)."""
    return db.session.scalar(select(Entrant).where(Entrant.tournament_id == t.id,
                                                   Entrant.player_id == player.id))


def registration_open(t: Tournament, now: datetime) -> bool:
    return (t.status == SETUP and t.enrolment == OPEN
            and (t.registration_deadline is None or now <= t.registration_deadline)
            and (t.capacity is None or _entered(t) < t.capacity))


def register(tournament_id, player, now: datetime) -> Entrant:
    """Open registration: a signed-in player enters.

    :raises PbemError: registration is closed, full, or the player is already in.
    """
    t = claim_or_raise(tournament_id)
    if not registration_open(t, now):
        raise PbemError(_l("Registration for this tournament is closed."), "closed", 409)
    entrant = next((e for e in t.entrants if e.player_id == player.id), None)
    if entrant is not None and entrant.status == ENTERED:
        raise PbemError(_l("You are already registered."), "already", 409)
    if entrant is not None and entrant.status == WITHDRAWN:
        raise PbemError(_l("You have withdrawn from this tournament."), "withdrawn", 409)
    if entrant is None:
        entrant = Entrant(player=player)
        t.entrants.append(entrant)
    entrant.status = ENTERED
    db.session.flush()
    return entrant


def seed(tournament_id, emails_text: str, actor, now: datetime, reason: str = "") -> None:
    """Set the seeding before the start: the listed players first, in that order; everyone
    else follows in the order they entered.

    :raises PbemError: started already, or an address that is not an entrant's.
    """
    t = claim_before_start(tournament_id)
    by_email = {e.player.email: e for e in t.entrants}
    order = []
    for line in (emails_text or "").replace(",", "\n").splitlines():
        entrant = by_email.get(line.strip().lower())
        if line.strip() and entrant is None:
            raise PbemError(_l("%(text)r is not entered in this tournament.", text=line.strip()),
                            "not-entered", 422)
        if entrant is not None and entrant not in order:
            order.append(entrant)
    for entrant in t.entrants:
        entrant.seed = order.index(entrant) + 1 if entrant in order else None
    progress.log(t, actor, "set the seeding: " + ", ".join(e.player.name for e in order),
                 reason, now)
    db.session.flush()


def seeding(t: Tournament) -> list[Entrant]:
    """The entrants in the order the start would seed them."""
    if t.status != SETUP:
        return t.field()
    return sorted(t.entrants, key=lambda e: (e.seed is None, e.seed or 0, e.id))


def _entered(t: Tournament) -> int:
    return sum(e.playing for e in t.entrants)



"""Taking a tournament for one unit of work, so two ticks (or a tick and an admin) never act
on it at once, whichever process they run in.

The claim is a compare-and-set on ``Tournament.version`` inside the caller's transaction; on
PostgreSQL the row is first locked with ``FOR UPDATE`` (``SKIP LOCKED`` for the tick, which
simply leaves a busy tournament to the next tick). On SQLite the compare-and-set is the
transaction's first write, so it also takes the database's write lock: everything read after
it is current until the commit.

A transaction remembers what it has claimed (:func:`held`): a game a tournament ends while it
is being worked on (an adjudication, a forfeit) must not set off the same work again from
inside (:mod:`.subscriptions`).
"""

from __future__ import annotations

from sqlalchemy import select, update

from ..core.errors import PbemError
from ..core.extensions import db
from ..core.i18n import _l
from .models import RUNNING, SETUP, Tournament


class TournamentBusy(PbemError):
    status, code = 409, "busy"


class TournamentNotFound(PbemError):
    status, code = 404, "not-found"


def take(tournament_id: int, *, skip_locked: bool = False) -> Tournament | None:
    """The tournament, claimed for this transaction; ``None`` if another process has it (the
    unit of work it runs in is the entry point's to end). Pending changes are flushed first
    (the claim expires what was read)."""
    db.session.flush()
    query = (select(Tournament).where(Tournament.id == tournament_id)
             .with_for_update(skip_locked=skip_locked)
             .execution_options(populate_existing=True))
    tournament = db.session.scalars(query).first()
    if tournament is None:
        return None
    taken = db.session.execute(
        update(Tournament)
        .where(Tournament.id == tournament_id, Tournament.version == tournament.version)
        .values(version=Tournament.version + 1)
        .execution_options(synchronize_session=False)
    ).rowcount
    if taken != 1:
        return None
    db.session.expire_all()  # anything read before the claim may be stale
    _claims().add(tournament_id)
    return tournament


def held(tournament_id: int) -> bool:
    """Whether this transaction has already claimed the tournament."""
    return tournament_id in _claims()


def _claims() -> set[int]:
    """The tournaments claimed in the current transaction (the set is kept with the
    transaction it belongs to, so a new transaction starts with none)."""
    transaction = db.session().get_transaction()
    kept = db.session.info.get("pbem_tournament_claims")
    if kept is None or kept[0] is not transaction:
        kept = db.session.info["pbem_tournament_claims"] = (transaction, set())
    return kept[1]


def claim_or_raise(tournament_id) -> Tournament:
    """For admin actions: wait for the lock, and say so if the tournament moved on meanwhile.

    :raises TournamentNotFound: no such tournament.
    :raises TournamentBusy: another process changed it at the same moment.
    """
    try:
        tournament_id = int(tournament_id)
    except (TypeError, ValueError):
        raise TournamentNotFound(_l("There is no such tournament.")) from None
    if db.session.get(Tournament, tournament_id) is None:
        raise TournamentNotFound(_l("There is no tournament #%(id)s.", id=tournament_id))
    tournament = take(tournament_id)
    if tournament is None:
        raise TournamentBusy(_l("The tournament was being updated at that moment; try again."))
    return tournament


def claim_before_start(tournament_id) -> Tournament:
    """:func:`claim_or_raise`, for what only a tournament that has not started allows
    (invitations and their answers, the seeding, the start itself).

    :raises PbemError: it has started.
    """
    tournament = claim_or_raise(tournament_id)
    if tournament.status != SETUP:
        raise PbemError(_l("The tournament has already started."), "started", 409)
    return tournament


def claim_running(tournament_id) -> Tournament:
    """:func:`claim_or_raise`, for what only a running tournament allows (pausing, resuming,
    acting on a game).

    :raises PbemError: it is not running (not started yet, or over).
    """
    tournament = claim_or_raise(tournament_id)
    if tournament.status != RUNNING:
        raise PbemError(_l("The tournament is not running."), "not-running", 409)
    return tournament

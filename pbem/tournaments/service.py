"""Tournament administration and enrolment: set up, invite, register, start, withdraw, pause,
resume and act on stalled games. Every admin action is logged with who, when and why.

Each function that changes a running tournament claims it first (:mod:`.claim`), so admin
actions and the tick never interleave, and flushes what it did with its mail: the entry point
(a page, a command) commits its unit of work, claim included.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from sqlalchemy import select

from ..accounts.models import UNNAMED
from ..accounts.service import mark_joined, player_by_email
from ..clocks import service as clocks
from ..clocks.logic.errors import ClockError
from ..clocks.logic.timecontrol import parse as parse_control
from ..core.db import row_id
from ..core.errors import PbemError
from ..core.extensions import db
from ..core.signing import LinkError, unsign
from ..core.validators import CONTROL_CHARACTERS, BadNumber, whole_number
from ..games import InvalidOptions, UnknownGame, get_rules
from . import director, formats, notify, progress
from . import page as pages
from .claim import TournamentNotFound, claim_or_raise
from .models import (
    DECLINED,
    ENTERED,
    EXTEND,
    FINISHED,
    FORFEIT,
    FORMATS,
    INVITED,
    KNOCKOUT,
    OPEN,
    POLICIES,
    ROUND_ROBIN,
    RUNNING,
    SETUP,
    SWISS,
    WITHDRAWN,
    Entrant,
    LogEntry,
    Tournament,
    TournamentTable,
)

#: The settings each format reads, with their defaults.
SETTINGS = {"cycles": 1, "rounds": 5, "best_of": 1, "advance": 1}


class BadTournament(PbemError):
    status, code = 422, "bad-tournament"


def get_tournament(tournament_id) -> Tournament:
    """:raises TournamentNotFound: no such tournament (also for ids that are not numbers)."""
    row = row_id(tournament_id)
    tournament = db.session.get(Tournament, row) if row else None
    if tournament is None:
        raise TournamentNotFound("There is no such tournament.")
    return tournament


def all_tournaments() -> list[Tournament]:
    return db.session.scalars(select(Tournament).order_by(Tournament.id.desc())).all()


def log_of(t: Tournament, limit: int | None = None) -> list[LogEntry]:
    """The director's log, newest first (the latest ``limit`` entries)."""
    return db.session.scalars(select(LogEntry).where(LogEntry.tournament_id == t.id)
                              .order_by(LogEntry.id.desc()).limit(limit)).all()


def has_random_setup(slug: str, options: dict, players: int) -> bool:
    """Whether the seed changes the starting position (so a shared layout means something)."""
    rules = get_rules(slug)
    try:
        boards = {str(rules.to_dict(rules.new_game(players, options, seed))) for seed in (1, 2)}
    except InvalidOptions:
        return False
    return len(boards) > 1


# ----- setting up ------------------------------------------------------------------------------


def create(slug: str, data: dict, creator, now: datetime) -> Tournament:
    """A new tournament (status ``setup``) from the admin form's ``data`` (flushed: it has its id).

    :raises BadTournament: a setting that does not work (the message says which).
    """
    try:
        get_rules(slug)
    except UnknownGame as exc:
        raise BadTournament(str(exc)) from None
    t = Tournament(slug=slug, created_by=creator, seed=secrets.randbelow(2**31), version=0)
    _configure(t, data, now)
    db.session.add(t)
    progress.log(t, creator, "created the tournament", data.get("reason", ""), now)
    db.session.flush()
    return t


def edit(tournament_id, data: dict, actor, now: datetime) -> Tournament:
    """Change the settings; only the name and description once it has started.

    :raises BadTournament: see :func:`create`.
    """
    t = claim_or_raise(tournament_id)
    if t.status == SETUP:
        _configure(t, data, now)
    else:
        _describe(t, data)
        if t.status == RUNNING:
            _adjust(t, data)
    progress.log(t, actor, "edited the settings", data.get("reason", ""), now)
    db.session.flush()
    return t


def _describe(t: Tournament, data: dict) -> None:
    name = " ".join((data.get("name") or "").split())
    if not 1 <= len(name) <= 120:
        raise BadTournament("A tournament needs a name of 1 to 120 characters.")
    if CONTROL_CHARACTERS.search(name):
        raise BadTournament("A tournament's name cannot contain control characters.")
    t.name, t.description = name, (data.get("description") or "").strip()


def _adjust(t: Tournament, data: dict) -> None:
    """What a running tournament may still change: the days per round and the deadline
    policy (for the deadlines of rounds to come) and a Swiss's number of rounds (not below
    the rounds paired already)."""
    t.round_days = _whole(data, "round_days", 1, 365, t.round_days)
    _check_fits_the_round(t)
    t.extend_days = _whole(data, "extend_days", 1, 365, t.extend_days)
    policy = data.get("stall_policy") or t.stall_policy
    if policy not in POLICIES:
        raise BadTournament("Choose what happens to a game at its deadline.")
    t.stall_policy = policy
    if "avoid_blocks" in data:  # for the rounds still to pair
        t.settings = {**t.settings, "avoid_blocks": bool(data["avoid_blocks"])}
    if t.format == SWISS:
        rounds = _whole(data, "rounds", 1, 99, t.settings["rounds"])
        if rounds < len(t.rounds):
            raise BadTournament(f"{len(t.rounds)} rounds have been paired already: the "
                                f"tournament cannot have fewer.")
        t.settings = {**t.settings, "rounds": rounds}


def _configure(t: Tournament, data: dict, now: datetime) -> None:
    _describe(t, data)
    rules = get_rules(t.slug)
    t.format, t.table_size = data.get("format"), int(data.get("table_size") or 2)
    if t.format not in FORMATS:
        raise BadTournament("Choose round robin, Swiss or knockout.")
    if t.table_size not in rules.player_counts:
        raise BadTournament(f"{rules.name} is not played {t.table_size} to a table.")
    t.settings = {key: _whole(data, key, 1, 99, default) for key, default in SETTINGS.items()}
    t.settings["avoid_blocks"] = bool(data.get("avoid_blocks", True))
    _check_format(t)
    try:
        t.options = {}
        for size in formats.table_sizes(t):
            t.options = rules.validate_options(size, data.get("options") or {})[1]
    except InvalidOptions as exc:
        raise BadTournament(f"{exc} (this tournament has tables of "
                            f"{', '.join(map(str, formats.table_sizes(t)))}).") from None
    t.rated = bool(data.get("rated", True))
    t.seed_by_rating = bool(data.get("seed_by_rating"))
    t.same_layout = bool(data.get("same_layout")) and has_random_setup(
        t.slug, t.options, t.table_size)
    try:
        t.time_control = clocks.checked_control(data.get("time_control"))
    except ClockError as exc:
        raise BadTournament(f"Time control: {exc.message}") from None
    t.round_days = _whole(data, "round_days", 1, 365, 14)
    _check_fits_the_round(t)
    t.extend_days = _whole(data, "extend_days", 1, 365, 7)
    t.stall_policy = data.get("stall_policy")
    if t.stall_policy not in POLICIES:
        raise BadTournament("Choose what happens to a game at its deadline.")
    t.enrolment = OPEN if data.get("enrolment") == OPEN else "invitation"
    t.starts_at = data.get("starts_at")
    previous = t.registration_deadline
    t.registration_deadline = data.get("registration_deadline") if t.enrolment == OPEN else None
    t.capacity = data.get("capacity") if t.enrolment == OPEN else None
    if t.capacity is not None and t.capacity < 2:
        raise BadTournament("The capacity must be at least two players.")
    if t.registration_deadline not in (None, previous) and t.registration_deadline < now:
        raise BadTournament("The registration deadline has passed already: choose a later "
                            "time, or none.")
    if t.starts_at and t.registration_deadline and t.registration_deadline > t.starts_at:
        raise BadTournament("Registration must close before the tournament starts.")


def _check_fits_the_round(t: Tournament) -> None:
    """:raises BadTournament: a single move (or a starting bank) may take the whole round,
    so the game cannot be played out before its deadline."""
    control = parse_control(t.time_control or "none")
    move = control.per_move or control.initial
    if move and move >= timedelta(days=t.round_days):
        raise BadTournament(
            f"With {control.describe()}, one move may take as long as a whole round "
            f"({days(t.round_days)}) or longer: a game could not be played out before its "
            f"deadline. Give the rounds more days, or the moves less time.")


def days(n: int) -> str:
    """``1 day``, ``14 days``."""
    return f"{n} day" if n == 1 else f"{n} days"


def _whole(data: dict, key: str, low: int, high: int, default: int) -> int:
    value = data.get(key)
    if value in (None, ""):
        return default
    try:
        return whole_number(str(value), low, high, key.replace("_", " "))
    except BadNumber as exc:
        raise BadTournament(str(exc)) from None


def _check_format(t: Tournament) -> None:
    s = t.settings
    if t.format == ROUND_ROBIN and t.table_size == 2 and s["cycles"] > 2:
        raise BadTournament("A round robin is single (1 cycle) or double (2).")
    if t.format == KNOCKOUT and t.table_size > 2:
        if not 1 <= s["advance"] < t.table_size or t.table_size % s["advance"]:
            raise BadTournament(
                f"At tables of {t.table_size}, the players who advance must divide "
                f"{t.table_size} and be fewer.")
        if s["advance"] + 1 not in t.rules.player_counts:
            raise BadTournament(f"{t.rules.name} cannot be played by {s['advance'] + 1}, the "
                                "smallest table this knockout may need.")


# ----- enrolment -------------------------------------------------------------------------------


def invite(tournament_id, emails_text: str, actor, now: datetime, reason: str = "") -> int:
    """Enrol players by email invitation (players are created for new addresses; their
    account starts when they answer). The number invited.

    :raises BadEmail: an address that is not one (nothing is invited then).
    :raises PbemError: the tournament has started.
    """
    t = claim_or_raise(tournament_id)
    _check_setup(t)
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
        raise LinkError("This invitation link is not valid.", "invalid")
    tournament_id = row_id(payload[0])
    t = db.session.get(Tournament, tournament_id) if tournament_id else None
    entrant = next((e for e in t.entrants if e.player_id == payload[1]), None) if t else None
    if entrant is None:
        raise LinkError("This invitation is not for a place in that tournament.", "invalid")
    return t, entrant


def answer(tournament_id, player_id: int, accept: bool) -> Entrant:
    """An invited player's answer (which also starts their account).

    :raises PbemError: already answered, or the tournament has started.
    """
    t = claim_or_raise(tournament_id)
    entrant = next(e for e in t.entrants if e.player_id == player_id)
    _check_setup(t)
    if entrant.status != INVITED:
        raise PbemError("You have already answered this invitation.", "settled", 409)
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
        raise PbemError("Registration for this tournament is closed.", "closed", 409)
    entrant = next((e for e in t.entrants if e.player_id == player.id), None)
    if entrant is not None and entrant.status == ENTERED:
        raise PbemError("You are already registered.", "already", 409)
    if entrant is not None and entrant.status == WITHDRAWN:
        raise PbemError("You have withdrawn from this tournament.", "withdrawn", 409)
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
    t = claim_or_raise(tournament_id)
    _check_setup(t)
    by_email = {e.player.email: e for e in t.entrants}
    order = []
    for line in (emails_text or "").replace(",", "\n").splitlines():
        entrant = by_email.get(line.strip().lower())
        if line.strip() and entrant is None:
            raise PbemError(f"{line.strip()!r} is not entered in this tournament.",
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


def _check_setup(t: Tournament) -> None:
    if t.status != SETUP:
        raise PbemError("The tournament has already started.", "started", 409)


# ----- running it by hand ----------------------------------------------------------------------


def start(tournament_id, actor, now: datetime, reason: str = "") -> Tournament:
    """Start now: pair round one and create its games.

    :raises PbemError: already started, or a field the format cannot pair.
    """
    t = claim_or_raise(tournament_id)
    _check_setup(t)
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
        raise PbemError("That player is not in this tournament.", "not-entered", 409)
    if t.status == FINISHED:
        raise PbemError("This tournament is over.", "finished", 409)
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
        raise PbemError("That player has not withdrawn from this tournament.", "not-withdrawn",
                        409)
    if not director.can_reinstate(t, entrant):
        raise PbemError(f"{entrant.player.name}'s withdrawal can no longer be undone: a round "
                        "has been paired since.", "paired-since", 409)
    entrant.status, entrant.withdrawn_at = ENTERED, None
    progress.log(t, actor, f"undid the withdrawal of {entrant.player.name}", reason, now)
    pages.refresh(t)
    db.session.flush()


def pause(tournament_id, actor, now: datetime, reason: str = "") -> None:
    """Stop deadlines and round advancement (games themselves can still be played)."""
    t = _running(tournament_id)
    if t.paused_at is not None:
        raise PbemError("The tournament is already paused.", "paused", 409)
    t.paused_at = now
    progress.log(t, actor, "paused the tournament", reason, now)
    db.session.flush()


def resume(tournament_id, actor, now: datetime, reason: str = "") -> None:
    """Resume; the deadlines of unfinished games move on by the time spent paused."""
    t = _running(tournament_id)
    if t.paused_at is None:
        raise PbemError("The tournament is not paused.", "not-paused", 409)
    paused_for = max(timedelta(0), now - t.paused_at)
    for tb in t.current_round.tables if t.current_round else ():
        if tb.places is None:
            tb.deadline += paused_for
    t.paused_at = None
    progress.log(t, actor, "resumed the tournament", reason, now)
    db.session.flush()


def table_of(t: Tournament, table_id) -> TournamentTable:
    """:raises PbemError: no such game in the tournament."""
    tb = db.session.get(TournamentTable, row_id(table_id)) if row_id(table_id) else None
    if tb is None or tb.tournament_id != t.id:
        raise PbemError("That game is not part of this tournament.", "not-found", 404)
    return tb


def act_on_game(tournament_id, table_id, action: str, actor, now: datetime,
                reason: str = "", seat=None) -> str:
    """Adjudicate, forfeit (``seat``: the director names the player) or extend one
    unfinished game by hand.

    :raises PbemError: no such game in the tournament, it is not being played, or a forfeit
        without a seat still in the game.
    """
    t = _running(tournament_id)
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


def _running(tournament_id) -> Tournament:
    t = claim_or_raise(tournament_id)
    if t.status != RUNNING:
        raise PbemError("The tournament is not running.", "not-running", 409)
    return t




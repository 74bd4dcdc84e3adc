"""Setting a tournament up: a new one from the admin form, and its settings edited, each
checked so that a tournament that starts can be played out (the formats, the table sizes, the
options, the time control against the days a round has)."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from ..clocks import service as clocks
from ..clocks.logic.errors import ClockError
from ..clocks.logic.timecontrol import parse as parse_control
from ..core.errors import PbemError
from ..core.extensions import db
from ..core.i18n import _l
from ..core.validators import CONTROL_CHARACTERS, BadNumber, whole_number
from ..games import InvalidOptions, UnknownGame, get_rules
from . import formats, progress
from .claim import claim_or_raise
from .models import (
    FORMATS,
    KNOCKOUT,
    OPEN,
    POLICIES,
    ROUND_ROBIN,
    RUNNING,
    SETUP,
    SWISS,
    Tournament,
)

#: The settings each format reads, with their defaults.
SETTINGS = {"cycles": 1, "rounds": 5, "best_of": 1, "advance": 1}


class BadTournament(PbemError):
    status, code = 422, "bad-tournament"


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
        raise BadTournament(_l("A tournament needs a name of 1 to 120 characters."))
    if CONTROL_CHARACTERS.search(name):
        raise BadTournament(_l("A tournament's name cannot contain control characters."))
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
        raise BadTournament(_l("Choose what happens to a game at its deadline."))
    t.stall_policy = policy
    if "avoid_blocks" in data:  # for the rounds still to pair
        t.settings = {**t.settings, "avoid_blocks": bool(data["avoid_blocks"])}
    if t.format == SWISS:
        rounds = _whole(data, "rounds", 1, 99, t.settings["rounds"])
        if rounds < len(t.rounds):
            raise BadTournament(_l("%(count)s rounds have been paired already: the tournament "
                                   "cannot have fewer.", count=len(t.rounds)))
        t.settings = {**t.settings, "rounds": rounds}


def _configure(t: Tournament, data: dict, now: datetime) -> None:
    _describe(t, data)
    rules = get_rules(t.slug)
    t.format, t.table_size = data.get("format"), int(data.get("table_size") or 2)
    if t.format not in FORMATS:
        raise BadTournament(_l("Choose round robin, Swiss or knockout."))
    if t.table_size not in rules.player_counts:
        raise BadTournament(_l("%(game)s is not played %(size)s to a table.", game=rules.name,
                               size=t.table_size))
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
    t.same_layout = bool(data.get("same_layout")) and _has_random_setup(
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
        raise BadTournament(_l("Choose what happens to a game at its deadline."))
    t.enrolment = OPEN if data.get("enrolment") == OPEN else "invitation"
    t.starts_at = data.get("starts_at")
    previous = t.registration_deadline
    t.registration_deadline = data.get("registration_deadline") if t.enrolment == OPEN else None
    t.capacity = data.get("capacity") if t.enrolment == OPEN else None
    if t.capacity is not None and t.capacity < 2:
        raise BadTournament(_l("The capacity must be at least two players."))
    if t.registration_deadline not in (None, previous) and t.registration_deadline < now:
        raise BadTournament(_l("The registration deadline has passed already: choose a later "
                               "time, or none."))
    if t.starts_at and t.registration_deadline and t.registration_deadline > t.starts_at:
        raise BadTournament(_l("Registration must close before the tournament starts."))


def _check_fits_the_round(t: Tournament) -> None:
    """:raises BadTournament: a single move (or a starting bank) may take the whole round,
    so the game cannot be played out before its deadline."""
    control = parse_control(t.time_control or "none")
    move = control.per_move or control.initial
    if move and move >= timedelta(days=t.round_days):
        raise BadTournament(
            f"With {control.describe()}, one move may take as long as a whole round "
            f"({_days(t.round_days)}) or longer: a game could not be played out before its "
            f"deadline. Give the rounds more days, or the moves less time.")


def _days(n: int) -> str:
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
        raise BadTournament(_l("A round robin is single (1 cycle) or double (2)."))
    if t.format == KNOCKOUT and t.table_size > 2:
        if not 1 <= s["advance"] < t.table_size or t.table_size % s["advance"]:
            raise BadTournament(_l("At tables of %(size)s, the players who advance must divide "
                                   "%(size)s and be fewer.", size=t.table_size))
        if s["advance"] + 1 not in t.rules.player_counts:
            raise BadTournament(_l("%(game)s cannot be played by %(count)s, the smallest table "
                                   "this knockout may need.", game=t.rules.name,
                                   count=s["advance"] + 1))



def _has_random_setup(slug: str, options: dict, players: int) -> bool:
    """Whether the seed changes the starting position (so a shared layout means something)."""
    rules = get_rules(slug)
    try:
        boards = {str(rules.to_dict(rules.new_game(players, options, seed))) for seed in (1, 2)}
    except InvalidOptions:
        return False
    return len(boards) > 1


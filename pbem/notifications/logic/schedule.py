"""When a notification goes out: per-kind modes, quiet hours and the daily digest.

Hours are wall-clock hours in the player's own time zone; every answer is an aware UTC
datetime, correct across daylight-saving changes. When a local hour does not exist on a
given day (clocks jump forward over it), the first instant after the jump stands in for it;
when it happens twice (clocks fall back), the first of the two is used.

The digest is one email listing every game waiting for the player plus whatever else is
set to digest; the service keeps each player's ``next_digest_at`` (from
:meth:`NotificationSettings.next_digest`) and sends when the tick passes it. Quiet hours
hold back immediate mail only: a digest goes at the hour the player picked.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, time, timedelta
from enum import StrEnum
from functools import cache
from zoneinfo import ZoneInfo, available_timezones

from ...core.speech import gettext as _
from ...core.validators import BadNumber, whole_number


class InvalidSettings(ValueError):
    """Notification settings refused, with a message a player can act on and a stable ``code``
    (``zone``, ``hour``, ``quiet``, ``kind``, ``mode``); ``field`` names the form field at
    fault. The message is said in the language spoken when it was raised
    (``pbem.core.speech``)."""

    def __init__(self, message: str, code: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.code = code
        self.field = field


class Kind(StrEnum):
    TURN = "turn"
    REMINDER = "reminder"
    GAME = "game"
    MESSAGE = "message"
    INVITATION = "invitation"
    TOURNAMENT = "tournament"


#: What the settings page calls each kind.
KIND_LABELS = {
    Kind.TURN: "your turn",
    Kind.REMINDER: "reminders",
    Kind.GAME: "game news: results, proposals, vacations",
    Kind.MESSAGE: "messages from other players",
    Kind.INVITATION: "invitations",
    Kind.TOURNAMENT: "tournament news",
}


class Mode(StrEnum):
    IMMEDIATE = "immediate"
    DIGEST = "digest"
    OFF = "off"


#: Host-dependent or placeholder entries of the zone database, not places.
_NOT_PLACES = {"localtime", "Factory"}


def parse_zone(name: str) -> str:
    """The canonical IANA name for ``name`` (``europe/paris`` gives ``Europe/Paris``).

    :raises InvalidSettings: code ``zone``, for an empty or unknown name.
    """
    text = name.strip()
    if not text:
        raise InvalidSettings(_("choose a time zone, e.g. Europe/Paris"), "zone", "timezone")
    canonical = _zones().get(text.lower())
    if canonical is None:
        raise InvalidSettings(_("%(text)r is not a time zone we know; use a name like "
                                "Europe/Paris, America/New_York or UTC", text=text), "zone",
                              "timezone")
    return canonical


def parse_hour(text: str, what: str, field_name: str) -> int:
    """An hour of the day, ``0``–``23`` (``7``, ``07`` or ``07:00``).

    :raises InvalidSettings: code ``hour``.
    """
    try:
        return whole_number(text.strip().removesuffix(":00"), 0, 23, what)
    except BadNumber:
        raise InvalidSettings(_("%(what)s: %(text)r is not a whole hour from 0 to 23",
                                what=what, text=text[:20]), "hour", field_name) from None


@dataclass(frozen=True)
class NotificationSettings:
    """One player's notification settings, validated.

    ``quiet_start``/``quiet_end`` are both ``None`` (no quiet hours) or both set; the
    quiet span is ``[quiet_start, quiet_end)`` and wraps midnight when start > end.

    :raises InvalidSettings: on a bad zone, hour or mode.
    """

    timezone: str = "UTC"
    digest_hour: int = 7
    quiet_start: int | None = None
    quiet_end: int | None = None
    modes: Mapping[Kind, Mode] = field(default_factory=dict)

    def __post_init__(self):
        object.__setattr__(self, "timezone", parse_zone(self.timezone))
        hours = {
            "digest_hour": self.digest_hour,
            "quiet_start": self.quiet_start,
            "quiet_end": self.quiet_end,
        }
        for name, hour in hours.items():
            if hour is not None and hour not in range(24):
                raise InvalidSettings(_("%(what)s: %(hour)s is not an hour from 0 to 23",
                                        what=name, hour=hour), "hour", name)
        if (self.quiet_start is None) != (self.quiet_end is None):
            raise InvalidSettings(
                _("give both ends of the quiet hours, or neither"), "quiet", "quiet_start"
            )
        if self.quiet_start is not None and self.quiet_start == self.quiet_end:
            raise InvalidSettings(
                _("quiet hours must start and end at different hours"), "quiet", "quiet_end"
            )
        object.__setattr__(
            self, "modes", {kind: Mode(self.modes.get(kind, Mode.IMMEDIATE)) for kind in Kind}
        )

    @classmethod
    def from_form(cls, form: Mapping[str, str]) -> NotificationSettings:
        """Read the settings form (or what :meth:`as_form` stored).

        Keys: ``timezone``, ``digest_hour``, ``quiet_start``, ``quiet_end`` (both empty for
        none) and ``mode_<kind>``; a missing mode means immediate.

        :raises InvalidSettings: with ``field`` naming the offending key.
        """
        modes = {}
        for kind in Kind:
            key = f"mode_{kind}"
            value = form.get(key, Mode.IMMEDIATE).strip().lower()
            if value not in set(Mode):
                choices = ", ".join(Mode)
                raise InvalidSettings(_("%(what)s: %(text)r is not one of %(choices)s",
                                        what=KIND_LABELS[kind], text=value, choices=choices),
                                      "mode", key)
            modes[kind] = Mode(value)
        quiet = [
            parse_hour(form[k], _("quiet hours"), k) if form.get(k, "").strip() else None
            for k in ("quiet_start", "quiet_end")
        ]
        return cls(
            timezone=form.get("timezone", ""),
            digest_hour=parse_hour(form.get("digest_hour", "7"), _("digest hour"),
                                   "digest_hour"),
            quiet_start=quiet[0],
            quiet_end=quiet[1],
            modes=modes,
        )

    def as_form(self) -> dict[str, str]:
        """Strings :meth:`from_form` reads back exactly: for the form and for storage."""
        form = {
            "timezone": self.timezone,
            "digest_hour": str(self.digest_hour),
            "quiet_start": "" if self.quiet_start is None else str(self.quiet_start),
            "quiet_end": "" if self.quiet_end is None else str(self.quiet_end),
        }
        form.update({f"mode_{kind}": str(mode) for kind, mode in self.modes.items()})
        return form

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    def mode(self, kind: Kind) -> Mode:
        return self.modes[kind]

    def in_quiet_hours(self, now: datetime) -> bool:
        if self.quiet_start is None:
            return False
        hour = now.astimezone(self.zone).hour
        if self.quiet_start < self.quiet_end:
            return self.quiet_start <= hour < self.quiet_end
        return hour >= self.quiet_start or hour < self.quiet_end

    def send_time(self, now: datetime) -> datetime:
        """When immediate mail created at ``now`` may go: now, or when quiet hours end."""
        if not self.in_quiet_hours(now):
            return now
        return _next_local_hour(self.zone, self.quiet_end, now)

    def next_digest(self, now: datetime) -> datetime:
        """The first digest hour strictly after ``now``."""
        return _next_local_hour(self.zone, self.digest_hour, now)

    def delivery(self, kind: Kind, now: datetime) -> datetime | None:
        """When mail of ``kind`` created at ``now`` goes out; ``None`` when it is off.

        For the digest this is the digest that will list it.
        """
        mode = self.mode(kind)
        if mode is Mode.IMMEDIATE:
            return self.send_time(now)
        if mode is Mode.DIGEST:
            return self.next_digest(now)
        return None


def _next_local_hour(zone: ZoneInfo, hour: int, now: datetime) -> datetime:
    """The first instant after ``now`` when the wall clock in ``zone`` shows ``hour``:00."""
    today = now.astimezone(zone).date()
    for ahead in range(3):
        local = datetime.combine(today + timedelta(days=ahead), time(hour), tzinfo=zone)
        candidate = local.astimezone(UTC)
        if candidate > now:
            return candidate
    raise AssertionError("a local hour recurs within three days")  # pragma: no cover


@cache
def _zones() -> dict[str, str]:
    return {name.lower(): name for name in available_timezones() - _NOT_PLACES}


@cache
def zone_groups() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The IANA zones a player may choose, grouped by their region ("Europe", "America"...;
    names without one under "Other"), sorted: the settings page's list."""
    groups: dict[str, list[str]] = {}
    for name in sorted(_zones().values()):
        region = name.split("/", 1)[0] if "/" in name else "Other"
        groups.setdefault(region, []).append(name)
    return tuple((region, tuple(names)) for region, names in sorted(groups.items()))

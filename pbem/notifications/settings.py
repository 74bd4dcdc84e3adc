"""Players' stored notification settings: read (defaults when none are stored), save, switch
one kind off (the unsubscribe link), and forget them with the account."""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime
from zoneinfo import ZoneInfo

from sqlalchemy import delete, select

from ..accounts.models import Player
from ..core.extensions import db
from .logic.schedule import Kind, Mode, NotificationSettings
from .models import StoredSettings

DEFAULTS = NotificationSettings()
#: What an unsubscribe link can switch off: one kind, or the digest (every kind sent there).
DIGEST = "digest"
UNSUBSCRIBABLE = {*map(str, Kind), DIGEST}


_AUTO = "auto_vacation"
_memo: ContextVar[dict | None] = ContextVar("pbem_notification_settings", default=None)


@contextmanager
def remembered():
    """Within the block, read each player's settings once (a tick mails many players, most of
    them several times); a change made meanwhile applies from the next block."""
    token = _memo.set({})
    try:
        yield
    finally:
        _memo.reset(token)


def remember(key, load):
    """``load()``, read once per :func:`remembered` block under ``key`` (always, outside one)."""
    memo = _memo.get()
    if memo is None:
        return load()
    if key not in memo:
        memo[key] = load()
    return memo[key]


def preload(player_ids) -> None:
    """Within a :func:`remembered` block, read the settings of all these players in one query
    (the tick mails whole batches of games), instead of one query per player and address."""
    memo = _memo.get()
    wanted = set() if memo is None else {p for p in player_ids if p not in memo}
    if not wanted:
        return
    with db.session.no_autoflush:
        rows = db.session.execute(
            select(Player.id, Player.email, StoredSettings)
            .outerjoin(StoredSettings, StoredSettings.player_id == Player.id)
            .where(Player.id.in_(wanted))
        ).all()
    for player_id, email, row in rows:
        settings = DEFAULTS if row is None else row.settings
        memo[player_id], memo[email] = settings, (player_id, settings)
        memo[_AUTO, player_id] = row is not None and row.auto_vacation


def stored(player_id: int) -> StoredSettings | None:
    return db.session.get(StoredSettings, player_id)


def settings_of(player_id: int | None) -> NotificationSettings:
    if player_id is None:
        return DEFAULTS

    def load():
        row = stored(player_id)
        return DEFAULTS if row is None else row.settings

    return remember(player_id, load)


def recipient(to: Player | str) -> tuple[int | None, NotificationSettings]:
    """The player mail goes ``to`` (a player, or an address that may be one's; ``None``: not a
    player) and their settings; a player's as loaded with them, where the query joined them."""
    if isinstance(to, Player):
        def settings_loaded():  # read only when not remembered (a tick preloads them)
            row = to.notification_settings
            return DEFAULTS if row is None else row.settings

        return to.id, remember(to.id, settings_loaded)
    email = to

    def load():  # no autoflush: mail being queued does not change who a player is
        with db.session.no_autoflush:
            found = db.session.execute(
                select(Player.id, StoredSettings)
                .outerjoin(StoredSettings, StoredSettings.player_id == Player.id)
                .where(Player.email == email)
            ).first()
        if found is None:
            return None, DEFAULTS
        return found[0], DEFAULTS if found[1] is None else found[1].settings

    return remember(email, load)


def language_of(to: Player | str) -> str | None:
    """The language mail to ``to`` speaks (a player, or an address that may be one's):
    theirs, ``None`` when they have none (or are not a player); remembered like settings."""
    if isinstance(to, Player):
        return to.language

    def load():
        with db.session.no_autoflush:
            return db.session.scalar(select(Player.language).where(Player.email == to))

    return remember(("language", to), load)


def zone_of(player_id: int | None) -> ZoneInfo:
    """The player's time zone (UTC for anonymous readers and players who never chose one)."""
    return settings_of(player_id).zone


def _row(player_id: int) -> StoredSettings:
    row = stored(player_id)
    if row is None:
        row = StoredSettings(player_id=player_id, modes={}, auto_vacation=False,
                             confirm_email_moves=False)
        row.settings = DEFAULTS
        db.session.add(row)
    return row


def save(player_id: int, settings: NotificationSettings, now: datetime, *,
         auto_vacation: bool | None = None, confirm_email_moves: bool | None = None) -> None:
    """Store the settings (and the flags given) and flush; the next digest is rescheduled for
    the new hour."""
    row = _row(player_id)
    row.settings = settings
    if auto_vacation is not None:
        row.auto_vacation = auto_vacation
    if confirm_email_moves is not None:
        row.confirm_email_moves = confirm_email_moves
    schedule_digest(row, now, reset=True)
    db.session.flush()


def schedule_digest(row: StoredSettings, now: datetime, *, reset: bool = False) -> None:
    """Keep ``next_digest_at`` set exactly while some kind goes to the digest (``reset``:
    recompute); every change of settings and every digest sent comes through here."""
    settings = row.settings
    if Mode.DIGEST not in settings.modes.values():
        row.next_digest_at = None
    elif reset or row.next_digest_at is None:
        row.next_digest_at = settings.next_digest(now)


def switch_off(player_id: int, what: str, now: datetime) -> list[Kind]:
    """Turn off mail of one kind (or every kind in the digest) and flush; the kinds turned off.

    :raises ValueError: ``what`` is not something that can be switched off.
    """
    if what not in UNSUBSCRIBABLE:
        raise ValueError(what)
    current = settings_of(player_id)
    kinds = ([k for k, m in current.modes.items() if m is Mode.DIGEST] if what == DIGEST
             else [Kind(what)])
    modes = {**current.modes, **{k: Mode.OFF for k in kinds}}
    save(player_id, NotificationSettings(current.timezone, current.digest_hour,
                                         current.quiet_start, current.quiet_end, modes), now)
    return kinds


def auto_vacation_on(player_id: int) -> bool:
    def load():
        row = stored(player_id)
        return row is not None and row.auto_vacation

    return remember((_AUTO, player_id), load)


def confirms_email_moves(player_id: int) -> bool:
    """Whether the player asked to confirm each move they send by email."""
    row = stored(player_id)
    return row is not None and row.confirm_email_moves


def forget(player_id: int) -> None:
    """Drop a player's settings (their account is being deleted; unsubscribe links refuse a
    deleted account). Flushes only."""
    db.session.execute(delete(StoredSettings).where(StoredSettings.player_id == player_id))

"""Accounts: find or create players, passwordless sign-in links, rate limits, admins.

A sign-in link carries the player's id and login counter; using it bumps the counter, so a link
works once (and every older unused link dies with it). An address never seen gets a link that
carries the address itself (``["new", address]``): no player row exists for it until the link
is used, so asking for links creates nothing; once used, the account's counter has moved on
and the link is dead like any other.
"""

from __future__ import annotations

import re
from datetime import timedelta

from flask import current_app
from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError

from ..core.db import row_id, utcnow
from ..core.errors import PbemError
from ..core.extensions import db
from ..core.i18n import _l
from ..core.signing import LinkError, sign, unsign
from ..core.urls import external_url
from ..core.validators import CONTROL_CHARACTERS
from ..mail import outbox
from . import names
from .models import DELETED_NAME, PLACEHOLDER_TLD, UNNAMED, Player, SignInRequest

_PART = r"[^@\s<>,;\"'\x00-\x1f\x7f]+"  # no separators, quotes or control characters
EMAIL = re.compile(rf"^{_PART}@{_PART}\.{_PART}$")


class BadEmail(PbemError):
    status, code = 422, "bad-email"


class TooManyRequests(PbemError):
    status, code = 429, "rate-limited"


def normalise_email(text: str) -> str:
    """A canonical address (trimmed, lower-cased).

    :raises BadEmail: not something mail can be sent to.
    """
    email = (text or "").strip().lower()
    if len(email) > 254 or not EMAIL.match(email):
        raise BadEmail(f"{text!r} is not an email address.")
    return email


def player_by_email(text: str, *, create: bool = True) -> Player | None:
    """The player with this address; a new (not yet joined, so unnamed) one when ``create``."""
    email = normalise_email(text)
    player = db.session.scalars(select(Player).where(Player.email == email)).first()
    if player is None and create:
        player = Player(email=email, name=UNNAMED)
        db.session.add(player)
        db.session.flush()
    return player


def end_sessions(player: Player) -> None:
    """Void every session the player has (see ``pbem.accounts.auth``); the caller commits."""
    db.session.execute(update(Player).where(Player.id == player.id)
                       .values(session_generation=Player.session_generation + 1))


def get_player(player_id) -> Player | None:
    """The player with this id; None for no such player (or an id that cannot be one)."""
    player_id = row_id(player_id)
    return None if player_id is None else db.session.get(Player, player_id)


def link_owner(player_id, link: str) -> Player:
    """The player a signed link (an unsubscribe link, a calendar feed) was made for, while
    their account exists.

    :raises LinkError: no such player; 410 when the account was deleted.
    """
    player = get_player(player_id)
    if player is None:
        raise LinkError(_l("This link is not valid."), "invalid")
    if player.deleted_at is not None:
        raise LinkError(_l("This account no longer exists: it was deleted, with its settings."),
                        "deleted", 410)
    return player


def request_sign_in(email_text: str, client: str) -> None:
    """Email a sign-in link to the address (a new address gets no player row until the link
    is used); the caller commits.

    :raises BadEmail: not an address.
    :raises TooManyRequests: too many requests for this address or from this client lately.
    """
    email = normalise_email(email_text)
    config = current_app.config
    since = utcnow() - timedelta(seconds=config["SIGN_IN_LIMIT_WINDOW"])
    client = (client or "unknown")[:64]
    for column, value, limit in (
        (SignInRequest.email, email, config["SIGN_IN_LIMIT_PER_ADDRESS"]),
        (SignInRequest.client, client, config["SIGN_IN_LIMIT_PER_CLIENT"]),
    ):
        count = db.session.scalar(
            select(func.count()).where(column == value, SignInRequest.created_at >= since)
        )
        if count >= limit:
            raise TooManyRequests(
                "Too many sign-in requests; wait a while and try again, "
                "or use the link already sent."
            )
    # Requests older than the window count for nothing: they go, so the table stays small.
    db.session.execute(delete(SignInRequest).where(SignInRequest.created_at < since))
    db.session.add(SignInRequest(email=email, client=client))
    player = player_by_email(email, create=False)
    link = sign_in_url(player) if player is not None else _new_address_url(email)
    outbox.queue("sign_in", email, "Your pbem sign-in link",
                 context={"player": player, "link": link})
    db.session.flush()


#: The payload's first item of a link for an address that has no account yet.
NEW = "new"


def sign_in_url(player: Player) -> str:
    return external_url(
        "accounts.sign_in_link", token=sign("sign-in", [player.id, player.login_counter])
    )


def _new_address_url(email: str) -> str:
    return external_url("accounts.sign_in_link", token=sign("sign-in", [NEW, email]))


def _new_address_player(email) -> Player:
    """Whom a new address's link signs in: nobody yet (a player not stored, for the
    confirmation page), or the account made for the address since (an invitation's), as long
    as it was never signed in to.

    :raises LinkError: the account has been signed in to since (the link was used).
    """
    try:
        email = normalise_email(email if isinstance(email, str) else "")
    except BadEmail:
        raise LinkError(_l("This sign-in link is not valid."), "invalid") from None
    player = player_by_email(email, create=False)
    if player is None:
        return Player(email=email, name=UNNAMED, login_counter=0)
    if player.login_counter != 0 or player.joined_at is not None:
        raise LinkError(_l("This sign-in link has already been used or replaced by a newer "
                           "one."), "used", 410)
    return player


def check_sign_in_token(token: str) -> Player:
    """The player a sign-in link is for, without using it up (for the GET confirmation page).

    :raises LinkError: invalid, expired or already used.
    """
    payload = unsign("sign-in", token)
    player_id, counter = payload if isinstance(payload, list) and len(payload) == 2 else (0, -1)
    if player_id == NEW:
        return _new_address_player(counter)
    player = get_player(player_id)
    if player is None or player.login_counter != counter:
        raise LinkError(_l("This sign-in link has already been used or replaced by a newer "
                           "one."), "used", 410)
    return player


def use_sign_in_token(token: str) -> Player:
    """Use a sign-in link: the player, whose counter moves on so the link works only once
    (the caller commits).

    :raises LinkError: see ``check_sign_in_token``; also when two tabs race to use it.
    """
    player = check_sign_in_token(token)
    if player.id is None:  # a new address: its account begins now
        try:
            with db.session.begin_nested():
                db.session.add(player)
        except IntegrityError:  # another tab used the same link first
            raise LinkError(_l("This sign-in link has already been used."), "used", 410) from None
    mark_joined(player)
    used = db.session.execute(
        update(Player)
        .where(Player.id == player.id, Player.login_counter == player.login_counter)
        .values(login_counter=Player.login_counter + 1)
    ).rowcount
    if used != 1:
        raise LinkError(_l("This sign-in link has already been used."), "used", 410)
    return player


def mark_joined(player: Player) -> None:
    """The first sign-in (by link, by answering an invitation, by a move) starts the account.
    Its first name is a neutral one, never taken from the address; the player can change it."""
    if player.joined_at is None:
        player.joined_at = utcnow()
        if player.name == UNNAMED:
            player.name = f"Player {player.id}"


def delete_account(player: Player) -> None:
    """Erase the account: its address (a new sign-in with it makes a new account) wherever it
    is kept (the outbox, the sign-in requests), its name; every sign-in link dies. The row
    stays, as "deleted player", for the games it played (the caller takes it out of the games
    and tournaments still going, and drops its settings). Flushes only."""
    outbox.forget(player.email)
    db.session.execute(delete(SignInRequest).where(SignInRequest.email == player.email))
    player.email = f"deleted-{player.id}@deleted{PLACEHOLDER_TLD}"
    player.name = DELETED_NAME
    player.deleted_at = utcnow()
    player.findable = player.is_admin = False
    player.login_counter += 1
    db.session.flush()


def save_account(player: Player, name: str, findable: bool) -> None:
    """Set the display name, and whether other players may find this one by it (the caller
    commits).

    :raises PbemError: empty, too long, or with control characters; taken, reserved or
        address-shaped (``names.check``).
    """
    name = " ".join((name or "").split())
    if not 1 <= len(name) <= 60:
        raise PbemError(_l("A display name has 1 to 60 characters."), "bad-name", 422)
    if CONTROL_CHARACTERS.search(name):
        raise PbemError(_l("A display name cannot contain control characters."), "bad-name",
                        422)
    if name != player.name:  # keeping one's name is never refused
        names.check(name, player)
        names.claim(player, name)
    player.findable = findable
    with names.taking():  # the same name taken at the same moment: refused, nothing kept
        db.session.flush()


def make_admin(email_text: str) -> Player:
    """Create (if needed) the player with this address and make them an admin (the caller
    commits)."""
    player = player_by_email(email_text)
    player.is_admin = True
    db.session.flush()
    return player


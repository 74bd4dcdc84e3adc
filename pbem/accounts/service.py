"""Accounts: find or create players, passwordless sign-in links, rate limits, admins.

A sign-in link carries the player's id and login counter; using it bumps the counter, so a link
works once (and every older unused link dies with it).
"""

from __future__ import annotations

import re
from datetime import timedelta

from flask import current_app
from sqlalchemy import delete, func, select, update

from ..db import db, row_id, utcnow
from ..errors import PbemError
from ..mail import notify
from ..signing import LinkError, sign, unsign
from ..urls import external_url
from ..validators import CONTROL_CHARACTERS
from .models import Player, SignInRequest

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
    """The player with this address; a new (not yet joined) one when ``create``."""
    email = normalise_email(text)
    player = db.session.scalars(select(Player).where(Player.email == email)).first()
    if player is None and create:
        player = Player(email=email, name=email.split("@")[0][:60])
        db.session.add(player)
        db.session.flush()
    return player


def get_player(player_id) -> Player | None:
    """The player with this id; None for no such player (or an id that cannot be one)."""
    player_id = row_id(player_id)
    return None if player_id is None else db.session.get(Player, player_id)


def request_sign_in(email_text: str, client: str) -> None:
    """Email a sign-in link to the address (creating the player row if new) and commit.

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
    player = player_by_email(email)
    notify.sign_in(player, sign_in_url(player))
    db.session.commit()


def sign_in_url(player: Player) -> str:
    return external_url(
        "accounts.sign_in_link", token=sign("sign-in", [player.id, player.login_counter])
    )


def check_sign_in_token(token: str) -> Player:
    """The player a sign-in link is for, without using it up (for the GET confirmation page).

    :raises LinkError: invalid, expired or already used.
    """
    payload = unsign("sign-in", token)
    player_id, counter = payload if isinstance(payload, list) and len(payload) == 2 else (0, -1)
    player = get_player(player_id)
    if player is None or player.login_counter != counter:
        raise LinkError("This sign-in link has already been used or replaced by a newer one.",
                        "used", 410)
    return player


def use_sign_in_token(token: str) -> Player:
    """Use a sign-in link: the player, whose counter moves on so the link works only once.

    :raises LinkError: see ``check_sign_in_token``; also when two tabs race to use it.
    """
    player = check_sign_in_token(token)
    mark_joined(player)
    used = db.session.execute(
        update(Player)
        .where(Player.id == player.id, Player.login_counter == player.login_counter)
        .values(login_counter=Player.login_counter + 1)
    ).rowcount
    if used != 1:
        db.session.rollback()
        raise LinkError("This sign-in link has already been used.", "used", 410)
    db.session.commit()
    return player


def mark_joined(player: Player) -> None:
    """The first sign-in (by link or by answering an invitation) starts the account."""
    if player.joined_at is None:
        player.joined_at = utcnow()


def rename(player: Player, name: str) -> None:
    """Set the display name.

    :raises PbemError: empty, too long, or with control characters.
    """
    name = " ".join((name or "").split())
    if not 1 <= len(name) <= 60:
        raise PbemError("A display name has 1 to 60 characters.", "bad-name", 422)
    if CONTROL_CHARACTERS.search(name):
        raise PbemError("A display name cannot contain control characters.", "bad-name", 422)
    player.name = name
    db.session.commit()


def make_admin(email_text: str) -> Player:
    """Create (if needed) the player with this address and make them an admin."""
    player = player_by_email(email_text)
    player.is_admin = True
    db.session.commit()
    return player


def known_players(exclude: Player | None = None) -> list[Player]:
    query = select(Player).order_by(Player.name)
    if exclude is not None:
        query = query.where(Player.id != exclude.id)
    return db.session.scalars(query).all()

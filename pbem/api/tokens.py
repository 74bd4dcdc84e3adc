"""Making, checking, listing and revoking personal access tokens.

A token is ``pbem_`` and 43 URL-safe characters (256 random bits). It is shown once, when it
is made; the database keeps its SHA-256 digest, which is what a request's token is looked up
by. Services here flush; the entry point commits.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta

from flask import current_app
from sqlalchemy import case, select, update

from ..core.db import utcnow
from ..core.errors import PbemError
from ..core.extensions import db
from .models import SCOPES, ApiToken

PREFIX = "pbem_"
NAME_LENGTH = 60


class BadToken(PbemError):
    """No token, or one that is unknown, revoked or expired."""

    status, code = 401, "bad-token"


class MissingScope(PbemError):
    status, code = 403, "missing-scope"


class TokenLimited(PbemError):
    status, code = 429, "rate-limited"


class BadScope(PbemError):
    status, code = 422, "bad-scope"


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def check_scopes(scopes) -> list[str]:
    """The scopes asked for, in ``SCOPES`` order, each once.

    :raises BadScope: none asked for, or one that does not exist.
    """
    scopes = list(scopes)
    unknown = [s for s in scopes if s not in SCOPES]
    if unknown or not scopes:
        raise BadScope(f"Scopes are {', '.join(SCOPES)}; "
                       + (f"{unknown[0][:20]!r} is not one." if unknown else "name at least one."))
    return [s for s in SCOPES if s in scopes]


def create(player, scopes, name: str = "", expires_at: datetime | None = None
           ) -> tuple[ApiToken, str]:
    """A new token of ``player``'s and its secret (shown once); flushes.

    :raises BadScope: see :func:`check_scopes`.
    """
    scopes = check_scopes(scopes)
    name = " ".join(name.split())[:NAME_LENGTH] or "token"
    secret = PREFIX + secrets.token_urlsafe(32)
    token = ApiToken(player_id=player.id, name=name, digest=digest(secret),
                     scopes=" ".join(scopes), expires_at=expires_at, created_at=utcnow())
    db.session.add(token)
    db.session.flush()
    return token, secret


def tokens_of(player_id: int) -> list[ApiToken]:
    """The player's tokens still in force, newest first."""
    return db.session.scalars(
        select(ApiToken).where(ApiToken.player_id == player_id, ApiToken.revoked_at.is_(None))
        .order_by(ApiToken.id.desc())).all()


def revoke(player_id: int, token_id) -> bool:
    """Revoke the player's token ``token_id`` (someone else's is left alone); flushes. True
    when a token in force was revoked."""
    return bool(db.session.execute(
        update(ApiToken).where(ApiToken.id == token_id, ApiToken.player_id == player_id,
                               ApiToken.revoked_at.is_(None))
        .values(revoked_at=utcnow())).rowcount)


def authenticate(header: str | None, now: datetime | None = None) -> ApiToken:
    """The token of an ``Authorization: Bearer <token>`` header, counted against its rate
    limit and marked used (one statement; the caller commits, also when the request then
    fails: a refused request counts too).

    :raises BadToken: no bearer token, or an unknown, revoked or expired one (401).
    :raises TokenLimited: the token made too many requests in the current window (429).
    """
    scheme, _, secret = (header or "").strip().partition(" ")
    if scheme.lower() != "bearer" or not secret.strip().startswith(PREFIX):
        raise BadToken("Send a token as 'Authorization: Bearer pbem_…' (make one on your "
                       "account page).")
    token = db.session.scalar(select(ApiToken).where(ApiToken.digest == digest(secret.strip())))
    now = now or utcnow()
    if token is None or token.revoked_at is not None:
        raise BadToken("That token is unknown or was revoked.")
    if token.expires_at is not None and token.expires_at <= now:
        raise BadToken("That token has expired.")
    if token.player.deleted_at is not None:
        raise BadToken("That token's account was deleted.")
    config = current_app.config
    since = now - timedelta(seconds=config["API_LIMIT_WINDOW"])
    fresh = (ApiToken.window_start.is_(None)) | (ApiToken.window_start <= since)
    db.session.execute(
        update(ApiToken).where(ApiToken.id == token.id)
        .values(last_used_at=now,
                window_start=case((fresh, now), else_=ApiToken.window_start),
                window_count=case((fresh, 1), else_=ApiToken.window_count + 1))
        .execution_options(synchronize_session=False))
    count = db.session.scalar(select(ApiToken.window_count).where(ApiToken.id == token.id))
    if count > config["API_LIMIT_PER_TOKEN"]:
        raise TokenLimited(f"This token made more than {config['API_LIMIT_PER_TOKEN']} requests "
                           f"in {config['API_LIMIT_WINDOW']} seconds; slow down.")
    return token


def require(token: ApiToken, scope: str) -> None:
    """:raises MissingScope: the token was not given ``scope``."""
    if scope not in token.scope_list:
        raise MissingScope(f"This token lacks the {scope!r} scope.")

"""Making, checking, listing and revoking personal access tokens.

A token is ``pbem_`` and 43 URL-safe characters (256 random bits). It is shown once, when it
is made; the database keeps its SHA-256 digest, which is what a request's token is looked up
by. Services here flush; the entry point commits.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta
from functools import cache

from flask import current_app
from sqlalchemy import bindparam, case, select, update
from sqlalchemy.orm import joinedload

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
    """The token of an ``Authorization: Bearer <token>`` header (its player loaded with it),
    counted against its rate limit and marked used by :func:`count_use`, in the request's own
    transaction (the entry point commits it with whatever the request does).

    :raises BadToken: no bearer token, or an unknown, revoked or expired one (401).
    :raises TokenLimited: the token made too many requests in the current window (429).
    """
    scheme, _, secret = (header or "").strip().partition(" ")
    if scheme.lower() != "bearer" or not secret.strip().startswith(PREFIX):
        raise BadToken("Send a token as 'Authorization: Bearer pbem_…' (make one on your "
                       "account page).")
    token = db.session.scalar(_token_query(), {"digest": digest(secret.strip())})
    now = now or utcnow()
    if token is None or token.revoked_at is not None:
        raise BadToken("That token is unknown or was revoked.")
    if token.expires_at is not None and token.expires_at <= now:
        raise BadToken("That token has expired.")
    if token.player.deleted_at is not None:
        raise BadToken("That token's account was deleted.")
    count = count_use(token.id, now)
    limit = current_app.config["API_LIMIT_PER_TOKEN"]
    if count > limit:
        raise TokenLimited(f"This token made more than {limit} requests in "
                           f"{current_app.config['API_LIMIT_WINDOW']} seconds; slow down.")
    return token


def count_use(token_id: int, now: datetime | None = None) -> int:
    """Count one request of the token in its rate-limit window (a new window once the last
    has passed) and mark it used, in one statement; the requests in the window so far. The
    statement locks the token's row until the commit, so one token's requests take turns."""
    now = now or utcnow()
    since = now - timedelta(seconds=current_app.config["API_LIMIT_WINDOW"])
    return db.session.execute(_count_statement(), {
        "token_id": token_id, "now": now, "since": since}).scalar_one()


# Each statement is built once, on first use (when every model is known): building one cost
# more than running it.


@cache
def _token_query():
    return (select(ApiToken).options(joinedload(ApiToken.player))
            .where(ApiToken.digest == bindparam("digest")))


@cache
def _count_statement():
    now = bindparam("now", type_=ApiToken.last_used_at.type)
    since = bindparam("since", type_=ApiToken.window_start.type)
    fresh = (ApiToken.window_start.is_(None)) | (ApiToken.window_start <= since)
    return (update(ApiToken).where(ApiToken.id == bindparam("token_id"))
            .values(last_used_at=now,
                    window_start=case((fresh, now), else_=ApiToken.window_start),
                    window_count=case((fresh, 1), else_=ApiToken.window_count + 1))
            .returning(ApiToken.window_count)
            .execution_options(synchronize_session=False))


def require(token: ApiToken, scope: str) -> None:
    """:raises MissingScope: the token was not given ``scope``."""
    if scope not in token.scope_list:
        raise MissingScope(f"This token lacks the {scope!r} scope.")

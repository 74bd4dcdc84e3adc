"""Signed tokens: one salt per purpose, an age limit, a payload naming what it authorises.

A token signed for one purpose never verifies for another (the salt differs), so a sign-in
link cannot be replayed as a move link and the other way round.
"""

from __future__ import annotations

from functools import lru_cache

from flask import current_app
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer

from .i18n import _l

#: purpose -> (salt, config key holding the maximum age in seconds)
PURPOSES = {
    "move": ("pbem.move-link", "MOVE_LINK_MAX_AGE"),
    "reply": ("pbem.reply-address", "MOVE_LINK_MAX_AGE"),
    "digest-reply": ("pbem.digest-reply-address", "MOVE_LINK_MAX_AGE"),
    "sign-in": ("pbem.sign-in", "SIGN_IN_MAX_AGE"),
    "invitation": ("pbem.invitation", "INVITATION_MAX_AGE"),
    "tournament-invitation": ("pbem.tournament-invitation", "INVITATION_MAX_AGE"),
    "unsubscribe": ("pbem.unsubscribe", "UNSUBSCRIBE_MAX_AGE"),
    "calendar": ("pbem.calendar", "CALENDAR_MAX_AGE"),
}


class LinkError(Exception):
    """A token that does not authorise anything; ``code`` says why, ``status`` the HTTP code,
    ``onward`` the page to go to instead when there is one: ``(link text, endpoint, its
    values)``, made into a URL only by the error page (a reply by email has no request)."""

    def __init__(self, message: str, code: str, status: int = 403,
                 onward: tuple[str, str, dict] | None = None):
        super().__init__(message)
        self.message = message
        self.code = code
        self.status = status
        self.onward = onward


def _serializer(purpose: str) -> URLSafeTimedSerializer:
    salt, _ = PURPOSES[purpose]
    config = current_app.config
    return _serializer_for((*config["SECRET_KEY_FALLBACKS"], config["SECRET_KEY"]), salt)


@lru_cache(maxsize=64)
def _serializer_for(keys: tuple, salt: str) -> URLSafeTimedSerializer:
    """One serializer per key list and salt: a move signs three tokens and building each anew
    was a fifth of their cost. Keyed by the keys, so a changed key (or a test's) is never stale.

    ``keys`` ends with SECRET_KEY, which signs; the fallbacks before it still verify, so links
    mailed before a key rotation keep working until they expire.
    """
    return URLSafeTimedSerializer(list(keys), salt=salt)


def sign(purpose: str, payload) -> str:
    """A URL-safe token carrying ``payload`` (keep it small: it may live in an address)."""
    return _serializer(purpose).dumps(payload)


def unsign(purpose: str, token: str):
    """The payload of a token signed for ``purpose``.

    :raises LinkError: ``expired`` (410) or ``invalid`` (403, tampered or another purpose).
    """
    _, age_key = PURPOSES[purpose]
    try:
        return _serializer(purpose).loads(token, max_age=current_app.config[age_key])
    except SignatureExpired:
        raise LinkError(_l("This link has expired."), "expired", 410) from None
    except BadSignature:
        raise LinkError(_l("This link is not valid (it may have been altered)."),
                        "invalid") from None

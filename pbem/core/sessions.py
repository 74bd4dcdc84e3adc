"""The session cookie, signed as Flask signs it, with its serializer made once per key.

Flask makes the serializer afresh on every request, a cookie or none (31 µs, about a
hundredth of a move's request); the key cannot change while the app runs, except through
its configuration, so the serializer is kept for the keys it was made with.
"""

from __future__ import annotations

from flask import Flask
from flask.sessions import SecureCookieSessionInterface
from itsdangerous import URLSafeTimedSerializer


class KeptSerializerSessionInterface(SecureCookieSessionInterface):
    def __init__(self) -> None:
        self._made: dict[tuple, URLSafeTimedSerializer | None] = {}

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        keys = (app.secret_key, tuple(app.config["SECRET_KEY_FALLBACKS"] or ()))
        serializer = self._made.get(keys)
        if serializer is None:
            serializer = self._made[keys] = super().get_signing_serializer(app)
        return serializer

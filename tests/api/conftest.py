"""Fixtures for the API's tests: tokens as headers."""

from __future__ import annotations

import pytest

from pbem.api import tokens
from pbem.core.extensions import db


@pytest.fixture
def bearer(app):
    """``bearer(player, "read", "play")``: the headers of a new token of the player's."""
    def make(player, *scopes, **kwargs):
        _token, secret = tokens.create(player, scopes or ("read", "play", "challenge"),
                                       **kwargs)
        db.session.commit()
        return {"Authorization": f"Bearer {secret}"}

    return make

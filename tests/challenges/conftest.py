"""The lobby tests' poster: Alice, signed in on the test client."""

from __future__ import annotations

import pytest
from helpers import sign_in


@pytest.fixture
def alice(client, make_player):
    player = make_player("alice@wonder.example", "Alice")
    sign_in(client, player)
    return player

"""What the lobby does when something happens in play, connected once when the application is
built (``pbem.app``): a game that ends tops up the standing challenge that started it, in
the transaction that ended it."""

from __future__ import annotations

from ..play import events
from . import standing


def subscribe() -> None:
    events.game_finished.connect(_game_finished)


def _game_finished(game, **_facts) -> None:
    standing.game_finished(game)

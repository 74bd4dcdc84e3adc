"""What the archive does when something happens in play: connected once, when the application
is built (``pbem.app``). ``game_started`` and ``game_finished`` move the game's share of the
archive's counters (:mod:`.counters`), in the transaction that started or ended it."""

from __future__ import annotations

from ..play import events
from . import counters


def subscribe() -> None:
    events.game_started.connect(_game_started)
    events.game_finished.connect(_game_finished)


def _game_started(game, **_facts) -> None:
    counters.game_started(game)


def _game_finished(game, **_facts) -> None:
    counters.game_finished(game)

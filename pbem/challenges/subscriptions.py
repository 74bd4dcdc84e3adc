"""What the lobby does when something happens in play, connected once when the application is
built (``pbem.app``): a game that ends tops up the standing challenge that started it, in
the transaction that ended it; a new block takes the later of the two players off every open
table where both sit."""

from __future__ import annotations

from ..accounts.blocks import blocked
from ..core.db import utcnow
from ..play import events
from . import service, standing


def subscribe() -> None:
    events.game_finished.connect(_game_finished)
    blocked.connect(_blocked)


def _blocked(blocker, whom, **_facts) -> None:
    service.part(blocker, whom, utcnow())


def _game_finished(game, **_facts) -> None:
    standing.game_finished(game)

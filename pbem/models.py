"""Every domain's models in one place, for Alembic and ``flask shell``."""

from .accounts.models import Player, SignInRequest
from .archive import outcomes  # noqa: F401  (seat outcomes follow Game.result)
from .clocks.models import (  # noqa: F401  (clock tables for Alembic)
    ClockNotice,
    StoredClock,
    StoredSettings,
    StoredVacation,
)
from .mail.models import OutboxMessage
from .play.models import Game, Move, Seat
from .tournaments.models import (  # noqa: F401  (tournament tables for Alembic)
    Entrant,
    LogEntry,
    Tournament,
    TournamentRound,
    TournamentTable,
)

__all__ = ["Game", "Move", "OutboxMessage", "Player", "Seat", "SignInRequest"]

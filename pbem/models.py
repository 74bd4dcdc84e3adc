"""Every domain's models in one place, for Alembic and ``flask shell``."""

from .accounts.models import Player, SignInRequest
from .api.models import ApiToken  # noqa: F401  (personal access tokens)
from .archive.models import ArchiveCount, ImportedRecord, PlayerRecord  # noqa: F401
from .botplay.models import BotLease, GameReview  # noqa: F401  (the bot worker's tables)
from .challenges.models import (  # noqa: F401  (lobby tables for Alembic)
    Challenge,
    ChallengeSeat,
    StandingChallenge,
)
from .clocks.models import ClockNotice, StoredClock, StoredVacation  # noqa: F401  (for Alembic)
from .conditional.models import ConditionalTree  # noqa: F401  (conditional moves)
from .correspondence.models import PendingMove  # noqa: F401  (emailed moves to confirm)
from .mail.models import HandledMail, OutboxMessage
from .notes.models import GameNote  # noqa: F401  (players' private notes)
from .notifications.models import StoredSettings  # noqa: F401  (for Alembic)
from .ops.models import Heartbeat  # noqa: F401  (when the tick last ran)
from .play.models import Game, GameMessage, Move, Seat
from .push.models import PushSubscription  # noqa: F401  (browsers' push subscriptions)
from .ratings.models import Rating, RatingChange  # noqa: F401  (rating tables for Alembic)
from .tournaments.models import (  # noqa: F401  (tournament tables for Alembic)
    Entrant,
    LogEntry,
    Tournament,
    TournamentRound,
    TournamentTable,
)

__all__ = ["Game", "GameMessage", "HandledMail", "ImportedRecord", "Move", "OutboxMessage",
           "Player", "Seat", "SignInRequest"]

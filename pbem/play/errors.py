"""What can go wrong when someone acts in a game, each with its HTTP answer."""

from __future__ import annotations

from ..core.errors import PbemError


class GameNotFound(PbemError):
    status, code = 404, "not-found"


class GameNotActive(PbemError):
    status, code = 409, "not-active"


class NotYourTurn(PbemError):
    status, code = 403, "not-your-turn"


class PositionChanged(PbemError):
    """The game moved on since the page was shown (another tab, player or a double click)."""

    status, code = 409, "position-changed"


class OutOfTime(PbemError):
    """A turn arrived after its clock ran out: it is not played, and the game is ended on time
    (the seat times out) in the same unit of work."""

    status, code = 409, "timeout"


class BadSetup(PbemError):
    """A new game that cannot be made: options, player count, duplicate players..."""

    status, code = 422, "bad-setup"

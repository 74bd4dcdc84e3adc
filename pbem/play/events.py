"""What happens in games, published for the domains that react (blinker signals).

Play publishes and never imports its subscribers: the clocks, the mail players get
(``pbem.correspondence``) and tournaments connect to these when the application is built
(``pbem.app``). Every receiver runs inside the transaction of the change that caused it, so
what it writes (a clock, an outbox row) exists only if the change commits. Receivers react;
they never veto, commit or roll back (a move too late is refused before it is written:
:func:`.ports.time_ran_out`).

Each signal's sender is the :class:`~pbem.play.models.Game`.
"""

from __future__ import annotations

from blinker import Namespace

#: How a game finished (``game_finished``'s ``how``): the terminations of the records.
from .termination import ADJUDICATION, AGREEMENT, FORFEIT, RESIGNATION, RULES, TIMEOUT

__all__ = ["ADJUDICATION", "AGREEMENT", "FORFEIT", "RESIGNATION", "RULES", "TIMEOUT"]

_signals = Namespace()

game_started = _signals.signal("game-started", doc="""\
The game has started (``state``: its position, forced passes of the start applied).""")

turn_played = _signals.signal("turn-played", doc="""\
Plies were stored: ``moves`` (``storing.Played``, forced passes included) took the game to
``state``. Sent at the start too, with the start's forced passes, if any.""")

turn_begins = _signals.signal("turn-begins", doc="""\
A turn begins for ``seat`` in ``state`` (once per turn, not per ply); ``moves`` led here.""")

game_finished = _signals.signal("game-finished", doc="""\
The game is over in ``state``; ``how`` is one of RULES, RESIGNATION, TIMEOUT, FORFEIT,
AGREEMENT, ADJUDICATION (the result is on the game).""")

invited = _signals.signal("invited", doc="A new game invites ``seat``'s player.")

declined = _signals.signal("declined", doc="``seat`` declined the invitation; no game.")

accepted = _signals.signal("accepted", doc="""\
``seat`` accepted the invitation (the game starts once every seat has: ``game-started``).""")

end_proposed = _signals.signal("end-proposed", doc="""\
``proposer`` (a seat index) proposes or agrees to end the game; ``seats`` still have to
answer; ``outcome`` says how it would end.""")

end_declined = _signals.signal("end-declined", doc="""\
``decliner`` withdrew the proposal to end the game; ``seats`` had agreed to it.""")

message_posted = _signals.signal("message-posted", doc="""\
A player posted ``posted`` (a :class:`~pbem.play.models.GameMessage`) to the game's thread;
everyone else in the game is to be told.""")


# Questions are calls, not signals: what play asks the clocks is in .ports (kept importable
# from here for the callers written before).
from .ports import page_context, time_control_text  # noqa: E402, F401

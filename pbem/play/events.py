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

from inspect import iscoroutinefunction

from blinker import NamedSignal

#: How a game finished (``game_finished``'s ``how``): the terminations of the records.
from .termination import ADJUDICATION, AGREEMENT, FORFEIT, RESIGNATION, RULES, TIMEOUT

__all__ = ["ADJUDICATION", "AGREEMENT", "FORFEIT", "RESIGNATION", "RULES", "TIMEOUT"]


class _Event(NamedSignal):
    """A signal whose receivers are plain functions, refused at ``connect`` otherwise: blinker
    asks ``inspect`` of every receiver on every send whether it is a coroutine function (a
    fortieth of a move's request, which sends two of these), though the answer was known
    when it connected."""

    def connect(self, receiver, *args, **kwargs):
        if iscoroutinefunction(receiver):
            raise TypeError(f"{self.name}: a receiver of play's events runs in the "
                            "transaction of its cause, so it cannot be a coroutine function")
        return super().connect(receiver, *args, **kwargs)

    def send(self, sender=None, /, **kwargs):
        if self.is_muted:
            return []
        return [(receiver, receiver(sender, **kwargs))
                for receiver in self.receivers_for(sender)]


game_started = _Event("game-started", doc="""\
The game has started (``state``: its position, forced passes of the start applied).""")

turn_played = _Event("turn-played", doc="""\
Plies were stored: ``moves`` (``storing.Played``, forced passes included) took the game to
``state``. Sent at the start too, with the start's forced passes, if any.""")

turn_begins = _Event("turn-begins", doc="""\
A turn begins for ``seat`` in ``state`` (once per turn, not per ply); ``moves`` led here.""")

game_finished = _Event("game-finished", doc="""\
The game is over in ``state``; ``how`` is one of RULES, RESIGNATION, TIMEOUT, FORFEIT,
AGREEMENT, ADJUDICATION (the result is on the game).""")

invited = _Event("invited", doc="A new game invites ``seat``'s player.")

declined = _Event("declined", doc="``seat`` declined the invitation; no game.")

accepted = _Event("accepted", doc="""\
``seat`` accepted the invitation (the game starts once every seat has: ``game-started``).""")

end_proposed = _Event("end-proposed", doc="""\
``proposer`` (a seat index) proposes or agrees to end the game; ``seats`` still have to
answer; ``outcome`` says how it would end.""")

end_declined = _Event("end-declined", doc="""\
``decliner`` withdrew the proposal to end the game; ``seats`` had agreed to it.""")

message_posted = _Event("message-posted", doc="""\
A player posted ``posted`` (a :class:`~pbem.play.models.GameMessage`) to the game's thread;
everyone else in the game is to be told.""")


# Questions are calls, not signals: what play asks the clocks is in .ports (kept importable
# from here for the callers written before).
from .ports import page_context, time_control_text  # noqa: E402, F401

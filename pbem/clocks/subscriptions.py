"""What the clocks do when something happens elsewhere: connected once, when the application
is built (``pbem.app``).

- play's ``turn_played``: the clocks move on (:func:`.service.after_moves`);
  ``game_finished``: they stop.
- play's questions, answered by calls handed over here (``pbem.play.ports``): before it writes
  a move, whether the mover's time ran out (:func:`.service.time_ran_out`); a new game's time
  control, read and checked; what the game page shows (the time control, the deadline, who is
  away).
- mail's composers: reminders and timeouts, queued by the tick as their facts, are written
  when they go out.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..mail import composers
from ..play import events, ports
from . import service, tick
from .logic.timecontrol import from_form


def subscribe() -> None:
    events.turn_played.connect(_turn_played)
    events.game_finished.connect(_game_finished)
    ports.check_time_with(service.time_ran_out)
    ports.read_time_controls_with(_read_time_control)
    ports.add_to_game_page("clocks", _game_page)
    composers.register("reminder", tick.compose_reminder)
    composers.register("timeout", tick.compose_timeout)


def _turn_played(game, *, state, moves) -> None:
    service.after_moves(game, state, moves)


def _game_finished(game, **_facts) -> None:
    service.stop(game)


def _read_time_control(value) -> str:
    if isinstance(value, Mapping):
        return str(from_form(**value))
    return service.checked_control(value)


def _game_page(game, reader_id, now) -> dict:
    return {"clock": service.game_view(game, reader_id, now)}

"""What the clocks do when something happens elsewhere: connected once, when the application
is built (``pbem.app``).

- play's ``turn_played``: the clocks move on (:func:`.service.after_moves`);
  ``game_finished``: they stop.
- play asks, before it writes a move, whether the mover's time ran out
  (:func:`.service.time_ran_out`, handed over here at start-up).
- play's ``read_time_control``: a new game's time control is read and checked here.
- play's ``game_page``: the page shows the time control, the deadline, who is away.
- the digest's ``waiting_games``: every game waiting for the player, with its deadline.
- mail's composers: reminders and timeouts, queued by the tick as their facts, are written
  when they go out.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..core.urls import external_url
from ..mail import compose
from ..notifications import digest
from ..notifications.settings import zone_of
from ..play import events
from ..play import service as play_service
from ..play.links import move_url
from . import service, tick
from .logic.display import format_deadline
from .logic.timecontrol import from_form


def subscribe() -> None:
    play_service.check_time_with(service.time_ran_out)
    events.turn_played.connect(_turn_played)
    events.game_finished.connect(_game_finished)
    events.read_time_control.connect(_read_time_control)
    events.game_page.connect(_game_page)
    digest.waiting_games.connect(_waiting_games)
    compose.register("reminder", tick.compose_reminder)
    compose.register("timeout", tick.compose_timeout)


def _turn_played(game, *, state, moves) -> None:
    service.after_moves(game, state, moves)


def _game_finished(game, **_facts) -> None:
    service.stop(game)


def _read_time_control(_sender, *, value) -> str:
    if isinstance(value, Mapping):
        return str(from_form(**value))
    return service.checked_control(value)


def _game_page(game, *, reader_id, now) -> dict:
    return {"clock": service.game_view(game, reader_id, now)}


def _waiting_games(_sender, *, player_id, now) -> list[dict]:
    zone = zone_of(player_id)
    return [
        {"game": game, "link": move_url(game, seat),
         "deadline": game.to_move_deadline and format_deadline(game.to_move_deadline, zone, now),
         "game_url": external_url("play.game", game_id=game.id)}
        for game, seat in service.waiting_games(player_id)
    ]

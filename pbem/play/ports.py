"""What play asks the domains above it, as plain calls: each answer is a callable those
domains hand over when the application is built (their ``subscribe()``, from ``pbem.app``).
Signals carry events (:mod:`.events`); these carry answers, so a reader sees who answers.

- :func:`time_control_text`: the clocks read a new game's time control.
- :func:`page_context`: the domains add to the game page (the clocks: deadlines, vacations).
- :func:`time_ran_out`: before a move is written, the clocks say whether the mover's time ran
  out (play then times the seat out instead of playing the move).

With nobody answering (play alone, a test), games have no clock: only "no time control" is
read, the page gets nothing more, and no time runs out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime

NO_TIME_CONTROL = "none"

_time_control_reader: Callable[[object], str] | None = None
_time_ran_out: Callable[[object, int, datetime], str | None] | None = None
#: Who adds to the game page, by name (a domain subscribing twice replaces its own).
_page_parts: dict[str, Callable[[object, int | None, datetime], dict]] = {}


def read_time_controls_with(reader: Callable[[object], str] | None) -> None:
    """``reader(value)`` reads a time control (its compact text, a dict of the form's fields,
    or a parsed one) into the compact text to store; it raises ``ValueError`` with a reason."""
    global _time_control_reader
    _time_control_reader = reader


def check_time_with(answer: Callable[[object, int, datetime], str | None] | None) -> None:
    """``answer(game, seat, now)`` says why the seat may no longer move (None: it may)."""
    global _time_ran_out
    _time_ran_out = answer


def add_to_game_page(name: str, part: Callable[[object, int | None, datetime], dict]) -> None:
    """``part(game, reader_id, now)`` returns what it adds to the game page's context."""
    _page_parts[name] = part


def time_control_text(value) -> str:
    """The compact text of a new game's time control (``"none"`` for none).

    :raises ValueError: a time control that cannot be read (or, with no clocks, any but
        none), with the reason.
    """
    if value is None or value == "":
        value = NO_TIME_CONTROL
    if _time_control_reader is not None:
        return _time_control_reader(value)
    if (value.get("kind") if isinstance(value, Mapping) else str(value)) in (NO_TIME_CONTROL,
                                                                              None, ""):
        return NO_TIME_CONTROL
    raise ValueError("this server keeps no clocks: only games without a time control")


def page_context(game, reader_id: int | None, now: datetime) -> dict:
    """What the domains add to the game page."""
    context = {}
    for part in _page_parts.values():
        context.update(part(game, reader_id, now) or {})
    return context


def time_ran_out(game, seat: int, now: datetime) -> str | None:
    """Why ``seat`` may no longer move in ``game`` at ``now``, or None."""
    return _time_ran_out(game, seat, now) if _time_ran_out is not None else None

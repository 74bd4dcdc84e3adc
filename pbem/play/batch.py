"""Acting on many games in one unit of work (the clocks' tick ends hundreds in one chunk).

Play's events fire one game at a time, and a receiver that reads a row per game, or rates
each game as it ends, costs a round trip or a flush per game. Within :func:`acting_on`, a
receiver reads a fact for every game of the batch in one query (:func:`fact`), and defers
work to the end of the batch to do it for all of them at once (:func:`later`), still inside
the transaction that caused it. Outside a batch both work on the one game at once, so a
receiver need not know whether it is in one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field


@dataclass
class _Batch:
    #: The batch's games, in order (a dict as an ordered set).
    game_ids: dict[int, None]
    facts: dict[str, dict] = field(default_factory=dict)
    #: Deferred work by name: the function and its items, in the order they came.
    work: dict[str, tuple[Callable, list]] = field(default_factory=dict)


_current: ContextVar[_Batch | None] = ContextVar("pbem_play_batch", default=None)


@contextmanager
def acting_on(game_ids: Iterable[int]):
    """Within the block, facts about these games are read for all of them at once, and
    deferred work runs when the block ends without an error (nothing of it when it raises:
    the caller rolls back)."""
    batch = _Batch(dict.fromkeys(game_ids))
    token = _current.set(batch)
    try:
        yield
    finally:
        _current.reset(token)
    for run_many, items in batch.work.values():
        run_many(items)


def fact(name: str, game_id: int, load_many: Callable[[list[int]], dict]):
    """``load_many(game_ids)[game_id]`` (``None`` when missing), loaded once for every game of
    the batch around. Only for facts that the batch's own changes do not alter."""
    batch = _current.get()
    if batch is None or game_id not in batch.game_ids:
        return load_many([game_id]).get(game_id)
    if name not in batch.facts:
        batch.facts[name] = load_many(list(batch.game_ids))
    return batch.facts[name].get(game_id)


def later(name: str, item, run_many: Callable[[list], None]) -> None:
    """``run_many([item])`` now, or, in a batch, once at its end with every item given under
    ``name``, in the order they came."""
    batch = _current.get()
    if batch is None:
        run_many([item])
    else:
        batch.work.setdefault(name, (run_many, []))[1].append(item)

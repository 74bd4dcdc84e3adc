"""The periodic tick: every domain's due work, run by ``flask pbem tick`` (or ``--loop``).

**Adding a tick task**: give it a line of :data:`TASKS` — that is the only registration; the
``tick`` command, ``pbem dev`` and the tests all run :func:`run_tick`. A task is
``run(now) -> str`` (a one-line summary, its ``idle`` words when there was nothing to do) and
must be idempotent and safe to run from two hosts at once: it claims its rows with row locks
(``SKIP LOCKED`` on PostgreSQL) or compare-and-set updates, so a second tick finds nothing
left to do, and opens one unit of work (``pbem.core.work.unit_of_work("tick")``) per thing it
handles. The bots' turns are a safety net here (``pbem bots --loop`` plays them as they come;
the tick leaves the correspondence level's minute-long turns to it). Time is passed in, so
tests drive the tick with any clock.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import NamedTuple

from .botplay import review as reviews
from .botplay import worker as bots
from .challenges import tick as challenges
from .clocks import tick as clocks
from .core.db import utcnow
from .notifications import digest as digests
from .tournaments import tick as tournaments


class Task(NamedTuple):
    """A domain's periodic work."""

    name: str
    run: Callable[[datetime], str]
    #: What ``run`` says when it had nothing to do (a quiet round is logged, not printed).
    idle: str


#: Every tick task, in the order they run.
TASKS = (
    Task("tournaments", tournaments.run, "nothing due"),
    Task("clocks", clocks.run, "nothing due"),
    Task("digests", digests.run, "nothing due"),
    Task("bots", bots.run_quick, "nothing to play"),
    Task("reviews", reviews.run, "nothing to review"),
    Task("challenges", challenges.run, "0 challenges expired, 0 posted for standing challenges"),
)


def run_tick(now: datetime | None = None) -> list[str]:
    """Run every task once at ``now`` (the current time by default); their summaries, each
    ``"<task>: <summary>"``."""
    now = now or utcnow()
    return [f"{task.name}: {task.run(now)}" for task in TASKS]


def idle(summary: str) -> bool:
    """Whether a line of :func:`run_tick` says its task had nothing to do."""
    name, _, said = summary.partition(": ")
    return any(task.name == name and task.idle == said for task in TASKS)

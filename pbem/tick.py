"""The periodic tick: every domain's due work, run by ``flask pbem tick`` (or ``--loop``).

Each task is ``run(now) -> str`` (a one-line summary) and must be idempotent and safe to run
from two hosts at once: it claims its rows with row locks (``SKIP LOCKED`` on PostgreSQL) or
compare-and-set updates, so a second tick finds nothing left to do. The bots' turns are a
safety net here (``pbem bots --loop`` plays them as they come; the tick leaves the
correspondence level's minute-long turns to it). Time is passed in, so
tests drive the tick with any clock.
"""

from __future__ import annotations

from datetime import datetime

from .botplay import review as reviews
from .botplay import worker as bots
from .challenges import tick as challenges
from .clocks import tick as clocks
from .core.db import utcnow
from .tournaments import tick as tournaments

#: Every tick task with its name, in the order they run.
TASKS = (("tournaments", tournaments.run), ("clocks", clocks.run), ("bots", bots.run_quick),
         ("reviews", reviews.run), ("challenges", challenges.run))


def run_tick(now: datetime | None = None) -> list[str]:
    """Run every task once at ``now`` (the current time by default); their summaries."""
    now = now or utcnow()
    summaries = []
    for name, task in TASKS:
        summaries.append(f"{name}: {task(now)}")
    return summaries


#: What a task says when it had nothing to do.
IDLE = ("nothing due", "nothing to play", "nothing to review",
        "0 challenges expired, 0 posted for standing challenges")


def idle(summary: str) -> bool:
    """Whether a line of :func:`run_tick` says its task had nothing to do."""
    return summary.partition(": ")[2] in IDLE

"""The periodic tick: every domain's due work, run by ``flask pbem tick`` (or ``--loop``).

Each task is ``run(now) -> str`` (a one-line summary) and must be idempotent and safe to run
from two hosts at once: it claims its rows with row locks (``SKIP LOCKED`` on PostgreSQL) or
compare-and-set updates, so a second tick finds nothing left to do. Time is passed in, so
tests drive the tick with any clock.
"""

from __future__ import annotations

import importlib
from datetime import datetime

from .db import utcnow

#: ``module:function`` of every tick task, in the order they run.
TASKS: tuple[str, ...] = ("pbem.tournaments.tick:run", "pbem.clocks.tick:run")


def run_tick(now: datetime | None = None) -> list[str]:
    """Run every task once at ``now`` (the current time by default); their summaries."""
    now = now or utcnow()
    summaries = []
    for path in TASKS:
        module, _, name = path.partition(":")
        task = getattr(importlib.import_module(module), name)
        summaries.append(f"{module.rsplit('.', 2)[-2]}: {task(now)}")
    return summaries

"""The clock a bot's thinking is measured by: CPU time of the thread that thinks.

A move's budget is CPU seconds, not wall seconds: on a busy host the search takes longer by
the clock on the wall but does the same work, so a bot plays at its level when the site is
busiest too. Thread time, not process time, so that workers thinking in threads of one
process (the development server's) do not spend each other's budgets.
"""

from __future__ import annotations

import time

cpu_clock = time.thread_time

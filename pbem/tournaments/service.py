"""The tournaments' public surface, one import for their pages, the commands and the domains
above: setting one up (:mod:`.creation`), enrolment before the start (:mod:`.enrolment`),
running it by hand (:mod:`.running`) and reading (:mod:`.queries`).

Each function that changes a tournament claims it first (:mod:`.claim`), so admin actions
and the tick never interleave, and flushes what it did with its mail: the entry point (a page,
a command) commits its unit of work, claim included. Every admin action is logged with who,
when and why.
"""

from .creation import create, edit
from .enrolment import (
    answer,
    entry_of,
    invite,
    is_full,
    open_invitation,
    register,
    registration_open,
    seed,
    seeding,
)
from .queries import all_tournaments, get_tournament, log_of, table_of
from .running import act_on_game, leave_all, pause, reinstate, resume, start, withdraw

__all__ = [
    "act_on_game", "all_tournaments", "answer", "create", "edit", "entry_of", "get_tournament",
    "invite", "is_full", "leave_all", "log_of", "open_invitation", "pause", "register",
    "registration_open", "reinstate", "resume", "seed", "seeding", "start", "table_of",
    "withdraw",
]

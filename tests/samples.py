"""Which part of a long sweep the default run takes (importable as ``samples``).

``make test`` must stay quick enough to run often, yet the sweeps it samples (the bad-input
sweep's cases, the random stress games) must all run now and then. The default run takes a
fixed core (every route, every kind of junk: see the sweeps) and one slice of the rest, chosen
by ``PBEM_SAMPLE_SEED``: the day's number unless set, so consecutive days take consecutive
slices and every case runs within :data:`SLICES` days. ``make test-all`` (``-m ''``) runs every
case, as does ``-m slow`` for the cases outside the sample. A failure names its seed; set
``PBEM_SAMPLE_SEED`` to it to run the same sample again.
"""

from __future__ import annotations

import os
import zlib
from collections.abc import Callable, Hashable, Iterable
from datetime import UTC, datetime

#: How many slices the rest of a sweep is cut into (each run takes one).
SLICES = 16


def default_seed() -> str:
    """The day's number (UTC): the seed of a run that names none."""
    return str(datetime.now(UTC).toordinal())


def seed() -> int:
    """This run's seed. Set in the environment before xdist starts its workers (see
    tests/conftest.py), so that every worker collects the same sample."""
    return int(os.environ.get("PBEM_SAMPLE_SEED") or default_seed())


def in_slice(key: str, slices: int = SLICES) -> bool:
    """Whether the case named ``key`` is in this run's slice: each key falls in one slice of
    ``slices``, whatever the seed, and the seed picks the slice."""
    return zlib.crc32(key.encode()) % slices == seed() % slices


def rotated(count: int, total: int) -> list[int]:
    """``count`` consecutive numbers of ``range(total)`` (all of them if ``count`` is not
    less), starting where this run's seed says and wrapping round: consecutive seeds take
    consecutive windows, so ``total / count`` runs cover every number."""
    if count >= total:
        return list(range(total))
    start = seed() * count % total
    return [(start + n) % total for n in range(count)]


def tiebreak(key: str) -> int:
    """A number for ``key`` that changes with the seed: which of equally good cases a sample
    takes, so that the choice rotates too."""
    return zlib.crc32(f"{seed()}:{key}".encode())


def covering(cases: Iterable, name: Callable, group: Callable, kind: Callable) -> set:
    """The cases a sweep runs every time: one of each ``group`` (a route's input, say), of
    the ``kind`` tried least so far (a kind of junk), ties broken by the seed; then one of each
    kind still untried. Every group and every kind is in it, whatever the seed.

    ``name(case)`` is the case's stable name; ``group(case)`` and ``kind(case)`` hashable."""
    cases = list(cases)
    groups: dict[Hashable, list] = {}
    for case in cases:
        groups.setdefault(group(case), []).append(case)
    tried: dict[Hashable, int] = dict.fromkeys(map(kind, cases), 0)
    chosen = set()
    for members in groups.values():
        case = min(members, key=lambda c: (tried[kind(c)], tiebreak(name(c))))
        chosen.add(case)
        tried[kind(case)] += 1
    for untried in [k for k, count in tried.items() if not count]:
        chosen.add(min((c for c in cases if kind(c) == untried), key=lambda c: tiebreak(name(c))))
    return chosen


def sampled(cases: Iterable, name: Callable, group: Callable, kind: Callable) -> set:
    """The cases of a sweep the default run takes: :func:`covering`'s, and this run's slice of
    the others (see :func:`in_slice`)."""
    cases = list(cases)
    return covering(cases, name, group, kind) | {c for c in cases if in_slice(name(c))}

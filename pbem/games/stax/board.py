"""Geometry on a Stax table (rules/stax.md §3.1): rays, touching, the step rule, connectivity.

Boards here are plain dicts keyed by packed cells: ``tops`` maps a cell to its top tile
``(owner, mask)`` and ``heights`` to its stack height. The move generator lifts the moving
tile by editing its own copies of these dicts, so every function reads only what it is given.
"""

from __future__ import annotations

from .tiles import STEPS

_S0, _S1, _S2, _S3, _S4, _S5 = STEPS


def touches(occupied, c: int) -> bool:
    """``touches(B, c)``: some neighbour of ``c`` is occupied."""
    return (
        c + _S0 in occupied
        or c + _S1 in occupied
        or c + _S2 in occupied
        or c + _S3 in occupied
        or c + _S4 in occupied
        or c + _S5 in occupied
    )


def ray(tops, c: int, d: int) -> list[int]:
    """``Ray(B, c, d)``: the cells where a tile leaving ``c`` in direction ``d`` may stop.

    Empty cells are crossed while they touch a tile; a stack is passed over only when its
    top points the same way (a king points nowhere, so every ray ends at a king).
    """
    step, bit = STEPS[d], 1 << d
    out = []
    x = c + step
    while True:
        top = tops.get(x)
        if top is None:
            if not touches(tops, x):
                return out
            out.append(x)
        else:
            out.append(x)
            if not top[1] & bit:
                return out
        x += step


def step_reach(heights) -> set[int]:
    """The set R of the step rule: the stacks from which a walker can get down to the table."""
    reach = set()
    todo = []
    for c, h in heights.items():
        if h == 1 and not touches_all(heights, c):
            reach.add(c)
            todo.append(c)
    get = heights.get
    while todo:
        c = todo.pop()
        h = heights[c]
        for st in STEPS:
            n = c + st
            hn = get(n)
            if hn is not None and h - 1 <= hn <= h + 1 and n not in reach:
                reach.add(n)
                todo.append(n)
    return reach


def step_ok(heights) -> bool:
    """``StepOK(B)``: every stack can walk down to the table one level at a time."""
    return len(step_reach(heights)) == len(heights)


def step_ok_near(heights, changed) -> bool:
    """``StepOK(B)`` for a board that differs from a step-rule-abiding one only at ``changed``
    (the cells whose height changed and their neighbours).

    A group of stacks joined by steps of at most one level that contains none of these cells
    is the same group as before, so it still holds a way down; only the groups around the
    change need a search, and each search stops at the first way down it finds.
    """
    good: set[int] = set()
    for start in changed:
        h = heights.get(start)
        if h is None or (h == 1 and not touches_all(heights, start)) or start in good:
            continue
        queue = [start]
        seen = {start}
        found = False
        for c in queue:
            h = heights[c]
            if c in good or (h == 1 and not touches_all(heights, c)):
                found = True
                break
            for st in STEPS:
                n = c + st
                hn = heights.get(n)
                if hn is not None and h - 1 <= hn <= h + 1 and n not in seen:
                    seen.add(n)
                    queue.append(n)
        if not found:
            return False
        good |= seen
    return True


def touches_all(occupied, c: int) -> bool:
    """Every neighbour of ``c`` is occupied (so ``c`` has no side at table level)."""
    return (
        c + _S0 in occupied
        and c + _S1 in occupied
        and c + _S2 in occupied
        and c + _S3 in occupied
        and c + _S4 in occupied
        and c + _S5 in occupied
    )


def connected(occupied) -> bool:
    """``Connected(B)``: the occupied cells form one group (the empty table counts as one)."""
    if not occupied:
        return True
    start = next(iter(occupied))
    seen = {start}
    todo = [start]
    while todo:
        c = todo.pop()
        for st in STEPS:
            n = c + st
            if n in occupied and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(occupied)


def split_labels(occupied, hole: int) -> tuple[dict[int, int], int]:
    """The groups the occupied cells fall into around the just-emptied cell ``hole``.

    Returns (cell -> group number, number of groups). When the occupied neighbours of
    ``hole`` form one unbroken arc they are joined through each other, so the (connected)
    table stays whole and no search is needed: that case returns ``({}, 1)``.
    """
    around = [hole + st in occupied for st in STEPS]
    if sum(around[i] and not around[i - 1] for i in range(6)) <= 1:
        return {}, 1
    labels: dict[int, int] = {}
    groups = 0
    for st in STEPS:
        first = hole + st
        if first not in occupied or first in labels:
            continue
        labels[first] = groups
        todo = [first]
        while todo:
            c = todo.pop()
            for step in STEPS:
                n = c + step
                if n in occupied and n not in labels:
                    labels[n] = groups
                    todo.append(n)
        groups += 1
    return labels, groups


def joins_all(labels: dict[int, int], groups: int, c: int) -> bool:
    """Whether a tile newly put on the empty cell ``c`` touches every one of the groups."""
    return len({labels[c + st] for st in STEPS if c + st in labels}) == groups

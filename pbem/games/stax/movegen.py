"""The legal-move generator (rules/stax.md §3.2, §3.3), tuned for speed.

``explain.py`` checks one ply against the definitions written out plainly; the tests hold the
two to the same answers. Here the work is shared between candidates instead: the pointer
mask a king forbids is found once per cell, the step rule once per landing cell (it does not
depend on the orientation), connectivity with one search per lifted tile, and each
orientation's superko key from the position's hash with a few multiplications.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from functools import cache

from .board import joins_all, ray, split_labels, step_ok, step_ok_near, touches
from .hashing import P, cell_factor, tile_term
from .state import StaxState, View, is_repeat, next_seat, put, seen_test, view
from .tiles import (
    ALL_TYPES,
    CANONICAL,
    DIRSET,
    FACE_B,
    KING,
    ORIGIN,
    QUEEN,
    ROTATIONS,
    STEPS,
    TYPES,
    direction_between,
    format_cell,
)

#: What a move's canonical text ends with, by final pointer set (nothing for kings, queens).
SUFFIX = tuple("" if m in (KING, QUEEN) else "=" + DIRSET[m] for m in range(64))


@cache
def placeable_masks(hand: int, first: bool) -> tuple[int, ...]:
    """Every pointer set the tiles in ``hand`` can be placed with (no queen first: STAX-R2)."""
    masks = []
    for i, code in enumerate(TYPES):
        if hand >> i & 1 and not (first and code == "Q"):
            masks.extend(ROTATIONS[CANONICAL[code]])
            if code == "3h":
                masks.extend(ROTATIONS[FACE_B])
    return tuple(sorted(masks))


def placement_cells(state: StaxState, v: View) -> list[int]:
    """Empty cells a tile may be placed on: the opening rule, then two or more neighbours."""
    if not v.heights:
        return [ORIGIN]
    if len(v.heights) == 1 and sum(v.heights.values()) == 1:
        (only,) = v.heights
        return [only + st for st in STEPS]
    counts: dict[int, int] = {}
    for c in v.heights:
        for st in STEPS:
            n = c + st
            if n not in v.heights:
                counts[n] = counts.get(n, 0) + 1
    return [c for c, k in counts.items() if k >= 2]


def pointing_mask(tops, c: int, king: int | None) -> int:
    """The pointers a tile placed on ``c`` may not have: those whose ray reaches ``king``."""
    if king is None:
        return 0
    line = direction_between(c, king)
    if line is None or king not in ray(tops, c, line[0]):
        return 0
    return 1 << line[0]


def steps_hold(v: View, heights, moved) -> bool:
    """``StepOK`` of ``heights``, which differs from the state's board only at ``moved``."""
    if not v.steps_ok:  # a built position that breaks the rule already: search it all
        return step_ok(heights)
    return step_ok_near(heights, [c + st for c in moved for st in _AROUND])


_AROUND = (0, *STEPS)


def plies(state: StaxState, confirm: bool = True) -> Iterator[str]:
    """Every legal ply of the player to move, lazily and unsorted.

    With ``confirm`` false a candidate whose key is already seen is skipped rather than
    confirmed against the exact earlier position: what is left is legal without looking at
    the history at all (a loaded game must replay its history to confirm a match).
    """
    seat = state.turn
    v = view(state)
    heights = dict(v.heights)  # edited and restored below
    tops = dict(v.tops)
    target = next_seat(state, seat)
    hand = ALL_TYPES & ~state.placed[seat]
    if hand:
        masks = placeable_masks(hand, state.placed[seat] == 0)
        king = v.kings.get(target)
        for c in placement_cells(state, v):
            heights[c] = 1
            ok = steps_hold(v, heights, (c,))
            del heights[c]
            if not ok:
                continue
            forbidden = pointing_mask(tops, c, king)
            where = "@" + format_cell(c)
            for m in masks:
                if not m & forbidden:
                    yield DIRSET[m] + where
    if seat in v.kings:
        yield from _movements(state, v, seat, target, heights, tops, confirm)


def _movements(state, v: View, seat, target, heights, tops, confirm) -> Iterator[str]:
    board, order = state.board, v.order
    seen = seen_test(state)
    for s, (owner, mask) in v.tops.items():
        if owner != seat:
            continue
        hs = heights[s]
        if all(heights.get(s + st, 0) >= hs for st in STEPS):
            continue  # no free side (STAX-R7)
        if hs == 1:
            del heights[s], tops[s]
        else:
            heights[s] = hs - 1
            tops[s] = board[s][-2]
        if mask == KING:
            landings = [s + st for st in STEPS if s + st in tops or touches(tops, s + st)]
        else:
            landings = [x for d in range(6) if mask >> d & 1 for x in ray(tops, s, d)]
        labels, groups = split_labels(tops, s) if hs == 1 else ({}, 1)
        lifted = v.raw - tile_term(hs - 1, seat, mask) * cell_factor(s)
        smallest = order[1] if hs == 1 and s == order[0] and len(order) > 1 else order[0]
        src = format_cell(s) + ">"
        for land in landings:
            top = tops.get(land)
            capture = top is not None and top[1] == KING
            if capture and top[0] != target:
                continue  # own king, the previous player's, a resigned player's
            if groups > 1 and (top is not None or not joins_all(labels, groups, land)):
                continue  # the table would split
            below = heights.get(land, 0)
            if capture:
                ok = steps_hold(v, heights, (s, land))
            else:
                heights[land] = below + 1
                ok = steps_hold(v, heights, (s, land))
                if below:
                    heights[land] = below
                else:
                    del heights[land]
            if not ok:
                continue
            factor = cell_factor(land)
            if capture:
                base = lifted - tile_term(below - 1, target, KING) * factor
                level = below - 1
            else:
                base, level = lifted, below
            unshift = cell_factor(-(land if not below and land < smallest else smallest))
            prefix = src + format_cell(land)
            for m in ROTATIONS[mask]:
                key = (base + tile_term(level, seat, m) * factor) % P * unshift % P
                if seen(key):
                    if not confirm:
                        continue
                    after = dict(board)
                    put(after, seat, ("move", s, land, m))
                    if is_repeat(state, key, after):
                        continue  # superko (STAX-R4)
                yield prefix + SUFFIX[m]
        heights[s], tops[s] = hs, (owner, mask)


def has_action(state: StaxState) -> bool:
    """Whether the player to move has any legal action (STAX-R3), stopping at the first and
    confirming a key match only when no unmatched candidate is legal."""
    return (
        next(plies(state, confirm=False), None) is not None or next(plies(state), None) is not None
    )


def settle(state: StaxState, previous: int) -> StaxState:
    """End the game if the player to move has no legal action (STAX-R3, R11):
    ``previous``, whose target they are, wins."""
    if state.winner is None and not has_action(state):
        return dataclasses.replace(state, winner=previous, cache={})
    return state


def legal(state: StaxState) -> tuple[str, ...]:
    """The legal plies, sorted; cached on the state."""
    found = state.cache.get("legal")
    if found is None:
        found = () if state.winner is not None else tuple(sorted(plies(state)))
        state.cache["legal"] = found
    return found


def legal_set(state: StaxState) -> frozenset[str]:
    """:func:`legal` as a set, cached on the state."""
    found = state.cache.get("legal_set")
    if found is None:
        found = state.cache["legal_set"] = frozenset(legal(state))
    return found


def sure(state: StaxState) -> frozenset[str]:
    """Plies known legal without confirming a key match: the legal set once it is listed,
    else the candidates that match no earlier key."""
    if "legal" in state.cache:
        return legal_set(state)
    found = state.cache.get("unmatched")
    if found is None:
        found = state.cache["unmatched"] = frozenset(plies(state, confirm=False))
    return found

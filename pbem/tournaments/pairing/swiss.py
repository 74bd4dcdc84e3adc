"""Two-player Swiss rounds by maximum-weight matching (networkx's blossom algorithm).

Every candidate pair gets one integer weight that encodes, in strict priority:

1. no rematch (and no second bye) while one is avoidable: the fewest earlier meetings;
2. the bye to the lowest-ranked player who can take it;
3. score groups: the least Σ (score difference)² over the pairs, so floats are few and short;
4. seats: the fewest pairs whose players both owe the same seat (weighted by the debt);
5. within a score group, the top half meets the bottom half (1 v n/2+1, as in the Dutch
   system); a float is the lowest of its group and meets the top of the next.

Blossom is O(n³) in pure Python (a 500-player field takes over a minute), so the
ranking is paired in consecutive blocks of ``block`` players; a block pairing that
needs a rematch or a second bye is thrown away and the blocks doubled, up to the whole
field, so rule 1 holds exactly. Rules 2–5 are exact within a block: for fields up to
``block`` players, exact.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from math import lcm

import networkx as nx

from ..history import History
from ..model import PlayerId, Round, Table

BLOCK = 48
_BYE = -1  # the bye's node in the matching graph (real nodes are rank indices)


def swiss_round(
    ranking: Sequence[PlayerId], history: History, seed: int = 0, block: int = BLOCK
) -> Round:
    """Pair the next round for ``ranking`` (current standings, best first, seed order in
    round one). With an odd count one player gets a bye (:attr:`Round.byes`).

    Tables run from the top board down; in each, seat 0 goes to the player who has had it
    less often, then to whoever sat in seat 1 last, then by board, alternating from a
    coin tossed with ``seed``.
    """
    players = list(ranking)
    if len(set(players)) != len(players) or len(players) < 2:
        raise ValueError("a Swiss round needs at least two distinct players")
    if block < 2 or block % 2:
        raise ValueError("the block size must be a positive even number")
    size = block
    while True:
        pairs, bye = _pair_in_blocks(players, history, size)
        if size >= len(players) or _clean(pairs, bye, history):
            break
        size *= 2
    coin = random.Random(seed).randrange(2)
    rank = {p: i for i, p in enumerate(players)}
    pairs.sort(key=lambda pair: min(rank[p] for p in pair))
    tables = tuple(_seat(a, b, history, (board + coin) % 2) for board, (a, b) in enumerate(pairs))
    return Round(tables, (bye,) if bye is not None else ())


def _clean(pairs, bye, history: History) -> bool:
    return not any(history.met(a, b) for a, b in pairs) and not (
        bye is not None and history.byes[bye]
    )


def _pair_in_blocks(players: list[PlayerId], history: History, size: int):
    """Consecutive blocks of ``size`` (the last one takes any remainder shorter than half
    a block, and the bye)."""
    starts = list(range(0, len(players), size))
    if len(starts) > 1 and len(players) - starts[-1] < size // 2:
        starts.pop()
    pairs, bye = [], None
    for i, start in enumerate(starts):
        end = starts[i + 1] if i + 1 < len(starts) else len(players)
        got, got_bye = _pair_block(players[start:end], history)
        pairs += got
        bye = got_bye if got_bye is not None else bye
    return pairs, bye


def _pair_block(players: list[PlayerId], history: History):
    costs = _edge_costs(players, history)
    weights = _combine(costs, edges_in_matching=(len(players) + 1) // 2)
    graph = nx.Graph()
    for (a, b), weight in zip(costs, weights, strict=True):
        graph.add_edge(a, b, weight=weight)
    pairs, bye = [], None
    for a, b in nx.max_weight_matching(graph, maxcardinality=True):
        if _BYE in (a, b):
            bye = players[max(a, b)]
        else:
            pairs.append((players[a], players[b]))
    return pairs, bye


def _edge_costs(players: list[PlayerId], history: History) -> dict:
    """Cost tuples (rematch, bye rank, score, seats, fold) per edge of the complete graph."""
    scores = [history.points.get(p, Fraction(0)) for p in players]
    unit = lcm(*(s.denominator for s in scores))
    scaled = [int(s * unit) for s in scores]
    surplus = [history.seat_surplus(p) for p in players]
    group_size: dict[int, int] = {}
    place_in_group: list[int] = []
    for s in scaled:
        place_in_group.append(group_size.get(s, 0))
        group_size[s] = group_size.get(s, 0) + 1
    n = len(players)
    costs = {}
    for i in range(n):
        for j in range(i + 1, n):
            a, b = surplus[i], surplus[j]
            seats = min(abs(a), abs(b)) if a * b > 0 else 0
            if scaled[i] == scaled[j]:
                gap = place_in_group[j] - place_in_group[i]
                fold = abs(gap - group_size[scaled[i]] // 2)
            else:  # a float: the lowest of the group above meets the top of the one below
                fold = j - i - 1
            costs[(i, j)] = (history.met(players[i], players[j]), 0, (scaled[i] - scaled[j]) ** 2,
                             seats, fold)  # fmt: skip
        if n % 2:
            costs[(_BYE, i)] = (history.byes[players[i]], n - 1 - i, 0, 0, 0)
    return costs


def _combine(costs: dict, edges_in_matching: int) -> list[int]:
    """One weight per edge such that a maximum-weight perfect matching minimises the cost
    tuples' sums lexicographically: each tier outweighs everything below it."""
    tiers = list(zip(*costs.values(), strict=True))
    weights = [0] * len(costs)
    scale = 1
    for tier in reversed(tiers):
        top = max(tier)
        weights = [w + scale * (top - c) for w, c in zip(weights, tier, strict=True)]
        scale *= top * edges_in_matching + 1
    return weights


def _seat(a: PlayerId, b: PlayerId, history: History, flip: int) -> Table:
    """Seat 0 to who has had it less; then to who sat in seat 1 last; then by ``flip``."""

    def claim(p):  # lower claims seat 0 first
        return (history.seat_surplus(p), -history.last_seat.get(p, 0.5))

    if claim(a) == claim(b):
        return Table((a, b) if flip == 0 else (b, a))
    return Table((a, b) if claim(a) < claim(b) else (b, a))

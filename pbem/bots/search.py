"""Monte Carlo tree search (UCT) through the rules protocol, for any number of seats.

Every node is a position and belongs to the seat to move there; its statistics hold the summed
result of every seat (max^n: the seat choosing at a node maximises its own share, which is how
three- and four-player games are searched). A ply, not a turn, is the step from a node to its
child, and the seat to move stays the same through the plies of its turn (Spike, Triumvirate),
so a seat choosing its second ply is still maximising its own result and the turn's plies are
searched as the sequence they are.

Results are shares in [0, 1]: the winners of a finished game split 1 between them (a
two-player draw is ½ each), unless the game's heuristics count a finished playout otherwise;
a playout cut off before the end is scored by the game's heuristics.

The search makes its plies with ``rules.apply``, the protocol's step for a ply already
checked: every ply it makes is one ``legal_moves`` listed, which ``play`` would parse again
and look up in the position's legal set (built for that alone, in a playout whose positions
are each visited once).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .clock import cpu_clock

#: The exploration constant of UCB1 for results in [0, 1].
EXPLORATION = 1.0


class _Node:
    __slots__ = ("state", "seat", "untried", "children", "visits", "totals")

    def __init__(self, state, seat, untried, seats):
        self.state = state
        self.seat = seat
        # moves not yet expanded, the next one last; None until the node is first expanded
        # (most nodes never are: a playout starts from them and the search moves on)
        self.untried = untried
        self.children: list[tuple[str, _Node]] = []
        self.visits = 0
        self.totals = [0.0] * seats

    def select(self) -> _Node:
        """The child with the best upper confidence bound for this node's seat."""
        seat, log_n = self.seat, math.log(self.visits)
        return max(
            (child for _, child in self.children),
            key=lambda c: c.totals[seat] / c.visits + EXPLORATION * math.sqrt(log_n / c.visits),
        )


@dataclass(frozen=True)
class Outcome:
    """What a search found: the ply it chose, each seat's mean share over the playouts through
    that ply (the search's judgement of the position: ``None`` when no playout was run, a ply
    being forced), and how many playouts it ran (its whole budget, unless it stopped early
    because the answer could no longer change, or at a deadline)."""

    move: str
    shares: tuple[float, ...] | None
    playouts: int


class Search:
    """One move's search in a game of ``seats`` seats: ``best_move`` runs the playouts from a
    position."""

    def __init__(self, rules, heuristics, rng, seats: int):
        self.rules = rules
        self.seats = seats
        self.heuristics = heuristics
        self.rng = rng

    def best_move(self, state, playouts: int, deadline: float | None = None,
                  plies: list[str] | None = None) -> str:
        """The ply :meth:`run` chooses."""
        return self.run(state, playouts, deadline, plies).move

    def best_with_values(self, state, playouts: int, deadline: float | None = None,
                         plies: list[str] | None = None) -> tuple[str, list[float] | None]:
        """:meth:`best_move` and the shares it expects for each seat after that ply (its
        node's mean results; None when the only legal ply needed no search)."""
        found = self.run(state, playouts, deadline, plies)
        return found.move, None if found.shares is None else list(found.shares)

    def run(self, state, playouts: int, deadline: float | None = None,
            plies: list[str] | None = None) -> Outcome:
        """The most visited ply of the root after ``playouts`` playouts (or at ``deadline``,
        a ``cpu_clock()`` value: CPU time of the thread, so a busy host slows the search
        down without cutting it short), with what the search made of it. The search also
        stops once no
        other ply could catch up with the most visited one in the playouts left, which
        changes nothing in the answer, and as soon as it finds a ply that wins the game
        outright (which, when a seat has more plies than playouts, it might otherwise not
        prefer over a ply whose single playout happened to win too). ``plies``, if given,
        are the legal plies the root may choose among (all of them by default)."""
        legal = plies or self.rules.legal_moves(state)
        if len(legal) == 1:
            return Outcome(legal[0], None, 0)
        root = self._node(state, legal)
        done = 0
        for done in range(1, playouts + 1):
            self._iterate(root)
            move, newest = root.children[-1]
            if newest.seat is None and self.rules.winners(newest.state) == [root.seat]:
                return Outcome(move, tuple(_shares(newest)), done)
            if deadline is not None and cpu_clock() >= deadline:
                break
            if done % 16 == 0 and _decided(root, playouts - done):
                break
        seat, order = root.seat, {move: i for i, move in enumerate(legal)}
        move, child = max(
            root.children,
            key=lambda mc: (mc[1].visits, mc[1].totals[seat] / mc[1].visits, -order[mc[0]]),
        )
        return Outcome(move, tuple(_shares(child)), done)

    def _node(self, state, moves: list[str] | None = None) -> _Node:
        """A node for ``state``; its plies are listed and ordered now if given (the root's),
        else when it is first expanded (:meth:`_untried`)."""
        node = _Node(state, self.rules.to_move(state), None, self.seats)
        if moves is not None:
            node.untried = self._untried(node, moves)
        return node

    def _untried(self, node: _Node, moves: list[str] | None = None) -> list[str]:
        """The node's plies in the heuristics' order, the first one last (for ``pop``).
        Ordering can cost much more than a playout ply (Stax checks every ply for its
        king's safety, more of them the fuller the table), so it is done only for a node
        the search comes back to."""
        if moves is None:
            moves = [] if node.seat is None else self.rules.legal_moves(node.state)
        return self.heuristics.order(self.rules, node.state, moves, self.rng)[::-1]

    def _iterate(self, root: _Node) -> None:
        """Select down the tree, expand one child, play out from it, back the result up."""
        node, path = root, [root]
        allowed = self.heuristics.children_allowed
        while True:
            if node.untried is None:
                node.untried = self._untried(node)
            if not node.children or (node.untried
                                     and len(node.children) < allowed(node.visits)):
                break
            node = node.select()
            path.append(node)
        if node.untried:
            move = node.untried.pop()
            child = self._node(self.rules.apply(node.state, move))
            node.children.append((move, child))
            node = child
            path.append(node)
        values = self.playout(node.state)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for seat, value in enumerate(values):
                totals[seat] += value

    def playout(self, state) -> list[float]:
        """Play on by the game's playout policy, at most its depth, and score the end."""
        rules, heuristics = self.rules, self.heuristics
        to_move, legal_moves, apply = rules.to_move, rules.legal_moves, rules.apply
        pick = heuristics.policy(rules, state, self.rng)
        for _ in range(heuristics.depth):
            if to_move(state) is None:
                return heuristics.outcome(rules, state)
            state = apply(state, pick(state, legal_moves(state)))
        if to_move(state) is None:
            return heuristics.outcome(rules, state)
        return heuristics.evaluate(rules, state)


def _shares(node: _Node) -> list[float]:
    return [total / node.visits for total in node.totals]


def _decided(root: _Node, left: int) -> bool:
    """Whether the most visited child leads the runner-up (or an unexpanded ply) by more
    than the ``left`` playouts could make up, or is the only ply the heuristics left."""
    if root.untried:
        return False
    visits = sorted((child.visits for _, child in root.children), reverse=True)
    return len(visits) == 1 or visits[0] - visits[1] > left


def result(rules, state) -> list[float]:
    """The shares of a finished game: its winners split 1."""
    winners = rules.winners(state)
    seats = len(rules.scores(state))
    return [1 / len(winners) if seat in winners else 0.0 for seat in range(seats)]

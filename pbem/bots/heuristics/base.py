"""What a search needs to know about a game, with defaults that work for any game.

A game's module under ``pbem.bots.heuristics`` overrides what its game needs: a cheaper or
sharper playout policy, a playout depth after which the position is scored rather than played
to the end, an evaluation of such a position, an order in which to try moves, an exact
solution of the positions it can solve (its endgames, say).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ..search import result


class Heuristics:
    """The defaults: uniform random playouts to the end, evaluation from ``scores``."""

    slug = ""
    #: Plies a playout runs before its position is evaluated instead of played out.
    depth = 400
    #: The score margin that counts as a clear lead when evaluating a cut-off playout.
    scale = 2.0
    #: Playouts per level relative to ``pbem.bots.LEVELS`` (a game whose plies are expensive
    #: runs fewer, so that every level's move takes a similar time).
    playout_factor = 1.0

    #: Progressive widening: a node may have at most ``widening · √(visits + 1)`` children
    #: (``None``: as many as it has plies). A game whose plies are many and mostly alike
    #: sets it, so a small search looks at fewer plies more than once each rather than at
    #: many once, where the best single noisy playout, not the best ply, would win.
    widening: float | None = None

    def playouts(self, count: int) -> int:
        return max(1, round(count * self.playout_factor))

    def children_allowed(self, visits: int) -> float:
        """How many children a node visited ``visits`` times may have."""
        if self.widening is None:
            return math.inf
        return self.widening * math.sqrt(visits + 1)

    def order(self, rules, state, moves: list[str], rng) -> list[str]:
        """The moves the search should try, best first (default: all of them in a random
        order, so no move is favoured for its place in the sorted list). A game may leave out
        moves it knows to be bad, as long as it keeps at least one."""
        moves = list(moves)
        rng.shuffle(moves)
        return moves

    def solve(self, rules, state, level: int, deadline: float | None = None) -> list[str] | None:
        """The plies a bot of ``level`` should choose among, if the game can work out from
        here exactly which plies keep its best result (an endgame solved to the end), with
        the work that level allows (and before ``deadline``, a ``cpu_clock()`` value);
        ``None`` to search every ply (the default)."""
        return None

    def policy(self, rules, state, rng) -> Callable:
        """A playout's move chooser, ``pick(state, moves) -> move``, made afresh for each
        playout from its start (so it may follow the playout, as Stax's tracks the kings)."""
        return lambda state, moves: moves[rng.randrange(len(moves))]

    def outcome(self, rules, state) -> list[float]:
        """Each seat's worth of a finished playout (default: its share of the result, the
        winners splitting 1). A game whose games are mostly drawn may count a draw for less,
        so that its seats play for the win."""
        return result(rules, state)

    def draw_value(self, sharing: int, seats: int) -> float:
        """What the search counts a finished game shared by ``sharing`` of ``seats`` seats as
        worth to each of them (by default their share: ½ in a two-player draw); the measure
        against which a bot weighs a proposal to end the game."""
        return 1 / sharing

    def evaluate(self, rules, state) -> list[float]:
        """Each seat's expected share of an unfinished game; by default from the score
        margin over the best other seat, squashed into (0, 1)."""
        return margin_shares(rules.scores(state), self.scale)


def margin_shares(scores, scale: float) -> list[float]:
    """For each seat, ½ + ½·tanh(lead / scale), its lead being its score minus the best other
    seat's: an even game is ½ each, a clear leader near 1."""
    shares = []
    for seat, own in enumerate(scores):
        best_other = max(score for other, score in enumerate(scores) if other != seat)
        shares.append(0.5 + 0.5 * math.tanh((own - best_other) / scale))
    return shares

"""Stawvs: random playouts are short (about 60 plies for two players) and run to the end.

A ply is a move and a claim, so a seat has hundreds of them (a thousand early on), and a
level-1 search of a hundred playouts gave each at most one: a lucky playout chose the ply, and
level 1 lost some games to a random player. So the tree tries first the plies that score most
at once (a claim that completes a tree, above all a one-colour tree) and widens progressively,
looking at a few plies many times. In the long bench's games 38 to 45 of level 1 against
random play, three or four of which level 1 had lost, it now won all eight.
"""

from __future__ import annotations

from .base import Heuristics


class StawvsHeuristics(Heuristics):
    slug = "stawvs"
    scale = 4.0  # a tree is worth 5 to 7 points
    widening = 2.0  # hundreds of plies each: see Heuristics.widening

    def order(self, rules, state, moves, rng):
        """The plies that gain the mover most points at once first, the rest of each gain
        in a random order.

        What a ply gains is the pyramid it claims (a ply never ends the game: only a pass
        does, and a pass is never one of several plies), so the plies that claim the same
        square gain the same: each square's gain is worked out once, by playing the first
        ply that claims it, rather than once for each of the hundreds of plies."""
        ordered = super().order(rules, state, moves, rng)
        if len(ordered) < 2:
            return ordered
        seat = rules.to_move(state)
        before = rules.scores(state)[seat]
        losses: dict[str, int] = {}

        def loss(move: str) -> int:
            claimed = move[-2:]  # the claimed square (a placement's own: it claims nothing)
            found = losses.get(claimed)
            if found is None:
                found = losses[claimed] = before - rules.scores(rules.apply(state, move))[seat]
            return found

        return sorted(ordered, key=loss)


HEURISTICS = StawvsHeuristics()

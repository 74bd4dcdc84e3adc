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
        in a random order."""
        ordered = super().order(rules, state, moves, rng)
        if len(ordered) < 2:
            return ordered
        seat = rules.to_move(state)
        before = rules.scores(state)[seat]
        return sorted(ordered,
                      key=lambda move: before - rules.scores(rules.play(state, move))[seat])


HEURISTICS = StawvsHeuristics()

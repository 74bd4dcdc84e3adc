"""Triumvirate: random games run to hundreds of plies (a turn is an arrangement, three or more
actions and a decision per prisoner), so playouts stop after a few turns and the position is
scored by each player's progress towards the win (two prisoners of each size in the holding
area), a hostage counting for a little (it adds a movement point). Playouts take a capture
whenever one is listed, which is what a player nearly always does and what makes a short
playout informative."""

from __future__ import annotations

from .base import Heuristics, margin_shares

#: Prisoners of each size the win needs (TRIUMVIRATE §6).
NEEDED = 2
HOSTAGE_WORTH = 0.3


class TriumvirateHeuristics(Heuristics):
    slug = "triumvirate"
    depth = 20  # about four turns
    scale = 1.5

    def policy(self, rules, state, rng):
        def pick(state, moves):
            captures = [move for move in moves if "x" in move]
            choices = captures or moves
            return choices[rng.randrange(len(choices))]

        return pick

    def order(self, rules, state, moves, rng):
        """Captures first, then the rest in a random order."""
        ordered = super().order(rules, state, moves, rng)
        return sorted(ordered, key=lambda move: "x" not in move)

    def evaluate(self, rules, state):
        data = rules.to_dict(state)
        progress = [
            sum(min(count, NEEDED) for count in holding) + HOSTAGE_WORTH * len(hostages)
            for holding, hostages in zip(data["holding"], data["hostages"], strict=True)
        ]
        return margin_shares(progress, self.scale)


HEURISTICS = TriumvirateHeuristics()

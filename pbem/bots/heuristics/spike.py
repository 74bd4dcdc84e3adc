"""Spike: games are short (16–43 plies), so playouts run to the end. Random play leaves the
chests nearly empty (coins soon block every path), so a random playout's result says little;
a playout instead plays like someone heading for the far edge: a piece that can exit into its
player's chest does, and most landings and launches face the opponent's edge.

Between players who both block, most games end 0–0, and a search that takes a draw for half a
win is content to block too. So a drawn playout counts for less than half to both seats: each
plays for the win, and the stronger one wins more of the games that are decided.

A turn's first ply is one of some hundred launches and moves, most of them pointless (a piece
facing a side edge can never leave by the far one), so the tree tries the plies facing the far
edge first and widens progressively: a level's playouts go to a few sensible plies each
looked at many times, rather than to every ply once, where a lucky playout picks the ply.
Level 1 had scored 89% against a random player, a fifth of its games drawn 0–0; with this it
won 96 of the long bench's 100 games and drew 4 (98%), and level 2 scored 67% against level 1
in 42 games (the README's table).

Once nobody can launch, playouts misjudge the endgame (a bot of any level throws away won
endgames and loses drawn ones), so every level solves it exactly instead (``spike_endgame``)
whenever it fits in its work allowance, the stronger levels from further out. Level 1 used to
be a pure search and drew a fifth of its games against a random player; a small allowance
converted some of those draws (30 games from the same seeds: 23 won and 7 drawn without it,
25 won and 5 drawn with it).

Level 2 is still not clearly stronger than level 1 (between them most games are drawn 0–0,
decided while pieces are still being launched), and playouts that defend do not make it so.
On the long bench's first 30 seeds of level 2 against level 1, where these heuristics score
65% (+11 =17 −2), a level 2 whose playouts close the opponent's next way off the board or onto
its far row (and take a piece to their own far row whenever they can), its tree trying those
plies first, scored 48% (+3 =23 −4): with both sides defending almost every playout is a draw,
and the search loses what told its plies apart. Defending only against the searching seat
scored 50% over the first 20 (+1 =18 −1); the far-row landings without the blocking, 63% (+9
=20 −1); these playouts with the tree trying blocks first and widening half as fast, 53% (+8
=16 −6); twice the playouts for levels 2 and up (these heuristics otherwise), 62% (+8 =21 −1).
None of these is a step up; the next try is more than the playout policy or the budget.
"""

from __future__ import annotations

from ..search import result
from .base import Heuristics
from .spike_endgame import best_plies

#: The facing towards the opponent's edge, per seat (P1 sits at rank 1).
FORWARD = (":N", ":S")
#: How often a playout keeps to forward-facing plies when there are some.
FORWARD_BIAS = 0.75
#: What a drawn playout is worth to each seat (a win is 1, a loss 0).
DRAW_SHARE = 0.35
#: Positions the endgame solver may visit per move, by level (about 1 s per 90 000 here, so
#: that a level-3 move that fails to solve and then searches still takes under 8 s): level 3
#: solves most endgames from their second or third turn, levels 1 and 2 only the later ones.
#: Level 4, the correspondence level, solves from further out (about 20 s at most).
SOLVER_NODES = {1: 30_000, 2: 120_000, 3: 400_000, 4: 2_000_000}


class SpikeHeuristics(Heuristics):
    slug = "spike"
    scale = 1.0
    playout_factor = 3.0  # cheap plies, short games: three times the default playouts
    widening = 2.0  # about a hundred plies each: see Heuristics.widening

    def policy(self, rules, state, rng):
        def pick(state, moves):
            # most positions have no exit: one substring search over the plies rules that out
            exits = "-off" in "\n".join(moves)
            preferred = [move for move in moves if move.endswith("-off")] if exits else []
            if not preferred and rng.random() < FORWARD_BIAS:
                forward = FORWARD[rules.to_move(state)]
                preferred = [move for move in moves if move.endswith(forward)]
            choices = preferred or moves
            return choices[rng.randrange(len(choices))]

        return pick

    def order(self, rules, state, moves, rng):
        """Exits first, then the plies that leave a piece facing the far edge, then the
        rest, each group in a random order."""
        ordered = super().order(rules, state, moves, rng)
        if not ordered:
            return ordered
        forward = FORWARD[rules.to_move(state)]
        return sorted(ordered, key=lambda move: (not move.endswith("-off"),
                                                 not move.endswith(forward)))

    def solve(self, rules, state, level, deadline=None):
        nodes = SOLVER_NODES.get(level)
        return None if nodes is None else best_plies(rules, state, nodes, deadline)

    def draw_value(self, sharing, seats):
        return DRAW_SHARE

    def outcome(self, rules, state):
        shares = result(rules, state)
        drawn = min(shares) > 0  # both seats share the result (asking the rules again costs)
        return [DRAW_SHARE] * len(shares) if drawn else shares


HEURISTICS = SpikeHeuristics()

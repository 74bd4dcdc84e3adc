"""Spike's phrases, each key with its English sentence (named placeholders) for the
catalogue: its refusals, then its board's words."""

from __future__ import annotations

from ...core.i18n import N_

MESSAGES = {
    # ----- refusals (pbem/games/spike/refusals.py) -----------------------------------------------
    "spike.no-square": N_("there is no square %(square)s: squares are a1 to h8"),
    "spike.diagonal": N_("%(text)s is diagonal: a piece faces N, E, S or W"),
    "spike.not-a-facing": N_("%(text)r is not a facing: use N, E, S or W"),
    "spike.many-plies": N_("%(text)r is more than one ply: play a move, a launch, pass or done"),
    "spike.no-facing": N_("a move names the facing after landing, e.g. %(ply)s:N"),
    "spike.not-a-size": N_("%(text)r is not a size: use S, M or L (or 1, 2, 3)"),
    "spike.not-a-ply": N_("%(text)r is not a Spike ply: write a move c3-c5:E, an exit d7-off, a "
                          "launch M@d2:N, pass or done"),
    "spike.launch-or-done": N_("you have moved this turn: launch a piece, or end the turn with "
                               "done"),
    "spike.launch-now": N_("you must launch now (you have moved this turn)"),
    "spike.done-not-optional": N_("done is only for games with launch=optional: a turn ends by "
                                  "itself"),
    "spike.done-first": N_("done ends a turn after a move: move or launch first"),
    "spike.cannot-pass": N_("you have a move or a launch: you may pass only when you have "
                            "neither"),
    "spike.no-piece": N_("there is no piece on %(square)s"),
    "spike.not-yours": N_("you don't control the piece on %(square)s"),
    "spike.wrong-direction": N_("the %(size)s on %(square)s faces %(direction)s: it can only "
                                "move %(direction)s"),
    "spike.off-board": N_("the %(size)s on %(square)s would leave the board across the "
                          "%(direction)s edge (pieces leave only across %(seat)s's home edge)"),
    "spike.distance-one": N_("a %(size)s must travel 1 square"),
    "spike.distance": N_("a %(size)s must travel %(count)s squares"),
    "spike.distance-one-exit": N_("a %(size)s must travel 1 square: %(square)s-off takes it off "
                                  "the board"),
    "spike.distance-exit": N_("a %(size)s must travel %(count)s squares: %(square)s-off takes "
                              "it off the board"),
    "spike.no-exit": N_("the %(size)s on %(square)s lands on %(end)s: it does not reach the edge"),
    "spike.one-left": N_("only one piece is left in the stash: no launches"),
    "spike.none-left": N_("no piece is left in the stash: no launches"),
    "spike.size-gone": N_("no %(size)s is left in the stash"),
    "spike.wrong-rank": N_("a %(size)s launched by %(seat)s lands on rank %(rank)s"),
    "spike.move-foe": N_("%(cell)s holds a piece you don't control: the %(size)s on %(square)s "
                         "is blocked"),
    "spike.move-piece": N_("%(cell)s holds a piece: the %(size)s on %(square)s is blocked"),
    "spike.move-coin": N_("%(cell)s has a %(coin)s: the %(size)s on %(square)s is blocked"),
    "spike.launch-foe": N_("%(cell)s holds a piece you don't control: a %(size)s launched on "
                           "the %(file)s-file is blocked"),
    "spike.launch-piece": N_("%(cell)s holds a piece: a %(size)s launched on the %(file)s-file "
                             "is blocked"),
    "spike.launch-coin": N_("%(cell)s has a %(coin)s: a %(size)s launched on the %(file)s-file "
                            "is blocked"),
    # ----- the board's words (pbem/games/spike/words.py) -----------------------------------------
    "spike.to-move": N_("%(seat)s to move"),
    "spike.to-launch": N_("%(seat)s to move (mid-turn: launch now)"),
    "spike.resigned": N_("%(loser)s resigned: %(seat)s wins"),
    "spike.goal": N_("%(seat)s reached the goal (%(goal)s) and wins"),
    "spike.draw": N_("game over: a draw (%(score)s)"),
    "spike.won": N_("game over: %(seat)s wins (%(score)s)"),
    "spike.one-piece": N_("1 piece"),
    "spike.pieces": N_("%(count)s pieces"),
    "spike.one-pip": N_("1 pip"),
    "spike.pips": N_("%(count)s pips"),
    "spike.chest": N_("%(small)s small, %(medium)s medium, %(large)s large (%(totals)s)"),
    "spike.stash": N_("%(small)s small, %(medium)s medium, %(large)s large"),
    "spike.piece": N_("%(seat)s's %(size)s facing %(direction)s"),
    "spike.last-move": N_("%(status)s; last move %(move)s"),
    "spike.chest-line": N_("%(seat)s chest: %(chest)s"),
    "spike.stash-line": N_("Stash: %(stash)s"),
    "spike.key": N_("Numbers name each piece's controller; pennies (P1) are copper, nickels (P2) "
                    "silver."),
    "spike.stash-head": N_("Stash (launch needs 2 or more)"),
    "spike.launch": N_("launch a %(size)s (%(count)s left)"),
    "spike.facing-head": N_("Facing"),
    "spike.face": N_("face %(direction)s"),
    "spike.opening": N_("Spike, %(status)s."),
    "spike.own-piece": N_("%(size)s on %(square)s facing %(direction)s"),
    "spike.controls": N_("%(seat)s controls %(pieces)s."),
    "spike.controls-none": N_("%(seat)s controls no piece."),
    "spike.pennies": N_("Pennies (P1) on %(squares)s."),
    "spike.pennies-none": N_("Pennies (P1) on no square."),
    "spike.nickels": N_("Nickels (P2) on %(squares)s."),
    "spike.nickels-none": N_("Nickels (P2) on no square."),
    "spike.stash-sentence": N_("Stash: %(stash)s."),
    "spike.chest-sentence": N_("%(seat)s's chest: %(chest)s."),
    "spike.so-far": N_("This turn so far: %(plies)s."),
    "spike.off": N_("off the board"),
    "spike.done": N_("done: end the turn"),
    "spike.mail-chest": N_("P%(seat)s chest: %(chest)s"),
    "spike.mail-stash": N_("Stash: %(stash)s"),
    "spike.mail-turn": N_("This turn so far: %(steps)s"),
    "spike.mail-last-move": N_("Last move: %(move)s"),
    "spike.mail-legend": N_("Legend: 1M^ = P1's medium facing north (^ > v < = N E S W; 1 = P1, "
                            "2 = P2;\nS M L = small, medium, large); p = penny (P1), n = nickel "
                            "(P2), . = empty.\nP1 launches from rank 1 and exits past rank 8; P2 "
                            "the other way."),
}


#: What each option does (``Option.help`` in pbem/games/spike/rules.py), for the catalogue.
OPTIONS = {
    "launch": N_("compulsory: a launch must follow a move whenever one is legal (SPIKE-R3)"),
    "hop": N_("pieces may pass over coins and over pieces their mover controls"),
    "goal": N_("five: win with 5 pieces in your chest; trio: with one of each size"),
}

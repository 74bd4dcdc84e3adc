"""Stax's phrases, each key with its English sentence (named placeholders) for the
catalogue: its refusals, then its board's words."""

from __future__ import annotations

from ...core.i18n import N_

MESSAGES = {
    # ----- refusals (pbem/games/stax/refusals.py) ------------------------------------------------
    "stax.not-a-move": N_("%(text)r is not a Stax move: place with pointers@q,r (E+NW@1,-1, "
                          "K@0,1) or move with q,r>q,r=pointers (0,0>3,0=E+NW)"),
    "stax.not-a-cell": N_("%(text)r is not a cell: write q,r such as 0,0 or 2,-1"),
    "stax.off-table": N_("%(text)s is nowhere near the table"),
    "stax.no-pointers": N_("a pointer set needs directions, K or Q (e.g. E+NW, ~SE)"),
    "stax.not-a-direction": N_("%(text)s is not a direction (use E, NE, NW, W, SW, SE)"),
    "stax.empty-direction": N_("an empty name is not a direction (use E, NE, NW, W, SW, SE)"),
    "stax.twice": N_("direction %(name)s appears twice in %(text)s"),
    "stax.already-placed": N_("you have already placed your %(tile)s (%(pointers)s is a "
                              "%(type)s tile)"),
    "stax.occupied": N_("%(square)s is occupied: tiles are placed on the table, never on a stack"),
    "stax.first-tile": N_("the first tile of the game goes on 0,0"),
    "stax.second-tile": N_("the second tile must be placed next to the first, on %(square)s"),
    "stax.one-neighbour": N_("%(square)s touches 1 stack; a tile must be placed beside at least "
                             "two"),
    "stax.no-neighbours": N_("%(square)s touches 0 stacks; a tile must be placed beside at "
                             "least two"),
    "stax.first-queen": N_("your first placement cannot be your queen"),
    "stax.at-king-across": N_("this tile points at %(seat)s's king on %(square)s: its "
                              "%(direction)s pointer reaches it across %(cells)s"),
    "stax.at-king-next": N_("this tile points at %(seat)s's king on %(square)s: its "
                            "%(direction)s pointer reaches it from next to it"),
    "stax.step-rule-placing": N_("placing on %(square)s breaks the step rule: the stack on "
                                 "%(stack)s (height %(height)s) would have no way down to the "
                                 "table one level at a time"),
    "stax.king-not-placed": N_("your king is not on the table yet: until you place it you can "
                               "only place tiles"),
    "stax.no-tile": N_("there is no tile on %(square)s"),
    "stax.not-yours": N_("the top tile on %(square)s is %(seat)s's"),
    "stax.no-free-side": N_("the stack at %(square)s has no free side: every neighbour is at "
                            "least as high"),
    "stax.king-step": N_("a king moves one step, and %(end)s is not next to %(start)s"),
    "stax.isolated": N_("%(end)s would not touch any other stack (the moving tile does not "
                        "count)"),
    "stax.own-king": N_("you cannot land on your own king"),
    "stax.not-target-king": N_("you may not land on %(seat)s's king: only %(target)s's king can "
                               "be captured"),
    "stax.flip": N_("the 3h tile cannot be flipped: its face was chosen when it was placed"),
    "stax.one-orientation": N_("a %(tile)s has one orientation: write the move as "
                               "%(start)s>%(end)s"),
    "stax.not-a-rotation": N_("%(pointers)s is not a rotation of this tile's pointers "
                              "%(tile_pointers)s"),
    "stax.splits": N_("that move would split the table into separate groups"),
    "stax.step-rule-landing": N_("landing on %(square)s breaks the step rule: the stack on "
                                 "%(stack)s (height %(height)s) would have no way down to the "
                                 "table one level at a time"),
    "stax.superko": N_("that position has occurred before (superko)"),
    "stax.not-in-line": N_("%(end)s is not in a straight line from %(start)s: tiles move "
                           "straight along a pointer"),
    "stax.no-pointer": N_("the %(tile)s on %(start)s has no %(direction)s pointer to move along"),
    "stax.king-ends": N_("the tile on %(start)s cannot reach %(end)s going %(direction)s: the "
                         "king on %(square)s ends it"),
    "stax.stack-ends": N_("the tile on %(start)s cannot reach %(end)s going %(direction)s: the "
                          "stack on %(square)s does not point %(direction)s, so it ends there"),
    "stax.gap-ends": N_("the tile on %(start)s cannot reach %(end)s going %(direction)s: "
                        "%(square)s touches no other stack"),
    # ----- the board's words (pbem/games/stax/words.py) ------------------------------------------
    "stax.won": N_("%(seat)s won."),
    "stax.to-move": N_("%(seat)s to move."),
    "stax.holds": N_("%(seat)s holds: %(hand)s."),
    "stax.resigned": N_("resigned"),
    "stax.nothing": N_("nothing"),
    "stax.opening": N_("Stax, %(players)s players. %(status)s"),
    "stax.empty-table": N_("The table is empty."),
    "stax.one-stack": N_("1 stack on the table."),
    "stax.stacks": N_("%(count)s stacks on the table."),
    "stax.tile": N_("%(seat)s's %(tile)s"),
    "stax.pointing": N_("%(tile)s pointing %(directions)s"),
    "stax.on-stack": N_("%(tile)s, on a stack of %(count)s (beneath, top down: %(beneath)s)"),
    "stax.at": N_("At %(cell)s: %(what)s."),
    "stax.cell-empty": N_("%(cell)s: empty"),
    "stax.hand-seat": N_("%(seat)s"),
    "stax.hand-resigned": N_("%(seat)s (resigned)"),
    "stax.hand-tile": N_("%(seat)s's %(tile)s (%(directions)s)"),
    "stax.mail-last-move": N_("Last move: %(move)s"),
    "stax.mail-map": N_("Map (row r at the left; column q above and below, each column running\n"
                        "diagonally down to the right; a stack shows its top tile's owner, K for "
                        "a\nking, Q for a queen, and its height; '.' is an empty cell beside the "
                        "table):"),
    "stax.mail-stacks": N_("Stacks, row by row from the top (the top tile, where it points, and "
                           "the\ntiles beneath it, top down; * the last move):"),
    "stax.mail-empty": N_("The table is empty: the first tile goes on 0,0."),
    "stax.mail-in-hand": N_("In hand:"),
    "stax.mail-king": N_("%(seat)s king"),
    "stax.mail-queen": N_("%(seat)s queen, points every way"),
    "stax.mail-points": N_("%(seat)s %(tile)s, points %(directions)s"),
    "stax.mail-beneath": N_("%(line)s; beneath: %(beneath)s"),
}


#: Stax has no options.
OPTIONS: dict[str, str] = {}

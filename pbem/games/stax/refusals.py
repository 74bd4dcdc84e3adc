"""Every refusal Stax gives, each a stable key, a code and its English sentence (see
``..refusals.Refusal``), and the words their parameters hold; the server says them again in the
reader's language."""

from __future__ import annotations

from ..refusals import REFUSALS as SHARED
from ..refusals import Refusal
from .tiles import CANONICAL, TYPES, tile_name

# ----- notation -----------------------------------------------------------------------------
NOT_A_MOVE = Refusal("stax.not-a-move", "syntax", "{text!r} is not a Stax move: place with "
                     "pointers@q,r (E+NW@1,-1, K@0,1) or move with q,r>q,r=pointers "
                     "(0,0>3,0=E+NW)")
NOT_A_CELL = Refusal("stax.not-a-cell", "syntax",
                     "{text!r} is not a cell: write q,r such as 0,0 or 2,-1")
OFF_TABLE = Refusal("stax.off-table", "off-table", "{text} is nowhere near the table")
NO_POINTERS = Refusal("stax.no-pointers", "syntax",
                      "a pointer set needs directions, K or Q (e.g. E+NW, ~SE)")
NOT_A_DIRECTION = Refusal("stax.not-a-direction", "syntax",
                          "{text} is not a direction (use E, NE, NW, W, SW, SE)")
EMPTY_DIRECTION = Refusal("stax.empty-direction", "syntax",
                          "an empty name is not a direction (use E, NE, NW, W, SW, SE)")
TWICE = Refusal("stax.twice", "syntax", "direction {name} appears twice in {text}")
# ----- placements ---------------------------------------------------------------------------
ALREADY_PLACED = Refusal("stax.already-placed", "already-placed", "you have already placed "
                         "your {tile} ({pointers} is a {type} tile)")
OCCUPIED = Refusal("stax.occupied", "occupied",
                   "{square} is occupied: tiles are placed on the table, never on a stack")
FIRST_TILE = Refusal("stax.first-tile", "opening", "the first tile of the game goes on 0,0")
SECOND_TILE = Refusal("stax.second-tile", "opening",
                      "the second tile must be placed next to the first, on {square}")
ONE_NEIGHBOUR = Refusal("stax.one-neighbour", "two-neighbours",
                        "{square} touches 1 stack; a tile must be placed beside at least two")
NO_NEIGHBOURS = Refusal("stax.no-neighbours", "two-neighbours",
                        "{square} touches 0 stacks; a tile must be placed beside at least two")
FIRST_QUEEN = Refusal("stax.first-queen", "first-queen",
                      "your first placement cannot be your queen")
AT_KING_ACROSS = Refusal("stax.at-king-across", "points-at-king", "this tile points at "
                         "{seat}'s king on {square}: its {direction} pointer reaches it across "
                         "{cells}")
AT_KING_NEXT = Refusal("stax.at-king-next", "points-at-king", "this tile points at {seat}'s "
                       "king on {square}: its {direction} pointer reaches it from next to it")
STEP_RULE_PLACING = Refusal("stax.step-rule-placing", "step-rule", "placing on {square} breaks "
                            "the step rule: the stack on {stack} (height {height}) would have no "
                            "way down to the table one level at a time")
# ----- movements ----------------------------------------------------------------------------
KING_NOT_PLACED = Refusal("stax.king-not-placed", "king-not-placed", "your king is not on the "
                          "table yet: until you place it you can only place tiles")
NO_TILE = Refusal("stax.no-tile", "no-tile", "there is no tile on {square}")
NOT_YOURS = Refusal("stax.not-yours", "not-yours", "the top tile on {square} is {seat}'s")
NO_FREE_SIDE = Refusal("stax.no-free-side", "no-free-side",
                       "the stack at {square} has no free side: every neighbour is at least as "
                       "high")
KING_STEP = Refusal("stax.king-step", "king-step",
                    "a king moves one step, and {end} is not next to {start}")
ISOLATED = Refusal("stax.isolated", "isolated",
                   "{end} would not touch any other stack (the moving tile does not count)")
OWN_KING = Refusal("stax.own-king", "own-king", "you cannot land on your own king")
NOT_TARGET_KING = Refusal("stax.not-target-king", "not-target-king",
                          "you may not land on {seat}'s king: only {target}'s king can be "
                          "captured")
FLIP = Refusal("stax.flip", "flip",
               "the 3h tile cannot be flipped: its face was chosen when it was placed")
ONE_ORIENTATION = Refusal("stax.one-orientation", "rotation",
                          "a {tile} has one orientation: write the move as {start}>{end}")
NOT_A_ROTATION = Refusal("stax.not-a-rotation", "rotation",
                         "{pointers} is not a rotation of this tile's pointers {tile_pointers}")
SPLITS = Refusal("stax.splits", "splits", "that move would split the table into separate groups")
STEP_RULE_LANDING = Refusal("stax.step-rule-landing", "step-rule", "landing on {square} breaks "
                            "the step rule: the stack on {stack} (height {height}) would have no "
                            "way down to the table one level at a time")
SUPERKO = Refusal("stax.superko", "superko", "that position has occurred before (superko)")
# ----- along a pointer ----------------------------------------------------------------------
NOT_IN_LINE = Refusal("stax.not-in-line", "not-in-line", "{end} is not in a straight line from "
                      "{start}: tiles move straight along a pointer")
NO_POINTER = Refusal("stax.no-pointer", "no-pointer",
                     "the {tile} on {start} has no {direction} pointer to move along")
KING_ENDS = Refusal("stax.king-ends", "blocked", "the tile on {start} cannot reach {end} going "
                    "{direction}: the king on {square} ends it")
STACK_ENDS = Refusal("stax.stack-ends", "blocked", "the tile on {start} cannot reach {end} going "
                     "{direction}: the stack on {square} does not point {direction}, so it ends "
                     "there")
GAP_ENDS = Refusal("stax.gap-ends", "blocked", "the tile on {start} cannot reach {end} going "
                   "{direction}: {square} touches no other stack")

REFUSALS = SHARED + (
    NOT_A_MOVE, NOT_A_CELL, OFF_TABLE, NO_POINTERS, NOT_A_DIRECTION, EMPTY_DIRECTION, TWICE,
    ALREADY_PLACED, OCCUPIED, FIRST_TILE, SECOND_TILE, ONE_NEIGHBOUR, NO_NEIGHBOURS,
    FIRST_QUEEN, AT_KING_ACROSS, AT_KING_NEXT, STEP_RULE_PLACING, KING_NOT_PLACED, NO_TILE,
    NOT_YOURS, NO_FREE_SIDE, KING_STEP, ISOLATED, OWN_KING, NOT_TARGET_KING, FLIP,
    ONE_ORIENTATION, NOT_A_ROTATION, SPLITS, STEP_RULE_LANDING, SUPERKO, NOT_IN_LINE,
    NO_POINTER, KING_ENDS, STACK_ENDS, GAP_ENDS,
)
#: The words ``tile`` and ``seat`` hold: each tile's name and the seats' colours.
WORDS = (*(tile_name(CANONICAL[code]) for code in TYPES), "Light", "Dark", "Red")

"""Every refusal Stax gives, each a phrase with a code (see ``..refusals.Refusal``), and its
vocabulary, the words the parameters of its phrases hold; the server says them again in the
reader's language."""

from __future__ import annotations

from ..refusals import REFUSALS as SHARED
from ..refusals import Refusal
from .tiles import CANONICAL, TYPES, tile_name

# ----- notation -----------------------------------------------------------------------------
NOT_A_MOVE = Refusal("stax.not-a-move", "{text!r} is not a Stax move: place with pointers@q,r "
                     "(E+NW@1,-1, K@0,1) or move with q,r>q,r=pointers (0,0>3,0=E+NW)",
                     code="syntax")
NOT_A_CELL = Refusal("stax.not-a-cell",
                     "{text!r} is not a cell: write q,r such as 0,0 or 2,-1", code="syntax")
OFF_TABLE = Refusal("stax.off-table", "{text} is nowhere near the table", code="off-table")
NO_POINTERS = Refusal("stax.no-pointers",
                      "a pointer set needs directions, K or Q (e.g. E+NW, ~SE)", code="syntax")
NOT_A_DIRECTION = Refusal("stax.not-a-direction",
                          "{text} is not a direction (use E, NE, NW, W, SW, SE)", code="syntax")
EMPTY_DIRECTION = Refusal("stax.empty-direction", "an empty name is not a direction (use E, NE, "
                          "NW, W, SW, SE)", code="syntax")
TWICE = Refusal("stax.twice", "direction {name} appears twice in {text}", code="syntax")
# ----- placements ---------------------------------------------------------------------------
ALREADY_PLACED = Refusal("stax.already-placed", "you have already placed your {tile} ({pointers} "
                         "is a {type} tile)", code="already-placed")
OCCUPIED = Refusal("stax.occupied", "{square} is occupied: tiles are placed on the table, never "
                   "on a stack", code="occupied")
FIRST_TILE = Refusal("stax.first-tile", "the first tile of the game goes on 0,0", code="opening")
SECOND_TILE = Refusal("stax.second-tile", "the second tile must be placed next to the first, on "
                      "{square}", code="opening")
ONE_NEIGHBOUR = Refusal("stax.one-neighbour", "{square} touches 1 stack; a tile must be placed "
                        "beside at least two", code="two-neighbours")
NO_NEIGHBOURS = Refusal("stax.no-neighbours", "{square} touches 0 stacks; a tile must be placed "
                        "beside at least two", code="two-neighbours")
FIRST_QUEEN = Refusal("stax.first-queen",
                      "your first placement cannot be your queen", code="first-queen")
AT_KING_ACROSS = Refusal("stax.at-king-across", "this tile points at {seat}'s king on {square}: "
                         "its {direction} pointer reaches it across {cells}",
                         code="points-at-king")
AT_KING_NEXT = Refusal("stax.at-king-next", "this tile points at {seat}'s king on {square}: its "
                       "{direction} pointer reaches it from next to it", code="points-at-king")
STEP_RULE_PLACING = Refusal("stax.step-rule-placing", "placing on {square} breaks the step rule: "
                            "the stack on {stack} (height {height}) would have no way down to the "
                            "table one level at a time", code="step-rule")
# ----- movements ----------------------------------------------------------------------------
KING_NOT_PLACED = Refusal("stax.king-not-placed", "your king is not on the table yet: until you "
                          "place it you can only place tiles", code="king-not-placed")
NO_TILE = Refusal("stax.no-tile", "there is no tile on {square}", code="no-tile")
NOT_YOURS = Refusal("stax.not-yours", "the top tile on {square} is {seat}'s", code="not-yours")
NO_FREE_SIDE = Refusal("stax.no-free-side", "the stack at {square} has no free side: every "
                       "neighbour is at least as high", code="no-free-side")
KING_STEP = Refusal("stax.king-step",
                    "a king moves one step, and {end} is not next to {start}", code="king-step")
ISOLATED = Refusal("stax.isolated", "{end} would not touch any other stack (the moving tile does "
                   "not count)", code="isolated")
OWN_KING = Refusal("stax.own-king", "you cannot land on your own king", code="own-king")
NOT_TARGET_KING = Refusal("stax.not-target-king", "you may not land on {seat}'s king: only "
                          "{target}'s king can be captured", code="not-target-king")
FLIP = Refusal("stax.flip", "the 3h tile cannot be flipped: its face was chosen when it was "
               "placed", code="flip")
ONE_ORIENTATION = Refusal("stax.one-orientation", "a {tile} has one orientation: write the move "
                          "as {start}>{end}", code="rotation")
NOT_A_ROTATION = Refusal("stax.not-a-rotation", "{pointers} is not a rotation of this tile's "
                         "pointers {tile_pointers}", code="rotation")
SPLITS = Refusal("stax.splits",
                 "that move would split the table into separate groups", code="splits")
STEP_RULE_LANDING = Refusal("stax.step-rule-landing", "landing on {square} breaks the step rule: "
                            "the stack on {stack} (height {height}) would have no way down to the "
                            "table one level at a time", code="step-rule")
SUPERKO = Refusal("stax.superko", "that position has occurred before (superko)", code="superko")
# ----- along a pointer ----------------------------------------------------------------------
NOT_IN_LINE = Refusal("stax.not-in-line", "{end} is not in a straight line from {start}: tiles "
                      "move straight along a pointer", code="not-in-line")
NO_POINTER = Refusal("stax.no-pointer", "the {tile} on {start} has no {direction} pointer to move "
                     "along", code="no-pointer")
KING_ENDS = Refusal("stax.king-ends", "the tile on {start} cannot reach {end} going {direction}: "
                    "the king on {square} ends it", code="blocked")
STACK_ENDS = Refusal("stax.stack-ends", "the tile on {start} cannot reach {end} going "
                     "{direction}: the stack on {square} does not point {direction}, so it ends "
                     "there", code="blocked")
GAP_ENDS = Refusal("stax.gap-ends", "the tile on {start} cannot reach {end} going {direction}: "
                   "{square} touches no other stack", code="blocked")

REFUSALS = SHARED + (
    NOT_A_MOVE, NOT_A_CELL, OFF_TABLE, NO_POINTERS, NOT_A_DIRECTION, EMPTY_DIRECTION, TWICE,
    ALREADY_PLACED, OCCUPIED, FIRST_TILE, SECOND_TILE, ONE_NEIGHBOUR, NO_NEIGHBOURS,
    FIRST_QUEEN, AT_KING_ACROSS, AT_KING_NEXT, STEP_RULE_PLACING, KING_NOT_PLACED, NO_TILE,
    NOT_YOURS, NO_FREE_SIDE, KING_STEP, ISOLATED, OWN_KING, NOT_TARGET_KING, FLIP,
    ONE_ORIENTATION, NOT_A_ROTATION, SPLITS, STEP_RULE_LANDING, SUPERKO, NOT_IN_LINE,
    NO_POINTER, KING_ENDS, STACK_ENDS, GAP_ENDS,
)
#: The words ``tile`` and ``seat`` hold: each tile's name and the seats' colours.
VOCABULARY = (*(tile_name(CANONICAL[code]) for code in TYPES), "Light", "Dark", "Red")

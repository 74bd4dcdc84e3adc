"""Every refusal Spike gives, each a phrase with a code (see ``..refusals.Refusal``), and its
vocabulary, the words the parameters of its phrases hold; the server says them again in the
reader's language."""

from __future__ import annotations

from ..refusals import REFUSALS as SHARED
from ..refusals import Refusal

# ----- notation -----------------------------------------------------------------------------
NO_SQUARE = Refusal("spike.no-square",
                    "there is no square {square}: squares are a1 to h8", code="syntax")
DIAGONAL = Refusal("spike.diagonal",
                   "{text} is diagonal: a piece faces N, E, S or W", code="syntax")
NOT_A_FACING = Refusal("spike.not-a-facing",
                       "{text!r} is not a facing: use N, E, S or W", code="syntax")
MANY_PLIES = Refusal("spike.many-plies", "{text!r} is more than one ply: play a move, a launch, "
                     "pass or done", code="syntax")
NO_FACING = Refusal("spike.no-facing",
                    "a move names the facing after landing, e.g. {ply}:N", code="syntax")
NOT_A_SIZE = Refusal("spike.not-a-size",
                     "{text!r} is not a size: use S, M or L (or 1, 2, 3)", code="syntax")
NOT_A_PLY = Refusal("spike.not-a-ply", "{text!r} is not a Spike ply: write a move c3-c5:E, an "
                    "exit d7-off, a launch M@d2:N, pass or done", code="syntax")
# ----- the turn -----------------------------------------------------------------------------
LAUNCH_OR_DONE = Refusal("spike.launch-or-done", "you have moved this turn: launch a piece, or "
                         "end the turn with done", code="launch-required")
LAUNCH_NOW = Refusal("spike.launch-now",
                     "you must launch now (you have moved this turn)", code="launch-required")
DONE_NOT_OPTIONAL = Refusal("spike.done-not-optional", "done is only for games with "
                            "launch=optional: a turn ends by itself", code="no-done")
DONE_FIRST = Refusal("spike.done-first",
                     "done ends a turn after a move: move or launch first", code="no-done")
CANNOT_PASS = Refusal("spike.cannot-pass", "you have a move or a launch: you may pass only when "
                      "you have neither", code="cannot-pass")
# ----- moves --------------------------------------------------------------------------------
NO_PIECE = Refusal("spike.no-piece", "there is no piece on {square}", code="no-piece")
NOT_YOURS = Refusal("spike.not-yours", "you don't control the piece on {square}", code="not-yours")
WRONG_DIRECTION = Refusal("spike.wrong-direction", "the {size} on {square} faces {direction}: it "
                          "can only move {direction}", code="wrong-direction")
OFF_BOARD = Refusal("spike.off-board", "the {size} on {square} would leave the board across the "
                    "{direction} edge (pieces leave only across {seat}'s home edge)",
                    code="off-board")
DISTANCE_ONE = Refusal("spike.distance-one",
                       "a {size} must travel 1 square", code="wrong-distance")
DISTANCE = Refusal("spike.distance", "a {size} must travel {count} squares", code="wrong-distance")
DISTANCE_ONE_EXIT = Refusal("spike.distance-one-exit", "a {size} must travel 1 square: "
                            "{square}-off takes it off the board", code="wrong-distance")
DISTANCE_EXIT = Refusal("spike.distance-exit", "a {size} must travel {count} squares: "
                        "{square}-off takes it off the board", code="wrong-distance")
NO_EXIT = Refusal("spike.no-exit", "the {size} on {square} lands on {end}: it does not reach the "
                  "edge", code="no-exit")
# ----- launches -----------------------------------------------------------------------------
ONE_LEFT = Refusal("spike.one-left",
                   "only one piece is left in the stash: no launches", code="stash")
NONE_LEFT = Refusal("spike.none-left", "no piece is left in the stash: no launches", code="stash")
SIZE_GONE = Refusal("spike.size-gone", "no {size} is left in the stash", code="stash")
WRONG_RANK = Refusal("spike.wrong-rank",
                     "a {size} launched by {seat} lands on rank {rank}", code="wrong-rank")
# ----- blocked paths: what is in the way, and whose path it blocks ----------------------------
MOVE_FOE = Refusal("spike.move-foe", "{cell} holds a piece you don't control: the {size} on "
                   "{square} is blocked", code="blocked")
MOVE_PIECE = Refusal("spike.move-piece",
                     "{cell} holds a piece: the {size} on {square} is blocked", code="blocked")
MOVE_COIN = Refusal("spike.move-coin",
                    "{cell} has a {coin}: the {size} on {square} is blocked", code="blocked")
LAUNCH_FOE = Refusal("spike.launch-foe", "{cell} holds a piece you don't control: a {size} "
                     "launched on the {file}-file is blocked", code="blocked")
LAUNCH_PIECE = Refusal("spike.launch-piece", "{cell} holds a piece: a {size} launched on the "
                       "{file}-file is blocked", code="blocked")
LAUNCH_COIN = Refusal("spike.launch-coin", "{cell} has a {coin}: a {size} launched on the "
                      "{file}-file is blocked", code="blocked")

REFUSALS = SHARED + (
    NO_SQUARE, DIAGONAL, NOT_A_FACING, MANY_PLIES, NO_FACING, NOT_A_SIZE, NOT_A_PLY,
    LAUNCH_OR_DONE, LAUNCH_NOW, DONE_NOT_OPTIONAL, DONE_FIRST, CANNOT_PASS, NO_PIECE, NOT_YOURS,
    WRONG_DIRECTION, OFF_BOARD, DISTANCE_ONE, DISTANCE, DISTANCE_ONE_EXIT, DISTANCE_EXIT,
    NO_EXIT, ONE_LEFT, NONE_LEFT, SIZE_GONE, WRONG_RANK, MOVE_FOE, MOVE_PIECE, MOVE_COIN,
    LAUNCH_FOE, LAUNCH_PIECE, LAUNCH_COIN,
)
#: The words ``size``, ``direction`` and ``coin`` hold (``seat`` is P1 or P2; what a player
#: typed is always ``text``, never translated).
VOCABULARY = ("small", "medium", "large", "north", "east", "south", "west", "penny", "nickel")
#: Who is in the way of a moving piece and of a launched one: a foe's piece to hop, a piece,
#: a coin.
MOVE_BLOCKED = (MOVE_FOE, MOVE_PIECE, MOVE_COIN)
LAUNCH_BLOCKED = (LAUNCH_FOE, LAUNCH_PIECE, LAUNCH_COIN)

"""The rules' refusals in the reader's language.

The rule modules (``pbem.games``) stay free of Flask and speak English: each refusal an
``IllegalMove`` with its English ``reason``, a coarse ``code``, and the stable ``key`` and
``params`` of the refusal its game declares (``rules.refusals``). Here every key has its
sentence, the English one with named placeholders, said through the catalogue; the parameters
are notation, numbers and what the player typed (``text``), which never change with the
language, or words of a game's ``vocabulary`` (sizes, directions, colours), translated too.
The ``refusal`` template filter applies it, on pages and in mail, in the language the page or
message speaks.
"""

from __future__ import annotations

from flask_babel import LazyString, pgettext
from flask_babel import gettext as _

from ..games import IllegalMove


def N_(message: str) -> str:
    """Marks a message for ``pybabel extract`` (``-k N_``); translated where it is used."""
    return message


#: Every refusal of every game (and the server's own) by its key, the English sentence with
#: named placeholders (tests/play/test_refusals.py holds it to the declarations).
MESSAGES = {
    "play.turn-incomplete": N_("the turn is not finished: continue it with one of %(moves)s"),
    "api.not-your-turn": N_("it is not your turn in this game"),
    "archive.resign-needs-seat": N_("a resignation must name its seat"),
    "archive.wrong-seat": N_("it is %(to_move)s's turn, not %(seat)s's"),
    "rules.game-over": N_("the game is over"),
    "rules.already-over": N_("the game is already over"),
    "rules.not-legal": N_("%(ply)s is not a legal move here"),
    "rules.no-move": N_("no move was given"),
    "rules.not-text": N_("a move must be text"),
    "rules.not-ascii": N_("%(char)r is not part of move notation: write plain letters, digits "
                          "and signs"),
    "rules.move-too-long": N_("a move is at most %(limit)s characters long, not %(length)s"),
    "rules.turn-too-long": N_("a turn is at most %(limit)s characters long, not %(length)s"),
    "rules.not-in-game": N_("seat %(seat)r is not in this game"),
    "rules.game-ended-after": N_("the game ended after step %(last)s"),
    "rules.game-ended-with": N_("the game ended with %(last)s"),
    "rules.turn-ended-after": N_("your turn ended after step %(last)s"),
    "rules.turn-ended-with": N_("your turn ended with %(last)s"),
    "pylon.no-move": N_("no move was given: place a size on a square (Mc3, or 2c3) or move a "
                        "stack onto its neighbour (c3-c4)"),
    "pylon.not-a-square": N_("%(text)r is not a square (files a-f, ranks 1-5)"),
    "pylon.not-a-size": N_("%(text)r is not a size: use S, M or L (or 1, 2, 3)"),
    "pylon.unreadable": N_("cannot read %(text)r: place a size on a square (Mc3, or 2c3) or "
                           "move a stack onto its neighbour (c3-c4)"),
    "pylon.placement-over": N_("placement is over: move a stack"),
    "pylon.none-left": N_("no %(size)s pyramids left"),
    "pylon.occupied": N_("%(square)s is occupied"),
    "pylon.not-full": N_("the board is not full yet: place a pyramid"),
    "pylon.empty-source": N_("%(square)s is empty: there is no stack to move"),
    "pylon.not-adjacent": N_("%(a)s and %(b)s are not orthogonally adjacent"),
    "pylon.empty-target": N_("%(square)s is empty: stacks only move onto stacks"),
    "pylon.too-large": N_("the bottom of %(a)s (%(low)s) is larger than the top of %(b)s "
                          "(%(high)s)"),
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
    "stawvs.not-a-move": N_("%(text)r is not a Stawvs move: name a square to place a cap (d4), "
                            "write from-to/claim to move a cap (c3-f6/e5), or pass"),
    "stawvs.no-claim": N_("%(ply)s does not say which pyramid to claim: write %(ply)s/<square>"),
    "stawvs.no-pass-placing": N_("you cannot pass while placing caps"),
    "stawvs.no-pass": N_("you have a legal move, so you cannot pass"),
    "stawvs.out": N_("you are out of the game and must pass"),
    "stawvs.place-first": N_("place your caps first: name an open square, e.g. %(example)s"),
    "stawvs.must-pass": N_("you have no legal move and must pass"),
    "stawvs.all-placed": N_("your caps are all placed: move one as from-to/claim, e.g. "
                            "%(example)s"),
    "stawvs.no-cap": N_("you have no cap on %(square)s"),
    "stawvs.stay": N_("a cap must move to another square"),
    "stawvs.claim-vacated": N_("with claims=vacated you claim the square you left: %(ply)s"),
    "stawvs.claim-own": N_("you cannot claim %(square)s: your cap has just moved there"),
    "stawvs.gap": N_("%(square)s is a gap"),
    "stawvs.capped": N_("%(square)s is capped"),
    "stawvs.not-a-line": N_("%(end)s is not in a straight line from %(start)s"),
    "stawvs.gap-blocks": N_("the gap on %(square)s blocks the line from %(start)s to %(end)s"),
    "stawvs.cap-blocks": N_("the cap on %(square)s blocks the line from %(start)s to %(end)s"),
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
    "triumvirate.no-move": N_("no move was given; a ply looks like T:3f/2f/1f, h1-h3, d4xb4, "
                              "+2g1, P:2 or H:2Du<3Df"),
    "triumvirate.no-pass": N_("Triumvirate has no pass: a turn ends by itself"),
    "triumvirate.unreadable": N_("cannot read %(text)r; a ply looks like T:3f/2f/1f, h1-h3, "
                                 "d4xb4, +2g1, P:2 or H:2Du<3Df"),
    "triumvirate.arrange-first": N_("arrange your card first (T:…; %(ply)s keeps it as it is)"),
    "triumvirate.arranged": N_("your card is already arranged for this turn; %(count)s "
                               "action(s) remain (a move, a capture or a placement)"),
    "triumvirate.decide-later": N_("prisoners are decided after the last action; %(count)s "
                                   "action(s) remain (a move, a capture or a placement)"),
    "triumvirate.decide-first": N_("decide first what becomes of the %(size)s prisoner (P:%(z)s "
                                   "or H:%(z)s…)"),
    "triumvirate.arrangement": N_("an arrangement puts each size on the card once; %(ply)s "
                                  "leaves out %(missing)s"),
    "triumvirate.not-start": N_("%(square)s is not one of your starting squares (%(starts)s)"),
    "triumvirate.no-reserve": N_("you have no %(size)s piece in reserve"),
    "triumvirate.occupied-own": N_("%(square)s is occupied by your own piece"),
    "triumvirate.occupied-foe": N_("%(square)s is occupied by %(seat)s's piece: capture it first"),
    "triumvirate.entry": N_("with sized entry %(square)s takes only %(sizes)s"),
    "triumvirate.all-points": N_("you must use all %(total)s movement points; %(ply)s leaves "
                                 "%(count)s that no move can use"),
    "triumvirate.points-left": N_("you must use all %(total)s remaining movement points; "
                                  "%(ply)s leaves %(count)s that no move can use"),
    "triumvirate.no-piece": N_("there is no piece on %(square)s"),
    "triumvirate.not-yours": N_("%(square)s holds %(seat)s's piece, not yours"),
    "triumvirate.geometry": N_("%(start)s to %(end)s is no move: pieces go one or two squares "
                               "orthogonally or diagonally, or jump like a chess knight"),
    "triumvirate.cannot-move": N_("your %(size)s pieces cannot move: no flat %(size)s on your "
                                  "card"),
    "triumvirate.manner": N_("your %(sizes)s move only %(manners)s (flat in %(sections)s), not "
                             "%(manner)s"),
    "triumvirate.own-piece": N_("%(square)s holds your own piece"),
    "triumvirate.nothing-to-capture": N_("there is nothing to capture on %(square)s"),
    "triumvirate.slide-blocked": N_("the slide from %(start)s to %(end)s is blocked on "
                                    "%(square)s"),
    "triumvirate.protected": N_("%(seat)s's %(sizes)s are upright in %(sections)s: they can "
                                "only be captured %(manners)s"),
    "triumvirate.wrong-prisoner": N_("the prisoner to decide now is a %(size)s: write P:%(z)s "
                                     "or H:%(z)s…"),
    "triumvirate.section": N_("a new hostage takes the section of the one it replaces: "
                              "%(expected)s, not %(ply)s"),
    "triumvirate.fresh-hostage": N_("the hostage %(hostage)s came onto your card this turn and "
                                    "cannot be replaced yet"),
    "triumvirate.no-hostage": N_("your card has no hostage %(hostage)s to replace"),
}


def _words() -> dict[str, str]:
    """The words refusals' parameters hold, in the language spoken now (each with the
    context "rules word", apart from the same word elsewhere on the site)."""
    return {
        "small": pgettext("rules word", "small"),
        "medium": pgettext("rules word", "medium"),
        "large": pgettext("rules word", "large"),
        "north": pgettext("rules word", "north"),
        "east": pgettext("rules word", "east"),
        "south": pgettext("rules word", "south"),
        "west": pgettext("rules word", "west"),
        "penny": pgettext("rules word", "penny"),
        "nickel": pgettext("rules word", "nickel"),
        "king": pgettext("rules word", "king"),
        "1 tile": pgettext("rules word", "1 tile"),
        "2n tile": pgettext("rules word", "2n tile"),
        "2w tile": pgettext("rules word", "2w tile"),
        "2s tile": pgettext("rules word", "2s tile"),
        "3f tile": pgettext("rules word", "3f tile"),
        "3y tile": pgettext("rules word", "3y tile"),
        "3h tile": pgettext("rules word", "3h tile"),
        "4n tile": pgettext("rules word", "4n tile"),
        "4w tile": pgettext("rules word", "4w tile"),
        "4s tile": pgettext("rules word", "4s tile"),
        "5 tile": pgettext("rules word", "5 tile"),
        "queen": pgettext("rules word", "queen"),
        "Light": pgettext("rules word", "Light"),
        "Dark": pgettext("rules word", "Dark"),
        "Red": pgettext("rules word", "Red"),
        "smalls": pgettext("rules word", "smalls"),
        "mediums": pgettext("rules word", "mediums"),
        "larges": pgettext("rules word", "larges"),
        "orthogonally": pgettext("rules word", "orthogonally"),
        "diagonally": pgettext("rules word", "diagonally"),
        "orthogonally or diagonally": pgettext("rules word", "orthogonally or diagonally"),
        "by an L-shaped jump": pgettext("rules word", "by an L-shaped jump"),
        "orthogonally or by an L-shaped jump":
            pgettext("rules word", "orthogonally or by an L-shaped jump"),
        "diagonally or by an L-shaped jump":
            pgettext("rules word", "diagonally or by an L-shaped jump"),
        "orthogonally or diagonally or by an L-shaped jump":
            pgettext("rules word", "orthogonally or diagonally or by an L-shaped jump"),
        "O and D": pgettext("rules word", "O and D"),
        "O and L": pgettext("rules word", "O and L"),
        "D and L": pgettext("rules word", "D and L"),
        "O and D and L": pgettext("rules word", "O and D and L"),
        "the medium and the large": pgettext("rules word", "the medium and the large"),
        "the small and the large": pgettext("rules word", "the small and the large"),
        "the small and the medium": pgettext("rules word", "the small and the medium"),
        "the large": pgettext("rules word", "the large"),
        "the medium": pgettext("rules word", "the medium"),
        "the small": pgettext("rules word", "the small"),
        "the small, the medium and the large":
            pgettext("rules word", "the small, the medium and the large"),
    }


def refusal(error):
    """An ``IllegalMove`` said in the language spoken now (a step of a typed turn behind its
    step); any other value, and a refusal no game declares, as it is."""
    if not isinstance(error, IllegalMove):
        return error
    if error.key not in MESSAGES:
        return error.reason
    words = _words()
    params = {name: value if name == "text" or not isinstance(value, str)
              else words.get(value, value) for name, value in error.params.items()}
    said = _(MESSAGES[error.key], **params)
    if error.step is None:
        return said
    return _("step %(step)s (%(ply)s): %(reason)s", step=error.step, ply=error.ply,
             reason=said)


def lazy_refusal(error) -> LazyString:
    """:func:`refusal`, said when it is read: in a page's language, or in a mail's, whichever
    reads it (a refusal kept in an error or an answer made before either is known)."""
    return LazyString(lambda: refusal(error))


def rules_word(word: str) -> str:
    """A word of the rules a page shows as it is (a choice beside the board: ``small``) in
    the language spoken now; notation and any other word as they are."""
    return _words().get(word, word)

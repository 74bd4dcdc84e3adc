"""The boards' words in the reader's language.

The rendering modules (``pbem.games``) stay free of Flask and write English: every sentence a
board shows (status line, tooltip, spoken description) is a ``Phrase`` with a stable key
(``pbem.games.phrases``). Here every key has its sentence, the English one with named
placeholders, said through the catalogue in the language spoken when the board is drawn (a
page's, or a mail's); parameters are notation and numbers, which never change with the
language, or rules words (``small``), translated as the refusals translate them.
:func:`install` makes every board speak so; a game's ``PHRASES`` and these keys are held
together by tests/play/test_boardwords.py.
"""

from __future__ import annotations

from flask_babel import gettext as _

from ..games import phrases
from .refusals import N_, rules_word

#: Every board phrase of every game by its key, the English sentence with named placeholders.
MESSAGES = {
    "pylon.to-place": N_("P%(seat)s (%(owner)s) to place a pyramid; score %(score)s"),
    "pylon.to-move": N_("P%(seat)s (%(owner)s) to move a stack; score %(score)s"),
    "pylon.resigned": N_("P%(loser)s resigned: P%(seat)s (%(owner)s) wins"),
    "pylon.draw": N_("game over: a draw, %(score)s"),
    "pylon.won": N_("game over: P%(seat)s (%(owner)s) wins %(score)s"),
    "pylon.score-spoken": N_("%(a)s to %(b)s"),
    "pylon.cell-one": N_("%(square)s: %(stack)s, 1 pyramid, %(owner)s on top"),
    "pylon.cell-many": N_("%(square)s: %(stack)s, %(count)s pyramids, %(owner)s on top"),
    "pylon.cell-empty": N_("%(square)s: empty"),
    "pylon.place-small": N_("place a small pyramid"),
    "pylon.place-medium": N_("place a medium pyramid"),
    "pylon.place-large": N_("place a large pyramid"),
    "pylon.piece-small": N_("small %(owner)s"),
    "pylon.piece-medium": N_("medium %(owner)s"),
    "pylon.piece-large": N_("large %(owner)s"),
    "pylon.placement-phase": N_("Pylon, placement phase."),
    "pylon.stacking-phase": N_("Pylon, stacking phase."),
    "pylon.stack": N_("%(square)s %(count)s pyramids, bottom to top %(pieces)s"),
    "pylon.occupied-squares": N_("Occupied: %(squares)s."),
    "pylon.empty": N_("Empty: %(squares)s."),
    "pylon.all-empty": N_("All empty."),
    "pylon.in-hand": N_("In hand: %(hands)s."),
    "stawvs.and": N_("%(items)s and %(last)s"),
    "stawvs.wins": N_("game over, %(seats)s wins"),
    "stawvs.win": N_("game over, %(seats)s win"),
    "stawvs.to-place": N_("P%(seat)s to move (placing caps)"),
    "stawvs.to-move": N_("P%(seat)s to move (moving)"),
    "stawvs.to-pass": N_("P%(seat)s to move (out, passes)"),
    "stawvs.seat-line": N_("P%(seat)s%(notes)s: caps %(caps)s; %(count)s pyramids, score "
                            "%(score)s"),
    "stawvs.no-caps": N_("none"),
    "stawvs.note-to-place": N_("%(count)s to place"),
    "stawvs.note-resigned": N_("resigned"),
    "stawvs.note-out": N_("out"),
    "stawvs.key-pyramids": N_("Pyramids: pink, blue, green, orange; 1, 2 or 3 pips = small, "
                               "medium, large."),
    "stawvs.key-squares": N_("Dark squares are gaps; numbered discs are the players' caps."),
    "stawvs.last-move": N_("%(status)s; last move %(move)s"),
    "stawvs.key-mail": N_("Caps are numbered discs (%(colours)s); dark squares are gaps; "
                           "pyramids have 1, 2 or 3 pips for small, medium, large."),
    "stawvs.cap-black": N_("P%(seat)s black"),
    "stawvs.cap-white": N_("P%(seat)s white"),
    "stawvs.cap-purple": N_("P%(seat)s purple"),
    "stawvs.cap-brown": N_("P%(seat)s brown"),
    "stawvs.pink-small": N_("pink small"),
    "stawvs.pink-medium": N_("pink medium"),
    "stawvs.pink-large": N_("pink large"),
    "stawvs.blue-small": N_("blue small"),
    "stawvs.blue-medium": N_("blue medium"),
    "stawvs.blue-large": N_("blue large"),
    "stawvs.green-small": N_("green small"),
    "stawvs.green-medium": N_("green medium"),
    "stawvs.green-large": N_("green large"),
    "stawvs.orange-small": N_("orange small"),
    "stawvs.orange-medium": N_("orange medium"),
    "stawvs.orange-large": N_("orange large"),
    "stawvs.opening-vacated": N_("Stawvs, %(players)s players, claims take the vacated square. "
                                  "%(status)s."),
    "stawvs.opening-in-line": N_("Stawvs, %(players)s players, claims take any pyramid in line. "
                                  "%(status)s."),
    "stawvs.has-resigned": N_("has resigned"),
    "stawvs.is-out": N_("is out and passes"),
    "stawvs.caps-to-place": N_("has %(count)s caps to place"),
    "stawvs.caps-on": N_("has caps on %(squares)s"),
    "stawvs.no-caps-on-board": N_("has no caps on the board"),
    "stawvs.owns": N_("owns %(pyramids)s"),
    "stawvs.owns-nothing": N_("owns nothing yet"),
    "stawvs.seat-sentence": N_("P%(seat)s %(facts)s; score %(score)s."),
    "stawvs.gap-square": N_("%(square)s gap"),
    "stawvs.with-cap": N_("%(square)s with P%(seat)s's cap"),
    "stawvs.rank": N_("Rank %(rank)s: %(squares)s."),
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
    "triumvirate.resigned": N_("P%(loser)s resigned; P%(seat)s wins"),
    "triumvirate.drawn": N_("drawn: %(count)s turns in a row without a capture"),
    "triumvirate.won": N_("P%(seat)s wins with two trees of prisoners"),
    "triumvirate.arrange": N_("P%(seat)s to move: arrange the card (T:…)"),
    "triumvirate.act": N_("P%(seat)s to move: %(actions)s action(s) left, %(points)s movement "
                          "point(s)"),
    "triumvirate.decide": N_("P%(seat)s to move: decide the %(size)s prisoner (P:%(z)s or "
                             "H:%(z)s…)"),
    "triumvirate.on-square": N_("P%(seat)s %(size)s on %(square)s"),
    "triumvirate.to-move": N_("P%(seat)s — to move"),
    "triumvirate.orthogonal": N_("orthogonal"),
    "triumvirate.diagonal": N_("diagonal"),
    "triumvirate.l-shaped": N_("L-shaped"),
    "triumvirate.section-name": N_("%(section)s section"),
    "triumvirate.flat": N_("flat"),
    "triumvirate.upright": N_("upright"),
    "triumvirate.card-piece": N_("Triumvirate: %(size)s %(orient)s in %(section)s"),
    "triumvirate.hostage-piece": N_("hostage: %(size)s %(orient)s in %(section)s"),
    "triumvirate.held": N_("held"),
    "triumvirate.reserve": N_("reserve"),
    "triumvirate.row-count": N_("%(row)s: %(count)s %(size)s"),
    "triumvirate.holds": N_("P%(seat)s holds prisoners %(held)s; reserve %(reserve)s (sizes 1, 2, "
                            "3)"),
    "triumvirate.opening": N_("Triumvirate, turn %(turn)s. %(status)s."),
    "triumvirate.own": N_("%(size)s on %(square)s"),
    "triumvirate.slot": N_("%(size)s %(orient)s in %(section)s"),
    "triumvirate.count": N_("%(count)s %(size)s"),
    "triumvirate.none-on-board": N_("none on the board"),
    "triumvirate.none": N_("none"),
    "triumvirate.seat": N_("P%(seat)s pieces: %(pieces)s. Card: %(card)s. Hostages: %(hostages)s. "
                           "Prisoners held: %(held)s. Reserve: %(reserve)s."),
    "triumvirate.taken": N_("Prisoners taken this turn: %(count)s."),
    "triumvirate.piece": N_("%(size)s, %(orient)s"),
    "triumvirate.slot-choice": N_("%(section)s section: %(piece)s"),
    "triumvirate.hold": N_("hold the %(size)s prisoner"),
    "triumvirate.as-hostage": N_("%(size)s prisoner as a hostage in the %(section)s section, "
                                 "%(orient)s"),
    "triumvirate.replacing": N_("%(choice)s, replacing the %(piece)s hostage"),
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
    "pylon.mail-last-move": N_("Last move: %(move)s (marked *)"),
    "pylon.mail-legend": N_("Stacks read bottom to top: A = P1, B = P2; 1 small, 2 medium, 3 "
                            "large.\nThe owner of a stack's top pyramid scores every pyramid in "
                            "it."),
    "pylon.mail-score": N_("Score: P1 (A) %(a)s, P2 (B) %(b)s"),
    "pylon.mail-in-hand": N_("In hand: P1 (A) %(a)s; P2 (B) %(b)s"),
    "stawvs.mail-last-move": N_("Last move: %(move)s"),
    "stawvs.mail-key": N_("Key: P pink, B blue, G green, O orange; 1 small, 2 medium, 3 large; "
                          ".. gap;\n     n:XX = P<n>'s cap on pyramid XX."),
    "spike.mail-chest": N_("P%(seat)s chest: %(chest)s"),
    "spike.mail-stash": N_("Stash: %(stash)s"),
    "spike.mail-turn": N_("This turn so far: %(steps)s"),
    "spike.mail-last-move": N_("Last move: %(move)s"),
    "spike.mail-legend": N_("Legend: 1M^ = P1's medium facing north (^ > v < = N E S W; 1 = P1, "
                            "2 = P2;\nS M L = small, medium, large); p = penny (P1), n = nickel "
                            "(P2), . = empty.\nP1 launches from rank 1 and exits past rank 8; P2 "
                            "the other way."),
    "triumvirate.mail-title": N_("Triumvirate, turn %(turn)s: %(status)s"),
    "triumvirate.mail-legend": N_("P1 = S M L (small, medium, large), P2 = s m l; + = empty "
                                  "starting square\nCards: O/D/L sections, size then f (flat: "
                                  "moves) or u (upright: protects)"),
    "triumvirate.mail-card": N_("P%(seat)s card: %(card)s | hostages: %(hostages)s | held: "
                                "%(held)s | reserve: %(reserve)s"),
    "triumvirate.mail-last-move": N_("Last move: %(move)s"),
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


def say(phrase: phrases.Phrase, params: dict) -> str:
    """``phrase`` in the language spoken now (outside a request or a mail, in English); a
    phrase no key here names, in English."""
    if phrase.key not in MESSAGES:
        return phrase.english(**params)
    said = {name: rules_word(value) if isinstance(value, str) else value
            for name, value in params.items()}
    return _(MESSAGES[phrase.key], **said) if said else _(MESSAGES[phrase.key])


def install() -> None:
    """Every board drawn from now on speaks the reader's language."""
    phrases.speak_with(say)

"""Pylon's phrases, each key with its English sentence (named placeholders) for the
catalogue: its refusals, then its board's words."""

from __future__ import annotations

from ...core.i18n import N_

MESSAGES = {
    # ----- refusals (pbem/games/pylon/refusals.py) -----------------------------------------------
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
    # ----- the board's words (pbem/games/pylon/words.py) -----------------------------------------
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
    "pylon.mail-last-move": N_("Last move: %(move)s (marked *)"),
    "pylon.mail-legend": N_("Stacks read bottom to top: A = P1, B = P2; 1 small, 2 medium, 3 "
                            "large.\nThe owner of a stack's top pyramid scores every pyramid in "
                            "it."),
    "pylon.mail-score": N_("Score: P1 (A) %(a)s, P2 (B) %(b)s"),
    "pylon.mail-in-hand": N_("In hand: P1 (A) %(a)s; P2 (B) %(b)s"),
}


#: What each option does (``Option.help`` in pbem/games/pylon/rules.py), for the catalogue.
OPTIONS = {
    "start": N_("place: an empty board, filled in turn; quick: the 30 pyramids dealt at random "
                "(or by layout), straight into stacking"),
    "layout": N_("the quick-start board: ranks 5 to 1 separated by '/', six squares each as "
                 "owner and size, e.g. A3B1B2A1A2B3/…"),
    "stacking_starts": N_("who stacks first after placement: the last placer, P2 (the "
                          "designer), or P1 (Abstract Play)"),
}

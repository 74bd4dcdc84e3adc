"""Stawvs's phrases, each key with its English sentence (named placeholders) for the
catalogue: its refusals, then its board's words."""

from __future__ import annotations

from ...core.i18n import N_

MESSAGES = {
    # ----- refusals (pbem/games/stawvs/refusals.py) ----------------------------------------------
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
    # ----- the board's words (pbem/games/stawvs/words.py) ----------------------------------------
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
    "stawvs.mail-last-move": N_("Last move: %(move)s"),
    "stawvs.mail-key": N_("Key: P pink, B blue, G green, O orange; 1 small, 2 medium, 3 large; "
                          ".. gap;\n     n:XX = P<n>'s cap on pyramid XX."),
}


#: What each option does (``Option.help`` in pbem/games/stawvs/rules.py), for the catalogue.
OPTIONS = {
    "gaps": N_("where the four empty squares are: the corners, the centre four, or at random"),
    "layout": N_("an exact board, ranks 8 to 1 separated by '/', each square '..' or a colour "
                 "PBGO and a size 1-3 (e.g. ..P1B3G2O1P2B1../...); overrides gaps"),
    "claims": N_("line: claim any pyramid in a line from the cap's new square; vacated: claim "
                 "the pyramid the cap left"),
    "final_collect": N_("whether players collect the pyramids under their caps at the end"),
    "caps": N_("caps per player (2 only with 4 players)"),
}

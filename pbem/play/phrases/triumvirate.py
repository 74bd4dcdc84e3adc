"""Triumvirate's phrases, each key with its English sentence (named placeholders) for the
catalogue: its refusals, then its board's words."""

from __future__ import annotations

from ...core.i18n import N_

MESSAGES = {
    # ----- refusals (pbem/games/triumvirate/refusals.py) -----------------------------------------
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
    # ----- the board's words (pbem/games/triumvirate/words.py) -----------------------------------
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
    "triumvirate.mail-title": N_("Triumvirate, turn %(turn)s: %(status)s"),
    "triumvirate.mail-legend": N_("P1 = S M L (small, medium, large), P2 = s m l; + = empty "
                                  "starting square\nCards: O/D/L sections, size then f (flat: "
                                  "moves) or u (upright: protects)"),
    "triumvirate.mail-card": N_("P%(seat)s card: %(card)s | hostages: %(hostages)s | held: "
                                "%(held)s | reserve: %(reserve)s"),
    "triumvirate.mail-last-move": N_("Last move: %(move)s"),
}


#: What each option does (``Option.help`` in pbem/games/triumvirate/rules.py), for the
#: catalogue.
OPTIONS = {
    "entry": N_("which reserve sizes may enter on which starting square (TRIUMVIRATE-R9)"),
    "quiet_limit": N_("draw after this many turns in a row without a capture; 0: never "
                      "(TRIUMVIRATE-R14)"),
}

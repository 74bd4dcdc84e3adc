"""The rules' refusals in the reader's language.

The rule modules (``pbem.games``) stay free of Flask and speak English: an ``IllegalMove``
carries an English ``reason`` and a stable ``code``. The reasons players meet most are
recognised here by their English wording (each a pattern with its parameters: squares, moves,
notation, which never change with the language) and said again through the catalogue; a
reason not listed stays in English. The ``refusal`` template filter applies it, on pages and
in mail, in the language the page or message speaks.
"""

from __future__ import annotations

import re

from flask_babel import gettext as _


def N_(message: str) -> str:
    """Marks a message for ``pybabel extract`` (``-k N_``); translated where it is used."""
    return message


#: (English pattern, its translation): the groups are the translation's parameters.
PATTERNS = [(re.compile(f"^{pattern}$"), words) for pattern, words in (
    (r"the game is over", N_("the game is over")),
    (r"the game is already over", N_("the game is already over")),
    (r"no move was given", N_("no move was given")),
    (r"(?P<ply>\S+) is not a legal move here", N_("%(ply)s is not a legal move here")),
    (r"that position has occurred before \(superko\)",
     N_("that position has occurred before (superko)")),
    (r"you have no legal move and must pass", N_("you have no legal move and must pass")),
    (r"you have a legal move, so you cannot pass", N_("you have a legal move, so you cannot "
                                                      "pass")),
    (r"you cannot pass while placing caps", N_("you cannot pass while placing caps")),
    (r"you are out of the game and must pass", N_("you are out of the game and must pass")),
    (r"(?P<square>\S+) is a gap", N_("%(square)s is a gap")),
    (r"(?P<square>\S+) is capped", N_("%(square)s is capped")),
    (r"you have no cap on (?P<square>\S+)", N_("you have no cap on %(square)s")),
    (r"a cap must move to another square", N_("a cap must move to another square")),
    (r"(?P<end>\S+) is not in a straight line from (?P<start>\S+)",
     N_("%(end)s is not in a straight line from %(start)s")),
    (r"the cap on (?P<square>\S+) blocks the line from (?P<start>\S+) to (?P<end>\S+)",
     N_("the cap on %(square)s blocks the line from %(start)s to %(end)s")),
    (r"the gap on (?P<square>\S+) blocks the line from (?P<start>\S+) to (?P<end>\S+)",
     N_("the gap on %(square)s blocks the line from %(start)s to %(end)s")),
    (r"you cannot claim (?P<square>\S+): your cap has just moved there",
     N_("you cannot claim %(square)s: your cap has just moved there")),
    (r"place your caps first: name an open square, e.g. (?P<example>\S+)",
     N_("place your caps first: name an open square, e.g. %(example)s")),
    (r"your caps are all placed: move one as from-to/claim, e.g. (?P<example>\S+)",
     N_("your caps are all placed: move one as from-to/claim, e.g. %(example)s")),
    (r"(?P<text>'.*') is not a Stawvs move: name a square to place a cap \(d4\), write "
     r"from-to/claim to move a cap \(c3-f6/e5\), or pass",
     N_("%(text)s is not a Stawvs move: name a square to place a cap (d4), write "
        "from-to/claim to move a cap (c3-f6/e5), or pass")),
    (r"the board is not full yet: place a pyramid", N_("the board is not full yet: place a "
                                                       "pyramid")),
    (r"placement is over: move a stack", N_("placement is over: move a stack")),
    (r"cannot read (?P<text>'.*'): place a size on a square \(Mc3, or 2c3\) or move a stack "
     r"onto its neighbour \(c3-c4\)",
     N_("cannot read %(text)s: place a size on a square (Mc3, or 2c3) or move a stack onto "
        "its neighbour (c3-c4)")),
    (r"(?P<square>\S+) is empty: there is no stack to move",
     N_("%(square)s is empty: there is no stack to move")),
    (r"(?P<square>\S+) is empty: stacks only move onto stacks",
     N_("%(square)s is empty: stacks only move onto stacks")),
    (r"(?P<a>\S+) and (?P<b>\S+) are not orthogonally adjacent",
     N_("%(a)s and %(b)s are not orthogonally adjacent")),
    (r"there is no piece on (?P<square>\S+)", N_("there is no piece on %(square)s")),
    (r"you cannot land on your own king", N_("you cannot land on your own king")),
    (r"your first placement cannot be your queen", N_("your first placement cannot be your "
                                                       "queen")),
    (r"that move would split the table into separate groups",
     N_("that move would split the table into separate groups")),
    (r"Triumvirate has no pass: a turn ends by itself",
     N_("Triumvirate has no pass: a turn ends by itself")),
    (r"you must launch now \(you have moved this turn\)",
     N_("you must launch now (you have moved this turn)")),
    (r"a move must be text", N_("a move must be text")),
)]
_STEP = re.compile(r"^step (?P<step>\d+) \((?P<ply>[^)]*)\): (?P<rest>.+)$", re.S)


def refusal(reason):
    """``reason`` (an ``IllegalMove``'s) in the language spoken now; unchanged when it is not
    one of :data:`PATTERNS` (or not a string)."""
    if not isinstance(reason, str) or not reason:
        return reason
    step = _STEP.match(reason)
    if step:  # one ply of a multi-ply turn: the step, then its own reason
        return _("step %(step)s (%(ply)s): %(reason)s", step=step["step"], ply=step["ply"],
                 reason=refusal(step["rest"]))
    for pattern, words in PATTERNS:
        found = pattern.match(reason)
        if found:
            return _(words, **found.groupdict())
    return reason

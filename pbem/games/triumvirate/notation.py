"""Triumvirate move notation (spec §8): reading what a person typed, splitting a typed turn."""

from __future__ import annotations

import re

from ..notation import squash
from ..refusals import NOT_TEXT
from . import refusals as no
from .board import CAPTURE, INDEX, owner
from .movegen import legal
from .state import State

_ARRANGE = re.compile(r"t:([123])([fu])/([123])([fu])/([123])([fu])")
_MOVE = re.compile(r"([a-h][1-8])([-x])([a-h][1-8])")
_PLACE = re.compile(r"\+([123])([a-h][1-8])")
_HOLD = re.compile(r"p:([123])")
_HOSTAGE = re.compile(r"h:([123])([odl])([fu])(?:<([123])([odl])([fu]))?")



def parse(state: State, text) -> str:
    """Canonical spelling (§8); ``-`` onto an enemy piece is the capture ``x``.

    :raises IllegalMove: code ``syntax``, saying what is wrong.
    """
    if isinstance(text, str) and text in legal(state)[1]:  # canonical already
        return text
    kind, ply = read(text)
    if kind == "move" and ply[2] == "-":
        target = state.board[INDEX[ply[3:]]]
        if target and owner(target) != state.seat:
            return CAPTURE[INDEX[ply[:2]]][INDEX[ply[3:]]]
    return ply


def read(text) -> tuple[str, str]:
    """(kind, canonical ply but for the capture mark) of typed text.

    Kinds: ``arrange``, ``move`` (``a-b`` or ``axb`` as typed), ``place``, ``decide``.

    :raises IllegalMove: ``syntax``.
    """
    s = squash(text).lower()
    if m := _MOVE.fullmatch(s):
        return "move", "".join(m.groups())
    if m := _PLACE.fullmatch(s):
        return "place", f"+{m[1]}{m[2]}"
    if m := _ARRANGE.fullmatch(s):
        return "arrange", "T:{}{}/{}{}/{}{}".format(*m.groups())
    if m := _HOLD.fullmatch(s):
        return "decide", f"P:{m[1]}"
    if m := _HOSTAGE.fullmatch(s):
        ply = f"H:{m[1]}{m[2].upper()}{m[3]}"
        if m[4]:
            ply += f"<{m[4]}{m[5].upper()}{m[6]}"
        return "decide", ply
    if not s:
        raise no.NO_MOVE()
    if s == "pass":
        raise no.NO_PASS()
    raise no.UNREADABLE(text=s if len(s) <= 20 else s[:20] + "…")


# Each ply form as a sequence of allowed characters, to tell where a typed turn splits.
_D, _O, _C = "123", "fu", "abcdefgh"
_R, _X = "12345678", "odl"
_TEMPLATES = (
    ("t", ":", _D, _O, "/", _D, _O, "/", _D, _O),
    (_C, _R, "-x", _C, _R),
    ("+", _D, _C, _R),
    ("p", ":", _D),
    ("h", ":", _D, _X, _O, "<", _D, _X, _O),
)


def _could_start(text: str) -> bool:
    """True if ``text`` (lower case, no spaces) is the beginning of some ply."""
    return any(
        len(text) <= len(form)
        and all(ch in allowed for ch, allowed in zip(text, form, strict=False))
        for form in _TEMPLATES
    )


def split(text) -> list[str]:
    """The plies of a turn typed on one line.

    Spaces separate plies, but a person may also put spaces inside one (``h1 - h3``): a chunk
    joins the ply before it when together they still begin a ply, so ``H:2Du <3Df`` stays one
    ply while ``h1-h3 +3h1`` is two.
    """
    if not isinstance(text, str):
        raise NOT_TEXT()
    plies: list[str] = []
    for chunk in text.split():
        if plies and _could_start((plies[-1] + chunk).lower()):
            plies[-1] += chunk
        else:
            plies.append(chunk)
    return plies

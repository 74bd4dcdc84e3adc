"""The boards' PNGs (resvg's), drawn once per test process instead of once per message.

A turn email carries its board as a PNG, drawn by resvg from the board's SVG: a few hundredths
of a second each, most of what composing the message costs. The server keeps the last few
(``pbem.correspondence.board_image.board_png``); the tests deliver the same positions again
and again in tests of their own (the demo's ninety messages in each test that runs ``pbem dev``
or upgrades its database), which a few do not reach. Drawing is a pure function of its
arguments, so one drawn for a test serves every later test that draws the same board with the
same options. Only the tests install this.
"""

from __future__ import annotations

from collections import OrderedDict

import resvg_py

#: Pictures kept (tens of kilobytes each); the suite draws a few hundred different ones.
SIZE = 1000

_original = resvg_py.svg_to_bytes
_drawn: OrderedDict[tuple, bytes] = OrderedDict()


def _key(options: dict) -> tuple:
    return tuple(sorted((name, tuple(value) if isinstance(value, list) else value)
                        for name, value in options.items()))


def _svg_to_bytes(**options) -> bytes:
    key = _key(options)
    if key in _drawn:
        _drawn.move_to_end(key)
        return _drawn[key]
    png = _drawn[key] = _original(**options)
    if len(_drawn) > SIZE:
        _drawn.popitem(last=False)
    return png


def install() -> None:
    """Keep the pictures drawn in this process (see the module's docstring)."""
    resvg_py.svg_to_bytes = _svg_to_bytes

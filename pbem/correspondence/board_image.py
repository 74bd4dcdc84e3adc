"""The position as a PNG for email: mail clients show no inline SVG, but every one shows an
image attached to the message and referenced from its HTML (``cid:``).

Each game draws a picture for mail (``render.mail_svg``): the page's board, pieces and last
move, without what the email's words say anyway (scores, hands, keys: ``render.mail_notes``,
shown under the image), framed tightly, its shapes merged and its names in few text runs:
resvg (``resvg-py``) spends its time on text runs, slanted edges and painted pixels, then on
the PNG's compression. It is fitted into a square a phone displays whole without scaling: a
tall board is drawn narrower rather than taller, which is also fewer pixels to draw.

Drawing is most of the time a turn email takes, so a picture is drawn once per process: the
answer to an emailed move and the next player's turn email show the same position, and a
retried message the same picture again.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

#: The square the board is fitted into, in pixels: a phone's mail app shows it at full width
#: (some 350 CSS pixels), a desktop one beside the text. Drawing and compressing the PNG
#: take time with the pixel count: 440 rather than 600 is nearly half the pixels.
BOX = 440

#: The renderers name DejaVu Sans first, and DejaVu Sans Mono for a board's files and ranks
#: (``games.svg.axis``). Loading just them, rather than every font on the host, saves
#: milliseconds a render; without all three resvg loads the system's fonts.
_DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
_FONTS = [str(path) for path in (_DEJAVU / "DejaVuSans.ttf", _DEJAVU / "DejaVuSans-Bold.ttf",
                                 _DEJAVU / "DejaVuSansMono.ttf")]
if not all(Path(path).exists() for path in _FONTS):
    _FONTS = []
#: Square corners drawn without anti-aliasing: the boards' rectangles are axis-aligned cells
#: and panels, which look the same either way at this size and take a fifth of the drawing
#: time anti-aliased; rounded ones (``rx``) keep it.
_STYLE = "rect{shape-rendering:crispEdges} rect[rx]{shape-rendering:geometricPrecision}"
_VIEW_BOX = re.compile(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"')


class Board(NamedTuple):
    """A board drawn as SVG, the width in pixels of its PNG (resvg makes the height follow;
    the HTML names the width only, and lets the height follow too), and the lines the email
    shows under it."""

    svg: str
    width: int
    notes: tuple[str, ...] = ()


def board(game, state, last_move: str | None = None) -> Board:
    """``game``'s board in ``state`` as mail shows it, ``last_move`` marked, with its width in
    the email and the facts the picture leaves to words."""
    svg = game.renderer.mail_svg(state, last_move=last_move)
    found = _VIEW_BOX.search(svg)
    across, down = (float(found[1]), float(found[2])) if found else (1.0, 1.0)
    return Board(svg, min(BOX, math.floor(BOX * across / down)),
                 tuple(game.renderer.mail_notes(state)))


@lru_cache(maxsize=16)
def board_png(drawn: Board) -> bytes:
    """The board as PNG bytes at its width, on white (a dark-mode client would otherwise show
    the transparent parts black); the same board is drawn once per process."""
    import resvg_py  # here: most commands that build the app never draw a board

    return resvg_py.svg_to_bytes(svg_string=drawn.svg, width=drawn.width, background="white",
                                 style_sheet=_STYLE, skip_system_fonts=bool(_FONTS),
                                 font_files=_FONTS or None)

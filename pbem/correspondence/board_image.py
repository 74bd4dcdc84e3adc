"""The position as a PNG for email: mail clients show no inline SVG, but every one shows an
image attached to the message and referenced from its HTML (``cid:``).

The game's own SVG is rasterised by resvg (``resvg-py``), so the email shows what the game page
shows, last move marked, at a width a phone displays without scaling.
"""

from __future__ import annotations

from pathlib import Path

import resvg_py

#: Pixels across: a phone's mail app shows it at full width, a desktop one beside the text.
WIDTH = 600

#: The renderers name DejaVu Sans first. Loading just it, rather than every font on the host,
#: is most of the time a render takes; without it resvg falls back to the system's fonts.
_FONTS = [str(path) for path in (Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
                                 Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"))
          if path.exists()]


def board_png(game, state, last_move: str | None = None) -> bytes:
    """``game``'s board in ``state`` as PNG bytes, ``last_move`` marked, on white (a dark-mode
    client would otherwise show the transparent parts black)."""
    svg = game.renderer.svg(state, last_move=last_move)
    return resvg_py.svg_to_bytes(svg_string=svg, width=WIDTH, background="white",
                                 skip_system_fonts=bool(_FONTS), font_files=_FONTS or None)

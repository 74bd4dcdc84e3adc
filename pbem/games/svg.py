"""The SVG kit every game's ``render.svg`` is built on: the root element, the clickable parts
and labels, written once.

Every board is one self-contained ``<svg>``: no ``style="…"`` attribute and no ``<style>``
element, only SVG presentation attributes (``fill``, ``stroke``, ``font-size``,
``text-anchor``, ``cursor``, ``pointer-events`` …). So a page served under a
Content-Security-Policy of ``style-src 'self'`` shows it as drawn, and an email can carry it
rasterised to PNG with nothing else.

The contract with the page scripts (``pbem/static/compose.js`` builds a move from clicks,
``replay.js`` swaps boards while stepping through a game), stated here once:

* **Cells.** Every place a move can name is an element carrying ``data-cell="<name>"``, the
  name exactly as the game's notation writes it (``d4``, ``0,-1``). A click on it, or on
  anything inside it, adds that name to the move being composed; the legal moves that name
  the clicked cells in that order are offered. Such an element has class ``cell`` (plus any
  words of the game's own) and ``cursor="pointer"``; a game draws pieces over cells with
  ``pointer-events="none"`` so clicks fall through to the cell.
* **Tokens.** A part of a move that is not a cell (a size in hand, a facing) is an element
  with class ``token`` and ``data-token="<text>"`` (``role="button"``); a click adds the text.
* **Last move.** Whatever marks the last move carries class ``last``; the page adds class
  ``turn`` (``mark_cells``) to every cell a ply of the last turn names, so a turn of several
  plies shows whole.
* **Routes.** Each game's ``render.routes(move)`` says how clicks compose a legal move: one or
  more routes, each a list of steps ``(kind, value)``: ``("cell", name)`` is a click on that
  cell, ``("token", value)`` on the token with that ``data-token`` (tokens of another seat,
  ``data-seat``, do not count), ``("choice", value)`` on a button the page draws beside the
  board from ``render.choice(value, seat)``: a picture (``picture`` markup, or "" for none)
  and the words that name the choice.
  The page receives every legal move with its routes, highlights the next steps of the routes
  still open (class ``target``) and submits the move once one is complete and alone.
* The page marks picked cells and tokens with class ``picked`` (its stylesheet draws them).

>>> picture = root(20, 10, [rect(0, 0, 20, 10, fill="#fff")], label="A & B")
>>> picture[: picture.index(" aria-label")]
'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10" role="img"'
>>> picture[picture.index("<title>") :]
'<title>A &amp; B</title><rect x="0" y="0" width="20" height="10" fill="#fff"/></svg>'
>>> cell("d4", "g", '<rect width="9" height="9"/>', class_="gap")
'<g class="cell gap" data-cell="d4" cursor="pointer"><rect width="9" height="9"/></g>'
>>> cell("c3", "rect", x=0, y=0, width=9, height=9)
'<rect class="cell" data-cell="c3" cursor="pointer" x="0" y="0" width="9" height="9"/>'
>>> label(5, 7.25, "a<b", font_size=12, text_anchor="middle")
'<text x="5" y="7.2" font-size="12" text-anchor="middle">a&lt;b</text>'
>>> mark_cells('<g class="cell" data-cell="a1"/><g class="cell x" data-cell="a2"/>', ["a2"], "t")
'<g class="cell" data-cell="a1"/><g class="cell x t" data-cell="a2"/>'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape

FONT = "DejaVu Sans,Verdana,sans-serif"


def number(value: float) -> str:
    """A coordinate as SVG wants it: no trailing zeros, one decimal at most."""
    return f"{value:.1f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)


def attributes(**values) -> str:
    """``name="value"`` pairs, escaped: ``font_size`` is written ``font-size``, a trailing
    underscore is dropped (``class_``), and a value of None or False leaves the pair out."""
    pairs = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        shown = number(value) if isinstance(value, int | float) else str(value)
        pairs.append(f' {name}="{escape(shown)}"')
    return "".join(pairs)


def element(tag: str, content: str | None = None, **values) -> str:
    """``<tag …/>``, or ``<tag …>content</tag>`` (``content`` is markup, not escaped)."""
    if content is None:
        return f"<{tag}{attributes(**values)}/>"
    return f"<{tag}{attributes(**values)}>{content}</{tag}>"


def root(width: float, height: float, body: Iterable[str], /, *, label: str, min_x: float = 0,
         min_y: float = 0, **values) -> str:
    """The ``<svg>`` element of a board, titled ``label`` (its accessible name too); the view
    box is ``min_x min_y width height`` (``values`` may add ``width``, ``height`` …)."""
    box = " ".join(number(v) for v in (min_x, min_y, width, height))
    head = element(
        "svg", "", xmlns="http://www.w3.org/2000/svg", viewBox=box, role="img",
        aria_label=label, font_family=FONT, **values,
    )[: -len("</svg>")]
    return head + f"<title>{escape(label, quote=False)}</title>" + "".join(body) + "</svg>"


def rect(x: float, y: float, width: float, height: float, **values) -> str:
    return element("rect", x=x, y=y, width=width, height=height, **values)


def label(x: float, y: float, content: str, **values) -> str:
    """A label; ``content`` is plain text (escaped here)."""
    return element("text", escape(str(content), quote=False), x=x, y=y, **values)


def group(parts: Iterable[str], **values) -> str:
    return element("g", "".join(parts), **values)


def cell(name: str, tag: str = "g", content: str | None = None, *, class_: str = "",
         **values) -> str:
    """A clickable cell named ``name`` (see the contract above): a shape (``tag`` and its
    attributes) or a group of ``content`` markup."""
    classes = " ".join(["cell", *class_.split()])
    return element(tag, content, class_=classes, data_cell=name, cursor="pointer", **values)


def token(value: str, title: str, *parts: str, **values) -> str:
    """A clickable token adding ``value`` to the move being composed."""
    inner = f"<title>{escape(title)}</title>" + "".join(parts)
    return group([inner], class_="token", data_token=value, **values, role="button",
                 cursor="pointer")


def inert(parts: Iterable[str], **values) -> str:
    """Drawing over the cells that lets clicks through to them."""
    return group(parts, pointer_events="none", **values)


def mark_cells(picture: str, names: Iterable[str], word: str) -> str:
    """``picture`` with class ``word`` added to the cells named ``names`` (as ``cell`` wrote
    them): how the page marks every ply of a turn without each game drawing it."""
    wanted = set(names)
    if not wanted:
        return picture

    def add(match: re.Match) -> str:
        if match.group(2) not in wanted:
            return match.group(0)
        return f'class="{match.group(1)} {word}" data-cell="{match.group(2)}"'

    return re.sub(r'class="(cell[^"]*)" data-cell="([^"]*)"', add, picture)


def picture(width: float, height: float, body: Iterable[str], /, *, min_x: float = 0,
            min_y: float = 0) -> str:
    """A small decorative drawing (a choice beside the board): its button carries the words."""
    box = " ".join(number(v) for v in (min_x, min_y, width, height))
    return element("svg", "".join(body), xmlns="http://www.w3.org/2000/svg", viewBox=box,
                   aria_hidden="true", focusable="false", width=number(width),
                   height=number(height))


# ----- pictures nobody clicks: the board in an email ------------------------------------------


#: The monospace face of :func:`axis`, and the width of each of its glyphs in ems (DejaVu Sans
#: Mono's, and near enough every monospace face's).
MONO = "DejaVu Sans Mono,monospace"
MONO_ADVANCE = 0.602


def axis(x: float, y: float, step: float, names: str, *, font_size: float,
         vertical: bool = False, **values) -> str:
    """The one-character names of a board's files (left to right) or ranks (``vertical``:
    up the page), one ``step`` apart, the first centred on ``x`` with its baseline at ``y``,
    as ONE ``<text>`` run for a picture nobody selects text in (the board in an email): a
    rasteriser lays out and fills each run on its own, so one run instead of eight is most of
    the names' cost. Monospace glyphs make the spacing exact without positioning each glyph
    (an absolute position would start a run each).

    >>> axis(10, 20, 50, "ab", font_size=10)
    '<text x="7" y="20" font-family="DejaVu Sans Mono,monospace" font-size="10" \
letter-spacing="44">ab</text>'
    >>> axis(10, 20, 50, "12", font_size=10, vertical=True)
    '<text x="7" y="20" font-family="DejaVu Sans Mono,monospace" font-size="10" dx="0 -6" \
dy="0 -50">12</text>'
    """
    advance = MONO_ADVANCE * font_size
    rest = len(names) - 1
    spacing = {"dx": " ".join(["0", *[number(-advance)] * rest]),
               "dy": " ".join(["0", *[number(-step)] * rest])} if vertical else {
        "letter_spacing": step - advance}
    return label(x - advance / 2, y, names, font_family=MONO, font_size=font_size,
                 **spacing, **values)


def names_in_line(y: float, names: Iterable[tuple[float, str, str]], *, font_size: float,
                  **values) -> str:
    """Names ``(x, text, colour)`` centred on their ``x`` along one baseline ``y``, as ONE
    monospace ``<text>`` run (see :func:`axis`): relative shifts (``dx``) move the pen to
    each name without starting a run, and each name is a ``<tspan>`` in its colour.

    >>> names_in_line(20, [(10, "ab", "red"), (50, "c", "blue")], font_size=10)
    '<text x="4" y="20" font-family="DejaVu Sans Mono,monospace" font-size="10" \
dx="0 0 31"><tspan fill="red">ab</tspan><tspan fill="blue">c</tspan></text>'
    """
    advance = MONO_ADVANCE * font_size
    shifts, spans, pen, start = [], [], None, None
    for x, text, colour in sorted(names, key=lambda name: name[0]):
        left = x - len(text) * advance / 2
        if pen is None:
            start = pen = left
        shifts += [left - pen] + [0] * (len(text) - 1)
        pen = left + len(text) * advance
        spans.append(element("tspan", escape(text, quote=False), fill=colour))
    if start is None:
        return ""
    return element("text", "".join(spans), x=start, y=y, font_family=MONO, font_size=font_size,
                   dx=" ".join(number(float(shift)) for shift in shifts), **values)


class Shapes:
    """Shapes written as few elements, for a picture nobody clicks (the board an email carries
    as PNG): every shape of one style joins one ``<path>``, and the paths come in the order
    their styles were first used. A hundred pieces in four colours are four elements to parse
    and set up, not a hundred (resvg's time then follows the slanted edges and the area
    painted, which is why the mail pictures also draw axis-aligned shapes ``crispEdges``
    and paint each pixel as few times as they can).

    Draw in layers (squares, then pieces, then marks): a shape is drawn in its style's turn,
    so a later shape of an earlier style lands beneath, which is only right where shapes of
    one layer do not overlap.

    >>> shapes = Shapes()
    >>> shapes.rect(0, 0, 2, 2, fill="#fff")
    >>> shapes.polygon([(0, 0), (1, 2.5), (2, 0)], fill="red")
    >>> shapes.rect(2, 0, 2, 2, fill="#fff")
    >>> shapes.markup()
    '<path d="M0 0h2v2h-2ZM2 0h2v2h-2Z" fill="#fff"/><path d="M0 0L1 2.5L2 0Z" fill="red"/>'
    """

    def __init__(self) -> None:
        self._paths: dict[tuple, list[str]] = {}

    def path(self, d: str, **style) -> None:
        """Path data ``d`` drawn in ``style`` (presentation attributes, as ``element`` takes)."""
        self._paths.setdefault(tuple(sorted(style.items())), []).append(d)

    def polygon(self, points: Iterable[tuple[float, float]], **style) -> None:
        self.path("M" + "L".join(f"{number(x)} {number(y)}" for x, y in points) + "Z", **style)

    def rect(self, x: float, y: float, width: float, height: float, **style) -> None:
        w, h = number(width), number(height)
        self.path(f"M{number(x)} {number(y)}h{w}v{h}h-{w}Z", **style)

    def circle(self, cx: float, cy: float, r: float, **style) -> None:
        """A circle as two arcs (a path can hold many circles; ``<circle>`` holds one)."""
        d, r_ = number(2 * r), number(r)
        self.path(f"M{number(cx - r)} {number(cy)}a{r_} {r_} 0 1 0 {d} 0a{r_} {r_} 0 1 0 -{d} 0Z",
                  **style)

    def markup(self) -> str:
        return "".join(element("path", d="".join(parts), **dict(style))
                       for style, parts in self._paths.items())

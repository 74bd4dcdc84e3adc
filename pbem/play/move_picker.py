"""What the page's click composer (static/compose.js) is given: every legal move with its
routes of clicks, the pictures of the choices drawn beside the board, and the cells of the
last turn. The contract is stated once, in ``pbem.games.svg``."""

from __future__ import annotations

from markupsafe import Markup

from ..games.svg import mark_cells


def composer(renderer, legal: list[str], seat: int) -> dict:
    """The JSON the page script narrows (``plies``: ``[move, routes]`` pairs) and the choice
    buttons the template draws (``choices``: ``(value, picture, words)`` in order of first
    use)."""
    plies = [[move, renderer.routes(move)] for move in legal]
    values = dict.fromkeys(
        value for _, routes in plies for route in routes for kind, value in route
        if kind == "choice"
    )
    choices = []
    for value in values:
        picture, words = renderer.choice(value, seat)
        choices.append((value, Markup(picture), words))
    return {"script": {"seat": seat, "plies": plies}, "choices": choices}


def mark_turn(renderer, picture: str, plies: list[str]) -> str:
    """The board with every cell the plies of the last turn name marked (class ``turn``)."""
    cells = (value for ply in plies for route in renderer.routes(ply)[:1]
             for kind, value in route if kind == "cell")
    return mark_cells(picture, cells, "turn")


def move_groups(renderer, legal: list[str]) -> list[tuple[str, list[str]]]:
    """The legal moves grouped by the piece or cell they start from (the first step of their
    first route of clicks), in order of first appearance: what the move picker and the
    ``moves`` reply list under one heading each. Moves that start nowhere in particular (a
    lone cell each, as a placement is) are grouped by their first character instead, so that
    sixty placements make a few rows, not sixty headings."""
    groups: dict[str, list[str]] = {}
    for move in legal:
        routes = renderer.routes(move)
        head = routes[0][0][1] if routes and routes[0] else move[:1]
        groups.setdefault(str(head), []).append(move)
    if len(groups) > 12 and len(groups) * 2 > len(legal):
        groups = {}
        for move in legal:
            groups.setdefault(move[:1], []).append(move)
    return list(groups.items())

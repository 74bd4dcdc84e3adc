"""Exploring a line from a position of a game: pure reads, nothing stored.

A request names the game's ply to start from (``at``) and the plies played from there
(``plies``, each in the game's notation, for whichever seat is to move); the position is read
once per request (the game's snapshot at its last ply, a replay of the stored history
otherwise) and every ply goes through the rules, so a line is exactly what the game would
allow.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from markupsafe import Markup

from ..core.errors import PbemError
from ..core.i18n import _l
from ..games import IllegalMove
from ..games.svg import mark_cells
from ..play.models import FINISHED
from ..play.move_picker import mark_turn
from ..play.phrases import lazy_refusal
from ..play.queries import history

#: The most plies one request may explore.
MAX_PLIES = 200
#: The longest ply text read (no notation comes near it).
MAX_PLY_TEXT = 100


class BadLine(PbemError):
    """A line that cannot be explored: the reason names the ply and why."""

    def __init__(self, message: str, code: str = "bad-line", status: int = 422):
        super().__init__(message, code, status)


@dataclass
class Step:
    """One ply of the explored line: its number in the line (from 1), the seat that played it
    and the ply as the rules write it."""

    index: int
    seat: int
    ply: str


@dataclass
class Exploration:
    game: object
    at: int
    steps: list[Step] = field(default_factory=list)
    state: object = None
    #: Why the rest of the line was refused (``explore(..., partial=True)``).
    error: BadLine | None = None

    @property
    def rules(self):
        return self.game.rules

    @property
    def plies(self) -> list[str]:
        return [step.ply for step in self.steps]

    @property
    def to_move(self) -> int | None:
        return self.rules.to_move(self.state)

    @property
    def over(self) -> bool:
        return self.rules.is_over(self.state)

    def legal(self) -> list[str]:
        return [] if self.over else self.rules.legal_moves(self.state)

    def result(self) -> dict | None:
        if not self.over:
            return None
        return {"winners": self.rules.winners(self.state), "scores": self.rules.scores(self.state)}


def read_at(game, value) -> int:
    """The game's ply to start from: ``value`` as given (the last ply when absent).

    :raises BadLine: not a whole number of the game's plies (400).
    """
    if value is None or value == "":
        return game.ply
    text = str(value).strip()
    if not text.isdigit() or len(text) > 9 or int(text) > game.ply:
        raise BadLine(_l("at=%(value)r is not a ply of this game: give a whole number from 0 "
                         "to %(ply)s.", value=str(value)[:20], ply=game.ply), "bad-ply", 400)
    return int(text)


def too_long(plies: list[str]) -> BadLine:
    """The refusal of a line longer than :data:`MAX_PLIES` (the page's and the API's)."""
    return BadLine(_l("A line explores at most %(most)s plies at once; this one has "
                      "%(count)s.", most=MAX_PLIES, count=len(plies)), "too-long", 400)


def explore(game, at: int, plies: list[str], *, partial: bool = False) -> Exploration:
    """The line ``plies`` played from the game's ply ``at``.

    ``partial``: a refused ply ends the line there instead, its refusal kept as ``error``
    (the page shows the good start of a line with what is wrong with the rest).

    :raises BadLine: the game has no position yet (409), too many plies (400), or a ply the
        rules refuse (422, naming which and why).
    """
    if game.snapshot is None:
        raise BadLine(_l("This game has not started: there is no position to analyse."),
                      "not-started", 409)
    if len(plies) > MAX_PLIES:
        raise too_long(plies)
    state = position_at(game, at)
    rules = game.rules
    found = Exploration(game, at)
    try:
        _play_line(rules, state, plies, found)
    except BadLine as exc:
        if not partial:
            raise
        found.error = exc
    return found


def _play_line(rules, state, plies, found):
    found.state = state
    for index, text in enumerate(plies, start=1):
        text = " ".join(str(text).split())
        if not text or len(text) > MAX_PLY_TEXT:
            raise BadLine(_l("Ply %(index)s of the line is empty or too long.", index=index),
                          "bad-ply-text")
        seat = rules.to_move(state)
        if seat is None:
            raise BadLine(_l("Ply %(index)s of the line (%(text)s) comes after the end of the "
                             "game.", index=index, text=text[:40]), "game-over")
        try:
            ply = rules.canonical(state, text)
        except IllegalMove as exc:
            raise BadLine(_l("Ply %(index)s of the line (%(text)s) is illegal: %(reason)s",
                             index=index, text=text[:40], reason=lazy_refusal(exc)),
                          "illegal") from None
        state = found.state = rules.apply(state, ply)
        found.steps.append(Step(index, seat, ply))
    return state



#: Positions of earlier plies, as ``rules.to_dict`` gives them, by game and ply: a game's
#: history up to a ply never changes, and a reader stepping through a line asks for the same
#: starting ply on every step. Per process, the most recent few hundred.
_POSITIONS: OrderedDict = OrderedDict()
_POSITIONS_KEPT = 256
_POSITIONS_LOCK = threading.Lock()


def position_at(game, at: int):
    """The game's position after ply ``at``: its snapshot at the last ply; otherwise the
    stored history replayed once (``rules.replay``: each ply as stored, checked when it was
    played) and kept for the next step."""
    if at == game.ply:
        return game.load_state()
    rules = game.rules
    key = (game.id, game.slug, game.seed, str(game.created_at), at)
    with _POSITIONS_LOCK:
        kept = _POSITIONS.get(key)
        if kept is not None:
            _POSITIONS.move_to_end(key)
    if kept is not None:
        return rules.from_dict(kept)
    state = rules.replay(
        rules.new_game(players=len(game.seats), options=game.options, seed=game.seed),
        [(move.seat, move.move) for move in history(game.id)[:at]])
    with _POSITIONS_LOCK:
        _POSITIONS[key] = rules.to_dict(state)
        while len(_POSITIONS) > _POSITIONS_KEPT:
            _POSITIONS.popitem(last=False)
    return state


def board(found: Exploration, *, highlight: bool = True) -> dict:
    """The position drawn: the SVG with the last ply marked and, where a move can be made,
    every cell where a legal move starts marked ``target``; its description."""
    renderer = found.game.renderer
    last = found.steps[-1].ply if found.steps else None
    picture = renderer.svg(found.state, last_move=last)
    if last is not None:
        picture = mark_turn(renderer, picture, [last])
    if highlight:
        starts = {route[0][1] for move in found.legal() for route in renderer.routes(move)
                  if route and route[0][0] == "cell"}
        picture = mark_cells(picture, starts, "target")
    return {"svg": Markup(picture), "description": renderer.describe(found.state)}


def as_json(found: Exploration) -> dict:
    """What the board's script (and any client) reads of a step."""
    rules, game = found.rules, found.game
    to_move = found.to_move
    legal = found.legal()
    drawn = board(found)
    return {
        "game": game.id, "slug": game.slug, "at": found.at, "game_ply": game.ply,
        "line": [{"index": s.index, "seat": s.seat, "ply": s.ply} for s in found.steps],
        "to_move": to_move,
        "to_move_label": None if to_move is None else game.seats[to_move].label,
        "turn_plies": [] if found.over else list(rules.turn_plies(found.state)),
        "legal": legal,
        "routes": {move: game.renderer.routes(move) for move in legal},
        "over": found.over,
        "result": found.result(),
        "scores": rules.scores(found.state),
        "svg": str(drawn["svg"]),
        "description": drawn["description"],
        "game_finished": game.status == FINISHED,
    }

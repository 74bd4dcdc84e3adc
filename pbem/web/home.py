"""The signed-in home page: the games waiting for your move, then those waiting for others,
then invitations, then recently finished games, each list paged on its own.

A card says what a player needs to decide where to go: the opponents by name, the last turn
(its notation, who, how long ago), and the deadline of whoever is to move, in the reader's
time zone, rounded, with the exact moment on hover. Everything comes from the game rows and a
few statements per page (:mod:`pbem.play.lists`), however many games the player has.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from flask import abort, g
from flask_babel import gettext as _
from sqlalchemy.exc import SQLAlchemyError

from ..accounts.models import Player
from ..clocks.logic.display import Deadline, deadline_view, format_ago, format_moment
from ..core.i18n import _l
from ..core.validators import BadNumber, whole_number
from ..notifications.settings import zone_of
from ..play import lists
from ..play.models import Game, Seat
from ..play.queries import resigned_seats
from ..play.termination import WORDS, terminations
from ..tournaments.logic.scoring import finishing_places

#: The lists in page order: (query string parameter, heading, what fills it).
SECTIONS = (
    ("move", _l("Your move"), lists.your_move),
    ("waiting", _l("Waiting for others"), lists.their_move),
    ("invited", _l("Invitations"), lists.invitations),
    ("done", _l("Recently finished"), lists.finished),
)


@dataclass(frozen=True)
class Card:
    """One game as a home page list shows it."""

    game: Game
    seat: Seat | None
    opponents: list[str]
    #: Who played the last turn ("You" or a name), its plies, and when (rounded; exact).
    last_by: str | None
    last_plies: str | None
    last_ago: str | None
    last_exact: str | None
    #: Whoever is to move ("You" or a name) and their deadline (None without a time limit).
    to_move: str | None
    deadline: Deadline | None
    #: For finished games: "You won", "You lost", "Draw", and how it ended.
    outcome: str | None


@dataclass(frozen=True)
class Section:
    """One list: ``key`` is its page's query string parameter (and its HTML id)."""

    key: str
    title: str
    cards: list[Card]
    page: lists.GamesPage
    #: The query string of the page shown, so paging one list keeps the others where they are.
    args: dict

    def args_for(self, number: int) -> dict:
        """The query string of this list's page ``number`` (page 1 is the default)."""
        args = {**self.args, self.key: number}
        if number == 1:
            del args[self.key]
        return args


def waiting_count() -> int:
    """The signed-in player's games waiting for their move, counted once per request (the
    navigation of every page shows it). An error page shown because the database failed
    shows no count rather than failing again."""
    if "waiting_count" not in g:
        try:
            g.waiting_count = lists.waiting_count(g.player.id) if g.get("player") else 0
        except SQLAlchemyError:
            g.waiting_count = 0
    return g.waiting_count


def sections(player: Player, args, now: datetime) -> list[Section]:
    """Every list of the home page at the pages ``args`` ask for.

    Aborts with 400 on a page number that is not a whole number.
    """
    pages = [(key, title, fill(player.id, _page_number(args, key)))
             for key, title, fill in SECTIONS]
    games = [game for _, _, page in pages for game in page.games]
    turns = lists.last_turns(games)
    ends = terminations(games)
    out = resigned_seats([game.id for game in games
                          if len(game.seats) > 2 and game.status == "finished"])
    zone = zone_of(player.id)
    shown = {key: page.number for key, _, page in pages if page.number > 1}
    return [Section(key, title, [_card(game, player, turns.get(game.id), ends.get(game.id),
                                       zone, now, out.get(game.id, ()))
                                 for game in page.games], page, shown)
            for key, title, page in pages]


def _page_number(args, key: str) -> int:
    try:
        return whole_number(args.get(key, "1"), 1, 10**6, f"the page of {key!r}")
    except BadNumber as exc:
        abort(400, str(exc))


def _card(game: Game, player: Player, turn, ended, zone, now: datetime,
          resigned=()) -> Card:
    seat = game.seat_of(player)

    def name(index: int) -> str:
        return _("You") if seat is not None and index == seat.index \
            else game.seats[index].name_for(player)

    opponents = [other.name_for(player) for other in game.seats if other is not seat]
    deadline = game.to_move_deadline
    return Card(
        game=game, seat=seat, opponents=opponents,
        last_by=name(turn.seat) if turn else None,
        last_plies=("resigned" if turn.resigned else " ".join(turn.plies)) if turn else None,
        last_ago=format_ago(turn.at, now) if turn else None,
        last_exact=format_moment(turn.at, zone) if turn else None,
        to_move=None if game.to_move_seat is None else name(game.to_move_seat),
        deadline=None if deadline is None else deadline_view(deadline, zone, now),
        outcome=_outcome(game, seat, ended, resigned),
    )


_OUTCOMES = {"won": _l("You won"), "lost": _l("You lost"), "drawn": _l("You shared the win")}


def _outcome(game: Game, seat: Seat | None, ended: str | None, resigned=()) -> str | None:
    """``You won``, ``You lost``; in a game of three or four, a place that is not first is
    said as a place (``You came 2nd of 4``), not as a loss."""
    if seat is None or seat.outcome is None:
        return None
    how = WORDS.get(ended)
    text = _OUTCOMES[seat.outcome]
    if seat.outcome == "lost" and len(game.seats) > 2 and game.result:
        place = finishing_places(game.result["scores"], game.result["winners"],
                                 list(resigned))[seat.index]
        text = f"You came {ordinal(place + 1)} of {len(game.seats)}"
    if seat.outcome == "drawn" and len(game.seats) == 2:
        text = _("Draw")
    return f"{text} {how}" if how else str(text)


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``."""
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number, 'th') }"

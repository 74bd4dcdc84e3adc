"""What the director's page shows before an action: the unfinished games with whose turn it
is and since when, and what an action on a game or a player will do, in words, for the
confirmation page."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from flask_babel import format_datetime, gettext
from sqlalchemy import func, select

from ..core.errors import PbemError
from ..core.extensions import db
from ..play.models import ACTIVE, Move
from ..play.queries import resigned_seats
from .logic.scoring import finishing_places
from .models import (
    ADJUDICATE,
    EXTEND,
    FINISHED,
    FORFEIT,
    KNOCKOUT,
    WITHDRAWN,
    Tournament,
    TournamentTable,
)


@dataclass(frozen=True)
class Seat:
    index: int
    name: str
    to_move: bool
    out: bool  # resigned already (a bigger table plays on)


@dataclass(frozen=True)
class Stalled:
    table: TournamentTable
    seats: tuple[Seat, ...]
    since: datetime  # the last move, or the round's start

    @property
    def to_move(self) -> Seat | None:
        return next((s for s in self.seats if s.to_move), None)


def stalled(t: Tournament) -> list[Stalled]:
    """The current round's unfinished games, each with its seats and whose turn it is; the
    time of every game's last move comes from one query."""
    rnd = t.current_round
    tables = [tb for tb in (rnd.tables if rnd else ()) if tb.places is None
              and tb.game.status == ACTIVE]
    ids = [tb.game_id for tb in tables]
    if not ids:
        return []
    last = dict(db.session.execute(select(Move.game_id, func.max(Move.created_at))
                                   .where(Move.game_id.in_(ids)).group_by(Move.game_id)).all())
    out = resigned_seats(ids)
    rows = []
    for tb in tables:
        game = tb.game
        to_move = game.rules.to_move(game.load_state())
        seats = tuple(Seat(i, s.player.name, i == to_move, i in out.get(game.id, []))
                      for i, s in enumerate(game.seats))
        rows.append(Stalled(tb, seats, last.get(game.id) or tb.round.started_at))
    return rows


def seat_of(tb: TournamentTable, seat) -> int:
    """The seat number ``seat`` names in the table's game.

    :raises PbemError: not a seat of that game, or one already out of it.
    """
    try:
        index = int(seat)
    except (TypeError, ValueError):
        index = -1
    if not 0 <= index < len(tb.seats):
        raise PbemError(gettext("Choose the player to forfeit."), "bad-seat", 422)
    if index in resigned_seats([tb.game_id]).get(tb.game_id, []):
        raise PbemError(gettext("%(name)s is already out of game #%(id)s.",
                                name=tb.game.seats[index].player.name, id=tb.game_id),
                        "seat-out", 409)
    return index


def consequence(t: Tournament, tb: TournamentTable, action: str, seat: int | None) -> str:
    """What ``action`` on the table's game will do, in the words the confirmation page uses.

    :raises PbemError: an unknown action.
    """
    game = tb.game
    names = [s.player.name for s in game.seats]
    if action == FORFEIT:
        others = [n for i, n in enumerate(names) if i != seat]
        if len(names) == 2:
            return gettext("%(name)s forfeits game #%(id)s: %(other)s wins it, and it counts "
                           "as a loss for %(name)s in the standings.", name=names[seat],
                           id=game.id, other=others[0])
        return gettext("%(name)s forfeits game #%(id)s and finishes last at the table; the "
                       "others (%(others)s) are placed by the current position.",
                       name=names[seat], id=game.id, others=", ".join(others))
    if action == ADJUDICATE:
        if game.ply == 0 and t.format == KNOCKOUT:
            return gettext("Nobody has moved in game #%(id)s: it ends now with its players "
                           "placed in seed order.", id=game.id)
        resigned = resigned_seats([game.id]).get(game.id, [])
        scores = game.rules.scores(game.load_state())
        places = finishing_places(scores, [], resigned)
        leaders = [names[i] for i, p in enumerate(places) if p == 0]
        what = (gettext("a draw") if len(leaders) == len(names)
                else gettext("a win for %(names)s", names=gettext(" and ").join(leaders)))
        score = "–".join(map(str, scores))
        return gettext("Game #%(id)s ends now, decided by the current position (%(score)s): "
                       "%(what)s.", id=game.id, score=score, what=what)
    if action == EXTEND:
        return gettext("The deadline of game #%(id)s moves %(days)s days on, from %(when)s.",
                       id=game.id, days=t.extend_days, when=format_datetime(tb.deadline, "short"))
    raise PbemError(gettext("Unknown action %(action)r.", action=action), "bad-action", 422)


def can_reinstate(t: Tournament, entrant) -> bool:
    """A withdrawal can be undone until the next round is paired (the games forfeited stay
    forfeited): before the start, or while the round current at the withdrawal still is.
    Never for a deleted account (its deletion withdrew it)."""
    if entrant.status != WITHDRAWN or t.status == FINISHED or entrant.player.deleted_at:
        return False
    rnd = t.current_round
    return rnd is None or entrant.withdrawn_at is None or entrant.withdrawn_at >= rnd.started_at

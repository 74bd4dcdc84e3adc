"""The bot worker: finds games where a bot is to move, thinks, and plays the turn.

Safe on several hosts at once and never in a human's way:

* Candidates are the games whose seat to move is a bot's (``Game.to_move_player_id``, indexed),
  so it reads only those, never every game, nor a snapshot.
* A turn is claimed by reading its game with the row locked (``SKIP LOCKED`` on PostgreSQL: a
  game being moved in, or claimed by another worker, is left for the next round) and writing a
  lease for that ply (:class:`~.models.BotLease`), so other workers leave the turn alone while
  this one thinks; then the transaction ends: no lock or transaction is held while it thinks,
  so a human's move or resignation never waits for a bot.
* The turn is submitted through ``play.commands.play_turn``, bound to the ply it was thought
  for, as a human's move is: if the position changed meanwhile (another worker played it, the
  human resigned, a timeout), nothing is written and the bot looks again (thinks again if it
  is still its turn, gives up if not).
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import or_, select, update
from sqlalchemy.exc import IntegrityError

from ..accounts.models import Player
from ..bots import choose_move
from ..core.db import utcnow
from ..core.extensions import db
from ..core.work import unit_of_work
from ..games import IllegalMove, get_rules
from ..play import commands
from ..play.errors import GameNotActive, NotYourTurn, PositionChanged
from ..play.models import ACTIVE, Game, Seat
from .accounts import bot_emails, level_of
from .models import BotLease

log = logging.getLogger(__name__)
#: Turns played per round at most.
ROUND = 50
#: Times a bot looks again at a game whose position changed while it thought.
ATTEMPTS = 3
#: Seconds a bot may think about one ply at most (a level's playouts usually take less).
THINK_SECONDS = 20.0
#: How long a claim keeps other workers off a turn: a turn of several plies thinks about each,
#: so a few plies' worth; a worker that dies holds its turn this long at most.
LEASE = timedelta(seconds=5 * THINK_SECONDS)


@dataclass(frozen=True)
class Position:
    """A bot's turn as claimed: what it thinks about, and the ply its answer is bound to."""

    game_id: int
    ply: int
    seat: int
    level: int
    rules: object
    state: object
    seed: int


#: ``think(position, budget_s) -> turn text``.
Thinker = Callable[[Position, float | None], str]


def think(position: Position, budget_s: float | None) -> str:
    """The bot's whole turn as typed text: a ply chosen by ``pbem.bots`` after another until
    the turn is complete (multi-ply games), deterministic for the game, ply and level."""
    rules, state, plies = position.rules, position.state, []
    while True:
        ply = choose_move(rules, state, position.level, seed=position.seed + len(plies),
                          budget_s=budget_s)
        plies.append(ply)
        state = rules.play(state, ply)
        if rules.is_over(state) or not rules.turn_plies(state):
            return " ".join(plies)


def run(now=None, *, limit: int = ROUND, budget_s: float = THINK_SECONDS,
        thinker: Thinker = think) -> str:
    """Play up to ``limit`` bots' turns (a tick task, ``now`` unused: bots do not wait for
    time); a one-line summary."""
    outcomes = Counter()
    for game_id in due_games(limit):
        outcomes[play_turn(game_id, budget_s, thinker)] += 1
    parts = [f"{outcomes[k]} {k}" for k in ("played", "busy", "gone", "failed") if outcomes[k]]
    return ", ".join(parts) or "nothing to play"


def due_games(limit: int) -> list[int]:
    """Ids of up to ``limit`` active games where a bot is to move (read without locks), from
    the index of whose turn it is: no snapshot is read, and games waiting for humans cost
    nothing."""
    with unit_of_work("bot"):
        return list(db.session.scalars(
            select(Game.id).join(Player, Player.id == Game.to_move_player_id)
            .where(Player.is_bot, Player.email.in_(bot_emails())).order_by(Game.id)
            .limit(limit)
        ).all())


def play_turn(game_id: int, budget_s: float = THINK_SECONDS, thinker: Thinker = think) -> str:
    """Claim the game, think with no transaction open, submit bound to the ply; look again
    when the position changed meanwhile. ``played``, ``busy`` (locked by someone else),
    ``gone`` (no longer a bot's turn) or ``failed`` (logged)."""
    for _ in range(ATTEMPTS):
        with unit_of_work("bot"):  # the lease stays; no lock and no transaction while it thinks
            position = claim(game_id)
        if position in ("busy", "gone"):
            return position
        try:
            text = thinker(position, budget_s)
            with unit_of_work("bot"):  # the bot's turn: one unit of work, as a request's
                game = commands.locked(game_id)
                commands.play_turn(game, position.seat, text, position.ply)
            return "played"
        except PositionChanged:
            pass
        except (GameNotActive, NotYourTurn):
            return "gone"
        except (IllegalMove, ValueError):
            log.exception("bots: game %s ply %s: the bot's turn was refused", game_id,
                          position.ply)
            return "failed"
    return "busy"


def claim(game_id: int) -> Position | str:
    """The bot's turn in the game, read with its row locked (``SKIP LOCKED``) and leased to
    this worker: a :class:`Position`, or ``busy`` (locked, or leased to another worker) or
    ``gone`` (over, or not a bot's turn)."""
    row = db.session.execute(
        select(Game.slug, Game.status, Game.ply, Game.snapshot, Game.seed)
        .where(Game.id == game_id).with_for_update(skip_locked=True)
    ).first()
    if row is None:
        exists = db.session.scalar(select(Game.id).where(Game.id == game_id))
        return "gone" if exists is None else "busy"
    if row.status != ACTIVE:
        return "gone"
    rules = get_rules(row.slug)
    state = rules.from_dict(row.snapshot)
    seat = rules.to_move(state)
    email = db.session.scalar(
        select(Player.email).join(Seat)
        .where(Seat.game_id == game_id, Seat.index == seat, Player.is_bot))
    level = None if email is None else level_of(email)
    if level is None:
        return "gone"
    if not _lease(game_id, row.ply):
        return "busy"
    return Position(game_id, row.ply, seat, level, rules, state, seed=row.seed + row.ply)


def _lease(game_id: int, ply: int) -> bool:
    """Lease the turn at ``ply`` to this worker; False when another worker holds a live lease
    on it. Atomic on its own (a conditional update, else an insert the primary key guards), as
    SQLite does not lock the game's row."""
    now = utcnow()
    taken = db.session.execute(
        update(BotLease).where(BotLease.game_id == game_id,
                               or_(BotLease.ply != ply, BotLease.until <= now))
        .values(ply=ply, until=now + LEASE)
    ).rowcount
    if taken:
        return True
    if db.session.get(BotLease, game_id) is not None:
        return False
    try:
        with db.session.begin_nested():
            db.session.add(BotLease(game_id=game_id, ply=ply, until=now + LEASE))
    except IntegrityError:  # another worker's lease came first
        return False
    return True

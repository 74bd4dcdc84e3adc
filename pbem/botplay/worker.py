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

A bot thinks in CPU seconds, not wall seconds (``pbem.bots.clock``): its level is a number of
playouts, and ``TURN_CPU`` only caps a turn's thinking (level 4, the correspondence level, at a
minute), so a busy host makes a bot's turn take longer, never play worse. The lease allows for
that: ``SLOWDOWN`` times the turn's CPU cap in wall time.

Beyond playing, a bot behaves as a good opponent: it resigns a game its search judges lost
beyond doubt (``pbem.bots.resigns``) unless the game's players turned that off
(``Game.bots_resign``), it answers a proposal to end the game (accepting it when its search
says the result would not change: ``pbem.bots.accepts_end``), on its turn or not, and it
proposes one with its turn when its search of the position it leaves says the result is
settled (``pbem.bots.proposes_end``), at most once every ``PROPOSE_EVERY`` plies, so that a
player is not asked again each turn.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import delete, or_, select, update
from sqlalchemy.exc import IntegrityError

from ..accounts.models import Player
from ..bots import CORRESPONDENCE, Decision, accepts_end, decide, proposes_end, resigns
from ..bots.clock import cpu_clock
from ..core.db import utcnow
from ..core.errors import PbemError
from ..core.extensions import db
from ..core.work import unit_of_work
from ..games import IllegalMove, get_rules
from ..play import commands
from ..play.agreement import players_in
from ..play.errors import GameNotActive, NotYourTurn, PositionChanged
from ..play.models import ACTIVE, Game, Seat
from .accounts import bot_email, bot_emails, level_of
from .models import BotLease

log = logging.getLogger(__name__)
#: Turns played per round at most.
ROUND = 50
#: Times a bot looks again at a game whose position changed while it thought.
ATTEMPTS = 3
#: CPU seconds a bot of each level may think about a whole turn at most (the thinking
#: thread's CPU time, not the wall clock's). Levels 1–3 are fixed numbers of playouts that
#: take far less (a level-3 ply a few seconds); the cap only keeps a pathological position
#: from holding the worker. Level 4, the correspondence level, thinks up to a minute.
TURN_CPU = {1: 20.0, 2: 20.0, 3: 30.0, 4: 60.0}
#: How many times slower than its CPU time a turn may take by the wall clock on a busy host
#: (the lease's length: a worker that dies holds its turn this long at most).
SLOWDOWN = 10
#: ``budget_s`` for ``run``: each level's own cap (``TURN_CPU``).
BY_LEVEL = None
#: Plies after a bot's proposal to end the game before it proposes again.
PROPOSE_EVERY = 20


def lease_for(level: int) -> timedelta:
    """How long a claim keeps other workers off a bot's turn at ``level``: its CPU cap,
    ``SLOWDOWN`` times over, and a minute more for the database's part."""
    return timedelta(seconds=SLOWDOWN * TURN_CPU[level] + 60)


#: What a thinker answers instead of a turn's text when the bot resigns.
RESIGNS = "resign"


class Turn(str):
    """A turn's text as a thinker answers it, marked ``proposes`` when the bot proposes to
    end the game after playing it (a plain ``str`` proposes nothing)."""

    proposes = False

    def __new__(cls, text: str, proposes: bool = False):
        turn = super().__new__(cls, text)
        turn.proposes = proposes
        return turn


@dataclass(frozen=True)
class Position:
    """A bot's turn as claimed: what it thinks about, and the ply its answer is bound to.
    ``seat`` is the bot's; ``to_move`` says whether it is to move (it may only have a
    proposal to answer). ``proposal`` is the seats whose agreement an end by agreement needs
    when one awaits the bot's answer (``None`` otherwise), ``scored`` whether such an end is
    scored as the position stands, and ``may_resign`` whether the game lets bots resign.
    ``seats_in`` are the seats still in the game, and ``may_propose`` says whether the bot
    may propose to end the game with this turn (it has not proposed in the last
    ``PROPOSE_EVERY`` plies)."""

    game_id: int
    ply: int
    seat: int
    level: int
    rules: object
    state: object
    seed: int
    to_move: bool = True
    proposal: tuple[int, ...] | None = None
    scored: bool = False
    may_resign: bool = True
    seats_in: tuple[int, ...] = ()
    may_propose: bool = False


#: ``think(position, budget_s) -> turn text`` (or ``RESIGNS``; a :class:`Turn` to propose an
#: end with it); ``budget_s`` is CPU seconds for the whole turn (``None``: the level's own cap).
Thinker = Callable[[Position, float | None], str]


def think(position: Position, budget_s: float | None) -> str:
    """The bot's whole turn as typed text: a ply chosen by ``pbem.bots`` after another until
    the turn is complete (multi-ply games), deterministic for the game, ply and level unless
    the turn's CPU budget runs out; or ``RESIGNS`` when the search of its first ply judges
    the game lost beyond doubt and the game lets bots resign. A :class:`Turn` that
    ``proposes`` when the search of its last ply finds the result settled."""
    return plan(position, budget_s)[0]


def plan(position: Position, budget_s: float | None) -> tuple[str, list[Decision]]:
    """``think``'s answer with the searches behind it, one :class:`~pbem.bots.Decision` a
    ply (how many playouts each ran, what it judged)."""
    rules, state, plies, decisions = position.rules, position.state, [], []
    budget = TURN_CPU[position.level] if budget_s is None else budget_s
    deadline = cpu_clock() + budget
    while True:
        left = max(0.0, deadline - cpu_clock())
        decision = decide(rules, state, position.level, seed=position.seed + len(plies),
                          budget_s=left)
        decisions.append(decision)
        if not plies and position.may_resign and resigns(decision, position.seat,
                                                         position.ply):
            return RESIGNS, decisions
        plies.append(decision.move)
        state = rules.play(state, decision.move)
        if rules.is_over(state) or not rules.turn_plies(state):
            proposes = (position.may_propose and not rules.is_over(state)
                        and proposes_end(rules, state, position.seat, list(position.seats_in),
                                         position.scored, decision, position.ply + len(plies)))
            return Turn(" ".join(plies), proposes), decisions


def judge(position: Position, budget_s: float | None) -> Decision:
    """The bot's search of the position as it stands (whoever is to move), for answering a
    proposal: the same search as its next ply's when it is to move."""
    budget = TURN_CPU[position.level] if budget_s is None else budget_s
    return decide(position.rules, position.state, position.level, seed=position.seed,
                  budget_s=budget)


def answer(position: Position, budget_s: float | None) -> bool:
    """Whether the bot accepts the proposal to end the game standing at its position."""
    return accepts_end(position.rules, position.state, position.seat, list(position.proposal),
                       position.scored, judge(position, budget_s))


def run(now=None, *, limit: int = ROUND, budget_s: float | None = BY_LEVEL,
        thinker: Thinker = think, levels=None) -> str:
    """Play up to ``limit`` bots' turns, and answer the proposals to end a game that await a
    bot (``now`` unused: bots do not wait for time); a one-line summary. ``budget_s``: CPU
    seconds a turn, each level's own cap by default; ``levels``: only those bots' (all by
    default)."""
    outcomes = Counter()
    for game_id in due_games(limit, levels):
        outcomes[play_turn(game_id, budget_s, thinker)] += 1
    kinds = ("played", "resigned", "answered", "busy", "gone", "failed")
    parts = [f"{outcomes[k]} {k}" for k in kinds if outcomes[k]]
    return ", ".join(parts) or "nothing to play"


def run_quick(now=None) -> str:
    """``run`` for the tick: the levels that answer in seconds, not the correspondence
    level, whose turns (up to a minute of CPU each) are the bots' own loop's, so that a tick
    stays short."""
    return run(now, levels=[level for level in TURN_CPU if level != CORRESPONDENCE])


def due_games(limit: int, levels=None) -> list[int]:
    """Ids of up to ``limit`` active games where a bot is to move or has a proposal to end
    the game to answer (read without locks). Whose turn it is comes from its index, so no
    snapshot is read and games waiting for humans cost nothing; proposals are few (a bot's
    games with a proposal written at some time, checked here for one standing that a bot
    has not answered). ``levels``: only those bots' games (all bots' by default)."""
    # pbem's own bots only: bots run from outside (through the API) have other addresses
    emails = bot_emails() if levels is None else [bot_email(level) for level in levels]
    bots = (Player.is_bot, Player.email.in_(emails))
    with unit_of_work("bot"):
        due = set(db.session.scalars(
            select(Game.id).join(Player, Player.id == Game.to_move_player_id)
            .where(*bots).order_by(Game.id).limit(limit)
        ).all())
        offers = db.session.execute(
            select(Game.id, Game.ply, Game.end_offer, Seat.index)
            .join(Seat, Seat.game_id == Game.id).join(Player, Player.id == Seat.player_id)
            .where(*bots, Game.status == ACTIVE, Game.end_offer.is_not(None))
            .order_by(Game.id).limit(limit)
        ).all()
    due.update(game_id for game_id, ply, offer, seat in offers
               if _awaits(offer, ply, seat))
    return sorted(due)[:limit]


def _awaits(offer, ply: int, seat: int) -> bool:
    """Whether the proposal ``offer`` (a game's ``end_offer``) stands at ``ply`` and awaits
    the answer of ``seat``."""
    agreed = offer.get("seats") if offer else None  # none: withdrawn (``Game.end_proposal``)
    return bool(agreed) and offer.get("ply") == ply and seat not in agreed


def play_turn(game_id: int, budget_s: float | None = BY_LEVEL,
              thinker: Thinker = think) -> str:
    """Claim the game, think with no transaction open, submit bound to the ply; look again
    when the position changed meanwhile. A proposal to end the game that awaits the bot is
    answered first. ``played``, ``resigned``, ``answered`` (a proposal, the bot not being to
    move, or the game ended by it), ``busy`` (locked by someone else), ``gone`` (no longer a
    bot's turn) or ``failed`` (logged)."""
    for _ in range(ATTEMPTS):
        with unit_of_work("bot"):  # the lease stays; no lock and no transaction while it thinks
            position = claim(game_id)
        if position in ("busy", "gone"):
            return position
        try:
            if position.proposal is not None:
                accept = answer(position, budget_s)
                with unit_of_work("bot"):  # the bot's answer: one unit of work
                    game = commands.locked(game_id)
                    ended = accept and commands.agree(game, position.seat, position.ply)
                    if not accept:
                        commands.decline(game, position.seat, position.ply)
                    if not ended and not position.to_move:
                        _release(game_id)
                if ended or not position.to_move:
                    return "answered"
            text = thinker(position, budget_s)
            with unit_of_work("bot"):  # the bot's turn: one unit of work, as a request's
                game = commands.locked(game_id)
                if text == RESIGNS:
                    commands.resign(game, position.seat, position.ply)
                else:
                    commands.play_turn(game, position.seat, str(text), position.ply)
                    if getattr(text, "proposes", False) and game.status == ACTIVE:
                        commands.agree(game, position.seat, game.ply)
            return "resigned" if text == RESIGNS else "played"
        except PositionChanged:
            pass
        except (GameNotActive, NotYourTurn):
            return "gone"
        except (IllegalMove, ValueError):
            log.exception("bots: game %s ply %s: the bot's turn was refused", game_id,
                          position.ply)
            return "failed"
        except PbemError:  # a proposal answered meanwhile (already agreed, none standing)
            return "gone"
    return "busy"


def claim(game_id: int) -> Position | str:
    """The bot's turn in the game (or a proposal awaiting a bot's answer), read with its row
    locked (``SKIP LOCKED``) and leased to this worker: a :class:`Position`, or ``busy``
    (locked, or leased to another worker) or ``gone`` (over, or nothing for a bot to do)."""
    game = db.session.execute(
        select(Game).where(Game.id == game_id).with_for_update(skip_locked=True)
    ).scalar_one_or_none()
    if game is None:
        exists = db.session.scalar(select(Game.id).where(Game.id == game_id))
        return "gone" if exists is None else "busy"
    if game.status != ACTIVE:
        return "gone"
    rules = get_rules(game.slug)
    state = game.load_whole_state()  # thought about with no transaction open
    levels = dict(db.session.execute(
        select(Seat.index, Player.email).join(Player, Player.id == Seat.player_id)
        .where(Seat.game_id == game_id, Player.is_bot)).all())
    levels = {seat: level_of(email) for seat, email in levels.items()
              if level_of(email) is not None}
    to_move = rules.to_move(state)
    proposal = None
    seats_in = players_in(game)
    offer = game.end_proposal
    if offer is not None:
        waiting = [seat for seat in seats_in if seat in levels and seat not in offer["seats"]]
        # the bot to move answers first; else another bot the proposal awaits
        seat = to_move if to_move in waiting else (waiting[0] if waiting else to_move)
        if seat in waiting:
            proposal = tuple(seats_in)
    else:
        seat = to_move
    if seat not in levels:
        return "gone"
    if not _lease(game_id, game.ply, lease_for(levels[seat])):
        return "busy"
    return Position(game_id, game.ply, seat, levels[seat], rules, state,
                    seed=game.seed + game.ply, to_move=seat == to_move, proposal=proposal,
                    scored=bool(rules.agreed_end_scored), may_resign=game.bots_resign,
                    seats_in=tuple(seats_in), may_propose=_may_propose(game, seat))


def _may_propose(game: Game, seat: int) -> bool:
    """Whether the bot in ``seat`` may propose to end the game with its turn: it has not
    proposed in the last ``PROPOSE_EVERY`` plies (the game keeps the last ply at which
    anyone proposed, and who did)."""
    offer = game.end_offer
    return (not offer or seat not in offer.get("proposed", ())
            or game.ply - offer.get("ply", 0) >= PROPOSE_EVERY)


def _lease(game_id: int, ply: int, length: timedelta) -> bool:
    """Lease the turn at ``ply`` to this worker for ``length``; False when another worker
    holds a live lease on it. Atomic on its own (a conditional update, else an insert the
    primary key guards), as SQLite does not lock the game's row."""
    now = utcnow()
    taken = db.session.execute(
        update(BotLease).where(BotLease.game_id == game_id,
                               or_(BotLease.ply != ply, BotLease.until <= now))
        .values(ply=ply, until=now + length)
    ).rowcount
    if taken:
        return True
    if db.session.get(BotLease, game_id) is not None:
        return False
    try:
        with db.session.begin_nested():
            db.session.add(BotLease(game_id=game_id, ply=ply, until=now + length))
    except IntegrityError:  # another worker's lease came first
        return False
    return True


def _release(game_id: int) -> None:
    """Give the game's lease up (the bot answered a proposal and has nothing more to do at
    this ply: a new proposal at the same ply must find the game free); flushes only."""
    db.session.execute(delete(BotLease).where(BotLease.game_id == game_id))

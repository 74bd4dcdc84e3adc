"""Running a tournament: rounds and their games, results, deadlines, the next round, the end.

Every function here works on a tournament the caller has claimed (:mod:`.claim`) and leaves
the commit to it, so a round is created, or a deadline applied, whole or not at all. Each step
reads the state it acts on, so running one twice does nothing the second time.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from sqlalchemy import select

from ..accounts import blocks
from ..core.errors import PbemError
from ..core.extensions import db
from ..core.i18n import _l
from ..games import IllegalMove
from ..play import endings
from ..play.guards import race_guard
from ..play.models import ACTIVE, FORFEITED, RESIGN, Move
from ..play.queries import get_game, resigned_seats
from ..play.setup import create_game
from . import bracket, formats, notify, results, seeding
from .logic.scoring import finishing_places
from .models import (
    ADJUDICATE,
    EXTEND,
    FINISHED,
    FORFEIT,
    KNOCKOUT,
    RUNNING,
    LogEntry,
    Tournament,
    TournamentRound,
    TournamentTable,
)


def log(t: Tournament, actor, action: str, reason: str = "", now: datetime | None = None):
    t.log.append(LogEntry(actor=actor, action=action, reason=reason or "",
                          **({"created_at": now} if now else {})))


def start(t: Tournament, now: datetime, actor=None, reason: str = "") -> None:
    """Seed the entrants (:func:`.seeding.seed_order`: the director's seeding or their
    ratings), pair round one and create its games.

    :raises PbemError: too few players for the format.
    """
    entered = seeding.seed_order(t, [e for e in t.entrants if e.playing])
    if len(entered) < 2:
        raise PbemError(_l("A tournament needs at least two entered players to start."), "too-few")
    for entrant in t.entrants:
        entrant.seed = None
    for seed, entrant in enumerate(entered, 1):
        entrant.seed = seed
    t.status, t.started_at = RUNNING, now
    ids = [e.player_id for e in entered]
    try:
        apart = _apart(t, ids)
        pairing = formats.next_pairing(t, ids, ids, [], _round_seed(t, 1), apart)
    except ValueError as exc:
        raise PbemError(f"Cannot pair this field: {exc}.", "cannot-pair", 422) from None
    _create_round(t, pairing, now)
    log(t, actor, f"started the tournament with {len(entered)} players", reason, now)
    _log_kept_together(t, pairing, apart, now)


def step(t: Tournament, now: datetime) -> str:
    """One tick's work on a running tournament: deadlines, results, match games, rounds.

    :returns: what was done, for the tick's summary ("" when nothing was due).
    """
    rnd = t.current_round
    if t.status != RUNNING or t.paused_at is not None or rnd is None:
        return ""
    done = []
    for tb in rnd.tables:
        if tb.places is None and tb.deadline <= now and tb.game.status == ACTIVE:
            done.append(apply_policy(t, tb, t.stall_policy, now))
    return "; ".join(done + settle(t, now))


def settle(t: Tournament, now: datetime) -> list[str]:
    """Take in the current round's finished games: store their results, start the knockout
    match games they call for, and pair the next round (or end the tournament) when the
    round is complete. Run as a game ends (:mod:`.subscriptions`) and by every tick.

    :returns: what was done, for the tick's summary.
    """
    rnd, done = t.current_round, []
    if t.status != RUNNING or t.paused_at is not None or rnd is None:
        return done
    recorded = record_results(t, rnd)
    if recorded:
        done.append(f"{recorded} result(s)")
    for match, table in formats.match_continuations(t, rnd):
        _add_table(t, rnd, match + 1, table.seats, now, match)
        done.append(f"match game {' v '.join(map(str, table.seats))}")
    if formats.round_complete(t, rnd):
        done.append(_advance(t, rnd, now))
    return done


def record_results(t: Tournament, rnd: TournamentRound) -> int:
    """Store the places of the round's games that have ended."""
    live = results.live_places(rnd.tables)
    for tb in rnd.tables:
        if tb.places is None and tb.game_id in live:
            tb.places, tb.finished_at = live[tb.game_id], tb.game.finished_at
    return len(live)


def apply_policy(t: Tournament, tb: TournamentTable, policy: str, now: datetime,
                 actor=None, reason: str = "", seat: int | None = None) -> str:
    """Adjudicate, forfeit or extend an unfinished game (at its deadline, or by the admin).

    An extension at the deadline is given once; the next deadline adjudicates. A forfeit
    takes ``seat`` (the director names the player), at a deadline the seat to move; at a
    bigger table the game plays on without that seat (as after a resignation), its deadline
    moved on by the extension's days if it had passed. Adjudication first forfeits a no-show
    (:func:`no_show`), so it only ever weighs players who have moved.
    """
    by_hand = actor is not None
    game = tb.game
    if game.status != ACTIVE:
        raise PbemError(_l("Game #%(id)s is not being played.", id=game.id), "not-active", 409)
    if policy == EXTEND and (by_hand or not tb.extended):
        start = max(tb.deadline, now) if by_hand else tb.deadline
        tb.deadline = start + timedelta(days=t.extend_days)
        tb.extended += 1
        action = (f"extended game #{game.id} by {t.extend_days} "
                  f"{'day' if t.extend_days == 1 else 'days'}")
    elif policy == FORFEIT:
        if seat is None:
            seat = game.rules.to_move(game.load_state())
        name = _forfeit(game, seat)
        tb.note = f"{name} forfeited at the deadline" if not by_hand else f"{name} forfeited"
        if game.status == ACTIVE:  # a bigger table plays on
            tb.deadline = max(tb.deadline, now + timedelta(days=t.extend_days))
            tb.note += "; the others play on"
        action = f"forfeited {name} in game #{game.id}"
    elif policy in (ADJUDICATE, EXTEND):
        absent = None if by_hand else no_show(game)
        if absent is not None:  # at a deadline: the no-show loses, the rest are weighed
            name = _forfeit(game, absent)
            tb.note = f"{name} never moved: forfeited"
            if game.status == ACTIVE:
                tb.note += f"; {_adjudicate(t, tb, now, automatic=True)}"
            action = f"forfeited {name}, who never moved, in game #{game.id}"
        else:
            tb.note = _adjudicate(t, tb, now, automatic=not by_hand)
            action = f"adjudicated game #{game.id}"
    else:
        raise PbemError(f"Unknown action {policy!r}.", "bad-action", 422)
    log(t, actor, action if by_hand else f"{action} (deadline policy)", reason, now)
    return action


def no_show(game) -> int | None:
    """The seat to move when it has never moved in this game: its player let a deadline
    pass without a single move. The seats that never had a turn are not no-shows."""
    seat = game.rules.to_move(game.load_state())
    return None if seat is None or seat in _moved(game) else seat


def _moved(game) -> set[int]:
    """The seats that have made a move of their own (not a resignation, nor a pass the
    server forced)."""
    return set(db.session.scalars(select(Move.seat).distinct().where(
        Move.game_id == game.id, Move.move != RESIGN, Move.auto.is_(False))))


def _forfeit(game, seat: int) -> str:
    """Resign ``seat`` as a forfeit (the game's row locked); the player's name."""
    name = game.seats[seat].player.name
    with race_guard():
        endings.resign(get_game(game.id, lock=True), seat, game.ply, reason=FORFEITED)
        db.session.flush()
    return name


def _decide(game, winners: list[int], *, automatic: bool) -> None:
    """End the game by the tournament's decision (its row locked, a lost race turned into
    ``PositionChanged``)."""
    with race_guard():
        endings.adjudicate(get_game(game.id, lock=True), winners, automatic=automatic)


def _adjudicate(t: Tournament, tb: TournamentTable, now: datetime, *, automatic: bool) -> str:
    """End the game by its current finishing order: the leaders on score win (a draw when
    every seat still in is level); ``automatic``: by the deadline's policy, not the director.
    A knockout game where nobody still in has moved is no draw: those seats finish in seed
    order (above any who resigned), so the better seed goes through. The note for the page."""
    game, tb.adjudicated = tb.game, True
    resigned = resigned_seats([game.id]).get(game.id, [])
    if t.format == KNOCKOUT and not _moved(game) - set(resigned):
        seed = {e.player_id: e.seed for e in t.entrants}
        order = sorted((s for s in range(len(tb.seats)) if s not in resigned),
                       key=lambda s: seed[tb.seats[s]]) + resigned[::-1]
        _decide(game, order[:1], automatic=automatic)
        tb.places, tb.finished_at = [order.index(s) for s in range(len(tb.seats))], now
        return "not played: placed in seed order"
    places = finishing_places(game.rules.scores(game.load_state()), [], resigned)
    _decide(game, [s for s, p in enumerate(places) if p == 0 and s not in resigned],
            automatic=automatic)
    return "adjudicated by pbem at the deadline" if automatic else "adjudicated by the director"


def forfeit_withdrawn(t: Tournament, entrant) -> None:
    """Resign the entrant's seats in the current round's unfinished games."""
    rnd = t.current_round
    for tb in rnd.tables if rnd else ():
        if entrant.player_id in tb.seats and tb.places is None:
            _forfeit_seat(tb, tb.seats.index(entrant.player_id), entrant.player.name)


def _forfeit_seat(tb: TournamentTable, seat: int, name: str) -> None:
    if tb.game.status != ACTIVE:
        return
    try:
        with race_guard():
            endings.resign(get_game(tb.game.id, lock=True), seat, reason=FORFEITED)
            db.session.flush()
    except IllegalMove:  # already out of a game that plays on
        return
    tb.note = f"forfeit: {name} withdrew"


def _advance(t: Tournament, rnd: TournamentRound, now: datetime) -> str:
    rnd.finished_at = now
    field = [e.player_id for e in t.field()]
    playing = [e.player_id for e in t.field() if e.playing]
    try:
        apart = _apart(t, field)
        pairing = formats.next_pairing(t, field, playing, t.rounds,
                                       _round_seed(t, rnd.number + 1), apart)
    except ValueError as exc:  # withdrawals left a field the format cannot pair
        log(t, None, f"could not pair round {rnd.number + 1} ({exc}), so the tournament ends",
            "", now)
        pairing = None
    if pairing is None:
        _finish(t, now)
        return f"round {rnd.number} finished; tournament over"
    _create_round(t, pairing, now)
    _log_kept_together(t, pairing, apart, now)
    return f"round {rnd.number} finished; round {rnd.number + 1} paired"


def _finish(t: Tournament, now: datetime) -> None:
    t.status, t.finished_at = FINISHED, now
    rows = results.standings(t)
    names = {e.player_id: e.player.name for e in t.entrants}
    notify.final_standings(t, rows, bracket.champion(t, t.rounds, names, rows))
    log(t, None, "finished the tournament", "", now)


def _apart(t: Tournament, ids) -> set[tuple[int, int]]:
    """The pairs of the field with a block between them, when the tournament keeps them
    apart (``formats.keeps_apart``); none otherwise."""
    return blocks.pairs_among(ids) if formats.keeps_apart(t) else set()


def _log_kept_together(t: Tournament, pairing: formats.Pairing, apart, now: datetime) -> None:
    """Say in the log when the round had to seat players with a block between them at one
    table (no pairing of the format avoided it). The log is public and a block is private,
    so it says how many tables, never whose."""
    together = sum(any((min(a, b), max(a, b)) in apart
                       for i, a in enumerate(table.seats) for b in table.seats[i + 1:])
                   for table in pairing.round.tables)
    if together:
        tables = "1 table" if together == 1 else f"{together} tables"
        log(t, None, f"paired round {len(t.rounds)} with {tables} seating players who "
            "blocked each other: no pairing of this round could keep them apart", "", now)


def _round_seed(t: Tournament, number: int) -> int:
    return random.Random(f"{t.seed}:{number}").randrange(2**31)


def _create_round(t: Tournament, pairing: formats.Pairing, now: datetime) -> TournamentRound:
    rnd = TournamentRound(number=len(t.rounds) + 1, byes=list(pairing.round.byes),
                          matches=pairing.matches, started_at=now)
    rnd.seed = _round_seed(t, rnd.number)
    t.rounds.append(rnd)
    matches = pairing.table_matches or (None,) * len(pairing.round.tables)
    for board, (table, match) in enumerate(zip(pairing.round.tables, matches, strict=True), 1):
        _add_table(t, rnd, board, table.seats, now, match)
    db.session.flush()
    names = {e.player_id: e.player.name for e in t.entrants}
    notify.round_paired(t, rnd, names, first=rnd.number == 1,
                        title=bracket.round_title(t, t.rounds, rnd.number))
    return rnd


def _add_table(t: Tournament, rnd: TournamentRound, board: int, seats, now: datetime,
               match: int | None = None) -> TournamentTable:
    """Create the table's game (started, players told) and forfeit any withdrawn seat."""
    entrants = {e.player_id: e for e in t.entrants}
    seed = rnd.seed if t.same_layout else random.Random(
        f"{rnd.seed}:{len(rnd.tables)}").randrange(2**31)
    try:
        game = create_game(t.slug, [entrants[p].player for p in seats], t.options,
                           creator=t.created_by, start_now=True, seed=seed,
                           time_control=t.time_control, rated=t.rated)
    except PbemError as exc:
        raise PbemError(f"Cannot create a game of round {rnd.number}: {exc.message}",
                        exc.code, 422) from None
    tb = TournamentTable(board=board, match=match, seats=list(seats), game=game,
                         tournament_id=t.id, deadline=now + timedelta(days=t.round_days))
    rnd.tables.append(tb)
    for seat, player_id in enumerate(seats):
        if not entrants[player_id].playing:
            _forfeit_seat(tb, seat, entrants[player_id].player.name)
    return tb

"""What each format pairs next, from the rounds stored so far (no database writes here).

A format is the ``Tournament.format`` plus the table size: two at a table it is a round
robin (Berger tables), a Swiss or a seeded knockout of matches; at bigger tables, pools that
play one game per seat rotation, Swiss-style table rounds, or a knockout where the top
``advance`` of each table go through.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction

from ..play.queries import forfeited_seats
from .logic.history import History
from .logic.model import PlayedRound, PlayerId, Result, Round, Table
from .logic.pairing import (
    Match,
    MatchState,
    advancing,
    knockout_first_round,
    knockout_next_round,
    match_state,
    pool_rounds,
    pools,
    round_robin,
    swiss_round,
    swiss_tables_round,
    table_knockout_round,
)
from .logic.standings import ROUND_ROBIN_TIEBREAKS, SWISS_TIEBREAKS, compute_standings
from .models import KNOCKOUT, ROUND_ROBIN, SWISS, Tournament, TournamentRound


@dataclass(frozen=True)
class Pairing:
    """A round to create: its tables, byes, and for two-player knockouts the matches and
    the match of each table."""

    round: Round
    matches: list | None = None
    table_matches: tuple[int | None, ...] = ()


def tiebreaks(t: Tournament):
    """Round robins break ties by Sonneborn–Berger, Swisses by Buchholz; a knockout's
    standings are only a record of points (the bracket decides), so it has none."""
    if t.format == KNOCKOUT:
        return ()
    return ROUND_ROBIN_TIEBREAKS if t.format == ROUND_ROBIN else SWISS_TIEBREAKS


def bye_points(t: Tournament) -> Fraction:
    """A Swiss bye is worth a win (two at a table) or an average result (½, at bigger
    tables); round-robin and knockout byes are worth nothing."""
    if t.format != SWISS:
        return Fraction(0)
    return Fraction(1) if t.table_size == 2 else Fraction(1, 2)


def min_table(t: Tournament) -> int:
    """The smallest table a round may use: one short of the size where the game allows it."""
    if t.format == KNOCKOUT and t.table_size > 2:
        return t.settings["advance"] + 1
    smaller = t.table_size - 1
    return smaller if smaller >= 2 and smaller in t.rules.player_counts else t.table_size


def table_sizes(t: Tournament) -> range:
    """Every number of players a game of this tournament may have."""
    return range(min_table(t), t.table_size + 1)


def results_of(rounds: list[TournamentRound], forfeits: dict | None = None,
               ) -> tuple[list[Result], list[PlayerId]]:
    """The finished games in the order played, and every bye given. ``forfeits``: each
    game's forfeited seats, whose games count as unplayed (:func:`unplayed_seats`)."""
    results, byes = [], []
    for rnd in rounds:
        results += [Result(tuple(tb.seats), tuple(tb.places),
                           unplayed_seats(len(tb.seats), (forfeits or {}).get(tb.game_id)))
                    for tb in rnd.tables if tb.places]
        byes += rnd.byes
    return results, byes


def unplayed_seats(size: int, forfeited) -> tuple[int, ...]:
    """The seats for which a game counts as not played: two at a table, both seats of a game
    forfeited; at a bigger table (which plays on), the seats that forfeited."""
    if not forfeited:
        return ()
    return tuple(range(size)) if size == 2 else tuple(sorted(set(forfeited)))


def ranking(t: Tournament, players: list[PlayerId], rounds: list[TournamentRound],
            forfeits: dict | None = None):
    """The standings of ``players``; ``forfeits`` (each game's forfeited seats) read from
    the games when not given. A Swiss player missing from a round (after withdrawing) has
    an unplayed round there."""
    if forfeits is None:
        forfeits = forfeited_seats([tb.game_id for rnd in rounds for tb in rnd.tables])
    seen = {p for rnd in rounds for tb in rnd.tables for p in tb.seats} | {
        p for rnd in rounds for p in rnd.byes}
    played = []
    for rnd in rounds:
        results, byes = results_of([rnd], forfeits)
        absent = ()
        if t.format == SWISS:
            there = {p for tb in rnd.tables for p in tb.seats} | set(rnd.byes)
            absent = tuple(sorted(seen - there))
        played.append(PlayedRound(tuple(results), tuple(byes), absent))
    return compute_standings(players, played, tiebreaks(t), bye_points(t))


def total_rounds(t: Tournament, field: Callable[[], list[PlayerId]]) -> int | None:
    """Rounds the tournament will have (``None`` for knockouts: it depends on the field).
    ``field()`` gives the field in seed order; only a round robin asks for it."""
    if t.format == SWISS:
        return t.settings["rounds"]
    if t.format == ROUND_ROBIN:
        return len(_schedule(t, field()))
    return None


def next_pairing(t: Tournament, field: list[PlayerId], playing: list[PlayerId],
                 rounds: list[TournamentRound], seed: int,
                 apart: Iterable[tuple[PlayerId, PlayerId]] = ()) -> Pairing | None:
    """The next round, or ``None`` when the tournament is over.

    ``field`` is everyone who started, in seed order (fixed schedules and knockout seeds use
    it); ``playing`` those still in (Swiss pairs only them). ``apart``: pairs of players to
    keep from meeting where the format allows (blocks, :func:`keeps_apart`): a Swiss avoids
    them like a rematch, a round robin at tables puts them in different pools; a two-player
    round robin (everyone meets everyone) and a knockout (the bracket decides) cannot.
    """
    if t.format == ROUND_ROBIN:
        schedule = _schedule(t, field, rounds, apart)
        return Pairing(schedule[len(rounds)]) if len(rounds) < len(schedule) else None
    if t.format == SWISS:
        if len(rounds) >= t.settings["rounds"] or len(playing) < 2:
            return None
        order = [s.player for s in ranking(t, playing, rounds)]
        results, byes = results_of(rounds)
        history = History.of(results, byes, bye_points(t)).keep_apart(apart)
        if t.table_size == 2:
            return Pairing(swiss_round(order, history, seed=seed))
        return Pairing(swiss_tables_round(order, history, t.table_size, min_table(t)))
    if t.table_size == 2:
        return _knockout_pairing(t, field, rounds)
    return _table_knockout_pairing(t, field, rounds)


def keeps_apart(t: Tournament) -> bool:
    """Whether the tournament avoids pairing players with a block between them (the
    director's setting, on unless turned off) and its format can (see :func:`next_pairing`)."""
    return (t.settings.get("avoid_blocks", True) and t.format in (SWISS, ROUND_ROBIN)
            and (t.format == SWISS or t.table_size > 2))


def _schedule(t: Tournament, field: list[PlayerId], rounds=(), apart=()) -> list[Round]:
    """The round robin's rounds. At tables, the pools are those of round one once it is
    paired (each pool sits at one table of it, in pool order), so a block made since does
    not reshuffle a schedule under way."""
    if t.table_size == 2:
        return round_robin(field, t.settings.get("cycles", 1))
    if rounds:
        return pool_rounds([tuple(tb.seats) for tb in rounds[0].tables])
    return pool_rounds(pools(field, t.table_size, min_table(t), apart))


def _knockout_pairing(t, field, rounds) -> Pairing | None:
    if not rounds:
        matches = knockout_first_round(field)
    else:
        winners = match_winners(t, rounds[-1])
        if len(winners) < 2:
            return None
        matches = knockout_next_round(winners, field)
    played = [m for m in matches if m.low is not None]
    return Pairing(
        Round(tuple(Table((m.high, m.low)) for m in played),
              tuple(m.high for m in matches if m.low is None)),
        [[m.high, m.low] for m in matches],
        tuple(matches.index(m) for m in played),
    )


def _table_knockout_pairing(t, field, rounds) -> Pairing | None:
    advance = t.settings["advance"]
    if not rounds:
        through = list(field)
    else:
        last = rounds[-1]
        if len(last.tables) == 1 and not last.byes:
            return None  # that was the final table
        through = advancing(results_of([last])[0], advance, field, last.byes)
    results = results_of(rounds)[0]
    return Pairing(table_knockout_round(through, t.table_size, advance, History.of(results)))


@dataclass(frozen=True)
class MatchOutcome:
    """A match as it stands: its state, and whether a decider adjudicated as a draw sent the
    higher seed through (the page says so)."""

    state: MatchState
    by_seed: bool = False


def match_outcomes(t: Tournament, rnd) -> list[MatchOutcome | None]:
    """Each match of a two-player knockout round in bracket order (``None`` while one of its
    games is being played)."""
    outcomes = []
    for index, (high, low) in enumerate(rnd.matches or ()):
        tables = [tb for tb in rnd.tables if tb.match == index]
        if low is not None and any(not tb.places for tb in tables):
            outcomes.append(None)  # a game of the match is still being played
            continue
        games = [Result(tuple(tb.seats), tuple(tb.places)) for tb in tables]
        best_of = t.settings.get("best_of", 1)
        state = match_state(Match(high, low), games, best_of)
        if state.next_game and len(games) > best_of and _drawn_by_decision(tables[-1]):
            outcomes.append(MatchOutcome(MatchState(state.score, high, None), by_seed=True))
        else:
            outcomes.append(MatchOutcome(state))
    return outcomes


def _drawn_by_decision(tb) -> bool:
    """A decider adjudicated as a draw: nobody is playing the match, so rather than replay
    it for ever the higher seed goes through."""
    return tb.adjudicated and len(set(tb.places)) == 1


def match_winners(t: Tournament, rnd: TournamentRound) -> list[PlayerId | None]:
    """Each match's winner in bracket order (``None`` while undecided); a decider adjudicated
    as a draw sends the higher seed through."""
    return [o.state.winner if o else None for o in match_outcomes(t, rnd)]


def match_continuations(t: Tournament, rnd: TournamentRound) -> list[tuple[int, Table]]:
    """The next game of every match whose games so far are over without deciding it."""
    return [(index, o.state.next_game) for index, o in enumerate(match_outcomes(t, rnd))
            if o and o.state.next_game]


def round_complete(t: Tournament, rnd: TournamentRound) -> bool:
    if any(not tb.places for tb in rnd.tables):
        return False
    return rnd.matches is None or all(w is not None for w in match_winners(t, rnd))

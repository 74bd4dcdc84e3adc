"""Computer opponents: Monte Carlo tree search through the rules protocol.

Pure Python like ``pbem.games`` (standard library only), and it takes its plies only from the
rules object it is given (a game's heuristics may read that game's positions to judge them), so
a bot plays whatever the rules allow and nothing else::

    >>> from pbem.games import get_rules
    >>> from pbem.bots import choose_move
    >>> rules = get_rules("pylon")
    >>> state = rules.new_game(players=2, options={"start": "quick"}, seed=3)
    >>> move = choose_move(rules, state, level=1, seed=7)
    >>> move in rules.legal_moves(state)
    True
    >>> move == choose_move(rules, state, level=1, seed=7)
    True

A level is a fixed number of playouts (``LEVELS``), and for a game that can solve its endgames
exactly a fixed amount of solving (see ``Heuristics.solve``), so the same seed, level and
position give the same move on any machine; ``budget_s`` optionally stops the work early, which
trades that guarantee for a bounded effort. The budget is CPU seconds of the thinking thread
(``clock.cpu_clock``), not wall seconds: a busy host makes a bot slower, never weaker.

Levels 1–3 answer in a few CPU seconds at most; level 4 is the correspondence level, which
thinks sixteen times as long as level 3 (up to a minute of CPU a move, the server's worker
capping it there).

Beyond its moves, a bot judges positions as a good opponent does (:func:`decide` gives the
search's judgement with the move): it resigns a game it has lost beyond doubt
(:func:`resigns`), accepts a proposal to end the game when its search says that the result
would not change (:func:`accepts_end`), and proposes one itself when the result is settled
(:func:`proposes_end`).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

from .clock import cpu_clock
from .heuristics import heuristics_for
from .search import Search

__all__ = ["CORRESPONDENCE", "LEVELS", "Decision", "accepts_end", "agreed_share", "choose_move",
           "decide", "evaluate", "proposes_end", "resigns", "search_move"]

#: Playouts per move at each level (a game's heuristics may scale them, see ``Heuristics``).
LEVELS = {1: 100, 2: 400, 3: 1600, 4: 25600}
#: The correspondence level: it thinks for up to a minute of CPU a move.
CORRESPONDENCE = 4

#: A bot resigns when its search gives it at most this share of the result...
RESIGN_SHARE = 0.02
#: ...after at least this many playouts (a short search may not have seen the way out)...
RESIGN_PLAYOUTS = 24
#: ...and never before this ply of the game (the first moves are never resigned).
RESIGN_AFTER_PLY = 12
#: A proposal to end the game is accepted when the bot's share, as its search judges the
#: position, is within this of what the agreed end would give it.
AGREE_MARGIN = 0.1
#: A bot proposes to end the game itself only when the result is surer than that: its share
#: within this of what the agreed end would give it.
PROPOSE_MARGIN = 0.04


@dataclass(frozen=True)
class Decision:
    """A bot's move and its search's judgement of it: ``shares``, each seat's expected share
    of the result after ``move`` (``None`` when the move needed no search: the only ply, or
    one the exact solver found to win), the ``playouts`` the search ran, and ``solved`` when
    the exact solver chose the move."""

    move: str
    shares: tuple[float, ...] | None
    playouts: int
    solved: bool = False


def choose_move(rules, state, level: int = 2, seed: int = 0, budget_s: float | None = None):
    """One ply of ``rules.legal_moves(state)`` for the seat to move, chosen by a search of
    ``LEVELS[level]`` playouts among the plies the game's exact solver keeps, where it solves
    the position at this level (``Heuristics.solve``: a solved win is played at once); the
    same for the same ``seed``, ``level`` and position.

    :raises ValueError: an unknown level, or a finished game (nothing to choose).
    """
    return decide(rules, state, level, seed, budget_s).move


def decide(rules, state, level: int = 2, seed: int = 0,
           budget_s: float | None = None) -> Decision:
    """``choose_move``'s ply with its search's judgement (:class:`Decision`); ``budget_s``
    is CPU seconds of the calling thread.

    :raises ValueError: an unknown level, or a finished game (nothing to choose).
    """
    if level not in LEVELS:
        raise ValueError(f"no bot level {level!r}; the levels are {sorted(LEVELS)}")
    heuristics = heuristics_for(rules.slug)
    deadline = None if budget_s is None else cpu_clock() + budget_s
    plies = None
    if rules.to_move(state) is not None:
        plies = heuristics.solve(rules, state, level, deadline)
        if plies is not None and len(plies) == 1:
            return Decision(plies[0], None, 0, solved=True)
    if deadline is not None:
        budget_s = max(0.0, deadline - cpu_clock())
    playouts = heuristics.playouts(LEVELS[level])
    return search(rules, state, playouts, seed=seed, budget_s=budget_s, plies=plies)


def search_move(rules, state, playouts: int, seed: int = 0, budget_s: float | None = None,
                plies: list[str] | None = None):
    """``choose_move`` with an exact number of playouts instead of a level (for tests and
    measurements that need a cheaper or a stronger bot than the levels give), choosing among
    ``plies`` if given (legal plies of ``state``), else among all of them.

    :raises ValueError: a finished game, or fewer than one playout.
    """
    return search(rules, state, playouts, seed, budget_s, plies).move


def search(rules, state, playouts: int, seed: int = 0, budget_s: float | None = None,
           plies: list[str] | None = None) -> Decision:
    """``search_move``'s ply with its search's judgement (:class:`Decision`)."""
    if rules.to_move(state) is None:
        raise ValueError("the game is over: there is no move to choose")
    if playouts < 1:
        raise ValueError(f"a search needs at least one playout, not {playouts}")
    data = rules.to_dict(state)
    rng = _rng(rules, data, playouts, seed)
    tree = Search(rules, heuristics_for(rules.slug), rng, seats=len(rules.scores(state)))
    deadline = None if budget_s is None else cpu_clock() + budget_s
    # A fresh copy of the position: what earlier searches left hanging on the state (Stax's
    # states share their history with every line tried from them) must not slow this one.
    found = tree.run(rules.from_dict(data), playouts, deadline, plies)
    return Decision(found.move, found.shares, found.playouts)


def resigns(decision: Decision, seat: int, ply: int) -> bool:
    """Whether a bot in ``seat``, having searched the position at the game's ``ply``
    (``decision``), should resign rather than play on: its search gives it at most
    ``RESIGN_SHARE`` of the result over at least ``RESIGN_PLAYOUTS`` playouts, and the game is
    past its first ``RESIGN_AFTER_PLY`` plies. A move the solver found, or a forced one, is
    played (there is no search to judge by).

    >>> resigns(Decision("a1", (0.01, 0.99), 400), seat=0, ply=30)
    True
    >>> resigns(Decision("a1", (0.01, 0.99), 400), seat=0, ply=4)
    False
    >>> resigns(Decision("a1", (0.3, 0.7), 400), seat=0, ply=30)
    False
    """
    return (
        decision.shares is not None
        and ply >= RESIGN_AFTER_PLY
        and decision.playouts >= RESIGN_PLAYOUTS
        and decision.shares[seat] <= RESIGN_SHARE
    )


def accepts_end(rules, state, seat: int, seats_in: list[int], scored: bool,
                decision: Decision) -> bool:
    """Whether a bot in ``seat`` accepts a proposal to end the game now, its search having
    judged the position (``decision``, from any seat's point of view: the shares are every
    seat's): when the agreed end would give it what its search expects from playing on,
    within ``AGREE_MARGIN``. An agreed end is a draw among ``seats_in`` (the seats still in
    the game), or, ``scored``, a win for those of them with the best score as it stands.
    Without a search to judge by (a forced or solved move) the bot declines."""
    if decision.shares is None or seat not in seats_in:
        return False
    agreed = agreed_share(rules, state, seat, seats_in, scored)
    return abs(decision.shares[seat] - agreed) <= AGREE_MARGIN


def proposes_end(rules, state, seat: int, seats_in: list[int], scored: bool,
                 decision: Decision, ply: int) -> bool:
    """Whether a bot in ``seat`` proposes to end the game at ``state`` (the position after
    its turn, at the game's ``ply``), its search having judged that position
    (``decision``): the result is settled, the agreed end giving it what playing on would
    within the narrower ``PROPOSE_MARGIN`` (a dead draw, or in a game scored as it stands a
    win it only has to play out), judged over at least ``RESIGN_PLAYOUTS`` playouts and
    never in the first ``RESIGN_AFTER_PLY`` plies. So a player need not play a settled game
    to its last ply, and a bot never offers what it would not accept."""
    return (
        decision.shares is not None
        and seat in seats_in
        and ply >= RESIGN_AFTER_PLY
        and decision.playouts >= RESIGN_PLAYOUTS
        and abs(decision.shares[seat] - agreed_share(rules, state, seat, seats_in, scored))
        <= PROPOSE_MARGIN
    )


def agreed_share(rules, state, seat: int, seats_in: list[int], scored: bool) -> float:
    """What an agreed end now is worth to ``seat`` as the search counts results: a draw
    among ``seats_in``, or, ``scored``, a win for those of them with the best score."""
    heuristics = heuristics_for(rules.slug)
    seats = len(rules.scores(state))
    if not scored:
        return heuristics.draw_value(len(seats_in), seats)
    scores = rules.scores(state)
    best = max(scores[s] for s in seats_in)
    winners = [s for s in seats_in if scores[s] == best]
    if seat not in winners:
        return 0.0
    return 1.0 if len(winners) == 1 else heuristics.draw_value(len(winners), seats)


def _rng(rules, data: dict, playouts: int, seed: int) -> random.Random:
    """A generator seeded from the seed, the playout count (the level) and the position (its
    JSON form, which is stable across processes, unlike ``hash()`` of a string)."""
    position = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return random.Random(f"{rules.slug}|{seed}|{playouts}|{position}")


def evaluate(rules, state, level: int = 3, seed: int = 0, budget_s: float | None = None,
             playouts: int | None = None) -> tuple[str | None, list[float]]:
    """What the bot of ``level`` (or a search of ``playouts``) prefers in ``state`` and the
    shares of the game it expects each seat to get from there (a win counts 1, a draw splits
    it): the post-game review's reading of a position. A finished game's shares are its
    result, with no ply.
    """
    if rules.to_move(state) is None:
        winners = rules.winners(state)
        seats = len(rules.scores(state))
        return None, [1 / len(winners) if seat in winners else 0.0 for seat in range(seats)]
    heuristics = heuristics_for(rules.slug)
    count = playouts if playouts is not None else heuristics.playouts(LEVELS[level])
    data = rules.to_dict(state)
    rng = _rng(rules, data, count, seed)
    search = Search(rules, heuristics, rng, seats=len(rules.scores(state)))
    deadline = None if budget_s is None else cpu_clock() + budget_s
    move, shares = search.best_with_values(rules.from_dict(data), count, deadline)
    if shares is None:  # a forced ply: read the position after it
        return move, evaluate(rules, rules.play(state, move), level, seed, budget_s,
                              playouts)[1]
    return move, shares

"""Stax: the cost of a move and of loading a game, early and late in a long game.

The walking game keeps the table the same: after both kings and three tiles each are placed,
each player only moves its "5" tile to an empty cell beside the fixed tiles, picking the
least used cell and orientation (backtracking on a dead end), so the position never repeats
while its size and shape stay put; ply 10, 50, 200 and 1,000 differ only in the length of the
history (and the superko keys behind it). Ten successive states are taken at each of those
plies, and each figure is the median CPU time (``process_time``) of:

- *load*: the game's snapshot (``to_stored``'s, as JSON, what the game's row holds) parsed
  and loaded, as a page, a turn mail or a move does first; the grown part (history and keys)
  stays in its column, handed over as a function that returns it if asked;
- *load + legal moves*: what the page of the player to move needs;
- *load + play*: a move checked and applied on the loaded state;
- *load + play + store*: and the new snapshot written as JSON with what the move appends to
  the grown part (the rules' part of a move's POST);
- *play from a grown-past state*: ``play`` from a state its line has grown past (a second move
  from it, as the analysis board, conditional moves and a search do).

The plies are measured interleaved (each round visits every ply, in a rotating order), so a
change in the machine's load hits them alike; the ratios compare them. The target: each cost
at ply 1,000 within 1.2x of ply 50, and loading flat from ply 10 to ply 1,000.
"""

from __future__ import annotations

import collections
import json
import os
import random
import statistics
import time

from pbem.games import get_rules
from pbem.games.stax.state import decode
from pbem.games.stax.tiles import STEPS, TYPE_OF, TYPES, coords

RULES = get_rules("stax")
PLIES, SPAN, ROUNDS = (10, 50, 200, 1000), 10, 30
SETUP = ("K", "5", "2s", "3y")  # each player places these, in turn, nearest the origin
RADIUS = 3  # the walkers stay within this many steps of the origin


def _code(mask: int) -> str:
    return TYPES[TYPE_OF[mask]]


def _distance(c: int) -> int:
    q, r = coords(c)
    return max(abs(q), abs(r), abs(q + r))


def walking_game(plies: int) -> list:
    """The walking game (see above), searched depth first, as the states of one line."""
    state = RULES.new_game(players=2)
    for code in (code for code in SETUP for _ in range(2)):
        places = [m for m in RULES.legal_moves(state) if "@" in m and _code(decode(m)[1]) == code]
        state = RULES.play(state, min(places, key=lambda m: (_distance(decode(m)[2]), m)))
    used: collections.Counter = collections.Counter()
    path = [(state, _walks(state, used))]
    while len(path) + 2 * len(SETUP) <= plies:
        state, choices = path[-1]
        if not choices:
            path.pop()  # a dead end: the walker boxed itself in
            continue
        move = choices.pop()
        _, _, land, final = decode(move)
        used[state.turn, land, final] += 1
        after = RULES.play(state, move)
        path.append((after, _walks(after, used)))
    return _states_of(path[-1][0])


def _states_of(last) -> list:
    """Every state of ``last``'s game, from the empty table, played again in one line."""
    states = [RULES.new_game(players=2)]
    for _, ply in last.history:
        states.append(RULES.play(states[-1], ply))
    return states


def _walks(state, used) -> list[str]:
    """The walker's moves to an empty cell touching a fixed tile, least used last."""
    board = state.board
    walks = []
    for move in RULES.legal_moves(state):
        if "@" in move:
            continue
        _, src, land, final = decode(move)
        if _code(board[src][-1][1]) != "5" or land in board or _distance(land) > RADIUS:
            continue
        beside = (land + step for step in STEPS)
        if any(n in board and n != src and _code(board[n][-1][1]) != "5" for n in beside):
            walks.append(move)
    return sorted(walks, key=lambda m: (-used[state.turn, *decode(m)[2:]], m))


def _stored(state) -> tuple[str, str]:
    """``state`` as a game's row holds it: its snapshot as JSON, and its grown part."""
    snapshot, grown = RULES.to_stored(state)
    return json.dumps(snapshot), grown


def _load(text: str, grown: str):
    return RULES.from_stored(json.loads(text), lambda: grown)


def _measures(states, rng) -> dict:
    """What each measure times, as a function of one state prepared beforehand."""

    def load(state):
        text, grown = _stored(state)
        return lambda: _load(text, grown)

    def load_legal(state):
        text, grown = _stored(state)
        return lambda: RULES.legal_moves(_load(text, grown))

    def load_play(state):
        (text, grown), move = _stored(state), rng.choice(RULES.legal_moves(state))
        return lambda: RULES.play(_load(text, grown), move)

    def load_play_store(state):
        (text, grown), move = _stored(state), rng.choice(RULES.legal_moves(state))

        def action():
            snapshot = json.loads(text)
            after = RULES.play(RULES.from_stored(snapshot, lambda: grown), move)
            written, added = RULES.to_stored(after, snapshot)
            return json.dumps(written), added

        return action

    def grown_past(state):
        move = rng.choice(RULES.legal_moves(state))
        return lambda: RULES.play(state, move)

    return {"load": load, "load + legal moves": load_legal, "load + play": load_play,
            "load + play + store": load_play_store,
            "play from a grown-past state": grown_past}


def _interleaved(states, prepare) -> dict[int, float]:
    """Median CPU microseconds of ``prepare(state)()`` per ply of :data:`PLIES`, the plies
    visited in a rotating order round after round. Every action is prepared before the
    rounds: preparing one (writing out a long game's record) just before timing it left the
    processor's caches cold in proportion to the game's length, which the timing took for
    the cost of the action (a load that costs the same at ply 1,000 as at ply 50 timed
    3x as much there that way)."""
    samples: dict[int, list[int]] = {ply: [] for ply in PLIES}
    actions = {ply: [prepare(state) for state in states[ply : ply + SPAN]] for ply in PLIES}
    for round_ in range(ROUNDS):
        for ply in PLIES[round_ % len(PLIES):] + PLIES[: round_ % len(PLIES)]:
            for action in actions[ply]:
                started = time.process_time_ns()
                action()
                samples[ply].append(time.process_time_ns() - started)
    return {ply: statistics.median(found) / 1000 for ply, found in samples.items()}


def run() -> dict:
    started = time.perf_counter()
    walking = walking_game(PLIES[-1] + SPAN)
    figures = {"walking game: plies built, seconds":
               f"{len(walking) - 1}, {time.perf_counter() - started:.1f}",
               "load average before": f"{os.getloadavg()[0]:.2f}"}
    rng = random.Random(3)
    for name, prepare in _measures(walking, rng).items():
        medians = _interleaved(walking, prepare)
        for ply, value in medians.items():
            figures[f"{name} at ply {ply}, us"] = round(value, 1)
        figures[f"{name}: ply 1000 / ply 50"] = round(medians[1000] / medians[50], 2)
        figures[f"{name}: ply 1000 / ply 10"] = round(medians[1000] / medians[10], 2)
    sizes = {ply: _stored(walking[ply]) for ply in PLIES}
    at = ", ".join(map(str, PLIES))
    figures[f"snapshot size at plies {at}, bytes"] = ", ".join(
        str(len(sizes[ply][0])) for ply in PLIES)
    figures[f"grown part at plies {at}, characters"] = ", ".join(
        str(len(sizes[ply][1])) for ply in PLIES)
    figures["load average after"] = f"{os.getloadavg()[0]:.2f}"
    return figures

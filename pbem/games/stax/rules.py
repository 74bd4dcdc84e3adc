"""The Stax rules object: the protocol of ``pbem.games.base.Rules`` for rules/stax.md.

>>> from pbem.games import get_rules
>>> rules = get_rules("stax")
>>> state = rules.new_game(players=2)
>>> len(rules.legal_moves(state)), rules.legal_moves(state)[:3]
(63, ['E+NE+NW@0,0', 'E+NE+SE@0,0', 'E+NE+SW@0,0'])
>>> state = rules.play(state, " nw + e @ (0, 0) ")
>>> rules.history(state)
[(0, 'E+NW@0,0')]
>>> rules.play(state, "Q@1,0")
Traceback (most recent call last):
...
pbem.games.refusals.IllegalMove: your first placement cannot be your queen
"""

from __future__ import annotations

import dataclasses

from ..base import Rules, check_seat
from . import stored as encoding
from . import words
from .explain import explain
from .hashing import P, cell_factor, normalise, tile_term
from .movegen import legal, legal_set, settle, sure
from .notation import parse
from .refusals import REFUSALS, VOCABULARY
from .state import (
    RESIGN,
    Line,
    StaxState,
    decode,
    extend,
    next_seat,
    previous_seat,
    put,
    view,
    with_key,
)
from .tiles import ALL_TYPES, KING, TYPE_OF


class StaxRules(Rules):
    """Stax for two or three players (rules/stax.md)."""

    phrases = REFUSALS + words.PHRASES
    vocabulary = VOCABULARY
    end_reasons = ("king-captured", "no-moves", "last-in")

    slug = "stax"
    name = "Stax"
    player_counts = (2, 3)
    options = ()
    version = "1"

    # ----- setting up ----------------------------------------------------------------------

    def setup(self, players: int, options: dict, seed: int) -> StaxState:
        """The empty table; Stax has no random setup, so ``seed`` changes nothing."""
        return StaxState(
            players=players,
            board={},
            placed=(0,) * players,
            active=(True,) * players,
            turn=0,
            winner=None,
            line=Line(keys=(0,), boards=({},)),
            n_history=0,
            n_keys=1,
        )

    # ----- reading the state ---------------------------------------------------------------

    def to_move(self, state: StaxState) -> int | None:
        return None if state.winner is not None else state.turn

    def legal_moves(self, state: StaxState) -> list[str]:
        return list(legal(state))

    # The game's modules answer these directly: no wrapper call on the hot path.
    legal_set = staticmethod(legal_set)
    parse = staticmethod(parse)
    explain = staticmethod(explain)

    def scores(self, state: StaxState) -> list[int]:
        return [int(seat == state.winner) for seat in range(state.players)]

    def winners(self, state: StaxState) -> list[int]:
        return [] if state.winner is None else [state.winner]

    def end_reason(self, state: StaxState) -> str | None:
        """``last-in`` when one seat is left after resignations (STAX-R12); ``king-captured``
        when a seat still in has placed its king and it is no longer on the table (a capture
        takes it off, STAX-R2); else ``no-moves`` (STAX-R3/R11)."""
        if state.winner is None:
            return None
        if sum(state.active) == 1:
            return "last-in"
        king = 1 << TYPE_OF[KING]
        kings = {seat for stack in state.board.values() for seat, tile in stack if tile == KING}
        lost = [s for s in range(state.players)
                if state.active[s] and state.placed[s] & king and s not in kings]
        return "king-captured" if lost else "no-moves"

    def history(self, state: StaxState) -> list[tuple[int, str]]:
        """The (seat, ply) entries played so far, resignations included."""
        return list(state.history)

    # ----- moves ---------------------------------------------------------------------------

    def is_legal(self, state: StaxState, ply: str) -> bool:
        """A ply that is legal without matching any earlier key is accepted from the
        unconfirmed list, so validating it never looks at the history; only a probable repeat
        (or an illegal ply) goes through the full, confirmed list."""
        return ply in sure(state) or ply in self.legal_set(state)

    def apply(self, state: StaxState, ply: str) -> StaxState:
        return settle(_placed_or_moved(state, ply), state.turn)

    def replay(self, state: StaxState, history) -> StaxState:
        """The stored ``history`` played from ``state``: the search for a legal action that
        ends the game when there is none (STAX-R3) is made only after the last entry, since
        every earlier one was followed by another, which no finished game has."""
        entries = list(history)
        for seat, ply in entries[:-1]:
            state = self.resign(state, seat) if ply == RESIGN else _placed_or_moved(state, ply)
        return super().replay(state, entries[-1:])

    def resign(self, state: StaxState, seat: int) -> StaxState:
        """Two players: the other wins. Three: the seat leaves, its tiles stay (STAX-R12)."""
        check_seat(self, state, seat, [s for s in range(state.players) if state.active[s]])
        active = tuple(on and s != seat for s, on in enumerate(state.active))
        placed = tuple(ALL_TYPES if s == seat else p for s, p in enumerate(state.placed))
        after = dataclasses.replace(
            state,
            active=active,
            placed=placed,
            line=extend(state, (seat, RESIGN)),
            n_history=state.n_history + 1,
            cache={"seen": state.cache["seen"]} if "seen" in state.cache else {},
        )
        left = [s for s in range(state.players) if active[s]]
        if len(left) == 1:
            return dataclasses.replace(after, winner=left[0])
        if state.turn == seat:
            after = dataclasses.replace(after, turn=next_seat(after, seat))
        return settle(after, previous_seat(after, after.turn))

    # ----- records -------------------------------------------------------------------------

    to_dict = staticmethod(encoding.to_dict)
    from_dict = staticmethod(encoding.from_dict)
    to_stored = staticmethod(encoding.to_stored)
    from_stored = staticmethod(encoding.from_stored)


def _placed_or_moved(state: StaxState, ply: str) -> StaxState:
    """The state after the legal canonical ``ply``, before :func:`settle` looks for the next
    seat's actions (it only ever ends a game by a capture here)."""
    seat, action = state.turn, decode(ply)
    board = dict(state.board)
    captured = put(board, seat, action)
    placed = state.placed
    if action[0] == "place":
        placed = list(placed)
        placed[seat] |= 1 << TYPE_OF[action[1]]
        placed = tuple(placed)
    raw = _raw_after(state, seat, action, captured)
    key = normalise(raw, min(board))
    line = extend(state, (seat, ply), key, board)
    return dataclasses.replace(
        state,
        board=board,
        placed=placed,
        turn=next_seat(state, seat),
        winner=seat if captured else None,
        line=line,
        n_history=state.n_history + 1,
        n_keys=state.n_keys + 1,
        # a legal ply always leaves the step rule kept (§3.2 item 5, §3.3 item 5)
        cache={"raw": raw, "steps_ok": True, "seen": with_key(state, key, line)},
    )


def _raw_after(state: StaxState, seat: int, action: tuple, captured: bool) -> int:
    """The hash polynomial after ``action``, from the one before: at most three terms change
    (read off ``state``'s board, so a replay never builds a :class:`View` it does not need)."""
    raw = state.cache.get("raw")
    if raw is None:
        raw = view(state).raw
    if action[0] == "place":
        _, mask, c = action
        return (raw + tile_term(0, seat, mask) * cell_factor(c)) % P
    _, s, land, final = action
    board = state.board
    old = board[s][-1][1]
    under = board.get(land, ())
    below = len(under)
    raw -= tile_term(len(board[s]) - 1, seat, old) * cell_factor(s)
    if captured:
        below -= 1
        raw -= tile_term(below, under[-1][0], KING) * cell_factor(land)
    return (raw + tile_term(below, seat, old if final is None else final) * cell_factor(land)) % P

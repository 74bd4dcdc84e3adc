"""Spike (Jonathan Leistiko, 2005), exactly as ``shared/rules/spike.md`` specifies it.

The board and ply tables are in ``board.py``, the state in ``state.py``, notation in
``notation.py``, the legal plies in ``movegen.py`` and the reasons a ply is refused in
``explain.py``; this module wires them into the protocol.
"""

from __future__ import annotations

from ..base import Rules, check_seat, replaced
from . import state as encoding
from . import words
from .board import DECODE, EXIT, LAUNCH, MOVE, piece_code
from .explain import explain
from .movegen import launches, legal, legal_set
from .notation import parse, split_plies
from .refusals import REFUSALS, VOCABULARY
from .state import OPTIONS, SpikeState, begin_turn, position


def _goal_met(goal: str, chest: tuple[int, int, int]) -> bool:
    if goal == "five":
        return sum(chest) >= 5
    if goal == "trio":
        return all(chest)
    return False


class SpikeRules(Rules):
    """Spike: move a piece you launched, then launch one; exits fill your treasure chest.

    >>> from pbem.games import get_rules
    >>> rules = get_rules("spike")
    >>> state = rules.new_game()
    >>> len(rules.legal_moves(state)), rules.legal_moves(state)[0]
    (96, 'L@a3:E')
    >>> state = rules.play(state, " m @ D2 : n ")
    >>> rules.to_move(state), rules.legal_moves(state)[:2]
    (1, ['L@a6:E', 'L@a6:N'])
    """

    phrases = REFUSALS + words.PHRASES
    vocabulary = VOCABULARY
    end_reasons = ("goal-five", "goal-trio", "no-moves", "last-in")

    slug = "spike"
    name = "Spike"
    player_counts = (2,)
    version = "1"
    multi_ply_turns = True
    options = OPTIONS

    def setup(self, players: int, options: dict, seed: int) -> SpikeState:
        return position(**options)

    # ----- the protocol --------------------------------------------------------------------

    def to_move(self, state: SpikeState) -> int | None:
        return state.seat

    def legal_moves(self, state: SpikeState) -> list[str]:
        return list(legal(state))

    # The game's modules answer these directly: no wrapper call on the hot path.
    legal_set = staticmethod(legal_set)
    parse = staticmethod(parse)
    explain = staticmethod(explain)

    def turn_plies(self, state: SpikeState) -> list[str]:
        return list(state.turn)

    def split_turn(self, text) -> list[str]:
        """Plies of a typed turn: spaces next to ``-``, ``:`` or ``@`` stay inside a ply."""
        return split_plies(text)

    def apply(self, state: SpikeState, ply: str) -> SpikeState:
        action = DECODE[ply]
        kind = action[0]
        seat = state.seat
        pieces, coins, stash, chests = state.pieces, state.coins, state.stash, state.chests
        if kind in (MOVE, EXIT):
            src = action[1]
            board = list(pieces)
            code = board[src]
            board[src] = 0
            if kind == MOVE:
                board[action[2]] = (code & 0b110011) | action[3] << 2
                coins = replaced(coins, action[2], seat + 1)
            else:
                chest = list(chests[seat])
                chest[(code & 3) - 1] += 1
                chests = (tuple(chest), chests[1]) if seat == 0 else (chests[0], tuple(chest))
            pieces = tuple(board)
            after: list[str] = []
            launches(pieces, coins, stash, seat, state.hop, after)
            if after:
                if state.launch == "optional":
                    after.append("done")
                return SpikeState(
                    pieces, coins, stash, chests, seat, state.turn + (ply,), state.launch,
                    state.hop, state.goal, None, None, tuple(sorted(after)),
                )
        elif kind == LAUNCH:
            _, size, sq, facing = action
            pieces = replaced(pieces, sq, piece_code(seat, size, facing))
            coins = replaced(coins, sq, seat + 1)
            stash = replaced(stash, size - 1, stash[size - 1] - 1)
        return self._end_turn(state, pieces, coins, stash, chests)

    @staticmethod
    def _end_turn(state, pieces, coins, stash, chests) -> SpikeState:
        mover = state.seat
        if _goal_met(state.goal, chests[mover]):
            return SpikeState(
                pieces, coins, stash, chests, None, (), state.launch, state.hop, state.goal,
                None, mover, (),
            )
        return begin_turn(
            pieces, coins, stash, chests, 1 - mover, state.launch, state.hop, state.goal
        )

    def resign(self, state: SpikeState, seat) -> SpikeState:
        """The game ends at once, mid-turn too; the plies already made stand."""
        check_seat(self, state, seat, (0, 1))
        return SpikeState(
            state.pieces, state.coins, state.stash, state.chests, None, (), state.launch,
            state.hop, state.goal, seat, None, (),
        )

    def scores(self, state: SpikeState) -> list[int]:
        return [sum(chest) for chest in state.chests]

    def winners(self, state: SpikeState) -> list[int]:
        if state.seat is not None:
            return []
        if state.resigned is not None:
            return [1 - state.resigned]
        if state.goal_winner is not None:
            return [state.goal_winner]
        # More pieces, then fewer pips (designer); still equal: a draw (SPIKE-R8).
        keys = [(sum(c), -(c[0] + 2 * c[1] + 3 * c[2])) for c in state.chests]
        best = max(keys)
        return [seat for seat in (0, 1) if keys[seat] == best]

    def end_reason(self, state: SpikeState) -> str | None:
        """``last-in`` after a resignation, ``goal-five`` / ``goal-trio`` when a chest met the
        goal option, else ``no-moves`` (SPIKE-R7)."""
        if state.seat is not None:
            return None
        if state.resigned is not None:
            return "last-in"
        return f"goal-{state.goal}" if state.goal_winner is not None else "no-moves"

    # ----- records -------------------------------------------------------------------------

    to_dict = staticmethod(encoding.to_dict)
    from_dict = staticmethod(encoding.from_dict)

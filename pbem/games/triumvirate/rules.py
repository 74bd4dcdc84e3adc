"""Triumvirate (Thomas R. Brendel, 2005), exactly as ``shared/rules/triumvirate.md`` specifies.

A turn is several plies by the same seat: one arrangement ``T:…``, then the actions its
movement points buy (TRIUMVIRATE-R4), then one decision per prisoner taken; the turn ends by
itself (TRIUMVIRATE-R15).

    >>> from pbem.games import get_rules
    >>> rules = get_rules("triumvirate")
    >>> state = rules.play(rules.new_game(), "T:3f/2f/1f")
    >>> rules.legal_moves(state)
    ['f1-d2', 'f1-e3', 'f1-g3', 'f1-h2', 'g1-e3', 'g1-f2', 'g1-h2', 'h1-h2', 'h1-h3']
    >>> state = rules.play_turn(state, "h1 - h3  +3h1 g1-e3")
    >>> rules.to_move(state), rules.turn_plies(state)
    (1, [])
"""

from __future__ import annotations

from ..base import Rules, check_seat, replaced
from ..options import Option
from . import state as encoding
from . import words
from .board import INDEX, has_board_move, size
from .explain import explain
from .movegen import legal, legal_set, max_actions
from .notation import parse, split
from .refusals import REFUSALS, VOCABULARY
from .state import ACT, ARRANGE, DECIDE, OVER, State, move_tables, position


def _bump(counts: tuple[int, int, int], z: int, by: int) -> tuple[int, int, int]:
    return tuple(c + by if i == z - 1 else c for i, c in enumerate(counts))


class TriumvirateRules(Rules):
    """The Triumvirate rules object (``pbem.games.get_rules("triumvirate")``)."""

    phrases = REFUSALS + words.PHRASES
    vocabulary = VOCABULARY
    end_reasons = ("two-of-each", "quiet-limit", "last-in")

    slug = "triumvirate"
    name = "Triumvirate"
    player_counts = (2,)
    version = "1"
    multi_ply_turns = True
    options = (
        Option(
            "entry",
            "any",
            ("any", "sized"),
            "which reserve sizes may enter on which starting square (TRIUMVIRATE-R9)",
        ),
        Option(
            "quiet_limit",
            50,
            (50, 0, 30, 100),
            "draw after this many turns in a row without a capture; 0: never (TRIUMVIRATE-R14)",
        ),
    )

    # ----- the game ------------------------------------------------------------------------

    def setup(self, players: int, options: dict, seed: int) -> State:
        """The start (TRIUMVIRATE-R1–R3); nothing is random, so ``seed`` is unused."""
        return position(
            ({"h1": 3, "g1": 2, "f1": 1}, {"a8": 3, "b8": 2, "c8": 1}),
            reserve=((3, 3, 3), (3, 3, 3)),
            entry=options["entry"],
            quiet_limit=options["quiet_limit"],
        )

    def to_move(self, state: State) -> int | None:
        return None if state.stage == OVER else state.seat

    def turn_plies(self, state: State) -> list[str]:
        return list(state.plies)

    def legal_moves(self, state: State) -> list[str]:
        return list(legal(state)[0])

    # The game's modules answer these directly: no wrapper call on the hot path.
    legal_set = staticmethod(legal_set)
    parse = staticmethod(parse)
    explain = staticmethod(explain)

    def apply(self, state: State, ply: str) -> State:
        seat, head = state.seat, ply[0]
        plies = state.plies + (ply,)
        if head == "T":
            return self._arranged(state, ply, plies)
        if head in "PH":
            return self._decided(state, ply, plies)
        board = list(state.board)
        taken = state.taken
        if head == "+":
            z, sq = int(ply[1]), INDEX[ply[2:]]
            board[sq] = 3 * seat + z
            reserve = replaced(state.reserve, seat, _bump(state.reserve[seat], z, -1))
        else:
            src, dst = INDEX[ply[:2]], INDEX[ply[3:]]
            if board[dst]:
                taken += (size(board[dst]),)
            board[dst], board[src] = board[src], 0
            reserve = state.reserve
        after = state._replace(
            board=tuple(board),
            reserve=reserve,
            points=state.points - 1,
            actions=state.actions - 1,
            taken=taken,
            plies=plies,
        )
        return after if after.actions else self._actions_done(after)

    def _arranged(self, state: State, ply: str, plies: tuple[str, ...]) -> State:
        seat = state.seat
        after = state._replace(cards=replaced(state.cards, seat, ply[2:]), plies=plies)
        points = 3 + len(state.hostages[seat])
        flat_v, prot_v = move_tables(after)
        if has_board_move(after.board, flat_v, prot_v):
            todo = points
        else:
            todo = max_actions(
                list(after.board),
                seat,
                list(after.reserve[seat]),
                points,
                flat_v,
                prot_v,
                after.entry == "sized",
            )
        after = after._replace(stage=ACT, points=points, actions=todo)
        return after if todo else self._actions_done(after)

    def _actions_done(self, state: State) -> State:
        if state.taken:
            return state._replace(stage=DECIDE)
        return self._end_turn(state)

    def _decided(self, state: State, ply: str, plies: tuple[str, ...]) -> State:
        seat, z = state.seat, int(ply[2])
        hostages, holding, fresh = state.hostages[seat], state.holding[seat], state.fresh
        if ply[0] == "P":
            holding = _bump(holding, z, 1)
        else:
            new = ply[2:5]
            if len(ply) > 5:
                old = ply[6:9]
                kept = list(hostages)
                kept.remove(old)
                hostages = tuple(kept)
                holding = _bump(holding, int(old[0]), 1)
            hostages = tuple(sorted(hostages + (new,)))
            fresh += (new,)
        after = state._replace(
            hostages=replaced(state.hostages, seat, hostages),
            holding=replaced(state.holding, seat, holding),
            fresh=fresh,
            decided=state.decided + 1,
            plies=plies,
        )
        return after if after.decided < len(after.taken) else self._end_turn(after)

    def _end_turn(self, state: State) -> State:
        """Win check (TRIUMVIRATE-R13), then the quiet-turn counter (TRIUMVIRATE-R14)."""
        seat = state.seat
        quiet = 0 if state.taken else state.quiet + 1
        common = dict(points=0, actions=0, taken=(), decided=0, fresh=(), plies=(), quiet=quiet)
        if min(state.holding[seat]) >= 2:
            return state._replace(stage=OVER, winners=(seat,), **common)
        if state.quiet_limit and quiet >= state.quiet_limit:
            return state._replace(stage=OVER, winners=(0, 1), **common)
        return state._replace(stage=ARRANGE, seat=1 - seat, turn=state.turn + 1, **common)

    def resign(self, state: State, seat: int) -> State:
        """The other seat wins at once, mid-turn too (shared convention)."""
        seat = check_seat(self, state, seat, (0, 1))
        return state._replace(stage=OVER, winners=(1 - seat,), resigned=seat, plies=())

    def scores(self, state: State) -> list[int]:
        """Prisoners in each holding area (hostages excluded)."""
        return [sum(state.holding[0]), sum(state.holding[1])]

    def winners(self, state: State) -> list[int]:
        return list(state.winners)

    def end_reason(self, state: State) -> str | None:
        """``last-in`` after a resignation, ``quiet-limit`` for the draw of R14, else
        ``two-of-each`` (R13)."""
        if state.stage != OVER:
            return None
        if state.resigned is not None:
            return "last-in"
        return "quiet-limit" if len(state.winners) == 2 else "two-of-each"

    # ----- whole turns ---------------------------------------------------------------------

    def split_turn(self, text: str) -> list[str]:
        return split(text)

    def implied_plies(self, state: State, typed: list[str]) -> list[str]:
        """§8: a typed turn that does not begin with ``T:`` keeps the current arrangement."""
        if state.stage == ARRANGE and not typed[0].lower().startswith("t:"):
            return ["T:" + state.cards[state.seat]]
        return []

    # ----- records -------------------------------------------------------------------------

    to_dict = staticmethod(encoding.to_dict)
    from_dict = staticmethod(encoding.from_dict)

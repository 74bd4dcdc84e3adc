"""Pylon (Doug Orleans, 2005): place pyramids on a 6×5 board, then stack them.

The authority is ``shared/rules/pylon.md``; its rulings PYLON-R1…R4 are named where they apply.
The state is in ``state.py``, notation in ``notation.py``, the legal moves in ``movegen.py`` and
the reasons a move is refused in ``explain.py``; this module wires them into the protocol.

    >>> from pbem.games import get_rules
    >>> rules = get_rules("pylon")
    >>> state = rules.new_game(options={"start": "quick", "layout": LAYOUT_EXAMPLE})
    >>> rules.legal_moves(state)[:3]
    ['a1-a2', 'a1-b1', 'a2-a1']
    >>> rules.canonical(state, " A1 - B1 ")
    'a1-b1'
"""

from __future__ import annotations

import random
from dataclasses import replace

from ..base import Rules, check_seat
from ..options import InvalidOptions, Option
from . import state as encoding
from . import words
from .explain import explain
from .movegen import legal, legal_set
from .notation import PLACEMENTS, STEPS, parse, parse_layout
from .refusals import REFUSALS, VOCABULARY
from .state import CELLS, OWNERS, PER_SIZE, PylonState, board_layout, layout_board, parse_stack

#: A layout a doctest (and a curious reader) can start from.
LAYOUT_EXAMPLE = "A1B1A2B2A3B3/B1A1B2A2B3A3/A1B1A2B2A3B3/B1A1B2A2B3A3/A1B1A2B2A3B3"


class PylonRules(Rules):
    """Pylon: a placement phase (unless ``start=quick``), then stacking until no move is left."""

    phrases = REFUSALS + words.PHRASES
    vocabulary = VOCABULARY
    end_reasons = ("no-moves", "last-in")

    slug = "pylon"
    name = "Pylon"
    player_counts = (2,)
    version = "1"
    # rules/pylon.md §4: the players may agree to stop early, scored as it stands.
    agreed_end_scored = True
    options = (
        Option(
            "start",
            "place",
            ("place", "quick"),
            "place: an empty board, filled in turn; quick: the 30 pyramids dealt at random "
            "(or by layout), straight into stacking",
        ),
        Option(
            "layout",
            None,
            help="the quick-start board: ranks 5 to 1 separated by '/', six squares each as "
            "owner and size, e.g. A3B1B2A1A2B3/…",
            parser=parse_layout,
        ),
        Option(
            "stacking_starts",
            "last_placer",
            ("last_placer", "alternate"),
            "who stacks first after placement: the last placer, P2 (the designer), or P1 "
            "(Abstract Play)",
        ),
    )

    def check_options(self, players: int, options: dict) -> None:
        if options["layout"] is not None and options["start"] != "quick":
            raise InvalidOptions("option 'layout' needs start=quick")

    def setup(self, players: int, options: dict, seed: int) -> PylonState:
        alternate = options["stacking_starts"] == "alternate"
        if options["start"] == "place":
            return PylonState(((),) * len(CELLS), (PER_SIZE,) * 6, 0, alternate)
        if options["layout"] is not None:
            board = layout_board(options["layout"])
        else:
            rng = random.Random(seed)
            bag = [o + s for o in OWNERS for s in "123" for _ in range(PER_SIZE)]
            rng.shuffle(bag)
            board = tuple(parse_stack(piece) for piece in bag)
        # PYLON-R1: nobody placed last in a quick start, so P1 stacks first.
        return PylonState(board, (0,) * 6, 0, alternate)

    def layout(self, state: PylonState) -> str:
        """A fresh quick start's board as a ``layout`` option (``""`` for any other board).

        >>> rules = PylonRules()
        >>> rules.layout(rules.new_game(options={"start": "quick", "layout": LAYOUT_EXAMPLE}))
        'A1B1A2B2A3B3/B1A1B2A2B3A3/A1B1A2B2A3B3/B1A1B2A2B3A3/A1B1A2B2A3B3'
        """
        return board_layout(state.board)

    def to_move(self, state: PylonState) -> int | None:
        # PYLON-R3: the game is over when no move is left (or someone resigned).
        return state.turn if legal(state) else None

    def legal_moves(self, state: PylonState) -> list[str]:
        return list(legal(state))

    # The game's modules answer these directly: no wrapper call on the hot path.
    legal_set = staticmethod(legal_set)
    parse = staticmethod(parse)
    explain = staticmethod(explain)

    def apply(self, state: PylonState, ply: str) -> PylonState:
        board = list(state.board)
        step = STEPS.get(ply)
        if step is not None:
            x, y = step
            board[y] += board[x]
            board[x] = ()
            return PylonState(tuple(board), state.stash, 1 - state.turn, state.alternate)
        size, i = PLACEMENTS[ply]
        turn = state.turn
        board[i] = (turn << 2 | size,)
        stash = list(state.stash)
        stash[3 * turn + size - 1] -= 1
        # PYLON-R1: the last placer stacks first unless stacking_starts=alternate.
        follows = 1 - turn if any(stash) or state.alternate else turn
        return PylonState(tuple(board), tuple(stash), follows, state.alternate)

    def resign(self, state: PylonState, seat: int) -> PylonState:
        check_seat(self, state, seat, (0, 1))
        return replace(state, resigned=seat)

    def scores(self, state: PylonState) -> list[int]:
        totals = [0, 0]
        for stack in state.board:
            if stack:
                totals[stack[-1] >> 2] += len(stack)
        return totals

    def winners(self, state: PylonState) -> list[int]:
        if not self.is_over(state):
            return []
        if state.resigned is not None:
            return [1 - state.resigned]
        a, b = self.scores(state)
        # PYLON-R4: equal scores are a draw, listing both seats.
        return [0] if a > b else [1] if b > a else [0, 1]

    def end_reason(self, state: PylonState) -> str | None:
        """``last-in`` after a resignation, else ``no-moves`` (PYLON-R3)."""
        if not self.is_over(state):
            return None
        return "last-in" if state.resigned is not None else "no-moves"

    # ----- records -------------------------------------------------------------------------

    to_dict = staticmethod(encoding.to_dict)
    from_dict = staticmethod(encoding.from_dict)

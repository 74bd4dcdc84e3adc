"""Stawvs (Russ Williams), exactly as ``shared/rules/stawvs.md`` states it.

The state is in ``state.py``, notation in ``notation.py``, the legal moves in ``movegen.py`` and
the reasons a move is refused in ``explain.py``; this module wires them into the protocol.

>>> from pbem.games import get_rules
>>> rules = get_rules("stawvs")
>>> state = rules.new_game(players=2, seed=7)
>>> len(rules.legal_moves(state)), rules.legal_moves(state)[:3]
(60, ['a2', 'a3', 'a4'])
>>> state = rules.play(state, " D4 ")
>>> rules.play(state, "d4")
Traceback (most recent call last):
...
pbem.games.refusals.IllegalMove: d4 is capped
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from ..base import Rules, check_seat, replaced
from ..options import InvalidOptions, Option
from . import state as encoding
from . import words
from .explain import explain
from .movegen import legal, legal_set
from .notation import parse, parse_layout
from .refusals import REFUSALS
from .state import CODE_INDEX, CODES, COLOURS, INDEX, StawvsState, board_from_text, board_text

#: The squares in setup order (§1.4): rank 1 first, files a..h within a rank.
SETUP_ORDER = tuple(f * 8 + r for r in range(8) for f in range(8))
GAPS = {
    "corners": tuple(INDEX[s] for s in ("a1", "h1", "a8", "h8")),
    "center": tuple(INDEX[s] for s in ("d4", "e4", "d5", "e5")),
}


def score(codes: Iterable[int]) -> int:
    """The best score of a collection of pyramid bytes (STAWVS-R5's closed form).

    N + 2·(trees) + 2·(one-colour trees): each tree turns 3 loose points into 5, a one-colour
    tree into 7, and taking every one-colour tree first never costs a tree.
    """
    counts = [0] * len(CODES)
    for code in codes:
        counts[code] += 1
    trees = min(sum(counts[1 + size :: 3]) for size in range(3))
    mono = sum(min(counts[1 + 3 * c : 4 + 3 * c]) for c in range(4))
    return sum(counts) + 2 * trees + 2 * mono


class StawvsRules(Rules):
    """Stawvs: move a cap like a queen over open pyramids, then claim one it can see."""

    phrases = REFUSALS + words.PHRASES
    end_reasons = ("all-out", "last-in")

    slug = "stawvs"
    name = "Stawvs"
    player_counts = (2, 3, 4)
    version = "1"
    options = (
        Option(
            "gaps",
            "corners",
            ("corners", "center", "random"),
            "where the four empty squares are: the corners, the centre four, or at random",
        ),
        Option(
            "layout",
            None,
            help="an exact board, ranks 8 to 1 separated by '/', each square '..' or a "
            "colour PBGO and a size 1-3 (e.g. ..P1B3G2O1P2B1../...); overrides gaps",
            parser=parse_layout,
        ),
        Option(
            "claims",
            "line",
            ("line", "vacated"),
            "line: claim any pyramid in a line from the cap's new square; "
            "vacated: claim the pyramid the cap left",
        ),
        Option(
            "final_collect",
            True,
            (True, False),
            "whether players collect the pyramids under their caps at the end",
        ),
        Option("caps", 3, (3, 2), "caps per player (2 only with 4 players)"),
    )

    def check_options(self, players: int, options: dict) -> None:
        if options["caps"] == 2 and players != 4:
            raise InvalidOptions("caps=2 is only allowed with 4 players")

    # ----- setup ------------------------------------------------------

    def setup(self, players: int, options: dict, seed: int) -> StawvsState:
        """The board from ``layout``, or from ``seed`` by the procedure of §1.4."""
        if options["layout"]:
            board = board_from_text(options["layout"])
        else:
            rng = random.Random(seed)
            if options["gaps"] == "random":
                gaps = set(rng.sample(SETUP_ORDER, 4))
            else:
                gaps = set(GAPS[options["gaps"]])
            bag = [CODE_INDEX[c + s] for c in COLOURS for s in "123" for _ in range(5)]
            rng.shuffle(bag)
            grid = bytearray(64)
            for square, code in zip((s for s in SETUP_ORDER if s not in gaps), bag, strict=True):
                grid[square] = code
            board = bytes(grid)
        return StawvsState(
            board=board,
            caps=((),) * players,
            in_hand=(options["caps"],) * players,
            collections=(b"",) * players,
            to_move=0,
            claims=options["claims"],
            final_collect=options["final_collect"],
        )

    def layout(self, state: StawvsState) -> str:
        """The board as a layout string; a fresh game's is a valid ``layout`` option."""
        return board_text(state.board)

    # ----- moves ---------------------------------------------------------------------------

    def to_move(self, state: StawvsState) -> int | None:
        return state.to_move

    def legal_moves(self, state: StawvsState) -> list[str]:
        return list(legal(state))

    # The game's modules answer these directly: no wrapper call on the hot path.
    legal_set = staticmethod(legal_set)
    parse = staticmethod(parse)
    explain = staticmethod(explain)

    def apply(self, state: StawvsState, ply: str) -> StawvsState:
        seat = state.to_move
        board, caps, in_hand = state.board, state.caps, state.in_hand
        collections, out = state.collections, state.out
        to_move = _next_seat(state, seat)
        if ply == "pass":
            out = out | {seat}
            if len(out | state.resigned) == len(caps):
                to_move = None  # the last seat still in has passed: game over (§4)
        elif len(ply) == 2:
            caps = replaced(caps, seat, tuple(sorted(caps[seat] + (INDEX[ply],))))
            in_hand = replaced(in_hand, seat, in_hand[seat] - 1)
        else:
            origin, target, claim = INDEX[ply[:2]], INDEX[ply[3:5]], INDEX[ply[6:]]
            mine = tuple(sorted(target if s == origin else s for s in caps[seat]))
            caps = replaced(caps, seat, mine)
            collections = replaced(collections, seat, collections[seat] + board[claim : claim + 1])
            board = board[:claim] + b"\0" + board[claim + 1 :]
        return StawvsState(
            board, caps, in_hand, collections, to_move, out, state.resigned,
            state.claims, state.final_collect,
        )  # fmt: skip

    def resign(self, state: StawvsState, seat: int) -> StawvsState:
        """STAWVS-R8: the seat leaves; its caps stay; the game ends when one seat is left in
        (or every seat left in has passed). :raises IllegalMove: ``game-over``, ``not-in-game``."""
        players = range(len(state.caps))
        check_seat(self, state, seat, [s for s in players if s not in state.resigned])
        resigned = state.resigned | {seat}
        left = [s for s in players if s not in resigned]
        if len(left) == 1 or all(s in state.out for s in left):
            to_move = None
        elif state.to_move == seat:
            to_move = _next_seat(state, seat, resigned)
        else:
            to_move = state.to_move
        return StawvsState(
            state.board, state.caps, state.in_hand, state.collections, to_move, state.out,
            resigned, state.claims, state.final_collect,
        )  # fmt: skip

    # ----- results -------------------------------------------------------------------------

    def collection(self, state: StawvsState, seat: int) -> bytes:
        """The pyramids ``seat`` owns: those it claimed, plus, once the game is over, those
        under its caps (unless ``final_collect`` is false or the seat resigned)."""
        owned = state.collections[seat]
        if state.to_move is None and state.final_collect and seat not in state.resigned:
            owned += bytes(state.board[s] for s in state.caps[seat])
        return owned

    def scores(self, state: StawvsState) -> list[int]:
        return [score(self.collection(state, seat)) for seat in range(len(state.caps))]

    def end_reason(self, state: StawvsState) -> str | None:
        """``all-out`` when every seat still in has passed (§4), else ``last-in`` (STAWVS-R8:
        one seat left after resignations)."""
        if state.to_move is not None:
            return None
        left = [s for s in range(len(state.caps)) if s not in state.resigned]
        return "all-out" if all(s in state.out for s in left) else "last-in"

    def winners(self, state: StawvsState) -> list[int]:
        """STAWVS-R6: every top scorer among the seats that did not resign."""
        if state.to_move is None:
            scores = self.scores(state)
            left = [s for s in range(len(scores)) if s not in state.resigned]
            best = max(scores[s] for s in left)
            return [s for s in left if scores[s] == best]
        return []

    # ----- records -------------------------------------------------------------------------

    to_dict = staticmethod(encoding.to_dict)
    from_dict = staticmethod(encoding.from_dict)


def _next_seat(state: StawvsState, seat: int, resigned: frozenset[int] | None = None) -> int:
    """The next seat in turn order that has not resigned (resigned seats are skipped)."""
    skip = state.resigned if resigned is None else resigned
    players = len(state.caps)
    return next(
        (seat + step) % players
        for step in range(1, players + 1)
        if (seat + step) % players not in skip
    )

"""Pylon (Doug Orleans, 2005): place pyramids on a 6×5 board, then stack them.

The authority is ``shared/rules/pylon.md``; its rulings PYLON-R1…R4 are named where they apply.

A pyramid is a small int, ``owner << 2 | size`` (A1–A3 are 1–3, B1–B3 are 5–7), so its size is
``code & 3`` and its owner ``code >> 2``. The board is a flat tuple of 30 stacks in the order
a1, b1, …, f1, a2, …, f5, each stack a tuple of pyramids from bottom to top (``()`` is empty).
Every table a move needs (neighbours, move names, their sorted order) is built once at import.

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
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

from .. import squares
from ..base import IllegalMove, InvalidOptions, Option, Rules, check_seat, squash

WIDTH, HEIGHT = 6, 5
FILES = squares.LETTERS[:WIDTH]
CELLS = squares.names(WIDTH, HEIGHT)
INDEX = squares.index(CELLS)
OWNERS = "AB"
SIZE_LETTERS = " SML"
SIZE_WORDS = ("", "small", "medium", "large")
PER_SIZE = 5  # pyramids of each size in a stash

#: A layout a doctest (and a curious reader) can start from.
LAYOUT_EXAMPLE = "A1B1A2B2A3B3/B1A1B2A2B3A3/A1B1A2B2A3B3/B1A1B2A2B3A3/A1B1A2B2A3B3"


def _neighbours(i: int) -> tuple[int, ...]:
    f, r = i % WIDTH, i // WIDTH
    out = []
    if f > 0:
        out.append(i - 1)
    if f < WIDTH - 1:
        out.append(i + 1)
    if r > 0:
        out.append(i - WIDTH)
    if r < HEIGHT - 1:
        out.append(i + WIDTH)
    return tuple(out)


NEIGHBOURS = tuple(_neighbours(i) for i in range(len(CELLS)))
#: Squares in the order their names sort (a1, a2, …, a5, b1, …): placements list in this order.
SORTED_CELLS = tuple(sorted(range(len(CELLS)), key=CELLS.__getitem__))
#: Every orthogonal (from, to, name), sorted by name, so legal stacking moves need no sort.
PAIRS = tuple(
    sorted(
        ((x, y, f"{CELLS[x]}-{CELLS[y]}") for x in range(len(CELLS)) for y in NEIGHBOURS[x]),
        key=lambda pair: pair[2],
    )
)
#: ``PLACE_NAMES[size][square]`` is the canonical placement, e.g. ``Mc3``.
PLACE_NAMES = tuple(
    tuple(f"{SIZE_LETTERS[size]}{cell}" for cell in CELLS) if size else () for size in range(4)
)
#: Well-formed plies, canonical, legal or not: placement → (size, square), stack → (from, to).
PLACEMENTS = {PLACE_NAMES[s][i]: (s, i) for s in (1, 2, 3) for i in range(len(CELLS))}
STEPS = {f"{a}-{b}": (INDEX[a], INDEX[b]) for a in CELLS for b in CELLS}
#: What a person may type (lower-cased, spaces removed) → the canonical ply.
SPELLINGS = {
    **{f"{SIZE_LETTERS[s].lower()}{CELLS[i]}": ply for ply, (s, i) in PLACEMENTS.items()},
    **{f"{s}{CELLS[i]}": ply for ply, (s, i) in PLACEMENTS.items()},
    **{ply: ply for ply in STEPS},
}


def size_of(code: int) -> int:
    return code & 3


def owner_of(code: int) -> int:
    return code >> 2


def piece_text(code: int) -> str:
    """``A3`` for P1's large pyramid, ``B1`` for P2's small one."""
    return f"{OWNERS[code >> 2]}{code & 3}"


@lru_cache(maxsize=4096)
def stack_text(stack: tuple[int, ...]) -> str:
    """A stack bottom to top, e.g. ``A3B2A1``; ``""`` for an empty square. Remembered, as
    :func:`parse_stack` is: every move writes the same few stacks into the stored position."""
    return "".join(piece_text(code) for code in stack)


_PIECE = re.compile(r"([AB])([123])")


@lru_cache(maxsize=4096)
def parse_stack(text: str) -> tuple[int, ...]:
    """The stack written ``A3B2A1`` (any case, spaces ignored). :raises ValueError:

    Remembered: every move reads the stored position, the same few stacks each time."""
    compact = re.sub(r"\s+", "", text).upper()
    if not re.fullmatch(r"(?:[AB][123])*", compact):
        raise ValueError(f"{text!r} is not a stack: write owner and size, e.g. A3B2A1")
    return tuple(OWNERS.index(o) << 2 | int(s) for o, s in _PIECE.findall(compact))


@dataclass(frozen=True, slots=True)
class PylonState:
    """A position. ``stash`` counts the pyramids still in hand: A's small, medium, large,
    then B's. ``turn`` is the seat to move (kept once the game is over, but then unused).
    The legal moves are cached on the state the first time they are asked for."""

    board: tuple[tuple[int, ...], ...]
    stash: tuple[int, ...]
    turn: int
    alternate: bool  # stacking_starts=alternate (PYLON-R1)
    resigned: int | None = None
    _moves: tuple[str, ...] | None = field(default=None, init=False, compare=False, repr=False)
    _move_set: frozenset[str] | None = field(default=None, init=False, compare=False, repr=False)

    @property
    def placing(self) -> bool:
        return any(self.stash)


def _generate(state: PylonState) -> tuple[str, ...]:
    if state.resigned is not None:
        return ()
    board = state.board
    if state.placing:
        base = 3 * state.turn - 1
        empty = [i for i in SORTED_CELLS if not board[i]]
        return tuple(
            PLACE_NAMES[size][i] for size in (3, 2, 1) if state.stash[base + size] for i in empty
        )
    # PYLON-R2: only onto an occupied neighbour, bottom of the mover no larger than the top.
    low = [stack[0] & 3 if stack else 4 for stack in board]
    high = [stack[-1] & 3 if stack else 0 for stack in board]
    return tuple(name for x, y, name in PAIRS if low[x] <= high[y])


def _legal(state: PylonState) -> tuple[str, ...]:
    moves = state._moves
    if moves is None:
        moves = _generate(state)
        object.__setattr__(state, "_moves", moves)
    return moves


def parse_layout(text: str) -> str:
    """Validate a quick-start layout; return it canonical (upper case, no spaces).

    Five ranks from 5 down to 1 separated by ``/``, six squares a–f each, a square an owner and
    a size (``A3B1B2A1A2B3/…``). Abstract Play's export, 30 comma-separated tokens in the same
    reading order, is accepted too.

    :raises ValueError: naming the first problem.
    """
    compact = re.sub(r"\s+", "", str(text)).upper()
    if "," in compact:
        tokens = compact.split(",")
        if len(tokens) != WIDTH * HEIGHT:
            raise ValueError(f"a comma-separated layout has 30 squares, not {len(tokens)}")
        ranks = ["".join(tokens[k : k + WIDTH]) for k in range(0, len(tokens), WIDTH)]
    else:
        ranks = compact.split("/")
    if len(ranks) != HEIGHT:
        raise ValueError(f"a layout has 5 ranks separated by '/', not {len(ranks)}")
    for k, rank in enumerate(ranks):
        squares = re.findall(r"..?", rank)
        for f, square in enumerate(squares):
            if not _PIECE.fullmatch(square):
                where = f"{FILES[f]}{HEIGHT - k}" if f < WIDTH else f"rank {HEIGHT - k}"
                raise ValueError(f"{where}: {square!r} is not an owner (A, B) and a size (1-3)")
        if len(squares) != WIDTH:
            raise ValueError(f"rank {HEIGHT - k} has {len(squares)} squares, not 6")
    pieces = "".join(ranks)
    wrong = [
        f"{count} {kind}"
        for kind in (f"{o}{s}" for o in OWNERS for s in "123")
        if (count := len(re.findall(kind, pieces))) != PER_SIZE
    ]
    if wrong:
        raise ValueError(f"a layout has five of each of A1-A3 and B1-B3, not {', '.join(wrong)}")
    return "/".join(ranks)


def layout_board(layout: str) -> tuple[tuple[int, ...], ...]:
    """The board of a canonical layout (rank 5 is written first)."""
    board: list[tuple[int, ...]] = [()] * len(CELLS)
    for k, rank in enumerate(layout.split("/")):
        for f, code in enumerate(parse_stack(rank)):
            board[(HEIGHT - 1 - k) * WIDTH + f] = (code,)
    return tuple(board)


def position(
    stacks: str,
    to_move: int | None = None,
    *,
    placing: bool = False,
    stacking_starts: str = "last_placer",
) -> PylonState:
    """A position built by hand, for tests and puzzles.

    ``stacks`` lists the occupied squares as ``cell:stack`` separated by spaces or commas,
    each stack bottom to top: ``"a2:A3B2 a3:B3 c3:A3B3A1"``. By default the position is in the
    stacking phase (nothing in hand) and P1 is to move. With ``placing=True`` every pyramid not
    on the board is in hand and the seat to move follows from how many were placed.

    :raises ValueError: a malformed or impossible position.
    """
    if stacking_starts not in ("last_placer", "alternate"):
        raise ValueError("stacking_starts is last_placer or alternate")
    board: list[tuple[int, ...]] = [()] * len(CELLS)
    for entry in re.split(r"[\s,]+", stacks.strip()):
        if not entry:
            continue
        cell, sep, text = entry.partition(":")
        if not sep or cell.lower() not in INDEX:
            raise ValueError(f"{entry!r} is not cell:stack, e.g. c3:A3B2")
        stack = parse_stack(text)
        if not stack or any((a & 3) < (b & 3) for a, b in zip(stack, stack[1:], strict=False)):
            raise ValueError(f"{entry!r}: a stack is pyramids, none above a smaller one")
        board[INDEX[cell.lower()]] = stack
    on_board = [code for stack in board for code in stack]
    stash = tuple(PER_SIZE - on_board.count(o << 2 | s) for o in (0, 1) for s in (1, 2, 3))
    if min(stash) < 0:
        raise ValueError("a stash has only five pyramids of each size")
    if placing:
        if any(len(stack) > 1 for stack in board) or all(board):
            raise ValueError("placing means a board not yet full and nothing stacked")
        placed_a, placed_b = 15 - sum(stash[:3]), 15 - sum(stash[3:])
        if placed_a - placed_b not in (0, 1):
            raise ValueError("P1 places first and the players alternate")
        parity = placed_a - placed_b
        if to_move not in (None, parity):
            raise ValueError(f"P{parity + 1} is to move after {len(on_board)} placements")
        to_move = parity
    else:
        stash = (0,) * 6
    if to_move not in (0, 1, None):
        raise ValueError("to_move is 0 or 1")
    return PylonState(tuple(board), stash, to_move or 0, stacking_starts == "alternate")


class PylonRules(Rules):
    """Pylon: a placement phase (unless ``start=quick``), then stacking until no move is left."""

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

    def to_move(self, state: PylonState) -> int | None:
        # PYLON-R3: the game is over when no move is left (or someone resigned).
        return state.turn if _legal(state) else None

    def legal_moves(self, state: PylonState) -> list[str]:
        return list(_legal(state))

    def legal_set(self, state: PylonState) -> frozenset[str]:
        moves = state._move_set
        if moves is None:
            moves = frozenset(_legal(state))
            object.__setattr__(state, "_move_set", moves)
        return moves

    def parse(self, state: PylonState, text: str) -> str:
        compact = squash(text).lower()
        ply = SPELLINGS.get(compact)
        if ply is None:
            raise IllegalMove(_syntax_reason(compact), "syntax")
        return ply

    def explain(self, state: PylonState, ply: str) -> None:
        if ply in PLACEMENTS:
            size, i = PLACEMENTS[ply]
            if not state.placing:
                raise IllegalMove("placement is over: move a stack", "wrong-phase")
            if not state.stash[3 * state.turn + size - 1]:
                raise IllegalMove(f"no {SIZE_WORDS[size]} pyramids left", "none-left")
            if state.board[i]:
                raise IllegalMove(f"{CELLS[i]} is occupied", "occupied")
            return
        x, y = STEPS[ply]
        a, b = CELLS[x], CELLS[y]
        if state.placing:
            raise IllegalMove("the board is not full yet: place a pyramid", "wrong-phase")
        if not state.board[x]:
            raise IllegalMove(f"{a} is empty: there is no stack to move", "empty-source")
        if y not in NEIGHBOURS[x]:
            raise IllegalMove(f"{a} and {b} are not orthogonally adjacent", "not-adjacent")
        if not state.board[y]:
            raise IllegalMove(f"{b} is empty: stacks only move onto stacks", "empty-target")
        low, high = state.board[x][0] & 3, state.board[y][-1] & 3
        if low > high:
            raise IllegalMove(
                f"the bottom of {a} ({SIZE_WORDS[low]}) is larger than "
                f"the top of {b} ({SIZE_WORDS[high]})",
                "too-large",
            )

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

    def to_dict(self, state: PylonState) -> dict:
        return {
            "stacks": {CELLS[i]: stack_text(s) for i, s in enumerate(state.board) if s},
            "stash": {o: list(state.stash[3 * k : 3 * k + 3]) for k, o in enumerate(OWNERS)},
            "turn": state.turn,
            "stacking_starts": "alternate" if state.alternate else "last_placer",
            "resigned": state.resigned,
        }

    def from_dict(self, data: dict) -> PylonState:
        board: list[tuple[int, ...]] = [()] * len(CELLS)
        for cell, text in data["stacks"].items():
            board[INDEX[cell]] = parse_stack(text)
        return PylonState(
            tuple(board),
            tuple(int(n) for o in OWNERS for n in data["stash"][o]),
            int(data["turn"]),
            data["stacking_starts"] == "alternate",
            data["resigned"],
        )


def _syntax_reason(compact: str) -> str:
    """Say what is wrong with a ply that is neither a placement nor a stack move."""
    shown = compact if len(compact) <= 12 else compact[:12] + "…"
    hint = "place a size on a square (Mc3, or 2c3) or move a stack onto its neighbour (c3-c4)"
    if not compact:
        return f"no move was given: {hint}"
    if compact.count("-") == 1:
        for side in compact.split("-"):
            if side not in INDEX:
                return f"{side!r} is not a square (files a-f, ranks 1-5)"
    elif re.fullmatch(r".[a-z]\d", compact):
        if compact[1:] not in INDEX:
            return f"{compact[1:]!r} is not a square (files a-f, ranks 1-5)"
        return f"{compact[0]!r} is not a size: use S, M or L (or 1, 2, 3)"
    return f"cannot read {shown!r}: {hint}"

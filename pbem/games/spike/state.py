"""The Spike position: the state value, a position built by hand, and its JSON form.

A state is a frozen value: two flat 64-entry tuples (pieces, coins; see ``board.py``), the
stash and both chests as (small, medium, large) counts, the seat to move and the plies already
made in the turn in progress. Every piece stands on its controller's coin (the landing put it
there), so "completely empty" is simply "no coin", which keeps the hot loops to one tuple
lookup per square.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..options import Option, parse_options
from .board import CELLS, DECODE, FACINGS, INDEX, SIZES, piece_code, piece_spec
from .movegen import turn_actions

OPTIONS = (
    Option("launch", "compulsory", ("compulsory", "optional"),
           "compulsory: a launch must follow a move whenever one is legal (SPIKE-R3)"),
    Option("hop", False, (False, True),
           "pieces may pass over coins and over pieces their mover controls"),
    Option("goal", "exhaust", ("exhaust", "five", "trio"),
           "five: win with 5 pieces in your chest; trio: with one of each size"),
)  # fmt: skip

@dataclass(frozen=True)
class SpikeState:
    """One position. ``seat`` is ``None`` once the game is over."""

    pieces: tuple[int, ...]
    coins: tuple[int, ...]  # 0 none, 1 penny (P1), 2 nickel (P2)
    stash: tuple[int, int, int]
    chests: tuple[tuple[int, int, int], tuple[int, int, int]]
    seat: int | None
    turn: tuple[str, ...] = ()
    launch: str = "compulsory"
    hop: bool = False
    goal: str = "exhaust"
    resigned: int | None = None
    goal_winner: int | None = None
    # Caches of the generated plies, filled on first use; not part of the value.
    moves_cache: tuple[str, ...] | None = field(default=None, compare=False, repr=False)
    move_set_cache: frozenset | None = field(default=None, compare=False, repr=False)


def begin_turn(pieces, coins, stash, chests, seat, launch, hop, goal) -> SpikeState:
    """The state where ``seat`` starts a turn: it plays, passes, or nobody can act (SPIKE-R7)."""
    actions = turn_actions(pieces, coins, stash, seat, hop)
    if actions:
        legal = tuple(sorted(actions))
    elif turn_actions(pieces, coins, stash, 1 - seat, hop):
        legal = ("pass",)
    else:
        seat, legal = None, ()
    return SpikeState(pieces, coins, stash, chests, seat, (), launch, hop, goal, None, None, legal)


def position(
    pieces: dict[str, str] | None = None,
    pennies: str = "",
    nickels: str = "",
    stash: tuple[int, int, int] = (5, 5, 5),
    chests: tuple = ((0, 0, 0), (0, 0, 0)),
    to_move: int = 0,
    **options,
) -> SpikeState:
    """A position built directly, for tests and puzzles.

    ``pieces`` maps a cell to controller, size and facing: ``{"d7": "1MN", "c3": "2SS"}``
    (P1's medium facing north, P2's small facing south). Coins are space-separated cells;
    each piece's controller's coin is added under it. ``stash`` and ``chests`` count
    (small, medium, large). ``to_move`` starts a turn: if that seat has no action it must
    pass, and if nobody has one the game is already over. Options as for ``new_game``.

    :raises ValueError: a malformed piece, cell or count; ``InvalidOptions``.
    """
    opts = parse_options("Spike", OPTIONS, options)
    board = [0] * 64
    coins = [0] * 64
    for owner, cells in enumerate((pennies, nickels)):
        for cell in cells.split():
            coins[_index(cell)] = owner + 1
    for cell, spec in (pieces or {}).items():
        sq = _index(cell)
        if (
            not isinstance(spec, str) or len(spec) != 3 or spec[0] not in "12"
            or spec[1] not in SIZES or spec[2] not in FACINGS
        ):
            raise ValueError(f"piece {spec!r} on {cell}: write owner, size, facing (1MN)")
        owner = int(spec[0]) - 1
        if coins[sq] not in (0, owner + 1):
            raise ValueError(f"{cell}: a piece stands on its controller's coin")
        board[sq] = piece_code(owner, SIZES.index(spec[1]) + 1, FACINGS.index(spec[2]))
        coins[sq] = owner + 1
    if to_move not in (0, 1):
        raise ValueError(f"to_move must be 0 or 1, not {to_move!r}")
    return begin_turn(
        tuple(board), tuple(coins), _counts(stash), (_counts(chests[0]), _counts(chests[1])),
        to_move, opts["launch"], opts["hop"], opts["goal"],
    )


def _index(cell) -> int:
    if not isinstance(cell, str) or cell.lower() not in INDEX:
        raise ValueError(f"there is no square {cell!r}")
    return INDEX[cell.lower()]


def _counts(value) -> tuple[int, int, int]:
    counts = tuple(value)
    if len(counts) != 3 or not all(isinstance(n, int) and 0 <= n <= 15 for n in counts):
        raise ValueError(f"{value!r} is not a (small, medium, large) count")
    return counts


def to_dict(state: SpikeState) -> dict:
    """The JSON form of a state (squares by name, pieces as ``1MN``)."""
    return {
        "pieces": {CELLS[sq]: piece_spec(c) for sq, c in enumerate(state.pieces) if c},
        "pennies": [CELLS[sq] for sq, c in enumerate(state.coins) if c == 1],
        "nickels": [CELLS[sq] for sq, c in enumerate(state.coins) if c == 2],
        "stash": list(state.stash),
        "chests": [list(chest) for chest in state.chests],
        "to_move": state.seat,
        "turn": list(state.turn),
        "options": {"launch": state.launch, "hop": state.hop, "goal": state.goal},
        "resigned": state.resigned,
        "goal_winner": state.goal_winner,
    }


def from_dict(data: dict) -> SpikeState:
    """The state ``to_dict`` described. :raises ValueError: malformed data."""
    try:
        built = position(
            data["pieces"], " ".join(data["pennies"]), " ".join(data["nickels"]),
            data["stash"], data["chests"], **data["options"],
        )
        seat, turn = data["to_move"], tuple(data["turn"])
        resigned, goal_winner = data["resigned"], data["goal_winner"]
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"not a Spike state: {exc!r}") from None
    for value in (seat, resigned, goal_winner):
        if value not in (None, 0, 1):
            raise ValueError(f"not a Spike state: bad seat {value!r}")
    if not all(isinstance(ply, str) and ply in DECODE for ply in turn):
        raise ValueError(f"not a Spike state: bad turn {turn!r}")
    return SpikeState(
        built.pieces, built.coins, built.stash, built.chests, seat, turn, built.launch,
        built.hop, built.goal, resigned, goal_winner,
    )

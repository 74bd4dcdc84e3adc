"""The Triumvirate position value and what both the rules and the explanations ask of it."""

from __future__ import annotations

from typing import NamedTuple

from .board import INDEX, tables

#: The stages of a turn (§2); ``OVER`` once the game has ended.
ARRANGE, ACT, DECIDE, OVER = "arrange", "act", "decide", "over"
INITIAL_CARD = "3f/2f/1f"  # TRIUMVIRATE-R2


class _Fields(NamedTuple):
    """A Triumvirate position, an immutable value (a named tuple: copies with ``_replace``
    cost a fifth of a frozen dataclass's ``replace``, which matters at a thousand plies a game).

    ``board`` holds 64 ints (see ``board.py``). ``cards`` are the arrangements ``"3f/2f/1f"``
    (sections O/D/L); ``hostages`` sorted ``"2Df"`` strings per seat; ``holding`` and
    ``reserve`` counts of sizes 1–3 per seat. In the turn in progress: ``points`` left,
    ``actions`` still to perform (``maxActions``), ``taken`` the sizes captured in order,
    ``decided`` how many of them are decided, ``fresh`` the hostages placed by those decisions
    (they may not be replaced this turn, TRIUMVIRATE-R11), ``plies`` made so far.
    """

    entry: str
    quiet_limit: int
    board: tuple[int, ...]
    cards: tuple[str, str]
    hostages: tuple[tuple[str, ...], tuple[str, ...]]
    holding: tuple[tuple[int, int, int], tuple[int, int, int]]
    reserve: tuple[tuple[int, int, int], tuple[int, int, int]]
    seat: int = 0
    stage: str = ARRANGE
    points: int = 0
    actions: int = 0
    taken: tuple[int, ...] = ()
    decided: int = 0
    fresh: tuple[str, ...] = ()
    plies: tuple[str, ...] = ()
    quiet: int = 0
    turn: int = 1
    winners: tuple[int, ...] = ()
    resigned: int | None = None


class State(_Fields):
    """``_Fields`` plus an instance ``__dict__`` for ``cache``: (sorted legal plies, their
    set), filled on first use, invisible to ``==`` and ``hash`` (tuple comparison)."""

    cache = None


def position(
    pieces: tuple[dict[str, int], dict[str, int]] = ({}, {}),
    *,
    to_move: int = 0,
    cards: tuple[str, str] = (INITIAL_CARD, INITIAL_CARD),
    hostages: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
    holding: tuple[tuple[int, int, int], tuple[int, int, int]] = ((0, 0, 0), (0, 0, 0)),
    reserve: tuple[tuple[int, int, int], tuple[int, int, int]] = ((0, 0, 0), (0, 0, 0)),
    entry: str = "any",
    quiet_limit: int = 50,
    quiet: int = 0,
) -> State:
    """A position at the start of ``to_move``'s turn, for tests and examples (§9).

    ``pieces`` maps each seat's squares to sizes, e.g. ``({"d4": 3}, {"d6": 2})``; cards are
    arrangements without ``T:``; hostages ``"2Df"`` strings; counts are (small, medium, large).

    >>> state = position(({"d4": 3}, {"d6": 2}), cards=("3f/1f/2u", "1f/2u/3f"))
    >>> state.seat, state.stage, state.board[27]
    (0, 'arrange', 3)
    """
    board = [0] * 64
    for seat, placed in enumerate(pieces):
        for cell, z in placed.items():
            if z not in (1, 2, 3):
                raise ValueError(f"a piece's size is 1, 2 or 3, not {z!r}")
            board[INDEX[cell]] = 3 * seat + z
    return State(
        entry=entry,
        quiet_limit=quiet_limit,
        board=tuple(board),
        cards=tuple(cards),
        hostages=tuple(tuple(sorted(h)) for h in hostages),
        holding=tuple(tuple(h) for h in holding),
        reserve=tuple(tuple(r) for r in reserve),
        seat=to_move,
        quiet=quiet,
    )


def move_tables(state: State):
    """(flat mask, protection) per board value for the seat to move (see ``board.tables``)."""
    seat = state.seat
    return tables(
        seat,
        (state.cards[seat], state.hostages[seat]),
        (state.cards[1 - seat], state.hostages[1 - seat]),
    )


def replaceable(state: State) -> list[str]:
    """The distinct hostages a prisoner may replace now: on the card before this turn's
    decisions and still there (TRIUMVIRATE-R11)."""
    left = list(state.hostages[state.seat])
    for h in state.fresh:
        left.remove(h)
    return sorted(set(left))


def to_dict(state: State) -> dict:
    """The JSON form of a state: its fields by name, tuples as lists."""
    return {name: _json(value) for name, value in state._asdict().items()}


def from_dict(data: dict) -> State:
    """The state ``to_dict`` wrote."""
    return State(**{name: _tuples(value) for name, value in data.items()})


def _json(value):
    return [_json(v) for v in value] if isinstance(value, tuple) else value


def _tuples(value):
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value

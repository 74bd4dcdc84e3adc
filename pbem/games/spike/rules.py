"""Spike (Jonathan Leistiko, 2005), exactly as ``shared/rules/spike.md`` specifies it.

A state is a frozen value: two flat 64-entry tuples (pieces, coins; index = rank * 8 + file,
``a1`` = 0, ``h8`` = 63), the stash and both chests as (small, medium, large) counts, the seat
to move and the plies already made in the turn in progress. Pieces are small ints::

    size (1..3) | facing (0..3 = N, E, S, W) << 2 | (owner + 1) << 4

Every piece stands on its controller's coin (the landing put it there), so "completely empty"
is simply "no coin", which keeps the hot loops to one tuple lookup per square.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .. import squares
from ..base import IllegalMove, Option, Rules, check_seat

FILES = squares.LETTERS[:8]
CELLS = squares.names(8, 8)
INDEX = squares.index(CELLS)
FACINGS = "NESW"
DIRECTIONS = ("north", "east", "south", "west")
SIZES = "SML"
SIZE_NAMES = ("small", "medium", "large")
SEAT_NAMES = ("P1", "P2")
COIN_NAMES = ("penny", "nickel")
#: Forward (the opponent's home edge) per seat: P1 north, P2 south.
FORWARD = (0, 2)
_STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))

MOVE, EXIT, LAUNCH, PASS, DONE = range(5)


def _ray(square: int, facing: int, length: int = 3) -> tuple[int, ...]:
    """The on-board squares from ``square`` towards ``facing``, up to ``length`` of them."""
    file, rank = square % 8, square // 8
    df, dr = _STEPS[facing]
    out = []
    for step in range(1, length + 1):
        f, r = file + df * step, rank + dr * step
        if not (0 <= f < 8 and 0 <= r < 8):
            break
        out.append(r * 8 + f)
    return tuple(out)


RAYS = tuple(tuple(_ray(sq, d) for d in range(4)) for sq in range(64))
#: LAUNCH_PATHS[seat][file]: the three squares a launch on that file enters, in order.
LAUNCH_PATHS = (
    tuple((f, 8 + f, 16 + f) for f in range(8)),
    tuple((56 + f, 48 + f, 40 + f) for f in range(8)),
)
#: The rank (0-based) a launch of each size lands on, per seat.
LAUNCH_RANKS = ((0, 1, 2), (7, 6, 5))

# Every canonical ply that can ever be legal, precomputed so generation only concatenates
# tuples and ``apply`` decodes with one dict lookup.
MOVE_PLIES: dict[tuple[int, int], tuple[str, str, str, str]] = {}
EXIT_PLIES = tuple(f"{cell}-off" for cell in CELLS)
LAUNCH_PLIES: dict[tuple[int, int], tuple[str, str, str, str]] = {}
DECODE: dict[str, tuple] = {"pass": (PASS,), "done": (DONE,)}
for _sq in range(64):
    DECODE[EXIT_PLIES[_sq]] = (EXIT, _sq)
    for _d in range(4):
        for _to in RAYS[_sq][_d]:
            MOVE_PLIES[_sq, _to] = tuple(f"{CELLS[_sq]}-{CELLS[_to]}:{F}" for F in FACINGS)
            for _face, _ply in enumerate(MOVE_PLIES[_sq, _to]):
                DECODE[_ply] = (MOVE, _sq, _to, _face)
    for _size in (1, 2, 3):
        LAUNCH_PLIES[_size, _sq] = tuple(
            f"{SIZES[_size - 1]}@{CELLS[_sq]}:{F}" for F in FACINGS
        )
        for _face, _ply in enumerate(LAUNCH_PLIES[_size, _sq]):
            DECODE[_ply] = (LAUNCH, _size, _sq, _face)
del _sq, _d, _to, _size, _face, _ply


def piece_code(owner: int, size: int, facing: int) -> int:
    return size | facing << 2 | (owner + 1) << 4


def piece_owner(code: int) -> int:
    return (code >> 4) - 1


def piece_size(code: int) -> int:
    return code & 3


def piece_facing(code: int) -> int:
    return (code >> 2) & 3


def piece_spec(code: int) -> str:
    """Controller, size and facing, as ``position`` and ``to_dict`` write a piece: ``1MN``."""
    return f"{piece_owner(code) + 1}{SIZES[piece_size(code) - 1]}{FACINGS[piece_facing(code)]}"


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
    legal: tuple[str, ...] | None = field(default=None, compare=False, repr=False)
    legal_frozen: frozenset | None = field(default=None, compare=False, repr=False)


# ----- generation ------------------------------------------------------------------------------


def _moves(pieces, coins, seat: int, hop: bool, out: list) -> None:
    own = seat + 1
    forward = FORWARD[seat]
    for sq in range(64):
        code = pieces[sq]
        if not code or code >> 4 != own:
            continue
        size = code & 3
        facing = (code >> 2) & 3
        path = RAYS[sq][facing][:size]
        between = path if len(path) < size else path[:-1]
        if hop:
            if any(pieces[s] and pieces[s] >> 4 != own for s in between):
                continue
        elif any(coins[s] for s in between):
            continue
        if len(path) < size:
            if facing == forward:
                out.append(EXIT_PLIES[sq])
        elif not coins[path[-1]]:
            out.extend(MOVE_PLIES[sq, path[-1]])


def _launches(pieces, coins, stash, seat: int, hop: bool, out: list) -> None:
    if stash[0] + stash[1] + stash[2] < 2:
        return
    own = seat + 1
    for path in LAUNCH_PATHS[seat]:
        for size, sq in enumerate(path, 1):
            if stash[size - 1] and not coins[sq]:
                out.extend(LAUNCH_PLIES[size, sq])
            if coins[sq] and not (hop and (not pieces[sq] or pieces[sq] >> 4 == own)):
                break


def _actions(pieces, coins, stash, seat: int, hop: bool) -> list[str]:
    """Every move and launch ``seat`` could start a turn with (unsorted)."""
    out: list[str] = []
    _moves(pieces, coins, seat, hop, out)
    _launches(pieces, coins, stash, seat, hop, out)
    return out


def _legal(state: SpikeState) -> tuple[str, ...]:
    seat = state.seat
    if seat is None:
        return ()
    if state.turn:  # after a move: only launches (and done) remain
        out: list[str] = []
        _launches(state.pieces, state.coins, state.stash, seat, state.hop, out)
        if state.launch == "optional":
            out.append("done")
        return tuple(sorted(out))
    out = _actions(state.pieces, state.coins, state.stash, seat, state.hop)
    return tuple(sorted(out)) if out else ("pass",)


def _begin_turn(pieces, coins, stash, chests, seat, launch, hop, goal) -> SpikeState:
    """The state where ``seat`` starts a turn: it plays, passes, or nobody can act (SPIKE-R7)."""
    actions = _actions(pieces, coins, stash, seat, hop)
    if actions:
        legal = tuple(sorted(actions))
    elif _actions(pieces, coins, stash, 1 - seat, hop):
        legal = ("pass",)
    else:
        seat, legal = None, ()
    return SpikeState(pieces, coins, stash, chests, seat, (), launch, hop, goal, None, None, legal)


def _goal_met(goal: str, chest: tuple[int, int, int]) -> bool:
    if goal == "five":
        return sum(chest) >= 5
    if goal == "trio":
        return all(chest)
    return False


# ----- notation --------------------------------------------------------------------------------

_JOIN = re.compile(r"\s*([-:@])\s*")
_MOVE = re.compile(r"([a-z])(\d+)-(?:([a-z])(\d+):([a-z]+)|(off))")
_LAUNCH = re.compile(r"([a-z0-9])@([a-z])(\d+):([a-z]+)")


def _syntax(reason: str) -> IllegalMove:
    return IllegalMove(reason, "syntax")


def _cell(file: str, rank: str) -> int:
    cell = file + rank
    if cell not in INDEX:
        raise _syntax(f"there is no square {cell}: squares are a1 to h8")
    return INDEX[cell]


def _facing(text: str) -> int:
    word = text.upper()
    if word in ("NE", "NW", "SE", "SW"):
        raise _syntax(f"{word} is diagonal: a piece faces N, E, S or W")
    if len(word) != 1 or word not in FACINGS:
        raise _syntax(f"{word!r} is not a facing: use N, E, S or W")
    return FACINGS.index(word)


def _read(text) -> tuple:
    """Decode a typed ply into its action tuple (see ``DECODE``). :raises IllegalMove: syntax."""
    if not isinstance(text, str):
        raise _syntax("a move must be text")
    squashed = _JOIN.sub(r"\1", text.strip()).lower()
    if squashed in ("pass", "done"):
        return DECODE[squashed]
    if not squashed:
        raise _syntax("no move was given")
    if any(ch.isspace() for ch in squashed):
        raise _syntax(
            f"{text.strip()!r} is more than one ply: play a move, a launch, pass or done"
        )
    match = _MOVE.fullmatch(squashed)
    if match:
        src = _cell(match[1], match[2])
        if match[6]:
            return (EXIT, src)
        return (MOVE, src, _cell(match[3], match[4]), _facing(match[5]))
    if re.fullmatch(r"[a-z]\d+-[a-z]\d+", squashed):
        raise _syntax(f"a move names the facing after landing, e.g. {squashed}:N")
    match = _LAUNCH.fullmatch(squashed)
    if match:
        size = "sml123".find(match[1])
        if size < 0:
            raise _syntax(f"{match[1].upper()!r} is not a size: use S, M or L (or 1, 2, 3)")
        return (LAUNCH, size % 3 + 1, _cell(match[2], match[3]), _facing(match[4]))
    raise _syntax(
        f"{text.strip()!r} is not a Spike ply: write a move c3-c5:E, an exit d7-off, "
        "a launch M@d2:N, pass or done"
    )


def _write(action: tuple) -> str:
    kind = action[0]
    if kind == MOVE:
        return f"{CELLS[action[1]]}-{CELLS[action[2]]}:{FACINGS[action[3]]}"
    if kind == EXIT:
        return EXIT_PLIES[action[1]]
    if kind == LAUNCH:
        return f"{SIZES[action[1] - 1]}@{CELLS[action[2]]}:{FACINGS[action[3]]}"
    return "pass" if kind == PASS else "done"


def split_plies(text) -> list[str]:
    """A typed turn cut into plies: spaces next to ``-``, ``:`` or ``@`` stay inside a ply."""
    if not isinstance(text, str):
        raise _syntax("a move must be text")
    return _JOIN.sub(r"\1", text.strip()).split()


# ----- the rules -------------------------------------------------------------------------------


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

    slug = "spike"
    name = "Spike"
    player_counts = (2,)
    version = "1"
    multi_ply_turns = True
    options = (
        Option("launch", "compulsory", ("compulsory", "optional"),
               "compulsory: a launch must follow a move whenever one is legal (SPIKE-R3)"),
        Option("hop", False, (False, True),
               "pieces may pass over coins and over pieces their mover controls"),
        Option("goal", "exhaust", ("exhaust", "five", "trio"),
               "five: win with 5 pieces in your chest; trio: with one of each size"),
    )

    # ----- setup and building positions ----------------------------------------------------

    def setup(self, players: int, options: dict, seed: int) -> SpikeState:
        return self.position(**options)

    def position(
        self,
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
        _, opts = self.validate_options(2, options)
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
        return _begin_turn(
            tuple(board), tuple(coins), _counts(stash), (_counts(chests[0]), _counts(chests[1])),
            to_move, opts["launch"], opts["hop"], opts["goal"],
        )

    # ----- the protocol --------------------------------------------------------------------

    def to_move(self, state: SpikeState) -> int | None:
        return state.seat

    def legal_moves(self, state: SpikeState) -> list[str]:
        return list(self._cached_legal(state))

    def legal_set(self, state: SpikeState) -> frozenset[str]:
        if state.legal_frozen is None:
            object.__setattr__(state, "legal_frozen", frozenset(self._cached_legal(state)))
        return state.legal_frozen

    @staticmethod
    def _cached_legal(state: SpikeState) -> tuple[str, ...]:
        if state.legal is None:
            object.__setattr__(state, "legal", _legal(state))
        return state.legal

    def turn_plies(self, state: SpikeState) -> list[str]:
        return list(state.turn)

    def parse(self, state: SpikeState, text) -> str:
        if isinstance(text, str) and text in DECODE:
            return text
        return _write(_read(text))

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
                coins = _put(coins, action[2], seat + 1)
            else:
                chest = list(chests[seat])
                chest[(code & 3) - 1] += 1
                chests = (tuple(chest), chests[1]) if seat == 0 else (chests[0], tuple(chest))
            pieces = tuple(board)
            after: list[str] = []
            _launches(pieces, coins, stash, seat, state.hop, after)
            if after:
                if state.launch == "optional":
                    after.append("done")
                return SpikeState(
                    pieces, coins, stash, chests, seat, state.turn + (ply,), state.launch,
                    state.hop, state.goal, None, None, tuple(sorted(after)),
                )
        elif kind == LAUNCH:
            _, size, sq, facing = action
            pieces = _put(pieces, sq, piece_code(seat, size, facing))
            coins = _put(coins, sq, seat + 1)
            stash = _put(stash, size - 1, stash[size - 1] - 1)
        return self._end_turn(state, pieces, coins, stash, chests)

    @staticmethod
    def _end_turn(state, pieces, coins, stash, chests) -> SpikeState:
        mover = state.seat
        if _goal_met(state.goal, chests[mover]):
            return SpikeState(
                pieces, coins, stash, chests, None, (), state.launch, state.hop, state.goal,
                None, mover, (),
            )
        return _begin_turn(
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

    # ----- explanations --------------------------------------------------------------------

    def explain(self, state: SpikeState, ply: str) -> None:
        action = DECODE.get(ply) or _read(ply)
        kind = action[0]
        seat = state.seat
        optional = state.launch == "optional"
        if state.turn:
            if kind == LAUNCH:
                self._explain_launch(state, action)
            if optional:
                raise IllegalMove(
                    "you have moved this turn: launch a piece, or end the turn with done",
                    "launch-required",
                )
            raise IllegalMove("you must launch now (you have moved this turn)", "launch-required")
        if kind == DONE:
            if not optional:
                raise IllegalMove(
                    "done is only for games with launch=optional: a turn ends by itself",
                    "no-done",
                )
            raise IllegalMove("done ends a turn after a move: move or launch first", "no-done")
        if kind == PASS:
            raise IllegalMove(
                "you have a move or a launch: you may pass only when you have neither",
                "cannot-pass",
            )
        if kind == LAUNCH:
            self._explain_launch(state, action)
        src = action[1]
        code = state.pieces[src]
        if not code:
            raise IllegalMove(f"there is no piece on {CELLS[src]}", "no-piece")
        if piece_owner(code) != seat:
            raise IllegalMove(f"you don't control the piece on {CELLS[src]}", "not-yours")
        size, facing = piece_size(code), piece_facing(code)
        what = f"the {SIZE_NAMES[size - 1]} on {CELLS[src]}"
        path = RAYS[src][facing][:size]
        exits = len(path) < size
        if kind == MOVE:
            dst = action[2]
            if dst not in _ray(src, facing, 7):
                raise IllegalMove(
                    f"{what} faces {DIRECTIONS[facing]}: it can only move {DIRECTIONS[facing]}",
                    "wrong-direction",
                )
        if exits and facing != FORWARD[seat]:
            raise IllegalMove(
                f"{what} would leave the board across the {DIRECTIONS[facing]} edge "
                f"(pieces leave only across {SEAT_NAMES[1 - seat]}'s home edge)",
                "off-board",
            )
        if kind == MOVE and (exits or path[-1] != dst):
            hint = f": {CELLS[src]}-off takes it off the board" if exits else ""
            raise IllegalMove(
                f"a {SIZE_NAMES[size - 1]} must travel {size} square{'s' * (size > 1)}{hint}",
                "wrong-distance",
            )
        if kind == EXIT and not exits:
            raise IllegalMove(
                f"{what} lands on {CELLS[path[-1]]}: it does not reach the edge", "no-exit"
            )
        self._explain_blocked(state, path, exits, f"{what} is blocked")

    def _explain_launch(self, state: SpikeState, action: tuple) -> None:
        _, size, sq, _ = action
        seat = state.seat
        stash = state.stash
        if sum(stash) < 2:
            left = "only one piece is left" if sum(stash) else "no piece is left"
            raise IllegalMove(f"{left} in the stash: no launches", "stash")
        name = SIZE_NAMES[size - 1]
        if not stash[size - 1]:
            raise IllegalMove(f"no {name} is left in the stash", "stash")
        rank = LAUNCH_RANKS[seat][size - 1]
        if sq // 8 != rank:
            raise IllegalMove(
                f"a {name} launched by {SEAT_NAMES[seat]} lands on rank {rank + 1}",
                "wrong-rank",
            )
        path = LAUNCH_PATHS[seat][sq % 8][:size]
        self._explain_blocked(
            state, path, False, f"a {name} launched on the {FILES[sq % 8]}-file is blocked"
        )

    @staticmethod
    def _explain_blocked(state: SpikeState, path, exits: bool, blocked: str) -> None:
        own = state.seat + 1
        for i, sq in enumerate(path):
            landing = i == len(path) - 1 and not exits
            code, coin = state.pieces[sq], state.coins[sq]
            if not coin:
                continue
            if state.hop and not landing:
                if not code or code >> 4 == own:
                    continue
                raise IllegalMove(
                    f"{CELLS[sq]} holds a piece you don't control: {blocked}", "blocked"
                )
            holds = "holds a piece" if code else f"has a {COIN_NAMES[coin - 1]}"
            raise IllegalMove(f"{CELLS[sq]} {holds}: {blocked}", "blocked")

    # ----- serialisation -------------------------------------------------------------------

    def to_dict(self, state: SpikeState) -> dict:
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

    def from_dict(self, data: dict) -> SpikeState:
        """The state ``to_dict`` described. :raises ValueError: malformed data."""
        try:
            built = self.position(
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


def _index(cell) -> int:
    if not isinstance(cell, str) or cell.lower() not in INDEX:
        raise ValueError(f"there is no square {cell!r}")
    return INDEX[cell.lower()]


def _counts(value) -> tuple[int, int, int]:
    counts = tuple(value)
    if len(counts) != 3 or not all(isinstance(n, int) and 0 <= n <= 15 for n in counts):
        raise ValueError(f"{value!r} is not a (small, medium, large) count")
    return counts


def _put(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1 :]


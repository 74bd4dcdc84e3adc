"""Stawvs (Russ Williams), exactly as ``shared/rules/stawvs.md`` states it.

Squares are numbered file-major (``a1`` = 0, ``a2`` = 1, … ``h8`` = 63) so that numeric order
is the order of the square names: moves generated cap by cap, destination by destination and
claim by claim in ascending square order come out already sorted, with no string sort.

>>> from pbem.games import get_rules
>>> rules = get_rules("stawvs")
>>> state = rules.new_game(players=2, seed=7)
>>> len(rules.legal_moves(state)), rules.legal_moves(state)[:3]
(60, ['a2', 'a3', 'a4'])
>>> state = rules.play(state, " D4 ")
>>> rules.play(state, "d4")
Traceback (most recent call last):
...
pbem.games.base.IllegalMove: d4 is capped
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import compress

from .. import squares
from ..base import IllegalMove, InvalidOptions, Option, Rules, check_seat, squash

FILES = squares.LETTERS[:8]
#: Square names by square number (file-major, so sorted numbers give sorted names).
NAMES = squares.names(8, 8, file_major=True)
INDEX = squares.index(NAMES)

COLOURS = "PBGO"
COLOUR_NAMES = ("pink", "blue", "green", "orange")
SIZE_NAMES = ("small", "medium", "large")
#: Pyramid codes by the byte that stands for them on a board; 0 is a gap.
CODES = ("..",) + tuple(c + s for c in COLOURS for s in "123")
CODE_INDEX = {code: byte for byte, code in enumerate(CODES)}
GAP = 0

#: The squares in setup order (§1.4): rank 1 first, files a..h within a rank.
SETUP_ORDER = tuple(f * 8 + r for r in range(8) for f in range(8))
GAPS = {
    "corners": tuple(INDEX[s] for s in ("a1", "h1", "a8", "h8")),
    "center": tuple(INDEX[s] for s in ("d4", "e4", "d5", "e5")),
}
DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


def _ray(square: int, df: int, dr: int) -> tuple[int, ...]:
    f, r = divmod(square, 8)
    out = []
    while 0 <= f + df < 8 and 0 <= r + dr < 8:
        f, r = f + df, r + dr
        out.append(f * 8 + r)
    return tuple(out)


#: Per square, its non-empty rays (squares outward, nearest first).
RAYS = tuple(
    tuple(ray for ray in (_ray(sq, df, dr) for df, dr in DIRECTIONS) if ray) for sq in range(64)
)
#: ``PREFIXES[from][to]`` = ``"c3-f6/"``: a move string is its prefix plus the claim's name.
PREFIXES = tuple(tuple(f"{NAMES[a]}-{NAMES[b]}/" for b in range(64)) for a in range(64))

_PLY = re.compile(r"([a-h][1-8])(?:-([a-h][1-8])(?:/([a-h][1-8]))?)?")


def between(a: int, b: int) -> tuple[int, ...] | None:
    """The squares strictly between ``a`` and ``b``, or ``None`` if no line joins them."""
    fa, ra = divmod(a, 8)
    fb, rb = divmod(b, 8)
    df, dr = fb - fa, rb - ra
    if a == b or not (df == 0 or dr == 0 or abs(df) == abs(dr)):
        return None
    steps = max(abs(df), abs(dr))
    sf, sr = (df > 0) - (df < 0), (dr > 0) - (dr < 0)
    return tuple((fa + sf * i) * 8 + ra + sr * i for i in range(1, steps))


def board_text(board: bytes) -> str:
    """A board in layout-string form (§1.4): ranks 8 to 1 separated by ``/``, ``..`` = gap."""
    return "/".join("".join(CODES[board[f * 8 + r]] for f in range(8)) for r in reversed(range(8)))


def board_from_text(text: str) -> bytes:
    """The board a layout-string-form text describes (any case, spaces ignored).

    :raises ValueError: naming the rank or square that is wrong.
    """
    rows = re.sub(r"\s+", "", text).upper().split("/")
    if len(rows) != 8:
        raise ValueError(f"a layout has 8 ranks separated by '/', not {len(rows)}")
    board = bytearray(64)
    for row, r in zip(rows, reversed(range(8)), strict=True):
        if len(row) != 16:
            raise ValueError(
                f"rank {r + 1} must give 8 squares of two characters each "
                f"('..' or a colour PBGO and a size 1-3, e.g. P1), not {row!r}"
            )
        for f in range(8):
            code = row[2 * f : 2 * f + 2]
            if code not in CODE_INDEX:
                raise ValueError(
                    f"{FILES[f]}{r + 1} is {code!r}: write '..' for a gap or a colour PBGO "
                    "and a size 1-3, e.g. P1"
                )
            board[f * 8 + r] = CODE_INDEX[code]
    return bytes(board)


def parse_layout(text: str) -> str:
    """The canonical spelling of a layout option: 4 gaps and five of each pyramid.

    :raises ValueError: saying what is wrong.
    """
    board = board_from_text(text)
    if board.count(GAP) != 4:
        raise ValueError(f"a layout has exactly 4 gaps, not {board.count(GAP)}")
    for byte in range(1, len(CODES)):
        if board.count(byte) != 5:
            raise ValueError(f"a layout has five {CODES[byte]} pyramids, not {board.count(byte)}")
    return board_text(board)


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


@dataclass(frozen=True, slots=True)
class StawvsState:
    """A Stawvs position; immutable, ``==`` compares positions (never the move caches).

    ``board`` holds a pyramid byte per square number (see ``CODES``; 0 = gap). ``caps[s]`` are
    the squares of seat ``s``'s caps on the board, ascending; ``in_hand[s]`` the caps it has
    still to place (the mover is in the placement phase while it has one). ``collections[s]``
    are the pyramids it claimed, in order. ``out`` are the seats that passed (STAWVS-R1),
    ``resigned`` those that resigned (STAWVS-R8). ``to_move`` is ``None`` once the game is over.
    """

    board: bytes
    caps: tuple[tuple[int, ...], ...]
    in_hand: tuple[int, ...]
    collections: tuple[bytes, ...]
    to_move: int | None
    out: frozenset[int] = frozenset()
    resigned: frozenset[int] = frozenset()
    claims: str = "line"
    final_collect: bool = True
    moves_cache: tuple[str, ...] | None = field(default=None, compare=False, repr=False)
    move_set_cache: frozenset[str] | None = field(default=None, compare=False, repr=False)

    def open_squares(self) -> bytearray:
        """Per square, its pyramid byte if the square is open, else 0 (gap or capped)."""
        grid = bytearray(self.board)
        for seat_caps in self.caps:
            for square in seat_caps:
                grid[square] = 0
        return grid


def _replace(items: tuple, index: int, value) -> tuple:
    return items[:index] + (value,) + items[index + 1 :]


class StawvsRules(Rules):
    """Stawvs: move a cap like a queen over open pyramids, then claim one it can see."""

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

    # ----- setup and building positions ------------------------------------------------------

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

    def position(
        self,
        pyramids: Mapping[str, str],
        caps: Sequence[Iterable[str]],
        to_move: int = 0,
        *,
        claims: str = "line",
        final_collect: bool = True,
        in_hand: Sequence[int] | None = None,
        collections: Sequence[Iterable[str]] | None = None,
        out: Iterable[int] = (),
        resigned: Iterable[int] = (),
    ) -> StawvsState:
        """A position built directly (the worked examples of §7, puzzles, tests).

        ``pyramids`` maps squares to codes (``{"c3": "P2"}``); every other square is a gap.
        ``caps`` gives each seat's cap squares, so its length is the player count. ``in_hand``
        are the caps each seat has still to place (default none: the movement phase);
        ``collections`` the codes each seat has claimed.

        :raises ValueError: a bad square or code, or a cap off a pyramid or on another cap.
        """
        grid = bytearray(64)
        for square, code in pyramids.items():
            grid[INDEX[square.lower()]] = CODE_INDEX[code.upper()]
        cap_squares = tuple(tuple(sorted(INDEX[s.lower()] for s in seat)) for seat in caps)
        placed = [s for seat in cap_squares for s in seat]
        if len(set(placed)) != len(placed) or not all(grid[s] for s in placed):
            raise ValueError("every cap must stand alone on a pyramid")
        players = len(cap_squares)
        claimed = collections if collections is not None else [()] * players
        return StawvsState(
            board=bytes(grid),
            caps=cap_squares,
            in_hand=tuple(in_hand) if in_hand is not None else (0,) * players,
            collections=tuple(bytes(CODE_INDEX[c.upper()] for c in seat) for seat in claimed),
            to_move=to_move,
            out=frozenset(out),
            resigned=frozenset(resigned),
            claims=claims,
            final_collect=final_collect,
        )

    def layout(self, state: StawvsState) -> str:
        """The board as a layout string; a fresh game's is a valid ``layout`` option."""
        return board_text(state.board)

    # ----- moves ---------------------------------------------------------------------------

    def to_move(self, state: StawvsState) -> int | None:
        return state.to_move

    def legal_moves(self, state: StawvsState) -> list[str]:
        moves = state.moves_cache
        if moves is None:
            moves = _generate(state)
            object.__setattr__(state, "moves_cache", moves)
        return list(moves)

    def legal_set(self, state: StawvsState) -> frozenset[str]:
        moves = state.move_set_cache
        if moves is None:
            moves = frozenset(self.legal_moves(state))
            object.__setattr__(state, "move_set_cache", moves)
        return moves

    def parse(self, state: StawvsState, text: str) -> str:
        """Lower case, no spaces, ``/`` for ``,``; ``from-to`` means ``from-to/from`` with
        ``claims=vacated``. :raises IllegalMove: code ``syntax``."""
        if isinstance(text, str) and text in self.legal_set(state):
            return text  # already canonical: the common case when a page or bot moves
        ply = squash(text).lower().replace(",", "/")
        if ply == "pass":
            return ply
        match = _PLY.fullmatch(ply)
        if match is None:
            raise IllegalMove(
                f"{text!r} is not a Stawvs move: name a square to place a cap (d4), "
                "write from-to/claim to move a cap (c3-f6/e5), or pass",
                "syntax",
            )
        origin, target, claim = match.groups()
        if target and not claim:
            if state.claims != "vacated":
                raise IllegalMove(
                    f"{ply} does not say which pyramid to claim: write {ply}/<square>", "syntax"
                )
            ply = f"{ply}/{origin}"
        return ply

    def explain(self, state: StawvsState, ply: str) -> None:
        seat = state.to_move
        placing = state.in_hand[seat] > 0
        if ply == "pass":
            if placing:
                raise IllegalMove("you cannot pass while placing caps", "no-pass")
            raise IllegalMove("you have a legal move, so you cannot pass", "no-pass")
        if seat in state.out:
            raise IllegalMove("you are out of the game and must pass", "out")
        example = self.legal_moves(state)[0]
        if placing:
            if len(ply) != 2:
                raise IllegalMove(
                    f"place your caps first: name an open square, e.g. {example}",
                    "placement-phase",
                )
            _check_open(state, INDEX[ply], state.caps)
            return
        if example == "pass":
            raise IllegalMove("you have no legal move and must pass", "must-pass")
        if len(ply) == 2:
            raise IllegalMove(
                f"your caps are all placed: move one as from-to/claim, e.g. {example}",
                "movement-phase",
            )
        origin, target, claim = INDEX[ply[:2]], INDEX[ply[3:5]], INDEX[ply[6:]]
        if origin not in state.caps[seat]:
            raise IllegalMove(f"you have no cap on {NAMES[origin]}", "no-cap")
        if origin == target:
            raise IllegalMove("a cap must move to another square", "no-move")
        _check_line(state, origin, target, state.caps)
        if state.claims == "vacated" and claim != origin:
            raise IllegalMove(
                f"with claims=vacated you claim the square you left: "
                f"{PREFIXES[origin][target]}{NAMES[origin]}",
                "claim-not-vacated",
            )
        if claim == target:
            raise IllegalMove(
                f"you cannot claim {NAMES[target]}: your cap has just moved there",
                "claim-own-square",
            )
        moved = tuple(
            tuple(target if s == origin else s for s in seat_caps) for seat_caps in state.caps
        )
        _check_line(state, target, claim, moved)

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
            caps = _replace(caps, seat, tuple(sorted(caps[seat] + (INDEX[ply],))))
            in_hand = _replace(in_hand, seat, in_hand[seat] - 1)
        else:
            origin, target, claim = INDEX[ply[:2]], INDEX[ply[3:5]], INDEX[ply[6:]]
            mine = tuple(sorted(target if s == origin else s for s in caps[seat]))
            caps = _replace(caps, seat, mine)
            collections = _replace(collections, seat, collections[seat] + board[claim : claim + 1])
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

    def winners(self, state: StawvsState) -> list[int]:
        """STAWVS-R6: every top scorer among the seats that did not resign."""
        if state.to_move is None:
            scores = self.scores(state)
            left = [s for s in range(len(scores)) if s not in state.resigned]
            best = max(scores[s] for s in left)
            return [s for s in left if scores[s] == best]
        return []

    def to_dict(self, state: StawvsState) -> dict:
        return {
            "board": board_text(state.board),
            "caps": [[NAMES[s] for s in seat] for seat in state.caps],
            "in_hand": list(state.in_hand),
            "collections": ["".join(CODES[c] for c in seat) for seat in state.collections],
            "to_move": state.to_move,
            "out": sorted(state.out),
            "resigned": sorted(state.resigned),
            "claims": state.claims,
            "final_collect": state.final_collect,
        }

    def from_dict(self, data: dict) -> StawvsState:
        return StawvsState(
            board=board_from_text(data["board"]),
            caps=tuple(tuple(INDEX[s] for s in seat) for seat in data["caps"]),
            in_hand=tuple(data["in_hand"]),
            collections=tuple(
                bytes(CODE_INDEX[seat[i : i + 2]] for i in range(0, len(seat), 2))
                for seat in data["collections"]
            ),
            to_move=data["to_move"],
            out=frozenset(data["out"]),
            resigned=frozenset(data["resigned"]),
            claims=data["claims"],
            final_collect=data["final_collect"],
        )


def _next_seat(state: StawvsState, seat: int, resigned: frozenset[int] | None = None) -> int:
    """The next seat in turn order that has not resigned (resigned seats are skipped)."""
    skip = state.resigned if resigned is None else resigned
    players = len(state.caps)
    return next(
        (seat + step) % players
        for step in range(1, players + 1)
        if (seat + step) % players not in skip
    )


def _generate(state: StawvsState) -> tuple[str, ...]:
    """Every legal ply, sorted: squares are visited in ascending (= name) order throughout.

    The hot path of random playouts. Plain loops over the precomputed rays beat
    ``itertools.takewhile`` here (rays are short), so the scan is written out twice.
    """
    seat = state.to_move
    if seat is None:
        return ()
    if seat in state.out:
        return ("pass",)
    grid = state.open_squares()
    if state.in_hand[seat]:
        return tuple(compress(NAMES, grid))
    names, rays = NAMES, RAYS
    moves: list[str] = []
    vacated = state.claims == "vacated"
    for origin in state.caps[seat]:
        targets: list[int] = []
        add = targets.append
        for ray in rays[origin]:
            for square in ray:
                if grid[square]:
                    add(square)
                else:
                    break
        targets.sort()
        prefixes = PREFIXES[origin]
        if vacated:
            name = names[origin]
            moves += [prefixes[target] + name for target in targets]
            continue
        grid[origin] = 1  # the square just left is open for the claim (STAWVS-R3)
        for target in targets:
            claims: list[int] = []
            add = claims.append
            for ray in rays[target]:
                for square in ray:
                    if grid[square]:
                        add(square)
                    else:
                        break
            claims.sort()
            prefix = prefixes[target]
            moves += [prefix + names[claim] for claim in claims]
        grid[origin] = 0
    return tuple(moves) if moves else ("pass",)


def _check_open(state: StawvsState, square: int, caps: tuple[tuple[int, ...], ...]) -> None:
    """Refuse a square that is a gap or capped (with ``caps`` as the caps stand)."""
    if not state.board[square]:
        raise IllegalMove(f"{NAMES[square]} is a gap", "gap")
    if any(square in seat_caps for seat_caps in caps):
        raise IllegalMove(f"{NAMES[square]} is capped", "capped")


def _check_line(state: StawvsState, start: int, end: int, caps) -> None:
    """Refuse ``end`` unless it is visible from ``start`` with ``caps`` on the board."""
    path = between(start, end)
    if path is None:
        raise IllegalMove(
            f"{NAMES[end]} is not in a straight line from {NAMES[start]}", "not-a-line"
        )
    _check_open(state, end, caps)
    for square in path:
        try:
            _check_open(state, square, caps)
        except IllegalMove as exc:
            what = "gap" if exc.code == "gap" else "cap"
            raise IllegalMove(
                f"the {what} on {NAMES[square]} blocks the line from "
                f"{NAMES[start]} to {NAMES[end]}",
                "blocked",
            ) from None

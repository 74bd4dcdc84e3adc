"""An exact solver for Spike's endgame: once the stash holds fewer than two pieces nobody can
launch again, every turn is a single move, and the rest of the game is small enough to search
to the end with alpha-beta. A search by playouts misplays these endgames often (it turns won
ones into draws, drawn ones into losses), so a strong bot looks the answer up instead.

Only the default rules are solved (no ``hop``, ``goal=exhaust``; ``launch`` does not matter once
nobody can launch). The solver works on its own compact form of a position, because a piece
that cannot move now can never move again (coins only ever accumulate, and each piece stands on
its own coin): such a piece is only its coin, so a position is the coin set, the pieces that can
still move, the chests' difference and the seat to move. For the same reason a piece's four
facings after a landing are one choice whenever they leave it stuck; only the facings from
which it can move again are told apart.
"""

from __future__ import annotations

from bisect import bisect_left, insort

from pbem.games import engine

from ..clock import cpu_clock

FORWARD, RAYS = engine("spike").FORWARD, engine("spike").RAYS  # the game's hook for bots

#: Solver values, for the seat to move.
WIN, DRAW, LOSS = 1, 0, -1
#: The bounds of a position not searched yet.
UNKNOWN = (LOSS, WIN)


class OutOfNodes(Exception):
    """The position needs more nodes than the solver was given."""


def _piece(sq: int, facing: int, size: int, seat: int) -> int:
    """A piece as the solver holds it: one small int, which indexes the tables below."""
    return sq | facing << 6 | size << 8 | seat << 10


#: The second seat's pieces are this and above, the first seat's below.
SECOND = _piece(0, 0, 0, 1)


#: A mask with every square: the blockers of a piece that can never move.
EVERY_SQUARE = (1 << 64) - 1


def _tables() -> tuple[list[int], list[int]]:
    """For every piece (as ``_piece`` numbers them): the squares that must be coin-free for
    it to move (``EVERY_SQUARE`` if it never can: it faces a side edge or its own, too close
    to leave by it), and where it lands (-1 for an exit)."""
    blockers, targets = [EVERY_SQUARE] * 2048, [-1] * 2048
    for sq in range(64):
        for facing in range(4):
            for size in (1, 2, 3):
                path = RAYS[sq][facing][:size]
                for seat in (0, 1):
                    piece = _piece(sq, facing, size, seat)
                    if len(path) == size:
                        targets[piece] = path[-1]
                    elif facing != FORWARD[seat]:
                        continue
                    blockers[piece] = sum(1 << s for s in path)
    return blockers, targets


# Plain lists indexed by the piece, so the inner loops make no calls.
BLOCKERS, TARGETS = _tables()


def compact(state) -> tuple:
    """The solver's form of a Spike state: (coins as a bit set, the pieces that can move as a
    sorted tuple of ints, chest count difference P1 − P2, chest pip difference P1 − P2)."""
    coins = sum(1 << sq for sq, coin in enumerate(state.coins) if coin)
    pieces = []
    for sq, code in enumerate(state.pieces):
        if code:
            piece = _piece(sq, (code >> 2) & 3, code & 3, (code >> 4) - 1)
            if not BLOCKERS[piece] & coins:
                pieces.append(piece)
    first, second = state.chests
    count = sum(first) - sum(second)
    pips = sum((size + 1) * (a - b) for size, (a, b) in enumerate(zip(first, second, strict=True)))
    return coins, tuple(sorted(pieces)), count, pips


class Solver:
    """Alpha-beta over compact positions with a table of the bounds found, stopping with
    ``OutOfNodes`` after ``nodes`` positions searched (a fixed amount of work, so the answer
    does not depend on the machine) or at ``deadline`` (a ``cpu_clock()`` value), if
    one is given and comes first."""

    def __init__(self, nodes: int, deadline: float | None = None):
        self.nodes_left = nodes
        self.deadline = deadline
        self.table: dict = {}

    def value(self, position: tuple, seat: int, alpha: int = LOSS, beta: int = WIN) -> int:
        """The result with best play for ``seat``, to move in the compact ``position``.

        The hot loop of the solver, written for speed: a position's pieces are sorted, so
        the first seat's (below ``SECOND``) come first, and whether a seat has one is a
        look at one end."""
        coins, pieces, count, pips = position
        key = (position, seat)
        low, high = self.table.get(key, UNKNOWN)
        if low == high or low >= beta:
            return low
        if high <= alpha:
            return high
        if low > alpha:
            alpha = low
        if high < beta:
            beta = high
        if not pieces:  # nobody can act: the game is over
            result = WIN if count > 0 or count == 0 and pips < 0 else (
                DRAW if count == 0 and pips == 0 else LOSS)
            return result if seat == 0 else -result
        if pieces[0] >= SECOND if seat == 0 else pieces[-1] < SECOND:  # a pass
            return -self.value(position, 1 - seat, -beta, -alpha)
        self.nodes_left -= 1
        if self.nodes_left < 0 or (self.deadline is not None and not self.nodes_left % 4096
                                   and cpu_clock() >= self.deadline):
            raise OutOfNodes
        floor, best = alpha, LOSS - 1
        for child in _children(position, seat):
            found = -self.value(child, 1 - seat, -beta, -alpha)
            if found > best:
                best = found
                if found > alpha:
                    alpha = found
                    if alpha >= beta:
                        break
        if best <= floor:
            self.table[key] = (low, best)
        elif best >= beta:
            self.table[key] = (best, high)
        else:
            self.table[key] = (best, best)
        return best


def _children(position: tuple, seat: int):
    """The positions after each distinct move of ``seat``, exits first (they are the
    likeliest good moves, which makes the cut-offs come early)."""
    coins, pieces, count, pips = position
    sign = 1 if seat == 0 else -1
    split = bisect_left(pieces, SECOND)
    own = pieces[:split] if seat == 0 else pieces[split:]
    moves = []
    for piece in own:
        if TARGETS[piece] < 0:
            rest = tuple(other for other in pieces if other != piece)
            yield coins, rest, count + sign, pips + sign * ((piece >> 8) & 3)
        else:
            moves.append(piece)
    for piece in moves:
        target = TARGETS[piece]
        after = coins | 1 << target
        rest = [other for other in pieces if other != piece and not BLOCKERS[other] & after]
        landed = target | piece & 0b11100000000  # keeps size and seat
        stuck_tried = False
        for facing in range(4):
            turned = landed | facing << 6
            if not BLOCKERS[turned] & after:
                placed = rest.copy()
                insort(placed, turned)
                yield after, tuple(placed), count, pips
            elif not stuck_tried:  # every stuck facing is the same position
                stuck_tried = True
                yield after, tuple(rest), count, pips


def solvable(state) -> bool:
    """Whether the solver applies: default rules, a turn starting, nobody able to launch."""
    return (
        state.seat is not None and not state.hop and state.goal == "exhaust"
        and not state.turn and sum(state.stash) < 2
    )


def best_plies(rules, state, nodes: int, deadline: float | None = None) -> list[str] | None:
    """The plies of ``state`` that keep its best result with best play on both sides, in the
    rules' order; only the first one if that result is a win (nothing is left to choose), and
    the only legal ply as it is.
    ``None`` if the position is not ``solvable`` or needs more than ``nodes`` positions, or
    if every ply loses (then a search may still find the one most likely to be misplayed);
    also ``None`` at ``deadline``, as for ``Solver``."""
    if not solvable(state):
        return None
    plies = rules.legal_moves(state)
    if len(plies) == 1:
        return plies
    solver = Solver(nodes, deadline)
    values = {}
    try:
        for ply in plies:
            after = rules.play(state, ply)
            if after.seat is None:
                winners = rules.winners(after)
                found = DRAW if len(winners) == 2 else (WIN if winners == [state.seat] else LOSS)
            else:
                found = solver.value(compact(after), after.seat)
                found = found if after.seat == state.seat else -found
            if found == WIN:
                return [ply]
            values[ply] = found
    except OutOfNodes:
        return None
    best = max(values.values())
    return None if best == LOSS else [ply for ply, found in values.items() if found == best]

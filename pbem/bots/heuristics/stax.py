"""Stax: the game is decided by tactics around the kings (a seat that can land on its target's
king wins at once), random games rarely end, and a ply is expensive (superko, connectivity and
step checks). So the search sees the game through one question, asked cheaply of a board:
*which seat attacks which king* — a tile with a free side whose ray reaches the king, or a king
next to it (``attacked``; it checks that the table stays whole, and like the rules' placement
restriction STAX-R5 it ignores the step and superko checks, which rarely save a king).

- The tree tries captures first and leaves out, while any other ply is left, the plies after
  which the seat whose target we are attacks our king (they would lose at once).
- Playouts are short and play like a cautious player: capture when possible, parry an attack
  (the first safe ply in a random order: checking every ply of a full table for safety was a
  fifth of the cost of a late level-3 move),
  otherwise any ply that does not hand the king over, often one that attacks the target's king.
- A cut-off position is scored by who attacks whom (the seat to move capturing next is nearly
  a win; one under attack is in trouble) and otherwise by mobile material: the seats' free top
  tiles and their pointers, tiles in hand counting a little.

The position is read from the state's board and the game's own geometry (its documented hook,
``pbem.games.engine("stax")``) rather than from ``to_dict``, which writes out the whole
history; plies still come only from ``legal_moves``.
"""

from __future__ import annotations

from pbem.games import engine

from .base import Heuristics, margin_shares

_stax = engine("stax")  # the game's documented hook for bots
split_labels, decode, view = _stax.split_labels, _stax.decode, _stax.view
next_seat, previous_seat = _stax.next_seat, _stax.previous_seat
KING, STEPS, TYPES = _stax.KING, _stax.STEPS, _stax.TYPES
direction_between, format_cell = _stax.direction_between, _stax.format_cell

#: How many random plies a playout tries before settling for one that exposes its king.
SAFE_TRIES = 6
#: How many plies a playout samples looking for one that attacks the target's king.
ATTACK_TRIES = 3
#: A cut-off's share for the seat to move when it can capture next, and when it is attacked.
CAPTURE_SHARE, ATTACKED_SHARE = 0.9, 0.3
#: Worth of a free top tile, of each of its pointers, and of a tile in hand.
FREE_TILE, POINTER, IN_HAND = 1.0, 0.15, 0.3


class StaxHeuristics(Heuristics):
    slug = "stax"
    depth = 6
    scale = 3.0
    playout_factor = 0.3  # a ply costs a millisecond or so mid-game
    widening = 2.0  # hundreds of placements each: see Heuristics.widening

    def policy(self, rules, state, rng):
        def pick(state, moves):
            tactics = Tactics(state)
            captures = tactics.captures(moves)
            if captures:
                return captures[rng.randrange(len(captures))]
            if tactics.attacked_now():
                return _parry(tactics, moves, rng)
            move = None
            for _ in range(SAFE_TRIES):
                move = moves[rng.randrange(len(moves))]
                if tactics.safe(move):
                    break
            for _ in range(ATTACK_TRIES):
                other = moves[rng.randrange(len(moves))]
                if tactics.attacks(other) and tactics.safe(other):
                    return other
            return move

        return pick

    def order(self, rules, state, moves, rng):
        """Captures first, then the plies that keep the king safe in a random order (the
        others only when every ply exposes the king)."""
        tactics = Tactics(state)
        captures = tactics.captures(moves)
        if captures:
            return captures
        ordered = super().order(rules, state, moves, rng)
        safe = [move for move in ordered if tactics.safe(move)]
        return safe or ordered

    def evaluate(self, rules, state):
        tactics = Tactics(state)
        seats, mover = state.players, tactics.seat
        if tactics.attacks_target():
            return _lead(seats, mover, CAPTURE_SHARE)
        if tactics.attacked_now():
            return _lead(seats, mover, ATTACKED_SHARE)
        return margin_shares(material(state), self.scale)


def _parry(tactics, moves: list[str], rng) -> str:
    """A ply chosen uniformly among those that keep the king safe (any ply if none does):
    the first safe one in a random order, so that a parry found early spares checking the
    hundreds of plies of a full table."""
    for index in rng.sample(range(len(moves)), len(moves)):
        if tactics.safe(moves[index]):
            return moves[index]
    return moves[rng.randrange(len(moves))]


def _lead(seats: int, seat: int, share: float) -> list[float]:
    """``share`` for ``seat``, the rest split evenly between the others."""
    rest = (1 - share) / (seats - 1)
    return [share if other == seat else rest for other in range(seats)]


def material(state) -> list[float]:
    """Each seat's mobile material: its top tiles with a free side, their pointers, and (a
    little) its tiles in hand. Counted in integers first, so the sum does not depend on the
    order the board's cells come in (a state built by play and one loaded from its record
    keep their cells in different orders)."""
    v = view(state)
    heights = v.heights
    free, pointers = [0] * state.players, [0] * state.players
    for c, (owner, mask) in v.tops.items():
        if _free(heights, c):
            free[owner] += 1
            pointers[owner] += bin(mask).count("1")
    return [
        FREE_TILE * free[seat]
        + POINTER * pointers[seat]
        + IN_HAND * (len(TYPES) - bin(state.placed[seat]).count("1"))
        for seat in range(state.players)
    ]


class Tactics:
    """The attacks around the kings in one position, for the seat to move."""

    __slots__ = ("state", "seat", "target", "enemy", "tops", "heights", "kings", "_safe")

    def __init__(self, state):
        v = view(state)
        self.state = state
        self.seat = state.turn
        self.target = next_seat(state, self.seat)
        self.enemy = previous_seat(state, self.seat)  # the seat whose target we are
        self.tops, self.heights, self.kings = v.tops, v.heights, v.kings
        self._safe: dict[tuple, bool] = {}

    def captures(self, moves: list[str]) -> list[str]:
        """The listed plies that land on the target's king (listed, they are captures).
        Most positions have none, so one substring search rules that out first."""
        king = self.kings.get(self.target)
        if king is None or not self.attacks_target():
            return []
        cell = format_cell(king)
        text = "\n".join(moves) + "\n"
        if f">{cell}=" not in text and f">{cell}\n" not in text:
            return []
        return [move for move in moves if ">" in move and _landing(move) == cell]

    def attacks_target(self) -> bool:
        """Whether we could land on our target's king now."""
        king = self.kings.get(self.target)
        return (
            king is not None
            and self.seat in self.kings  # tiles move only once their king is placed
            and attacked(self.tops, self.heights, king, self.seat)
        )

    def attacked_now(self) -> bool:
        """Whether the seat whose target we are could land on our king now."""
        king = self.kings.get(self.seat)
        return (
            king is not None
            and self.enemy in self.kings
            and attacked(self.tops, self.heights, king, self.enemy)
        )

    def safe(self, move: str) -> bool:
        """Whether after ``move`` the seat whose target we are could not land on our king.

        Plies that differ only in pointers no ray to our king runs over (most placements on
        one cell, most orientations of one landing) have one answer, found once."""
        if self.enemy not in self.kings or (self.seat not in self.kings and move[:2] != "K@"):
            return True
        action = decode(move)
        if action[0] == "place":
            key = (action[2], self._relevant(action[2], action[1]))
        else:
            key = (action[1], action[2], self._relevant(action[2], action[3]))
        found = self._safe.get(key)
        if found is None:
            tops, heights, king = self._after(action)
            found = self._safe[key] = king is None or not attacked(tops, heights, king, self.enemy)
        return found

    def _relevant(self, c: int, mask: int | None) -> int:
        """What of a tile put on ``c`` with pointers ``mask`` can matter to our king's safety:
        a king (ours, moving) all of it, else the one pointer along which a ray towards our
        king would run over ``c``, if ``c`` lies on such a line."""
        king = self.kings.get(self.seat)
        if mask is None or mask == KING or king is None:
            return -1 if mask is None else -2 - mask
        line = direction_between(c, king)
        return 64 if line is None else mask & 1 << line[0]

    def attacks(self, move: str) -> bool:
        """Whether after ``move`` we could land on our target's king."""
        king = self.kings.get(self.target)
        if king is None:
            return False
        tops, heights, own = self._after(decode(move))
        return own is not None and attacked(tops, heights, king, self.seat)

    def _after(self, action: tuple):
        """The tops and heights after the decoded ply ``action``, and where our king then
        stands."""
        tops, heights = dict(self.tops), dict(self.heights)
        king = self.kings.get(self.seat)
        if action[0] == "place":
            _, mask, c = action
            tops[c], heights[c] = (self.seat, mask), 1
            return tops, heights, c if mask == KING else king
        _, src, dst, final = action
        tile = tops[src]
        if heights[src] == 1:
            del tops[src], heights[src]
        else:
            heights[src] -= 1
            tops[src] = self.state.board[src][-2]
        under = tops.get(dst)
        if under is None or under[1] != KING:
            heights[dst] = heights.get(dst, 0) + 1
        tops[dst] = (self.seat, tile[1] if final is None else final)
        return tops, heights, dst if src == king else king


def attacked(tops, heights, king: int, by: int) -> bool:
    """Whether a tile of seat ``by`` could land on ``king``: a king of ``by`` next to it, or a
    tile with a free side whose ray reaches it (a ray runs over stacks whose top points its
    way and across empty cells that touch a tile other than the moving one)."""
    for d in range(6):
        step = STEPS[d]
        toward = 1 << ((d + 3) % 6)  # the ray from an attacker out there runs back to the king
        x, first, lone = king + step, True, False
        while True:
            top = tops.get(x)
            if top is None:
                lone = not _touching(tops, x, x + step)
                if lone and x + step not in tops:
                    break  # an isolated cell: no ray crosses it
            else:
                owner, mask = top
                if (
                    owner == by
                    and (mask & toward or (first and mask == KING))
                    and (not lone or heights[x] > 1)  # else its leaving isolates the cell
                    and _free(heights, x)
                    and _stays_whole(tops, heights, x)
                ):
                    return True
                if not mask & toward:
                    break
                lone = False
            x += step
            first = False
    return False


def _stays_whole(tops, heights, c: int) -> bool:
    """Whether the table stays in one group when the top tile of ``c`` leaves (for a
    capture, which lands on an occupied cell and so cannot join groups)."""
    if heights[c] > 1:
        return True
    rest = dict(tops)
    del rest[c]
    return split_labels(rest, c)[1] == 1


def _touching(tops, c: int, besides: int) -> bool:
    """Whether the empty cell ``c`` touches a stack other than the one on ``besides``."""
    for st in STEPS:
        n = c + st
        if n != besides and n in tops:
            return True
    return False


def _free(heights, c: int) -> bool:
    """A free side (STAX-R7): some neighbour lower than the stack on ``c``."""
    h = heights[c]
    get = heights.get
    return any(get(c + st, 0) < h for st in STEPS)


def _landing(move: str) -> str:
    """The landing cell of a movement ply (``q,r>q,r[=dirset]``)."""
    return move.partition(">")[2].partition("=")[0]


HEURISTICS = StaxHeuristics()

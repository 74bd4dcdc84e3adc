"""Stax: a ply is expensive (its superko, connectivity and step checks) and random games rarely
end, so playouts are short and do what decides the game: a seat that can land on its target's
king does (it wins). Which moves capture is read from the notation by following the kings
through the playout (a king is placed as ``K@q,r`` and is always the top tile of its stack, so
a move from a king's cell moves that king); the search tries captures first, too."""

from __future__ import annotations

from .base import Heuristics

#: The pointer set of the king (it points nowhere), in ``to_dict``'s stacks.
KING_MASK = 0


class StaxHeuristics(Heuristics):
    slug = "stax"
    depth = 8
    playout_factor = 0.3  # a ply costs a few milliseconds mid-game

    def policy(self, rules, state, rng):
        kings = kings_of(rules, state)

        def pick(state, moves):
            seat = rules.to_move(state)
            choices = _capturing(moves, kings, seat) or moves
            move = choices[rng.randrange(len(choices))]
            _follow(move, kings, seat)
            return move

        return pick

    def order(self, rules, state, moves, rng):
        """Captures first, then the rest in a random order."""
        kings, seat = kings_of(rules, state), rules.to_move(state)
        captures = _capturing(moves, kings, seat)
        ordered = super().order(rules, state, moves, rng)
        return captures + [move for move in ordered if move not in captures]


def kings_of(rules, state) -> dict[int, str]:
    """The cell (``q,r``) of each seat's king on the table."""
    kings = {}
    for q, r, stack in rules.to_dict(state)["board"]:
        owner, mask = stack[-2], stack[-1]
        if mask == KING_MASK:
            kings[owner] = f"{q},{r}"
    return kings


def _cells(move: str) -> tuple[str, str]:
    """The start and landing cells of a movement ply (``q,r>q,r[=dirset]``)."""
    start, _, rest = move.partition(">")
    return start, rest.partition("=")[0]


def _capturing(moves: list[str], kings: dict[int, str], seat: int) -> list[str]:
    """The listed ``moves`` that land on another seat's king (listed, they are captures).

    Most positions have none, so one substring search over all the moves rules that out
    before any move is taken apart."""
    targets = {cell for owner, cell in kings.items() if owner != seat}
    text = "\n".join(moves) + "\n"
    if not any(f">{cell}=" in text or f">{cell}\n" in text for cell in targets):
        return []
    return [move for move in moves if ">" in move and _cells(move)[1] in targets]


def _follow(move: str, kings: dict[int, str], seat: int) -> None:
    """Update ``kings`` for ``move`` played by ``seat``."""
    if move.startswith("K@"):
        kings[seat] = move[2:]
    elif ">" in move:
        start, landing = _cells(move)
        if kings.get(seat) == start:
            kings[seat] = landing


HEURISTICS = StaxHeuristics()

"""The Stax rules object: the protocol of ``pbem.games.base.Rules`` for rules/stax.md.

>>> from pbem.games import get_rules
>>> rules = get_rules("stax")
>>> state = rules.new_game(players=2)
>>> len(rules.legal_moves(state)), rules.legal_moves(state)[:3]
(63, ['E+NE+NW@0,0', 'E+NE+SE@0,0', 'E+NE+SW@0,0'])
>>> state = rules.play(state, " nw + e @ (0, 0) ")
>>> rules.history(state)
[(0, 'E+NW@0,0')]
>>> rules.play(state, "Q@1,0")
Traceback (most recent call last):
...
pbem.games.base.IllegalMove: your first placement cannot be your queen
"""

from __future__ import annotations

import dataclasses

from ..base import IllegalMove, Rules, check_seat, squash
from .explain import explain
from .hashing import P, cell_factor, normalise, position_key, tile_term
from .movegen import has_action, plies
from .state import (
    RESIGN,
    Line,
    StaxState,
    View,
    decode,
    extend,
    next_seat,
    previous_seat,
    put,
    view,
)
from .tiles import (
    ALL_TYPES,
    DIRSET,
    KING,
    QUEEN,
    TYPE_OF,
    cell,
    coords,
    format_cell,
    parse_cell,
    parse_dirset,
    parse_position,
)

_KEY_HEX = 32  # a key is below 2**127


class StaxRules(Rules):
    """Stax for two or three players (rules/stax.md)."""

    slug = "stax"
    name = "Stax"
    player_counts = (2, 3)
    options = ()
    version = "1"

    # ----- setting up ----------------------------------------------------------------------

    def setup(self, players: int, options: dict, seed: int) -> StaxState:
        """The empty table; Stax has no random setup, so ``seed`` changes nothing."""
        return StaxState(
            players=players,
            board={},
            placed=(0,) * players,
            active=(True,) * players,
            turn=0,
            winner=None,
            line=Line(keys=(0,), boards=({},)),
            n_history=0,
            n_keys=1,
        )

    def position(self, text: str, players: int = 2, turn: int = 0, placed=None) -> StaxState:
        """A state built from the spec's position notation (§6), as the worked examples are.

        The superko set holds the empty table and this position. ``placed`` gives each seat's
        placed-type bits (``ALL_TYPES``: nothing in hand); a seat left out or given as None has
        placed exactly the types it has on the table.
        """
        board = parse_position(text)
        bits = [0] * players
        for stack in board.values():
            for owner, mask in stack:
                bits[owner] |= 1 << TYPE_OF[mask]
        given = tuple(placed or ()) + (None,) * players
        placed = tuple(bits[s] if given[s] is None else given[s] for s in range(players))
        state = StaxState(
            players=players,
            board=board,
            placed=tuple(placed),
            active=(True,) * players,
            turn=turn,
            winner=None,
            line=Line(keys=(0, position_key(board)), boards=({}, board)),
            n_history=0,
            n_keys=2,
            origin=dict(board),
        )
        return self._settle(state, previous_seat(state, turn))

    # ----- reading the state ---------------------------------------------------------------

    def to_move(self, state: StaxState) -> int | None:
        return None if state.winner is not None else state.turn

    def legal_moves(self, state: StaxState) -> list[str]:
        return list(self._legal(state))

    def legal_set(self, state: StaxState) -> frozenset[str]:
        found = state.cache.get("legal_set")
        if found is None:
            found = state.cache["legal_set"] = frozenset(self._legal(state))
        return found

    def _legal(self, state: StaxState) -> tuple[str, ...]:
        found = state.cache.get("legal")
        if found is None:
            found = () if state.winner is not None else tuple(sorted(plies(state)))
            state.cache["legal"] = found
        return found

    def scores(self, state: StaxState) -> list[int]:
        return [int(seat == state.winner) for seat in range(state.players)]

    def winners(self, state: StaxState) -> list[int]:
        return [] if state.winner is None else [state.winner]

    def history(self, state: StaxState) -> list[tuple[int, str]]:
        """The (seat, ply) entries played so far, resignations included."""
        return list(state.history)

    # ----- moves ---------------------------------------------------------------------------

    def parse(self, state: StaxState, text: str) -> str:
        """Canonical spelling (§6) of what a person typed; the move's ``=dirset`` is filled in
        from the tile on the start cell when omitted, and dropped for kings and queens.

        :raises IllegalMove: ``syntax`` when the text is not a ply.
        """
        typed = squash(text).upper()
        if "@" in typed:
            dirset, _, where = typed.partition("@")
            return f"{DIRSET[parse_dirset(dirset)]}@{format_cell(parse_cell(where))}"
        if ">" in typed:
            start, _, rest = typed.partition(">")
            end, has_set, dirset = rest.partition("=")
            src, dst = parse_cell(start), parse_cell(end)
            given = parse_dirset(dirset) if has_set else None
            move = f"{format_cell(src)}>{format_cell(dst)}"
            stack = state.board.get(src)
            if stack is not None and stack[-1][1] in (KING, QUEEN):
                return move if given in (None, stack[-1][1]) else f"{move}={DIRSET[given]}"
            if given is None and stack is not None:
                given = stack[-1][1]
            return move if given is None else f"{move}={DIRSET[given]}"
        raise IllegalMove(
            f"{text.strip()!r} is not a Stax move: place with pointers@q,r (E+NW@1,-1, K@0,1) "
            "or move with q,r>q,r=pointers (0,0>3,0=E+NW)",
            "syntax",
        )

    def is_legal(self, state: StaxState, ply: str) -> bool:
        """A ply that is legal without matching any earlier key is accepted from the
        unconfirmed list, so validating it never looks at the history; only a probable repeat
        (or an illegal ply) goes through the full, confirmed list."""
        return ply in self._sure(state) or ply in self.legal_set(state)

    def _sure(self, state: StaxState) -> frozenset[str]:
        """Plies known legal without confirming a key match: the legal set once it is listed,
        else the candidates that match no earlier key."""
        if "legal" in state.cache:
            return self.legal_set(state)
        found = state.cache.get("unmatched")
        if found is None:
            found = state.cache["unmatched"] = frozenset(plies(state, confirm=False))
        return found

    def explain(self, state: StaxState, ply: str) -> None:
        explain(state, ply)

    def apply(self, state: StaxState, ply: str) -> StaxState:
        seat = state.turn
        action = decode(ply)
        board = dict(state.board)
        captured = put(board, seat, action)
        placed = state.placed
        if action[0] == "place":
            placed = list(placed)
            placed[seat] |= 1 << TYPE_OF[action[1]]
            placed = tuple(placed)
        raw = _raw_after(view(state), seat, action, captured)
        key = normalise(raw, min(board))
        after = dataclasses.replace(
            state,
            board=board,
            placed=placed,
            turn=next_seat(state, seat),
            winner=seat if captured else None,
            line=extend(state, (seat, ply), key, board),
            n_history=state.n_history + 1,
            n_keys=state.n_keys + 1,
            # a legal ply always leaves the step rule kept (§3.2 item 5, §3.3 item 5)
            cache={"raw": raw, "steps_ok": True},
        )
        return self._settle(after, seat)

    def _settle(self, state: StaxState, previous: int) -> StaxState:
        """End the game if the player to move has no legal action (STAX-R3, R11):
        ``previous``, whose target they are, wins."""
        if state.winner is None and not has_action(state):
            return dataclasses.replace(state, winner=previous, cache={})
        return state

    def resign(self, state: StaxState, seat: int) -> StaxState:
        """Two players: the other wins. Three: the seat leaves, its tiles stay (STAX-R12)."""
        check_seat(self, state, seat, [s for s in range(state.players) if state.active[s]])
        active = tuple(on and s != seat for s, on in enumerate(state.active))
        placed = tuple(ALL_TYPES if s == seat else p for s, p in enumerate(state.placed))
        after = dataclasses.replace(
            state,
            active=active,
            placed=placed,
            line=extend(state, (seat, RESIGN)),
            n_history=state.n_history + 1,
            cache={},
        )
        left = [s for s in range(state.players) if active[s]]
        if len(left) == 1:
            return dataclasses.replace(after, winner=left[0])
        if state.turn == seat:
            after = dataclasses.replace(after, turn=next_seat(after, seat))
        return self._settle(after, previous_seat(after, after.turn))

    # ----- serialising ---------------------------------------------------------------------

    def to_dict(self, state: StaxState) -> dict:
        """JSON-safe: stacks as flat [owner, mask, …] lists, keys as one hex string."""
        return {
            "players": state.players,
            "board": _board_out(state.board),
            "placed": list(state.placed),
            "active": list(state.active),
            "turn": state.turn,
            "winner": state.winner,
            "history": [[seat, ply] for seat, ply in state.history],
            "keys": "".join(f"{key:0{_KEY_HEX}x}" for key in state.keys),
            "origin": _board_out(state.origin),
        }

    def from_dict(self, data: dict) -> StaxState:
        text = data["keys"]
        keys = [int(text[i : i + _KEY_HEX], 16) for i in range(0, len(text), _KEY_HEX)]
        history = [(seat, ply) for seat, ply in data["history"]]
        return StaxState(
            players=data["players"],
            board=_board_in(data["board"]),
            placed=tuple(data["placed"]),
            active=tuple(data["active"]),
            turn=data["turn"],
            winner=data["winner"],
            line=Line(history, keys),
            n_history=len(history),
            n_keys=len(keys),
            origin=_board_in(data["origin"]),
        )


def _raw_after(v: View, seat: int, action: tuple, captured: bool) -> int:
    """The hash polynomial after ``action``, from the one before: at most three terms change."""
    if action[0] == "place":
        _, mask, c = action
        return (v.raw + tile_term(0, seat, mask) * cell_factor(c)) % P
    _, s, land, final = action
    old = v.tops[s][1]
    below = v.heights.get(land, 0)
    raw = v.raw - tile_term(v.heights[s] - 1, seat, old) * cell_factor(s)
    if captured:
        below -= 1
        raw -= tile_term(below, v.tops[land][0], KING) * cell_factor(land)
    return (raw + tile_term(below, seat, old if final is None else final) * cell_factor(land)) % P


def _board_out(board) -> list:
    return [
        [*coords(c), [x for tile in stack for x in tile]] for c, stack in sorted(board.items())
    ]


def _board_in(rows) -> dict:
    return {
        cell(q, r): tuple((flat[i], flat[i + 1]) for i in range(0, len(flat), 2))
        for q, r, flat in rows
    }

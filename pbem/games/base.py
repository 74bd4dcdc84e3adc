"""The rule-module protocol shared by every game.

A rules object is stateless: every method takes a state and returns a new one. States are
immutable values with ``==``; ``to_dict``/``from_dict`` round-trip them exactly through JSON.
Nothing here imports anything but the standard library, so the rules can run anywhere.

Beside it: ``phrases`` (what a game says, keyed for the server to translate), ``refusals``
(``IllegalMove`` and the shared kinds of refusal), ``options`` (how a game declares its
variants) and ``notation`` (what every move parser shares).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from .notation import MAX_TURN_CHARS, check_length
from .options import InvalidOptions, Option, format_option_value, parse_options
from .phrases import Phrase
from .refusals import (
    ALREADY_OVER,
    GAME_ENDED_AFTER,
    GAME_ENDED_WITH,
    GAME_OVER,
    NO_MOVE,
    NOT_IN_GAME,
    NOT_LEGAL,
    REFUSALS,
    TURN_ENDED_AFTER,
    TURN_ENDED_WITH,
    TURN_TOO_LONG,
    IllegalMove,
    Refusal,
    in_step,
)

#: The protocol's surface: the rules object and the types its users meet (the refusal, the
#: options), so code outside ``pbem.games`` imports them from one place.
__all__ = [
    "END_REASONS",
    "IllegalMove",
    "InvalidOptions",
    "Option",
    "Phrase",
    "Refusal",
    "Rules",
    "UnknownGame",
    "check_seat",
    "format_option_value",
    "ply_cache",
    "replaced",
]


class UnknownGame(KeyError):
    """``get_rules`` was asked for a slug no game has."""

    def __str__(self) -> str:  # KeyError would repr() the message
        return str(self.args[0])


#: Why a game is over, as :meth:`Rules.end_reason` says it (stable codes, for programs; the
#: server words them in the reader's language, outside ``pbem.games``):
#:
#: - ``king-captured``: a king was captured (Stax, STAX-R2).
#: - ``no-moves``: the player to move has no legal action (Stax, STAX-R3/R11: the player whose
#:   target they are wins); no stacking move is left (Pylon, PYLON-R3); neither player has an
#:   action (Spike, SPIKE-R7).
#: - ``all-out``: every player still in has passed out (Stawvs, §4).
#: - ``goal-five``, ``goal-trio``: a chest reached the goal option's five pieces, or one of
#:   each size (Spike's ``goal``).
#: - ``two-of-each``: a holding area holds two pieces of each size (Triumvirate, R13).
#: - ``quiet-limit``: ``quiet_limit`` turns in a row without a capture: a draw
#:   (Triumvirate, R14).
#: - ``last-in``: every other seat resigned (or timed out, or forfeited): the shared
#:   convention of rules/README.md.
END_REASONS = ("king-captured", "no-moves", "all-out", "goal-five", "goal-trio", "two-of-each",
               "quiet-limit", "last-in")


class Rules:
    """Base class of every game's rules object; subclasses fill in the game.

    The protocol (see ``shared/DESIGN.md``)::

        rules.slug, rules.name, rules.player_counts, rules.options, rules.version
        state = rules.new_game(players=2, options={}, seed=7)
        rules.to_move(state)        # 0-based seat, or None when the game is over
        rules.legal_moves(state)    # sorted canonical plies
        rules.play(state, text)     # new state, or IllegalMove
        rules.resign(state, seat)
        rules.turn_plies(state)     # plies already made in the turn in progress
        rules.is_over / scores / winners
        rules.end_reason(state)     # why it is over, a code of END_REASONS; None while it goes on
        rules.phrases, rules.vocabulary, rules.end_reasons   # for translating them
        rules.refusals              # those of its phrases that play may raise
        rules.to_dict / from_dict
        rules.to_stored / from_stored   # as a game's record keeps it: a snapshot, a grown part
        rules.agreed_end_scored     # a game ended by agreement: drawn, or scored as it stands
    """

    slug: ClassVar[str]
    name: ClassVar[str]
    player_counts: ClassVar[tuple[int, ...]]
    options: ClassVar[tuple[Option, ...]] = ()
    version: ClassVar[str] = "1"
    #: True for games whose turns have several plies (Spike, Triumvirate).
    multi_ply_turns: ClassVar[bool] = False
    #: How a game the players agree to end is scored: as a draw (the server's default, and
    #: Stax's and Triumvirate's rule), or, when True, as the position stands (Pylon).
    agreed_end_scored: ClassVar[bool] = False
    #: Every phrase the game says, each a key the server translates: its refusals (the shared
    #: ones first) and its board's words; and its vocabulary, the words their parameters may
    #: hold (sizes, directions, colours …), translated too.
    phrases: ClassVar[tuple[Phrase, ...]] = REFUSALS
    vocabulary: ClassVar[tuple[str, ...]] = ()
    #: The codes of :data:`END_REASONS` the game can end with.
    end_reasons: ClassVar[tuple[str, ...]] = ()

    @property
    def refusals(self) -> tuple[Refusal, ...]:
        """The phrases that are refusals: every key an ``IllegalMove`` of this game may carry
        (an API client looks its sentence up among them)."""
        return tuple(phrase for phrase in self.phrases if isinstance(phrase, Refusal))

    # ----- options -------------------------------------------------------------------------

    def option(self, name: str) -> Option:
        for opt in self.options:
            if opt.name == name:
                return opt
        raise InvalidOptions(f"{self.name} has no option {name!r}")

    def validate_options(self, players: Any, options: dict | None = None) -> tuple[int, dict]:
        """Check a player count and options; return them canonical, every option present.

        :raises InvalidOptions: unknown option, bad value, or player count not allowed.
        """
        try:
            count = int(str(players).strip()) if not isinstance(players, int) else players
        except ValueError:
            raise InvalidOptions(f"{players!r} is not a number of players") from None
        if isinstance(players, bool) or count not in self.player_counts:
            allowed = ", ".join(map(str, self.player_counts))
            raise InvalidOptions(f"{self.name} is played by {allowed} players, not {players}")
        parsed = parse_options(self.name, self.options, options)
        self.check_options(count, parsed)
        return count, parsed

    def check_options(self, players: int, options: dict) -> None:
        """Cross-checks between options and the player count; raise ``InvalidOptions``."""

    # ----- the game ------------------------------------------------------------------------

    def new_game(self, players: Any = 2, options: dict | None = None, seed: int = 0):
        """A fresh game; deterministic for a given seed.

        :raises InvalidOptions: see ``validate_options``.
        """
        count, opts = self.validate_options(players, options)
        return self.setup(count, opts, int(seed))

    def setup(self, players: int, options: dict, seed: int):
        raise NotImplementedError

    def to_move(self, state) -> int | None:
        raise NotImplementedError

    def legal_moves(self, state) -> list[str]:
        raise NotImplementedError

    def play(self, state, move: str):
        """Apply one ply; parse what a person typed, refuse anything not legal.

        :raises IllegalMove: with a reason a player can act on; the state is unchanged.
        """
        return self.apply(state, self.canonical(state, move))

    def canonical(self, state, move: str) -> str:
        """The canonical ply for what a person typed, as ``legal_moves`` lists it.

        Parse, then explain a refusal, then the failsafe: whatever ``parse`` and ``explain``
        think, a ply the generator did not list is refused.

        :raises IllegalMove: syntax errors, rule violations, a finished game.
        """
        if self.to_move(state) is None:
            raise GAME_OVER()
        ply = self.parse(state, move)
        if self.is_legal(state, ply):
            return ply
        self.explain(state, ply)
        raise NOT_LEGAL(ply=ply)

    def is_legal(self, state, ply: str) -> bool:
        """Whether the canonical ``ply`` is legal: listed by ``legal_set`` (a game may answer
        from a cheaper set first, as long as it never accepts a ply the generator would not
        list)."""
        return ply in self.legal_set(state)

    def parse(self, state, text: str) -> str:
        """The canonical spelling of ``text`` (legal or not). :raises IllegalMove: syntax."""
        raise NotImplementedError

    def explain(self, state, ply: str) -> None:
        """Raise ``IllegalMove`` saying why the well-formed ``ply`` is not legal."""

    def apply(self, state, ply: str):
        """The state after the legal canonical ``ply`` (already checked)."""
        raise NotImplementedError

    def replay(self, state, history: Iterable[tuple[int, str]]):
        """The state after a game's stored ``history`` from ``state``: (seat, ply) entries,
        each ply canonical and checked when it was played, ``"resign"`` a resignation.

        Exactly ``apply`` and ``resign`` one entry after another; a game may override it to
        skip work a ply after which the game went on never needs (Stax's end-of-game search),
        so an earlier position of a long game is cheap to rebuild.
        """
        for seat, ply in history:
            state = self.resign(state, seat) if ply == "resign" else self.apply(state, ply)
        return state

    def legal_set(self, state) -> frozenset[str]:
        """``legal_moves`` as a set (games may cache it on the state)."""
        return frozenset(self.legal_moves(state))

    def resign(self, state, seat: int):
        raise NotImplementedError

    def turn_plies(self, state) -> list[str]:
        """Plies already made in the turn in progress; ``[]`` when a turn begins."""
        return []

    def is_over(self, state) -> bool:
        return self.to_move(state) is None

    def scores(self, state) -> list:
        raise NotImplementedError

    def winners(self, state) -> list[int]:
        raise NotImplementedError

    def end_reason(self, state) -> str | None:
        """Why the game is over, one of :data:`END_REASONS`; ``None`` while it goes on."""
        raise NotImplementedError

    def to_dict(self, state) -> dict:
        raise NotImplementedError

    def from_dict(self, data: dict):
        raise NotImplementedError

    def to_stored(self, state, since: dict | None = None) -> tuple[dict, str]:
        """``state`` as a game's record keeps it: a snapshot of a size that does not grow
        with the game, and the text to append to the record's grown part (which stands at
        the snapshot ``since``; None: empty), where a game keeps what does grow (its history,
        its superko keys). Appending, a move writes what it adds, not the whole game. A game
        whose state does not grow keeps all of it in the snapshot."""
        return self.to_dict(state), ""

    def from_stored(self, snapshot: dict, read: Callable[[], str]):
        """The state ``to_stored`` wrote; ``read`` returns the record's grown part, and is
        called only when a question needs it, so loading a game reads the snapshot alone."""
        return self.from_dict(snapshot)

    # ----- helpers built on the protocol ----------------------------------------------------

    def split_turn(self, text: str) -> list[str]:
        """Split a whole turn typed on one line into plies (multi-ply games override)."""
        return [text]

    def implied_plies(self, state, typed: list[str]) -> list[str]:
        """Plies a typed turn leaves out and the game supplies before it (Triumvirate keeps
        the current card arrangement); none by default."""
        return []

    def play_turn(self, state, text: str):
        """Apply every ply of a typed turn, all or nothing (see ``apply_turn``)."""
        return self.apply_turn(state, text)[1]

    def apply_turn(self, state, text: str) -> tuple[list, object]:
        """The canonical plies of a whole turn typed on one line, and the state after them.

        All or nothing: the error names the failing step as typed, and a step typed after the
        turn (or the game) is over is refused, so a typed turn never plays for the next seat.

        :raises IllegalMove: the first refused step, its reason prefixed with its position.
        """
        if isinstance(text, str):
            check_length(text, MAX_TURN_CHARS, TURN_TOO_LONG)
        typed = self.split_turn(text) if isinstance(text, str) else []
        if not typed:
            raise NO_MOVE()
        if self.is_over(state):
            raise GAME_OVER()
        plies = []
        for ply in self.implied_plies(state, typed):
            plies.append(self.canonical(state, ply))
            state = self.apply(state, plies[-1])
        for step, ply in enumerate(typed, 1):
            if plies and (self.is_over(state) or not self.turn_plies(state)):
                over = self.is_over(state)
                ended = ((GAME_ENDED_AFTER if over else TURN_ENDED_AFTER)(last=step - 1)
                         if step > 1 else (GAME_ENDED_WITH if over else TURN_ENDED_WITH)(
                             last=plies[-1]))
                raise in_step(ended, step, ply)
            try:
                plies.append(self.canonical(state, ply))
            except IllegalMove as exc:
                if len(typed) == 1 and len(plies) == 0:
                    raise
                raise in_step(exc, step, ply) from None
            state = self.apply(state, plies[-1])
        return plies, state

    def is_turn_complete(self, state) -> bool:
        """Whether the turn that led to ``state`` is complete: the game is over, or the next
        turn has not begun (a multi-ply turn in progress has plies in ``turn_plies``)."""
        return self.is_over(state) or not self.turn_plies(state)

    def random_turn(self, state, rng: random.Random) -> tuple[list[str], object]:
        """A whole turn of uniformly random legal plies (the demo's, the tests' and the
        benchmarks' random player): the plies and the state after them.

        >>> import random
        >>> from pbem.games import get_rules
        >>> rules = get_rules("spike")
        >>> plies, state = rules.random_turn(rules.new_game(), random.Random(1))
        >>> len(plies) >= 1, rules.is_turn_complete(state), rules.to_move(state)
        (True, True, 1)
        """
        plies: list[str] = []
        while not plies or not self.is_turn_complete(state):
            plies.append(rng.choice(self.legal_moves(state)))
            state = self.play(state, plies[-1])
        return plies, state

    def random_playout(self, state, rng: random.Random, max_plies: int | None = None):
        """Play uniformly random legal plies; return (final state, plies played)."""
        moves = []
        while self.to_move(state) is not None and (max_plies is None or len(moves) < max_plies):
            move = rng.choice(self.legal_moves(state))
            state = self.play(state, move)
            moves.append(move)
        return state, moves


def replaced(items: tuple, index: int, value) -> tuple:
    """``items`` with the one at ``index`` replaced by ``value`` (states hold tuples, so a
    move builds a new one).

    >>> replaced((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    return items[:index] + (value,) + items[index + 1 :]


def ply_cache(generate: Callable) -> tuple[Callable, Callable]:
    """The ``legal`` and ``legal_set`` functions of a game whose frozen states keep their plies
    in the fields ``moves_cache`` and ``move_set_cache`` (fields ``==`` ignores): generating
    the plies is the costly part of a move, so each state does it at most once.
    """

    def legal(state) -> tuple[str, ...]:
        """The legal plies, sorted; cached on the state."""
        moves = state.moves_cache
        if moves is None:
            moves = generate(state)
            object.__setattr__(state, "moves_cache", moves)
        return moves

    def legal_set(state) -> frozenset[str]:
        """:func:`legal` as a set, cached on the state."""
        moves = state.move_set_cache
        if moves is None:
            moves = frozenset(legal(state))
            object.__setattr__(state, "move_set_cache", moves)
        return moves

    return legal, legal_set


def check_seat(rules: Rules, state, seat: Any, seats_in: Iterable[int]) -> int:
    """Validate a seat for ``resign``: in range, the game not over, the seat still in.

    :raises IllegalMove: codes ``game-over`` and ``not-in-game``.
    """
    if rules.is_over(state):
        raise ALREADY_OVER()
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in set(seats_in):
        raise NOT_IN_GAME(seat=seat)
    return seat

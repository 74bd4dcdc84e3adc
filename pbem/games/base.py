"""The rule-module protocol shared by every game.

A rules object is stateless: every method takes a state and returns a new one. States are
immutable values with ``==``; ``to_dict``/``from_dict`` round-trip them exactly through JSON.
Nothing here imports anything but the standard library, so the rules can run anywhere.
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar


class IllegalMove(ValueError):
    """A move, option or action the rules refuse.

    ``reason`` is a sentence a player can act on, in English; ``code`` is a stable word for
    programs and tests (``syntax``, ``blocked``, ``superko``, ``not-your-turn``, ``game-over``
    …). A refusal made by a :class:`Refusal` also carries its ``key`` (``stax.no-pointer``)
    and the ``params`` the sentence was made from (squares, plies, numbers and words of its
    module's ``WORDS``; what the player typed is always ``text``), so the server can say it
    again in the reader's language; a step of a typed turn carries its ``step`` number and the
    ``ply`` as typed.
    """

    def __init__(self, reason: str, code: str = "illegal", *, key: str | None = None,
                 params: dict | None = None, step: int | None = None, ply: str | None = None):
        super().__init__(reason)
        self.reason = reason
        self.code = code
        self.key = key
        self.params = dict(params or {})
        self.step = step
        self.ply = ply


@dataclass(frozen=True)
class Refusal:
    """One kind of refusal a rules module gives: a stable ``key`` (``<slug>.<word>``, or
    ``rules.<word>`` for the shared ones), the ``code`` of :class:`IllegalMove` and the English
    ``text``, a ``str.format`` template whose named fields are the parameters.

    Calling it makes the exception::

        >>> GAME_OVER().reason, GAME_OVER().key
        ('the game is over', 'rules.game-over')
    """

    key: str
    code: str
    text: str

    def __call__(self, **params: Any) -> IllegalMove:
        return IllegalMove(self.text.format(**params), self.code, key=self.key, params=params)

    def fields(self) -> set[str]:
        """The names of the parameters ``text`` takes."""
        return {name for _, name, _, _ in string.Formatter().parse(self.text) if name}


GAME_OVER = Refusal("rules.game-over", "game-over", "the game is over")
ALREADY_OVER = Refusal("rules.already-over", "game-over", "the game is already over")
NOT_LEGAL = Refusal("rules.not-legal", "illegal", "{ply} is not a legal move here")
NO_MOVE = Refusal("rules.no-move", "syntax", "no move was given")
NOT_TEXT = Refusal("rules.not-text", "syntax", "a move must be text")
NOT_ASCII = Refusal("rules.not-ascii", "syntax", "{char!r} is not part of move notation: "
                    "write plain letters, digits and signs")
MOVE_TOO_LONG = Refusal("rules.move-too-long", "syntax",
                        "a move is at most {limit} characters long, not {length}")
TURN_TOO_LONG = Refusal("rules.turn-too-long", "syntax",
                        "a turn is at most {limit} characters long, not {length}")
NOT_IN_GAME = Refusal("rules.not-in-game", "not-in-game", "seat {seat!r} is not in this game")
GAME_ENDED_AFTER = Refusal("rules.game-ended-after", "game-over",
                           "the game ended after step {last}")
GAME_ENDED_WITH = Refusal("rules.game-ended-with", "game-over", "the game ended with {last}")
TURN_ENDED_AFTER = Refusal("rules.turn-ended-after", "turn-over",
                           "your turn ended after step {last}")
TURN_ENDED_WITH = Refusal("rules.turn-ended-with", "turn-over", "your turn ended with {last}")
#: The refusals every game may give (the shared protocol's); each game adds its own.
REFUSALS = (GAME_OVER, ALREADY_OVER, NOT_LEGAL, NO_MOVE, NOT_TEXT, NOT_ASCII, MOVE_TOO_LONG,
            TURN_TOO_LONG, NOT_IN_GAME, GAME_ENDED_AFTER, GAME_ENDED_WITH, TURN_ENDED_AFTER,
            TURN_ENDED_WITH)


def in_step(exc: IllegalMove, step: int, ply: str) -> IllegalMove:
    """``exc`` as the refusal of step ``step`` (typed ``ply``) of a typed turn: its reason
    prefixed with the step, its key and parameters kept."""
    return IllegalMove(f"step {step} ({ply}): {exc.reason}", exc.code, key=exc.key,
                       params=exc.params, step=step, ply=ply)


class InvalidOptions(ValueError):
    """Options or a player count a game does not allow; the message names the problem."""


class UnknownGame(KeyError):
    """``get_rules`` was asked for a slug no game has."""

    def __str__(self) -> str:  # KeyError would repr() the message
        return str(self.args[0])


_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class Option:
    """One option of a game: its allowed values (native Python values) and default.

    A free-form option (``choices`` empty, e.g. a layout string) has a ``parser`` that
    returns the canonical value or raises ``ValueError`` with a message. ``None`` as the
    default of a free-form option means "not set".
    """

    name: str
    default: Any
    choices: tuple = ()
    help: str = ""
    parser: Callable[[str], Any] | None = field(default=None, compare=False)

    def parse(self, value: Any) -> Any:
        """Turn a string from a form or record (or a native value) into the native value."""
        if self.choices:
            for choice in self.choices:
                if _same_value(choice, value):
                    return choice
            allowed = ", ".join(format_option_value(c) for c in self.choices)
            raise InvalidOptions(
                f"option {self.name!r} cannot be {value!r}; allowed: {allowed}"
            )
        if value is None or value == "":
            return self.default
        try:
            return self.parser(str(value)) if self.parser else str(value)
        except ValueError as exc:
            raise InvalidOptions(f"option {self.name!r}: {exc}") from None

    def as_dict(self) -> dict:
        """A JSON-safe description, for forms and documentation."""
        return {
            "name": self.name,
            "default": self.default,
            "choices": list(self.choices),
            "help": self.help,
        }


def _same_value(choice: Any, value: Any) -> bool:
    if isinstance(choice, bool):
        if isinstance(value, bool):
            return value is choice
        if isinstance(value, str):
            word = value.strip().lower()
            return word in (_TRUE if choice else _FALSE)
        return False
    if isinstance(choice, int):
        if isinstance(value, bool):
            return False
        if isinstance(value, int):
            return value == choice
        if isinstance(value, str):
            return value.strip() == str(choice)
        return False
    return isinstance(value, str) and value.strip().lower() == str(choice).lower()


def format_option_value(value: Any) -> str:
    """The string form of an option value, as records and forms write it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def parse_options(game: str, declared: tuple[Option, ...], options: dict | None) -> dict:
    """The native value of every ``declared`` option of ``game``: as given, else its default.

    :raises InvalidOptions: an option ``game`` does not have, or a value it does not allow.
    """
    given = dict(options or {})
    known = {opt.name for opt in declared}
    unknown = sorted(set(given) - known)
    if unknown:
        names = ", ".join(sorted(known)) or "none"
        raise InvalidOptions(f"{game} has no option {unknown[0]!r} (its options: {names})")
    return {
        opt.name: opt.parse(given[opt.name]) if opt.name in given else opt.default
        for opt in declared
    }


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
        rules.refusals, rules.refusal_words, rules.end_reasons   # for translating them
        rules.to_dict / from_dict
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
    #: Every refusal the game can give (the shared ones first), and the words its refusals'
    #: parameters may hold (sizes, directions, colours …): the server translates both.
    refusals: ClassVar[tuple[Refusal, ...]] = REFUSALS
    refusal_words: ClassVar[tuple[str, ...]] = ()
    #: The codes of :data:`END_REASONS` the game can end with.
    end_reasons: ClassVar[tuple[str, ...]] = ()

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


#: The most characters a typed ply may have, spaces included (canonical plies are under 30).
MAX_PLY_CHARS = 200
#: The most characters a whole turn typed on one line may have.
MAX_TURN_CHARS = 1000


def squash(text: Any) -> str:
    """What a person typed, with every space removed: where every move parser starts.

    Spaces of any kind (an email's no-break space too) separate nothing inside a ply; what is
    left must be plain ASCII, because notation is written in ASCII letters and decimal digits
    (``int`` and ``str.upper`` would otherwise read ``٣`` as 3 and ``ſ`` as S), and short,
    so no parser ever works on a huge number.

    :raises IllegalMove: ``syntax``: not text, too long, or a character beyond ASCII.
    """
    if not isinstance(text, str):
        raise NOT_TEXT()
    check_length(text, MAX_PLY_CHARS, MOVE_TOO_LONG)
    compact = re.sub(r"\s+", "", text)
    if not compact.isascii():
        odd = next(ch for ch in compact if not ch.isascii())
        raise NOT_ASCII(char=odd)
    return compact


def check_length(text: str, limit: int, refusal: Refusal) -> None:
    """Refuse typed ``text`` longer than ``limit`` characters. :raises IllegalMove: syntax."""
    if len(text) > limit:
        raise refusal(limit=limit, length=len(text))


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

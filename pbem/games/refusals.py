"""Refusals: the exception a rules module raises for a move it will not play, and the
declared kinds of refusal every game shares.

A refusal is made from a :class:`Refusal`, a phrase (``phrases.Phrase``: a stable key and an
English template) with a code, so the server can say it again in the reader's language; each
game declares its own beside these in ``pbem/games/<slug>/refusals.py``. Standard library only,
like all of ``pbem.games``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .phrases import Phrase


class IllegalMove(ValueError):
    """A move, option or action the rules refuse.

    ``reason`` is a sentence a player can act on, in English; ``code`` is a stable word for
    programs and tests (``syntax``, ``blocked``, ``superko``, ``not-your-turn``, ``game-over``
    …). A refusal made by a :class:`Refusal` also carries its ``key`` (``stax.no-pointer``)
    and the ``params`` the sentence was made from (squares, plies, numbers and words of its
    game's ``vocabulary``; what the player typed is always ``text``), so the server can say it
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
class Refusal(Phrase):
    """One kind of refusal a rules module gives: a phrase (its stable ``key``, ``<slug>.<word>``
    or ``rules.<word>`` for the shared ones, and its English ``text``) with the ``code`` of
    :class:`IllegalMove`.

    Calling it makes the exception, in English; the server says its phrase again where it
    knows the reader (a page, a mail)::

        >>> GAME_OVER().reason, GAME_OVER().key
        ('the game is over', 'rules.game-over')
    """

    code: str = field(kw_only=True)

    def __call__(self, **params: Any) -> IllegalMove:  # type: ignore[override]
        return IllegalMove(self.english(**params), self.code, key=self.key, params=params)


GAME_OVER = Refusal("rules.game-over", "the game is over", code="game-over")
ALREADY_OVER = Refusal("rules.already-over", "the game is already over", code="game-over")
NOT_LEGAL = Refusal("rules.not-legal", "{ply} is not a legal move here", code="illegal")
NO_MOVE = Refusal("rules.no-move", "no move was given", code="syntax")
NOT_TEXT = Refusal("rules.not-text", "a move must be text", code="syntax")
NOT_ASCII = Refusal("rules.not-ascii", "{char!r} is not part of move notation: write plain "
                    "letters, digits and signs", code="syntax")
MOVE_TOO_LONG = Refusal("rules.move-too-long",
                        "a move is at most {limit} characters long, not {length}", code="syntax")
TURN_TOO_LONG = Refusal("rules.turn-too-long",
                        "a turn is at most {limit} characters long, not {length}", code="syntax")
NOT_IN_GAME = Refusal("rules.not-in-game", "seat {seat!r} is not in this game", code="not-in-game")
GAME_ENDED_AFTER = Refusal("rules.game-ended-after",
                           "the game ended after step {last}", code="game-over")
GAME_ENDED_WITH = Refusal("rules.game-ended-with", "the game ended with {last}", code="game-over")
TURN_ENDED_AFTER = Refusal("rules.turn-ended-after",
                           "your turn ended after step {last}", code="turn-over")
TURN_ENDED_WITH = Refusal("rules.turn-ended-with", "your turn ended with {last}", code="turn-over")
#: The refusals every game may give (the shared protocol's); each game adds its own.
REFUSALS = (GAME_OVER, ALREADY_OVER, NOT_LEGAL, NO_MOVE, NOT_TEXT, NOT_ASCII, MOVE_TOO_LONG,
            TURN_TOO_LONG, NOT_IN_GAME, GAME_ENDED_AFTER, GAME_ENDED_WITH, TURN_ENDED_AFTER,
            TURN_ENDED_WITH)


def in_step(exc: IllegalMove, step: int, ply: str) -> IllegalMove:
    """``exc`` as the refusal of step ``step`` (typed ``ply``) of a typed turn: its reason
    prefixed with the step, its key and parameters kept."""
    return IllegalMove(f"step {step} ({ply}): {exc.reason}", exc.code, key=exc.key,
                       params=exc.params, step=step, ply=ply)


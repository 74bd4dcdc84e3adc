"""How a finished game ended, the way PGN's ``Termination`` tag says it: by the rules, by a
resignation, a timeout or a forfeit (each a resignation in the history, told apart by the
ply's text), by the players' agreement, or by adjudication (the director's, or automatic at a
tournament deadline; both flags of the stored result)."""

from __future__ import annotations

from flask_babel import gettext as _
from sqlalchemy import and_, select

from ..core.extensions import db
from ..core.i18n import _l
from .models import FINISHED, FORFEITED, RESIGN, TIMED_OUT, Game, Move

RULES, RESIGNATION, TIMEOUT, FORFEIT = "rules", "resignation", "timeout", "forfeit"
AGREEMENT, ADJUDICATION, AUTOMATIC = "agreement", "adjudication", "automatic adjudication"
#: Each termination in words, after "ended …" or a result ("Ann won …").
WORDS = {RULES: _l("by the rules"), RESIGNATION: _l("by resignation"), TIMEOUT: _l("on time"),
         FORFEIT: _l("by forfeit"), AGREEMENT: _l("by agreement"),
         ADJUDICATION: _l("by the director's adjudication"),
         AUTOMATIC: _l("by pbem's adjudication at the deadline")}
_LEAVING = {TIMED_OUT: TIMEOUT, FORFEITED: FORFEIT}
#: The rule that ended a game, by its rules module's ``end_reason`` code (kept in the result as
#: ``reason``; each game lists its own in ``rules.end_reasons``), in words after "by the
#: rules: ".
REASONS = {
    "king-captured": _l("a king was captured"),
    "no-moves": _l("no legal move was left"),
    "all-out": _l("every player still in had passed"),
    "goal-five": _l("a chest reached five pieces"),
    "goal-trio": _l("a chest held one piece of each size"),
    "two-of-each": _l("a holding area held two pieces of each size"),
    "quiet-limit": _l("too many turns in a row without a capture"),
    "last-in": _l("every other player had left the game"),
}


def ended_words(key: str, result: dict | None, reason: str | None = None) -> str:
    """How a finished game ended, in words: ``WORDS[key]`` and, ended by the rules, which rule
    (the ``reason`` stored in its ``result``, or the one given for a game stored without it).

    >>> ended_words(RULES, {"winners": [0], "reason": "king-captured"})
    'by the rules: a king was captured'
    >>> ended_words(RESIGNATION, {"winners": [0], "reason": "last-in"})
    'by resignation'
    """
    reason = (result or {}).get("reason") or reason
    if key == RULES and reason in REASONS:
        return _("%(how)s: %(rule)s", how=WORDS[key], rule=REASONS[reason])
    return str(WORDS[key])  # in the reader's language now, as the sentence above is


def termination(result: dict | None, last_move: str | None, last_text: str | None) -> str | None:
    """A ``WORDS`` key for a finished game's ``result`` and its last ply (``move``, ``text``);
    ``None`` while it is unfinished.

    >>> termination({"winners": [0], "agreed": True}, "c3", "c3")
    'agreement'
    >>> termination({"winners": [1]}, "resign", "timeout")
    'timeout'
    >>> termination({"winners": [1]}, "c3", "c3")
    'rules'
    """
    if not result:
        return None
    if result.get("agreed"):
        return AGREEMENT
    if result.get("adjudicated"):
        return AUTOMATIC if result.get("automatic") else ADJUDICATION
    if last_move == RESIGN:
        return _LEAVING.get(last_text, RESIGNATION)
    return RULES


def terminations(games: list[Game]) -> dict[int, str]:
    """``{game id: WORDS key}`` of the finished games among ``games``, in one query (their
    last plies)."""
    finished = {game.id: game for game in games if game.status == FINISHED}
    if not finished:
        return {}
    last = {game_id: (move, text) for game_id, move, text in db.session.execute(
        select(Move.game_id, Move.move, Move.text)
        .join(Game, and_(Game.id == Move.game_id, Game.ply == Move.ply))
        .where(Game.id.in_(list(finished))))}
    return {game_id: termination(game.result, *last.get(game_id, (None, None)))
            for game_id, game in finished.items()}

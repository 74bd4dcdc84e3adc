"""Positions read from the history, which is the source of truth (the cached snapshot must
always equal what these give)."""

from __future__ import annotations

from .models import RESIGN, Game


def replay(game: Game, upto: int | None = None, moves=None):
    """The state after the first ``upto`` plies (all of them by default), from the history
    (``moves``: the history when the caller has already read it, e.g. ``queries.history``).

    Through ``rules.replay``, which applies each stored ply without checking it again (each was
    checked when it was played) and may skip what only the last position needs: the replay
    page of a long game listed every position's legal moves, ply after ply."""
    rules = game.rules
    state = rules.new_game(players=len(game.seats), options=game.options, seed=game.seed)
    return rules.replay(state, [(move.seat, move.move)
                                for move in (game.moves if moves is None else moves)[:upto]])


def apply_ply(rules, state, seat: int, ply: str):
    """One stored history entry applied to ``state`` (a resignation or a ply)."""
    return rules.resign(state, seat) if ply == RESIGN else rules.play(state, ply)

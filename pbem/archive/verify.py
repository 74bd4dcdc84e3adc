"""Checking stored games against the current rules (``flask pbem verify-records``).

A stored game is right when a replay of its moves from its setup is accepted ply by ply, each
stored move is the canonical form the rules write, and the replay ends in the stored snapshot,
status and result. A game ended by a decision (the players' agreement, a director's
adjudication) is right when its moves had not ended it and its scores are the replay's.
"""

from __future__ import annotations

from collections.abc import Iterator

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from ..core.extensions import db
from ..play.models import ACTIVE, FINISHED, Game
from .history import BadRecord, Ply, replay, result_of, same_json, setup

BATCH = 200


def games_to_verify(ids: tuple[int, ...] = ()) -> tuple[list[int], Iterator[Game]]:
    """The ids of the games to check, and the games (started ones; ``ids`` to choose)."""
    query = select(Game.id).where(Game.status.in_((ACTIVE, FINISHED))).order_by(Game.id)
    if ids:
        query = query.where(Game.id.in_(ids))
    game_ids = db.session.scalars(query).all()

    def load() -> Iterator[Game]:
        for start in range(0, len(game_ids), BATCH):
            batch = game_ids[start:start + BATCH]
            yield from db.session.scalars(
                select(Game).where(Game.id.in_(batch)).order_by(Game.id)
                .options(selectinload(Game.moves), selectinload(Game.seats))
            )
            db.session.expunge_all()  # keep memory flat over a large database

    return game_ids, load()


def _decided(game: Game) -> bool:
    """Ended by the players' agreement or a director's decision, not by the rules."""
    return game.status == FINISHED and bool(
        game.result and (game.result.get("agreed") or game.result.get("adjudicated")))


def verify_game(game: Game) -> str | None:
    """``None`` when the stored game equals a replay of its history; else what differs."""
    stored = [Ply(move.seat, move.move) for move in game.moves]
    if [move.ply for move in game.moves] != list(range(1, len(stored) + 1)):
        return "the stored plies are not numbered 1, 2, 3, … without gaps"
    try:
        rules, _options, state = setup(game.slug, len(game.seats), game.options, game.seed)
        state, canonical = replay(rules, state, stored)
    except BadRecord as exc:
        return exc.message
    for move, ply in zip(game.moves, canonical, strict=True):
        if move.move != ply.move:
            return f"ply {move.ply} is stored as {move.move!r}; the rules write it {ply.move!r}"
    if game.ply != len(stored):
        return f"the game says it is at ply {game.ply}, but {len(stored)} plies are stored"
    snapshot, grown = rules.to_stored(state)
    if not same_json(snapshot, game.snapshot) or grown != (game.grown or ""):
        return "the stored position differs from a replay of the moves"
    result = result_of(rules, state)
    if _decided(game) and result is None:
        scores = rules.scores(state)
        if not same_json(scores, game.result["scores"]):
            return f"the stored scores {game.result['scores']} differ from the replayed {scores}"
        return None
    if (game.status == FINISHED) != (result is not None):
        return f"the game is stored as {game.status}, but the moves " + (
            "end it" if result else "do not end it")
    if result is not None and "reason" not in (game.result or {}):
        result.pop("reason")  # stored before results named their rule
    if result is not None and not same_json(result, game.result):
        return f"the stored result {game.result} differs from the replayed {result}"
    return None

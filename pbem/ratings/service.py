"""Rating a game as it finishes: the handler of play's "game finished" event."""

from __future__ import annotations

from sqlalchemy import exists, select

from ..core.extensions import db
from ..play.models import Game
from .model import Skill, rate
from .models import Rating, RatingChange
from .results import departures, rated_result


def game_finished(game: Game) -> None:
    """Rate ``game``, which has just finished, when it counts (:mod:`.results`): move every
    rated player's rating at once and store the changes with the game. Flushes only; the
    change that finished the game commits.

    The players' rating rows are locked first (in player order), so two games ending at
    once for the same player are rated one after the other, not from the same old rating.
    A game already rated (its changes stored) is left alone: rating it again would count its
    result twice.
    """
    if not game.rated or game.result is None or _already_rated(game):
        return
    result = rated_result(game.id, game.slug, [seat.player_id for seat in game.seats],
                          game.result, departures([game.id]).get(game.id, []))
    if result is None:
        return
    current = {rating.player_id: rating for rating in db.session.scalars(
        select(Rating).where(Rating.slug == game.slug, Rating.player_id.in_(result.players))
        .order_by(Rating.player_id).with_for_update())}
    before = [current[p].skill if p in current else Skill() for p in result.players]
    after = rate(before, result.places)
    for player_id, place, old, new in zip(result.players, result.places, before, after,
                                          strict=True):
        rating = current.get(player_id)
        if rating is None:
            rating = Rating(player_id=player_id, slug=game.slug, games=0)
            db.session.add(rating)
        rating.mu, rating.sigma, rating.ordinal = new.mu, new.sigma, new.ordinal
        rating.games += 1
        db.session.add(RatingChange(
            game_id=game.id, player_id=player_id, slug=game.slug, place=place,
            mu_before=old.mu, sigma_before=old.sigma, mu_after=new.mu, sigma_after=new.sigma))
    db.session.flush()


def _already_rated(game: Game) -> bool:
    return bool(db.session.scalar(select(exists().where(RatingChange.game_id == game.id))))

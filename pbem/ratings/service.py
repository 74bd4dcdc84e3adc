"""Rating a game as it finishes: the handler of play's "game finished" event.

A bot (a computer player) is rated like a player, from every game it finishes, so that the
leaderboards show each level's strength; a game against a bot that its players chose not to
rate (the default) moves the bot's rating only, never a person's.
"""

from __future__ import annotations

from sqlalchemy import func, select

from ..core.extensions import db
from ..play import batch
from ..play.models import Game
from .models import Rating, RatingChange, RatingOrder
from .results import RatedResult, departures, rated_result
from .skill import Skill, rate


def game_finished(game: Game) -> None:
    """Rate ``game``, which has just finished, when it counts (:mod:`.results`); in a batch of
    games (:mod:`pbem.play.batch`, the clocks' tick) at the batch's end, with every other game
    it finished. Flushes only; the change that finished the game commits."""
    batch.later("ratings", game, rate_games)


def rate_games(games: list[Game]) -> None:
    """Rate these finished games in the order given: move every rated player's rating at
    once per game and store the changes with the game, for all of them in a few statements.
    Flushes only.

    The players' rating rows are locked first (in player order), so two games ending at
    once for the same player are rated one after the other, not from the same old rating; the
    order they were rated in is then stored (:class:`.models.RatingOrder`, read after the
    locks), for ``rebuild`` to follow.
    A game already rated (its changes stored) is left alone: rating it again would count its
    result twice.
    """
    games = list({game.id: game for game in games
                  if game.result is not None and (game.rated or _bots_of(game))}.values())
    if not games:
        return
    ids = [game.id for game in games]
    rated = set(db.session.scalars(
        select(RatingChange.game_id).where(RatingChange.game_id.in_(ids))))
    left = departures(ids)
    results = [result for game in games if game.id not in rated and (result := rated_result(
        game.id, game.slug, [seat.player_id for seat in game.seats], game.result,
        left.get(game.id, []))) is not None]
    if not results:
        return
    current = {(rating.slug, rating.player_id): rating for rating in db.session.scalars(
        select(Rating)
        .where(Rating.slug.in_({r.slug for r in results}),
               Rating.player_id.in_({p for r in results for p in r.players}))
        .order_by(Rating.player_id, Rating.slug).with_for_update())}
    only = {game.id: None if game.rated else _bots_of(game) for game in games}
    seq = db.session.scalar(select(func.coalesce(func.max(RatingOrder.seq), 0)))
    for result in results:
        _rate(result, current, only[result.game_id])
        seq += 1
        db.session.add(RatingOrder(game_id=result.game_id, seq=seq))
    db.session.flush()


def _bots_of(game: Game) -> set[int]:
    """The ids of the game's bot players."""
    return {seat.player_id for seat in game.seats if seat.player.is_bot}


def _rate(result: RatedResult, current: dict[tuple[str, int], Rating],
          only: set[int] | None = None) -> None:
    """Move the ratings in ``current`` (by slug and player; new ones are added) by one game:
    every player's, or only those of the players in ``only``."""
    keys = [(result.slug, player_id) for player_id in result.players]
    before = [current[key].skill if key in current else Skill() for key in keys]
    after = rate(before, result.places)
    for (slug, player_id), place, old, new in zip(keys, result.places, before, after,
                                                  strict=True):
        if only is not None and player_id not in only:
            continue
        rating = current.get((slug, player_id))
        if rating is None:
            rating = current[slug, player_id] = Rating(player_id=player_id, slug=slug, games=0)
            db.session.add(rating)
        rating.mu, rating.sigma, rating.ordinal = new.mu, new.sigma, new.ordinal
        rating.games += 1
        db.session.add(RatingChange(
            game_id=result.game_id, player_id=player_id, slug=slug, place=place,
            mu_before=old.mu, sigma_before=old.sigma, mu_after=new.mu, sigma_after=new.sigma))

"""Ratings as stored: each player's current skill per game, and each rated game's changes.

``Rating`` is the current belief (``mu``, ``sigma``) of one player at one game (slug), with
``ordinal`` (``mu − 3 sigma``) kept beside it so a leaderboard is an index scan. A rated game
stores one ``RatingChange`` per player it rated: the belief before and after, so a player page
shows every change without recomputing anything, and ``rebuild`` can rewrite them all.
"""

from __future__ import annotations

from sqlalchemy import Double, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from ..core.extensions import db
from .skill import Skill, is_provisional


class Rating(db.Model):
    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_slug_ordinal", "slug", "ordinal"),)

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    slug: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Double)
    sigma: Mapped[float] = mapped_column(Double)
    ordinal: Mapped[float] = mapped_column(Double)
    #: Rated games played at this game.
    games: Mapped[int] = mapped_column(Integer)

    @property
    def skill(self) -> Skill:
        return Skill(self.mu, self.sigma)

    @property
    def shown(self) -> int:
        return self.skill.shown

    @property
    def provisional(self) -> bool:
        return is_provisional(self.games)


class RatingOrder(db.Model):
    """When a game's rating was applied: ``seq`` grows with each rated game, assigned once
    the players' rating rows are locked, so two games sharing a player are numbered in the
    order they moved that player's rating. ``pbem ratings rebuild`` applies the games in this
    order (ties, which only games with no player in common can share, by game id), and so
    reproduces the live ratings exactly; it never rewrites it."""

    __tablename__ = "rating_order"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, index=True)


class RatingChange(db.Model):
    """What one rated game did to one player's rating."""

    __tablename__ = "rating_changes"
    __table_args__ = (Index("ix_rating_changes_player_id_slug", "player_id", "slug"),)

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    slug: Mapped[str] = mapped_column(String(32))
    #: The finishing place the rating used (0 first; shared places are equal).
    place: Mapped[int] = mapped_column(Integer)
    mu_before: Mapped[float] = mapped_column(Double)
    sigma_before: Mapped[float] = mapped_column(Double)
    mu_after: Mapped[float] = mapped_column(Double)
    sigma_after: Mapped[float] = mapped_column(Double)

    @property
    def before(self) -> int:
        return Skill(self.mu_before, self.sigma_before).shown

    @property
    def after(self) -> int:
        return Skill(self.mu_after, self.sigma_after).shown

    @property
    def change(self) -> int:
        return self.after - self.before

"""The ratings pages: a game's leaderboard and what the numbers mean."""

from __future__ import annotations

from flask import Blueprint, render_template

from ..play.new_game import rules_or_404
from . import queries, skill

bp = Blueprint("ratings", __name__)


@bp.get("/rules/<slug>/ratings")
def leaderboard(slug):
    rules = rules_or_404(slug)
    return render_template("ratings/leaderboard.html", rules=rules,
                           leaders=queries.leaderboard(rules.slug), skill=skill,
                           newcomers=queries.leaderboard(rules.slug, provisional=True),
                           trend_games=queries.TREND_GAMES)


@bp.get("/ratings/about")
def about():
    return render_template("ratings/about.html", skill=skill,
                           trend_games=queries.TREND_GAMES)

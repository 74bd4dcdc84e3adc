"""``POST /games/<id>/review``: a player of a finished game asks the bots to review it; the
game page shows the review (``review_context``, on play's ``game_page``)."""

from __future__ import annotations

from flask import Blueprint, flash, g, redirect, url_for
from flask_babel import gettext as _
from markupsafe import Markup

from ..accounts.auth import login_required
from ..play.models import FINISHED
from ..play.queries import get_game
from . import review

bp = Blueprint("botplay", __name__)


@bp.post("/games/<int:game_id>/review")
@login_required
def ask_review(game_id):
    game = get_game(game_id)
    review.request_review(game, g.player)  # a refusal is an error page naming why
    flash(_("The bots will review this game; the review appears here when it is done."))
    return redirect(url_for("play.game", game_id=game.id, _anchor="review"), 303)


def review_context(game, *, reader_id, now) -> dict:
    """The review on the game page (public with the game), or for a player of a finished
    game not yet reviewed, the button to ask for it."""
    if game.status != FINISHED:
        return {}
    found = review.review_of(game.id)
    if found is None:
        return {"review": {"status": "none"}}
    context = {"status": found.status}
    if found.status == "done" and found.turns:
        labels = [seat.label for seat in game.seats]
        context.update(chart=Markup(review.chart(found.turns, labels)),
                       worst=review.worst_turns(found.turns), turns=found.turns,
                       labels=labels)
    return {"review": context}

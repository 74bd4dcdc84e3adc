"""The post-game review: a player of a finished game asks, the bot worker reads every turn
with the level-3 search, and the game page shows the chart and the turns that lost most.

Like the bots' turns, a review is claimed under a lease (a conditional update, so two
workers never review one game at once, and a worker that dies leaves it to the next after
the lease), computed with no transaction open, and written bound to its lease token.
"""

from __future__ import annotations

import logging
import secrets
from datetime import timedelta

from flask_babel import gettext
from markupsafe import escape
from sqlalchemy import func, or_, select, update

from ..bots import evaluate
from ..core.db import utcnow
from ..core.errors import PbemError
from ..core.extensions import db
from ..core.work import discard, unit_of_work
from ..play.models import FINISHED, RESIGN
from ..play.positions import apply_ply
from ..play.queries import get_game, history
from .models import GameReview

log = logging.getLogger(__name__)
#: Reviews a player may ask for in a day.
DAILY_REVIEWS = 3
#: How long a worker keeps a review to itself.
LEASE = timedelta(minutes=30)
#: Reviews done per round of the tick at most.
ROUND = 1
#: Seconds the search may spend on one position at most (a level-3 search usually takes
#: less): a review of a long game keeps the worker busy minutes, not hours.
BUDGET_S = 5.0
#: How many turns the page marks as those that lost most (and only those losing this much).
WORST, WORST_LOSS = 3, 0.05


class ReviewRefused(PbemError):
    status = 409
    code = "review-refused"


def request_review(game, player, now=None) -> GameReview:
    """Queue the review of ``game`` for ``player`` (one of its players); flushes only.

    :raises ReviewRefused: the game is not over, already reviewed or queued, or the player
        asked for their daily share already (429).
    """
    now = now or utcnow()
    if game.status != FINISHED:
        raise ReviewRefused("A game is reviewed once it is over.")
    if game.seat_of(player) is None:
        raise ReviewRefused("Only the players of this game may ask for its review.",
                            status=403)
    if db.session.get(GameReview, game.id) is not None:
        raise ReviewRefused("This game's review is already asked for.")
    asked = db.session.scalar(select(func.count()).select_from(GameReview).where(
        GameReview.requested_by_id == player.id,
        GameReview.requested_at > now - timedelta(days=1)))
    if asked >= DAILY_REVIEWS:
        raise ReviewRefused(f"You may ask for {DAILY_REVIEWS} reviews a day; try again "
                            "tomorrow.", "review-limit", 429)
    review = GameReview(game_id=game.id, requested_by_id=player.id, requested_at=now,
                        status="requested", level=3)
    db.session.add(review)
    db.session.flush()
    return review


def review_of(game_id: int) -> GameReview | None:
    return db.session.get(GameReview, game_id)


def run(now=None, *, limit: int = ROUND, playouts: int | None = None) -> str:
    """Review up to ``limit`` games whose review is due (a tick task); a summary.
    ``playouts``: a cheaper search than the level's (tests)."""
    done = 0
    for game_id in _due(now or utcnow(), limit):
        token = _claim(game_id, now or utcnow())
        if token is None:
            continue
        try:
            turns = review_turns(game_id, playouts=playouts,
                                 budget_s=None if playouts else BUDGET_S)
        except Exception:  # a review that fails is logged and left to its lease
            discard()
            log.exception("reviews: game %s could not be reviewed", game_id)
            continue
        with unit_of_work("bot"):
            done += db.session.execute(
                update(GameReview).where(GameReview.game_id == game_id,
                                         GameReview.lease_token == token)
                .values(status="done", turns=turns, finished_at=utcnow(), lease_until=None,
                        lease_token=None)).rowcount
    return f"{done} reviewed" if done else "nothing to review"


def _due(now, limit: int) -> list[int]:
    due = db.session.scalars(
        select(GameReview.game_id).where(or_(
            GameReview.status == "requested",
            (GameReview.status == "running") & (GameReview.lease_until < now)))
        .order_by(GameReview.requested_at).limit(limit)).all()
    discard()
    return list(due)


def _claim(game_id: int, now) -> str | None:
    token = secrets.token_hex(16)
    with unit_of_work("bot"):  # the lease stays; no transaction while the bots think
        taken = db.session.execute(
            update(GameReview).where(GameReview.game_id == game_id, or_(
                GameReview.status == "requested",
                (GameReview.status == "running") & (GameReview.lease_until < now)))
            .values(status="running", lease_until=now + LEASE, lease_token=token)).rowcount
    return token if taken else None


def review_turns(game_id: int, level: int = 3, playouts: int | None = None,
                 budget_s: float | None = None) -> list[dict]:
    """Every turn of the game read by the search: the mover, the turn played, the ply the
    bot prefers there, and the mover's expected share of the game before and after."""
    game = get_game(game_id)
    rules, moves = game.rules, history(game.id)
    seed = game.seed
    state = rules.new_game(players=len(game.seats), options=game.options, seed=game.seed)
    discard()  # nothing is held while the bots think
    turns, current = [], None
    for move in moves:
        if move.auto or move.move == RESIGN:  # forced passes and resignations: no choice
            current = None
        elif current is None or not rules.turn_plies(state):
            current = {"ply": move.ply, "seat": move.seat, "played": [], "state": state}
            turns.append(current)
        if current is not None:
            current["played"].append(move.move)
        state = apply_ply(rules, state, move.seat, move.move)
    positions = [turn.pop("state") for turn in turns] + [state]
    readings = [evaluate(rules, position, level, seed=seed + index, budget_s=budget_s,
                         playouts=playouts)
                for index, position in enumerate(positions)]
    return [{"ply": turn["ply"], "seat": turn["seat"], "played": " ".join(turn["played"]),
             "preferred": readings[index][0],
             "before": round(readings[index][1][turn["seat"]], 3),
             "after": round(readings[index + 1][1][turn["seat"]], 3)}
            for index, turn in enumerate(turns)]


def worst_turns(turns: list[dict]) -> list[dict]:
    """The turns that lost most (at most :data:`WORST`, each losing at least
    :data:`WORST_LOSS`), worst first."""
    losing = sorted((t for t in turns if t["before"] - t["after"] >= WORST_LOSS
                     and t["played"] != RESIGN),
                    key=lambda t: t["after"] - t["before"])
    return losing[:WORST]


def chart(turns: list[dict], labels: list[str]) -> str:
    """An SVG chart of each turn's mover's expected share before the turn, seat 0's view
    (for two seats) or the mover's (more), with the worst turns marked."""
    width, height, pad = 600, 160, 24
    if not turns:
        return ""
    count = max(1, len(turns) - 1)
    first = turns[0]["seat"]

    def share(turn):  # the first seat's expected share before the turn
        return turn["before"] if turn["seat"] == first else 1 - turn["before"]

    points = []
    for index, turn in enumerate(turns):
        x = pad + (width - 2 * pad) * index / count
        y = pad + (height - 2 * pad) * (1 - share(turn))
        points.append((x, y))
    worst = {t["ply"] for t in worst_turns(turns)}
    marks = "".join(
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5" fill="#c92a2a"><title>'
        + escape(gettext("Ply %(ply)s: %(seat)s played %(played)s; the bots preferred "
                         "%(preferred)s", ply=t["ply"], seat=labels[t["seat"]],
                         played=t["played"], preferred=t["preferred"]))
        + '</title></circle>'
        for (x, y), t in zip(points, turns, strict=True) if t["ply"] in worst)
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    share_label = gettext("%(seat)s's expected share of the game, turn by turn",
                          seat=labels[first])
    mid = pad + (height - 2 * pad) / 2
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'role="img" aria-label="{escape(share_label)}">'
            f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fff"/>'
            f'<line x1="{pad}" y1="{mid:.1f}" x2="{width - pad}" y2="{mid:.1f}" '
            f'stroke="#aaa" stroke-dasharray="4 4"/>'
            f'<text x="{pad}" y="14" font-size="14" fill="#555">{labels[first]} 100%</text>'
            f'<text x="{pad}" y="{height - 6}" font-size="14" fill="#555">{labels[first]} '
            f'0%</text><polyline points="{line}" fill="none" stroke="#1971c2" '
            f'stroke-width="2"/>{marks}</svg>')

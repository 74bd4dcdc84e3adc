"""What a player's daily digest says (``pbem.notifications.digest`` sends it, and asks for it
through the call it is handed, ``say_with``): one entry per game waiting for the player, each
with the moves since their last turn, the deadline in their zone, a small board and the move
link; then briefly what else happened since the last digest, read from the mail it folds and
from the games that started; and the digest's reply address (:mod:`.digest_reply`).

Nothing is said of a game that is over except that it ended, and no turn mail is repeated: a
turn is either still waiting (an entry) or already played (nothing).
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from flask import current_app
from flask_babel import gettext
from sqlalchemy import func, select
from sqlalchemy.orm import defer, selectinload

from ..clocks import service as clocks
from ..clocks.logic.display import format_deadline
from ..core.extensions import db
from ..core.urls import external_url
from ..mail.composers import Image
from ..notifications.settings import zone_of
from ..play.links import move_url
from ..play.models import Game, GameMessage, Move, Seat
from ..play.positions import replay
from ..play.queries import get_game
from .board_image import board, board_png
from .digest_reply import digest_address
from .messages import TURN_PLAYED, ply_of

#: Held mail of these kinds is about a turn: the waiting list says all of it there is to say.
_TURN_KINDS = {"turn", "reminder"}
#: How wide a board is shown in the digest's HTML, in CSS pixels (drawn larger: sharp on a
#: phone).
BOARD_WIDTH = 200
#: How far back "games started" looks: a digest goes once a day.
SINCE = timedelta(days=1)


def contents(_sender, *, player, held, now) -> dict:
    """The digest of ``player`` at ``now``, folding the ``held`` messages: ``waiting`` (nearest
    deadline first), ``news`` (lines), ``reply_to`` and the ``facts`` its boards are drawn
    from, and the ``moot`` turn mail to give up. The waiting games are read in a few queries
    whatever their number."""
    waiting = entries(player, clocks.waiting_games(player.id), now)
    waiting_ids = {entry["game"].id for entry in waiting}
    return {"waiting": waiting, "news": news(player, held, now, waiting_ids),
            "reply_to": digest_address(player.id, now),
            "facts": {"boards": [entry["board"] for entry in waiting]},
            "moot": moot(held)}


def moot(held) -> dict[int, str]:
    """The held turn emails and reminders whose turn was played since they were queued, each
    with why it is given up rather than folded (a turn still waiting has its entry; one played
    has nothing to say): one query for any number of them."""
    turns = [folded for folded in held if folded.kind in _TURN_KINDS and folded.game_id]
    if not turns:
        return {}
    plies = dict(db.session.execute(select(Game.id, Game.ply).where(
        Game.id.in_({folded.game_id for folded in turns}))).all())
    return {folded.id: TURN_PLAYED for folded in turns
            if plies.get(folded.game_id) != folded.facts.get("ply")}


def entries(player, games: list[tuple[Game, int]], now) -> list[dict]:
    """One entry per game waiting for ``player`` (with their seat), nearest deadline first
    (games without one last): the moves since their turn, the deadline in their zone, the
    board to draw and the move link."""
    zone = zone_of(player.id)
    since = moves_since_own_turn(player.id, [game.id for game, _ in games])
    found = []
    for game, seat in games:
        moves = [(game.seats[index], done) for index, done in since.get(game.id, [])]
        played = [done.move for _, done in moves if done.out is None]
        last = played[-1] if played else None
        cid = (f"digest-board-{game.id}-{game.ply}-{secrets.token_hex(3)}"
               f"@{current_app.config['MAIL_DOMAIN']}")
        due = game.to_move_deadline
        found.append({
            "game": game, "seat": game.seats[seat], "moves": moves, "due": due,
            "against": [other.public_name for other in game.seats if other.index != seat],
            "deadline": due and format_deadline(due, zone, now),
            "link": move_url(game, seat),
            "game_url": external_url("play.game", game_id=game.id),
            "board": {"cid": cid, "game_id": game.id, "ply": game.ply, "last": last},
            "board_cid": cid, "board_width": BOARD_WIDTH})
    return sorted(found, key=lambda entry: (entry["due"] is None, entry["due"] or now,
                                            entry["game"].id))


def moves_since_own_turn(player_id: int, game_ids: list[int]) -> dict[int, list]:
    """For each game, the moves since the player last moved in it (their forced passes are
    not moves of their own), each with its seat and the comment sent with it, as the turn
    email lists them: three queries for any number of games."""
    if not game_ids:
        return {}
    own = (select(Move.game_id, func.max(Move.ply).label("ply"))
           .join(Seat, (Seat.game_id == Move.game_id) & (Seat.index == Move.seat))
           .where(Seat.player_id == player_id, Move.game_id.in_(game_ids),
                  Move.auto.is_(False))
           .group_by(Move.game_id).subquery())
    rows = db.session.execute(
        select(Move.game_id, Move.ply, Move.seat, Move.move, Move.auto, Move.text)
        .outerjoin(own, own.c.game_id == Move.game_id)
        .where(Move.game_id.in_(game_ids), Move.ply > func.coalesce(own.c.ply, 0))
        .order_by(Move.game_id, Move.ply)).all()
    comments = {(comment.game_id, comment.ply): comment.body
                for comment in db.session.scalars(select(GameMessage).where(
                    GameMessage.game_id.in_(game_ids), GameMessage.with_move.is_(True)))}
    by_game: dict[int, list] = {}
    for row in rows:
        by_game.setdefault(row.game_id, []).append(row)
    return {game_id: [(row.seat, ply_of(row, comments.get((game_id, row.ply))))
                      for row in found] for game_id, found in by_game.items()}


def news(player, held, now, waiting_ids=frozenset()) -> list[str]:
    """One line for each thing that happened since the last digest, other than a turn: games
    started (those waiting for the player have their entry instead), ended (with their
    result), messages, proposals, invitations, tournament news. A game that is over has its
    ending and nothing else; the same line is never said twice."""
    lines: list[str] = []
    games: dict[int, Game] = {}

    def game_of(game_id):
        if game_id not in games:
            games[game_id] = get_game(game_id)
        return games[game_id]

    started = player_games_started(player.id, now - SINCE)
    for game in started:
        games[game.id] = game
        if not game.is_over and game.id not in waiting_ids:
            lines.append(gettext("%(game)s started: %(names)s.", names=_names(game),
                                 game=f"{game.rules.name} #{game.id}"))
    for folded in held:
        if folded.kind in _TURN_KINDS:
            continue
        if folded.game_id is None:
            lines.append(_what(folded.subject))
            continue
        game = game_of(folded.game_id)
        if folded.kind == "game_over":
            lines.append(gettext("%(game)s ended: %(result)s", result=result_words(game),
                                 game=f"{game.rules.name} #{game.id}"))
        elif not game.is_over:
            lines.append(f"{game.rules.name} #{game.id}: {_what(folded.subject)}")
    return list(dict.fromkeys(lines))


def player_games_started(player_id: int, since) -> list[Game]:
    """The player's games that started at ``since`` or later, oldest first."""
    return list(db.session.scalars(
        select(Game)
        .where(Game.id.in_(select(Seat.game_id).where(Seat.player_id == player_id)),
               Game.started_at >= since)
        .order_by(Game.started_at, Game.id)
        .options(defer(Game.snapshot), selectinload(Game.seats))))


def _names(game) -> str:
    return gettext(" vs ").join(seat.public_name for seat in game.seats)


def result_words(game) -> str:
    """``Bob won.`` or ``drawn.``, in the language spoken now."""
    winners = [game.seats[i].public_name for i in (game.result or {}).get("winners", ())]
    if not winners:
        return gettext("drawn.")
    return gettext("%(names)s won.", names=gettext(" and ").join(winners))


def _what(subject: str) -> str:
    """A folded message's subject without its game tag and rules name (which the line says
    once itself): ``[pbem #12] Stax: a message from P2`` reads ``a message from P2``."""
    rest = subject.split("] ", 1)[-1]
    return rest.split(": ", 1)[-1] if subject.startswith("[pbem #") else rest


def digest_images(outbox_message) -> list[Image]:
    """The small boards the digest's HTML shows, drawn at each delivery attempt from its
    facts (each game as it stood when the digest was written)."""
    images = []
    for shown in outbox_message.facts.get("boards", ()):
        game = get_game(shown["game_id"])
        state = game.load_state() if game.ply == shown["ply"] else replay(game, shown["ply"])
        images.append(Image(shown["cid"], f"board-{game.id}.png",
                            board_png(board(game, state, shown["last"]))))
    return images

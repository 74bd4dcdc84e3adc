"""The mail players get about their games, each queued in the transaction of its cause: the
receivers of play's events (connected by :mod:`.subscriptions`) and the answer to a move sent by
email. Every message goes through ``pbem.notifications`` (the recipient's settings).
"""

from __future__ import annotations

from typing import NamedTuple

from flask import current_app, g

from ..clocks import service as clocks
from ..core.db import utcnow
from ..core.extensions import db
from ..core.i18n import _l, lazy_format
from ..core.urls import external_url
from ..mail.composers import Image, moot_if_played
from ..mail.outbox import bodies, unsubscribe_headers
from ..notifications.delivery import game_subject, message, unsubscribe_url
from ..play import thread
from ..play.links import invitation_url, move_url, reply_address
from ..play.models import FORFEITED, RESIGN, RESIGNED, TIMED_OUT
from ..play.positions import replay
from ..play.queries import get_game, moves_since_turn, resigned_seats
from ..play.termination import ended_words, terminations
from .board_image import board, board_png


def _message_for_game(kind: str, recipient, game, what: str, *, seat=None, **context) -> None:
    """Queue a message about ``game``: the subject names it and its rules, the body links to
    its page; sent to a ``seat``'s player, it carries that seat's reply address, so a reply
    (``comment …``, ``board`` …) is understood."""
    message(kind, recipient, game_subject(game, what), game=game,
            reply_to=None if seat is None else reply_address(game, seat.index),
            context={"game_url": external_url("play.game", game_id=game.id), "seat": seat,
                     **context})


def turn_begins(game, *, seat, state, moves=()) -> None:
    """Email ``seat``, whose turn begins in ``state``.

    The email is queued as its facts (the seat and the ply) and composed when it goes out
    (:func:`compose_turn`), listing every move since the player's previous turn (``moves``,
    the plies that just led here, are only the last of them).
    """
    message("turn", game.seats[seat].player,
            game_subject(game, _l("your turn (ply %(ply)s)", ply=game.ply + 1)),
            game=game, facts={"seat": seat, "ply": game.ply})


#: How a resignation's kind (the ply's text) reads in a list of moves.
_OUT = {RESIGNED: _l("resigned"), TIMED_OUT: _l("ran out of time (counted as resigning)"),
        FORFEITED: _l("forfeited")}


class _Ply(NamedTuple):
    move: str
    auto: bool
    #: For a resignation, timeout or forfeit, what the seat did; ``None`` for a move.
    out: str | None
    #: The comment the player sent with the move (``pbem.play.thread``), if any.
    comment: str | None = None


class _Turn(NamedTuple):
    """A turn email's facts, read back: the game, the reader's seat, the position at the ply,
    the moves since the reader last moved, the one to mark on the board and the board as
    mail draws it."""

    game: object
    seat: int
    ply: int
    state: object
    moves: list
    last_move: str | None
    drawn: object


def _turn(outbox_message) -> _Turn:
    """The turn its facts name, read once per message and transaction: a first delivery
    attempt composes the message and then draws its board in one transaction, and reading
    the game, replaying it and drawing the SVG twice cost a tenth of that attempt. The last
    one read is kept, with the transaction its game was loaded in."""
    key = (db.session().get_transaction(), outbox_message.id, outbox_message.facts["seat"],
           outbox_message.facts["ply"])
    kept = g.get("pbem_turn")
    if kept is None or kept[0] != key:
        kept = g.pbem_turn = (key, _read_turn(outbox_message))
    return kept[1]


def _read_turn(outbox_message) -> _Turn:
    game = get_game(outbox_message.game_id)
    seat, ply = outbox_message.facts["seat"], outbox_message.facts["ply"]
    state = game.load_state() if game.ply == ply else replay(game, ply)
    moves = moves_since(game, seat, ply)
    played = [done.move for _, done in moves if done.out is None]
    last_move = played[-1] if played else None
    return _Turn(game, seat, ply, state, moves, last_move, board(game, state, last_move))


def moves_since(game, seat: int, ply: int) -> list[tuple[object, _Ply]]:
    """The moves up to ``ply`` since ``seat`` last moved, each with its seat and the comment
    sent with it: what the player is told happened while they waited."""
    rows = moves_since_turn(game.id, seat, ply)
    comments = thread.comments_on(game.id, rows[0].ply, rows[-1].ply) if rows else {}
    return [(game.seats[row.seat],
             ply_of(row, comments[row.ply].body if row.ply in comments else None))
            for row in rows]


def ply_of(row, comment: str | None = None) -> _Ply:
    """A stored ply (a row with ``move``, ``auto`` and ``text``) as mail lists it, with the
    ``comment`` sent with it."""
    return _Ply(row.move, row.auto,
                _OUT.get(row.text, _OUT[RESIGNED]) if row.move == RESIGN else None, comment)


#: Why a turn email or reminder is given up when it would go (``mail.composers.Moot``).
TURN_PLAYED = "the turn it announced was played"


def compose_turn(outbox_message) -> None:
    """Write a turn email queued as facts, from the game as it stood at their ply.

    :raises Moot: the turn was played while the recipient's settings held the email back
        (``deferred``: the quiet hours): its link is dead, and the player has moved on.
    """
    turn = _turn(outbox_message)
    moot_if_played(outbox_message.facts, turn.game.ply, TURN_PLAYED)
    context, reply_to = turn_context(turn)
    context.update(game=turn.game, subject=outbox_message.subject)
    link = unsubscribe_url(outbox_message.facts.get("unsubscribe"))
    outbox_message.body_text, outbox_message.body_html = bodies(outbox_message.kind, context,
                                                                link)
    outbox_message.headers = {**outbox_message.headers, "Reply-To": reply_to,
                              **unsubscribe_headers(link)}


def turn_images(outbox_message) -> list[Image]:
    """The board the turn email's HTML shows, drawn again at each delivery attempt from the
    facts (the outbox keeps text only)."""
    turn = _turn(outbox_message)
    return [Image(_board_id(turn), "board.png", board_png(turn.drawn))]


def _board_id(turn: _Turn) -> str:
    return f"board-{turn.game.id}-{turn.ply}@{current_app.config['MAIL_DOMAIN']}"


def turn_context(turn: _Turn) -> tuple[dict, str]:
    """The turn email's template context and Reply-To address."""
    game, seat, drawn = turn.game, turn.seat, turn.drawn
    context = {
        "seat": game.seats[seat],
        "moves": turn.moves,
        "board": game.renderer.text(turn.state, last_move=turn.last_move),
        "board_cid": _board_id(turn),
        "board_width": drawn.width,
        "board_notes": drawn.notes,
        "link": move_url(game, seat, turn.ply),
        "deadline": clocks.deadline_text(game, seat, game.seats[seat].player_id, utcnow()),
        "game_url": external_url("play.game", game_id=game.id),
        "remarks": [remark for remarks in turn_remarks
                    if (remark := remarks(game, seat, turn.ply))],
    }
    return context, reply_address(game, seat, turn.ply)


#: What other packages add to a turn email, each ``callable(game, seat, ply) -> str | None``,
#: handed over at start-up (the conditional moves: why they were cleared).
turn_remarks: list = []


def seat_out(game, *, state, moves) -> None:
    """Tell everyone still playing a game of three or four that a seat resigned or forfeited
    and the game goes on without it (the clocks' tick tells of a timeout itself; a game it
    ends is told by :func:`game_over`)."""
    leavers = [move for move in moves if move.move == RESIGN and move.text != TIMED_OUT]
    if not leavers or game.rules.is_over(state):
        return
    gone = set(resigned_seats([game.id]).get(game.id, ()))
    for leaver in leavers:
        who = game.seats[leaver.seat]
        how = _OUT.get(leaver.text, _OUT[RESIGNED])
        for seat in game.seats:
            if seat.index not in gone:
                _message_for_game("seat_out", seat.player, game,
                                  lazy_format("{} {}", who.label, how), seat=seat, out=who,
                                  how=how)


#: Who decided a game its moves did not end, as the game-over email says it.
_DECIDED = {"agreed": _l("The players agreed to end it."),
            "automatic": _l("pbem adjudicated it at the tournament's deadline, as the "
                            "tournament's deadline policy says."),
            "adjudicated": _l("The tournament director adjudicated it.")}


def game_over(game, *, state, how) -> None:
    """Email every seat the result; queued as facts and written when it goes out
    (:func:`compose_game_over`: a tick that ends hundreds of games by timeout spent most of
    its time filling these templates)."""
    for seat in game.seats:
        message("game_over", seat.player, game_subject(game, _l("game over")), game=game,
                facts={"seat": seat.index})


def compose_game_over(outbox_message) -> None:
    """Write a game-over message queued as facts, from the finished game: the result, who
    decided it when its moves did not, and the comment sent with the last move (to the others
    than its author: their turn email would have carried it)."""
    game = get_game(outbox_message.game_id)
    seat = game.seats[outbox_message.facts["seat"]]
    last = thread.comments_on(game.id, game.ply, game.ply).get(game.ply) if game.ply else None
    comment = last if last is not None and last.seat != seat.index else None
    link = unsubscribe_url(outbox_message.facts.get("unsubscribe"))
    state = game.load_state()
    drawn = _final_board(game)
    context = {"game": game, "subject": outbox_message.subject, "seat": seat,
               "winners": [game.seats[i].player.name for i in game.result["winners"]],
               "board": game.renderer.text(state),
               "board_cid": _final_board_id(game), "board_width": drawn.width,
               "board_notes": drawn.notes,
               "ended": ended_words(terminations([game])[game.id], game.result,
                                   game.rules.end_reason(state)),
               "decided": next((words for flag, words in _DECIDED.items()
                                if game.result.get(flag)), ""),
               "comment": comment and (game.seats[comment.seat], comment.body),
               "game_url": external_url("play.game", game_id=game.id)}
    outbox_message.body_text, outbox_message.body_html = bodies("game_over", context, link)
    outbox_message.headers = {**outbox_message.headers,
                              "Reply-To": reply_address(game, seat.index),
                              **unsubscribe_headers(link)}


def _final_board(game):
    played = [move.move for move in game.moves if move.move != RESIGN]
    return board(game, game.load_state(), played[-1] if played else None)


def _final_board_id(game) -> str:
    return f"board-{game.id}-{game.ply}-end@{current_app.config['MAIL_DOMAIN']}"


def game_over_images(outbox_message) -> list[Image]:
    """The final position the game-over email's HTML shows, drawn at each attempt."""
    game = get_game(outbox_message.game_id)
    return [Image(_final_board_id(game), "board.png", board_png(_final_board(game)))]


def end_proposed(game, *, proposer: int, seats: list[int], outcome: str) -> None:
    """Ask ``seats`` to answer ``proposer``'s proposal to end the game (``outcome``: how it
    would end), each with a link for their own seat, live until the next ply."""
    for index in seats:
        _message_for_game("end_offer", game.seats[index].player, game,
                          "proposal to end the game", seat=game.seats[index],
                          proposer=game.seats[proposer], outcome=outcome,
                          link=move_url(game, index))


def end_declined(game, *, decliner: int, seats: list[int]) -> None:
    """Tell the seats that had agreed to end the game that ``decliner`` did not."""
    for index in seats:
        _message_for_game("end_declined", game.seats[index].player, game, "the game goes on",
                          seat=game.seats[index], decliner=game.seats[decliner])


def invitation(game, *, seat) -> None:
    """Invite ``seat``'s player, with a signed link to accept or decline.

    The subject names the game, never the inviter: a display name is text anyone can choose,
    and a subject is what a recipient reads before deciding whether the mail is spam."""
    message(
        "invitation",
        seat.player,
        game_subject(game, _l("an invitation to a rematch") if game.rematch_of_id
                     else _l("an invitation to play")),
        game=game,
        reply_to=reply_address(game, seat.index),
        context={"seat": seat, "link": invitation_url(game, seat)},
    )


def declined(game, *, seat) -> None:
    """Tell the others that ``seat`` declined, so the game will not start."""
    for other in game.seats:
        if other is not seat:
            message(
                "declined",
                other.player,
                game_subject(game, _l("%(seat)s declined the invitation", seat=seat.label)),
                game=game,
                reply_to=reply_address(game, other.index),
                context={"seat": other, "declined_by": seat},
            )


def message_posted(game, *, posted) -> None:
    """Mail a message posted to the game's thread to every other player, each with a reply
    address of their own, so they can answer with ``comment …`` (or their move, on their
    turn)."""
    author = game.seats[posted.seat]
    for other in game.seats:
        if other is not author:
            message("comment", other.player,
                    game_subject(game, _l("a message from %(seat)s", seat=author.label)),
                    game=game,
                    reply_to=reply_address(game, other.index),
                    context={"seat": other, "sender": author, "text": posted.body,
                             "game_url": external_url("play.game", game_id=game.id)})

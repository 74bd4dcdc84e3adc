"""Rendering the game page and the move preview (shared by the signed-in and link routes)."""

from __future__ import annotations

from dataclasses import dataclass, field

from flask import g, render_template, url_for
from flask_babel import gettext
from markupsafe import Markup

from ..accounts.blocks import Blocked
from ..core.db import utcnow
from ..core.errors import PbemError
from . import agreement, events, thread
from .forms import BotsResignForm, ConfirmMoveForm, EndForm, MessageForm, MoveForm, ResignForm
from .models import ACTIVE, FINISHED, RESIGN
from .move_picker import composer, mark_turn, move_groups
from .phrases import rules_word
from .positions import replay
from .queries import history
from .rematch import REMATCH_STATES, rematch_of
from .termination import ended_words, termination


def _endpoint(name: str, game, token):
    if token is not None:
        return url_for(f"play.link_{name}", token=token)
    return url_for(f"play.{name}", game_id=game.id)


def _last_turn(rules, shown) -> list[str]:
    """The plies of the last turn among the moves ``shown``: the last ply, or in a game of
    several plies a turn, the trailing run by one seat."""
    turn = shown[-1:]
    while rules.multi_ply_turns and len(turn) < len(shown):
        before = shown[-len(turn) - 1]
        if before.seat != turn[0].seat:
            break
        turn = [before, *turn]
    return [move.move for move in turn]


def _board(game, state, turn: list[str]):
    """The board after ``turn`` (the plies of the last turn, every one marked)."""
    renderer = game.renderer
    plies = [ply for ply in turn if ply != RESIGN]
    last = plies[-1] if plies and turn[-1] != RESIGN else None
    picture = mark_turn(renderer, renderer.svg(state, last_move=last), plies)
    return {
        "svg": Markup(picture),
        "description": renderer.describe(state),
        "scores": game.rules.scores(state),
        "to_move": game.rules.to_move(state),
    }


@dataclass
class Turn:
    """One turn of the move list: its number, the seat that played it and its plies."""

    number: int
    seat: int
    plies: list = field(default_factory=list)


def turns(moves, multi_ply: bool) -> list[Turn]:
    """The history grouped by turn, as readers count moves: in a game whose turns have several
    plies (Spike, Triumvirate) a turn is the run of plies one seat played from one typed turn
    (each ply of a turn keeps the whole typed text); in the others every ply is a turn."""
    grouped: list[Turn] = []
    for move in moves:
        last = grouped[-1].plies[-1] if grouped else None
        if not (multi_ply and last is not None and last.seat == move.seat
                and last.text == move.text):
            grouped.append(Turn(len(grouped) + 1, move.seat))
        grouped[-1].plies.append(move)
    return grouped


def _move_form(form, game, legal: list[str]):
    """The move form with its pick list grouped by piece or cell (``move_groups``): without
    JavaScript a grouped select, with it the type-ahead picker (static/compose.js)."""
    choices = {None: [("", gettext("— choose —"))]}
    for head, moves in move_groups(game.renderer, legal):
        choices[f"{head} ({len(moves)})"] = [(m, m) for m in moves]
    form.choice.choices = choices
    return form


def turn_json(game, seat, preview) -> dict:
    """A turn composed so far on the page, as static/compose.js continues it without a page
    load: the canonical plies, whether the turn is whole, the board after them (every ply
    marked), and while it is not whole the legal next plies with their routes and the pictures
    of their choices."""
    data = {"turn": " ".join(preview.plies), "complete": preview.complete,
            "svg": str(_board(game, preview.state, preview.plies)["svg"])}
    if not preview.complete:
        built = composer(game.renderer, preview.next_moves, seat)
        data["plies"] = built["script"]["plies"]
        data["choices"] = [[value, str(picture), words, rules_word(value)]
                           for value, picture, words in built["choices"]]
    return data


def render_game(game, seat, *, at=None, token=None, form=None, error=None, message_form=None,
                message_error=None, notice=None, status=200):
    """The game page: board, whose turn, scores, moves, players, result; for the seat to move,
    the move form (``at``: show the position after that ply instead, read-only); the comments
    and the thread for those who may read them, with the message form for the players
    (``notice``: a confirmation shown as flashed messages are)."""
    moves = history(game.id)
    context = {"game": game, "seat": seat, "moves": moves, "at": at, "token": token,
               "turns": turns(moves, game.rules.multi_ply_turns),
               "error": error, "notice": notice,
               **events.page_context(game, _reader(game, seat, token), utcnow())}
    # The snapshot is the position after the last ply: no replay needed to show it.
    state = game.load_state() if at in (None, game.ply) else replay(game, at, moves)
    if state is not None:
        shown = moves[: game.ply if at is None else at]
        context.update(_board(game, state, _last_turn(game.rules, shown)))
        context["last_ply"] = len(shown)
    if game.status == FINISHED:
        last = moves[-1] if moves else None
        key = termination(game.result, last and last.move, last and last.text)
        context["ended"] = ended_words(key, game.result, None if "reason" in game.result
                                       else game.rules.end_reason(game.load_state()))
        context.update(rematch=rematch_of(game), rematch_states=REMATCH_STATES)
    rules = game.rules
    can_move = (at is None and game.status == ACTIVE and seat is not None
                and rules.to_move(state) == seat)
    if can_move:
        legal = rules.legal_moves(state)
        context["form"] = _move_form(form or MoveForm(formdata=None, ply=game.ply), game,
                                     legal)
        context["legal"] = legal
        context["composer"] = composer(game.renderer, legal, seat)
        context.update(_composing_urls(game, token))
    context.update(_messages(game, seat, token, message_form, message_error))
    if at is None and game.status == ACTIVE and seat is not None:
        context["resign_form"] = ResignForm(formdata=None, ply=game.ply)
        context["resign_url"] = _endpoint("resign", game, token)
        if any(other.player.is_bot for other in game.seats) and token is None:
            context.update(bots_resign_form=BotsResignForm(formdata=None))
        if seat in agreement.players_in(game):
            context.update(end_form=EndForm(formdata=None, ply=game.ply),
                           end_url=_endpoint("end", game, token),
                           end_offer=game.end_proposal,
                           end_proposed=seat in agreement.proposed_now(game),
                           end_outcome=agreement.outcome_text(game))
    return render_template("play/game.html", **context), status


def _composing_urls(game, token) -> dict:
    """Where the move form previews a typed move, and, in a game of several plies a turn,
    where the page asks for the next plies of a turn composed so far and sends the whole turn
    once it is complete."""
    urls = {"preview_url": _endpoint("preview", game, token)}
    if game.rules.multi_ply_turns:
        urls.update(turn_url=_endpoint("turn_json", game, token),
                    send_url=_endpoint("move", game, token))
    return urls


def _messages(game, seat, token, form, error) -> dict:
    """The comments (by the ply they went with) and the thread, if ``seat`` may read them, and
    the message form if it may post."""
    if not thread.readable(game, seat):
        return {}
    messages = thread.messages_of(game.id)
    context = {"messages": messages,
               "comments": {m.ply: m for m in messages if m.with_move},
               "message_error": error}
    try:
        thread.check_may_post(game, seat)
    except Blocked as exc:  # a player who may not post is told why
        return {**context, "message_error": context["message_error"] or exc.message}
    except PbemError:
        return context
    context.update(message_form=form or MessageForm(formdata=None), may_comment=True,
                   message_url=_endpoint("post_message", game, token))
    return context


def _may_post(game, seat) -> bool:
    """Whether ``seat`` may post to the thread, and so send a comment with a move."""
    try:
        thread.check_may_post(game, seat)
    except PbemError:
        return False
    return True


def _reader(game, seat, token) -> int | None:
    """Whose time zone deadlines are shown in: the signed-in player's, the move link's seat's;
    nobody's (UTC) for anonymous readers."""
    if g.get("player") is not None:
        return g.player.id
    return game.seats[seat].player_id if token is not None and seat is not None else None


def render_preview(game, seat, preview, text, ply, *, token=None, comment=""):
    """The position a typed turn leads to, with Confirm (or, mid-turn, the next step); the
    ``comment`` goes along to the confirmation."""
    context = {"game": game, "seat": seat, "token": token, "text": text, "preview": preview,
               "may_comment": _may_post(game, seat),
               "game_url": url_for("play.game", game_id=game.id) if token is None
               else url_for("play.link", token=token)}
    context.update(_board(game, preview.state, preview.plies))
    if preview.complete:
        context["confirm_form"] = ConfirmMoveForm(formdata=None, move=text, ply=ply,
                                                  comment=comment)
        context["confirm_url"] = _endpoint("move", game, token)
    else:
        context["form"] = _move_form(MoveForm(formdata=None, turn=text, ply=ply,
                                              comment=comment), game, preview.next_moves)
        context["legal"] = preview.next_moves
        context["composer"] = composer(game.renderer, preview.next_moves, seat)
        context.update(_composing_urls(game, token))
    return render_template("play/preview.html", **context)

"""Game pages, move links, previews and confirmations, new games and invitations.

Two ways to act in a game share every handler: signed in as the seat's player
(``/games/<id>/…``) or through a signed move link (``/play/<token>/…``). A GET never changes
anything; a move is previewed (a POST that stores nothing), then confirmed (a POST).
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from flask_babel import gettext as _

from ..accounts.auth import login_required, sign_in_session
from ..accounts.blocks import Blocked
from ..core.db import MAX_INT
from ..core.errors import PbemError
from ..core.extensions import csrf
from ..core.i18n import _l
from ..core.validators import BadNumber, whole_number
from ..games import IllegalMove, all_rules
from . import commands, links, new_game, page, service, setup, thread
from .errors import NotYourTurn, PositionChanged
from .forms import (
    READ_ONLY,
    BotsResignForm,
    ConfirmedMove,
    EndForm,
    MessageForm,
    MoveForm,
    NewGameForm,
    ResignForm,
    RespondForm,
)
from .limits import RateLimited
from .options import changed_options
from .phrases import option_help, refusal, rules_word
from .queries import get_game, players_to_offer
from .rematch import REMATCH_STATES, RematchOffered
from .thread import MessageRefused

bp = Blueprint("play", __name__)
bp.add_app_template_filter(refusal, "refusal")  # the rules' reasons, translated
bp.add_app_template_filter(rules_word, "rules_word")  # a choice's name, translated
bp.add_app_template_filter(option_help, "option_help")  # what a game's option does, translated
bp.add_app_template_global(changed_options)

#: Why a post was not acted on (``_act``'s ``incomplete``), read in the page's language when
#: shown: made once here, as a move's every request would otherwise translate one unread.
MOVE_INCOMPLETE = _l("The move form was incomplete.")
RESIGN_UNTICKED = _l("Tick the box to confirm that you resign.")
END_INCOMPLETE = _l("The form was incomplete.")


# ----- viewing ---------------------------------------------------------------------------------


@bp.get("/games/<int:game_id>")
def game(game_id):
    game = get_game(game_id)
    seat = game.seat_of(g.player)
    at = request.args.get("ply")
    if at is not None:
        try:
            at = whole_number(at, 0, game.ply, "ply")
        except BadNumber:
            abort(404, _("Game #%(id)s has no ply %(ply)r: it has %(plies)s.", id=game.id,
                         ply=at[:20], plies=game.ply))
    return page.render_game(game, seat.index if seat else None, at=at,
                            notice=_played_notice(game, request.args.get("played")))


def _played_notice(game, played: str | None) -> str | None:
    """What a move's redirect (``?played=<its ply>``) says on the game page: said from the
    address and the game, not from a flashed message, so the move's response sets no cookie.
    Only a ply the game has reached is confirmed; anything else says nothing."""
    try:
        ply = whole_number(played, 1, game.ply, "ply") if played is not None else None
    except BadNumber:
        return None
    return None if ply is None else f"Your move was played (ply {ply})."


@bp.get("/play/<token>")
def link(token):
    game, seat = links.open_token(token)
    return page.render_game(game, seat, token=token)


# ----- acting: the same handlers for a signed-in seat and for a move link -----------------------


def _actor(game_id=None, token=None, *, lock=False):
    """The game and seat acting: from the move link, or the signed-in player's seat
    (``lock``: the game row locked, for a handler that will write to it)."""
    if token is not None:
        return links.open_token(token, lock=lock)
    if g.player is None:
        abort(403, _("Sign in (or use the link in your turn email) to move in this game."))
    if g.player.is_bot:
        abort(403, _("A bot account plays through the API, not through these pages."))
    game = get_game(game_id, lock=lock)
    seat = game.seat_of(g.player)
    if seat is None:
        raise NotYourTurn(_("You do not play in this game."), "not-in-game")
    return game, seat.index


@bp.post("/games/<int:game_id>/preview", endpoint="preview")
def preview(game_id=None, token=None):
    """What a typed turn would do (stores nothing)."""
    game, seat = _actor(game_id, token)
    form = MoveForm(meta=READ_ONLY)
    if not form.validate_on_submit():
        error = (form.move.errors or form.turn.errors or form.comment.errors
                 or [_("The move form was incomplete; reload the game page and try again.")])[0]
        return page.render_game(game, seat, token=token, form=_shown_again(form.data),
                                error=error, status=422)
    text = form.typed_turn()
    try:
        preview = service.preview_turn(game, seat, text, form.ply.data)
    except IllegalMove as exc:
        return page.render_game(game, seat, token=token, form=_shown_again(form.data),
                                error=exc, status=422)
    except PositionChanged as exc:
        return page.render_game(game, seat, token=token, error=exc.message, status=409)
    return page.render_preview(game, seat, preview, text, form.ply.data, token=token,
                               comment=thread.normalised(form.comment.data))


@bp.get("/games/<int:game_id>/turn.json", endpoint="turn_json")
def turn_json(game_id=None, token=None):
    """A turn composed so far on the page (``?turn=<plies separated by spaces>&ply=<ply>``):
    checked as the preview checks it, stores nothing; the page continues the turn from the
    answer (``page.turn_json``) and sends it whole. A refusal (400 bad input, 422 a refused
    step, 409 the position changed, 403 not this seat's turn) is ``{"error": ...}`` for the
    page's script, which asks for JSON, and the usual error page for anyone else."""
    def refused(message: str, status: int):
        if request.accept_mimetypes.best == "application/json":
            return {"error": message}, status
        raise PbemError(message, "refused", status)

    game, seat = _actor(game_id, token)
    text = request.args.get("turn", "")
    try:
        ply = whole_number(request.args.get("ply", ""), 0, MAX_INT, "ply")
    except BadNumber as exc:
        return refused(str(exc), 400)
    if len(text) > 400 or not text.strip():
        return refused("A turn is at most 400 characters, and not empty.", 400)
    try:
        preview = service.preview_turn(game, seat, text, ply)
    except IllegalMove as exc:
        return refused(refusal(exc), 422)
    except PbemError as exc:
        return refused(exc.message, exc.status)
    return page.turn_json(game, seat, preview)


@bp.get("/play/<token>/turn.json", endpoint="link_turn_json")
def link_turn_json(token):
    return turn_json(token=token)


def _shown_again(data: dict) -> MoveForm:
    """The move form refilled with what a post sent (its fields' ``data``), to show with its
    error: a fresh form, so that it carries the session's CSRF token for a signed-in player
    to post again (a move link needs none)."""
    return MoveForm(formdata=None, data=data)


def _checked(form_class):
    """A reader of the post for :func:`_act`: the ``form_class`` form, read with
    ``READ_ONLY``, or ``None`` when it does not check."""
    def read():
        form = form_class(meta=READ_ONLY)
        return form if form.validate_on_submit() else None
    return read


def _act(game_id, token, read, incomplete: str, act):
    """What every acting handler shares: the game is read once, locked, and ``act(game, seat,
    posted)`` applied to that load once ``read()`` found the post complete (``None``: it is
    not); a lost race shows the board as it now stands. ``act`` answers with a response of its
    own (a page, a redirect), or with what it did, which is flashed on the game page. ``act``
    runs a command (:mod:`.commands`) in the request's unit of work, which commits once the
    view answered. (The game's id is kept aside: a lost race's rollback expires the object,
    and reading it again would cost two queries.)"""
    game, seat = _actor(game_id, token, lock=True)
    game_id = game.id
    form = read()
    if form is None:
        return page.render_game(game, seat, token=token, error=incomplete, status=422)
    try:
        done = act(game, seat, form)
    except PositionChanged as exc:
        return page.render_game(get_game(game_id), seat, token=token, error=exc.message,
                                status=409)
    if not isinstance(done, str):
        return done
    flash(done)
    return redirect(url_for("play.game", game_id=game_id), 303)


@bp.post("/games/<int:game_id>/move", endpoint="move")
def move(game_id=None, token=None):
    """Confirm a move: the same command as a move sent by email."""
    def play(game, seat, confirmed: ConfirmedMove):
        game_id = game.id  # read before the commit expires it
        try:
            commands.play_turn(game, seat, confirmed.move, confirmed.ply, confirmed.comment)
        except (IllegalMove, MessageRefused, Blocked) as exc:
            error = exc if isinstance(exc, IllegalMove) else exc.message
            return page.render_game(game, seat, token=token, error=error,
                                    form=_shown_again(confirmed._asdict()),
                                    status=403 if isinstance(exc, Blocked) else 422)
        # The game page confirms it from the address (``_played_notice``): a flash would
        # re-sign the session cookie, a tenth of a move's request. The query (a number) is
        # written here: Werkzeug's query encoding cost as much as building the rest of the
        # address, a seventieth of the request.
        return redirect(f"{url_for('play.game', game_id=game_id)}?played={confirmed.ply + 1}",
                        303)

    return _act(game_id, token, lambda: ConfirmedMove.read(request.form),
                MOVE_INCOMPLETE, play)


@bp.post("/games/<int:game_id>/resign", endpoint="resign")
def resign(game_id=None, token=None):
    def give_up(game, seat, form):
        try:
            commands.resign(game, seat, form.ply.data)
        except IllegalMove as exc:
            raise PbemError(refusal(exc), exc.code, 409) from None
        return _("You resigned.")

    return _act(game_id, token, _checked(ResignForm), RESIGN_UNTICKED, give_up)


@bp.post("/games/<int:game_id>/end", endpoint="end")
def end(game_id=None, token=None):
    """Agree to end the game (propose it, or accept the proposal), or decline."""
    def answer(game, seat, form):
        if form.answer.data == "decline":
            commands.decline(game, seat, form.ply.data)
            done = _("The proposal to end the game is withdrawn; the game goes on.")
        elif commands.agree(game, seat, form.ply.data):
            return _("The game is over: ended by agreement.")
        else:
            done = _("You agreed to end the game; the other players have been asked.")
        if token is None:
            return done
        flash(done)  # back to the link, which works until the next ply
        return redirect(url_for("play.link", token=token), 303)

    return _act(game_id, token, _checked(EndForm), END_INCOMPLETE, answer)


@bp.post("/games/<int:game_id>/bots-resign")
@login_required
def bots_resign(game_id):
    """A player of the game lets its bots resign a lost game, or makes them play it out."""
    game = get_game(game_id, lock=True)
    seat = game.seat_of(g.player)
    if seat is None or g.player.is_bot:
        abort(403, _("Only the game's players can choose whether its bots may resign."))
    if game.status != "active":
        abort(409, _("The game is not being played: there is nothing to choose."))
    form = BotsResignForm()
    if not form.validate():
        abort(400, _("The form was incomplete: choose on or off."))
    commands.set_bots_resign(game, form.allow.data == "1")
    flash(_("The bots in this game may resign a lost game.") if form.allow.data == "1"
          else _("The bots in this game will play it to the end."))
    return redirect(url_for("play.game", game_id=game_id)), 303


@bp.post("/games/<int:game_id>/messages", endpoint="post_message")
def post_message(game_id=None, token=None):
    """Post to the game's thread (players only: ``thread.check_may_post``)."""
    game, seat = _actor(game_id, token, lock=True)
    game_id = game.id
    thread.check_may_post(game, seat)  # who may not post at all gets an error page
    form = MessageForm(meta=READ_ONLY)
    refill = MessageForm(formdata=None, body=form.body.data)  # with a CSRF token to post again
    if not form.validate_on_submit():
        error = (form.body.errors or ["The message form was incomplete."])[0]
        return page.render_game(game, seat, token=token, message_form=refill,
                                message_error=error, status=422)
    try:
        commands.post_message(game, seat, form.body.data)
    except (MessageRefused, RateLimited) as exc:  # said beside the thread; others: error page
        return page.render_game(get_game(game_id), seat, token=token, message_form=refill,
                                message_error=exc.message, status=exc.status)
    flash(_("Your message was posted."))
    if token is not None:
        return redirect(url_for("play.link", token=token, _anchor="messages"), 303)
    return redirect(url_for("play.game", game_id=game_id, _anchor="messages"), 303)


def _by_link(path: str, view) -> None:
    """Serve ``view`` to a move link too, at ``/play/<token>/<path>`` as ``play.link_<name>``,
    without the session's CSRF token: the signed token in the address is the post's proof. A
    forging page cannot know it and the session's cookie grants a link nothing, so asking for
    the session's token as well only turned away players whose mail app opens links in a
    browser that keeps no cookies (and cost a twentieth of a move's request)."""
    def by_link(token):
        return view(token=token)

    name = view.__name__
    by_link.__name__ = by_link.__qualname__ = f"link_{name}"  # what ``csrf.exempt`` keys on
    bp.add_url_rule(f"/play/<token>/{path}", f"link_{name}", csrf.exempt(by_link),
                    methods=["POST"])


for _path, _view in (("preview", preview), ("move", move), ("resign", resign), ("end", end),
                     ("messages", post_message)):
    _by_link(_path, _view)


# ----- new games and invitations -------------------------------------------------------------


@bp.get("/new")
@login_required
def choose_game():
    opponent = new_game.challenged(request.args.get("opponent"), g.player)
    return render_template("play/choose.html", games=all_rules(), opponent=opponent)


@bp.route("/new/<slug>", methods=["GET", "POST"])
@login_required
def new(slug):
    """A new game; ``?opponent=<id>`` makes it a challenge by name (from the player's page):
    that player is offered, and chosen, among the players named."""
    rules = new_game.rules_or_404(slug)
    opponent = new_game.challenged(request.args.get("opponent"), g.player)
    form = NewGameForm()
    known = players_to_offer(g.player)
    if opponent is not None and opponent not in known:
        known.append(opponent)
    new_game.fill_choices(form, rules, known)
    if request.method == "GET":
        form.seats.data = g.player.email
        form.players.data = rules.player_counts[0]
        if opponent is not None:
            form.known.data = [opponent.id]
    elif form.validate_on_submit():
        try:
            game = new_game.create_from_form(rules, form, request.form, g.player, known)
        except PbemError as exc:
            form.seats.errors.append(exc.message)
            return new_game.render_form(rules, form, request.form, exc.status, opponent)
        flash(_("Game created.") if game.status == "active" else _("Invitations sent."))
        return redirect(url_for("play.game", game_id=game.id), 303)
    return new_game.render_form(rules, form, request.form, opponent=opponent)


@bp.post("/games/<int:game_id>/rematch")
@login_required
def rematch(game_id):
    """Offer the players of a finished game the same game again, seats rotated; a second offer
    points to the first."""
    game = get_game(game_id, lock=True)
    try:
        offered = commands.offer_rematch(game, g.player)
    except RematchOffered as exc:
        flash(f"{exc.message} {REMATCH_STATES[exc.rematch.status]}")
        return redirect(url_for("play.game", game_id=exc.rematch.id), 303)
    flash(_("Rematch offered: the other players are invited.")
          if offered.status == "invited" else _("Rematch started."))
    return redirect(url_for("play.game", game_id=offered.id), 303)


@bp.route("/invitations/<token>", methods=["GET", "POST"])
def invitation(token):
    """An emailed invitation: GET shows the choice; the POST answers (and signs the player in,
    as the link proves the address). A browser signed in as someone else is asked first: the
    answer would switch its session to the invited account."""
    game, seat = setup.open_invitation(token)
    form = RespondForm()
    someone_else = g.player is not None and g.player.id != seat.player_id
    context = {"game": game, "seat": seat, "form": form, "someone_else": someone_else}
    if form.validate_on_submit():
        if someone_else and request.form.get("switch") != "1":
            return render_template("play/invitation.html", **context, error=_(
                "Tick the box to answer as the invited player, or open the invitation in "
                "another browser.")), 409
        commands.respond(game, seat, accept="accept" in request.form)
        sign_in_session(seat.player)
        return redirect(url_for("play.game", game_id=game.id), 303)
    return render_template("play/invitation.html", **context)


@bp.post("/games/<int:game_id>/respond")
@login_required
def respond(game_id):
    game = get_game(game_id)
    seat = game.seat_of(g.player)
    if seat is None:
        raise NotYourTurn(_("You are not invited to this game."), "not-in-game")
    if RespondForm().validate_on_submit():
        commands.respond(game, seat, accept="accept" in request.form)
    return redirect(url_for("play.game", game_id=game.id), 303)

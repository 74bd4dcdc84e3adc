"""The new-game form: the game's options as fields; players by exact address, or by name among
those the creator has played with or who let themselves be found (never by address), or the
player challenged by name from their page (``?opponent=<id>``)."""

from __future__ import annotations

from flask import abort, render_template

from ..accounts.blocks import refuse_if_blocked
from ..accounts.models import Player
from ..accounts.service import BadEmail, get_player, player_by_email
from ..core.db import utcnow
from ..core.errors import PbemError
from ..core.i18n import _l
from ..games import UnknownGame, get_rules
from . import commands, limits
from .forms import chosen_options, option_fields


def rules_or_404(slug: str):
    try:
        return get_rules(slug)
    except UnknownGame as exc:
        abort(404, str(exc))


def challenged(player_id, creator) -> Player | None:
    """The player challenged by name (the ``opponent`` of the new-game pages), or None when
    there is no challenge: any ``challengeable`` player.
    The challenge itself is an invitation like any other (:func:`create_from_form`).

    :raises NotFound: no such player to challenge.
    :raises PbemError: challenging oneself.
    :raises Blocked: a block stands between the two.
    """
    if player_id is None:
        return None
    player = get_player(player_id)
    if player is None or not player.challengeable:
        abort(404, _l("There is no such player to challenge."))
    if player.id == creator.id:
        raise PbemError(_l("You cannot challenge yourself."), "self", 422)
    refuse_if_blocked(creator, [player], "challenges")
    return player


def fill_choices(form, rules, known) -> None:
    form.players.choices = [(n, str(n)) for n in rules.player_counts]
    form.known.choices = [(p.id, p.name) for p in known]


def render_form(rules, form, form_data, status=None, opponent=None):
    status = status or (422 if form.errors else 200)
    return render_template("play/new.html", rules=rules, form=form, opponent=opponent,
                           options=option_fields(rules, form_data)), status


def create_from_form(rules, form, form_data, creator, known):
    """Create the game the form describes; ``known`` are the players the form offered by name.

    :raises PbemError: a bad address, the wrong number of players, a bad option or time
        control (``BadSetup``).
    """
    players = []
    for line in (form.seats.data or "").splitlines():
        if line.strip():
            try:
                players.append(player_by_email(line))
            except BadEmail as exc:
                raise PbemError(exc.message, exc.code, 422) from None
    offered = {player.id: player for player in known}
    for player_id in form.known.data or []:
        if player_id not in offered:
            raise PbemError(_l("One of the chosen players cannot be offered to you."),
                            "bad-player", 422)
        players.append(offered[player_id])
    if len(players) != form.players.data:
        raise PbemError(_l("You chose %(chosen)s players but named %(named)s.",
                           chosen=form.players.data, named=len(players)), "count", 422)
    start_now = bool(form.start_now.data) and creator.is_admin
    if not start_now and not any(p.id == creator.id for p in players):
        raise PbemError(_l("Include yourself among the players (only admins can set up games "
                           "for others)."), "not-playing", 422)
    limits.check_new_game(creator, len(players) - 1, utcnow())
    return commands.create_game(rules.slug, players, chosen_options(rules, form_data),
                                creator=creator, random_order=bool(form.random_order.data),
                                start_now=start_now, time_control=time_control_fields(form),
                                rated=rated(form, players),
                                bots_resign=bool(form.bots_resign.data),
                                messages_public=bool(form.messages_public.data))


def time_control_fields(form) -> dict:
    """The time control a form with the new-game form's fields chose, as the clocks read it
    (``events.read_time_control``); the lobby's forms share the fields."""
    return {"kind": form.time_control.data, "days_per_move": form.days_per_move.data,
            "initial_days": form.bank_initial.data,
            "increment_days": form.bank_increment.data, "cap_days": form.bank_cap.data}


def rated(form, players) -> bool:
    """Whether the game is rated: as the form says, and a game against a bot only when that
    was chosen as well (a bot's games do not move people's ratings by default)."""
    return bool(form.rated.data) and (bool(form.rated_against_bot.data)
                                      or not any(player.is_bot for player in players))

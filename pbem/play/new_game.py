"""The new-game form: the game's options as fields, players by address or from known players."""

from __future__ import annotations

from flask import abort, render_template

from ..accounts.service import BadEmail, get_player, player_by_email
from ..clocks import timecontrol as time_control
from ..clocks.errors import ClockError
from ..errors import PbemError
from ..games import UnknownGame, get_rules
from . import setup
from .forms import chosen_options, option_fields


def rules_or_404(slug: str):
    try:
        return get_rules(slug)
    except UnknownGame as exc:
        abort(404, str(exc))


def fill_choices(form, rules, known) -> None:
    form.players.choices = [(n, str(n)) for n in rules.player_counts]
    form.known.choices = [(p.id, f"{p.name} <{p.email}>") for p in known]


def render_form(rules, form, form_data, status=None):
    status = status or (422 if form.errors else 200)
    return render_template("play/new.html", rules=rules, form=form,
                           options=option_fields(rules, form_data)), status


def create_from_form(rules, form, form_data, creator):
    """Create the game the form describes.

    :raises PbemError: a bad address, the wrong number of players, a bad option or time
        control.
    """
    players = []
    for line in (form.seats.data or "").splitlines():
        if line.strip():
            try:
                players.append(player_by_email(line))
            except BadEmail as exc:
                raise PbemError(exc.message, exc.code, 422) from None
    for player_id in form.known.data or []:
        player = get_player(player_id)
        if player is None:
            raise PbemError("One of the chosen players does not exist.", "bad-player", 422)
        players.append(player)
    if len(players) != form.players.data:
        raise PbemError(
            f"You chose {form.players.data} players but named {len(players)}.", "count", 422
        )
    start_now = bool(form.start_now.data) and creator.is_admin
    if not start_now and not any(p.id == creator.id for p in players):
        raise PbemError("Include yourself among the players (only admins can set up games "
                        "for others).", "not-playing", 422)
    try:
        control = time_control.from_form(form.time_control.data, form.days_per_move.data,
                                         form.bank_initial.data, form.bank_increment.data,
                                         form.bank_cap.data)
    except ClockError as exc:
        raise PbemError(f"Time control: {exc.message}", exc.code, 422) from None
    return setup.create_game(rules.slug, players, chosen_options(rules, form_data),
                             creator=creator, random_order=bool(form.random_order.data),
                             start_now=start_now, time_control=control)

"""Forms of the play pages. Options of a new game are built from the game's own option list."""

from __future__ import annotations

from typing import NamedTuple

from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    HiddenField,
    SelectField,
    SelectMultipleField,
    StringField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, InputRequired, Length, Optional, ValidationError

from ..core.db import MAX_INT
from ..core.i18n import _l
from ..core.validators import BadNumber, WholeNumberField, whole_number
from ..games.base import format_option_value
from . import thread
from .models import MESSAGE_LENGTH
from .phrases import option_help

#: ``meta`` for a form that reads a post and is never shown: ``CSRFProtect`` has checked the
#: post's token for the whole app, and the form's own token field would only sign a fresh token
#: for a page nobody sees (a measurable part of a move's request).
READ_ONLY = {"csrf": False}


class PlyField(WholeNumberField):
    """The ply a page was showing, in a hidden field: a whole number from 0 to ``MAX_INT``."""

    widget = HiddenField.widget

    def __init__(self, label="ply", validators=None, **kwargs):
        super().__init__(label, validators, low=0, high=MAX_INT, **kwargs)


def plain_text(what: str, *, required: bool):
    """A validator for a comment or message (``thread.problem``); empty is allowed unless
    ``required``."""
    def check(_form, field) -> None:
        body = thread.normalised(field.data)
        reason = thread.problem(body) if body or required else None
        if reason is not None:
            raise ValidationError(thread.not_posted(what, reason))
    return check


#: The optional comment sent with a move, on the move form and carried through the preview.
COMMENT_LABEL = _l("Comment with your move (optional, at most %(count)d characters)",
                   count=MESSAGE_LENGTH)


class MoveForm(FlaskForm):
    """Type a move (or pick one); ``turn`` holds the plies of a multi-ply turn composed so far,
    ``ply`` the ply the page was showing (a stale page gets "the position changed")."""

    turn = HiddenField("Turn", validators=[
        Length(max=400, message=_l("A turn is at most 400 characters."))])
    move = StringField(_l("Your move"), validators=[
        Optional(), Length(max=200, message=_l("A move is at most 200 characters."))])
    choice = SelectField(_l("or pick a legal move"), choices=[], validate_choice=False,
                         validators=[Optional()])
    ply = PlyField(validators=[InputRequired()])
    comment = TextAreaField(COMMENT_LABEL, validators=[plain_text("comment", required=False)])

    def typed_turn(self) -> str:
        step = (self.move.data or "").strip() or (self.choice.data or "").strip()
        return " ".join(part for part in ((self.turn.data or "").strip(), step) if part)


#: The longest confirmed turn, in characters.
TURN_LENGTH = 400


class ConfirmMoveForm(FlaskForm):
    """The confirmation's form as the page shows it; its post is read by :class:`ConfirmedMove`."""

    #: Labelled, though never shown: a field without a label asks WTForms' translations for
    #: one, which loads their catalogue.
    move = HiddenField("Move", validators=[DataRequired(), Length(max=TURN_LENGTH)])
    ply = PlyField(validators=[InputRequired()])
    #: Shown again on the confirmation, where a move composed by clicks gets its comment;
    #: checked by the service, which refuses it with the move form refilled.
    comment = TextAreaField(COMMENT_LABEL)


class ConfirmedMove(NamedTuple):
    """What a confirmation posts (:class:`ConfirmMoveForm`'s fields), read with the form's
    checks but without building the form: binding and processing its three fields took a
    twentieth of a move's request, the one post every game is made of."""

    move: str
    ply: int
    #: ``None`` when the post has none (as the form reads it).
    comment: str | None

    @classmethod
    def read(cls, posted) -> ConfirmedMove | None:
        """The confirmation in ``posted`` (a request's form), or ``None`` when it is incomplete:
        no turn (or only spaces), a turn longer than :data:`TURN_LENGTH`, or no ply that is a
        whole number from 0 to ``MAX_INT``."""
        move, ply = posted.get("move"), posted.get("ply")
        if not move or not move.strip() or len(move) > TURN_LENGTH:
            return None
        try:
            number = whole_number(ply, 0, MAX_INT, "ply")
        except BadNumber:
            return None
        return cls(move, number, posted.get("comment"))


class MessageForm(FlaskForm):
    """A message to the game's thread."""

    body = TextAreaField(_l("Message to the other players (at most %(count)d characters)",
                            count=MESSAGE_LENGTH),
                         validators=[plain_text("message", required=True)])


class ResignForm(FlaskForm):
    ply = PlyField(validators=[InputRequired()])
    sure = BooleanField(_l("Yes, I resign this game"), validators=[DataRequired()])


class EndForm(FlaskForm):
    """Agree to end the game (propose it, or accept the proposal) or decline: the button
    pressed says which."""

    ply = PlyField(validators=[InputRequired()])
    answer = SelectField(choices=[SelectChoice("agree", _l("Agree")),
                                  SelectChoice("decline", _l("Decline"))],
                         validators=[InputRequired()])


class RespondForm(FlaskForm):
    """Accept or decline an invitation: the button pressed says which."""


class BotsResignForm(FlaskForm):
    """Let the game's bots resign, or not: ``allow`` is ``1`` or ``0``."""

    allow = SelectField(choices=[SelectChoice("1", "on"), SelectChoice("0", "off")],
                        validators=[DataRequired()])


class NewGameForm(FlaskForm):
    """A new game; its options are extra fields named ``option_<name>`` (``option_fields``)."""

    players = SelectField(_l("Number of players"), coerce=int)
    seats = TextAreaField(
        _l("Players in seat order (P1 moves first), one exact email address per line: each is "
           "sent an invitation"),
        validators=[DataRequired(), Length(max=2000)],
    )
    known = SelectMultipleField(_l("Add players you have played with, or who can be found by "
                                   "name (after those above)"), coerce=int,
                                validate_choice=False)
    random_order = BooleanField(_l("Random seat order"))
    rated = BooleanField(_l("Rated: the result moves the players' ratings"), default=True)
    #: A game against a bot stays out of the ratings unless chosen here too.
    rated_against_bot = BooleanField(_l("Rate it even if a bot plays"), default=False)
    bots_resign = BooleanField(_l("A bot may resign when it judges the game lost"), default=True)
    time_control = SelectField(_l("Time control"), default="none", choices=[
        SelectChoice("none", _l("No time limit")), SelectChoice("per_move", _l("Days per move")),
        SelectChoice("bank", _l("A bank of days, with an increment per move and a cap")),
    ])
    days_per_move = StringField(_l("Days per move"), default="3",
                                validators=[Length(max=10)])
    bank_initial = StringField(_l("Initial bank (days)"), default="10",
                               validators=[Length(max=10)])
    bank_increment = StringField(_l("Added per move (days)"), default="1",
                                 validators=[Length(max=10)])
    bank_cap = StringField(_l("Cap (days)"), default="20", validators=[Length(max=10)])
    messages_public = BooleanField(_l("Comments and messages become public when the game ends "
                                      "(otherwise only the players ever read them)"))
    start_now = BooleanField(_l("Start at once without invitations (admins)"))


def option_fields(rules, form_data) -> list[dict]:
    """The option widgets of a game: name, label, choices or free text, the current value."""
    fields = []
    for option in rules.options:
        value = form_data.get(f"option_{option.name}")
        if value is None:
            value = format_option_value(option.default)
        fields.append({
            "name": f"option_{option.name}",
            "label": option.name.replace("_", " "),
            "help": option_help(option),
            "choices": [format_option_value(c) for c in option.choices],
            "value": value,
        })
    return fields


def chosen_options(rules, form_data) -> dict:
    """The option values a new-game form sent; options not sent (or free-text options left
    empty) take the game's default."""
    options = {}
    for option in rules.options:
        value = form_data.get(f"option_{option.name}")
        if value is not None and (value.strip() or option.choices):
            options[option.name] = value.strip()
    return options

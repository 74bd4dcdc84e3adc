"""Forms of the tournament admin pages. The game's options are extra fields named
``option_<name>``, built by the play forms' helpers."""

from __future__ import annotations

from datetime import UTC

from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    DateTimeLocalField,
    IntegerField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, Length, Optional

from ..play.forms import chosen_options
from ..validators import Between
from .models import BY_INVITATION, FORMATS, OPEN, POLICIES
from .service import SETTINGS

_DAYS = [Between(1, 365)]


def choices(pairs) -> list[SelectChoice]:
    return [SelectChoice(value, label) for value, label in pairs]


class ReasonForm(FlaskForm):
    """An admin action; the reason goes to the tournament's log."""

    reason = StringField("Reason (shown in the log)", validators=[Optional(), Length(max=500)])


class InviteForm(ReasonForm):
    emails = TextAreaField("Email addresses, one per line",
                           validators=[DataRequired(), Length(max=20000)])


class SeedForm(ReasonForm):
    emails = TextAreaField("Seeding: email addresses, best first (the rest follow in the "
                           "order they entered)", validators=[Optional(), Length(max=20000)])


class GameActionForm(ReasonForm):
    action = SelectField("Action", choices=choices(POLICIES.items()))


class DescribeForm(ReasonForm):
    """What can still change once a tournament has started."""

    name = StringField("Name", validators=[DataRequired(), Length(max=120)])
    description = TextAreaField("Description", validators=[Optional(), Length(max=5000)])

    def data_for(self, rules, form_data) -> dict:
        return {"name": self.name.data, "description": self.description.data,
                "reason": self.reason.data}

    def fill_from(self, t) -> None:
        self.name.data, self.description.data = t.name, t.description


class TournamentForm(DescribeForm):
    table_size = SelectField("Players per table", coerce=int)
    format = SelectField("Format", choices=choices(FORMATS.items()))
    cycles = SelectField("Round robin (two players)", coerce=int,
                         choices=choices([(1, "single"), (2, "double (seats swapped)")]))
    rounds = IntegerField("Swiss: rounds", default=SETTINGS["rounds"],
                          validators=[Optional(), Between(1, 99)])
    best_of = IntegerField("Knockout (two players): best of N games per match",
                           default=SETTINGS["best_of"],
                           validators=[Optional(), Between(1, 99)])
    advance = IntegerField("Knockout (bigger tables): players who advance from each table",
                           default=SETTINGS["advance"], validators=[Optional(), Between(1, 3)])
    time_control = StringField("Time control of every game",
                               validators=[Optional(), Length(max=100)],
                               description="none, 3d/move or bank 10d +1d cap 20d")
    round_days = IntegerField("Days per round (each game's deadline)", default=14,
                              validators=_DAYS)
    stall_policy = SelectField("At a game's deadline", choices=choices(POLICIES.items()))
    extend_days = IntegerField("Days an extension adds", default=7, validators=_DAYS)
    same_layout = BooleanField("Give every table of a round the same seeded layout")
    enrolment = SelectField("Enrolment", choices=choices([
        (BY_INVITATION, "by invitation only"), (OPEN, "open registration (and invitations)")]))
    registration_deadline = DateTimeLocalField("Registration closes (UTC)",
                                               validators=[Optional()])
    capacity = IntegerField("Capacity (open registration)",
                            validators=[Optional(), Between(2, 10000)])
    starts_at = DateTimeLocalField("Starts by itself at (UTC; empty: start by hand)",
                                   validators=[Optional()])

    def data_for(self, rules, form_data) -> dict:
        """What the service takes: every setting, times in UTC, the options chosen."""
        data = {name: getattr(self, name).data for name in (
            "name", "description", "table_size", "format", "cycles", "rounds", "best_of",
            "advance", "time_control", "round_days", "stall_policy", "extend_days", "same_layout",
            "enrolment", "capacity", "reason")}
        for name in ("registration_deadline", "starts_at"):
            value = getattr(self, name).data
            data[name] = value.replace(tzinfo=UTC) if value else None
        data["options"] = chosen_options(rules, form_data)
        return data

    def fill_from(self, t) -> None:
        for name in ("name", "description", "table_size", "format", "time_control", "round_days",
                     "stall_policy", "extend_days", "same_layout", "enrolment", "capacity"):
            getattr(self, name).data = getattr(t, name)
        for name, value in t.settings.items():
            getattr(self, name).data = value
        for name in ("registration_deadline", "starts_at"):
            value = getattr(t, name)
            getattr(self, name).data = value.replace(tzinfo=None) if value else None

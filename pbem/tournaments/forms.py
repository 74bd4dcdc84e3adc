"""Forms of the tournament admin pages. The game's options are extra fields named
``option_<name>``, built by the play forms' helpers."""

from __future__ import annotations

from datetime import UTC

from flask_babel import gettext
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    DateTimeLocalField,
    HiddenField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import AnyOf, DataRequired, Length, Optional

from ..clocks.logic import timecontrol
from ..clocks.logic.errors import ClockError
from ..core.i18n import _l
from ..core.validators import WholeNumberField, within_dates
from ..play.forms import NewGameForm, chosen_options
from .creation import SETTINGS, BadTournament
from .models import BY_INVITATION, FORMATS, OPEN, POLICIES


def choices(pairs) -> list[SelectChoice]:
    return [SelectChoice(value, label) for value, label in pairs]


class ReasonForm(FlaskForm):
    """An admin action; the reason goes to the tournament's log."""

    reason = StringField(_l("Reason (shown in the log)"), validators=[Optional(), Length(max=500)])


class InviteForm(ReasonForm):
    emails = TextAreaField(_l("Email addresses, one per line"),
                           validators=[DataRequired(), Length(max=20000)])


class SeedForm(ReasonForm):
    emails = TextAreaField(_l("Seeding: email addresses, best first (the rest follow in the "
                           "order they entered)"), validators=[Optional(), Length(max=20000)])


class GameActionForm(ReasonForm):
    """The confirmation of an action on a game: the page chose the action (and for a forfeit
    the seat); the director confirms it with a reason."""

    action = HiddenField(validators=[DataRequired(), AnyOf(list(POLICIES))])
    seat = HiddenField()


class DescribeForm(ReasonForm):
    """What can still change once a tournament has started."""

    name = StringField(_l("Name"), validators=[DataRequired(), Length(max=120)])
    description = TextAreaField(_l("Description"), validators=[Optional(), Length(max=5000)])

    def data_for(self, rules, form_data) -> dict:
        return {"name": self.name.data, "description": self.description.data,
                "reason": self.reason.data}

    def fill_from(self, t) -> None:
        self.name.data, self.description.data = t.name, t.description


class RunningForm(DescribeForm):
    """What can change while a tournament runs: besides its name, the deadlines of rounds
    to come, the deadline policy and a Swiss's number of rounds."""

    rounds = WholeNumberField(_l("Swiss: rounds in all (not fewer than those paired)"),
                              [Optional()], low=1, high=99)
    round_days = WholeNumberField(_l("Days per round (for rounds paired from now on)"),
                                  low=1, high=365)
    stall_policy = SelectField(_l("At a game's deadline"), choices=choices(POLICIES.items()))
    extend_days = WholeNumberField(_l("Days an extension adds"), low=1, high=365)
    avoid_blocks = BooleanField(_l("Avoid pairing players who blocked each other (Swiss rounds "
                                "and round robins at tables; never at the cost of a round)"),
                                default=True)

    _RUNNING = ("round_days", "stall_policy", "extend_days")

    def data_for(self, rules, form_data) -> dict:
        return {**super().data_for(rules, form_data), "rounds": self.rounds.data,
                "avoid_blocks": self.avoid_blocks.data,
                **{name: getattr(self, name).data for name in self._RUNNING}}

    def fill_from(self, t) -> None:
        super().fill_from(t)
        self.rounds.data = t.settings.get("rounds")
        self.avoid_blocks.data = t.settings.get("avoid_blocks", True)
        for name in self._RUNNING:
            getattr(self, name).data = getattr(t, name)


class TournamentForm(DescribeForm):
    table_size = SelectField(_l("Players per table"), coerce=int)
    format = SelectField(_l("Format"), choices=choices(FORMATS.items()))
    cycles = SelectField(_l("Round robin (two players)"), coerce=int,
                         choices=choices([(1, _l("single")), (2, _l("double (seats swapped)"))]))
    rounds = WholeNumberField(_l("Swiss: rounds"), [Optional()], default=SETTINGS["rounds"],
                              low=1, high=99)
    best_of = WholeNumberField(_l("Knockout (two players): best of N games per match"),
                               [Optional()], default=SETTINGS["best_of"], low=1, high=99)
    advance = WholeNumberField(_l("Knockout (bigger tables): players who advance from each table"),
                               [Optional()], default=SETTINGS["advance"], low=1, high=3)
    # every game's time control, in the new-game form's own fields
    time_control = NewGameForm.time_control
    days_per_move = NewGameForm.days_per_move
    bank_initial = NewGameForm.bank_initial
    bank_increment = NewGameForm.bank_increment
    bank_cap = NewGameForm.bank_cap
    round_days = WholeNumberField(_l("Days per round (each game's deadline)"), default=14,
                                  low=1, high=365)
    stall_policy = SelectField(_l("At a game's deadline"), choices=choices(POLICIES.items()))
    extend_days = WholeNumberField(_l("Days an extension adds"), default=7, low=1, high=365)
    same_layout = BooleanField(_l("Give every table of a round the same seeded layout"))
    rated = BooleanField(_l("Rated: its games count for the players' ratings"), default=True)
    avoid_blocks = RunningForm.avoid_blocks
    seed_by_rating = BooleanField(_l("Seed by rating: the entrants' current ratings at this game "
                                  "decide the first round's order and the knockout seeds"))
    enrolment = SelectField(_l("Enrolment"), choices=choices([
        (BY_INVITATION, _l("by invitation only")),
        (OPEN, _l("open registration (and invitations)"))]))
    registration_deadline = DateTimeLocalField(_l("Registration closes (UTC)"),
                                               validators=[Optional(), within_dates])
    capacity = WholeNumberField(_l("Capacity (open registration)"), [Optional()], low=2,
                                high=10000)
    starts_at = DateTimeLocalField(_l("Starts by itself at (UTC; empty: start by hand)"),
                                   validators=[Optional(), within_dates])

    def data_for(self, rules, form_data) -> dict:
        """What the service takes: every setting, times in UTC, the options chosen."""
        data = {name: getattr(self, name).data for name in (
            "name", "description", "table_size", "format", "cycles", "rounds", "best_of",
            "advance", "round_days", "stall_policy", "extend_days", "same_layout", "rated",
            "avoid_blocks", "seed_by_rating", "enrolment", "capacity", "reason")}
        data["time_control"] = self._control()
        for name in ("registration_deadline", "starts_at"):
            value = getattr(self, name).data
            data[name] = value.replace(tzinfo=UTC) if value else None
        data["options"] = chosen_options(rules, form_data)
        return data

    def _control(self) -> timecontrol.TimeControl:
        """:raises BadTournament: fields that make no time control (the message says which)."""
        try:
            return timecontrol.from_form(self.time_control.data or "none",
                                         self.days_per_move.data or "", self.bank_initial.data
                                         or "", self.bank_increment.data or "",
                                         self.bank_cap.data or "")
        except ClockError as exc:
            raise BadTournament(gettext("Time control: %(reason)s", reason=exc.message)) from None

    def fill_from(self, t) -> None:
        control = timecontrol.parse(t.time_control or "none")
        self.time_control.data = control.kind.value
        for field_name, value in (("days_per_move", control.per_move),
                                  ("bank_initial", control.initial),
                                  ("bank_increment", control.increment),
                                  ("bank_cap", control.cap)):
            if value:
                getattr(self, field_name).data = f"{value.total_seconds() / 86400:g}"
        for name in ("name", "description", "table_size", "format", "round_days",
                     "stall_policy", "extend_days", "same_layout", "rated", "seed_by_rating",
                     "enrolment", "capacity"):
            getattr(self, name).data = getattr(t, name)
        for name, value in t.settings.items():
            getattr(self, name).data = value
        for name in ("registration_deadline", "starts_at"):
            value = getattr(t, name)
            getattr(self, name).data = value.replace(tzinfo=None) if value else None

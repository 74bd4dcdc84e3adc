"""The lobby's forms: a challenge's terms (the game's options are extra fields, as on the
new-game form, read by ``pbem.play.forms.chosen_options``), and a standing challenge's, which
add how many games to keep going. The time control and the rated box are the new-game form's
own fields."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import SelectField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Optional

from ..core.i18n import _l
from ..core.validators import WholeNumberField
from ..play.forms import NewGameForm, chosen_options
from ..play.new_game import time_control_fields
from .models import POSTER_FIRST, RANDOM
from .standing import MOST_KEPT

#: How a challenge's seats are given, as the form offers them.
SEAT_ORDER_NAMES = {RANDOM: _l("random"),
                    POSTER_FIRST: _l("the poster first, then in the order they join")}
#: The bounds of a rating range (displayed ratings sit far inside them).
LOWEST, HIGHEST = 0, 9999


class ChallengeForm(FlaskForm):
    players = SelectField(_l("Number of players"), coerce=int)
    rated = NewGameForm.rated
    seat_order = SelectField(_l("Seat order"), default=RANDOM, choices=[
        SelectChoice(value, label) for value, label in SEAT_ORDER_NAMES.items()])
    min_rating = WholeNumberField(_l("Lowest rating to join"), [Optional()], low=LOWEST,
                                  high=HIGHEST)
    max_rating = WholeNumberField(_l("Highest rating to join"), [Optional()], low=LOWEST,
                                  high=HIGHEST)
    time_control = NewGameForm.time_control
    days_per_move = NewGameForm.days_per_move
    bank_initial = NewGameForm.bank_initial
    bank_increment = NewGameForm.bank_increment
    bank_cap = NewGameForm.bank_cap

    def fill_choices(self, rules) -> None:
        self.players.choices = [(n, str(n)) for n in rules.player_counts]

    def terms(self, rules, form_data) -> dict:
        """What ``service.check_terms`` checks: everything the form chose."""
        return {"slug": rules.slug, "options": chosen_options(rules, form_data),
                "players": self.players.data, "time_control": time_control_fields(self),
                "rated": bool(self.rated.data), "min_rating": self.min_rating.data,
                "max_rating": self.max_rating.data, "seat_order": self.seat_order.data}


class StandingForm(ChallengeForm):
    keep = WholeNumberField(_l("Games to keep going"), [InputRequired()], default=1, low=1,
                            high=MOST_KEPT)

from flask_wtf import FlaskForm
from wtforms import BooleanField, SelectField, StringField
from wtforms.validators import DataRequired, Length

from ..core import i18n
from ..core.i18n import _l


class EmailForm(FlaskForm):
    email = StringField(_l("Email address"), validators=[DataRequired(), Length(max=254)])


class AccountForm(FlaskForm):
    name = StringField(_l("Display name"), validators=[DataRequired(), Length(min=1, max=60)])
    findable = BooleanField(_l("Let other players find me by name when they start a game"))
    #: The language of the player's pages and mail (the deployment's ``LANGUAGES``).
    language = SelectField(_l("Language"), choices=lambda: list(i18n.languages().items()))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not self.language.data:
            self.language.data = i18n.current()


class NameForm(FlaskForm):
    name = StringField(_l("Your name as other players see it"),
                       validators=[DataRequired(), Length(min=1, max=60)])


class DeleteForm(FlaskForm):
    sure = BooleanField(_l("Yes, delete my account"), validators=[DataRequired()])


class ConfirmForm(FlaskForm):
    """A bare POST with its CSRF token (sign in, sign out, accept...)."""

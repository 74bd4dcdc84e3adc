from flask_wtf import FlaskForm
from wtforms import BooleanField, StringField
from wtforms.validators import DataRequired, Length


class EmailForm(FlaskForm):
    email = StringField("Email address", validators=[DataRequired(), Length(max=254)])


class AccountForm(FlaskForm):
    name = StringField("Display name", validators=[DataRequired(), Length(min=1, max=60)])
    findable = BooleanField("Let other players find me by name when they start a game")


class NameForm(FlaskForm):
    name = StringField("Your name as other players see it",
                       validators=[DataRequired(), Length(min=1, max=60)])


class DeleteForm(FlaskForm):
    sure = BooleanField("Yes, delete my account", validators=[DataRequired()])


class ConfirmForm(FlaskForm):
    """A bare POST with its CSRF token (sign in, sign out, accept...)."""

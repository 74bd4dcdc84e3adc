from flask_wtf import FlaskForm
from wtforms import StringField
from wtforms.validators import DataRequired, Length


class EmailForm(FlaskForm):
    email = StringField("Email address", validators=[DataRequired(), Length(max=254)])


class NameForm(FlaskForm):
    name = StringField("Display name", validators=[DataRequired(), Length(min=1, max=60)])


class ConfirmForm(FlaskForm):
    """A bare POST with its CSRF token (sign in, sign out, accept...)."""

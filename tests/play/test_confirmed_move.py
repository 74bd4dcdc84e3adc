"""A confirmation's post is read without building its form (``forms.ConfirmedMove``): it must
accept and refuse what the form it stands for would."""

from __future__ import annotations

import pytest
from flask import request

from pbem.play.forms import READ_ONLY, TURN_LENGTH, ConfirmedMove, ConfirmMoveForm

POSTS = [
    {"move": "a1", "ply": "12"},
    {"move": "a1", "ply": "12", "comment": ""},
    {"move": "a1 b2", "ply": " 3 ", "comment": " well played\r\n "},
    {"move": "x" * TURN_LENGTH, "ply": "0"},
    {"move": "x" * (TURN_LENGTH + 1), "ply": "0"},
    {"move": "", "ply": "1"},
    {"move": "   ", "ply": "1"},
    {"ply": "1"},
    {"move": "a1"},
    {"move": "a1", "ply": ""},
    {"move": "a1", "ply": "-1"},
    {"move": "a1", "ply": "2147483648"},
    {"move": "a1", "ply": "1.0"},
    {"move": "a1", "ply": "١٢"},
]


@pytest.mark.parametrize("posted", POSTS)
def test_read_as_the_form_checks_it(app, posted):
    with app.test_request_context("/play/token/move", method="POST", data=posted):
        form = ConfirmMoveForm(meta=READ_ONLY)
        checked = form.validate_on_submit()
        confirmed = ConfirmedMove.read(request.form)
    assert (confirmed is not None) == checked
    if checked:
        assert confirmed._asdict() == form.data


def test_a_ply_of_spaces_is_incomplete(app):
    """The form lets a ply of spaces through as no ply (the move is then refused as from
    another position); read here, it is an incomplete post."""
    with app.test_request_context("/play/token/move", method="POST",
                                  data={"move": "a1", "ply": "  "}):
        assert ConfirmedMove.read(request.form) is None

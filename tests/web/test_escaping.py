"""What a player typed is escaped on every page, also inside a translated sentence.

Flask-Babel's lazy translations declare themselves HTML, so Jinja printed one as it was, with
the player's text among its parameters: a line of conditional moves or a time control that
the rules or the clocks refused came back as markup (``pbem.core.i18n.as_text``)."""

from __future__ import annotations

import pytest
from helpers import sign_in

MARKUP = '<img src=x onerror="alert(1)">'


@pytest.fixture
def posting(app, client):
    app.config["WTF_CSRF_ENABLED"] = False
    return client


def _shows_escaped(page: str, markup: str) -> None:
    assert markup not in page
    assert markup.replace("<", "&lt;").replace(">", "&gt;").split("=")[0] in page


def test_a_refused_conditional_line_shows_what_was_typed_as_text(posting, make_game):
    game = make_game("pylon")
    sign_in(posting, game.seats[1].player)
    refused = posting.post(f"/games/{game.id}/conditional",
                           data={"lines": f"if {MARKUP} then Mc3", "ply": game.ply})
    assert refused.status_code == 422
    _shows_escaped(refused.get_data(as_text=True), MARKUP)


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_refused_time_control_shows_what_was_typed_as_text(posting, make_player, language):
    me, other = make_player(admin=True), make_player()
    sign_in(posting, me)
    refused = posting.post("/new/pylon", headers={"Accept-Language": language}, data={
        "players": 2, "seats": f"{me.email}\n{other.email}", "start_now": "y",
        "time_control": "bank", "bank_initial": "<i>1</i>", "bank_increment": "0.5",
        "bank_cap": "10"})  # the field takes at most 10 characters
    assert refused.status_code == 422
    _shows_escaped(refused.get_data(as_text=True), "<i>1</i>")


@pytest.mark.parametrize("template", [
    "{{ v }}", "{% trans v=v %}said: {{ v }}{% endtrans %}", "{{ _('said: %(v)s', v=v) }}",
    "{{ [v, v] | join(', ') }}", "{{ 'said: ' ~ v }}"])
def test_a_lazy_translation_is_text_in_every_place_a_template_puts_it(app, template):
    """Printed, as a parameter of a translation, joined or concatenated: the player's text
    among a lazy translation's parameters is escaped everywhere (Flask-Babel's own lazy
    strings are not, being declared markup)."""
    from flask import render_template_string

    from pbem.core.i18n import _l

    with app.test_request_context("/"):
        page = render_template_string(template, v=_l("%(name)s is not taking messages from you.",
                                                     name=MARKUP))
    _shows_escaped(page, MARKUP)


def test_an_api_error_is_plain_text_in_json(app):
    """JSON has no markup: a lazy translation is written as its text, not escaped."""
    from flask import jsonify

    from pbem.core.i18n import _l

    with app.test_request_context("/"):
        body = jsonify(error=_l("%(name)s's page", name=MARKUP)).get_json()
    assert body == {"error": f"{MARKUP}'s page"}


def test_every_lazy_string_of_the_project_is_made_by_its_i18n_module():
    """Flask-Babel's lazy strings are markup to Jinja; the project makes its own (``Text``)
    in ``pbem.core.i18n`` only, so a new module cannot bring the old kind back by habit."""
    import re
    from pathlib import Path

    package = Path(__file__).resolve().parents[2] / "pbem"
    found = [str(path.relative_to(package)) for path in sorted(package.rglob("*.py"))
             if path.name != "i18n.py"
             and re.search(r"\blazy_gettext\b|\bLazyString\b", path.read_text())]
    assert found == []

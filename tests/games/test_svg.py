"""Every board is self-contained SVG without inline styles, keeping the page-script contract
of ``pbem/games/svg.py`` (cells, tokens, last-move marks)."""

from __future__ import annotations

import random
from xml.dom import minidom

import pytest

from pbem.games import all_rules, get_renderer

from .contract import sample_positions


def _boards():
    rng = random.Random(5)
    for rules, state in sample_positions():
        last = None
        if not rules.is_over(state):
            last = rng.choice(rules.legal_moves(state))
            state = rules.play(state, last)
        yield pytest.param(rules, state, last, id=f"{rules.slug}-{last}")


@pytest.mark.parametrize(("rules", "state", "last"), list(_boards()))
def test_boards_use_presentation_attributes_only(rules, state, last):
    picture = get_renderer(rules.slug).svg(state, last_move=last)
    assert "style=" not in picture and "<style" not in picture
    document = minidom.parseString(picture).documentElement
    assert document.tagName == "svg" and document.getAttribute("role") == "img"
    assert document.getElementsByTagName("title")
    cells = [el for el in document.getElementsByTagName("*") if el.hasAttribute("data-cell")]
    assert cells
    for element in cells:
        assert "cell" in element.getAttribute("class").split()
        assert element.getAttribute("cursor") == "pointer"
    for element in document.getElementsByTagName("*"):
        if element.hasAttribute("data-token"):
            assert element.getAttribute("class") == "token"
            assert element.getAttribute("role") == "button"


@pytest.mark.parametrize("rules", all_rules(), ids=lambda rules: rules.slug)
def test_the_last_move_is_marked(rules):
    state = rules.new_game(players=rules.player_counts[0], seed=2)
    move = rules.legal_moves(state)[0]
    while move[:2] in ("T:", "P:", "H:"):  # Triumvirate's plies that name no square
        state = rules.play(state, move)
        move = rules.legal_moves(state)[0]
    picture = get_renderer(rules.slug).svg(rules.play(state, move), last_move=move)
    assert "last" in picture.replace('class="cell"', "")


@pytest.mark.parametrize(("rules", "state", "last"), list(_boards()))
def test_mail_pictures_are_self_contained_svg_with_their_words(rules, state, last):
    """The picture an email carries (``mail_svg``) is drawn by resvg from the markup alone, and
    what it leaves out is said in words (``mail_notes``)."""
    render = get_renderer(rules.slug)
    picture = render.mail_svg(state, last_move=last)
    assert "style=" not in picture and "<style" not in picture
    document = minidom.parseString(picture).documentElement
    assert document.tagName == "svg" and document.getAttribute("viewBox")
    notes = render.mail_notes(state)
    assert isinstance(notes, list) and all(isinstance(line, str) and line for line in notes)

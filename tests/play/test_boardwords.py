"""The boards' words (status lines, tooltips, the spoken description) have their sentence
here for every phrase a game declares, a translation in every shipped language, and reach a
game page in the reader's language while the English page stays as the games draw it."""

from __future__ import annotations

import html
import importlib
import random
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from flask_babel import force_locale

from pbem.core.i18n import LANGUAGES
from pbem.games import Refusal, all_rules, get_rules
from pbem.play.boardwords import MESSAGES

CATALOGUES = Path(__file__).resolve().parents[2] / "pbem" / "translations"
FOREIGN = sorted(set(LANGUAGES) - {"en"})
#: The games whose boards declare their words.
GAMES = [rules.slug for rules in all_rules()
         if importlib.util.find_spec(f"pbem.games.{rules.slug}.words")]
#: Every phrase of those boards: the phrases their rules list that are not refusals.
PHRASES = {phrase.key: phrase for slug in GAMES for phrase in get_rules(slug).phrases
           if not isinstance(phrase, Refusal)}


def _printf(text: str) -> str:
    return re.sub(r"\{(\w+)\}", r"%(\1)s", text)


def _english_pieces(slug: str) -> set[str]:
    """The fixed English words of ``slug``'s phrases (what lies between placeholders), each
    long enough to be unmistakable, but the game's name and the words German spells alike
    (``diagonal``)."""
    with open(CATALOGUES / "de" / "LC_MESSAGES" / "messages.po", "rb") as po:
        german = read_po(po, locale="de")
    pieces = set()
    for key, message in MESSAGES.items():
        if key.startswith(f"{slug}."):
            said = german.get(message).string
            pieces |= {p for p in (p.strip(" :;,.") for p in re.split(r"%\(\w+\)s", message))
                       if p not in said}
    return {p for p in pieces if len(p) >= 5 and p.lower() != slug}


def _board_words(page: str) -> list[str]:
    """What a reader gets from a page's board: its titles, accessible name and description."""
    found = re.findall(r"<title>(.*?)</title>", page)
    found += re.findall(r'aria-label="([^"]*)"', page)
    found += re.findall(r'<figcaption class="description[^"]*">(.*?)</figcaption>', page, re.S)
    return [html.unescape(text) for text in found]


def _midgame(slug: str, plies: int = 12):
    """A position some random turns into a game of ``slug``."""
    rules, rng = get_rules(slug), random.Random(3)
    state = rules.new_game()
    for _ in range(plies):
        if rules.is_over(state):
            break
        _, state = rules.random_turn(state, rng)
    return rules, state


def test_games_declare_their_words():
    assert GAMES and "pylon" in GAMES


def test_every_declared_phrase_has_its_sentence_and_no_other():
    assert set(MESSAGES) == set(PHRASES)
    for key, phrase in PHRASES.items():
        assert MESSAGES[key] == _printf(phrase.text), key


@pytest.mark.parametrize("language", FOREIGN)
def test_every_board_phrase_is_translated(language):
    with open(CATALOGUES / language / "LC_MESSAGES" / "messages.po", "rb") as po:
        catalogue = read_po(po, locale=language)
    missing = [key for key, message in MESSAGES.items()
               if not (found := catalogue.get(message)) or not found.string or found.fuzzy]
    assert missing == []


@pytest.mark.parametrize("slug", GAMES)
def test_a_board_drawn_in_german_has_no_english_words_and_english_is_unchanged(app, slug):
    rules, state = _midgame(slug)
    renderer = importlib.import_module(f"pbem.games.{slug}.render")
    english = renderer.describe(state), renderer.svg(state)  # outside the app: the games' own
    with app.test_request_context(), force_locale("en"):
        assert (renderer.describe(state), renderer.svg(state)) == english
    with app.test_request_context(), force_locale("de"):
        german = [renderer.describe(state), *_board_words(renderer.svg(state))]
    said = " | ".join(german)
    assert [piece for piece in _english_pieces(slug) if piece in said] == []
    assert german[0] != english[0]


@pytest.mark.parametrize("slug", GAMES)
def test_a_german_game_page_shows_the_board_in_german(client, make_game, slug):
    game = make_game(slug)
    english = client.get(f"/games/{game.id}", headers={"Accept-Language": "en"}).text
    german = client.get(f"/games/{game.id}", headers={"Accept-Language": "de"}).text
    state = get_rules(slug).new_game(len(game.seats), game.options, game.seed)
    with force_locale("en"):
        assert game.renderer.describe(state) in _board_words(english)
    said = " | ".join(_board_words(german))
    assert [piece for piece in _english_pieces(slug) if piece in said] == []
    assert _board_words(german) != _board_words(english)


@pytest.mark.parametrize("slug", GAMES)
def test_a_mail_diagram_drawn_in_german_has_no_english_labels(app, slug):
    rules, before = _midgame(slug)
    mail = importlib.import_module(f"pbem.games.{slug}.{'text' if slug == 'stax' else 'render'}")
    plies, state = rules.random_turn(before, random.Random(5))
    last = plies[-1]
    english = mail.text(state, last)  # outside the app: the games' own English
    with app.test_request_context(), force_locale("en"):
        assert mail.text(state, last) == english
    with app.test_request_context(), force_locale("de"):
        german = mail.text(state, last)
    pieces = {piece for piece in _english_pieces(slug) if piece in english}
    assert any(piece in MESSAGES[key] for piece in pieces for key in MESSAGES
               if key.startswith(f"{slug}.mail-"))
    assert [piece for piece in pieces if piece in german] == []

"""Everything a game says — its refusals and its board's words — and the server's own refusals
have their sentence here, equal to the English the games declare, and a translation in every
shipped language; they are said in the reader's language from their key and parameters, on
pages and in mail, while English stays as the games write it."""

from __future__ import annotations

import html
import random
import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from flask_babel import force_locale
from helpers import sign_in

from pbem.api import present
from pbem.archive import history
from pbem.core.i18n import LANGUAGES
from pbem.games import IllegalMove, Refusal, all_rules, get_renderer, get_rules
from pbem.games.spike import words as spike_words
from pbem.play.phrases import MESSAGES, OPTIONS, refusal, say, vocabulary
from pbem.play.service import UNFINISHED
from pbem.play.termination import REASONS, RULES, ended_words

CATALOGUES = Path(__file__).resolve().parents[2] / "pbem" / "translations"
FOREIGN = sorted(set(LANGUAGES) - {"en"})
SLUGS = [rules.slug for rules in all_rules()]
#: Every phrase by its key: every game's, and the server's own refusals (a typed turn left
#: unfinished, the API's, a record's).
PHRASES = {phrase.key: phrase for rules in all_rules() for phrase in rules.phrases}
PHRASES |= {phrase.key: phrase for phrase in (UNFINISHED, *present.REFUSALS, *history.REFUSALS)}
#: The keys of the boards' words (every phrase that is not a refusal).
BOARD = {key for key, phrase in PHRASES.items() if not isinstance(phrase, Refusal)}
WORDS = sorted({word for rules in all_rules() for word in rules.vocabulary})


def _printf(text: str) -> str:
    """A game's ``str.format`` sentence as the catalogue writes it (``%(name)s``)."""
    return re.sub(r"\{(\w+)(!r)?\}", lambda m: f"%({m[1]}){'r' if m[2] else 's'}", text)


@cache
def _catalogue(language: str):
    with open(CATALOGUES / language / "LC_MESSAGES" / "messages.po", "rb") as po:
        return read_po(po, locale=language)


# ----- the declarations, the sentences and the catalogues ------------------------------------

def test_every_game_says_its_refusals_and_its_boards_words():
    for rules in all_rules():
        keys = {phrase.key for phrase in rules.phrases}
        assert {refusal.key for refusal in rules.refusals} < keys
        assert any(key.startswith(f"{rules.slug}.") for key in keys & BOARD), rules.slug


def test_every_declared_phrase_has_its_sentence_and_no_other():
    assert set(MESSAGES) == set(PHRASES)
    for key, declared in PHRASES.items():
        assert MESSAGES[key] == _printf(declared.text), key


def test_every_option_of_every_game_says_what_it_does_and_no_other():
    assert {slug: {name: help for name, help in options.items()}
            for slug, options in OPTIONS.items()} == {
        rules.slug: {option.name: option.help for option in rules.options}
        for rules in all_rules()}


def test_every_word_a_parameter_may_hold_has_its_entry(app):
    with app.test_request_context():
        assert sorted(vocabulary()) == WORDS


@pytest.mark.parametrize("language", FOREIGN)
def test_every_phrase_word_and_ending_is_translated(language):
    catalogue = _catalogue(language)

    def translated(msgid, context=None):
        message = catalogue.get(msgid, context=context)
        return message is not None and message.string and not message.fuzzy

    assert [key for key, sentence in MESSAGES.items() if not translated(sentence)] == []
    assert [(slug, name) for slug, options in OPTIONS.items()
            for name, sentence in options.items() if not translated(sentence)] == []
    assert [word for word in WORDS if not translated(word, "rules word")] == []
    endings = {code for rules in all_rules() for code in rules.end_reasons}
    assert endings <= set(REASONS)
    assert [code for code in endings if not translated(REASONS[code]._args[0])] == []


# ----- refusals -------------------------------------------------------------------------------

def _refused(slug: str, text: str, turn: bool = False, **setup) -> IllegalMove:
    rules = get_rules(slug)
    with pytest.raises(IllegalMove) as info:
        (rules.play_turn if turn else rules.play)(rules.new_game(**setup), text)
    return info.value


@pytest.mark.parametrize(("language", "slug", "text", "said"), [
    ("de", "pylon", "a1-a2", "das Brett ist noch nicht voll: setz eine Pyramide"),
    ("fr", "stawvs", "zz", "'zz' n’est pas un coup de Stawvs"),
    ("es", "spike", "S@a5:N", "una pieza pequeña lanzada por P1 cae en la fila 1"),
    ("de", "spike", "S@a5:N", "eine kleine Figur, die P1 abschießt, landet auf Reihe 1"),
    ("de", "stax", "E+E@0,0", "die Richtung E steht zweimal in E+E"),
    ("en", "stax", "E+E@0,0", "direction E appears twice in E+E"),
])
def test_a_refusal_is_said_in_the_readers_language(app, language, slug, text, said):
    exc = _refused(slug, text, seed=1)
    with app.test_request_context(), force_locale(language):
        assert refusal(exc).startswith(said)


def test_a_refused_step_and_a_word_are_translated_too(app):
    exc = _refused("triumvirate", "T:1f/1f/1f", seed=1)
    stepped = _refused("triumvirate", "T:3f/2f/1f T:3f/2f/1f", turn=True, seed=1)
    with app.test_request_context(), force_locale("fr"):
        assert "la pièce moyenne et la grande pièce" in refusal(exc)
        assert refusal(stepped).startswith("étape 2 (T:3f/2f/1f) : votre carte")
    with app.test_request_context(), force_locale("de"):
        assert refusal("a sentence of the server") == "a sentence of the server"
        assert ended_words(RULES, {"winners": [0], "reason": "king-captured"}) == (
            "nach den Regeln: ein König wurde geschlagen")


@pytest.mark.parametrize("direction", ["north", "east", "south", "west"])
def test_a_spike_piece_faces_every_direction_in_good_french(app, direction):
    """French elides the article before a vowel ("vers l'ouest"), which a sentence with the
    direction as a parameter cannot do: the sentences put the bare word after "orientée"."""
    with app.test_request_context(), force_locale("fr"):
        word = vocabulary()[direction]
        said = [say(phrase, {"seat": "P1", "size": "petite", "square": "c3",
                             "direction": direction})
                for phrase in (spike_words.PIECE, spike_words.OWN_PIECE, spike_words.FACE)]
    assert not any(re.search(r"\ble (ouest|est)\b", text) for text in said), said
    assert all(word in text for text in said), said


# ----- the boards' words ----------------------------------------------------------------------

def _english_pieces(slug: str) -> set[str]:
    """The fixed English words of ``slug``'s board phrases (what lies between placeholders),
    each long enough to be unmistakable, but the game's name and the words German spells alike
    (``diagonal``)."""
    german = _catalogue("de")
    pieces = set()
    for key in BOARD:
        if key.startswith(f"{slug}."):
            message = MESSAGES[key]
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


@pytest.mark.parametrize("slug", SLUGS)
def test_a_board_drawn_in_german_has_no_english_words_and_english_is_unchanged(app, slug):
    rules, state = _midgame(slug)
    renderer = get_renderer(slug)
    english = renderer.describe(state), renderer.svg(state)  # outside the app: the games' own
    with app.test_request_context(), force_locale("en"):
        assert (renderer.describe(state), renderer.svg(state)) == english
    with app.test_request_context(), force_locale("de"):
        german = [renderer.describe(state), *_board_words(renderer.svg(state))]
    said = " | ".join(german)
    assert [piece for piece in _english_pieces(slug) if piece in said] == []
    assert german[0] != english[0]


@pytest.mark.parametrize("slug", SLUGS)
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


@pytest.mark.parametrize("slug", SLUGS)
def test_a_mail_diagram_drawn_in_german_has_no_english_labels(app, slug):
    rules, before = _midgame(slug)
    renderer = get_renderer(slug)
    plies, state = rules.random_turn(before, random.Random(5))
    last = plies[-1]
    english = renderer.text(state, last)  # outside the app: the games' own English
    with app.test_request_context(), force_locale("en"):
        assert renderer.text(state, last) == english
    with app.test_request_context(), force_locale("de"):
        german = renderer.text(state, last)
    pieces = {piece for piece in _english_pieces(slug) if piece in english}
    assert any(piece in MESSAGES[key] for piece in pieces for key in BOARD
               if key.startswith(f"{slug}.mail-"))
    assert [piece for piece in pieces if piece in german] == []


@pytest.mark.parametrize("path", ["/new/stawvs", "/rules/stawvs"])
def test_the_new_game_form_and_the_rules_page_say_what_each_option_does_in_german(
        client, make_player, path):
    """What an option does is said in the reader's language; its name and its values are
    typed as they are (``claims``: ``line``, ``vacated``)."""
    sign_in(client, make_player())
    page = html.unescape(client.get(path, headers={"Accept-Language": "de"}).text)
    assert ("line: jede Pyramide in einer Linie vom neuen Feld der Kappe beanspruchen; "
            "vacated: die Pyramide beanspruchen, die die Kappe verlassen hat") in page
    assert "claim any pyramid" not in page


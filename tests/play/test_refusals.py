"""Every refusal and ending any game can give has its sentence here and a translation in every
shipped language, and is said in the reader's language from its key and parameters."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from flask_babel import force_locale

from pbem.api import present
from pbem.archive import history
from pbem.core.i18n import LANGUAGES
from pbem.games import IllegalMove, all_rules, get_rules
from pbem.play.refusals import MESSAGES, _words, refusal
from pbem.play.service import UNFINISHED
from pbem.play.termination import REASONS, RULES, ended_words

CATALOGUES = Path(__file__).resolve().parents[2] / "pbem" / "translations"
FOREIGN = sorted(set(LANGUAGES) - {"en"})
REFUSALS = {refusal.key: refusal for rules in all_rules() for refusal in rules.refusals}
# The server's own, beside the rules': a typed turn left unfinished, the API's, a record's.
REFUSALS |= {refusal.key: refusal for refusal in (UNFINISHED, *present.REFUSALS,
                                                  *history.REFUSALS)}
WORDS = sorted({word for rules in all_rules() for word in rules.vocabulary})


def _printf(text: str) -> str:
    """A game's ``str.format`` sentence as the catalogue writes it (``%(name)s``)."""
    return re.sub(r"\{(\w+)(!r)?\}", lambda m: f"%({m[1]}){'r' if m[2] else 's'}", text)


@pytest.fixture(scope="module", params=FOREIGN)
def catalogue(request):
    path = CATALOGUES / request.param / "LC_MESSAGES" / "messages.po"
    with open(path, "rb") as po:
        return read_po(po, locale=request.param)


def test_every_declared_refusal_has_its_sentence_and_no_other():
    assert set(MESSAGES) == set(REFUSALS)
    for key, declared in REFUSALS.items():
        assert MESSAGES[key] == _printf(declared.text), key


def test_every_word_a_parameter_may_hold_has_its_entry(app):
    with app.test_request_context():
        assert sorted(_words()) == WORDS


def test_every_refusal_word_and_ending_is_translated(catalogue):
    def translated(msgid, context=None):
        message = catalogue.get(msgid, context=context)
        return message is not None and message.string and not message.fuzzy

    assert [key for key, words in MESSAGES.items() if not translated(words)] == []
    assert [word for word in WORDS if not translated(word, "rules word")] == []
    endings = {code for rules in all_rules() for code in rules.end_reasons}
    assert endings <= set(REASONS)
    assert [code for code in endings if not translated(REASONS[code]._args[0])] == []


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

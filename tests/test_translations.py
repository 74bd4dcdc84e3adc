"""The shipped catalogues against the messages in the code: what `pybabel extract` finds (by
``babel.cfg``) must be translated in every catalogue, with nothing fuzzy, nothing stale and
every placeholder kept; the compiled ``.mo`` must be the ``.po`` compiled.

To fix a failure: ``pybabel extract -F babel.cfg -k _l -k lazy_gettext -k N_ --no-location
--sort-output -o pbem/translations/messages.pot .``, ``pybabel update -i
pbem/translations/messages.pot -d pbem/translations --no-fuzzy-matching --ignore-obsolete``,
translate, then ``pybabel compile -d pbem/translations`` (README, "Languages").
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from pbem.core.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
CATALOGUES = ROOT / "pbem" / "translations"
# One worker runs the module under `make test` (--dist loadgroup): the code is searched for
# its messages once, not once in each worker.
pytestmark = pytest.mark.xdist_group("translations")
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "lazy_gettext": None,
            "_l": None, "N_": None, "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3)}


def _key(msgid):
    return msgid if isinstance(msgid, str) else msgid[0]


@pytest.fixture(scope="module")
def extracted() -> set[str]:
    """The msgids the code and templates use now (what ``pybabel extract`` would write)."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found = extract_from_dir(str(ROOT), method_map, options_map, keywords=KEYWORDS,
                             strip_comment_tags=True)
    return {_key(message) for _, _, message, _, _ in found if _key(message)}


def _catalogue(language: str):
    with open(CATALOGUES / language / "LC_MESSAGES" / "messages.po", "rb") as po:
        return read_po(po, locale=language)


def test_the_template_lists_exactly_the_messages_in_use(extracted):
    with open(CATALOGUES / "messages.pot", "rb") as pot:
        template = {_key(m.id) for m in read_po(pot) if m.id}
    assert sorted(extracted - template) == [], "messages.pot lacks these: extract again"
    assert sorted(template - extracted) == [], "messages.pot has stale messages: extract again"


@pytest.mark.parametrize("language", sorted(set(LANGUAGES) - {"en"}))
def test_a_shipped_catalogue_translates_every_message_and_keeps_placeholders(language,
                                                                              extracted):
    catalogue = _catalogue(language)
    messages = {_key(m.id): m for m in catalogue if m.id}
    missing = sorted(key for key in extracted
                     if key not in messages or not all(_strings(messages[key])))
    assert missing == [], f"{language}: untranslated"
    assert sorted(key for key, m in messages.items() if m.fuzzy) == [], f"{language}: fuzzy"
    assert sorted(set(messages) - extracted) == [], f"{language}: stale entries"
    assert not catalogue.obsolete, f"{language}: obsolete entries"
    broken = [(_key(m.id), [str(e) for e in errors]) for m, errors in catalogue.check()]
    assert broken == [], f"{language}: placeholders"


@pytest.mark.parametrize("language", sorted(set(LANGUAGES) - {"en"}))
def test_the_compiled_catalogue_is_the_po_compiled(language):
    catalogue = _catalogue(language)
    with open(CATALOGUES / language / "LC_MESSAGES" / "messages.mo", "rb") as mo:
        compiled = read_mo(mo)
    assert ({_key(m.id): _strings(m) for m in compiled if m.id}
            == {_key(m.id): _strings(m) for m in catalogue if m.id}), "run pybabel compile"


def _strings(message):
    return [message.string] if isinstance(message.string, str) else list(message.string)


#: Words a page shows as they are in every language: the site's name, format names, and
#: the names of page styles that the scan below takes for text.
UNTRANSLATED = {"pbem", "pbem · pbem", "API", "JSON", "game-page", "game-page analysis-page"}


def _visible_text(template: str) -> list[str]:
    """The lines of text a template writes itself, outside Jinja's expressions, statements,
    translations and comments, and outside scripts, styles, pictures and code."""
    for pattern in (r"\{#.*?#\}", r"\{%-?\s*trans\b.*?\{%-?\s*endtrans\s*-?%\}",
                    r"\{\{.*?\}\}", r"\{%.*?%\}",
                    r"<(script|style|svg|code)\b.*?</\1>"):
        template = re.sub(pattern, " ", template, flags=re.S)
    lines = (" ".join(line.split()) for line in re.sub(r"<[^>]+>", "\n", template).split("\n"))
    return [line for line in lines if re.search(r"[A-Za-z]{3}", line)]


def test_every_page_and_mail_template_writes_its_words_through_the_catalogue():
    """A sentence written into a template as it is reaches every reader in English (the
    German home page asked for the browser's time zone in English): each goes through
    ``_()`` or ``{% trans %}``."""
    written = {str(path.relative_to(ROOT)): [line for line in _visible_text(path.read_text())
                                             if line not in UNTRANSLATED]
               for pattern in ("*.html", "*.txt")
               for path in sorted((ROOT / "templates").rglob(pattern))}
    assert {path: lines for path, lines in written.items() if lines} == {}


def test_no_script_writes_a_sentence_of_its_own():
    """A script's words come from the page (``data-`` attributes, or the phrases a page hands
    ``t()`` and ``phrase()``), so they are in the reader's language: the time-zone note and
    the push subscription's answers had been English in every language."""
    sentence = re.compile(r"""(?<![\w(])(["'])([A-Z][a-z]+ [^"'\n]*)\1""")
    written = {}
    for path in sorted((ROOT / "pbem" / "static").glob("*.js")):
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            code = line.split("//")[0]
            said = [m[2] for m in sentence.finditer(code)
                    if not re.search(r"\b(t|phrase)\(\s*$", code[:m.start()])]
            if said:
                written[f"{path.name}:{number}"] = said
    assert written == {}

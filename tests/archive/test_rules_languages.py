"""The rules pages in the reader's language: a German, French or Spanish page for every game,
with English for any other language, and every section at the same anchor in each."""

from __future__ import annotations

import re

import pytest

from pbem.games import all_rules

SLUGS = [rules.slug for rules in all_rules()]
#: A heading only the page in that language has.
HEADINGS = {"de": "Ablauf eines Zuges", "fr": "Déroulement d’un tour",
            "es": "Desarrollo del turno", "en": "Turn structure"}


def _ids(html: str) -> list[str]:
    return re.findall(r'<h\d id="([^"]+)"', html)


def _spec(client, slug: str, language: str) -> str:
    page = client.get(f"/rules/{slug}/spec", headers={"Accept-Language": language})
    assert page.status_code == 200
    return page.get_data(as_text=True)


@pytest.mark.parametrize("slug", SLUGS)
def test_a_german_reader_gets_the_german_rules_page(client, slug):
    html = _spec(client, slug, "de")
    assert HEADINGS["de"] in html and "Ende der Partie" in html
    assert HEADINGS["en"] not in html and "<table>" in html


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("language", ["fr", "es"])
def test_every_section_keeps_its_english_anchor_in_every_language(client, slug, language):
    english = _spec(client, slug, "en")
    translated = _spec(client, slug, language)
    assert HEADINGS[language] in translated and HEADINGS["en"] not in translated
    assert _ids(translated) == _ids(english) and len(_ids(english)) >= 8


@pytest.mark.parametrize("language", ["it", "pt-BR, xx;q=0.5"])
def test_another_language_gets_the_english_page(client, language):
    html = _spec(client, "stax", language)
    assert HEADINGS["en"] in html and "Ablauf" not in html


def test_the_game_page_summarises_the_readers_page_and_links_its_options(client):
    html = client.get("/rules/stawvs", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert "Desarrollo del turno" in html and "Final de la partida" in html
    assert "{#" not in html, "an anchor's attribute shown as text"
    assert 'href="/rules/stawvs/spec#33-option-claimsvacated"' in html
    assert 'href="/rules/stawvs/spec#option-gaps"' in html


def test_the_game_page_around_the_rules_speaks_the_readers_language(client):
    german = client.get("/rules/stax", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Die Regeln in Kürze" in german and "Bestenliste Stax" in german
    assert "The rules in short" not in german and "Recent games" not in german
    english = client.get("/rules/stax", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "The rules in short" in english and "Stax leaderboard" in english

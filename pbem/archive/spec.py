"""Each game's rules page (``pbem/rules/<slug>.md``), and a summary of it.

The pages are the project's own text for players, shipped in the package; ``RULES_SPEC_DIR``
(``PBEM_RULES_SPEC_DIR``) points at another folder of them. Each page is in English,
``<slug>.md``, and in other languages, ``<language>/<slug>.md``: a reader gets the page in
their language, else the English one. A translated page gives every heading the English page's
anchor (``{#2-turn-structure}``), so a link to a section works in every language. A game whose
file is missing simply has no rules page. A summary is the file's opening paragraph and its
"Turn structure" and "End of game" sections; options link to the heading that discusses them
(else the options section).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from flask import current_app
from flask_babel import get_locale

#: The package's own rules pages (package data).
DEFAULT_DIR = Path(__file__).resolve().parents[1] / "rules"
#: The summary's sections, by their English title or (translated) anchor.
SUMMARY_SECTIONS = re.compile(r"turn[ -]structure|end[ -]of[ -]game", re.IGNORECASE)
EXTENSIONS = ["tables", "fenced_code", "toc", "attr_list"]


@dataclass(frozen=True)
class Spec:
    html: str
    intro: str
    summary: str
    #: ``(title, anchor)`` of each top-level section, for a table of contents.
    sections: tuple[tuple[str, str], ...]
    #: ``(title, anchor)`` of every heading, to find where an option is discussed.
    headings: tuple[tuple[str, str], ...]

    def anchor_for(self, option: str) -> str | None:
        """The heading discussing ``option``: one naming it, else the options section (by the
        title, or by the English anchor a translated heading keeps)."""
        word = re.compile(rf"\b{re.escape(option)}\b")
        for title, anchor in self.headings:
            if "option" in f"{title} {anchor}".lower() and word.search(title):
                return anchor
        return next((a for t, a in self.sections if "options" in f"{t} {a}".lower()), None)


def spec_for(slug: str) -> Spec | None:
    """The parsed spec of a game in the language spoken now (else in English), or ``None``
    when its file is not found."""
    folder = Path(current_app.config.get("RULES_SPEC_DIR") or DEFAULT_DIR)
    locale = get_locale()
    for path in (folder / locale.language / f"{slug}.md" if locale else None,
                 folder / f"{slug}.md"):
        if path is not None and path.is_file():
            return _parse(str(path), path.stat().st_mtime_ns)
    return None


@lru_cache(maxsize=32)
def _parse(path: str, _mtime: int) -> Spec:
    import markdown  # here: only a rules page needs it, and it is slow to import

    text = Path(path).read_text(encoding="utf-8")
    converter = markdown.Markdown(extensions=EXTENSIONS)
    html = converter.convert(text)
    headings = tuple(_flatten(converter.toc_tokens))
    sections = tuple((t["name"], t["id"]) for t in _flatten_tokens(converter.toc_tokens)
                     if t["level"] == 2)
    parts = re.split(r"(?m)^(?=## )", text)
    intro = parts[0].split("\n\n")[1] if parts[0].count("\n\n") else ""
    summary = "\n\n".join(p for p in parts[1:] if SUMMARY_SECTIONS.search(p.splitlines()[0]))
    return Spec(html=html, intro=_render(intro), summary=_render(summary.replace("## ", "### ")),
                sections=sections, headings=headings)


def _render(text: str) -> str:
    import markdown

    return markdown.markdown(text, extensions=["tables", "fenced_code", "attr_list"])


def _flatten_tokens(tokens):
    for token in tokens:
        yield token
        yield from _flatten_tokens(token["children"])


def _flatten(tokens):
    return ((token["name"], token["id"]) for token in _flatten_tokens(tokens))

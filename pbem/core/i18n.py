"""Languages: which one a page or a message speaks, and speaking another for a while.

Flask-Babel translates (``gettext`` in code, ``{% trans %}`` and ``_()`` in templates) and
formats dates, numbers and plurals. Which language a request speaks is chosen by the web layer
(``pbem.web.language``): the player's stored language, else the browser's ``Accept-Language``.
A message to a player is written in *their* language and time zone, not the sender's:
:func:`speaking` switches both around its composition.

Adding a language: a catalogue under ``pbem/translations/<code>/LC_MESSAGES/messages.po`` and
its line in the ``LANGUAGES`` setting (code -> the language's name in itself).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from contextlib import contextmanager
from datetime import tzinfo
from functools import cache

import pytz  # Flask-Babel's time zones (it converts with their normalize())
from babel import Locale
from flask import current_app, g, has_app_context
from flask_babel import Babel, LazyString, force_locale, get_locale

babel = Babel()

#: The default languages: code -> its own name (what the footer's switcher shows).
LANGUAGES = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español"}
DEFAULT = "en"


def languages() -> dict[str, str]:
    """The languages this deployment speaks (the ``LANGUAGES`` setting)."""
    return current_app.config["LANGUAGES"] if has_app_context() else LANGUAGES


def supported(code: str | None) -> str | None:
    """``code`` if it is one of :func:`languages` (``de-AT`` and ``DE`` count as ``de``)."""
    if not code:
        return None
    code = code.strip().replace("_", "-").split("-")[0].lower()
    return code if code in languages() else None


def operator_language(environ: Mapping[str, str] = os.environ) -> str:
    """The language the ``pbem`` commands speak: the ``CLI_LANGUAGE`` setting, else the first
    locale variable set (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as POSIX orders them:
    ``de_DE.UTF-8`` is ``de``) when it is one of :func:`languages`, else English (``C`` and
    ``POSIX`` too)."""
    chosen = supported(current_app.config.get("CLI_LANGUAGE"))
    if chosen:
        return chosen
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if environ.get(name):
            return supported(environ[name].split(".")[0].split("@")[0]) or DEFAULT
    return DEFAULT


def best_match(accept_languages) -> str | None:
    """The first of the browser's languages, by its order of preference, that is one of
    :func:`languages` (``fr-CH`` counts as ``fr``); ``None`` when none is."""
    for value, _quality in accept_languages:  # best first
        found = supported(value)
        if found is not None:
            return found
    return None


def current() -> str:
    """The language being spoken now (``en`` outside a request or message)."""
    locale = get_locale() if has_app_context() else None
    return locale.language if locale is not None else DEFAULT


@cache
def _locale(code: str) -> Locale:
    """The locale of a language code, parsed once (every message queued speaks one)."""
    return Locale.parse(code)


@contextmanager
def speaking(language: str | None, zone: tzinfo | None = None):
    """Within the block, translations, dates and numbers are those of ``language`` (the
    default when unknown) and times are shown in ``zone`` (when given)."""
    with force_locale(_locale(supported(language) or DEFAULT)):
        state = getattr(g, "_flask_babel", None)
        if zone is None or state is None:
            yield
            return
        before = getattr(state, "babel_tzinfo", None)
        state.babel_tzinfo = pytz.timezone(getattr(zone, "key", None) or str(zone))
        try:
            yield
        finally:
            state.babel_tzinfo = before


def lazy_format(template: str, *parts) -> LazyString:
    """``template.format(*parts)`` when read, so that lazy translations among ``parts`` are read
    in the language spoken then (a subject composed before its recipient's language is on)."""
    return LazyString(lambda: template.format(*(str(part) for part in parts)))


def as_text(value):
    """A page's ``{{ value }}`` as Jinja is to escape it (the templates' ``finalize``): a lazy
    translation read as plain text now. Flask-Babel's lazy strings declare themselves HTML
    (``__html__``), so Jinja would print one as it is, with whatever a player typed among its
    parameters (a time control, a line of moves, a display name); as text, it is escaped."""
    return str(value) if isinstance(value, LazyString) else value


def N_(message: str) -> str:
    """Marks a message for ``pybabel extract`` (``-k N_``); translated where it is used."""
    return message

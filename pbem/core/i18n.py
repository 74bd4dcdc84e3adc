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
from flask.json.provider import DefaultJSONProvider
from flask_babel import Babel, LazyString, force_locale, get_locale, gettext
from markupsafe import escape

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


class Text(LazyString):
    """A string read when it is used (in the language spoken then), which stays text wherever
    it goes. Flask-Babel's ``LazyString`` declares itself markup (``__html__``), so a page
    printed one as it was, with whatever a player typed among its parameters (a line of moves,
    a time control, a display name): directly, as a parameter of a template's ``_()`` or
    ``{% trans %}``, in a ``join``. As HTML, this one is its text escaped."""

    def __html__(self) -> str:
        return str(escape(str(self)))


def _l(message: str, **variables) -> Text:
    """``message`` translated when it is read (``lazy_gettext``), as :class:`Text`."""
    return Text(gettext, message, **variables)


def lazy(function) -> Text:
    """``function()`` when it is read, as :class:`Text` (a sentence made of lazy parts)."""
    return Text(function)


def lazy_format(template: str, *parts) -> Text:
    """``template.format(*parts)`` when read, so that lazy translations among ``parts`` are read
    in the language spoken then (a subject composed before its recipient's language is on)."""
    return Text(lambda: template.format(*(str(part) for part in parts)))


class JSONProvider(DefaultJSONProvider):
    """JSON that writes a lazy string as its text: Flask's writes anything with ``__html__``
    as that, which is a :class:`Text`'s escaped (``&#39;`` in an API's error message)."""

    @staticmethod
    def default(o):
        return str(o) if isinstance(o, LazyString) else DefaultJSONProvider.default(o)


def as_text(value):
    """A page's ``{{ value }}`` as Jinja is to escape it (the templates' ``finalize``): any lazy
    string (Flask-Babel's own too, which declare themselves markup) read as plain text now."""
    return str(value) if isinstance(value, LazyString) else value


def N_(message: str) -> str:
    """Marks a message for ``pybabel extract`` (``-k N_``); translated where it is used."""
    return message

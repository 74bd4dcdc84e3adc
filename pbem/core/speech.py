"""The words the pure parts say (the clocks' deadlines and refusals, the checks of numbers and
dates people typed, the notification settings' refusals): translated through the functions the
application hands over at start-up (:func:`install`: the request's or the recipient's
language), in English without them. This module imports nothing, so the parts that are to run
without the server (the ``logic`` packages) can speak through it.

A caller imports ``gettext as _`` (which ``pybabel extract`` reads), and the installed function
is looked up on every call, so a module imported before the installation speaks with it too.
"""

from __future__ import annotations

from collections.abc import Callable


def _english(message: str, /, **values) -> str:
    return message % values if values else message


def _english_plural(singular: str, plural: str, num: int, /, **values) -> str:
    return (singular if num == 1 else plural) % {"num": num, **values}


_gettext: Callable[..., str] = _english
_ngettext: Callable[..., str] = _english_plural
_language: Callable[[], str] = lambda: "en"  # noqa: E731


def gettext(message: str, /, **values) -> str:
    """``message`` in the language spoken now, ``values`` filled in (a value may be called
    ``text``: the message's parameter takes no name)."""
    return _gettext(message, **values)


def ngettext(singular: str, plural: str, num: int, /, **values) -> str:
    """``singular`` or ``plural`` for ``num``, in the language spoken now."""
    return _ngettext(singular, plural, num, **values)


def language() -> str:
    """The code of the language spoken now (``en`` without an application)."""
    return _language()


def install(gettext: Callable[..., str], plural: Callable[..., str],
            spoken: Callable[[], str]) -> None:
    """Translate with ``gettext`` and ``plural`` (``ngettext``), and name the language
    ``spoken()`` at the time (the application's, at start-up)."""
    global _gettext, _ngettext, _language
    _gettext, _ngettext, _language = gettext, plural, spoken

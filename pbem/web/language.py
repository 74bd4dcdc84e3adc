"""Which language a page speaks, and the footer's switcher.

A signed-in player's pages speak their stored language (``Player.language``: first taken from
the browser when they sign in, then changed on the account page or with the switcher); a
visitor's, the language they switched to (kept in the session), else the browser's
``Accept-Language``. Times are shown in the player's own time zone (their notification
settings), UTC for a visitor.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import abort, g, has_request_context, redirect, request, session
from flask_babel import gettext as _

from ..core import i18n
from ..core.i18n import N_, _l
from ..notifications.settings import zone_of
from .views import bp


def select_locale() -> str | None:
    if not has_request_context():  # a command or the tick: mail speaks its recipient's
        return None
    player = g.get("player")
    if player is not None and i18n.supported(player.language):
        return player.language
    return i18n.supported(session.get("language")) or i18n.best_match(request.accept_languages)


def select_timezone():
    if not has_request_context():
        return None
    player = g.get("player")
    return zone_of(player.id).key if player is not None else None  # by name: Flask-Babel's


def _back() -> str:
    """Where the switcher was: a path on this site (never another site's address)."""
    target = request.form.get("next", "")
    parts = urlsplit(target)
    if not target.startswith("/") or target.startswith("//") or parts.scheme or parts.netloc:
        return "/"
    return target


@bp.post("/language")
def switch_language():
    """The footer's switcher: the chosen language for this visitor's session, and for a
    signed-in player, their stored language too (which their mail speaks)."""
    code = i18n.supported(request.form.get("language"))
    if code is None:
        abort(400, _l("Unknown language."))
    session["language"] = code
    if g.player is not None:  # (the request's unit of work commits it)
        g.player.language = code
    return redirect(_back(), 303)


@bp.app_context_processor
def _language_helpers():
    """``current_language()``: the code of the language the page speaks (``<html lang>``,
    the switcher)."""
    return {"current_language": i18n.current}


#: A game's status (``Game.status``) in words.
STATUS_WORDS = {"invited": _l("invited"), "active": _l("active"), "finished": _l("finished"),
                "declined": _l("declined")}


@bp.app_template_global()
def status_words(status: str) -> str:
    return STATUS_WORDS.get(status, status)


@bp.before_app_request
def _choose_afresh():
    """Each request chooses its language afresh (an app context, and its ``g``, where
    Flask-Babel keeps the choice, may outlive a request)."""
    g.pop("_flask_babel", None)


@bp.app_template_filter("shown_name")
def shown_name(name: str) -> str:
    """A player's name as shown, with the placeholders of an unnamed or deleted account in the
    reader's language (the stored names stay English: records and feeds show them)."""
    from ..accounts.models import DELETED_NAME, UNNAMED

    return {UNNAMED: _("an invited player"), DELETED_NAME: _("deleted player")}.get(name, name)


@bp.app_template_global()
def composer_words() -> dict[str, str]:
    """The move composer's prompts (static/compose.js) in the page's language, keyed by their
    English; the script fills the ``%(name)s`` placeholders itself."""
    return {"Previewing %(move)s…": _("Previewing %(move)s…"),
            "on the board or below": _("on the board or below"),
            "on the board": _("on the board"), "below": _("below"),
            "Click %(where)s where your move starts.":
                _("Click %(where)s where your move starts."),
            "Choose below.": _("Choose below."),
            "%(num)d move": _("%(num)d move"), "%(num)d moves": _("%(num)d moves"),
            "%(path)s: %(moves)s; pick a highlighted step %(where)s.":
                _("%(path)s: %(moves)s; pick a highlighted step %(where)s."),
            "%(name)s: no legal move starts there.": _("%(name)s: no legal move starts there."),
            "That is another player's, not yours to play.":
                _("That is another player's, not yours to play."),
            **{english: _(english) for english in _COMPOSER_MORE}}


#: The composer's other prompts (keyed by their English, as above).
_COMPOSER_MORE = (
    N_("Checking %(turn)s…"), N_("The server refused it (reload the page)."),
    N_("No answer from the server"), N_("Sending %(turn)s…"),
    N_("Your turn is complete: the board shows where it leads. Send it, or take a part back."),
    N_("Next part of your turn: click %(where)s where it starts."),
    N_("Next part of your turn: choose below."), N_("No legal move matches %(typed)s."),
    N_("%(shown)s of %(count)s legal moves: type more to narrow."),
    N_("%(num)d legal move matches."), N_("%(num)d legal moves match."),
)


@bp.app_template_global()
def kind_words(kind, label: str) -> str:
    """A notification kind as the settings page names it, in the reader's language."""
    from ..notifications.delivery import KIND_WORDS
    from ..notifications.logic.schedule import Kind

    try:
        return str(KIND_WORDS[Kind(kind)])
    except (KeyError, ValueError):
        return label


@bp.app_template_global()
def word_for(command: str) -> str:
    """A reply command's word in the reader's language (``bestätigen`` for ``confirm``)."""
    from ..correspondence.words import word_for as translated

    return translated(command)

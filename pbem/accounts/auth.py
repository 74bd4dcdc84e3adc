"""Who is signed in, and the guards for pages that need someone (or an admin)."""

from __future__ import annotations

from functools import wraps

from flask import abort, g, redirect, request, session, url_for

from ..core.i18n import _l
from .service import end_sessions, get_player


def load_current_player() -> None:
    """``g.player``: the player the session names, unless the account was deleted or they have
    signed out since the session began (then the session is cleared). A session from before
    generations existed counts as the first generation, so deploying them signed nobody out."""
    player = get_player(session.get("player_id")) if "player_id" in session else None
    if player is not None and (
        player.deleted_at is not None
        or session.get("generation", 0) != player.session_generation
    ):
        session.clear()
        player = None
    g.player = player


def sign_in_session(player) -> None:
    session.clear()
    session["player_id"] = player.id
    session["generation"] = player.session_generation


def sign_out_everywhere(player) -> None:
    """End every session of ``player``: this one and any other browser's, or a copied cookie.
    (The session cookie is signed, not stored; only a change on the server can void a copy.)
    The caller commits.
    """
    end_sessions(player)
    session.clear()


def login_required(view):
    @wraps(view)
    def wrapped(*args, **kwargs):
        if g.player is None:
            return redirect(url_for("accounts.sign_in", next=request.path))
        return view(*args, **kwargs)

    return wrapped


def admin_required(view):
    @wraps(view)
    def wrapped(*args, **kwargs):
        if g.player is None or not g.player.is_admin:
            abort(403, _l("This page is for administrators."))
        return view(*args, **kwargs)

    return wrapped

"""Who is signed in, and the guards for pages that need someone (or an admin)."""

from __future__ import annotations

from functools import wraps

from flask import abort, g, redirect, request, session, url_for

from .service import get_player


def load_current_player() -> None:
    g.player = get_player(session.get("player_id")) if "player_id" in session else None


def sign_in_session(player) -> None:
    session.clear()
    session["player_id"] = player.id


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
            abort(403, "This page is for administrators.")
        return view(*args, **kwargs)

    return wrapped

"""The account's push page: this browser's subscription (made by ``static/push.js``), the
browsers subscribed, and the service worker that shows the pushes. Each view commits once, at
its end."""

from __future__ import annotations

import base64
import json
from pathlib import Path

from flask import (
    Blueprint,
    Response,
    current_app,
    flash,
    g,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _

from ..accounts.auth import login_required
from . import service
from .models import PUSH_KINDS

bp = Blueprint("push", __name__)


def public_key() -> str | None:
    """The VAPID public key as browsers take it (base64url of the raw point), or None when
    pushes are not configured."""
    key = current_app.config.get("PUSH_VAPID_PRIVATE_KEY")
    if not key:
        return None
    from cryptography.hazmat.primitives import serialization
    from py_vapid import Vapid02

    vapid = Vapid02.from_pem(key.encode()) if key.lstrip().startswith("-----BEGIN") \
        else Vapid02.from_string(key)
    raw = vapid.public_key.public_bytes(serialization.Encoding.X962,
                                        serialization.PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _page(status: int = 200, error: str | None = None):
    return render_template("push/index.html", key=public_key(), kinds=PUSH_KINDS,
                           browsers=service.subscriptions_of(g.player.id), error=error), status


@bp.get("/account/push")
@login_required
def index():
    return _page()


@bp.post("/account/push")
@login_required
def subscribe():
    """A browser's subscription, posted by ``push.js`` as a form field of JSON."""
    try:
        data = json.loads(request.form.get("subscription", ""))
    except ValueError:
        data = None
    try:
        service.subscribe(g.player, data, request.form.getlist("kind") or None)
    except service.BadSubscription as exc:
        return _page(exc.status, exc.message)
    return {"subscribed": True}, 201


@bp.post("/account/push/<int:subscription_id>/remove")
@login_required
def remove(subscription_id):
    service.unsubscribe(g.player.id, subscription_id)
    flash(_("That browser gets no more pushes."))
    return redirect(url_for("push.index"), 303)


@bp.get("/push-worker.js")
def worker():
    """The service worker, from the site's root so that its scope is the whole site."""
    path = Path(current_app.static_folder) / "push-worker.js"
    response = Response(path.read_bytes(), mimetype="text/javascript")
    response.headers["Service-Worker-Allowed"] = "/"
    response.cache_control.max_age = 3600
    return response

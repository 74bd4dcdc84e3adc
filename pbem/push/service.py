"""Subscribing browsers and pushing to them."""

from __future__ import annotations

import json
import logging
from urllib.parse import urlsplit

from flask import current_app
from sqlalchemy import delete, select

from ..accounts.models import Player
from ..core.errors import PbemError
from ..core.extensions import db
from ..core.i18n import _l, speaking
from ..core.urls import external_url
from .models import DEFAULT_KINDS, PUSH_KINDS, PushSubscription

log = logging.getLogger(__name__)
#: The most browsers one player may subscribe.
MOST_BROWSERS = 10
#: What a push says, by notification kind (nothing else of the message goes into it), in
#: its player's language.
TITLES = {"turn": _l("Your turn"), "reminder": _l("Your turn is waiting"),
          "game": _l("News in your game"), "invitation": _l("An invitation"),
          "tournament": _l("Tournament news")}


class BadSubscription(PbemError):
    status, code = 422, "bad-subscription"


def subscribe(player: Player, data, kinds=None) -> PushSubscription:
    """Keep the browser subscription ``data`` (the JSON a browser's ``PushManager`` gives:
    ``endpoint`` and ``keys.p256dh``, ``keys.auth``) for ``player``; flushes.

    :raises BadSubscription: not such a subscription, or too many browsers.
    """
    keys = data.get("keys") if isinstance(data, dict) else None
    endpoint = data.get("endpoint") if isinstance(data, dict) else None
    if not (isinstance(endpoint, str) and isinstance(keys, dict)
            and isinstance(keys.get("p256dh"), str) and isinstance(keys.get("auth"), str)):
        raise BadSubscription(_l("A subscription has an endpoint and the keys p256dh and "
                                 "auth."))
    parts = urlsplit(endpoint)
    if parts.scheme not in ("https", "http") or not parts.netloc or len(endpoint) > 2000 \
            or len(keys["p256dh"]) > 200 or len(keys["auth"]) > 100:
        raise BadSubscription(_l("That is not a push service's endpoint."))
    kinds = " ".join(k for k in PUSH_KINDS if k in (kinds or DEFAULT_KINDS.split()))
    row = db.session.scalar(select(PushSubscription).where(
        PushSubscription.endpoint == endpoint))
    if row is None:
        count = len(subscriptions_of(player.id))
        if count >= MOST_BROWSERS:
            raise BadSubscription(_l("You have %(count)s browsers subscribed, the most "
                                     "allowed.", count=count))
        row = PushSubscription(player_id=player.id, endpoint=endpoint)
        db.session.add(row)
    row.player_id, row.p256dh, row.auth, row.kinds = player.id, keys["p256dh"], keys["auth"], \
        kinds or DEFAULT_KINDS
    db.session.flush()
    return row


def subscriptions_of(player_id: int) -> list[PushSubscription]:
    return db.session.scalars(select(PushSubscription).where(
        PushSubscription.player_id == player_id).order_by(PushSubscription.id)).all()


def unsubscribe(player_id: int, subscription_id) -> None:
    db.session.execute(delete(PushSubscription).where(
        PushSubscription.id == subscription_id, PushSubscription.player_id == player_id))


def payload(kind: str, game_id: int | None) -> dict:
    """What a push says: the kind, a title, and the game (by number and link), nothing else."""
    data = {"kind": kind, "title": str(TITLES.get(kind, "pbem"))}
    if game_id is not None:
        data.update(game=game_id, url=external_url("play.game", game_id=game_id))
    return data


def push(player_id: int, kind: str, game_id: int | None) -> int:
    """Push ``kind`` news about the game to each of the player's browsers that wants it; a
    browser the push service says is gone (404, 410) is removed (flushed). How many went."""
    config = current_app.config
    if not config.get("PUSH_VAPID_PRIVATE_KEY"):
        return 0
    from py_vapid import Vapid02
    from pywebpush import WebPushException, webpush  # only a sender needs them

    key = config["PUSH_VAPID_PRIVATE_KEY"]
    if isinstance(key, str) and key.lstrip().startswith("-----BEGIN"):
        key = Vapid02.from_pem(key.encode())  # RFC 8292: "vapid t=…, k=…"
    sent = 0
    language = db.session.scalar(select(Player.language).where(Player.id == player_id))
    with speaking(language):  # the player's, whoever's request or worker sends it
        body = json.dumps(payload(kind, game_id))
    for row in subscriptions_of(player_id):
        if kind not in row.kinds.split():
            continue
        try:
            webpush({"endpoint": row.endpoint, "keys": {"p256dh": row.p256dh,
                                                         "auth": row.auth}},
                    data=body, vapid_private_key=key,
                    vapid_claims={"sub": config["PUSH_VAPID_SUBJECT"]}, ttl=86400,
                    timeout=config["PUSH_TIMEOUT"])
            sent += 1
        except WebPushException as exc:
            status = getattr(exc.response, "status_code", None)
            if status in (404, 410):
                db.session.delete(row)
            else:
                log.warning("push to subscription %s failed: %s", row.id, status or exc)
    db.session.flush()
    return sent


def pushed_after_mail(_sender, *, category=None, recipient=None, game_id=None, **_facts):
    """The mail sender delivered a message: push it to the recipient's browsers too."""
    if category is None or recipient is None:
        return
    player_id = db.session.scalar(select(Player.id).where(Player.email == recipient))
    if player_id is not None:
        push(player_id, category, game_id)

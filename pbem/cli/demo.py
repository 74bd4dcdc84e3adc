"""Demo data for ``make run``: a few players and an admin, a game in progress in every game,
one finished game, one against a bot and two open challenges in the lobby, so a newcomer sees
every page at once."""

from __future__ import annotations

import random

from flask import current_app
from flask_babel import gettext
from sqlalchemy import func, select

from ..accounts.models import Player
from ..accounts.service import make_admin, player_by_email, sign_in_url
from ..botplay.accounts import ensure_bots
from ..challenges import service as challenges
from ..core.db import utcnow
from ..core.extensions import db
from ..core.urls import external_url
from ..games import all_rules
from ..play import commands
from ..play.models import ACTIVE
from ..play.queries import get_game

PLAYERS = [("alice@example.com", "Alice"), ("bob@example.com", "Bob"),
           ("carol@example.com", "Carol"), ("dave@example.com", "Dave")]
ADMIN = "admin@example.com"


def load_demo() -> str | None:
    """Load the demo into an empty database (bots aside); return a summary, or None if not
    empty. The demo's games have no creator: they count for nobody's game-creation limit
    (``pbem.play.limits``)."""
    if db.session.scalar(select(func.count()).select_from(Player).where(~Player.is_bot)):
        return None
    players = []
    for email, name in PLAYERS:
        player = player_by_email(email)
        player.name = name
        players.append(player)
    make_admin(ADMIN).name = "Admin"
    bots = ensure_bots()
    rng = random.Random(2024)
    made = []
    for rules in all_rules():
        count = rules.player_counts[0]
        game = commands.create_game(rules.slug, players[:count], creator=None,
                                    start_now=True, seed=rng.randrange(2**31))
        play_random_turns(game, rng, turns=rng.randrange(4, 9))
        made.append(f"{rules.name} #{game.id}")
    short = next((r for r in all_rules() if r.slug == "pylon"), all_rules()[0])
    finished = commands.create_game(short.slug, players[2:2 + short.player_counts[0]],
                                    creator=None, start_now=True, seed=7)
    play_random_turns(finished, rng, turns=400)
    if get_game(finished.id).status == ACTIVE:
        commands.resign(commands.locked(finished.id), 1)
    made.append(gettext("finished: %(game)s", game=f"{finished.rules.name} #{finished.id}"))
    against_bot = commands.create_game(short.slug, [players[0], bots[0]], creator=None,
                                       start_now=True, seed=rng.randrange(2**31))
    made.append(f"{against_bot.title}")
    for poster, slug, count in ((players[2], "stawvs", 3), (players[3], "spike", 2)):
        terms = challenges.check_terms(slug, {}, count, "3d/move", True, None, None, "random")
        challenges.post(poster, terms, utcnow())
    made.append(gettext("2 open challenges"))
    return gettext("demo data loaded: %(games)s", games=", ".join(made))


def play_random_turns(game, rng: random.Random, turns: int) -> None:
    """Play up to ``turns`` random whole turns through the play service (mail included)."""
    for _ in range(turns):
        game = get_game(game.id)
        if game.status != ACTIVE:
            return
        rules, state = game.rules, game.load_state()
        plies, _ = rules.random_turn(state, rng)
        commands.play_turn(commands.locked(game.id), rules.to_move(state), " ".join(plies),
                           game.ply)


def sign_in_help() -> str:
    """How a newcomer signs in: a sign-in link for a demo player and the dev mailbox."""
    alice = player_by_email(PLAYERS[0][0])
    link = sign_in_url(alice)
    return "\n" + gettext(
        "To sign in as Alice (a demo player), open:\n  %(link)s\n"
        "Or sign in with any address; the mail appears in the dev mailbox:\n  %(mailbox)s\n"
        "(Admin: %(admin)s; mail is also written to %(folder)s)",
        link=link, mailbox=external_url("web.mailbox"), admin=ADMIN,
        folder=current_app.config["MAIL_FILE_DIR"]) + "\n"

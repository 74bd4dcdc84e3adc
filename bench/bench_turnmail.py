"""Writing one turn email with its board as a PNG, per game (target under 30 ms per email):
composing the queued facts (replaying to the ply, text board, signed links, templates), drawing
the PNG and building the MIME message, for a game some twenty plies in, on SQLite in a scratch
folder. Sending is left out (that is the SMTP server's time). Each round draws the PNG afresh
(the process's cache of drawn boards is emptied), and reports CPU time beside wall time, which
a loaded machine inflates."""

from __future__ import annotations

import random
import tempfile
import time

from .timing import file_mail_app, summary_ms

GAMES = {"stawvs": 2, "stax": 3, "spike": 2, "triumvirate": 2, "pylon": 2}
PLIES = 20
ROUNDS = 15


def run() -> dict:
    figures = {}
    with tempfile.TemporaryDirectory(prefix="pbem-bench-") as folder:
        app = file_mail_app(folder)
        with app.app_context():
            for slug, players in GAMES.items():
                figures.update({f"{slug} {key}": value
                                for key, value in _turn_email(slug, players).items()})
    return figures



def _turn_email(slug: str, players: int) -> dict:
    """Play ``PLIES`` random turns, then time the last turn email's composition and MIME."""
    from sqlalchemy import select

    from pbem.accounts.service import player_by_email
    from pbem.core.extensions import db
    from pbem.correspondence.board_image import board_png
    from pbem.mail.composers import compose
    from pbem.mail.models import OutboxMessage
    from pbem.mail.sender import as_message
    from pbem.play import commands
    from pbem.play.setup import create_game

    seats = [player_by_email(f"{slug}-{seat}@example.com") for seat in range(players)]
    for player in seats:
        player.name = player.email.split("@")[0]
    game = create_game(slug, seats, None, creator=seats[0], start_now=True, seed=1)
    rng = random.Random(1)
    for _ in range(PLIES):
        game = commands.locked(game.id)
        state = game.load_state()
        seat = game.rules.to_move(state)
        if seat is None:
            break
        commands.play_turn(game, seat, _random_turn(game.rules, state, rng), game.ply)
    row_id = db.session.scalars(select(OutboxMessage.id)
                                .where(OutboxMessage.game_id == game.id,
                                       OutboxMessage.kind == "turn")
                                .order_by(OutboxMessage.id.desc())).first()
    samples, cpu, size = [], [], 0
    for _ in range(ROUNDS):
        row = db.session.get(OutboxMessage, row_id)
        row.body_text = row.body_html = None
        board_png.cache_clear()
        started, started_cpu = time.perf_counter(), time.process_time()
        compose(row)
        size = len(as_message(row).as_bytes())
        samples.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
        db.session.rollback()
    return {**summary_ms(samples), "cpu_p50_ms": summary_ms(cpu)["p50_ms"], "bytes": size}


def _random_turn(rules, state, rng) -> str:
    """A whole random turn as typed (Spike's several plies separated by spaces)."""
    plies = [rng.choice(rules.legal_moves(state))]
    state = rules.play(state, plies[-1])
    while rules.turn_plies(state) and not rules.is_over(state):
        plies.append(rng.choice(rules.legal_moves(state)))
        state = rules.play(state, plies[-1])
    return " ".join(plies)

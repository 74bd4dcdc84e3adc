"""Writing one turn email with its board as a PNG, per game (target under 30 ms per email):
composing the queued facts (replaying to the ply, text board, signed links, templates), drawing
the PNG and building the MIME message, for a game some twenty plies in, on SQLite in a scratch
folder. Sending is left out (that is the SMTP server's time). Each round draws the PNG afresh
(the process's cache of drawn boards is emptied), and reports CPU time beside wall time, which
a loaded machine inflates.

Then the same for a Stax game at ply 10, 200 and 1,000 (a longer game's record grows with
it, so its email must not), timed in a rotating order, round after round, so a change in the
machine's load hits them alike: their ratios are the figures (target: flat). All are the
walking game of ``bench_stax``, whose table is the same from ply 8 on, so the emails draw the
same board and differ only in the length of the game behind it."""

from __future__ import annotations

import random
import tempfile
import time

from .bench_stax import walking_game
from .timing import file_mail_app, summary_ms

GAMES = {"stawvs": 2, "stax": 3, "spike": 2, "triumvirate": 2, "pylon": 2}
PLIES = 20
ROUNDS = 15
#: The Stax games of the comparison, by length, and the rounds of it.
STAX_PLIES, STAX_ROUNDS = (10, 200, 1000), 30


def run() -> dict:
    figures = {}
    with tempfile.TemporaryDirectory(prefix="pbem-bench-") as folder:
        app = file_mail_app(folder)
        with app.app_context():
            for slug, players in GAMES.items():
                figures.update({f"{slug} {key}": value
                                for key, value in _turn_email(slug, players).items()})
            figures.update(_stax_by_length())
    return figures


def _turn_email(slug: str, players: int) -> dict:
    """Play ``PLIES`` random turns, then time the last turn email's composition and MIME."""
    row_id = _played(slug, players, PLIES, random.Random(1), _random_turn)
    samples, cpu, size = [], [], 0
    for _ in range(ROUNDS):
        wall, spent, size = _composed(row_id)
        samples.append(wall)
        cpu.append(spent)
    return {**summary_ms(samples), "cpu_p50_ms": summary_ms(cpu)["p50_ms"], "bytes": size}


def _stax_by_length() -> dict:
    """The walking game of Stax played to each of :data:`STAX_PLIES`, the last turn emails
    of each composed in a rotating order: CPU medians and their ratios to the shortest."""
    walking = walking_game(max(STAX_PLIES))[-1].history

    def walk(rules, state, _rng) -> str:
        return walking[len(rules.history(state))][1]

    rows = {plies: _played("stax", 2, plies, None, walk) for plies in STAX_PLIES}
    cpu: dict[int, list[float]] = {plies: [] for plies in STAX_PLIES}
    for round_ in range(STAX_ROUNDS):
        turn = round_ % len(STAX_PLIES)
        for plies in STAX_PLIES[turn:] + STAX_PLIES[:turn]:
            cpu[plies].append(_composed(rows[plies])[1])
    medians = {plies: summary_ms(cpu[plies])["p50_ms"] for plies in STAX_PLIES}
    short = STAX_PLIES[0]
    return {**{f"stax turn email at ply {plies}, cpu_p50_ms": value
               for plies, value in medians.items()},
            **{f"stax turn email: ply {plies} / ply {short}":
               round(medians[plies] / medians[short], 2) for plies in STAX_PLIES[1:]}}


def _played(slug: str, players: int, plies: int, rng, turn) -> int:
    """A game of ``slug`` played ``plies`` turns by ``turn(rules, state, rng)`` through the
    play commands: the id of its last turn email."""
    from sqlalchemy import select

    from pbem.accounts.service import player_by_email
    from pbem.core.extensions import db
    from pbem.mail.models import OutboxMessage
    from pbem.play import commands
    from pbem.play.setup import create_game

    seats = [player_by_email(f"{slug}-{plies}-{seat}@example.com") for seat in range(players)]
    for player in seats:
        player.name = player.email.split("@")[0]
    game = create_game(slug, seats, None, creator=seats[0], start_now=True, seed=1)
    for _ in range(plies):
        game = commands.locked(game.id)
        state = game.load_state()
        seat = game.rules.to_move(state)
        if seat is None:
            break
        commands.play_turn(game, seat, turn(game.rules, state, rng), game.ply)
    return db.session.scalars(select(OutboxMessage.id)
                              .where(OutboxMessage.game_id == game.id,
                                     OutboxMessage.kind == "turn")
                              .order_by(OutboxMessage.id.desc())).first()


def _composed(row_id: int) -> tuple[float, float, int]:
    """Compose the turn email ``row_id`` afresh (its board drawn again): wall and CPU
    seconds, and the message's size."""
    from pbem.core.extensions import db
    from pbem.correspondence.board_image import board_png
    from pbem.mail.composers import compose
    from pbem.mail.models import OutboxMessage
    from pbem.mail.sender import as_message

    row = db.session.get(OutboxMessage, row_id)
    row.body_text = row.body_html = None
    board_png.cache_clear()
    started, started_cpu = time.perf_counter(), time.process_time()
    compose(row)
    size = len(as_message(row).as_bytes())
    wall, cpu = time.perf_counter() - started, time.process_time() - started_cpu
    db.session.rollback()
    return wall, cpu, size


def _random_turn(rules, state, rng) -> str:
    """A whole random turn as typed (Spike's several plies separated by spaces)."""
    plies = [rng.choice(rules.legal_moves(state))]
    state = rules.play(state, plies[-1])
    while rules.turn_plies(state) and not rules.is_over(state):
        plies.append(rng.choice(rules.legal_moves(state)))
        state = rules.play(state, plies[-1])
    return " ".join(plies)

"""Play's commands for the entry points: each is one unit of work on one game.

A request, a CLI command, a tick or an ingested email loads the game with its row locked
(``locked``, or a move link's ``links.open_token(..., lock=True)``), then runs a command: the
service changes the game and flushes, the receivers of its events write in the same
transaction (clocks, mail), all under the race guard, which turns a lost race into
``PositionChanged`` with nothing kept; the entry point's wrapper (``pbem.core.work``) commits
once at its end. Moves made on the web (signed in or through a
move link) and moves sent by email go through the same :func:`play_turn`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from ..core import work
from ..core.db import utcnow
from . import agreement, endings, rematch, service, setup, thread
from .guards import race_guard
from .models import RESIGNED, Game
from .queries import get_game


@contextmanager
def unit_of_work() -> Iterator[None]:
    """Run the block in the entry point's unit of work (``pbem.core.work``: a request's, an
    email's, a tick's...), or as a unit of its own when called outside one; a lost race rolls
    it all back as ``PositionChanged``."""
    with work.unit_of_work(), race_guard():
        yield


def locked(game_id) -> Game:
    """The game, its row locked for this transaction.

    :raises GameNotFound: no such game.
    """
    return get_game(game_id, lock=True)


def play_turn(game: Game, seat: int, text: str, expected_ply: int, comment: str = "") -> Game:
    """Play a typed turn for ``seat``, with its ``comment``, and commit (see
    ``service.submit_turn``)."""
    with unit_of_work():
        service.submit_turn(game, seat, text, expected_ply, comment)
    return game


def post_message(game: Game, seat: int | None, text: str) -> None:
    """Post a message to the game's thread and commit (see ``thread.post``)."""
    with unit_of_work():
        thread.post(game, seat, text, utcnow())


def resign(game: Game, seat: int, expected_ply: int | None = None, *,
           reason: str = RESIGNED) -> Game:
    """Resign ``seat`` and commit (see ``endings.resign``)."""
    with unit_of_work():
        endings.resign(game, seat, expected_ply, reason=reason)
    return game


def agree(game: Game, seat: int, expected_ply: int) -> bool:
    """``seat`` agrees to end the game, and commit; True when that ended it
    (see ``agreement.agree``)."""
    with unit_of_work():
        return agreement.agree(game, seat, expected_ply)


def decline(game: Game, seat: int, expected_ply: int) -> None:
    """``seat`` declines the proposal to end the game, and commit (see ``agreement.decline``)."""
    with unit_of_work():
        agreement.decline(game, seat, expected_ply)


def set_bots_resign(game: Game, allowed: bool) -> Game:
    """Let the computer players of ``game`` (loaded locked) resign it, or not, and commit."""
    with unit_of_work():
        game.bots_resign = allowed
    return game


def adjudicate(game: Game, winners: list[int], *, automatic: bool = False) -> Game:
    """End the game by a decision, and commit (see ``endings.adjudicate``)."""
    with unit_of_work():
        endings.adjudicate(game, winners, automatic=automatic)
    return game


def create_game(slug: str, players: list, options: dict | None = None, **settings) -> Game:
    """Create a game and commit (see ``setup.create_game``)."""
    with work.unit_of_work():
        return setup.create_game(slug, players, options, **settings)


def respond(game: Game, seat, accept: bool) -> Game:
    """Record a seat's answer to an invitation and commit (see ``setup.respond``)."""
    with unit_of_work():
        setup.respond(game, seat, accept)
    return game


def offer_rematch(game: Game, player) -> Game:
    """``player`` offers a rematch of ``game`` (loaded locked), and commit; the new game (see
    ``rematch.offer``)."""
    with unit_of_work():
        return rematch.offer(game, player)

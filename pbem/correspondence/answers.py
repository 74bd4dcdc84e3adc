"""The answers to replies sent to a move address, and the comments players send each other.

Every reply that authorises itself (the token and the seat's own ``From``) is answered, so a
player is never left believing they moved when they did not. An answer goes to the seat's own
address as an ``auto-replied`` message in the game's thread (``pbem.mail.outbox``); while it
is still the seat's turn it carries a fresh reply address and move link, so a refused move can
be tried again by replying to the refusal.
"""

from __future__ import annotations

from itertools import groupby

from ..accounts.blocks import kept_apart
from ..core.urls import external_url
from ..notifications.delivery import game_subject, message
from ..play.links import move_url, reply_address

#: Commands a reply may start with, each explained in every help answer.
COMMANDS = (
    ("resign", "resign the game (the word alone on its line)"),
    ("board", "the position again"),
    ("moves", "your legal moves"),
    ("help", "this help"),
    ("comment <text>", "send a short message to your opponents"),
)
#: How many legal moves a "not understood" answer quotes as examples.
EXAMPLES = 3


def answer(game, seat: int, answer: str, what: str, **context) -> None:
    """Queue the ``answer`` (``templates/mail/reply/<answer>``) for ``seat`` about ``game`` as it
    stands, subject ``what``; with a reply address and link while it is the seat's turn."""
    state = game.load_state()
    to_move = None if game.is_over else game.rules.to_move(state)
    my_turn = to_move == seat
    last = game.moves[-1].move if game.moves else None
    message("reply_result", game.seats[seat].player, game_subject(game, what), game=game,
            reply_to=reply_address(game, seat) if my_turn else None,
            context={"answer": answer, "seat": game.seats[seat],
                     "to_move": None if to_move is None else game.seats[to_move],
                     "my_turn": my_turn, "link": move_url(game, seat) if my_turn else None,
                     "board": game.renderer.text(state, last_move=last),
                     "winners": [game.seats[i] for i in (game.result or {}).get("winners", ())],
                     "legal": grouped_moves(game, state) if my_turn else [],
                     "examples": examples(game, state), "commands": COMMANDS,
                     "game_url": external_url("play.game", game_id=game.id), **context})


def grouped_moves(game, state) -> list[list[str]]:
    """The legal moves, one group per leading letter of their notation (a piece, a file, a
    direction), so a long list reads as a few short lines."""
    moves = sorted(game.rules.legal_moves(state))
    return [list(group) for _, group in groupby(moves, key=lambda move: move[:1])]


def examples(game, state) -> list[str]:
    """A few legal moves of the position, spread over the list, as examples of notation."""
    moves = game.rules.legal_moves(state) if not game.rules.is_over(state) else []
    step = max(1, len(moves) // EXAMPLES)
    return list(moves[::step][:EXAMPLES])


def relay_comment(game, seat: int, text: str) -> None:
    """Mail ``seat``'s comment to every other seat, each with a reply address of their own so
    they can answer with a comment (or their move, when it is their turn). A seat with a
    block between its player and the sender's is not sent it (``pbem.accounts.blocks``)."""
    sender = game.seats[seat]
    apart = kept_apart(sender.player_id, [other.player_id for other in game.seats])
    for other in game.seats:
        if other is not sender and other.player_id not in apart:
            message("comment", other.player,
                    game_subject(game, f"a comment from {sender.label}"), game=game,
                    reply_to=reply_address(game, other.index),
                    context={"seat": other, "sender": sender, "text": text,
                             "game_url": external_url("play.game", game_id=game.id)})

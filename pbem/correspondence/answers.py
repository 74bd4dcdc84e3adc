"""The answers to replies sent to a move address.

Every reply that authorises itself (the token and the seat's own ``From``) is answered, so a
player is never left believing they moved when they did not. An answer goes to the seat's own
address as an ``auto-replied`` message in the game's thread (``pbem.mail.outbox``); it carries a
fresh reply address (and, while it is the seat's turn, a move link), so a refused move can be
tried again by replying to the refusal, and a comment sent by replying to any answer.

Each answer has a text part and an HTML part (``templates/mail/reply/<answer>.txt`` and
``.html``, inside ``mail/reply_result``); an answer about a position shows the board as the
turn email does: a text board in the text part, a PNG in the HTML part. The PNG is drawn when
the answer goes out, from the facts the answer keeps (:func:`answer_images`).
"""

from __future__ import annotations

import secrets
from typing import NamedTuple

from flask import current_app

from ..core.i18n import _l
from ..core.urls import external_url
from ..mail.composers import Image
from ..notifications.delivery import game_subject, message
from ..play.links import move_url, reply_address
from ..play.models import RESIGN
from ..play.move_picker import move_groups
from ..play.positions import replay
from ..play.queries import get_game
from . import words
from .board_image import board as drawn_board
from .board_image import board_png

#: Commands a reply may start with, each explained in every help answer.
COMMANDS = (
    ("resign", _l("resign the game (the word alone on its line)")),
    ("board", _l("the position again")),
    ("moves", _l("your legal moves")),
    ("help", _l("this help")),
    ("comment <text>", _l("post a message to the game (mailed to the other players)")),
    ("confirm", _l("play the move you were shown (when you confirm moves sent by email)")),
    ("if <their turn> ; <your reply> ; …", _l("conditional moves while your opponent is to "
                                              "move: one line a branch, each starting with if")),
    ("rematch", _l("offer the same players a new game, once this one is over")),
)


def commands_in_words() -> list[tuple[str, str]]:
    """:data:`COMMANDS` as the help answer lists them: each command's word in the reader's
    language (``aufgeben``), the English word beside it (always understood)."""
    listed = []
    for word, what in COMMANDS:
        command, _, rest = word.partition(" ")
        translated = words.word_for(command)
        shown = f"{translated} {rest}".strip() if rest else translated
        if translated != command:
            shown = f"{shown} ({command})"
        listed.append((shown, str(what)))
    return listed
#: How many legal moves a "not understood" answer quotes as examples.
EXAMPLES = 3
#: The answers that show a position (the rest explain or report).
SHOWING_THE_BOARD = {"played", "refused", "late", "board", "moves", "resigned", "preview"}


class Shown(NamedTuple):
    """A position an answer shows that the game has not reached: where a held move leads."""

    state: object
    #: The ply marked on the board.
    last_move: str
    #: The turn that leads there from the game's position.
    then: str


def answer(game, seat: int, answer: str, what: str, *, shown: Shown | None = None,
           language: str | None = None, **context) -> None:
    """Queue the ``answer`` (``templates/mail/reply/<answer>``) for ``seat`` about ``game`` as it
    stands (or showing the position ``shown``), subject ``what``; with a reply address and
    link while it is the seat's turn. Every answer carries a reply address bound to the game
    and the seat, so a reply to it (``comment …``, ``board``, ``rematch`` …) is understood;
    a move in it is played only while the turn it names is still to be played."""
    state = game.load_state()
    started = state is not None  # an invitation is answered before its game starts
    to_move = None if game.is_over or not started else game.rules.to_move(state)
    my_turn = to_move == seat
    played = [move.move for move in game.moves if move.move != RESIGN]
    last = played[-1] if played else None
    board = {"ply": game.ply, "then": None, "last": last}
    if shown is not None:
        board.update(then=shown.then, last=shown.last_move)
    board_cid = drawn = None
    if answer in SHOWING_THE_BOARD and started:
        board_cid = (f"board-{game.id}-{game.ply}-{secrets.token_hex(4)}"
                     f"@{current_app.config['MAIL_DOMAIN']}")
        board["cid"] = board_cid
        drawn = drawn_board(game, shown.state if shown else state, board["last"])
    message("reply_result", game.seats[seat].player, game_subject(game, what), game=game,
            reply_to=reply_address(game, seat), language=language,
            facts={"board": board} if board_cid else None,
            context={"answer": answer, "seat": game.seats[seat],
                     "to_move": None if to_move is None else game.seats[to_move],
                     "my_turn": my_turn, "link": move_url(game, seat) if my_turn else None,
                     "board": game.renderer.text(shown.state if shown else state,
                                                 last_move=board["last"]) if started else "",
                     "board_cid": board_cid, "last_move": board["last"],
                     "board_width": drawn and drawn.width,
                     "board_notes": drawn.notes if drawn else (),
                     "winners": [game.seats[i] for i in (game.result or {}).get("winners", ())],
                     "legal": grouped_moves(game, state) if my_turn else [],
                     "examples": examples(game, state) if started else [],
                     "commands": commands_in_words,
                     "game_url": external_url("play.game", game_id=game.id), **context})


def answer_images(outbox_message) -> list[Image]:
    """The board an answer's HTML shows, drawn from its facts: the game at the answer's ply,
    and the held move's turn played on it for a preview."""
    board = outbox_message.facts["board"]
    game = get_game(outbox_message.game_id)
    state = game.load_state() if game.ply == board["ply"] else replay(game, board["ply"])
    if board["then"]:
        state = game.rules.apply_turn(state, board["then"])[1]
    return [Image(board["cid"], "board.png",
                  board_png(drawn_board(game, state, board["last"])))]


def grouped_moves(game, state) -> list[tuple[str, list[str]]]:
    """The legal moves under the piece or cell each starts from, as the game page's picker
    groups them (``move_groups``), so a long list reads as a few labelled lines."""
    return move_groups(game.renderer, game.rules.legal_moves(state))


def examples(game, state) -> list[str]:
    """A few legal moves of the position, spread over the list, as examples of notation."""
    moves = game.rules.legal_moves(state) if not game.rules.is_over(state) else []
    step = max(1, len(moves) // EXAMPLES)
    return list(moves[::step][:EXAMPLES])

"""The mail telling a player that their conditional move answered the opponent's turn.

It is queued in the move's transaction as its facts (the seat, the reply, the turn it
answered, the ply) and written when it goes out (:func:`compose`), as a turn email is:
filling its two templates while the move waited cost more than the reply itself.
"""

from __future__ import annotations

from contextlib import contextmanager

from flask_babel import gettext as _

from ..core.i18n import _l, lazy
from ..core.urls import external_url
from ..mail.outbox import batched, bodies, unsubscribe_headers
from ..notifications.delivery import game_subject, message, unsubscribe_url
from ..play.links import reply_address
from ..play.queries import get_game

KIND = "conditional_answered"


def tell(game, seat: int, reply: str, moves) -> None:
    """Queue the mail: the reply and the turn it answered (the last turn played)."""
    turns = answered_turns(game, moves)
    what = lazy(lambda: answered_text(turns)) if turns else _l("the move")
    message(KIND, game.seats[seat].player,
            game_subject(game, _l("your conditional move %(reply)s answered %(what)s",
                                  reply=reply, what=what)),
            game=game, facts={"seat": seat, "reply": reply, "answered": turns, "ply": game.ply})


@contextmanager
def telling(game, seat: int, reply: str, moves):
    """Around the reply being played and the turn that follows beginning: the mail
    (:func:`tell`), written in one statement with the mail they queue (the next player's
    turn email), not in one of its own."""
    with batched():
        tell(game, seat, reply, moves)
        yield


def answered_turns(game, moves) -> list[list]:
    """The turns of ``moves`` as the mail's facts keep them: ``[seat label, plies, forced]``
    each, said in the recipient's language only when the mail is written."""
    turns: list[list] = []
    for move in moves:
        if turns and turns[-1][0] == move.seat and not move.auto and not turns[-1][2]:
            turns[-1][1].append(move.move)
        else:
            turns.append([move.seat, [move.move], move.auto])
    return [[game.seats[seat].label, " ".join(plies), auto] for seat, plies, auto in turns]


def answered_text(turns) -> str:
    """The turns as the mail names them (``P1 Mc3; P2 pass (forced)``) in the language spoken
    now; a mail queued before the facts kept turns has its text already."""
    if isinstance(turns, str):
        return turns
    return "; ".join(f"{label} {plies}" + (f" {_('(forced)')}" if forced else "")
                     for label, plies, forced in turns)


def compose(outbox_message) -> None:
    """Write the mail queued as facts (``pbem.mail.composers``), from the game it is about."""
    facts = outbox_message.facts
    game = get_game(outbox_message.game_id)
    seat = facts["seat"]
    link = unsubscribe_url(facts.get("unsubscribe"))
    context = {"game": game, "seat": game.seats[seat], "reply": facts["reply"],
               "answered": answered_text(facts["answered"]), "ply": facts["ply"],
               "subject": outbox_message.subject,
               "game_url": external_url("play.game", game_id=game.id),
               "conditional_url": external_url("conditional.page", game_id=game.id)}
    outbox_message.body_text, outbox_message.body_html = bodies(KIND, context, link)
    outbox_message.headers = {**outbox_message.headers,
                              "Reply-To": reply_address(game, seat, facts["ply"]),
                              **unsubscribe_headers(link)}

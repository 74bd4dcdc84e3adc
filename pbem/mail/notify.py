"""The notifications players get, each queued in the transaction of its cause."""

from __future__ import annotations

from typing import NamedTuple

from ..clocks import service as clocks
from ..db import utcnow
from ..play.links import invitation_url, move_url, reply_address
from ..urls import external_url
from .outbox import queue


def _tag(game) -> str:
    return f"[pbem #{game.id}]"


def _subject(game, what: str) -> str:
    return f"{_tag(game)} {game.rules.name}: {what}"


def _queue_for_game(kind: str, recipient, game, what: str, **context) -> None:
    """Queue a message about ``game``: the subject names it and its rules, the body links to
    its page."""
    queue(kind, recipient, _subject(game, what), game=game,
          game_url=external_url("play.game", game_id=game.id), **context)


def turn_begins(game, state, moves=()) -> None:
    """Email the seat whose turn begins in ``state`` (once per turn, not per ply).

    ``moves`` are the plies that led here (the opponent's last move, forced passes included).
    The email is queued as those facts and composed when it goes out (:mod:`.compose`).
    """
    rules = game.rules
    seat = rules.to_move(state)
    if seat is None or rules.turn_plies(state):
        return
    queue("turn", game.seats[seat].player, _subject(game, f"your turn (ply {game.ply + 1})"),
          game=game, facts={"seat": seat, "ply": game.ply,
                            "moves": [[m.seat, m.move, m.auto] for m in moves]})


class _Ply(NamedTuple):
    move: str
    auto: bool


def turn_context(game, state, facts: dict) -> tuple[dict, str]:
    """The turn email's template context and Reply-To address, from its facts and the game's
    ``state`` at their ply."""
    seat, ply = facts["seat"], facts["ply"]
    moves = [(game.seats[mover], _Ply(move, auto)) for mover, move, auto in facts["moves"]]
    last = moves[-1][1].move if moves else None
    context = {
        "seat": game.seats[seat],
        "moves": moves,
        "board": game.renderer.text(state, last_move=last),
        "link": move_url(game, seat, ply),
        "deadline": clocks.deadline_text(game, seat, game.seats[seat].player_id, utcnow()),
        "game_url": external_url("play.game", game_id=game.id),
    }
    return context, reply_address(game, seat, ply)


def game_over(game, state) -> None:
    """Email every seat the result."""
    winners = [game.seats[i].player.name for i in game.result["winners"]]
    board = game.renderer.text(state)
    for seat in game.seats:
        _queue_for_game("game_over", seat.player, game, "game over",
                        seat=seat, winners=winners, board=board)


def end_proposed(game, proposer: int, seats: list[int], outcome: str) -> None:
    """Ask ``seats`` to answer ``proposer``'s proposal to end the game (``outcome``: how it
    would end), each with a link for their own seat, live until the next ply."""
    for index in seats:
        _queue_for_game("end_offer", game.seats[index].player, game, "proposal to end the game",
                        seat=game.seats[index], proposer=game.seats[proposer], outcome=outcome,
                        link=move_url(game, index))


def end_declined(game, decliner: int, seats: list[int]) -> None:
    """Tell the seats that had agreed to end the game that ``decliner`` did not."""
    for index in seats:
        _queue_for_game("end_declined", game.seats[index].player, game, "the game goes on",
                        seat=game.seats[index], decliner=game.seats[decliner])


def invitation(game, seat) -> None:
    """Invite ``seat``'s player, with a signed link to accept or decline."""
    queue(
        "invitation",
        seat.player,
        f"{_tag(game)} {game.created_by.name if game.created_by else 'pbem'} invites you to "
        f"play {game.rules.name}",
        game=game,
        seat=seat,
        link=invitation_url(game, seat),
    )


def declined(game, seat) -> None:
    """Tell the others that ``seat`` declined, so the game will not start."""
    for other in game.seats:
        if other is not seat:
            queue(
                "declined",
                other.player,
                f"{_tag(game)} {seat.player.name} declined the {game.rules.name} game",
                game=game,
                seat=other,
                declined_by=seat.player,
            )


def sign_in(player, link: str) -> None:
    queue("sign_in", player, "Your pbem sign-in link", player=player, link=link)


def reply_result(address: str, game, ok: bool, message: str, move_text: str) -> None:
    """Answer a move sent by email: accepted, or the reason it was refused."""
    verdict = "move accepted" if ok else "move refused"
    _queue_for_game("reply_result", address, game, verdict,
                    ok=ok, message=message, move_text=move_text)

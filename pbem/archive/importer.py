"""Importing a record (a historical or over-the-board game) as a stored game.

Everything is checked before anything is written: the game and its options, every ply through
the rules (the first bad one named), the stated result against the one the moves give. The
game, its seats, moves and any new players are then stored in one transaction; on any
failure nothing is kept. Imported games send no mail and publish no play event: the archive's
counters, the only thing here that reacts to a game, take the imported game directly.
"""

from __future__ import annotations

import hashlib
import json
import re

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ..accounts.models import Player
from ..accounts.service import BadEmail, player_by_email
from ..core.db import row_id, utcnow
from ..core.extensions import db
from ..core.urls import external_url
from ..play.models import ACTIVE, FINISHED, RESIGN, Game, Move, Seat
from ..play.storing import PASS
from ..play.termination import AUTOMATIC, termination
from . import counters
from .history import BadRecord, label, replay, result_of, setup
from .models import ImportedRecord
from .records import ENDINGS, UNFINISHED, Record, result_text

PLACEHOLDER_DOMAIN = "imported.invalid"


def import_record(record: Record, *, by: Player | None = None) -> Game:
    """Validate ``record`` through the rules and store it as a game (flushed; the caller
    commits).

    :raises BadRecord: the first problem found (options, a ply, the result, the players),
        the record is a copy of a game of this server, or it was imported before: the same
        game (setup, players and moves, however the record is written) or the same source.
    """
    rules, options, state = setup(record.slug, len(record.players), record.options,
                                  record.seed)
    state, plies = replay(rules, state, record.plies)
    result = _checked_result(record.result, result_of(rules, state), rules.scores(state),
                             len(record.players))
    _check_termination(record.result, result, plies)
    _refuse_a_game_of_ours(record.source)
    keys = [digest(record, options, plies)]
    if record.source:
        keys.append(source_digest(record.source))
    _refuse_a_second_import(keys)
    try:
        with db.session.begin_nested():  # all of the game or none of it; the caller commits
            game = _store(record, rules, options, state, plies, result, by)
            db.session.add_all(ImportedRecord(digest=key, game_id=game.id) for key in keys)
            counters.game_added(game)
    except IntegrityError:
        _refuse_a_second_import(keys)  # the same record, imported at the same moment
        raise
    return game


def _refuse_a_second_import(keys: list[str]) -> None:
    """:raises BadRecord: a record with one of these digests has been imported."""
    earlier = db.session.scalar(select(ImportedRecord.game_id).where(
        ImportedRecord.digest.in_(keys)).limit(1))
    if earlier is not None:
        raise BadRecord(f"This game has been imported already, as game #{earlier}: the "
                        "same players, setup and moves, or the same source address.")


def _refuse_a_game_of_ours(source: str | None) -> None:
    """:raises BadRecord: the record's source is the address of a game on this server."""
    ours = external_url("play.game", game_id=0)[:-1]  # ".../games/"
    if not source or not source.startswith(ours):
        return
    number = row_id(source[len(ours):].split("?")[0].split("#")[0].rstrip("/"))
    game = db.session.get(Game, number) if number else None
    if game is not None:
        raise BadRecord(f"This record is game #{game.id} of this server, which is here "
                        "already: there is nothing to import.")


def digest(record: Record, options: dict, plies: list) -> str:
    """The game a record describes, hashed: game, canonical options, seed, the players'
    names (case aside) and the canonical moves with their seats. The same game exported as
    JSON and as text, spaced or dated differently, has one digest."""
    content = json.dumps({"game": record.slug, "options": options, "seed": record.seed,
                          "players": [p.name.casefold() for p in record.players],
                          "plies": [[p.seat, p.move] for p in plies]},
                         sort_keys=True, default=str)
    return hashlib.sha256(content.encode()).hexdigest()


def source_digest(source: str) -> str:
    """The digest under which a record's source address is kept (one import per source)."""
    return hashlib.sha256(f"source:{source.strip().rstrip('/')}".encode()).hexdigest()


def _checked_result(stated, actual: dict | None, scores: list, seats: int) -> dict | None:
    """The result to store: the one the moves give, checked against the one stated; or, for a
    game the record says was ended by a decision, the stated winners with the position's
    scores (the moves must not have ended it)."""
    if stated is None:
        return actual
    gives = result_text(actual and actual["winners"], seats)
    if stated == UNFINISHED:
        if actual is not None:
            raise BadRecord(f"The record says the game is unfinished, but its moves end it: "
                            f"{gives}.")
        return None
    if stated["ended"]:
        if actual is not None:
            raise BadRecord(f"The record says the game ended by {stated['ended']}, but its "
                            f"moves end it: {gives}.")
        actual = {"winners": stated["winners"], "scores": scores, ENDINGS[stated["ended"]]: True}
    says = result_text(stated["winners"], seats)
    if actual is None or stated["winners"] != sorted(actual["winners"]):
        raise BadRecord(f"The record says {says!r}, but its moves give {gives!r}.")
    if stated["scores"] is not None and stated["scores"] != actual["scores"]:
        raise BadRecord(f"The record gives the scores {stated['scores']}, but its moves give "
                        f"{actual['scores']}.")
    return actual


def _check_termination(stated, result: dict | None, plies) -> None:
    """Carry a stated termination the stored game cannot otherwise tell (an automatic
    adjudication into the result, a timeout or forfeit into the last resignation's text,
    which ``_store`` writes) after checking that it fits how the game ended.

    :raises BadRecord: the termination contradicts the result or the last ply.
    """
    said = stated.get("termination") if isinstance(stated, dict) else None
    if said is None:
        return
    if said == AUTOMATIC and result.get("adjudicated"):
        result["automatic"] = True
    last = plies[-1] if plies else None
    reason = said if last and last.move == RESIGN else None
    if termination(result, last and last.move, reason) != said:
        raise BadRecord(f"The record says the game ended by {said}, but its moves and "
                        "result do not.")


def _store(record: Record, rules, options, state, plies, result, by) -> Game:
    players = [_player(entry, seat) for seat, entry in enumerate(record.players)]
    if len({p.id for p in players}) != len(players):
        raise BadRecord("A player appears in two seats.")
    dates = record.dates
    last_time = next((p.time for p in reversed(plies) if p.time), None)
    created = dates.get("created") or dates.get("started") or utcnow()
    game = Game(slug=rules.slug, options=options, seed=record.seed,
                rules_version=rules.version, status=FINISHED if result else ACTIVE,
                rated=False,  # played elsewhere: it would rate players out of order
                ply=len(plies), created_by=by,
                created_at=created, started_at=dates.get("started") or created,
                finished_at=(dates.get("finished") or last_time or utcnow()) if result else None)
    game.store_state(state)
    for index, player in enumerate(players):
        game.seats.append(Seat(index=index, player=player, response="accepted",
                               responded_at=created))
    game.result = result  # after the seats: it sets their outcomes
    said = record.result.get("termination") if isinstance(record.result, dict) else None
    for number, ply in enumerate(plies, 1):
        text = said if ply.move == RESIGN and number == len(plies) and said else ply.move
        game.moves.append(Move(ply=number, seat=ply.seat, move=ply.move, text=text,
                               auto=ply.auto or ply.move == PASS,  # the server forces passes
                               created_at=ply.time or created))
    db.session.add(game)
    db.session.flush()
    if not result:  # played on here: whose turn it is, once the players have their ids
        game.set_turn(rules.to_move(state))
        db.session.flush()
    return game


def _player(entry, seat: int) -> Player:
    """The player with the record's address, else the placeholder account for that name."""
    if entry.email:
        try:
            return player_by_email(entry.email)
        except BadEmail as exc:
            raise BadRecord(f"{label(seat)}: {exc.message}") from None
    digest = hashlib.sha1(entry.name.encode()).hexdigest()[:8]
    local = re.sub(r"[^a-z0-9]+", "-", entry.name.lower()).strip("-")[:40] or "player"
    player = player_by_email(f"{local}-{digest}@{PLACEHOLDER_DOMAIN}")
    player.name = entry.name
    return player

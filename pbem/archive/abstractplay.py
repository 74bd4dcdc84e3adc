"""Records that travel: Stawvs and Pylon games as Abstract Play game records, both ways.

Abstract Play publishes finished games as JSON records (its "gamerecord" schema): a header
(the game by name with its variants, the site and its game id, dates, the players in seat
order with a ``result`` each, higher winning, equal sharing) and the moves as rounds, one entry
per seat in each (``null`` where a seat did not move that round). Notations differ in small,
fixed ways (shared/rules/README.md, "Abstract Play notation"):

- Stawvs: a movement's claim follows a comma there, a slash here (``c3-f6,e5`` = ``c3-f6/e5``);
  variants ``hole``, ``random``, ``hey``, ``finalfree``, ``pieces-2`` are our ``gaps=center``,
  ``gaps=random``, ``claims=vacated``, ``final_collect=false``, ``caps=2``. The board comes
  from ``startingPosition`` in our layout notation (what this module writes).
- Pylon: placements are ``1a1``/``2c3``/``3f5`` there, ``Sa1``/``Mc3``/``Lf5`` here; stacking
  moves are the same; its final passes are dropped; it alternates strictly, which is our
  ``stacking_starts=alternate``; ``quickStart`` is ``start=quick``.

An exported record carries a ``pbem`` header of our own (game, options, seed) beside the
schema's, so that a pbem game comes back exactly; a record from Abstract Play goes through the
archive's importer like any other (every ply checked by the rules, the stated result checked
against the moves', a second import of the same record refused).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

from ..core.db import utcnow
from .history import BadRecord, Ply
from .records import Record, RecordPlayer

SITE = "pbem"
SLUGS = {"stawvs": "stawvs", "pylon": "pylon"}
#: Abstract Play's variants -> our options, per game.
VARIANTS = {
    "stawvs": {"hole": ("gaps", "center"), "random": ("gaps", "random"),
               "hey": ("claims", "vacated"), "finalfree": ("final_collect", False),
               "pieces-2": ("caps", 2)},
    "pylon": {"quickStart": ("start", "quick")},
}
_SIZES = {"1": "S", "2": "M", "3": "L"}
_DIGITS = {size: digit for digit, size in _SIZES.items()}


def _iso(moment: datetime | None) -> str:
    return (moment or utcnow()).astimezone(UTC).isoformat().replace("+00:00", "Z")


# ----- export ---------------------------------------------------------------------------------


def exportable(game) -> bool:
    return game.slug in SLUGS and game.started_at is not None


def to_ap_move(slug: str, move: str) -> str:
    """A canonical ply of ours in Abstract Play's notation.

    >>> to_ap_move("stawvs", "c3-f6/e5"), to_ap_move("pylon", "Mc3"), to_ap_move("pylon", "c3-c4")
    ('c3-f6,e5', '2c3', 'c3-c4')
    """
    if slug == "stawvs":
        return move.replace("/", ",")
    if slug == "pylon" and move[:1] in _DIGITS:
        return _DIGITS[move[0]] + move[1:]
    return move


def to_ap(game) -> dict:
    """The Abstract Play record of a started Stawvs or Pylon game (see the module's text)."""
    rules = game.rules
    seats = len(game.seats)
    variants = [name for name, (option, value) in VARIANTS[game.slug].items()
                if game.options.get(option) == value]
    winners = (game.result or {}).get("winners")
    scores = (game.result or {}).get("scores")
    players = []
    for seat in game.seats:
        entry = {"name": seat.public_name,
                 "result": 1 if winners and seat.index in winners else 0}
        if scores is not None:
            entry["score"] = scores[seat.index]
        if seat.player.is_bot:
            entry["is_ai"] = True
        players.append(entry)
    header = {
        "game": {"name": rules.name, "variants": variants},
        "site": {"name": SITE, "gameid": str(game.id)},
        "date-start": _iso(game.started_at), "date-end": _iso(game.finished_at),
        "date-generated": _iso(None), "unrated": not game.rated, "players": players,
        "pbem": {"game": game.slug, "options": game.options, "seed": game.seed,
                 "status": game.status},
    }
    if game.slug == "stawvs":
        header["startingPosition"] = rules.layout(rules.new_game(seats, game.options,
                                                                 game.seed))
    return {"header": header, "moves": _rounds(game, seats)}


def _rounds(game, seats: int) -> list[list]:
    """The plies as rounds of one entry per seat, a new round whenever a seat moves again
    before the others (``null`` for a seat that did not move in a round)."""
    rounds: list[list] = []
    last = seats
    for move in game.moves:
        if move.seat <= last:
            rounds.append([None] * seats)
        rounds[-1][move.seat] = to_ap_move(game.slug, move.move)
        last = move.seat
    return rounds


# ----- import ---------------------------------------------------------------------------------


def from_ap_move(slug: str, move: str) -> str:
    """A ply in Abstract Play's notation in ours (what the rules then check).

    >>> from_ap_move("stawvs", "C3-F6, e5"), from_ap_move("pylon", "2c3")
    ('c3-f6/e5', 'Mc3')
    """
    move = "".join(move.split()).lower()
    if slug == "stawvs":
        return move.replace(",", "/")
    if slug == "pylon" and move[:1] in _SIZES:
        return _SIZES[move[0]] + move[1:]
    return move


def parse_ap(data) -> Record:
    """A record from Abstract Play's JSON (already decoded).

    :raises BadRecord: not such a record, a game other than Stawvs or Pylon, a variant or a
        board this server cannot reproduce.
    """
    if not isinstance(data, dict) or not isinstance(data.get("header"), dict) \
            or not isinstance(data.get("moves"), list):
        raise BadRecord("An Abstract Play record is an object with a header and moves.")
    header = data["header"]
    game = header.get("game")
    name = game.get("name") if isinstance(game, dict) else None
    slug = SLUGS.get(str(name).lower()) if isinstance(name, str) else None
    if slug is None:
        raise BadRecord(f"Only Stawvs and Pylon records can be imported, not {name!r}.")
    players = header.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 4 \
            or not all(isinstance(p, dict) and isinstance(p.get("name"), str)
                       and isinstance(p.get("result"), int | float) for p in players):
        raise BadRecord("The record's players must be 2 to 4, each with a name and a result.")
    ours = header.get("pbem") if isinstance(header.get("pbem"), dict) else None
    options, seed = _options(slug, game, header, ours)
    plies = _plies(slug, data["moves"], len(players))
    results = [p["result"] for p in players]
    best = max(results)
    winners = [seat for seat, result in enumerate(results) if result == best]
    finished = header.get("date-end") is not None and (ours is None
                                                       or ours.get("status") == "finished")
    result = ({"winners": winners, "scores": None, "ended": None, "termination": None}
              if finished else "*")
    dates = {"started": _time(header.get("date-start")),
             "finished": _time(header.get("date-end")) if finished else None}
    dates["created"] = dates["started"]
    return Record(slug=slug, players=[RecordPlayer(p["name"][:60] or f"Player {i + 1}")
                                      for i, p in enumerate(players)],
                  options=options, seed=seed, plies=plies, result=result, dates=dates)


def _options(slug: str, game: dict, header: dict, ours: dict | None) -> tuple[dict, int]:
    if ours is not None:  # one of ours, coming back: exactly as it was
        options, seed = ours.get("options"), ours.get("seed", 0)
        if not isinstance(options, dict) or type(seed) is not int:
            raise BadRecord("The record's pbem header needs options (an object) and a seed.")
        return options, seed
    variants = game.get("variants") or []
    if not isinstance(variants, list):
        raise BadRecord("The record's variants must be a list.")
    options: dict = {"stacking_starts": "alternate"} if slug == "pylon" else {}
    for variant in variants:
        if variant not in VARIANTS[slug]:
            raise BadRecord(f"The {slug} variant {str(variant)[:40]!r} is not one this server "
                            "plays.")
        option, value = VARIANTS[slug][variant]
        options[option] = value
    board = header.get("startingPosition")
    if slug == "stawvs" or options.get("start") == "quick":
        if not isinstance(board, str):
            raise BadRecord("The record gives no starting position (the board), which this "
                            "game deals at random.")
        options["layout"] = board
    return options, 0


def _plies(slug: str, rounds: list, seats: int) -> list[Ply]:
    plies = []
    for number, entries in enumerate(rounds, 1):
        if not isinstance(entries, list) or len(entries) > seats:
            raise BadRecord(f"Round {number} must be a list of one entry per player.")
        for seat, entry in enumerate(entries):
            if entry is None:
                continue
            move = entry.get("move") if isinstance(entry, dict) else entry
            if not isinstance(move, str) or len(move) > 200:
                raise BadRecord(f"Round {number}, P{seat + 1}: a move must be text.")
            move = from_ap_move(slug, move)
            if slug == "pylon" and move == "pass":  # its final passes: not plies here
                continue
            plies.append(Ply(seat, "resign" if move in ("resign", "timeout") else move))
    return plies


def _time(value) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise BadRecord(f"{value[:40]!r} is not a date and time.") from None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def parse_dump(text: str) -> list:
    """The records of a dump: one record, a JSON list of them, or one per line.

    :raises BadRecord: not JSON.
    """
    text = text.strip()
    try:
        data = json.loads(text)
    except ValueError:
        try:
            data = [json.loads(line) for line in text.splitlines() if line.strip()]
        except ValueError as exc:
            raise BadRecord(f"The file is not JSON: {exc}.") from None
    return data if isinstance(data, list) else [data]

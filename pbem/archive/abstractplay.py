"""Records that travel: Stawvs and Pylon games as Abstract Play game records, both ways.

Abstract Play publishes finished games as JSON records (its "gamerecord" schema): a header
(the game by name with its variants, the site and its game id, dates, the players in seat
order with a ``result`` each, higher winning, equal sharing) and the moves as rounds, one entry
per seat in each (``null`` where a seat did not move that round). Notations differ in small,
fixed ways (shared/rules/README.md, "Abstract Play notation"):

- Stawvs: a movement's claim follows a comma there, a slash here (``c3-f6,e5`` = ``c3-f6/e5``);
  variants ``hole``, ``random``, ``hey``, ``finalfree``, ``pieces-2`` are our ``gaps=center``,
  ``gaps=random``, ``claims=vacated``, ``final_collect=false``, ``caps=2``. Its records do not
  carry the board (every Stawvs board is dealt at random there, and only the saved game state
  keeps it, as the first position's ``board``: a map of square to ``[[colour, size]]``, colours
  ``PI BL GR OR``); :func:`board_layout` reads that, or our layout notation, from the header's
  ``startingPosition`` or from the saved state given beside the record.
- Pylon: placements are ``1a1``/``2c3``/``3f5`` there, ``Sa1``/``Mc3``/``Lf5`` here; stacking
  moves are the same; it alternates strictly, which is our ``stacking_starts=alternate``;
  ``quickStart`` is ``start=quick``, its board the record's ``startingPosition`` (30 squares
  such as ``A1,B3,…`` from a5 to f1, which our layout option reads). A game that ends by the
  rules ends there with two passes: written on export, dropped on import.
- Variants are written in the published records by their English names (``Center hole``,
  ``Quick start``), each setup group's default by its own (``Default setup``); both the names
  and the variants' codes are read.

An exported record carries a ``pbem`` header of our own (game, options, seed) beside the
schema's, so that a pbem game comes back exactly; a record from Abstract Play goes through the
archive's importer like any other (every ply checked by the rules, the stated result checked
against the moves', a second import of the same record refused).
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime

from ..core.db import utcnow
from ..play.models import FINISHED, RESIGN, TIMED_OUT
from ..play.termination import RULES, TIMEOUT, termination
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
#: The names its records give the variants (its English labels), per game; a setup group's
#: default (``None``) is named too when no setup variant is chosen.
NAMES = {
    "stawvs": {"hole": "Center hole", "random": "Random gaps", "hey": "Simpler captures",
               "finalfree": "No final captures", "pieces-2": "2 pieces each",
               None: "Default setup (empty corners)"},
    "pylon": {"quickStart": "Quick start", None: "Default setup"},
}
_SETUP = {"stawvs": ("hole", "random"), "pylon": ("quickStart",)}
_COLOURS = {"PI": "P", "BL": "B", "GR": "G", "OR": "O"}
_SIZES = {"1": "S", "2": "M", "3": "L"}
#: How its records write a player leaving: each a resignation here (a timeout told apart).
_LEAVING = ("resign", "timeout", "abandoned")
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
    if not set(variants) & set(_SETUP[game.slug]):
        variants.append(None)  # after the chosen ones, as there
    variants = [NAMES[game.slug][name] for name in variants]
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
    layout = rules.layout(rules.new_game(seats, game.options, game.seed))
    # Stawvs: ours (its records have none); Pylon: as its records write it (see above)
    header["startingPosition"] = layout if game.slug == "stawvs" else ",".join(
        re.findall("..", layout.replace("/", "")))
    return {"header": header, "moves": _rounds(_plies_out(game), seats)}


def _plies_out(game) -> list[tuple[int, str]]:
    """The game's plies (seat, move) in Abstract Play's notation (a timeout as ``timeout``);
    a Pylon game that ended by the rules gets the two passes that end it there, the player
    after the last mover first."""
    plies = [(move.seat, TIMED_OUT if move.move == RESIGN and move.text == TIMED_OUT
              else to_ap_move(game.slug, move.move)) for move in game.moves]
    if game.slug == "pylon" and plies and game.status == FINISHED:
        last = game.moves[-1]
        if termination(game.result, last.move, last.text) == RULES:
            plies += [(1 - last.seat, "pass"), (last.seat, "pass")]
    return plies


def _rounds(plies: list[tuple[int, str]], seats: int) -> list[list]:
    """The plies as rounds of one entry per seat, a new round whenever a seat moves again
    before the others (``null`` for a seat that did not move in a round; the last round
    stops at its last move)."""
    rounds: list[list] = []
    last = seats
    for seat, move in plies:
        if seat <= last:
            rounds.append([None] * seats)
        rounds[-1][seat] = move
        last = seat
    while rounds and rounds[-1][-1] is None:  # the last round ends with its last move, as there
        rounds[-1].pop()
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


def parse_ap(data, state=None) -> Record:
    """A record from Abstract Play's JSON (already decoded); ``state``, Abstract Play's saved
    state of the same game (decoded too), gives a Stawvs board the record lacks.

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
    options, seed = _options(slug, game, header, ours, state)
    plies, timed_out = _plies(slug, data["moves"], len(players))
    results = [p["result"] for p in players]
    best = max(results)
    winners = [seat for seat, result in enumerate(results) if result == best]
    finished = header.get("date-end") is not None and (ours is None
                                                       or ours.get("status") == "finished")
    scores = [p.get("score") for p in players]
    if not all(isinstance(score, int | float) for score in scores):
        scores = None
    result = ({"winners": winners, "scores": scores, "ended": None,
               "termination": TIMEOUT if timed_out else None} if finished else "*")
    dates = {"started": _time(header.get("date-start")),
             "finished": _time(header.get("date-end")) if finished else None}
    dates["created"] = dates["started"]
    return Record(slug=slug, players=[RecordPlayer(p["name"][:60] or f"Player {i + 1}")
                                      for i, p in enumerate(players)],
                  options=options, seed=seed, plies=plies, result=result, dates=dates)


def _options(slug: str, game: dict, header: dict, ours: dict | None,
             state=None) -> tuple[dict, int]:
    if ours is not None:  # one of ours, coming back: exactly as it was
        options, seed = ours.get("options"), ours.get("seed", 0)
        if not isinstance(options, dict) or type(seed) is not int:
            raise BadRecord("The record's pbem header needs options (an object) and a seed.")
        return options, seed
    variants = game.get("variants") or []
    if not isinstance(variants, list):
        raise BadRecord("The record's variants must be a list.")
    options: dict = {"stacking_starts": "alternate"} if slug == "pylon" else {}
    known = {str(code).casefold(): code for code in NAMES[slug]} | {
        name.casefold(): code for code, name in NAMES[slug].items()}
    for variant in variants:
        code = known.get(str(variant).casefold(), "?")
        if code == "?":
            raise BadRecord(f"The {slug} variant {str(variant)[:40]!r} is not one this server "
                            "plays.")
        if code is not None:  # a setup group's default is our default
            option, value = VARIANTS[slug][code]
            options[option] = value
    if slug == "stawvs":
        options["layout"] = board_layout(header.get("startingPosition") if state is None
                                         else state)
    elif options.get("start") == "quick":
        if not isinstance(header.get("startingPosition"), str):
            raise BadRecord("The record gives no starting position (the board), which this "
                            "game deals at random.")
        options["layout"] = header["startingPosition"]
    return options, 0


def board_layout(given) -> str:
    """A Stawvs board in our layout notation, from what Abstract Play or we write: our layout
    string; its saved game state (the first position's board); that board alone, as the map
    it serialises (``{"dataType": "Map", "value": [[square, [[colour, size]]], …]}``), the
    list of its entries or either as JSON text.

    >>> ranks = board_layout({"dataType": "Map", "value": [["a2", [["PI", 1]]],
    ...                                                    ["h7", [["OR", 3]]]]}).split("/")
    >>> ranks[1], ranks[6]
    ('..............O3', 'P1..............')

    :raises BadRecord: nothing that reads as a board.
    """
    if isinstance(given, str) and given.lstrip()[:1] in ("{", "["):
        try:
            given = json.loads(given)
        except ValueError:
            raise BadRecord("The record's starting position is not JSON.") from None
    if isinstance(given, str):
        return given
    if isinstance(given, dict) and isinstance(given.get("stack"), list) and given["stack"]:
        given = given["stack"][0].get("board") if isinstance(given["stack"][0], dict) else None
    if isinstance(given, dict) and given.get("dataType") == "Map":
        given = given.get("value")
    if not isinstance(given, list):
        raise BadRecord("The record gives no starting position (the board), which this game "
                        "deals at random: give Abstract Play's saved game state beside it.")
    squares = {}
    for entry in given:
        try:
            square, ((colour, size), *_cap) = entry
            squares[str(square).lower()] = _COLOURS[colour] + str(int(size))
        except (TypeError, ValueError, KeyError):
            raise BadRecord(f"{str(entry)[:60]!r} is not a square of a Stawvs board (a square "
                            "and [colour, size]).") from None
    return "/".join("".join(squares.get(f"{file}{rank}", "..") for file in "abcdefgh")
                    for rank in range(8, 0, -1))


def _plies(slug: str, rounds: list, seats: int) -> tuple[list[Ply], bool]:
    """The record's plies in our notation, and whether the last is a player running out of
    time (a resignation here, told apart as a timeout)."""
    plies, timed_out = [], False
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
            timed_out = move == TIMED_OUT
            plies.append(Ply(seat, RESIGN if move in _LEAVING else move))
    return plies, timed_out


def state_for(record, saved: list):
    """The saved game state, among ``saved``, that goes with ``record``: the one under its
    game id (an object of states by id) or, given a single state, that one; else ``None``."""
    header = record.get("header") if isinstance(record, dict) else None
    site = header.get("site") if isinstance(header, dict) else None
    gameid = str(site.get("gameid")) if isinstance(site, dict) else None
    for item in saved:
        if isinstance(item, dict) and gameid in item:
            return item[gameid]
    states = [item for item in saved if isinstance(item, dict) and "stack" in item]
    return states[0] if len(states) == 1 else None


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

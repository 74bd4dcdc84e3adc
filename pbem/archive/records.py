"""Game records: export a stored game as JSON or as a PGN-like text, and read both back.

JSON (``FORMAT``): a header (game slug, rules version, options, seed, players in seat order,
status, dates, result, and how a game its moves did not end was ended: by the players'
agreement or a director's adjudication; and its ``termination``: rules, resignation, timeout,
forfeit, agreement, adjudication or automatic adjudication) and then every ply with its seat,
canonical move and time. The text
record carries the same header as ``[Tag "value"]`` lines and one ply per line
(``17. P2 c3-c4``), so a person can read it, write one, or paste one from elsewhere.
Public records never include email addresses; an imported JSON record may (to match players).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime

from ..core.urls import external_url
from ..core.validators import CONTROL_CHARACTERS
from ..games import all_rules, format_option_value, get_rules
from ..play.termination import WORDS, termination
from .history import BadRecord, Ply, label

FORMAT = "pbem-record/1"
UNFINISHED = "*"
#: How a record says a game its moves did not end was ended -> the flag its stored result has.
ENDINGS = {"agreement": "agreed", "adjudication": "adjudicated"}


@dataclass
class RecordPlayer:
    name: str
    email: str | None = None


@dataclass
class Record:
    """A game as a record describes it, before the rules have checked anything."""

    slug: str
    players: list[RecordPlayer]
    options: dict = field(default_factory=dict)
    seed: int = 0
    plies: list[Ply] = field(default_factory=list)
    #: ``None``: not stated; ``UNFINISHED``; or ``{"winners": [...], "scores": [...] | None,
    #: "ended": None | "agreement" | "adjudication", "termination": None | a
    #: ``termination.WORDS`` key}``.
    result: dict | str | None = None
    dates: dict = field(default_factory=dict)
    #: Where the game was played, as the record says (JSON ``url``, text ``Site``).
    source: str | None = None


# ----- export ---------------------------------------------------------------------------------


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def _dates(game) -> dict:
    return {"created": _iso(game.created_at), "started": _iso(game.started_at),
            "finished": _iso(game.finished_at)}


def ended_by(result: dict | None) -> str | None:
    """``agreement`` or ``adjudication`` for a result decided so; ``None`` for the rules'."""
    return next((word for word, flag in ENDINGS.items() if result and result.get(flag)), None)


def _termination(game) -> str:
    """How the finished game ended, a ``termination.WORDS`` key (``timeout``, ``rules`` …)."""
    last = game.moves[-1] if game.moves else None
    return termination(game.result, last and last.move, last and last.text)


def to_json(game) -> dict:
    """The JSON record of a stored game (see the module docstring)."""
    result = game.result and {"winners": [label(i) for i in game.result["winners"]],
                              "scores": game.result["scores"]}
    if ended_by(game.result):
        result["ended"] = ended_by(game.result)
    if game.result:
        result["termination"] = _termination(game)
    plies = []
    for move in game.moves:
        ply = {"ply": move.ply, "seat": label(move.seat), "move": move.move,
               "time": _iso(move.created_at)}
        if move.auto:
            ply["auto"] = True
        plies.append(ply)
    return {
        "format": FORMAT,
        "game": game.slug,
        "rules_version": game.rules_version,
        "options": game.options,
        "seed": game.seed,
        "players": [{"seat": seat.label, "name": seat.player.name} for seat in game.seats],
        "status": game.status,
        "dates": _dates(game),
        "result": result,
        "url": external_url("play.game", game_id=game.id),
        "plies": plies,
    }


def result_text(winners: list[int] | None, seats: int) -> str:
    """``P1 wins``, ``Draw``, ``P1, P3 share first place``, or ``*`` while unfinished."""
    if winners is None:
        return UNFINISHED
    if len(winners) == 1:
        return f"{label(winners[0])} wins"
    if len(winners) == seats:
        return "Draw"
    return ", ".join(map(label, winners)) + " share first place"


#: What a tag value may not hold as it is: its quote and escape characters, and anything a
#: reader could take for the end of a line (``str.splitlines`` splits at more than CR and LF).
_UNSAFE_IN_TAG = re.compile(rf'["\\]|{CONTROL_CHARACTERS.pattern}')


def _tag(name: str, value) -> str:
    """``[Name "value"]`` on one line, whatever ``value`` holds: quotes and backslashes are
    escaped with a backslash, line breaks and other control characters written as U+FFFD (a
    stored value from before names were checked must not add a line to the record)."""
    escaped = _UNSAFE_IN_TAG.sub(
        lambda m: "\\" + m.group() if m.group() in '"\\' else "\ufffd", str(value))
    return f'[{name} "{escaped}"]'


def to_text(game) -> str:
    """The plain-text record of a stored game: tags, a blank line, one ply per line."""
    rules = get_rules(game.slug)
    winners = game.result["winners"] if game.result else None
    tags = [("Game", rules.name), ("Slug", game.slug), ("RulesVersion", game.rules_version),
            ("Site", external_url("play.game", game_id=game.id)), ("Seed", game.seed)]
    tags += [("Option", f"{name}={format_option_value(value)}")
             for name, value in game.options.items() if value is not None]
    tags += [(seat.label, seat.player.name) for seat in game.seats]
    tags += [("Status", game.status)]
    tags += [(name.capitalize(), value) for name, value in _dates(game).items() if value]
    tags += [("Result", result_text(winners, len(game.seats)))]
    if ended_by(game.result):
        tags.append(("Ended", ended_by(game.result)))
    if game.result:
        tags.append(("Termination", _termination(game)))
    if game.result:
        scores = "; ".join(f"{label(i)} {s}" for i, s in enumerate(game.result["scores"]))
        tags.append(("Scores", scores))
    lines = [_tag(name, value) for name, value in tags] + [""]
    lines += [f"{move.ply}. {label(move.seat)} {move.move}" for move in game.moves]
    return "\n".join(lines) + "\n"


# ----- reading --------------------------------------------------------------------------------


def parse(text: str) -> Record:
    """A record from either format (JSON when it starts with ``{``).

    :raises BadRecord: naming what is malformed (a field, a line).
    """
    text = (text or "").strip().lstrip("\ufeff")
    if not text:
        raise BadRecord("The record is empty.")
    return parse_json(text) if text.startswith("{") else parse_text(text)


#: A seat as records write it (P1, P2, ...): ASCII digits, few (``\d`` matches every script's,
#: and ``int`` refuses thousands of digits with an error).
_SEAT = r"[Pp][1-9][0-9]?"


def _seat(value, where: str) -> int:
    if not isinstance(value, str) or not re.fullmatch(_SEAT, value.strip()):
        raise BadRecord(f"{where}: a seat is written P1, P2, …, not {value!r}.")
    return int(value.strip()[1:]) - 1


def _time(value, where: str) -> datetime | None:
    if value in (None, ""):
        return None
    try:
        moment = datetime.fromisoformat(str(value).strip().replace("Z", "+00:00"))
    except ValueError:
        raise BadRecord(f"{where}: {value!r} is not an ISO 8601 date and time.") from None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _name(value, where: str) -> str:
    if not isinstance(value, str) or not value.strip() or len(value.strip()) > 60:
        raise BadRecord(f"{where}: a player needs a name of 1 to 60 characters.")
    if CONTROL_CHARACTERS.search(value) or '"' in value:
        raise BadRecord(f"{where}: a player's name cannot contain quotes, line breaks or other "
                        "control characters.")
    return value.strip()


def _seed(value) -> int:
    if isinstance(value, bool) or not re.fullmatch(r"-?[0-9]{1,18}", str(value).strip()):
        raise BadRecord(f"The seed must be a whole number, not {value!r}.")
    return int(str(value).strip())


def parse_json(text: str) -> Record:
    """A record from its JSON form (see ``to_json``); unknown keys are ignored."""
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise BadRecord(f"The record is not valid JSON: {exc}.") from None
    if not isinstance(data, dict):
        raise BadRecord("A JSON record is an object with the keys game, players and plies.")
    for key, kind in (("game", str), ("players", list), ("plies", list)):
        if not isinstance(data.get(key), kind):
            raise BadRecord(f"The record's {key!r} is missing or not a {kind.__name__}.")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise BadRecord("The record's 'options' must be an object.")
    players = []
    for number, entry in enumerate(data["players"], 1):
        if not isinstance(entry, dict):
            raise BadRecord(f"Player {number} must be an object with a name.")
        email = entry.get("email")
        if email is not None and not isinstance(email, str):
            raise BadRecord(f"Player {number}: the email must be text.")
        players.append(RecordPlayer(_name(entry.get("name"), f"Player {number}"), email))
    plies = []
    for number, entry in enumerate(data["plies"], 1):
        where = f"Ply {number}"
        if not isinstance(entry, dict) or not isinstance(entry.get("move"), str):
            raise BadRecord(f"{where} must be an object with a move (text).")
        if entry.get("ply", number) != number:
            raise BadRecord(f"{where} is numbered {entry.get('ply')!r}.")
        seat = None if entry.get("seat") is None else _seat(entry["seat"], where)
        plies.append(Ply(seat, entry["move"], _time(entry.get("time"), where),
                         entry.get("auto") is True))
    dates = data.get("dates") or {}
    if not isinstance(dates, dict):
        raise BadRecord("The record's 'dates' must be an object.")
    return Record(
        slug=data["game"], players=players, options=options, seed=_seed(data.get("seed", 0)),
        plies=plies, result=_json_result(data),
        dates={key: _time(dates.get(key), f"The {key} date")
               for key in ("created", "started", "finished")},
        source=_source(data.get("url")),
    )


def _source(value) -> str | None:
    """The record's source address, trimmed (``None`` when it gives none worth keeping)."""
    if not isinstance(value, str) or not value.strip() or CONTROL_CHARACTERS.search(value):
        return None
    return value.strip()[:500]


def _json_result(data: dict):
    if "result" not in data:
        return None
    result = data["result"]
    if result is None:
        return UNFINISHED if data.get("status") != "finished" else None
    if not isinstance(result, dict) or not isinstance(result.get("winners"), list):
        raise BadRecord("The record's 'result' must be null or have a list of winners.")
    winners = sorted(_seat(w, "The result") for w in result["winners"])
    scores = result.get("scores")
    if scores is not None and not isinstance(scores, list):
        raise BadRecord("The record's scores must be a list, one number per seat.")
    return {"winners": winners, "scores": scores, "ended": _ending(result.get("ended")),
            "termination": _termination_word(result.get("termination"))}


def _termination_word(word) -> str | None:
    if word is None or word in WORDS:
        return word
    raise BadRecord(f"The record's termination {word!r} is not one this server writes: "
                    + ", ".join(WORDS) + ".")


def _ending(word) -> str | None:
    if word is None or word in ENDINGS:
        return word
    raise BadRecord(f"The record says the game ended by {word!r}: this server knows "
                    + " and ".join(ENDINGS) + ".")


TAG_LINE = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$')
PLY_LINE = re.compile(rf"^([0-9]{{1,9}})\.\s*(?:({_SEAT})\s+)?(.+?)$")
SEAT_TAG = re.compile(r"^P([1-9][0-9]?)$")


def parse_text(text: str) -> Record:
    """A record from its text form (see ``to_text``); ``;`` starts a comment line."""
    tags: dict[str, str] = {}
    options: dict[str, str] = {}
    plies: list[Ply] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith((";", "%")):
            continue
        tag = TAG_LINE.match(line)
        if tag and not plies:
            name, value = tag.group(1), re.sub(r"\\(.)", r"\1", tag.group(2))
            if name == "Option":
                key, sep, option_value = value.partition("=")
                if not sep:
                    raise BadRecord(f"Line {number}: an Option tag is written name=value.")
                options[key.strip()] = option_value.strip()
            else:
                tags[name] = value
            continue
        ply = PLY_LINE.match(line)
        if not ply:
            raise BadRecord(f"Line {number}: cannot read {line[:80]!r}; expected a tag "
                            '([Name "value"]) or a ply ("17. P2 c3-c4").')
        if int(ply.group(1)) != len(plies) + 1:
            raise BadRecord(f"Line {number}: expected ply {len(plies) + 1}, "
                            f"found {ply.group(1)}.")
        seat = _seat(ply.group(2), f"Line {number}") if ply.group(2) else None
        plies.append(Ply(seat, ply.group(3)))
    return _text_record(tags, options, plies)


def _text_record(tags: dict, options: dict, plies: list[Ply]) -> Record:
    slug = tags.get("Slug") or _slug_of_name(tags.get("Game"))
    seats = sorted(int(m.group(1)) for m in map(SEAT_TAG.match, tags) if m)
    if seats != list(range(1, len(seats) + 1)) or not seats:
        raise BadRecord('The record must name its players in tags [P1 "name"], [P2 "name"], …')
    players = [RecordPlayer(_name(tags[f"P{n}"], f"Tag P{n}")) for n in seats]
    return Record(
        slug=slug, players=players, options=options, seed=_seed(tags.get("Seed", 0)),
        plies=plies, result=_text_result(tags, len(players)),
        dates={key: _time(tags.get(key.capitalize()), f"Tag {key.capitalize()}")
               for key in ("created", "started", "finished")},
        source=_source(tags.get("Site")),
    )


def _slug_of_name(name: str | None) -> str:
    for rules in all_rules():
        if name and name.strip().lower() in (rules.name.lower(), rules.slug):
            return rules.slug
    raise BadRecord('The record must say which game it is: [Slug "pylon"] or [Game "Pylon"].')


def _text_result(tags: dict, seats: int):
    if "Result" not in tags:
        return None
    for winners in _possible_winners(seats):
        if tags["Result"].strip().lower() == result_text(winners, seats).lower():
            return UNFINISHED if winners is None else {
                "winners": winners, "scores": None, "ended": _ending(tags.get("Ended")),
                "termination": _termination_word(tags.get("Termination"))}
    raise BadRecord(f"The Result tag {tags['Result']!r} is not one this server writes "
                    "(P1 wins, Draw, P1, P2 share first place, or *).")


def _possible_winners(seats: int):
    yield None
    for mask in range(1, 2**seats):
        yield [seat for seat in range(seats) if mask >> seat & 1]

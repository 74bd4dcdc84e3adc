"""Conditional moves: parse, check, set, read, and answer a turn from a player's lines.

The interface other entry points call (the pages here, mail replies, the API):

- :func:`parse_text` reads the form's (and a mail reply's) text: one line a branch, turns
  separated by `` ; ``, a turn's plies by spaces.
- :func:`check_lines` plays every line through the rules from the game's position and gives
  the stored form, or refuses with the line, the turn and why (:class:`ConditionalRefused`).
- :func:`set_lines` checks and stores (an empty set clears); :func:`read` and
  :func:`lines_text` read them back for their player.
- :func:`answer` and :func:`advance` are play's and the events' side: a turn the game
  reached is answered from the lines of the seat to move (play applies it in the same
  transaction), and every turn played prunes the lines to what still follows.

The caller holds the game's row locked (``pbem.play.commands.locked``), so a tree edit and
the opponent's move are serialised by the database; :func:`set_lines` also refuses a tree
made for a position the game has left (``expected_ply``).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import bindparam, delete, select, update
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.util import identity_key

from ..core.db import utcnow
from ..core.errors import PbemError
from ..core.extensions import db
from ..core.i18n import _l, lazy_format
from ..games import IllegalMove
from ..play.models import ACTIVE, RESIGN, Game
from ..play.phrases import lazy_refusal
from ..play.queries import moves_since_turn
from . import answered
from .models import ConditionalTree

PASS = "pass"
#: The bounds of one player's lines in one game.
MAX_LINES, MAX_TURNS, MAX_NODES = 100, 40, 2000
#: The longest text read as lines (a form or a mail reply).
MAX_TEXT = 60_000


class ConditionalRefused(PbemError):
    status = 422
    code = "conditional-refused"


def parse_text(text: str) -> list[list[str]]:
    """The lines of ``text``: each non-blank line a list of turns (split on ``;``), a turn's
    plies kept as typed (spaces squeezed).

    :raises ConditionalRefused: too long, or an empty turn.
    """
    if len(text or "") > MAX_TEXT:
        raise ConditionalRefused(_l("At most %(count)s characters of conditional moves.",
                                    count=MAX_TEXT))
    lines = []
    for number, raw in enumerate((text or "").splitlines(), start=1):
        if not raw.strip():
            continue
        turns = [" ".join(turn.split()) for turn in raw.split(";")]
        if any(not turn for turn in turns):
            raise ConditionalRefused(_l("Line %(line)s: a turn is empty (turns are separated "
                                        "by ' ; ').", line=number))
        lines.append(turns)
    return lines


def check_active_for(game, seat: int) -> None:
    """Refuse unless ``seat`` may keep conditional moves now: the game is on, the seat is in
    it, and another seat is to move."""
    if game.status != ACTIVE:
        raise ConditionalRefused(_l("Conditional moves are for games being played."),
                                 status=409)
    to_move = game.to_move_seat
    if to_move is None or to_move == seat:
        raise ConditionalRefused(_l("Conditional moves are set while your opponent is to "
                                    "move; it is your turn now."), status=409)


def check_lines(game, seat: int, lines: list[list[str]], state=None) -> list[list[list]]:
    """Every line played through the rules from the game's position: the stored form, each
    turn ``[seat, "canonical plies"]``. Two lines that agree so far must give the same reply.

    :raises ConditionalRefused: naming the line and turn, and why.
    """
    if len(lines) > MAX_LINES:
        raise ConditionalRefused(_l("At most %(most)s lines; there are %(count)s.",
                                    most=MAX_LINES, count=len(lines)))
    rules = game.rules
    start = game.load_state() if state is None else state
    checked, replies, nodes = [], {}, set()
    for number, turns in enumerate(lines, start=1):
        if len(turns) > MAX_TURNS:
            raise ConditionalRefused(_l("Line %(line)s: at most %(most)s turns deep; it has "
                                        "%(count)s.", line=number, most=MAX_TURNS,
                                        count=len(turns)))
        state, line = start, []
        for index, text in enumerate(turns, start=1):
            where = _l("Line %(line)s, turn %(turn)s (%(text)s)", line=number, turn=index,
                       text=text[:60])
            mover = rules.to_move(state)
            if mover is None:
                raise ConditionalRefused(_at(where, _l("the game is over before it.")))
            if index == 1 and mover == seat:
                raise ConditionalRefused(_at(where, _l(
                    "a line starts with the next turn of the player to move, not yours.")))
            try:
                plies, state = rules.apply_turn(state, text)
            except IllegalMove as exc:
                raise ConditionalRefused(_at(where, lazy_refusal(exc))) from None
            if not rules.is_turn_complete(state):
                raise ConditionalRefused(_at(where, _l("the turn is not finished.")))
            state = _settle(rules, state)
            turn = [mover, " ".join(plies)]
            key = tuple(map(tuple, line))
            if mover == seat:
                if replies.setdefault(key, turn[1]) != turn[1]:
                    raise ConditionalRefused(_at(where, _l(
                        "another line already answers this position with %(reply)s.",
                        reply=replies[key])))
            line.append(turn)
            nodes.add(tuple(map(tuple, line)))
            if len(nodes) > MAX_NODES:
                raise ConditionalRefused(_l("At most %(most)s turns in all the lines "
                                            "together.", most=MAX_NODES))
        checked.append(line)
    return checked


def _at(where, what):
    """A refusal of one turn of a line: ``Line 2, turn 3 (c3): why``."""
    return lazy_format("{}: {}", where, what)


def _settle(rules, state):
    """Forced passes played (a line leaves them out, as play does)."""
    while not rules.is_over(state) and rules.legal_moves(state) == [PASS]:
        state = rules.play(state, PASS)
    return state


def read(game_id: int, player_id: int) -> ConditionalTree | None:
    return db.session.scalar(select(ConditionalTree).where(
        ConditionalTree.game_id == game_id, ConditionalTree.player_id == player_id))


def lines_text(tree: ConditionalTree | None) -> str:
    """The lines as the form shows them."""
    if tree is None:
        return ""
    return "\n".join(" ; ".join(turn for _, turn in line) for line in tree.lines)


def set_lines(game, seat: int, lines: list[list[str]], expected_ply: int | None = None
              ) -> ConditionalTree | None:
    """Check ``lines`` and keep them as ``seat``'s conditional moves in ``game`` (loaded with
    its row locked), replacing any; no lines clears them. Flushes; the caller commits.

    :raises ConditionalRefused: the game, the moment or a line refused (nothing changed).
    """
    check_active_for(game, seat)
    if expected_ply is not None and expected_ply != game.ply:
        raise ConditionalRefused(_l("The position changed: the game is now at ply %(ply)s. "
                                    "Look at the board again.", ply=game.ply),
                                 "position-changed", 409)
    checked = check_lines(game, seat, lines)
    _forget_trees(game.id)
    # A compare-and-set on the game's version, as a move makes: a move racing this edit on
    # an engine without row locks (SQLite) loses, or wins and this edit is refused.
    game.updated_at = utcnow()
    if checked:  # the game's moves read its trees from now on (cleared: see ``advance``)
        game.conditional_kept = True
    player_id = game.seats[seat].player_id
    tree = read(game.id, player_id)
    if not checked:
        if tree is not None:
            db.session.delete(tree)
        db.session.flush()
        return None
    if tree is None:
        tree = ConditionalTree(game_id=game.id, player_id=player_id, seat=seat)
        db.session.add(tree)
    tree.from_ply, tree.lines = game.ply, checked
    tree.cleared_ply = tree.cleared_reason = None
    db.session.flush()
    return tree


def delete_for_player(player_id: int) -> None:
    db.session.execute(delete(ConditionalTree).where(ConditionalTree.player_id == player_id))


# ----- play's side: answering a turn, pruning the lines ------------------------------------


@dataclass
class _KeptTree:
    """A tree as a move reads and prunes it: its row's columns, read past the ORM (loading a
    ``ConditionalTree`` cost a move answered by a conditional reply more than a statement)."""

    id: int
    seat: int
    lines: list


def _trees(game) -> list[_KeptTree]:
    """The game's trees: none, without a query, when the game says no seat keeps lines
    (``Game.conditional_kept``, so a move in a game without them pays nothing for them);
    else read once per transaction (a move's turn played and the turn that begins both ask;
    an edit in the transaction forgets them)."""
    if not game.conditional_kept:
        return []
    session = db.session()
    info, transaction = session.info, session.get_transaction()
    kept = info.get("conditional_trees")
    if kept is None or kept[0] is not transaction:
        kept = info["conditional_trees"] = (transaction, {})
    if game.id not in kept[1]:
        rows = session.connection().execute(_GAME_TREES, {"game_id": game.id})
        kept[1][game.id] = [_KeptTree(*row) for row in rows]
    return kept[1][game.id]


def _forget_trees(game_id: int) -> None:
    kept = db.session().info.get("conditional_trees")
    if kept is not None:
        kept[1].pop(game_id, None)


_UPDATE_KEPT = update(Game.__table__).where(Game.__table__.c.id == bindparam("game_id"))


def _note_none_kept(game) -> None:
    """The game's flag down once none of its trees has lines left: its next moves read none.
    Written past the unit of work, like the move's own write, so it is no change of the
    game's version (the game's row is locked: no edit races it)."""
    db.session.connection().execute(_UPDATE_KEPT, {"game_id": game.id,
                                                   "conditional_kept": False})
    set_committed_value(game, "conditional_kept", False)


def advance(game, *, state, moves) -> None:
    """``turn_played``'s receiver: every player's lines keep only what follows the turn just
    played (its first ply's seat, forced passes left out); lines the game left are cleared,
    and the next turn email of their player says so. Once no line is left, the game's flag
    says so."""
    played = [move for move in moves if not move.auto]
    if not played:
        return
    trees = [tree for tree in _trees(game) if tree.lines]
    if trees:
        _prune(game, trees, played, _asked_next(game.rules, state, played))
    if game.conditional_kept and not any(tree.lines for tree in _trees(game)):
        _note_none_kept(game)


def _asked_next(rules, state, played) -> int | None:
    """The seat whose turn begins in ``state`` after the turn ``played``, which play asks
    for its reply (:func:`answer`) right after this turn's events (``play.storing``:
    ``turn_begins``); ``None`` if no turn begins, or after a resignation (play asks only if
    it changed whose turn it is)."""
    if any(move.move == RESIGN for move in played):
        return None
    seat = rules.to_move(state)
    return None if seat is None or rules.turn_plies(state) else seat


def _prune(game, trees: list[_KeptTree], played, asked: int | None) -> None:
    """Keep what follows ``played`` in each tree. The lines of the seat ``asked`` for its
    reply next are written by whatever :func:`answer` does with them (answer, and write the
    lines after the reply, or clear them), not here as well: a move answered at once writes
    its tree once."""
    seat = played[0].seat
    turn = " ".join(move.move for move in played)
    for tree in trees:
        following = [line[1:] for line in tree.lines
                     if line and line[0][0] == seat and line[0][1] == turn]
        following = [line for line in following if line]
        if following:
            _save(tree, lines=following, write=tree.seat != asked)
            continue
        matched = any(line and line[0][0] == seat and line[0][1] == turn for line in tree.lines)
        if not matched and seat != tree.seat:
            who = game.seats[seat].label
            what = "resigned" if turn == RESIGN else f"played {turn}"
            _clear(tree, game, f"{who} {what}, which none of your conditional lines expected; "
                   "they were cleared.")
        else:
            _save(tree, lines=[])


def _clear(tree, game, reason: str) -> None:
    _save(tree, lines=[], cleared_ply=game.ply, cleared_reason=reason[:300])


_TREES = ConditionalTree.__table__
#: A game's trees, for :func:`_trees` (built once: a move asks for them).
_GAME_TREES = select(_TREES.c.id, _TREES.c.seat, _TREES.c.lines).where(
    _TREES.c.game_id == bindparam("game_id"))
_UPDATE_TREE = update(_TREES).where(_TREES.c.id == bindparam("tree_id"))


def _save(tree: _KeptTree, *, lines: list, write: bool = True, **changes) -> None:
    """Write ``lines`` and any other ``changes`` to a tree at once, past the ORM's unit of
    work (flushing one pruned tree at the commit cost a move answered by a conditional reply
    more than the reply's own ply), and keep it in step, and the tree's ``ConditionalTree``
    too if this session holds one, unchanged in the session's eyes. Not ``write``: only in
    step, the lines left for the next write of the tree, which follows in this transaction
    (:func:`_prune`)."""
    tree.lines = lines
    if not write:
        return
    changes.update(lines=lines, updated_at=utcnow())
    session = db.session()
    session.connection().execute(_UPDATE_TREE, {"tree_id": tree.id, **changes})
    loaded = session.identity_map.get(identity_key(ConditionalTree, tree.id))
    if loaded is not None:
        for name, value in changes.items():
            set_committed_value(loaded, name, value)


def answer(game, seat: int, state, moves=()):
    """The reply ``seat`` keeps for ``state``, the turn that begins for it after ``moves``
    (play's answerer, handed over at start-up): ``(text, plies, state after, telling)``,
    played by the rules here, so what play is given is legal; a reply that has become illegal
    is dropped with the lines. ``telling`` queues the player's mail saying what answered what,
    around play storing the reply (:func:`.answered.telling`)."""
    tree = next((tree for tree in _trees(game) if tree.seat == seat and tree.lines), None)
    if tree is None:
        return None
    replies = {line[0][1] for line in tree.lines if line[0][0] == seat}
    if len(replies) != 1:
        _clear(tree, game, "Your conditional lines did not say how to answer this position; "
               "they were cleared.")
        return None
    reply = replies.pop()
    rules = game.rules
    try:
        plies, after = rules.apply_turn(state, reply)
    except IllegalMove as exc:
        _clear(tree, game, f"Your conditional reply {reply} was no longer legal "
               f"({exc.reason}); your conditional moves were cleared.")
        return None
    if not rules.is_turn_complete(after):
        _clear(tree, game, f"Your conditional reply {reply} no longer completed a turn; your "
               "conditional moves were cleared.")
        return None
    return reply, plies, after, answered.telling(game, seat, reply, moves)


def turn_mail_remark(game, seat: int, ply: int) -> str | None:
    """What the turn email of ``seat`` at ``ply`` says of its player's conditional moves:
    why they were cleared, when it happened on the way to this turn."""
    tree = read(game.id, game.seats[seat].player_id)
    if tree is None or tree.cleared_ply is None or tree.cleared_ply > ply:
        return None
    since = moves_since_turn(game.id, seat, ply)
    first = since[0].ply if since else ply
    return tree.cleared_reason if tree.cleared_ply >= first else None


def turns_from_plies(game, plies: list[str]) -> list[str]:
    """An explored line of plies (the analysis board's, from the game's position) as the
    turns of a conditional line: a turn's plies joined, forced passes left out.

    :raises ConditionalRefused: a ply the rules refuse, or a turn left unfinished.
    """
    rules = game.rules
    state, turns, current = game.load_state(), [], []
    for index, text in enumerate(plies, start=1):
        forced = rules.legal_moves(state) == [PASS] if not rules.is_over(state) else False
        try:
            ply = rules.canonical(state, text)
        except IllegalMove as exc:
            raise ConditionalRefused(lazy_format("{}: {}", _l(
                "Ply %(index)s of the line (%(text)s)", index=index, text=text[:40]),
                lazy_refusal(exc))) from None
        state = rules.apply(state, ply)
        if not (forced and not current):
            current.append(ply)
        if rules.is_turn_complete(state) and current:
            turns.append(" ".join(current))
            current = []
    if current:
        raise ConditionalRefused(_l("The line ends in the middle of a turn: finish the turn "
                                    "first."))
    return turns


def add_line(game, seat: int, turns: list[str], expected_ply: int | None = None):
    """Keep one more line (the analysis board's "keep this line"), beside those kept."""
    tree = read(game.id, game.seats[seat].player_id)
    kept = [[turn for _, turn in line] for line in tree.lines] if tree is not None else []
    if turns in kept:
        return tree
    return set_lines(game, seat, [*kept, turns], expected_ply)


def keep_from_mail(game, seat: int, lines: list[str]) -> list[str]:
    """A mail reply's ``if`` lines (without the word) kept as ``seat``'s conditional moves,
    replacing those kept; none clears them. The lines kept, as text.

    :raises ConditionalRefused: as :func:`set_lines`.
    """
    tree = set_lines(game, seat, parse_text("\n".join(lines)))
    return lines_text(tree).splitlines()

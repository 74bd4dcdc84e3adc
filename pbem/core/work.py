"""Units of work: the one place that commits and rolls back.

Every entry point is one unit of work that goes through one wrapper of its kind:

========================  ==================================================================
entry point               wrapper
========================  ==================================================================
a request                 :func:`request_view` (every view, wrapped by the app factory)
a CLI command             :func:`cli_command` (every ``pbem`` command, by ``pbem.cli``)
a tick task's chunk       ``with unit_of_work("tick"):`` in the task's loop
an ingested email         ``pbem.mail.handoff.hand_over`` (the move and its answer together)
a bot's turn              ``with unit_of_work("bot"):`` in ``pbem.botplay.worker``
an outbox delivery        ``with unit_of_work("mail"):`` in ``pbem.mail.sender``
========================  ==================================================================

A unit commits once, at its end, and rolls back on any exception; a unit opened inside
another joins it (flushes only), so ``pbem.play.commands`` called from a view commits with
the view's other writes, and called on its own (a test, a shell) is a unit of its own. Mail
goes after the commit: the outbox rows are written in the unit, and the request's
``after_request`` starts delivering them only once the unit committed.

Views, services and receivers never call ``commit()`` or ``rollback()``;
``tests/test_architecture.py`` scans the source for it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from flask import request
from flask.cli import with_appcontext
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from .extensions import db
from .i18n import operator_language, speaking

_DEPTH = "pbem_unit_of_work_depth"
_KEEP = "pbem_unit_of_work_keeps"
#: Methods that may change something; any other request's unit is rolled back at its end.
WRITING_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def in_unit_of_work() -> bool:
    """Whether a unit of work is open on the current session."""
    return db.session.info.get(_DEPTH, 0) > 0


@contextmanager
def unit_of_work(kind: str = "call") -> Iterator[None]:
    """Run the block as one unit of work: commit at its end, roll back on any exception.

    Opened inside another unit, it joins that one: it flushes, and the outer one commits.
    ``kind`` names the entry point (``request``, ``cli``, ``tick``, ``email``, ``bot``,
    ``mail``) for the reader and for errors.
    """
    info = db.session.info
    depth = info.get(_DEPTH, 0)
    info[_DEPTH] = depth + 1
    try:
        yield
        if depth:
            db.session.flush()
        else:
            db.session.commit()
    except BaseException:
        if not depth:
            _end(keep=info.pop(_KEEP, False))
        raise
    finally:
        info[_DEPTH] = depth
        if not depth:
            info.pop(_KEEP, None)


def keep_on_error() -> None:
    """Keep what the unit did so far although it ends in an error (an exception, an error
    answer): a move too late is refused, and the timeout it triggered stands. A later lost
    race still rolls everything back."""
    db.session.info[_KEEP] = True


def _end(*, keep: bool) -> None:
    """End a unit that failed: commit what it chose to keep, else roll back."""
    if keep:
        try:
            db.session.commit()
            return
        except Exception:
            pass
    _rollback()


def _rollback() -> None:
    try:
        db.session.rollback()
    except Exception:  # the connection itself may be what failed; the original error matters
        pass


@contextmanager
def race_guard(lost: Callable[[], Exception]) -> Iterator[None]:
    """Turn a lost race (a stale version column, a taken unique key) into ``lost()``, with the
    whole unit rolled back first: nothing of the losing transaction is kept, and the page or
    answer that explains it runs in a fresh transaction."""
    try:
        yield
    except (StaleDataError, IntegrityError):
        db.session.rollback()
        db.session.info.pop(_KEEP, None)
        raise lost() from None


def savepoint():
    """A savepoint inside the unit: an exception leaving the block undoes only what the block
    did (``with savepoint(): ...``); the unit goes on."""
    return db.session.begin_nested()


def discard() -> None:
    """End the current transaction without keeping anything (a read-only loop between units,
    a claim that found nothing): what a unit does on an exception, without one."""
    db.session.rollback()


def request_view(view: Callable) -> Callable:
    """A view as one unit of work: a POST (PUT, PATCH, DELETE) that answers below 400 commits
    what it did, once, after the view returned; one that raises or answers with an error is
    rolled back (the error page then reads a clean session), unless it kept its work
    (:func:`keep_on_error`). A GET writes nothing and commits nothing: the request's end
    closes its transaction (Flask-SQLAlchemy removes the session)."""

    @functools.wraps(view)
    def wrapped(*args, **kwargs):
        info = db.session.info
        depth = info.get(_DEPTH, 0)
        writing = request.method in WRITING_METHODS
        info[_DEPTH] = depth + 1
        try:
            response = view(*args, **kwargs)
            if not depth and writing:
                if _status(response) < 400:
                    db.session.commit()
                else:
                    _end(keep=info.get(_KEEP, False))
            return response
        except BaseException:
            if not depth and writing:
                _end(keep=info.get(_KEEP, False))
            raise
        finally:
            info[_DEPTH] = depth
            if not depth:
                info.pop(_KEEP, None)

    wrapped.pbem_unit_of_work = True
    return wrapped


def _status(response) -> int:
    """The status a view's return value will answer with (Flask's tuple forms included)."""
    if isinstance(response, tuple):
        for part in response[1:]:
            if isinstance(part, int):
                return part
        response = response[0]
    return getattr(response, "status_code", 200)


def wrap_views(app) -> None:
    """Make every view of ``app`` a unit of work (called once the blueprints are registered)."""
    for endpoint, view in app.view_functions.items():
        if not getattr(view, "pbem_unit_of_work", False):
            app.view_functions[endpoint] = request_view(view)


def cli_command(callback: Callable) -> Callable:
    """A CLI command as one unit of work (a command that runs many units, a loop, opens its
    own per unit and is marked with :func:`runs_units`), in the app's context either way, and
    speaking the operator's language (:func:`pbem.core.i18n.operator_language`)."""
    if getattr(callback, "pbem_runs_units", False):
        @with_appcontext
        @functools.wraps(callback)
        def in_language(*args, **kwargs):
            with speaking(operator_language()):
                return callback(*args, **kwargs)

        return in_language

    @with_appcontext
    @functools.wraps(callback)
    def wrapped(*args, **kwargs):
        chosen = None
        with speaking(operator_language()), unit_of_work("cli"):
            try:
                return callback(*args, **kwargs)
            except SystemExit as exit_status:  # an exit status chosen, not a failure: keep
                chosen = exit_status
        raise chosen

    return wrapped


def runs_units(callback: Callable) -> Callable:
    """Mark a command that opens one unit of work per thing it handles (a loop, a tick)."""
    callback.pbem_runs_units = True
    return callback

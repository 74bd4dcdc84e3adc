"""The pages and messages that list a player's games cost the same number of statements for
3 games as for 30: whose turn it is comes from the game rows, seats come with their games."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace

from clocks.stored import T0, digests, timed_game
from freezegun import freeze_time
from helpers import StatementCounter, outbox, sign_in

from pbem.core.extensions import db
from pbem.core.signing import sign
from pbem.notifications import settings
from pbem.notifications.logic.schedule import Kind, Mode, NotificationSettings
from pbem.play import commands


def player_with_games(make_player, count: int, **notification_settings):
    """A player in ``count`` timed games: a third theirs to move, a third the opponent's, a
    third finished (the player, as its id and address)."""
    me = make_player()
    if notification_settings:
        settings.save(me.id, NotificationSettings(**notification_settings), T0)
        db.session.commit()
    for n in range(count):
        other = make_player()
        game = timed_game([me, other] if n % 3 != 1 else [other, me], "3d/move")
        if n % 3 == 2:
            commands.resign(commands.locked(game.id), 1)
    return SimpleNamespace(id=me.id, email=me.email)  # outlives the sessions the test ends


def statements(app, action) -> int:
    """Statements ``action`` runs, after one run to warm caches (built queries, settings)."""
    action()
    db.session.remove()
    with StatementCounter(db.engine) as counter:
        action()
    db.session.remove()
    return counter.count


def page_statements(app, client, player, url: str) -> int:
    sign_in(client, player)

    def get():
        assert client.get(url).status_code == 200
    return statements(app, get)


def test_the_home_page_costs_the_same_for_3_and_30_games(app, client, make_player):
    few, many = player_with_games(make_player, 3), player_with_games(make_player, 30)
    assert page_statements(app, client, few, "/") == page_statements(app, client, many, "/")


def test_the_player_page_costs_the_same_for_3_and_30_games(app, client, make_player):
    few, many = player_with_games(make_player, 3), player_with_games(make_player, 30)
    assert page_statements(app, client, few, f"/players/{few.id}") == page_statements(
        app, client, many, f"/players/{many.id}")


def test_the_calendar_costs_the_same_for_3_and_30_games(app, client, make_player):
    few, many = player_with_games(make_player, 3), player_with_games(make_player, 30)

    def feed(player):
        url = f"/calendar/{sign('calendar', player.id)}.ics"
        return page_statements(app, client, player, url)
    assert feed(few) == feed(many)
    body = client.get(f"/calendar/{sign('calendar', many.id)}.ics").get_data(as_text=True)
    assert body.count("BEGIN:VEVENT") == 10  # the games where it is their move


def test_the_digest_costs_the_same_for_3_and_30_games(app, make_player):
    digest = {"modes": {Kind.TURN: Mode.DIGEST}}
    few = player_with_games(make_player, 3, digest_hour=10, **digest)
    many = player_with_games(make_player, 30, digest_hour=12, **digest)
    db.session.remove()
    counts = []
    for hour in (10, 12):  # each player's digest alone, later on the day the games began
        at = datetime(2026, 3, 2, hour, 0, tzinfo=UTC)
        with StatementCounter(db.engine) as counter, freeze_time(at):
            assert digests(at) == "1 sent"
        db.session.remove()
        counts.append(counter.count)
    assert counts[0] == counts[1]
    by_reader = {message.recipient: message for message in outbox("digest")}
    assert "1 game waiting" in by_reader[few.email].subject
    assert "10 games waiting" in by_reader[many.email].subject

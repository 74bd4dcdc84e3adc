"""Tournament mail: invitations, the start, each round's pairings, withdrawals, the final
standings. Each is queued in the transaction of its cause, through ``pbem.notifications``."""

from __future__ import annotations

from flask_babel import gettext

from ..core.i18n import _l, lazy, lazy_format
from ..core.signing import sign
from ..core.urls import external_url
from ..notifications.delivery import message


def _page(tournament) -> str:
    return external_url("tournaments.page", tournament_id=tournament.id)


def _tag(tournament) -> str:
    return f"[{tournament.name}]"


def invitation(tournament, entrant) -> None:
    token = sign("tournament-invitation", [tournament.id, entrant.player_id])
    message("tournament_invitation", entrant.player,
            lazy_format("{} {}", _tag(tournament), _l("You are invited to a %(game)s tournament",
                                                      game=tournament.rules.name)),
            context={"tournament": tournament, "player": entrant.player,
                     "page": _page(tournament),
                     "link": external_url("tournaments.invitation", token=token)})


def round_paired(tournament, rnd, names: dict, first: bool, title: str = "") -> None:
    """Every player still in hears the pairings (the first round's mail announces the start);
    the turn emails of the games themselves come from play. ``title``: what the round is
    called ("Round 3", a knockout's "Final"): written in the reader's language when read."""
    title = title or _l("Round %(number)s", number=rnd.number)
    pairings = [(tb.board, [names[p] for p in tb.seats],
                 external_url("play.game", game_id=tb.game_id)) for tb in rnd.tables]
    byes = [names[p] for p in rnd.byes]
    kind, what = ("tournament_start", _l("has started")) if first else (
        "tournament_round", _l("%(round)s pairings", round=title))
    for entrant in tournament.entrants:
        if entrant.playing:
            mine = [p for p, tb in zip(pairings, rnd.tables, strict=True)
                    if entrant.player_id in tb.seats]
            message(kind, entrant.player, lazy_format("{} {}", _tag(tournament), what),
                    context={"tournament": tournament, "player": entrant.player, "round": rnd,
                             "title": title, "page": _page(tournament), "pairings": pairings,
                             "mine": mine,
                             "byes": byes, "bye": entrant.player_id in rnd.byes})


def withdrawn(tournament, entrant, reason: str, by_self: bool) -> None:
    """Confirm a withdrawal to the player, whether the director made it or they did."""
    what = _l("You have withdrawn") if by_self else _l("You have been withdrawn")
    message("tournament_withdrawal", entrant.player, lazy_format("{} {}", _tag(tournament), what),
            context={"tournament": tournament, "player": entrant.player, "reason": reason,
                     "by_self": by_self, "page": _page(tournament)})


def final_standings(tournament, rows, winner) -> None:
    """Everyone who played hears who won (``winner``: a :class:`~.bracket.Winner` or
    ``None``) and the final standings."""
    subject = lazy_format("{} {}", _tag(tournament), _l(
        "%(names)s won %(name)s", name=tournament.name,
        names=lazy(lambda: gettext(" and ").join(winner.names)))
        if winner else _l("%(name)s: final standings", name=tournament.name))
    for entrant in tournament.entrants:
        if entrant.seed is not None:
            message("tournament_final", entrant.player, subject,
                    context={"tournament": tournament, "player": entrant.player, "rows": rows,
                             "winner": winner, "page": _page(tournament)})

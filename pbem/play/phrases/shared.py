"""The phrases every game shares and the server's own refusals, each key with its English
sentence (named placeholders) for the catalogue, and every game's vocabulary."""

from __future__ import annotations

from functools import cache

from flask_babel import get_locale, pgettext

from ...core.i18n import N_

MESSAGES = {
    # ----- every game's (pbem/games/refusals.py) -------------------------------------------------
    "rules.game-over": N_("the game is over"),
    "rules.already-over": N_("the game is already over"),
    "rules.not-legal": N_("%(ply)s is not a legal move here"),
    "rules.no-move": N_("no move was given"),
    "rules.not-text": N_("a move must be text"),
    "rules.not-ascii": N_("%(char)r is not part of move notation: write plain letters, digits "
                          "and signs"),
    "rules.move-too-long": N_("a move is at most %(limit)s characters long, not %(length)s"),
    "rules.turn-too-long": N_("a turn is at most %(limit)s characters long, not %(length)s"),
    "rules.not-in-game": N_("seat %(seat)r is not in this game"),
    "rules.game-ended-after": N_("the game ended after step %(last)s"),
    "rules.game-ended-with": N_("the game ended with %(last)s"),
    "rules.turn-ended-after": N_("your turn ended after step %(last)s"),
    "rules.turn-ended-with": N_("your turn ended with %(last)s"),
    # ----- the server's own (play/service.py, api/present.py, archive/history.py) ----------------
    "play.turn-incomplete": N_("the turn is not finished: continue it with one of %(moves)s"),
    "api.not-your-turn": N_("it is not your turn in this game"),
    "archive.resign-needs-seat": N_("a resignation must name its seat"),
    "archive.wrong-seat": N_("it is %(to_move)s's turn, not %(seat)s's"),
}


def vocabulary() -> dict[str, str]:
    """Every game's vocabulary (``rules.vocabulary``: the words the parameters of its phrases
    hold), each in the language spoken now, with the context "rules word" that sets it apart
    from the same word elsewhere on the site.

    Made once per language: a board says a phrase for every piece it draws (a hundred on a
    Stax board), and translating the whole vocabulary for each cost nine tenths of drawing
    the board. The catalogues do not change while the server runs."""
    return _vocabulary_in(str(get_locale()))


@cache
def _vocabulary_in(_language: str) -> dict[str, str]:
    """:func:`vocabulary` in ``_language``, which is the language spoken now (the cache's key;
    the lookups below read it themselves)."""
    return {
        "small": pgettext("rules word", "small"),
        "medium": pgettext("rules word", "medium"),
        "large": pgettext("rules word", "large"),
        "north": pgettext("rules word", "north"),
        "east": pgettext("rules word", "east"),
        "south": pgettext("rules word", "south"),
        "west": pgettext("rules word", "west"),
        "penny": pgettext("rules word", "penny"),
        "nickel": pgettext("rules word", "nickel"),
        "king": pgettext("rules word", "king"),
        "1 tile": pgettext("rules word", "1 tile"),
        "2n tile": pgettext("rules word", "2n tile"),
        "2w tile": pgettext("rules word", "2w tile"),
        "2s tile": pgettext("rules word", "2s tile"),
        "3f tile": pgettext("rules word", "3f tile"),
        "3y tile": pgettext("rules word", "3y tile"),
        "3h tile": pgettext("rules word", "3h tile"),
        "4n tile": pgettext("rules word", "4n tile"),
        "4w tile": pgettext("rules word", "4w tile"),
        "4s tile": pgettext("rules word", "4s tile"),
        "5 tile": pgettext("rules word", "5 tile"),
        "queen": pgettext("rules word", "queen"),
        "Light": pgettext("rules word", "Light"),
        "Dark": pgettext("rules word", "Dark"),
        "Red": pgettext("rules word", "Red"),
        "smalls": pgettext("rules word", "smalls"),
        "mediums": pgettext("rules word", "mediums"),
        "larges": pgettext("rules word", "larges"),
        "orthogonally": pgettext("rules word", "orthogonally"),
        "diagonally": pgettext("rules word", "diagonally"),
        "orthogonally or diagonally": pgettext("rules word", "orthogonally or diagonally"),
        "by an L-shaped jump": pgettext("rules word", "by an L-shaped jump"),
        "orthogonally or by an L-shaped jump":
            pgettext("rules word", "orthogonally or by an L-shaped jump"),
        "diagonally or by an L-shaped jump":
            pgettext("rules word", "diagonally or by an L-shaped jump"),
        "orthogonally or diagonally or by an L-shaped jump":
            pgettext("rules word", "orthogonally or diagonally or by an L-shaped jump"),
        "O and D": pgettext("rules word", "O and D"),
        "O and L": pgettext("rules word", "O and L"),
        "D and L": pgettext("rules word", "D and L"),
        "O and D and L": pgettext("rules word", "O and D and L"),
        "the medium and the large": pgettext("rules word", "the medium and the large"),
        "the small and the large": pgettext("rules word", "the small and the large"),
        "the small and the medium": pgettext("rules word", "the small and the medium"),
        "the large": pgettext("rules word", "the large"),
        "the medium": pgettext("rules word", "the medium"),
        "the small": pgettext("rules word", "the small"),
        "the small, the medium and the large":
            pgettext("rules word", "the small, the medium and the large"),
    }

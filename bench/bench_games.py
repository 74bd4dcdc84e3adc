"""Random games per second and mid-game legal_moves time, for every game and setting."""

from __future__ import annotations

from pbem.games import all_rules

from .timing import mean_call_ms, midgame_states, random_games_per_second

#: (slug, players, options, max plies) measured; a game that may not end gets a ply cap.
SETTINGS = [
    ("stawvs", 2, {}, None),
    ("stawvs", 3, {}, None),
    ("stawvs", 4, {}, None),
    ("stawvs", 2, {"claims": "vacated"}, None),
    ("stawvs", 3, {"claims": "vacated"}, None),
    ("stawvs", 4, {"claims": "vacated"}, None),
    ("pylon", 2, {"start": "place"}, None),
    ("pylon", 2, {"start": "quick"}, None),
    ("stax", 2, {}, 2000),
    ("stax", 3, {}, 2000),
    ("spike", 2, {}, None),
    ("triumvirate", 2, {}, None),
]


def run() -> dict:
    known = {rules.slug: rules for rules in all_rules()}
    figures = {}
    for slug, players, options, cap in SETTINGS:
        if slug not in known:
            continue
        rules = known[slug]
        label = f"{slug} {players}p" + "".join(f" {k}={v}" for k, v in options.items())
        rate, length = random_games_per_second(rules, players, options, max_plies=cap)
        figures[f"{label}: random games/s"] = rate
        figures[f"{label}: plies/game"] = length
        states = midgame_states(rules, players, options, count=10)
        figures[f"{label}: legal_moves mid-game ms"] = mean_call_ms(
            rules.legal_moves, states, fresh=lambda s, r=rules: r.from_dict(r.to_dict(s)), repeat=3
        )
    return figures

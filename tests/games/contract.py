"""Helpers for the contract suite: the option combinations and playouts every game gets."""

from __future__ import annotations

import itertools
import json
import random

from pbem.games import InvalidOptions, all_rules


def check_refusal(rules, exc) -> None:
    """``exc`` is one of the refusals ``rules`` declares, its reason the declared English
    sentence made from its parameters (behind ``step n (ply): `` for a step of a typed turn),
    each a number or a string: so the server can say it again in any language."""
    declared = {refusal.key: refusal for refusal in rules.refusals}
    assert exc.key in declared, f"{exc.reason!r} has no declared key ({exc.key!r})"
    refusal = declared[exc.key]
    assert exc.code == refusal.code
    assert set(exc.params) == refusal.fields()
    sentence = refusal.text.format(**exc.params)
    prefix = f"step {exc.step} ({exc.ply}): " if exc.step is not None else ""
    assert exc.reason == prefix + sentence
    assert all(isinstance(value, (int, str)) for value in exc.params.values())


def option_combinations(rules):
    """Every (players, options) the game allows, over all choice-valued options."""
    choice_options = [opt for opt in rules.options if opt.choices]
    names = [opt.name for opt in choice_options]
    for players in rules.player_counts:
        for values in itertools.product(*(opt.choices for opt in choice_options)):
            options = dict(zip(names, values, strict=True))
            try:
                rules.validate_options(players, options)
            except InvalidOptions:
                continue
            yield players, options


def cases():
    """pytest params: one per game, player count and option combination."""
    import pytest

    for rules in all_rules():
        for players, options in option_combinations(rules):
            label = ",".join(f"{k}={v}" for k, v in options.items())
            yield pytest.param(rules, players, options, id=f"{rules.slug}-{players}p-{label}")


def json_round_trip(rules, state):
    return rules.from_dict(json.loads(json.dumps(rules.to_dict(state))))


def stored_round_trip(rules, state):
    """``state`` through a game's record: its snapshot through JSON, its grown part read."""
    snapshot, grown = rules.to_stored(state)
    return rules.from_stored(json.loads(json.dumps(snapshot)), lambda: grown)


def near_misses(move: str, rng: random.Random, count: int = 4):
    """Strings one edit away from a legal move: a character changed, dropped or doubled."""
    alphabet = "abcdefgh12345678-/:@,>=+~xXSMLNESWKQ0 "
    out = []
    for _ in range(count):
        i = rng.randrange(len(move))
        kind = rng.randrange(3)
        if kind == 0:
            out.append(move[:i] + rng.choice(alphabet) + move[i + 1 :])
        elif kind == 1:
            out.append(move[:i] + move[i + 1 :])
        else:
            out.append(move[:i] + move[i] + move[i:])
    return out


def sample_positions():
    """A few positions of every game: the start and some random midgames."""
    out = []
    for rules in all_rules():
        for players in rules.player_counts:
            state = rules.new_game(players=players, seed=11)
            rng = random.Random(players)
            for ply in range(40):
                if rules.is_over(state):
                    break
                if ply % 13 == 0:
                    out.append((rules, state))
                state = rules.play(state, rng.choice(rules.legal_moves(state)))
    return out

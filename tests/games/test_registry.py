"""The registry and the option schema shared by every game."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from pbem.games import InvalidOptions, UnknownGame, all_rules, get_renderer, get_rules

SLUGS = {"stawvs", "stax", "spike", "triumvirate", "pylon"}


def test_every_game_is_registered_under_its_slug():
    assert {rules.slug for rules in all_rules()} == SLUGS
    for rules in all_rules():
        assert get_rules(rules.slug) is rules
        assert rules.name and rules.version and rules.player_counts


def test_a_game_is_imported_only_when_asked_for():
    """A process that handles one game's move loads that game's rules alone."""
    script = ("import json, sys; from pbem.games import get_rules; get_rules('pylon'); "
              "print(json.dumps([m.split('.')[2] for m in sys.modules "
              "if m.startswith('pbem.games.') and m.count('.') == 2]))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)
    imported = set(json.loads(done.stdout))
    assert "pylon" in imported and not imported & (SLUGS - {"pylon"})


def test_unknown_slug_names_the_known_games():
    with pytest.raises(UnknownGame) as info:
        get_rules("chess")
    message = str(info.value)
    assert "chess" in message and all(slug in message for slug in SLUGS)


@pytest.mark.parametrize("rules", all_rules(), ids=lambda r: r.slug)
def test_options_validate_with_clear_errors(rules):
    with pytest.raises(InvalidOptions, match="no option 'colour'"):
        rules.new_game(players=rules.player_counts[0], options={"colour": "red"})
    with pytest.raises(InvalidOptions, match="played by"):
        rules.new_game(players=max(rules.player_counts) + 1)
    with pytest.raises(InvalidOptions, match="not a number"):
        rules.new_game(players="two")
    for option in rules.options:
        json.dumps(option.as_dict())
        if option.choices:
            with pytest.raises(InvalidOptions, match=option.name):
                rules.new_game(players=rules.player_counts[-1], options={option.name: "bogus"})


@pytest.mark.parametrize("rules", all_rules(), ids=lambda r: r.slug)
def test_option_values_arrive_as_strings_or_native(rules):
    for option in rules.options:
        for choice in option.choices:
            as_text = {True: "true", False: "false"}.get(choice, str(choice)) if isinstance(
                choice, bool
            ) else str(choice)
            assert option.parse(as_text) == choice
            assert option.parse(choice) == choice
            assert option.parse(f" {as_text.upper()} ") == choice


@pytest.mark.parametrize("rules", all_rules(), ids=lambda r: r.slug)
def test_renderers_draw_every_fresh_game(rules):
    render = get_renderer(rules.slug)
    state = rules.new_game(players=rules.player_counts[0], seed=5)
    svg = render.svg(state)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert render.text(state).strip()
    assert render.describe(state).strip()


def test_the_rule_modules_import_only_the_standard_library():
    code = (
        "import sys\n"
        "import pbem.games\n"
        "[r.new_game(players=r.player_counts[0]) for r in pbem.games.all_rules()]\n"
        "[pbem.games.get_renderer(r.slug) for r in pbem.games.all_rules()]\n"
        "names = {m.split('.')[0] for m in sys.modules}\n"
        "print('\\n'.join(sorted(names - set(sys.stdlib_module_names) - {'pbem'})))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert [name for name in out if not name.startswith("_")] == []

"""One way to add a command and one way to add a tick task: every ``pbem`` command comes from
``pbem.cli.commands.COMMANDS`` and runs as one unit of work in the app's context; every
periodic task is a line of ``pbem.tick.TASKS``, and says its idle words when nothing is due."""

from __future__ import annotations

import importlib

import click

from pbem.cli.commands import COMMANDS, pbem_group
from pbem.tick import TASKS, idle, run_tick


def test_the_group_lists_exactly_the_registered_commands(app):
    with click.Context(pbem_group) as ctx:
        assert pbem_group.list_commands(ctx) == sorted(COMMANDS)
        for name in COMMANDS:
            command = pbem_group.get_command(ctx, name)
            assert command is not None and command.name == name
        assert pbem_group.get_command(ctx, "no-such-command") is None


def test_every_registered_command_is_a_click_command_named_as_registered():
    for name, (module, attribute) in COMMANDS.items():
        command = getattr(importlib.import_module(module), attribute)
        assert isinstance(command, click.Command) and command.name == name


def test_a_tick_on_an_empty_server_is_idle_in_every_task(app):
    lines = run_tick()
    assert [line.partition(": ")[0] for line in lines] == [task.name for task in TASKS]
    assert all(idle(line) for line in lines), lines
    assert not idle("clocks: 1 timeout") and not idle("nosuchtask: nothing due")

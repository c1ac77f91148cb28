"""``mb config``: the effective configuration, and where each value comes from."""

from __future__ import annotations

import os
from collections.abc import Collection
from typing import Any

import click

from ..config import SETTINGS, Config, load_config
from ._console import out_console

__all__ = ["COMMAND_ARGS", "check_values", "config_command"]

COMMAND_ARGS = "mb.command_args"
"""The key, in the group context's ``meta``, of the arguments given to the command being run."""


def check_values(ctx: click.Context, config: Config, commands: Collection[str]) -> None:
    """Raise one ``ConfigError`` naming the file and every bad key: those the file's reading found and those whose
    value an option of ``commands`` refuses.

    The values are defaults of command options: checked here, a bad one is reported as the file's key rather than
    as a flag the user never gave. A value the command line overrides is not used, so not checked (``mb config``
    checks every value).
    """
    group = ctx.command if isinstance(ctx.command, click.Group) else None
    refused: list[str] = []
    defaults = config.default_map() if group is not None else {}
    for key in config.values:
        for command_name, parameter in SETTINGS[key].targets:
            if command_name not in commands:
                continue
            command = group.get_command(ctx, command_name) if group is not None else None
            option = next((item for item in command.params if item.name == parameter), None) if command else None
            if command is None or option is None:
                continue
            scratch = click.Context(command, parent=ctx, info_name=command_name)
            if parameter in _given(command, scratch, ctx.meta.get(COMMAND_ARGS)):
                continue  # a flag overrides the value: unused, it stops nothing
            try:
                option.process_value(scratch, defaults[command_name][parameter])
            except click.BadParameter as exc:
                refused.append(f"{config.where}: {key}: {exc.message}")
    config.raise_problems(refused)


def _given(command: click.Command, ctx: click.Context, args: list[str] | None) -> set[str]:
    """The parameters ``args`` gives ``command`` (none when they cannot be parsed: the command then says why)."""
    if not args:
        return set()
    try:
        _, _, order = command.make_parser(ctx).parse_args(list(args))
    except click.UsageError:
        return set()
    return {param.name for param in order if param.name}


@click.command("config")
@click.pass_context
def config_command(ctx: click.Context) -> None:
    """Print the effective configuration: each key, its value and where it comes from.

    \b
    Values are read from `mb.toml` (top level) or `[tool.mb]` in `pyproject.toml`, in the current
    directory or the nearest parent that has one. They are the defaults of the options they name;
    a command-line flag overrides them. Unknown keys are errors (exit 2) with the closest known key.
    """
    config = load_config(strict=False)
    every_command = {command for setting in SETTINGS.values() for command, _ in setting.targets}
    check_values(ctx.parent or ctx, config, every_command)
    where = "no configuration file" if config.path is None else str(config.path)
    out_console.print(f"# configuration: {where}", markup=False)
    group = ctx.parent.command if ctx.parent is not None else None
    for key, setting in SETTINGS.items():
        value: Any
        if key == "judge_model" and os.environ.get("MB_JUDGE_MODEL", "").strip():
            value, source = os.environ["MB_JUDGE_MODEL"].strip(), "environment (MB_JUDGE_MODEL)"
        elif key in config.values:
            value, source = config.values[key], str(config.path)
        else:
            value, source = _default(ctx, group, setting.targets), "default"
        shown = "(none)" if value is None or value == () else repr(value)
        out_console.print(f"{key} = {shown}  # {source}; {setting.help}", markup=False)


def _default(ctx: click.Context, group: click.Command | None, targets: tuple[tuple[str, str], ...]) -> Any:
    """The built-in default of the first option a setting names."""
    if not isinstance(group, click.Group) or not targets:
        return None
    command_name, parameter = targets[0]
    command = group.get_command(ctx, command_name)
    option = next((item for item in command.params if item.name == parameter), None) if command else None
    default = option.default if option is not None else None
    return default if isinstance(default, (str, int, float, list, tuple)) else None

"""A click group whose commands are imported only when run, so ``mb --help`` stays fast."""

from __future__ import annotations

import difflib
import importlib

import click

__all__ = ["LazyGroup"]


class LazyGroup(click.Group):
    """Commands are given as ``{"name": ("package.module:attribute", "one-line help")}``.

    A command's module is imported only when the command is invoked (or its own help is shown); the group's
    help lists the one-line texts without importing anything.
    """

    def __init__(self, *args: object, lazy_commands: dict[str, tuple[str, str]] | None = None, **kwargs: object):
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.lazy_commands = dict(lazy_commands or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(self.lazy_commands)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy_commands:
            target = self.lazy_commands[cmd_name][0]
            module_name, _, attribute = target.partition(":")
            command = getattr(importlib.import_module(module_name), attribute)
            if not isinstance(command, click.Command):
                raise TypeError(f"{target} is not a click command")
            return command
        return super().get_command(ctx, cmd_name)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """The command named by ``args[0]``; a misspelt name is a usage error that suggests the closest commands."""
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            close = difflib.get_close_matches(name, self.list_commands(ctx), n=3, cutoff=0.6)
            hint = f" Did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
            ctx.fail(f"No such command {name!r}.{hint}")
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        if self.lazy_commands:
            with formatter.section("Commands"):
                formatter.write_dl([(name, self.lazy_commands[name][1]) for name in sorted(self.lazy_commands)])

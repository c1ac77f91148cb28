"""Shared consoles: rich output on standard output and standard error that shows text as it is.

Whatever a command prints goes through :func:`printable`: secrets are redacted, and terminal control characters
(ESC sequences, OSC titles, other C0 and C1 controls) are shown escaped (``\\x1b``) instead of acting on the
terminal. Emoji codes are never substituted (``file.jsonl:100:`` stays as it is); text that comes from users or
remote services is printed with ``markup=False`` or through :func:`rich.markup.escape`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import IO, Any, cast

import click
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from .._redact import redact

__all__ = ["StandardOutputError", "err_console", "fail", "format_option", "out_console", "print_error", "printable"]

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_NAMED = {"\r": "\\r", "\x1b": "\\x1b"}


def printable(text: str) -> str:
    """``text`` safe to show: secrets redacted, control characters (all but newline and tab) escaped."""
    return _CONTROL.sub(lambda match: _NAMED.get(match.group(), f"\\x{ord(match.group()):02x}"), redact(text))


class _SafeConsole(Console):
    """A console whose strings are made :func:`printable` before rich reads them."""

    def render_str(self, text: str, **kwargs: Any) -> Text:
        return super().render_str(printable(text), **kwargs)

    @property
    def file(self) -> IO[str]:
        """The stream written to; standard output raises :class:`StandardOutputError` when it cannot be written."""
        stream = super().file
        return stream if self.stderr else cast("IO[str]", _StandardOutput(stream))

    @file.setter
    def file(self, new_file: IO[str]) -> None:
        Console.file.fset(self, new_file)  # type: ignore[attr-defined]


class StandardOutputError(OSError):
    """Standard output could not be written (its reader gone, a full disk): the command ends as ``-o -`` does."""


class _StandardOutput:
    """Standard output as the consoles write to it: a failed write raises :class:`StandardOutputError`."""

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError as exc:
            raise StandardOutputError(exc.errno, exc.strerror) from exc

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as exc:
            raise StandardOutputError(exc.errno, exc.strerror) from exc

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


out_console = _SafeConsole(highlight=False, soft_wrap=True, emoji=False)
"""Results and reports (standard output)."""

err_console = _SafeConsole(stderr=True, highlight=False, soft_wrap=True, emoji=False)
"""Problems, progress and summaries meant for a person (standard error)."""


def format_option(what: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The ``--format table|json`` option of a command that prints ``what`` on standard output (parameter ``fmt``)."""
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(["table", "json"]),
        default="table",
        show_default=True,
        help=f"{what} format on standard output.",
    )


def print_error(message: str) -> None:
    """Print ``error: MESSAGE`` on standard error, the message shown as it is (never read as markup)."""
    err_console.print(f"[red]error:[/] {escape(message)}")


def fail(message: str, status: int) -> SystemExit:
    """Print ``message`` as an error and give the ``SystemExit`` with ``status`` to raise."""
    print_error(message)
    return SystemExit(status)

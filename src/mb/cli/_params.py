"""Option types, options and input checks shared by the commands."""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any

import click

from ..io._limits import LARGEST_LINE_LIMIT
from ..results_format import results_file_problem

__all__ = ["RESULTS_FILE", "Bytes", "Seconds", "check_input_files", "input_file_problem", "max_line_bytes_option"]


class Seconds(click.FloatRange):
    """A number of seconds in a range; NaN, which every comparison lets through, is refused."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if isinstance(number, float) and math.isnan(number):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        return number


class Bytes(click.IntRange):
    """A positive whole number of bytes, at most ``LARGEST_LINE_LIMIT``; a refusal says what is accepted."""

    name = "bytes"

    def __init__(self) -> None:
        super().__init__(min=1, max=LARGEST_LINE_LIMIT)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            self.fail(f"{value!r}: expected a positive whole number of bytes, at most {LARGEST_LINE_LIMIT}", param, ctx)


def input_file_problem(path: Path, expected: str, *, streams: bool = False) -> str | None:
    """Why ``path`` cannot be read as ``expected`` (e.g. "an executed benchmark"), or None: missing, a directory,
    not a regular file (a pipe, a device: read once, they pass with ``streams``), not readable, or a results file
    (unless ``expected`` is :data:`RESULTS_FILE`)."""
    if str(path) == "-":
        return None
    if not path.exists():
        return f"{path}: no such file"
    if path.is_dir():
        return f"{path}: is a directory, not a file"
    if not path.is_file():
        return None if streams else f"{path}: not a file"
    if not os.access(path, os.R_OK):
        return f"{path}: not readable"
    problem = None if expected == RESULTS_FILE else results_file_problem(path, expected)
    return None if problem is None else f"{path}: {problem}"


def check_input_files(*files: tuple[Path | None, str, str]) -> None:
    """Raise ``click.BadParameter`` (status 2) for the first ``(path, expected, hint)`` whose path is given and
    cannot be read as ``expected`` (see :func:`input_file_problem`); ``hint`` names the argument or option."""
    for path, expected, hint in files:
        problem = None if path is None else input_file_problem(path, expected)
        if problem is not None:
            raise click.BadParameter(problem, param_hint=hint)


RESULTS_FILE = "a results file"
"""What ``input_file_problem`` is told a results file (``mb eval -o``) is expected."""


max_line_bytes_option = click.option(
    "--max-line-bytes",
    type=Bytes(),
    envvar="MB_MAX_LINE_BYTES",
    default=None,
    metavar="BYTES",
    help="Longest line read; a longer one is an invalid line, skipped unread [env: MB_MAX_LINE_BYTES; "
    "default: 16 MiB].",
)
"""The ``--max-line-bytes`` option of the commands that read benchmark lines (adds ``max_line_bytes: int | None``)."""

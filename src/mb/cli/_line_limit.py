"""The ``--max-line-bytes`` option shared by the commands that read benchmark lines."""

from __future__ import annotations

import click

from ..io._limits import LARGEST_LINE_LIMIT

__all__ = ["max_line_bytes_option"]

max_line_bytes_option = click.option(
    "--max-line-bytes",
    type=click.IntRange(min=1, max=LARGEST_LINE_LIMIT),
    envvar="MB_MAX_LINE_BYTES",
    default=None,
    metavar="BYTES",
    help="Longest line read; a longer one is an invalid line, skipped unread [env: MB_MAX_LINE_BYTES; "
    "default: 16 MiB].",
)
"""Adds ``max_line_bytes: int | None`` to a command."""

"""Shared console helpers: rich output on stderr/stdout and usage errors that exit with status 2."""

from __future__ import annotations

from rich.console import Console

__all__ = ["err_console", "out_console"]

out_console = Console(highlight=False, soft_wrap=True)
"""Results and reports (standard output)."""

err_console = Console(stderr=True, highlight=False, soft_wrap=True)
"""Problems, progress and summaries meant for a person (standard error)."""

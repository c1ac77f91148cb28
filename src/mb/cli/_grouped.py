"""Problems printed grouped: the same problem on many lines is shown a few times, then counted.

One mistake made on every line of a file (a misspelt key, a missing field) would otherwise print thousands of
identical messages. Each distinct problem (file, JSON path, message) is printed for its first few lines; the
rest are counted and summed up at the end: ``FILE: … and 4,999 more lines with the same problem: PATH: MESSAGE``.
``MB_GROUP_PROBLEMS=0`` prints every problem of every line (for scripts that read them).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from rich.console import Console

from ..io import LineError
from ..io._typos import KeyWarning, iter_key_warnings
from ._console import printable

__all__ = ["GroupedPrinter", "KeyWarnings", "warn_unknown_keys"]

SHOWN_PER_PROBLEM = 3
"""Lines printed for each distinct problem before the rest are only counted."""

MAX_DISTINCT = 50
"""Distinct problems printed at most; more are counted in the closing line."""


class GroupedPrinter:
    """Prints line problems as they come, grouping repeats; :meth:`close` prints what was held back."""

    def __init__(self, console: Console, *, shown: int = SHOWN_PER_PROBLEM, distinct: int = MAX_DISTINCT) -> None:
        self.console = console
        """Where problems are printed."""
        every = os.environ.get("MB_GROUP_PROBLEMS", "").strip() == "0"
        self._shown = 2**62 if every else shown
        self._distinct = 2**62 if every else distinct
        self._seen: Counter[tuple[str, str, str]] = Counter()
        self._hidden_distinct = 0

    def _print(self, file: str, line: int, path: str, message: str, prefix: str = "") -> None:
        key = (file, path, message)
        if key not in self._seen and len(self._seen) >= self._distinct:
            self._hidden_distinct += 1
            return
        self._seen[key] += 1
        if self._seen[key] <= self._shown:
            self.console.print(printable(f"{file}:{line}: {prefix}{path}: {message}"), markup=False, highlight=False)

    def error(self, error: LineError) -> None:
        """Print (or count) each problem of an invalid line."""
        for problem in error.problems:
            self._print(error.file, error.line, problem.path, problem.message)

    def warning(self, warning: KeyWarning) -> None:
        """Print (or count) an unknown-key warning."""
        self._print(warning.file, warning.line, warning.path, warning.message, prefix="warning: ")

    def close(self) -> None:
        """Print the counts of the problems held back."""
        for (file, path, message), count in self._seen.items():
            if count > self._shown:
                more = count - self._shown
                noun = "line" if more == 1 else "lines"
                text = f"{file}: … and {more:,} more {noun} with the same problem: {path}: {message}"
                self.console.print(printable(text), markup=False, highlight=False)
        if self._hidden_distinct:
            self.console.print(
                f"… and {self._hidden_distinct:,} more problem(s) not shown", markup=False, highlight=False
            )
        self._seen.clear()
        self._hidden_distinct = 0


SCANNED_BEFORE_USE = 10_000
"""Lines ``mb eval``, ``mb run`` and ``mb validate`` check for unknown keys (``mb validate --strict`` checks all)."""


class KeyWarnings:
    """Prints the unknown-key warnings of the first lines of a benchmark file as they come (grouped), then how many
    there were."""

    def __init__(self, name: str, console: Console, *, lines: int = SCANNED_BEFORE_USE) -> None:
        self.name = name
        """The file, as the closing line names it."""
        self.lines = lines
        """How many lines, from the start of the file, are checked."""
        self.count = 0
        """The warnings printed or counted so far."""
        self._printer = GroupedPrinter(console)

    def add(self, warnings: Iterable[KeyWarning]) -> None:
        """Print (or count) warnings, in line order."""
        for warning in warnings:
            self._printer.warning(warning)
            self.count += 1

    def close(self, *, checked: bool = True) -> int:
        """Print what was held back and, when the lines were ``checked`` (not cut short), how many warnings they
        gave; the number of warnings."""
        self._printer.close()
        if self.count and checked:
            self._printer.console.print(
                f"{self.name}: {self.count} warning(s) in the first {self.lines:,} lines; `mb validate --strict` "
                "checks every line",
                markup=False,
                highlight=False,
            )
        return self.count


def warn_unknown_keys(path: Path, console: Console, *, lines: int = SCANNED_BEFORE_USE) -> int:
    """Print the unknown-key warnings of the first ``lines`` lines of a benchmark file (grouped), for a command that
    stops before reading its lines (the others find them in the lines as they read them); the number of warnings.
    Standard input is not read for this, so it gets none; a file that cannot be read is left unreported."""
    if str(path) == "-" or not path.is_file():
        return 0
    found, checked = KeyWarnings(str(path), console, lines=lines), False
    try:
        found.add(iter_key_warnings(path, lines=lines))
        checked = True
    except OSError:
        pass
    finally:
        found.close(checked=checked)
    return found.count if checked else 0

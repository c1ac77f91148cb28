"""Progress of a run: a rich bar on standard error (rate, ETA, errors), or plain lines for logs, or nothing."""

from __future__ import annotations

from typing import Protocol

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    SpinnerColumn,
    Task,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from ..io import LineError, printable
from ..io._typos import KeyWarning

__all__ = ["LogProgress", "RateColumn", "RichProgress", "RunProgress", "SilentProgress", "progress_bar"]


class RunProgress(Protocol):
    """Receives the events of a run, in the event loop's thread; each method does nothing unless overridden."""

    def start(self, total: int | None) -> None:
        """The run starts; ``total`` is the number of benchmark lines when known (a reporter with a false
        ``wants_total`` attribute gets None, sparing a pass over the file)."""
        return

    def advance(self, *, error: bool = False) -> None:
        """One benchmark line was run (``error`` when the agent failed), or skipped when there is no :meth:`skip`."""
        return

    def skip(self) -> None:
        """A benchmark line is done already (``resume``): not run now. By default, :meth:`advance`."""
        self.advance()

    def invalid(self, error: LineError) -> None:
        """A benchmark line is not a valid example."""
        return

    def message(self, text: str) -> None:
        """Something a person should read now (interrupts, repairs)."""
        return

    def stop(self) -> None:
        """The run is over."""
        return


class SilentProgress(RunProgress):
    """Reports nothing (the Python API's default)."""

    wants_total = False
    """No total is shown, so the runner does not count the benchmark's lines for it."""


class LogProgress(SilentProgress):
    """No bar: invalid lines and messages are printed as they come (for CI logs)."""

    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console(stderr=True, highlight=False, soft_wrap=True)
        """Where lines are printed."""

    def invalid(self, error: LineError) -> None:
        """Print ``FILE:LINE: $.path: message``."""
        self.console.print(str(error), markup=False, highlight=False)

    def warning(self, warning: KeyWarning) -> None:
        """Print ``FILE:LINE: warning: $.path: message``."""
        self.console.print(printable(str(warning)), markup=False, highlight=False)

    def message(self, text: str) -> None:
        """Print the text."""
        self.console.print(text, markup=False, highlight=False)


_RATE_AFTER_SECONDS = 1.0
"""A rate is shown once the bar has run this long: two examples done in a millisecond make no rate."""


class RateColumn(ProgressColumn):
    """Items (``examples``, ``lines``) done per second since the start, once measured over a second at least (not
    over the last few: examples that end together after a long wait are no burst of thousands a second). Lines the
    task's ``passed`` field counts (done by an earlier run, invalid) were not done now: they are not counted."""

    def __init__(self, unit: str = "examples") -> None:
        super().__init__()
        self.unit = unit

    def render(self, task: Task) -> Text:
        elapsed, done = task.elapsed or 0.0, task.completed - task.fields.get("passed", 0)
        if done <= 0 or elapsed < _RATE_AFTER_SECONDS:
            return Text(f"- {self.unit}/s", style="progress.data.speed")
        speed = done / elapsed
        shown = f"{speed:,.0f}" if speed >= 10 else f"{speed:.1f}"  # whole numbers once the rate is high
        return Text(f"{shown} {self.unit}/s", style="progress.data.speed")


def progress_bar(console: Console, unit: str, *extra: ProgressColumn, transient: bool = False) -> Progress:
    """A bar of the task's description, done/total, ``unit`` per second, elapsed time and ETA, then ``extra``."""
    return Progress(
        SpinnerColumn(),
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(unit),
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
        *extra,
        console=console,
        transient=transient,
    )


class _ErrorsColumn(ProgressColumn):
    def render(self, task: Task) -> Text:
        errors = int(task.fields.get("errors", 0))
        return Text(f"{errors} error{'s' if errors != 1 else ''}", style="red" if errors else "dim")


class RichProgress(LogProgress):
    """A live bar on standard error: done/total, rate, elapsed time, ETA and the number of agent errors."""

    wants_total = True
    """The bar shows the total and an ETA, so the runner counts the benchmark's lines when that is cheap."""

    def __init__(self, console: Console | None = None) -> None:
        super().__init__(console)
        self._errors = self._passed = 0
        self._bar = progress_bar(self.console, "examples", _ErrorsColumn())
        self._task: TaskID | None = None

    def start(self, total: int | None) -> None:
        """Show the bar."""
        self._task = self._bar.add_task("running", total=total, errors=0)
        self._bar.start()

    def advance(self, *, error: bool = False) -> None:
        """Move the bar by one line."""
        if self._task is None:
            return
        if error:
            self._errors += 1
            self._bar.update(self._task, advance=1, errors=self._errors)
        else:
            self._bar.advance(self._task)

    def skip(self) -> None:
        """Move the bar by one line, not counted in the rate."""
        if self._task is not None:
            self._passed += 1
            self._bar.update(self._task, advance=1, passed=self._passed)

    def invalid(self, error: LineError) -> None:
        """Print the problem above the bar and count the line as done, not in the rate."""
        super().invalid(error)
        RichProgress.skip(self)

    def stop(self) -> None:
        """Freeze the bar at its final state."""
        self._bar.stop()

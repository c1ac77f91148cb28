"""What a run did: counts, errors by type, invalid lines, wall time; and the executed examples."""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..entities import Example
from ..io import LineError

__all__ = ["AgentRun", "ExecutedExamples", "RunOutput", "RunSummary"]


@dataclass
class RunSummary:
    """Counts of one run. Agent errors are lines with ``outputs.error``; an invalid input line is written as
    :func:`mb.io.not_run_record`."""

    total: int = 0
    """Valid examples read from the benchmark (run + skipped + not reached when interrupted)."""

    ran: int = 0
    """Examples the agent was run on and that were written (including those that ended in an error)."""

    skipped: int = 0
    """Examples skipped because the output already held them (``resume``)."""

    errors: Counter[str] = field(default_factory=Counter)
    """Examples whose agent failed, by error type (``TimeoutError``, ``AgentOutputError``...)."""

    retried: int = 0
    """Attempts repeated after a transient failure."""

    invalid: list[LineError] = field(default_factory=list)
    """Benchmark lines that are not valid examples; they are not run, and written as :func:`mb.io.not_run_record`."""

    wall_time: float = 0.0
    """Seconds from the start of the run to its end."""

    interrupted: bool = False
    """The run was stopped by an interrupt (Ctrl-C) before every example ran."""

    cancelled: int = 0
    """Examples in flight that a second interrupt cancelled (not written; a resume runs them)."""

    output: str | None = None
    """The executed benchmark file written, if any."""

    notes: list[str] = field(default_factory=list)
    """What was repaired or noticed in an existing output (resume), in plain English."""

    first_errors: list[str] = field(default_factory=list)
    """The first distinct agent errors, ``Type: message``, as written in ``outputs.error`` (at most three)."""

    def note_error(self, text: str) -> None:
        """Remember an agent error among the first distinct ones."""
        if len(self.first_errors) < 3 and text not in self.first_errors:
            self.first_errors.append(text)

    @property
    def error_count(self) -> int:
        """Examples that ended in an agent error."""
        return sum(self.errors.values())

    def describe(self) -> str:
        """The summary in one line, e.g. ``ran 10 examples (1 error: TimeoutError 1), skipped 0 ... in 2.1 s``."""
        errors = self.error_count
        parts = [f"ran {self.ran} example{'s' if self.ran != 1 else ''}"]
        if errors:
            detail = ", ".join(f"{kind} {count}" for kind, count in self.errors.most_common())
            parts[0] += f" ({errors} error{'s' if errors != 1 else ''}: {detail})"
        else:
            parts[0] += " (no errors)"
        parts.append(f"skipped {self.skipped} already done")
        parts.append(f"{len(self.invalid)} invalid line{'s' if len(self.invalid) != 1 else ''}")
        if self.cancelled:
            parts.append(f"{self.cancelled} cancelled")
        text = ", ".join(parts) + f" in {self.wall_time:.1f} s"
        if self.output:
            text += f" -> {self.output}"
        if self.first_errors:
            text += "\nfirst agent error(s):" + "".join(f"\n  {reason}" for reason in self.first_errors)
        return text


class ExecutedExamples(list[Example]):
    """The executed examples of a run (a list, in input order) and, as ``invalid``, the benchmark lines that were not
    run: :func:`mb.evaluate` given this list counts each of those as an error in its place, as ``mb eval`` counts the
    line ``mb run`` writes there. ``examples`` may hold them in their places; ``invalid`` ones follow the examples."""

    def __init__(self, examples: Iterable[Example | LineError] = (), invalid: Iterable[LineError] = ()) -> None:
        super().__init__()
        self.invalid: list[LineError] = []
        """The invalid benchmark lines (``summary.invalid`` of the run)."""
        self._places: list[int] = []  # how many examples come before each invalid line
        for item in (*examples, *invalid):
            if isinstance(item, LineError):
                self.invalid.append(item)
                self._places.append(len(self))
            else:
                self.append(item)

    def in_order(self) -> Iterator[Example | LineError]:
        """The examples with each invalid benchmark line in its place."""
        placed = deque(zip(self._places, self.invalid, strict=True))
        for index, example in enumerate(self):
            while placed and placed[0][0] <= index:
                yield placed.popleft()[1]
            yield example
        yield from (error for _place, error in placed)


@dataclass
class AgentRun:
    """What :func:`mb.run` returns: one run of an agent over a benchmark, i.e. the executed examples in the
    benchmark's order and the summary of the run; unpacks as ``examples, summary``."""

    examples: ExecutedExamples
    """Executed examples in input order: those run now and, when resuming, those already in the output; with the
    invalid benchmark lines, for :func:`mb.evaluate` to count."""

    summary: RunSummary
    """Counts of the run."""

    def __iter__(self) -> Iterator[Any]:
        yield self.examples
        yield self.summary


RunOutput = AgentRun
"""The former name of :class:`AgentRun`, kept so that code written against it keeps working."""

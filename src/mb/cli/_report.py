"""Rich rendering of an evaluation summary: overall verdict, slices, and the first failures to look at."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from ..evaluation._example import failure_entry
from ..metrics import METRICS
from ..results import RateStat, Summary
from ..stats import wilson_interval
from ._console import printable

__all__ = ["FailureLog", "render_summary"]


def _rate(stat: RateStat) -> str:
    return f"{stat.rate:.1%}" if stat.total else "-"


def _interval(stat: RateStat) -> str:
    if not stat.total:
        return "-"
    low, high = wilson_interval(stat.passed, stat.total)
    return f"{low:.0%}-{high:.0%}"


def _slice_table(title: str, rows: dict[str, RateStat], *, with_mean: bool = False) -> Table:
    table = Table(title=title, title_justify="left", show_edge=False, pad_edge=False)
    table.add_column("name", style="bold", no_wrap=True)
    table.add_column("pass", justify="right", style="green")
    table.add_column("fail", justify="right", style="red")
    table.add_column("error", justify="right", style="yellow")
    table.add_column("rate (95% CI)", justify="right", no_wrap=True)
    if with_mean:
        table.add_column("mean", no_wrap=True)
    for name, stat in rows.items():
        cells: list[Text | str] = [Text(printable(name)), str(stat.passed), str(stat.failed), str(stat.errors)]
        cells.append(f"{_rate(stat)} ({_interval(stat)})" if stat.total else _rate(stat))
        if with_mean:
            metric = METRICS.get(name)
            mean = Text("-" if stat.mean is None else f"{stat.mean:.3g}")
            if metric is not None and metric.unit and stat.mean is not None:
                mean.append(f" {metric.unit}", style="dim")
            cells.append(mean)
        table.add_row(*cells)
    return table


class FailureLog:
    """Keeps the first failing and erroring examples (by line) with their first reason, for the report."""

    def __init__(self, limit: int = 10) -> None:
        self.limit = limit
        self.entries: list[tuple[int, str, str]] = []

    def add(self, result: Mapping[str, Any]) -> None:
        """Remember ``result`` (an example result as JSON) when it did not pass and is among the first ``limit``."""
        if not result["passed"]:
            self.extend([failure_entry(result)])

    def extend(self, entries: list[tuple[int, str, str]]) -> None:
        """Add ``(line, status, reason)`` entries gathered elsewhere (results of other lines)."""
        if entries:
            self.entries.extend(entries)
            self.entries.sort()
            del self.entries[self.limit :]


def render_summary(console: Console, summary: Summary, source: str, judge_note: str, failures: FailureLog) -> None:
    """Print the summary of an evaluation."""
    verdict = Text()
    verdict.append(f"{printable(source)}: ", style="bold")
    verdict.append(f"{summary.passed}/{summary.total} passed ({summary.pass_rate:.1%})", style="bold")
    verdict.append(f", {summary.failed} failed", style="red" if summary.failed else "")
    verdict.append(f", {summary.errors} error(s)", style="yellow" if summary.errors else "")
    parts: list[object] = [verdict, Text(f"judge: {summary.judge}" + (f" ({judge_note})" if judge_note else ""))]
    if summary.escalated or summary.llm_calls_saved:
        parts.append(
            Text(
                f"{summary.escalated} uncertain question(s) went to the LLM judge; "
                f"{summary.llm_calls_saved} confident offline verdict(s) saved as many LLM calls"
            )
        )
    if summary.low_confidence:
        parts.append(
            Text(f"{summary.low_confidence} verdict(s) of low confidence: review them (low_confidence in the results)")
        )
    sections: Sequence[tuple[str, dict[str, RateStat], bool]] = (
        ("Assertions", summary.by_assertion, False),
        ("Matchers", summary.by_matcher, False),
        ("Checks", summary.by_check, False),
        ("Metrics", summary.by_metric, True),
        ("Categories", summary.by_category, False),
    )
    for title, rows, with_mean in sections:
        if rows:
            parts.append(Text())
            parts.append(_slice_table(title, rows, with_mean=with_mean))
    if failures.entries:
        parts.append(Text())
        parts.append(Text(f"First {len(failures.entries)} example(s) not passing:", style="bold"))
        for line, status, reason in failures.entries:
            style = "yellow" if status == "error" else "red"
            parts.append(Text.assemble((f"  line {line} ", "bold"), (status, style), f": {printable(reason)}"))
    console.print(Group(*parts))  # type: ignore[arg-type]

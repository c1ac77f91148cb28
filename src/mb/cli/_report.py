"""Rich rendering of an evaluation summary: overall verdict, slices, the first failures to look at, and reliability
over repeated trials with token use and cost."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from ..metrics import METRICS
from ..results import RateStat, Summary
from ..stats import percent_bounds, rate_interval
from ._console import printable

__all__ = ["FailureLog", "render_reliability", "render_summary"]


def _counts_table(
    title: str, rows: Sequence[tuple[str, RateStat]], headers: Sequence[str], *, rate: bool, **style: Any
) -> Table:
    """Passed, failed and error counts per row (undecided too when any row has some); with ``rate``, the pass rate
    and its 95% interval from passed to passed + undecided (Wilson)."""
    table = Table(title=title, title_justify="left", show_edge=False, pad_edge=False, **style)
    table.add_column(headers[0], style="bold", no_wrap=True)
    for header, colour in zip(headers[1:], ("green", "red", "yellow"), strict=True):
        table.add_column(header, justify="right", style=colour)
    undecided = any(stat.undecided for _, stat in rows)
    if undecided:
        table.add_column("undecided", justify="right", style="magenta")
    if rate:
        table.add_column("rate (95% CI)", justify="right", no_wrap=True)
    for name, stat in rows:
        cells: list[Text | str] = [Text(printable(name)), str(stat.passed), str(stat.failed), str(stat.errors)]
        if undecided:
            cells.append(str(stat.undecided))
        if rate:
            low, high = percent_bounds(*rate_interval(stat.passed, stat.undecided, stat.total), 0)
            cells.append(f"{stat.rate:.1%} ({low}-{high})" if stat.total else "-")
        table.add_row(*cells)
    return table


class FailureLog:
    """Keeps the first failing and erroring examples (by line) with their first reason, for the report."""

    def __init__(self, limit: int = 10) -> None:
        self.limit = limit
        self.entries: list[tuple[int, str, str]] = []

    def extend(self, entries: list[tuple[int, str, str]]) -> None:
        """Add ``(line, status, reason)`` entries gathered elsewhere (results of other lines)."""
        if entries:
            self.entries.extend(entries)
            self.entries.sort()
            del self.entries[self.limit :]


def _metrics_table(title: str, rows: dict[str, RateStat]) -> Table:
    """Metrics with their mean, what the mean measures and how many examples met the metric's mark."""
    table = Table(title=title, title_justify="left", show_edge=False, pad_edge=False)
    table.add_column("metric", style="bold", no_wrap=True)
    table.add_column("mean", justify="right", no_wrap=True)
    table.add_column("measures")
    table.add_column("met its mark", justify="right", no_wrap=True)
    for name, stat in rows.items():
        mean = "-" if stat.mean is None else f"{stat.mean:.3g}"
        met = f"{stat.passed} of {stat.total}" + (f", {stat.errors} error(s)" if stat.errors else "")
        met += f", {stat.undecided} undecided" if stat.undecided else ""
        table.add_row(Text(printable(name)), mean, _units(name), met)
    return table


def _units(name: str) -> str:
    """What a metric's mean measures, spelled out."""
    metric = METRICS.get(name)
    return metric.unit if metric is not None else ""


_DECIDING = "What decides the pass rate (each assertion, matcher and check counted, not examples)"
"""The title of the compact table: its counts are of items, the headline's of examples."""


def _headline(summary: Summary, source: str) -> Text:
    verdict = Text()
    verdict.append(f"{printable(source)}: ", style="bold")
    verdict.append(f"{summary.passed}/{summary.total} passed ({summary.pass_rate:.1%}", style="bold")
    if summary.undecided:  # the pass rate is known within bounds only: each undecided example may pass or not
        upper = (summary.passed + summary.undecided) / summary.total
        verdict.append(f" up to {upper:.1%}", style="bold")
    if summary.pass_rate_interval is not None:
        low, high = percent_bounds(*summary.pass_rate_interval)
        verdict.append(f", 95% CI {low} to {high}", style="bold")
    verdict.append(")", style="bold")
    verdict.append(f", {summary.failed} failed", style="red" if summary.failed else "")
    verdict.append(f", {summary.errors} error(s)", style="yellow" if summary.errors else "")
    if summary.undecided:
        verdict.append(f", {summary.undecided} undecided", style="magenta")
    return verdict


def render_summary(
    console: Console,
    summary: Summary,
    source: str,
    judge_note: str,
    failures: FailureLog,
    *,
    detail: str = "normal",
    gating: Sequence[str] = (),
) -> None:
    """Print the summary of an evaluation.

    ``detail``: ``quiet`` prints the headline only; ``normal`` adds the judge, the first failures, one compact table
    of what decides the pass rate and one line of the metrics reported beside it; ``verbose`` adds every slice table.
    ``gating`` names the metrics the user required (they decide the pass rate too).
    """
    required = frozenset(gating)
    parts: list[object] = [_headline(summary, source)]
    if detail == "quiet":
        console.print(Group(*parts))  # type: ignore[arg-type]
        return
    parts.append(Text(f"judge: {summary.judge}" + (f" ({judge_note})" if judge_note else "")))
    notes = (
        (
            summary.escalated or summary.llm_calls_saved,
            f"{summary.escalated} undecided question(s) went to the LLM judge; "
            f"{summary.llm_calls_saved} decided offline verdict(s) saved as many LLM calls",
        ),
        (
            summary.checked_nothing,
            f"{summary.checked_nothing} example(s) undecided as they check nothing beyond inputs.tools: no "
            "assertion, expected response or other expectation (see the reason of each)",
        ),
        (
            summary.undecided > summary.checked_nothing,
            f"{summary.undecided - summary.checked_nothing} example(s) undecided: a judge could not tell with "
            "confidence, never counted as passed (configure an LLM judge to decide them: see docs/judges.md)",
        ),
    )
    parts += [Text(text) for shown, text in notes if shown]
    if failures.entries:
        parts += [Text(), Text(f"First {len(failures.entries)} example(s) not passing:", style="bold")]
        for line, status, reason in failures.entries:
            style = "yellow" if status == "error" else "magenta" if status == "undecided" else "red"
            parts.append(Text.assemble((f"  line {line} ", "bold"), (status, style), f": {printable(reason)}"))
    if detail == "verbose":
        sections: Sequence[tuple[str, dict[str, RateStat], bool]] = (
            ("Assertions (decide the pass rate)", summary.by_assertion, False),
            ("Matchers (decide the pass rate)", summary.by_matcher, False),
            ("Checks (decide the pass rate)", summary.by_check, False),
            (
                "Required metrics (decide the pass rate)",
                {name: stat for name, stat in summary.by_metric.items() if name in required},
                True,
            ),
            (
                "Metrics reported beside the verdict (not in the pass rate; --require NAME makes one decide)",
                {name: stat for name, stat in summary.by_metric.items() if name not in required},
                True,
            ),
            ("Categories (examples)", summary.by_category, False),
        )
        for title, rows, is_metric in sections:
            if rows:
                parts.append(Text())
                if is_metric:
                    parts.append(_metrics_table(title, rows))
                else:
                    parts.append(_counts_table(title, list(rows.items()), ("name", "pass", "fail", "error"), rate=True))
    else:
        if summary.by_assertion or summary.by_check or any(name in required for name in summary.by_metric):
            # one compact table of what decides the pass rate: assertion kinds, matchers, checks, required metrics
            deciding = [(f"assertion {name}", stat) for name, stat in summary.by_assertion.items()]
            deciding += [(f"matcher {name}", stat) for name, stat in summary.by_matcher.items()]
            deciding += [(f"check {name}", stat) for name, stat in summary.by_check.items()]
            deciding += [(f"required metric {n}", stat) for n, stat in summary.by_metric.items() if n in required]
            headers = ("checked", "passed", "failed", "errors")
            parts += [Text(), _counts_table(_DECIDING, deciding, headers, rate=False, box=None)]
        reported = [  # the metrics reported beside the verdict, one line each with what the mean measures
            Text(f"  {printable(name)} {stat.mean:.3g}" + (f": {_units(name)}" if _units(name) else ""))
            for name, stat in summary.by_metric.items()
            if name not in required and stat.mean is not None
        ]
        if reported:
            note = "Reported beside the verdict (means; not in the pass rate, --require NAME makes one count):"
            parts += [Text(), Text(note), *reported]
        if summary.by_category or summary.by_metric:
            parts.append(Text("--verbose shows every slice (metrics, categories) with its 95% interval", style="dim"))
    console.print(Group(*parts))  # type: ignore[arg-type]


def render_reliability(console: Console, summary: Summary) -> None:
    """Print the pass rate's interval, reliability over repeated trials, and token use with cost."""
    parts: list[object] = []
    repeats = summary.repeats
    if repeats is not None:
        title = f"Reliability over {repeats.max_trials} trial(s) of {len(repeats.examples)} example(s)"
        table = Table(title=title, title_justify="left", show_edge=False, pad_edge=False)
        for header in ("k", "pass@k", "pass^k"):
            table.add_column(header, justify="right")
        for k in repeats.pass_at_k:
            table.add_row(str(k), f"{repeats.pass_at_k[k]:.1%}", f"{repeats.pass_hat_k[k]:.1%}")
        parts += [Text(), table]
        if repeats.flaky:
            parts.append(Text(f"{len(repeats.flaky)} flaky example(s) (passed some trials, not all):", style="bold"))
            parts += [Text(f"  line {e.line}: {e.passed}/{e.trials} trials passed") for e in repeats.flaky[:20]]
    for who, usage, unit in (("agent", summary.agent_usage, "example"), ("judge", summary.judge_usage, "call")):
        if usage is None:
            continue
        cost = usage.cost_text(unit) or ", cost unknown (no --prices for its model)"
        counts = f"{usage.input_tokens} in, {usage.output_tokens} out over {usage.calls} {unit}(s)"
        parts.append(Text(f"{who} tokens: {counts}{cost}"))
    if summary.cost is not None:
        parts.append(Text(f"total cost: {summary.cost:.4f}"))
    if parts:
        console.print(Group(*parts))  # type: ignore[arg-type]

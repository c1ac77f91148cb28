"""A markdown summary of an evaluation for CI job pages (GitHub step summaries, GitLab and Jenkins pages)."""

from __future__ import annotations

from collections.abc import Sequence

from ..io import printable
from ..results import RateStat, Summary
from ..stats import percent_bounds, rate_interval

__all__ = ["summary_markdown"]


def _cell(text: str) -> str:
    """Text safe inside a table cell: pipes escaped, line breaks and markup characters neutralised, other control
    characters written as escapes (``\\x1b``)."""
    cleaned = printable(" ".join(text.split()))
    for character in "\\`*_[]<>|":
        cleaned = cleaned.replace(character, "\\" + character)
    return cleaned


def _interval(stat: RateStat | Summary) -> str:
    low, high = percent_bounds(*rate_interval(stat.passed, stat.undecided, stat.total))
    return f"{low} - {high}"


def _slice(title: str, rows: dict[str, RateStat]) -> list[str]:
    lines = [
        f"### {title}",
        "",
        "| name | total | passed | failed | errors | undecided | pass rate | 95% CI |",
        "|---|--:|--:|--:|--:|--:|--:|--:|",
    ]
    for name, stat in rows.items():
        lines.append(
            f"| {_cell(name)} | {stat.total} | {stat.passed} | {stat.failed} | {stat.errors} | {stat.undecided} | "
            f"{stat.rate:.1%} | {_interval(stat) if stat.total else '-'} |"
        )
    return [*lines, ""]


def summary_markdown(summary: Summary, source: str, failures: Sequence[tuple[int, str, str]] = ()) -> str:
    """The summary as markdown: verdict with its interval, slices, reliability over repeats, token use and the
    first examples not passing (``(line, status, reason)``)."""
    lines = [f"## MorganaBench: {_cell(source)}", ""]
    if summary.total:
        # each undecided example may pass or not: the pass rate is known within bounds
        upper = f" up to {(summary.passed + summary.undecided) / summary.total:.1%}" if summary.undecided else ""
        lines.append(
            f"**{summary.passed}/{summary.total} passed ({summary.pass_rate:.1%}{upper}, 95% CI "
            f"{_interval(summary)})**, {summary.failed} failed, {summary.errors} error(s)"
            + (f", {summary.undecided} undecided" if summary.undecided else "")
        )
    else:
        lines.append("**nothing evaluated**")
    lines += ["", f"Judge: `{_cell(summary.judge) or '-'}`", ""]
    for title, rows in (
        ("Assertions", summary.by_assertion),
        ("Matchers", summary.by_matcher),
        ("Checks", summary.by_check),
        ("Metrics", summary.by_metric),
        ("Categories", summary.by_category),
    ):
        if rows:
            lines += _slice(title, rows)
    repeats = summary.repeats
    if repeats is not None:
        lines += ["### Reliability over repeated trials", "", "| k | pass@k | pass^k |", "|--:|--:|--:|"]
        lines += [f"| {k} | {repeats.pass_at_k[k]:.1%} | {repeats.pass_hat_k[k]:.1%} |" for k in repeats.pass_at_k]
        lines.append("")
        if repeats.flaky:
            lines.append(
                f"{len(repeats.flaky)} flaky example(s): "
                + ", ".join(f"line {e.line} ({e.passed}/{e.trials})" for e in repeats.flaky[:20])
            )
            lines.append("")
    for who, usage in (("Agent", summary.agent_usage), ("Judge", summary.judge_usage)):
        if usage is not None:
            cost = usage.cost_text("call")
            lines += [f"{who} tokens: {usage.input_tokens} in, {usage.output_tokens} out ({usage.calls} call(s)){cost}"]
            lines.append("")
    if summary.cost is not None:
        lines += [f"Total cost: {summary.cost:.4f}", ""]
    if failures:
        lines += ["### First examples not passing", ""]
        lines += [f"- line {line} **{status}**: {_cell(reason)}" for line, status, reason in failures]
        lines.append("")
    return "\n".join(lines)

"""A comparison as a terminal report (rich): verdict line, slice table, flipped examples."""

from __future__ import annotations

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from ..stats import percent_bounds
from ._model import Comparison, Flip, SliceDelta

__all__ = ["render_comparison"]


def _rate(passed: int, total: int, interval: tuple[float, float], undecided: int = 0) -> str:
    if not total:
        return "-"
    low, high = percent_bounds(*interval, 0)
    rate = f"{passed}/{total} {passed / total:.1%}\n[{low}-{high}]"
    return rate + (f"\n+{undecided} undecided" if undecided else "")


def _delta(item: SliceDelta) -> Text:
    if item.delta is None or item.delta_interval is None:
        return Text("-")
    low, high = item.delta_interval
    style = "red" if high < 0 else "green" if low > 0 else ""
    shown = percent_bounds(low, high, 0, signed=True)
    return Text(f"{item.delta:+.1%}\n[{shown[0]}, {shown[1]}]", style=style)


def _table(comparison: Comparison) -> Table:
    overall, paired = comparison.slices[0], comparison.paired
    over = f"the {paired} example(s) both runs have"
    intervals = "95% intervals from passed to passed + undecided (Wilson)"
    if (overall.base_total, overall.new_total) != (paired, paired):  # repeated trials: a rate counts each
        over = f"the trials of {over} ({overall.base_total} in base, {overall.new_total} in new)"
        intervals += " (overall: over examples, each passing the share of its trials that passed, as in mb eval)"
    table = Table(
        show_edge=False,
        pad_edge=False,
        caption=f"rates over {over}, with {intervals}; delta with Newcombe's interval; p: exact McNemar on flips",
        caption_justify="left",
    )
    table.add_column("slice", style="bold", overflow="fold", min_width=16)
    for column in ("base", "new", "delta", "p"):
        table.add_column(column, justify="right", no_wrap=True)
    for item in comparison.slices:
        name = "overall" if item.kind == "overall" else f"{item.kind}: {item.name}"
        table.add_row(
            Text(name),
            _rate(item.base_passed, item.base_total, item.base_interval, item.base_undecided),
            _rate(item.new_passed, item.new_total, item.new_interval, item.new_undecided),
            _delta(item),
            "-" if item.p_value is None else f"{item.p_value:.3g}",
        )
    return table


def _flips(title: str, flips: list[Flip], limit: int, style: str) -> list[Text]:
    if not flips:
        return []
    lines = [Text(), Text(f"{title} ({len(flips)}):", style=f"bold {style}")]
    for flip in flips[:limit]:
        lines.append(
            Text.assemble(
                (f"  line {flip.new_line}", "bold"),
                f" (base line {flip.base_line}) {flip.base_status} -> ",
                (flip.new_status, style),
                f": {flip.reason}",
            )
        )
    if len(flips) > limit:
        lines.append(Text(f"  ... and {len(flips) - limit} more (--format json lists them all)"))
    return lines


def _lines(lines: list[int], limit: int = 10) -> str:
    shown = ", ".join(map(str, lines[:limit]))
    return shown + (f", ... ({len(lines)} in all)" if len(lines) > limit else "")


def render_comparison(console: Console, comparison: Comparison, limit: int = 20) -> None:
    """Print one comparison."""
    head = Text()
    head.append(f"{comparison.base} -> {comparison.new}: ", style="bold")
    head.append(f"{comparison.paired} example(s) in both; ")
    head.append(f"{len(comparison.regressions)} regression(s)", style="red" if comparison.regressions else "")
    head.append(", ")
    head.append(f"{len(comparison.fixes)} fix(es)", style="green" if comparison.fixes else "")
    if comparison.undecided:
        head.append(f", {len(comparison.undecided)} undecided change(s)", style="magenta")
    head.append(f" (exact McNemar p = {comparison.p_value:.3g})")
    parts: list[object] = [head]
    if comparison.judge_warning:
        parts.append(Text(f"warning: {comparison.judge_warning}", style="bold yellow"))
    if comparison.only_in_base or comparison.only_in_new:
        parts.append(
            Text(
                f"only in base: {len(comparison.only_in_base)} example(s)"
                + (f" (lines {_lines(comparison.only_in_base)})" if comparison.only_in_base else "")
                + f"; only in new: {len(comparison.only_in_new)}"
                + (f" (lines {_lines(comparison.only_in_new)})" if comparison.only_in_new else ""),
                style="yellow",
            )
        )
    if comparison.unhashed:
        parts.append(Text(f"{comparison.unhashed} result line(s) without an example (invalid lines) left out"))
    if comparison.missing_passed:
        parts.append(
            Text(
                f"{len(comparison.missing_passed)} example(s) passed in base and are missing from new (base lines "
                f"{_lines(comparison.missing_passed)}): possible regressions (--fail-on-regression counts them)",
                style="red",
            )
        )
    parts += [Text(), _table(comparison)]
    parts += _flips("Regressions", comparison.regressions, limit, "red")
    parts += _flips("Fixes", comparison.fixes, limit, "green")
    parts += _flips("Undecided in one run (neither regression nor fix)", comparison.undecided, limit, "magenta")
    console.print(Group(*parts))  # type: ignore[arg-type]

"""What ``mb eval`` writes and prints besides the results file: whole files, the reliability figures."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from rich.console import Console, Group
from rich.text import Text

from ..io import replace_file
from ..results import Summary

__all__ = ["input_digest", "render_reliability", "write_whole"]


def write_whole(target: Path, chunks: Iterable[bytes], *, compress: bool = False) -> None:
    """Replace a regular file (or create one) atomically; write into anything else (a device, a pipe) directly,
    never replacing it."""
    if target.exists() and not target.is_file():
        with target.open("wb") as stream:
            for chunk in chunks:
                stream.write(chunk)
        return
    replace_file(target, chunks, compress=compress)


def render_reliability(console: Console, summary: Summary) -> None:
    """Print the pass rate's interval, reliability over repeated trials, and token use with cost."""
    parts: list[object] = []
    repeats = summary.repeats
    if repeats is not None:
        from rich.table import Table  # only for repeated trials

        table = Table(
            title=f"Reliability over {repeats.max_trials} trial(s) of {len(repeats.examples)} example(s)",
            title_justify="left",
            show_edge=False,
            pad_edge=False,
        )
        table.add_column("k", justify="right")
        table.add_column("pass@k", justify="right")
        table.add_column("pass^k", justify="right")
        for k in repeats.pass_at_k:
            table.add_row(str(k), f"{repeats.pass_at_k[k]:.1%}", f"{repeats.pass_hat_k[k]:.1%}")
        parts += [Text(), table]
        if repeats.flaky:
            parts.append(Text(f"{len(repeats.flaky)} flaky example(s) (passed some trials, not all):", style="bold"))
            for example in repeats.flaky[:20]:
                parts.append(Text(f"  line {example.line}: {example.passed}/{example.trials} trials passed"))
    for who, usage, unit in (("agent", summary.agent_usage, "example"), ("judge", summary.judge_usage, "call")):
        if usage is None:
            continue
        cost = f", cost {usage.cost:.4f}" if usage.cost is not None else ", cost unknown (no --prices for its model)"
        counts = f"{usage.input_tokens} in, {usage.output_tokens} out over {usage.calls} {unit}(s)"
        parts.append(Text(f"{who} tokens: {counts}{cost}"))
    if summary.cost is not None:
        parts.append(Text(f"total cost: {summary.cost:.4f}"))
    if parts:
        console.print(Group(*parts))  # type: ignore[arg-type]


def input_digest(path: Path) -> str | None:
    """The sha256 of the evaluated file, or None for standard input or a file that cannot be read."""
    if str(path) == "-":
        return None
    from ..results_format import file_digest

    try:
        return file_digest(path)
    except OSError:
        return None

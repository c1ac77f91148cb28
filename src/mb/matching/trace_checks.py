"""Checks of the trace itself: the ``inputs.tools`` restriction and ``tool_result`` events without their call.

Like the assertions, the rules run on plain data and give :class:`CheckResult` objects as JSON; the model API
wraps them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..entities import Outputs, ToolCall, ToolResult
from ..results import CheckResult
from ._names import shown_name
from .assertions import CallSpec, call_spec

__all__ = [
    "check_orphan_results",
    "check_row",
    "check_tool_restriction",
    "orphan_results_row",
    "tool_restriction_row",
]


def check_row(
    name: str,
    passed: bool,
    reason: str,
    score: float | None,
    error: str | None = None,
    undecided: bool = False,
) -> dict[str, Any]:
    """A gating :class:`CheckResult` as JSON."""
    return {
        "name": name,
        "passed": passed,
        "reason": reason,
        "gating": True,
        "score": score,
        "error": error,
        "undecided": undecided,
    }


def tool_restriction_row(allowed: Sequence[str], calls: Sequence[CallSpec]) -> dict[str, Any]:
    """``inputs.tools`` restricts the tools: a call to any other tool fails the example."""
    permitted = set(allowed)
    listed = ", ".join(sorted(permitted))
    outside = [(call_id, tool) for call_id, tool, _ in calls if tool not in permitted]
    if not outside:
        return check_row(
            "tools_restriction", True, f"every call uses an allowed tool ({listed or 'none allowed'})", 1.0
        )
    shown = ", ".join(f"{shown_name(tool)} ({call_id})" for call_id, tool in outside)
    return check_row("tools_restriction", False, f"called tools outside inputs.tools [{listed}]: {shown}", 0.0)


def orphan_results_row(outputs: Outputs) -> dict[str, Any] | None:
    """A ``tool_result`` whose ``id`` matches no earlier ``tool_call`` is reported; None when there is no result."""
    seen: set[str] = set()
    orphans: list[str] = []
    results = 0
    for event in outputs.trace:
        if isinstance(event, ToolCall):
            seen.add(event.id)
        elif isinstance(event, ToolResult):
            results += 1
            if event.id not in seen:
                orphans.append(event.id)
    if results == 0:
        return None
    if not orphans:
        return check_row(
            "orphan_tool_results", True, f"each of the {results} tool result(s) follows its tool call", 1.0
        )
    shown = ", ".join(repr(o) for o in orphans)
    return check_row("orphan_tool_results", False, f"tool_result id(s) with no earlier tool_call: {shown}", 0.0)


def check_tool_restriction(allowed: Sequence[str], calls: Sequence[ToolCall]) -> CheckResult:
    """``inputs.tools`` restricts the tools: a call to any other tool fails the example."""
    return CheckResult.model_validate(tool_restriction_row(allowed, [call_spec(c) for c in calls]))


def check_orphan_results(outputs: Outputs) -> CheckResult | None:
    """A ``tool_result`` whose ``id`` matches no earlier ``tool_call`` is reported; None when there is no result."""
    row = orphan_results_row(outputs)
    return None if row is None else CheckResult.model_validate(row)

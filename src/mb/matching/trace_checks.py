"""Checks of the trace itself: the ``inputs.tools`` restriction and ``tool_result`` events without their call."""

from __future__ import annotations

from collections.abc import Sequence

from ..entities import Outputs, ToolCall, ToolResult
from ..results import CheckResult

__all__ = ["check_orphan_results", "check_tool_restriction"]


def check_tool_restriction(allowed: Sequence[str], calls: Sequence[ToolCall]) -> CheckResult:
    """``inputs.tools`` restricts the tools: a call to any other tool fails the example."""
    permitted = set(allowed)
    outside = [call for call in calls if call.tool not in permitted]
    if not outside:
        return CheckResult(
            name="tools_restriction",
            passed=True,
            reason=f"every call uses an allowed tool ({', '.join(sorted(permitted)) or 'none allowed'})",
            gating=True,
            score=1.0,
            error=None,
        )
    shown = ", ".join(f"{call.tool!r} ({call.id})" for call in outside)
    return CheckResult(
        name="tools_restriction",
        passed=False,
        reason=f"called tools outside inputs.tools [{', '.join(sorted(permitted))}]: {shown}",
        gating=True,
        score=0.0,
        error=None,
    )


def check_orphan_results(outputs: Outputs) -> CheckResult | None:
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
        return CheckResult(
            name="orphan_tool_results",
            passed=True,
            reason=f"each of the {results} tool result(s) follows its tool call",
            gating=True,
            score=1.0,
            error=None,
        )
    return CheckResult(
        name="orphan_tool_results",
        passed=False,
        reason=f"tool_result id(s) with no earlier tool_call: {', '.join(repr(o) for o in orphans)}",
        gating=True,
        score=0.0,
        error=None,
    )

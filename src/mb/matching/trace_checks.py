"""Checks of the trace itself: the ``inputs.tools`` restriction and ``tool_result`` events without their call.

Like the assertions, the rules run on plain data and give :class:`CheckResult` objects as JSON; the model API
wraps them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..entities import Outputs, ToolCall
from ..results import CheckResult
from .assertions import CallSpec, call_spec

__all__ = [
    "check_orphan_results",
    "check_tool_restriction",
    "orphan_results_row",
    "orphans_row",
    "tool_restriction_row",
]


def _check(name: str, passed: bool, reason: str) -> dict[str, Any]:
    score = 1.0 if passed else 0.0
    return {
        "name": name,
        "passed": passed,
        "reason": reason,
        "gating": True,
        "score": score,
        "error": None,
        "undecided": False,
    }


_PERMITTED: dict[tuple[str, ...], tuple[frozenset[str], str, dict[str, Any]]] = {}
_PERMITTED_SIZE = 1024  # emptied when full


def _permitted(allowed: tuple[str, ...]) -> tuple[frozenset[str], str, dict[str, Any]]:
    """The allowed tools as a set, as listed in reasons, and the check when every call uses one of them (copied
    for each result); memoized in :data:`_PERMITTED`."""
    listed = ", ".join(sorted(set(allowed)))
    permitted = (
        frozenset(allowed),
        listed,
        _check("tools_restriction", True, f"every call uses an allowed tool ({listed or 'none allowed'})"),
    )
    if len(_PERMITTED) >= _PERMITTED_SIZE:
        _PERMITTED.clear()
    _PERMITTED[allowed] = permitted
    return permitted


def tool_restriction_row(allowed: Sequence[str], calls: Sequence[CallSpec]) -> dict[str, Any]:
    """``inputs.tools`` restricts the tools: a call to any other tool fails the example."""
    key = tuple(allowed)
    known = _PERMITTED.get(key)
    permitted, listed, passed = _permitted(key) if known is None else known
    for call in calls:
        if call[1] not in permitted:
            break
    else:
        return passed.copy()
    shown = ", ".join(f"{tool!r} ({call_id})" for call_id, tool, _ in calls if tool not in permitted)
    return _check("tools_restriction", False, f"called tools outside inputs.tools [{listed}]: {shown}")


def orphan_results_row(events: Iterable[tuple[str, Any]]) -> dict[str, Any] | None:
    """A ``tool_result`` whose ``id`` matches no earlier ``tool_call`` is reported; None when there is no result.

    ``events`` are the trace's ``(event, id)`` pairs, in order.
    """
    seen: set[str] = set()
    orphans: list[str] = []
    results = 0
    for kind, event_id in events:
        if kind == "tool_call":
            seen.add(event_id)
        elif kind == "tool_result":
            results += 1
            if event_id not in seen:
                orphans.append(event_id)
    return orphans_row(results, orphans)


_FOLLOWED: dict[int, dict[str, Any]] = {}
"""The passed ``orphan_tool_results`` check by number of tool results (copied for each result)."""


def orphans_row(results: int, orphans: Sequence[Any]) -> dict[str, Any] | None:
    """The ``orphan_tool_results`` check of a trace with ``results`` tool results, of which ``orphans`` (their ids,
    in order) follow no tool call with their id; None when there is no result."""
    if results == 0:
        return None
    if not orphans:
        passed = _FOLLOWED.get(results)
        if passed is None:
            passed = _check("orphan_tool_results", True, f"each of the {results} tool result(s) follows its tool call")
            if len(_FOLLOWED) < 64:
                _FOLLOWED[results] = passed
        return passed.copy()
    shown = ", ".join(repr(o) for o in orphans)
    return _check("orphan_tool_results", False, f"tool_result id(s) with no earlier tool_call: {shown}")


def check_tool_restriction(allowed: Sequence[str], calls: Sequence[ToolCall]) -> CheckResult:
    """``inputs.tools`` restricts the tools: a call to any other tool fails the example."""
    return CheckResult.model_validate(tool_restriction_row(allowed, [call_spec(c) for c in calls]))


def check_orphan_results(outputs: Outputs) -> CheckResult | None:
    """A ``tool_result`` whose ``id`` matches no earlier ``tool_call`` is reported; None when there is no result."""
    row = orphan_results_row((event.event, getattr(event, "id", None)) for event in outputs.trace)
    return None if row is None else CheckResult.model_validate(row)

"""``tool_called`` and ``no_tool_called`` over a trace: each assertion is satisfied by a distinct call."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..entities import NoToolCallAssertion, ToolCall, ToolCallAssertion
from ..results import AssertionResult, ParameterResult
from ._assignment import max_matching
from ._context import MatchContext
from .parameters import match_parameter

__all__ = ["check_assertions"]


@dataclass(frozen=True, slots=True)
class _Candidate:
    """One call checked against one assertion."""

    call: int
    """Index of the call among the trace's tool calls."""

    parameters: list[ParameterResult]
    """The verdict on every parameter assertion, in order."""

    @property
    def satisfied(self) -> bool:
        return all(p.passed for p in self.parameters)

    @property
    def undecided(self) -> bool:
        """No parameter failed, but a judge failure left some without a verdict."""
        return not self.satisfied and all(p.passed or p.error is not None for p in self.parameters)

    @property
    def score(self) -> float:
        if not self.parameters:
            return 1.0
        return sum(p.score or 0.0 for p in self.parameters) / len(self.parameters)


def _called_tools(calls: Sequence[ToolCall]) -> str:
    if not calls:
        return "the trace has no tool call"
    names = sorted({call.tool for call in calls})
    return "calls made: " + ", ".join(f"{name!r}" for name in names)


def _not_checked(assertion: ToolCallAssertion, why: str) -> list[ParameterResult]:
    return [
        ParameterResult(
            params=[p.param] if hasattr(p, "param") else list(getattr(p, "params", [])),
            match_as=str(getattr(p.matcher, "match_as", "unknown")),
            passed=False,
            score=None,
            reason=f"not checked: {why}",
            error=None,
        )
        for p in assertion.parameters
    ]


def _no_tool_called(calls: Sequence[ToolCall]) -> AssertionResult:
    if not calls:
        return AssertionResult(
            assert_that="no_tool_called",
            tool=None,
            passed=True,
            call_id=None,
            reason="no tool was called",
            parameters=[],
            error=None,
        )
    shown = ", ".join(f"{call.tool}({call.id})" for call in calls[:5]) + (", ..." if len(calls) > 5 else "")
    return AssertionResult(
        assert_that="no_tool_called",
        tool=None,
        passed=False,
        call_id=calls[0].id,
        reason=f"expected no tool call, got {len(calls)}: {shown}",
        parameters=[],
        error=None,
    )


def _unsatisfied(
    assertion: ToolCallAssertion,
    candidates: list[_Candidate],
    assigned_calls: set[int],
    calls: Sequence[ToolCall],
) -> AssertionResult:
    tool = assertion.tool
    if not candidates:
        why = f"no call to tool {tool!r} ({_called_tools(calls)})"
        return AssertionResult(
            assert_that="tool_called",
            tool=tool,
            passed=False,
            call_id=None,
            reason=why,
            parameters=_not_checked(assertion, f"no call to tool {tool!r}"),
            error=None,
        )
    # The closest call: highest score, preferring calls no other assertion took, then trace order.
    closest = max(candidates, key=lambda c: (c.score, c.call not in assigned_calls, -c.call))
    call = calls[closest.call]
    if closest.satisfied:
        reason = (
            f"call {call.id} to {tool!r} matches, but every matching call is already used by another assertion "
            f"({len(candidates)} call(s) to {tool!r}; each assertion needs its own call)"
        )
        return AssertionResult(
            assert_that="tool_called",
            tool=tool,
            passed=False,
            call_id=call.id,
            reason=reason,
            parameters=closest.parameters,
            error=None,
        )
    undecided = next((c for c in candidates if c.undecided), None)
    if undecided is not None:
        errors = "; ".join(f"{', '.join(p.params)}: {p.error}" for p in undecided.parameters if p.error)
        return AssertionResult(
            assert_that="tool_called",
            tool=tool,
            passed=False,
            call_id=calls[undecided.call].id,
            reason=f"undecided: call {calls[undecided.call].id} could match but a judge failed ({errors})",
            parameters=undecided.parameters,
            error=errors,
        )
    failures = "; ".join(f"{', '.join(p.params)}: {p.reason}" for p in closest.parameters if not p.passed)
    others = f" (closest of {len(candidates)} calls to {tool!r})" if len(candidates) > 1 else ""
    return AssertionResult(
        assert_that="tool_called",
        tool=tool,
        passed=False,
        call_id=call.id,
        reason=f"call {call.id}{others} does not match: {failures}",
        parameters=closest.parameters,
        error=None,
    )


def check_assertions(
    assertions: Sequence[ToolCallAssertion | NoToolCallAssertion], calls: Sequence[ToolCall], ctx: MatchContext
) -> list[AssertionResult]:
    """Check every assertion against the trace's tool calls; results are aligned with ``assertions``.

    Each ``tool_called`` assertion must be satisfied by its own call: the assignment maximizes the number of
    satisfied assertions (order does not matter). A failing assertion reports its closest call and why each of
    its parameters failed there.
    """
    candidates: list[list[_Candidate]] = []
    for assertion in assertions:
        if isinstance(assertion, ToolCallAssertion):
            candidates.append(
                [
                    _Candidate(index, [match_parameter(p, call.params, ctx) for p in assertion.parameters])
                    for index, call in enumerate(calls)
                    if call.tool == assertion.tool
                ]
            )
        else:
            candidates.append([])
    edges = [[c.call for c in options if c.satisfied] for options in candidates]
    assignment = max_matching(edges, len(calls))
    assigned_calls = {index for index in assignment if index is not None}

    results: list[AssertionResult] = []
    for assertion, options, assigned in zip(assertions, candidates, assignment, strict=True):
        if isinstance(assertion, NoToolCallAssertion):
            results.append(_no_tool_called(calls))
        elif assigned is not None:
            chosen = next(c for c in options if c.call == assigned)
            call = calls[assigned]
            results.append(
                AssertionResult(
                    assert_that="tool_called",
                    tool=assertion.tool,
                    passed=True,
                    call_id=call.id,
                    reason=f"call {call.id} to {assertion.tool!r} satisfies every parameter assertion",
                    parameters=chosen.parameters,
                    error=None,
                )
            )
        else:
            results.append(_unsatisfied(assertion, options, assigned_calls, calls))
    return results

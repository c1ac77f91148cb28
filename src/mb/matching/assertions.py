"""``tool_called`` and ``no_tool_called`` over a trace: each assertion is satisfied by a distinct call.

The rules run on plain data (:data:`AssertionSpec`, :data:`CallSpec`) and give results as JSON objects, so the
model API (:func:`check_assertions`) and the evaluator share them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from ..entities import NoToolCallAssertion, ToolCall, ToolCallAssertion
from ..results import AssertionResult
from ._assignment import max_matching
from ._context import MatchContext
from ._names import shown_name
from ._outcome import Outcome
from .parameters import MatcherSpec, ParameterSpec, outcome_row, parameter_row, parameter_spec, spellings

__all__ = [
    "MAX_PARAMETER_CHECKS",
    "AssertionSpec",
    "CallSpec",
    "assertion_row",
    "assertion_rows",
    "assertion_spec",
    "call_spec",
    "check_assertions",
    "parameter_checks",
]

CallSpec = tuple[str, str, Mapping[str, Any]]
"""``(id, tool, params)``: one tool call of the trace."""

AssertionSpec = tuple[str | None, list[ParameterSpec]]
"""``(tool, parameters)`` of a ``tool_called`` assertion; ``(None, [])`` is ``no_tool_called``."""

Row = dict[str, Any]

MAX_PARAMETER_CHECKS = 200_000
"""The most checks of a parameter assertion against a call one example may ask for (each ``tool_called`` assertion
is checked against every call of its tool): past it, the assertions are errors rather than minutes of work."""


MAX_JUDGED_CHECKS = 2_000
"""The most checks one example may ask a judge for (each ``free_text`` parameter assertion against every call of its
tool): a judge answers in milliseconds (the local one) or seconds (an LLM), so past it the assertions are errors
rather than minutes of judging."""


class _Candidate(NamedTuple):
    """One call checked against one assertion."""

    call: int
    """Index of the call among the trace's tool calls."""

    parameters: list[Row]
    """The verdict on every parameter assertion, in order (parameter results as JSON)."""

    satisfied: bool
    """Whether every parameter assertion holds on this call."""

    @property
    def score(self) -> float:
        if not self.parameters:
            return 1.0
        return sum(p["score"] or 0.0 for p in self.parameters) / len(self.parameters)


def _label(parameter: Row) -> str:
    """How a parameter check is named in a call's reason: its parameters (quoted when blank or with space around),
    ``params []`` when it lists none, or ``closed`` for the check of a closed assertion."""
    if parameter["match_as"] == "closed":
        return "closed"
    return (
        ", ".join(name if name and name.strip() == name else repr(name) for name in parameter["params"]) or "params []"
    )


def assertion_spec(assertion: ToolCallAssertion | NoToolCallAssertion) -> AssertionSpec:
    """The spec of an assertion model."""
    if isinstance(assertion, NoToolCallAssertion):
        return None, []
    return assertion.tool, [parameter_spec(p) for p in assertion.parameters]


def call_spec(call: ToolCall) -> CallSpec:
    """The spec of a tool call model."""
    return call.id, call.tool, call.params


def assertion_row(
    tool: str | None,
    passed: bool,
    call_id: str | None,
    reason: str,
    parameters: list[Row],
    error: str | None = None,
    undecided: bool = False,
) -> Row:
    """An :class:`AssertionResult` as JSON (``tool_called``, or ``no_tool_called`` when ``tool`` is None)."""
    return {
        "assert_that": "no_tool_called" if tool is None else "tool_called",
        "tool": tool,
        "passed": passed,
        "call_id": call_id,
        "reason": reason,
        "parameters": parameters,
        "error": error,
        "undecided": undecided,
    }


def _called_tools(calls: Sequence[CallSpec]) -> str:
    if not calls:
        return "the trace has no tool call"
    names = sorted({call[1] for call in calls})
    return "calls made: " + ", ".join(map(shown_name, names))


def _not_checked(parameters: list[ParameterSpec], why: str) -> list[Row]:
    """A row per parameter assertion left unchecked (no score: it was never checked against a call)."""
    return [
        {**outcome_row(names, matcher[0], Outcome.fail(f"not checked: {why}")), "score": None}
        for names, _, matcher in parameters
    ]


def _no_tool_called(calls: Sequence[CallSpec]) -> Row:
    if not calls:
        return assertion_row(None, True, None, "no tool was called", [])
    shown = ", ".join(f"{tool}({call_id})" for call_id, tool, _ in calls[:5]) + (", ..." if len(calls) > 5 else "")
    return assertion_row(None, False, calls[0][0], f"expected no tool call, got {len(calls)}: {shown}", [])


def _open(candidate: _Candidate) -> bool:
    """Whether an unsatisfied candidate could still match: no parameter failed, but a judge failure, or a judge that
    could not tell, left some without a verdict."""
    return not candidate.satisfied and all(
        parameter["passed"] or parameter["error"] is not None or parameter["undecided"]
        for parameter in candidate.parameters
    )


def _unsatisfied(
    assertion: AssertionSpec,
    candidates: list[_Candidate],
    assigned_calls: set[int],
    calls: Sequence[CallSpec],
    could_all: bool = False,
) -> Row:
    tool, parameters = assertion
    if not candidates:
        why = f"no call to tool {tool!r} ({_called_tools(calls)})"
        return assertion_row(tool, False, None, why, _not_checked(parameters, f"no call to tool {tool!r}"))
    # The closest call: highest score, preferring calls no other assertion took, then trace order.
    closest = max(candidates, key=lambda c: (c.score, c.call not in assigned_calls, -c.call))
    call_id = calls[closest.call][0]
    undecided = next(filter(_open, candidates), None) if could_all or not closest.satisfied else None
    if undecided is None and closest.satisfied:
        reason = (
            f"call {call_id} to {tool!r} matches, but every matching call is already used by another assertion "
            f"({len(candidates)} call(s) to {tool!r}; each assertion needs its own call)"
        )
        if could_all:  # the assertion holding it could take another call, if a check without a verdict matched
            reason = f"undecided: {reason}, and another assertion's check without a verdict could free one"
        return assertion_row(tool, False, call_id, reason, closest.parameters, undecided=could_all)
    if undecided is not None:
        errors = "; ".join(f"{_label(p)}: {p['error']}" for p in undecided.parameters if p["error"])
        undecided_id = calls[undecided.call][0]
        if errors:
            reason = f"not checked: call {undecided_id} could match but a check ended in an error ({errors})"
            return assertion_row(tool, False, undecided_id, reason, undecided.parameters, errors)
        unsure = "; ".join(f"{_label(p)}: {p['reason']}" for p in undecided.parameters if p["undecided"])
        reason = f"undecided: call {undecided_id} could match but a check could not tell ({unsure})"
        return assertion_row(tool, False, undecided_id, reason, undecided.parameters, undecided=True)
    failures = "; ".join([f"{_label(p)}: {p['reason']}" for p in closest.parameters if not p["passed"]])
    others = f" (closest of {len(candidates)} calls to {tool!r})" if len(candidates) > 1 else ""
    if closest.call in assigned_calls:  # the only call, or the closest, went to another assertion
        others += ", which satisfies another assertion,"
    return assertion_row(tool, False, call_id, f"call {call_id}{others} does not match: {failures}", closest.parameters)


def parameter_checks(assertions: Sequence[tuple[str | None, int]], calls: Sequence[CallSpec]) -> int:
    """How many parameter checks ``(tool, number of parameter assertions)`` pairs ask for against ``calls`` (an
    assertion with no parameter counts one per call); 0 with a single call (the checks are then the line's own
    parameter assertions, nothing multiplies them)."""
    if len(calls) < 2:
        return 0
    counts = Counter(call[1] for call in calls)
    return sum(counts[tool] * max(1, size) for tool, size in assertions if tool is not None)


def _judged(matcher: MatcherSpec) -> bool:
    """Whether a matcher asks a judge (``free_text``, also inside ``optional``)."""
    kind, _, inner = matcher
    return kind == "free_text" or (inner is not None and _judged(inner))


def judged_checks(assertions: Sequence[AssertionSpec], calls: Sequence[CallSpec]) -> int:
    """How many checks ``assertions`` ask a judge for against ``calls``: each judged parameter assertion against
    every call of its tool."""
    judged = [(tool, sum(_judged(matcher) for _, _, matcher in parameters)) for tool, parameters in assertions]
    if not any(count for _, count in judged):  # no judge asked: no need to count the calls
        return 0
    counts = Counter(call[1] for call in calls)
    return sum(counts[tool] * count for tool, count in judged if tool is not None)


def _over_limit(
    assertions: Sequence[AssertionSpec], calls: Sequence[CallSpec], checks: int, *, judged: bool = False
) -> list[Row]:
    """Every ``tool_called`` assertion as an error: the example asks for more checks than one line may."""
    why = (
        f"the example asks for {checks:,} checks of parameter assertions against calls (each assertion against "
        f"every call of its tool), over the limit of {MAX_PARAMETER_CHECKS:,}: split it into smaller examples"
    )
    if judged:
        why = (
            f"the example asks a judge for {checks:,} checks of free_text parameter assertions against calls (each "
            f"against every call of its tool), over the limit of {MAX_JUDGED_CHECKS:,}: split it into smaller "
            "examples"
        )
    return [
        _no_tool_called(calls)
        if tool is None
        else assertion_row(tool, False, None, f"not checked: {why}", _not_checked(parameters, why), why)
        for tool, parameters in assertions
    ]


def _could_all(
    assertions: Sequence[AssertionSpec],
    candidates: list[list[_Candidate]],
    assignment: list[int | None],
    size: int,
) -> bool:
    """Whether some ``tool_called`` assertion is left without a call but every one could have its own if the checks
    left without a verdict matched: then those left are undecided (or errors), not failed."""
    if all(call is not None or tool is None for (tool, _), call in zip(assertions, assignment, strict=True)):
        return False
    possible = max_matching([[c.call for c in options if c.satisfied or _open(c)] for options in candidates], size)
    return all(call is not None or tool is None for (tool, _), call in zip(assertions, possible, strict=True))


def assertion_rows(
    assertions: Sequence[AssertionSpec],
    calls: Sequence[CallSpec],
    ctx: MatchContext,
    contexts: Callable[[int], MatchContext] | None = None,
) -> list[Row]:
    """Check every assertion against the trace's tool calls: :class:`AssertionResult` objects as JSON, aligned
    with ``assertions``. An example asking for more than :data:`MAX_PARAMETER_CHECKS` checks gets an error on each
    ``tool_called`` assertion instead. ``contexts``, when given, is the context of each call (by index) instead of
    ``ctx`` (what a ``grounded`` matcher reads differs from call to call)."""
    # Each count is at most the calls times the parameter assertions: most examples are far below both limits.
    if len(calls) * sum(max(1, len(parameters)) for _, parameters in assertions) > MAX_JUDGED_CHECKS:
        checks = parameter_checks([(tool, len(parameters)) for tool, parameters in assertions], calls)
        if checks > MAX_PARAMETER_CHECKS:
            return _over_limit(assertions, calls, checks)
        judged = judged_checks(assertions, calls)
        if judged > MAX_JUDGED_CHECKS:
            return _over_limit(assertions, calls, judged, judged=True)
    candidates: list[list[_Candidate]] = []  # per assertion, each call of its tool checked against it
    for tool, parameters in assertions:
        options: list[_Candidate] = []
        if tool is not None:
            for index, (_, name, params) in enumerate(calls):
                if name == tool:
                    call_ctx = ctx if contexts is None else contexts(index)
                    spelt = spellings(params) if parameters else {}
                    rows = [parameter_row(parameter, params, call_ctx, spelt) for parameter in parameters]
                    options.append(_Candidate(index, rows, all(row["passed"] for row in rows)))
        candidates.append(options)
    assignment = max_matching([[c.call for c in options if c.satisfied] for options in candidates], len(calls))
    assigned_calls = {index for index in assignment if index is not None}
    could_all = _could_all(assertions, candidates, assignment, len(calls))
    results: list[Row] = []
    for assertion, options, assigned in zip(assertions, candidates, assignment, strict=True):
        tool = assertion[0]
        if tool is None:
            results.append(_no_tool_called(calls))
        elif assigned is not None:
            call_id = calls[assigned][0]
            rows = next(c.parameters for c in options if c.call == assigned)
            reason = f"call {call_id} to {tool!r} satisfies every parameter assertion"
            results.append(assertion_row(tool, True, call_id, reason, rows))
        else:
            results.append(_unsatisfied(assertion, options, assigned_calls, calls, could_all))
    return results


def check_assertions(
    assertions: Sequence[ToolCallAssertion | NoToolCallAssertion], calls: Sequence[ToolCall], ctx: MatchContext
) -> list[AssertionResult]:
    """Check every assertion against the trace's tool calls; results are aligned with ``assertions``.

    Each ``tool_called`` assertion must be satisfied by its own call: the assignment maximizes the number of
    satisfied assertions (order does not matter). A failing assertion reports its closest call and why each of
    its parameters failed there.
    """
    rows = assertion_rows([assertion_spec(a) for a in assertions], [call_spec(c) for c in calls], ctx)
    return [AssertionResult.model_validate(row) for row in rows]

"""The assertions of a line proven valid, checked straight from its decoded structs (the evaluator's fast path).

The rules and results are those of :func:`~mb.matching.assertions.assertion_rows` over specs, byte for byte: the
deterministic matchers of one parameter (equality, e-mail, missing, optional of those) are decided here, each row a
copy of a template (cheaper than a dict display of eight keys) with the fields that vary set; dates and groups go
through :func:`~mb.matching.parameters.parameter_row`, and assertions that share a tool through the general
assignment.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import orjson

from ..io._proof import UNSET, ProvenAssertion, ProvenMatcher, ProvenParameter
from ._context import MatchContext
from ._values import MISSING, compact_json, render
from .assertions import (
    MAX_PARAMETER_CHECKS,
    AssertionSpec,
    CallSpec,
    _Candidate,
    _no_tool_called,
    _unsatisfied,
    assertion_rows,
    parameter_checks,
)
from .email_address import email_verdict
from .equality import SCALARS, equality_verdict
from .missing import missing_verdict
from .optional import ABSENT, PRESENT
from .parameters import MatcherSpec, ParameterSpec, parameter_row

__all__ = ["plain_rows", "proven_assertion_rows", "proven_parameter_spec"]

Row = dict[str, Any]

_dumps = orjson.dumps

_PASSED: Row = {
    "params": None,
    "match_as": None,
    "passed": True,
    "score": 1.0,
    "reason": None,
    "error": None,
    "confidence": None,
    "low_confidence": False,
}
"""A passed parameter row (a :class:`~mb.results.ParameterResult` as JSON) to copy, fields in the model's order."""

_FAILED: Row = {**_PASSED, "passed": False, "score": 0.0}
"""A failed parameter row to copy."""

_EQUAL: Row = {**_PASSED, "match_as": "equality"}
"""A passed ``equality`` row to copy."""

_ABSENT: Row = {**_PASSED, "match_as": "missing", "reason": missing_verdict(MISSING)[1]}
"""The row of ``missing`` on an absent parameter (the usual case) to copy."""

_GOT_TRUE = f"got {render(True)} as expected"
_GOT_FALSE = f"got {render(False)} as expected"

_SATISFIED: Row = {
    "assert_that": "tool_called",
    "tool": None,
    "passed": True,
    "call_id": None,
    "reason": None,
    "parameters": None,
    "error": None,
}
"""A satisfied ``tool_called`` row (an :class:`~mb.results.AssertionResult` as JSON) to copy."""


_PLAIN_KINDS = frozenset({"equality", "email", "missing"})
"""The matchers :func:`_verdict` decides (and ``optional`` of them)."""


def _spec(matcher: ProvenMatcher) -> MatcherSpec:
    inner = matcher.default
    return matcher.match_as, matcher.value, None if inner is None else _spec(inner)


def proven_parameter_spec(parameter: ProvenParameter) -> ParameterSpec:
    """:func:`~mb.matching.parameters.parameter_spec` of a proven line's parameter assertion."""
    names = parameter.params
    if names is UNSET:
        return [parameter.param], False, _spec(parameter.matcher)
    return names, True, _spec(parameter.matcher)


def _judged(matcher: ProvenMatcher) -> bool:
    """Whether the matcher (or the one it wraps) is ``free_text``: a judge's to decide, so not for this path."""
    return matcher.match_as == "free_text" or (matcher.default is not None and _judged(matcher.default))


def _dated(matcher: ProvenMatcher) -> bool:
    """Whether the matcher (or the one it wraps) is ``date_time``."""
    return matcher.match_as == "date_time" or (matcher.default is not None and _dated(matcher.default))


def _verdict(kind: str, matcher: ProvenMatcher, value: Any) -> tuple[bool, str] | None:
    """``(passed, reason)`` of a deterministic matcher on one value; None for the others (dates, free text)."""
    if kind == "equality":
        return equality_verdict(matcher.value, value)
    if kind == "email":
        return email_verdict(matcher.value, value)
    if kind == "missing":
        return missing_verdict(value)
    if kind == "optional":
        inner = matcher.default
        if inner is None or inner.match_as not in _PLAIN_KINDS:
            return None  # a date or free text, even when absent: the line may be the judge's (see the caller)
        if value is MISSING or value is None:
            return True, ABSENT
        verdict = _verdict(inner.match_as, inner, value)
        return None if verdict is None else (verdict[0], PRESENT + verdict[1])
    return None


def plain_rows(parameters: Sequence[ProvenParameter], params: Mapping[str, Any]) -> tuple[list[Row], bool] | None:
    """The rows of the parameter assertions on one call's ``params`` (what :func:`parameter_row` gives), and whether
    all passed; None when one of them is not a deterministic matcher of one parameter."""
    rows: list[Row] = []
    satisfied = True
    for parameter in parameters:
        if parameter.params is not UNSET:
            return None
        matcher = parameter.matcher
        kind = matcher.match_as
        name = parameter.param
        value = params.get(name, MISSING)
        if kind == "equality":
            expected = matcher.value
            kind_of = type(value)
            if value == expected and kind_of is type(expected) and kind_of in SCALARS:
                row = _EQUAL.copy()  # the first case of equality_verdict: the most frequent verdict of all
                row["params"] = [name]
                if kind_of is bool:
                    row["reason"] = _GOT_TRUE if value else _GOT_FALSE
                    rows.append(row)
                    continue
                if kind_of is int:  # render, inlined: an integer's JSON (orjson's, or json's past 64 bits) is str()
                    text = str(value)
                else:
                    try:
                        text = _dumps(value).decode()
                    except TypeError:  # a lone surrogate
                        text = compact_json(value)
                row["reason"] = f"got {text if len(text) <= 80 else text[:77] + '...'} as expected"
                rows.append(row)
                continue
            passed, reason = equality_verdict(expected, value)
        elif kind == "missing" and value is MISSING:
            row = _ABSENT.copy()
            row["params"] = [name]
            rows.append(row)
            continue
        elif kind == "email":
            passed, reason = email_verdict(matcher.value, value)
        else:
            verdict = _verdict(kind, matcher, value)
            if verdict is None:
                return None
            passed, reason = verdict
        if passed:
            row = _PASSED.copy()
        else:
            row = _FAILED.copy()
            satisfied = False
        row["params"] = [name]
        row["match_as"] = kind
        row["reason"] = reason
        rows.append(row)
    return rows, satisfied


def proven_assertion_rows(
    assertions: Sequence[ProvenAssertion], calls: Sequence[CallSpec], context: Callable[[], MatchContext]
) -> tuple[list[Row], bool, bool] | None:
    """Check a proven line's assertions against its tool calls: the rows of
    :func:`~mb.matching.assertions.assertion_rows`, whether a ``date_time`` matcher was applied, and whether every
    assertion passed.

    None when an assertion uses ``free_text`` (a judge decides it: the line takes the model path). ``context`` gives
    the match context, asked only when a matcher needs it (dates).
    """
    # While each tool is named by one assertion at most, an assertion takes its first satisfying call, which no
    # other can want (what the assignment would choose), and no call of its tool is assigned elsewhere.
    if len(calls) > 1:  # with one call nothing multiplies the checks (see parameter_checks)
        bound = 0  # checks per call of any tool, at most: counted exactly only when it could reach the limit
        for assertion in assertions:
            bound += len(assertion.parameters) or 1
        if bound * len(calls) > MAX_PARAMETER_CHECKS:
            sizes = [(assertion.tool, len(assertion.parameters)) for assertion in assertions]
            if parameter_checks(sizes, calls) > MAX_PARAMETER_CHECKS:  # assertion_rows makes each one an error
                return _shared_tools(assertions, calls, context)
    ctx: MatchContext | None = None
    dated = False
    every = True
    results: list[Row] = []
    named: list[str | None] = []
    for assertion in assertions:
        if assertion.assert_that == "no_tool_called":
            row = _no_tool_called(calls)
            every = every and row["passed"]
            results.append(row)
            continue
        tool = assertion.tool
        if tool in named:
            return _shared_tools(assertions, calls, context)
        named.append(tool)
        parameters = assertion.parameters
        options: list[tuple[int, list[Row], bool]] = []
        for index, call in enumerate(calls):
            if call[1] != tool:
                continue
            checked = plain_rows(parameters, call[2])
            if checked is None:
                if any(_judged(parameter.matcher) for parameter in parameters):
                    return None
                if ctx is None:
                    ctx = context()
                dated = dated or any(_dated(parameter.matcher) for parameter in parameters)
                rows = [parameter_row(proven_parameter_spec(p), call[2], ctx) for p in parameters]
                satisfied = all(row["passed"] for row in rows)
            else:
                rows, satisfied = checked
            if satisfied:
                call_id = call[0]
                row = _SATISFIED.copy()
                row["tool"] = tool
                row["call_id"] = call_id
                row["reason"] = f"call {call_id} to {tool!r} satisfies every parameter assertion"
                row["parameters"] = rows
                results.append(row)
                break
            options.append((index, rows, satisfied))
        else:
            if not options and any(_judged(parameter.matcher) for parameter in parameters):
                return None
            every = False
            # the parameters' specs are read only when no call was checked ("not checked" rows)
            spec: AssertionSpec = (tool, [] if options else [proven_parameter_spec(p) for p in parameters])
            results.append(_unsatisfied(spec, [_Candidate(*option) for option in options], set(), calls))
    return results, dated, every


def _shared_tools(
    assertions: Sequence[ProvenAssertion], calls: Sequence[CallSpec], context: Callable[[], MatchContext]
) -> tuple[list[Row], bool, bool] | None:
    """:func:`proven_assertion_rows` when assertions share a tool: the assignment decides which call each takes."""
    specs: list[AssertionSpec] = []
    dated = False
    for assertion in assertions:
        if assertion.assert_that == "no_tool_called":
            specs.append((None, []))
            continue
        for parameter in assertion.parameters:
            if _judged(parameter.matcher):
                return None
            dated = dated or _dated(parameter.matcher)
        specs.append((assertion.tool, [proven_parameter_spec(parameter) for parameter in assertion.parameters]))
    rows = assertion_rows(specs, calls, context())
    return rows, dated, all(row["passed"] for row in rows)

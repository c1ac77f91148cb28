"""Dispatch a parameter assertion (single parameter or group) to its matcher and record the verdict.

Matchers reach the dispatch as a :data:`MatcherSpec` ``(match_as, value, inner)``, built by :func:`matcher_spec`
from a matcher model.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..entities import OneParameterAssertion, ParameterGroupAssertion, ValueMatcher
from ..entities.extended import ExtendedParameterAssertion
from ..results import ParameterResult
from ._context import MatchContext
from ._names import letters
from ._outcome import Outcome
from ._values import MISSING, describe_value, render
from .email_address import match_email
from .equality import match_equality
from .extended_matchers import EXTENDED_MATCHERS, match_any_of, match_closed, match_number, match_regex
from .free_text import match_free_text, match_free_text_group
from .grounded import match_grounded
from .missing import is_missing, match_missing
from .optional import match_optional

__all__ = [
    "MatcherSpec",
    "ParameterSpec",
    "match_parameter",
    "outcome_row",
    "parameter_row",
    "parameter_spec",
    "spellings",
]

MatcherSpec = tuple[str, Any, Any]
"""``(match_as, value, inner)``: the matcher kind, its expected value (None when it has none) and, for ``optional``,
the inner matcher's spec."""

ParameterSpec = tuple[list[str], bool, MatcherSpec]
"""``(names, is_group, matcher)``: one parameter assertion."""


def matcher_spec(matcher: ValueMatcher) -> MatcherSpec:
    """The spec of a matcher model; an extended matcher's value is the model itself."""
    fields = vars(matcher)  # a matcher's fields; a missing one is None (no model attribute lookup that fails)
    kind = str(fields.get("match_as", "unknown"))
    inner = fields.get("default")
    value = matcher if kind in EXTENDED_MATCHERS else fields.get("value")
    return kind, value, None if inner is None else matcher_spec(inner)


def parameter_spec(
    assertion: OneParameterAssertion | ParameterGroupAssertion | ExtendedParameterAssertion,
) -> ParameterSpec:
    """The spec of a parameter assertion model (published or extended)."""
    if isinstance(assertion, ParameterGroupAssertion):
        return list(assertion.params), True, matcher_spec(assertion.matcher)
    return [assertion.param], False, matcher_spec(assertion.matcher)


def _date_time(expected: str, actual: Any, ctx: MatchContext, params: list[str] | None = None) -> Outcome:
    """The date/time verdict; a phrase not understood goes to the judge when it can answer it."""
    from .date_time import judge_unread, match_date_time  # the date libraries load on first use

    outcome = match_date_time(expected, actual, ctx.user_time, params=params)
    return judge_unread(expected, actual, ctx, outcome) if outcome.error is not None else outcome


def _single(spec: MatcherSpec, value: Any, ctx: MatchContext) -> Outcome:
    kind, expected, inner = spec
    if kind == "equality":
        return match_equality(expected, value)
    if kind == "email":
        return match_email(expected, value)
    if kind == "missing":
        return match_missing(value)
    if kind == "free_text":
        return match_free_text(expected, value, ctx)
    if kind == "date_time":
        if is_missing(value):
            return Outcome.fail(f"expected a date/time matching {expected!r}, got {describe_value(value)}")
        return _date_time(expected, value, ctx)
    if kind == "optional" and inner is not None:
        return match_optional([value], lambda: _single(inner, value, ctx))
    if kind == "any_of":
        return match_any_of(expected, value)
    if kind == "number":
        return match_number(expected, value)
    if kind == "regex":
        return match_regex(expected, value)
    if kind == "grounded":
        return match_grounded(expected.from_, value, ctx.grounds)
    return Outcome.fail(f"unsupported matcher {kind!r}")


_NUMERIC = re.compile(r"\s*\d+(?:\.\d+)?\s*").fullmatch

_NO_PARAMETERS = "the matcher lists no parameters: nothing to check (a defect of the benchmark)"


def _group(spec: MatcherSpec, names: list[str], params: Mapping[str, Any], ctx: MatchContext) -> Outcome:
    kind, expected, inner = spec
    if kind == "closed":  # a closed tool_called assertion: ``names`` are the parameters it names
        return match_closed(names, params)
    if not names:  # an empty group would pass every call (optional) or fail naming nothing
        return Outcome(False, _NO_PARAMETERS, 0.0, error=_NO_PARAMETERS)
    if len(set(names)) < len(names):  # one value would be read as two
        twice = next(name for name in names if names.count(name) > 1)
        why = f"the matcher lists {twice!r} twice: a defect of the benchmark"
        return Outcome(False, why, 0.0, error=why)
    if kind == "date_time":
        present = {name: params[name] for name in names if name in params}
        if any(value is not None and value is not MISSING for value in present.values()):
            return _date_time(expected, present, ctx, names)
        return Outcome.fail(f"expected a date/time matching {expected!r}, got none of {', '.join(names)}")
    values = [params.get(name, MISSING) for name in names]
    if kind == "free_text":
        return match_free_text_group(expected, values, ctx)
    if kind == "optional" and inner is not None:
        return match_optional(values, lambda: _group(inner, names, params, ctx))
    return Outcome.fail(f"matcher {kind!r} cannot check a group")


def _numeric(value: Any) -> bool:
    """Whether an argument is a number, or a string that holds one (digits, a decimal part or not)."""
    return (isinstance(value, int | float) and not isinstance(value, bool)) or (
        isinstance(value, str) and _NUMERIC(value) is not None
    )


def spellings(params: Mapping[str, Any]) -> dict[str, list[str]]:
    """The names a call passes a value under (not null), by their :func:`~mb.matching._names.letters`, in order."""
    found: dict[str, list[str]] = {}
    for key, value in params.items():
        if value is not None:
            found.setdefault(letters(key), []).append(key)
    return found


def parameter_row(
    spec: ParameterSpec, params: Mapping[str, Any], ctx: MatchContext, spelt: Mapping[str, list[str]] | None = None
) -> dict[str, Any]:
    """Check one parameter assertion against a tool call's parameters: a :class:`ParameterResult` as JSON. ``spelt``
    is :func:`spellings` of ``params`` when known (read once for the call's every parameter assertion)."""
    names, group, matcher = spec
    value = params.get(names[0], MISSING) if names else MISSING
    # A number for a date_time matcher is read as its group of one, whose name can say it holds a length
    # ("duration_minutes": 120 is two hours); as a group of one reads like the parameter alone, nothing else changes.
    if group or (matcher[0] == "date_time" and _numeric(value)):
        outcome = _group(matcher, names, params, ctx)
    else:
        outcome = _single(matcher, value, ctx)
    if matcher[0] != "closed":  # a closed call fails on any parameter it does not name
        spelt = spellings(params) if spelt is None else spelt
        for name in names:
            wanted = letters(name)
            others = [key for key in spelt.get(wanted, ()) if key not in names] if wanted else []
            outcome = _spelt(name, others, matcher[0], params, outcome) if others else outcome
    return outcome_row(names, matcher[0], outcome)


def _spelt(name: str, spelt: list[str], kind: str, params: Mapping[str, Any], outcome: Outcome) -> Outcome:
    """The verdict on a parameter given what the call passes under names that may be it spelt otherwise (``spelt``:
    the same :func:`~mb.matching._names.letters`, ``CC`` or ``cc `` for ``cc``): a check that would pass fails,
    whatever the matcher (the tool may read the value it does not check); a failure says so. Only the exact name is
    read as the parameter."""
    shown = ", ".join(f"{key!r}: {render(params[key], 40)}" for key in spelt[:3])
    if outcome.passed and kind == "missing":
        return Outcome.fail(f"expected no value, got {shown}, which may be {name!r} spelt otherwise")
    if outcome.passed:
        return Outcome.fail(f"the call passes {shown}, which may be {name!r} spelt otherwise and is not checked")
    return outcome._replace(reason=f"{outcome.reason} (the call passes {shown}: only the exact name {name!r} is read)")


def outcome_row(names: list[str], kind: str, outcome: Outcome) -> dict[str, Any]:
    """A matcher's :class:`Outcome` on the parameters ``names`` as a :class:`ParameterResult` in JSON."""
    return {
        "params": names,
        "match_as": kind,
        "passed": outcome.passed,
        "score": outcome.score,
        "reason": outcome.reason,
        "error": outcome.error,
        "undecided": outcome.undecided,
        "confidence": outcome.confidence,
    }


def match_parameter(
    assertion: OneParameterAssertion | ParameterGroupAssertion, params: Mapping[str, Any], ctx: MatchContext
) -> ParameterResult:
    """Check one parameter assertion against a tool call's parameters."""
    return ParameterResult.model_validate(parameter_row(parameter_spec(assertion), params, ctx))

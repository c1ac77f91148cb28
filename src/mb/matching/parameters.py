"""Dispatch a parameter assertion (single parameter or group) to its matcher and record the verdict.

Matchers reach the dispatch as a :data:`MatcherSpec` ``(match_as, value, inner)``, built by :func:`matcher_spec`
from a matcher model.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from ..entities import OneParameterAssertion, ParameterGroupAssertion, ValueMatcher
from ..entities.extended import ExtendedParameterAssertion
from ..results import ParameterResult
from ._context import MatchContext
from ._outcome import Outcome
from ._values import MISSING, compact_json, describe_value
from .email_address import match_email
from .equality import match_equality
from .extended_matchers import EXTENDED_MATCHERS, match_closed, match_extended
from .free_text import match_free_text, match_free_text_group
from .missing import is_missing, match_missing
from .optional import match_optional

__all__ = [
    "MatcherSpec",
    "ParameterSpec",
    "match_parameter",
    "matcher_spec",
    "outcome_row",
    "parameter_row",
    "parameter_spec",
]

MatcherSpec = tuple[str, Any, Any]
"""``(match_as, value, inner)``: the matcher kind, its expected value (None when it has none) and, for ``optional``,
the inner matcher's spec."""

ParameterSpec = tuple[list[str], bool, MatcherSpec]
"""``(names, is_group, matcher)``: one parameter assertion."""

_DATE_MEMO: OrderedDict[tuple[Any, ...], Outcome] = OrderedDict()
_DATE_MEMO_SIZE = 2048  # two keys per verdict; full early when every line has its own user time: memory stays flat


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
    """The date/time verdict, memoized per (phrase, argument as written, user time), and per (phrase, argument, what
    the verdict depends on of the user time).

    The second key holds the user time only as far as the verdict depends on it (see ``verdict_key``): its zone, and
    its calendar day unless the phrase moves with the clock, so lines said on one day share verdicts on arguments that
    are not in words (an argument in words is resolved against the exact time: only the first key answers it). The
    first, exact key (zone included: equal instants written in other zones resolve phrases differently) answers
    repeated lines without working that out.
    """
    dates = _DATES or _load_dates()
    user_time = ctx.user_time
    # The argument as written, key order included: reasons name the parameters in their order.
    written = compact_json(actual)
    names = tuple(params) if params else None
    exact = (expected, written, names, user_time, None if user_time is None else user_time.tzinfo)
    outcome = _DATE_MEMO.get(exact)
    if outcome is None:
        # Keyed by the reference the phrase is resolved against; a verdict found so is taken only when the argument
        # reads alone (or there is no user time), which is worked out on a hit only: most lookups miss. The argument
        # as written decides it, so the verdict stored there was worked out on an argument that reads alone too.
        shared = (expected, written, names, dates.verdict_reference(expected, user_time))
        outcome = _DATE_MEMO.get(shared)
        if outcome is None or (user_time is not None and not dates.reads_alone(actual)):
            outcome = dates.match_date_time(expected, actual, user_time, params=params)
            _remember(shared, outcome)
        _remember(exact, outcome)
    if outcome.error is not None:  # not understood: the judge may answer it
        from .date_time import judge_unread

        return judge_unread(expected, actual, ctx, outcome)
    return outcome


_DATES: Any = None
"""The date matcher's package once loaded (the date libraries load on first use)."""


def _load_dates() -> Any:
    global _DATES
    from . import date_time

    _DATES = date_time
    return date_time


def _remember(key: tuple[Any, ...], outcome: Outcome) -> None:
    _DATE_MEMO[key] = outcome
    if len(_DATE_MEMO) > _DATE_MEMO_SIZE:
        _DATE_MEMO.popitem(last=False)


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
    if kind in EXTENDED_MATCHERS:
        return match_extended(kind, expected, value, ctx.grounds)
    return Outcome.fail(f"unsupported matcher {kind!r}")


_NO_PARAMETERS = "the matcher lists no parameters: nothing to check (a defect of the benchmark)"


def _group(spec: MatcherSpec, names: list[str], params: Mapping[str, Any], ctx: MatchContext) -> Outcome:
    kind, expected, inner = spec
    if kind == "closed":  # a closed tool_called assertion: ``names`` are the parameters it names
        return match_closed(names, params)
    if not names:  # an empty group would pass every call (optional) or fail naming nothing
        return Outcome(False, _NO_PARAMETERS, 0.0, error=_NO_PARAMETERS)
    if kind == "date_time":
        present = {name: params[name] for name in names if name in params}
        for value in present.values():
            if value is not None and value is not MISSING:
                return _date_time(expected, present, ctx, names)
        return Outcome.fail(f"expected a date/time matching {expected!r}, got none of {', '.join(names)}")
    values = [params.get(name, MISSING) for name in names]
    if kind == "free_text":
        return match_free_text_group(expected, values, ctx)
    if kind == "optional" and inner is not None:
        return match_optional(values, lambda: _group(inner, names, params, ctx))
    return Outcome.fail(f"matcher {kind!r} cannot check a group")


def parameter_row(spec: ParameterSpec, params: Mapping[str, Any], ctx: MatchContext) -> dict[str, Any]:
    """Check one parameter assertion against a tool call's parameters: a :class:`ParameterResult` as JSON."""
    names, group, matcher = spec
    if group:
        return outcome_row(names, matcher[0], _group(matcher, names, params, ctx))
    return outcome_row(names, matcher[0], _single(matcher, params.get(names[0], MISSING), ctx))


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
        "low_confidence": outcome.low_confidence,
    }


def match_parameter(
    assertion: OneParameterAssertion | ParameterGroupAssertion, params: Mapping[str, Any], ctx: MatchContext
) -> ParameterResult:
    """Check one parameter assertion against a tool call's parameters."""
    return ParameterResult.model_validate(parameter_row(parameter_spec(assertion), params, ctx))

"""Dispatch a parameter assertion (single parameter or group) to its matcher and record the verdict."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

import orjson

from ..entities import (
    DateTimeMatcher,
    EmailMatcher,
    EqualsMatcher,
    FreeTextMatcher,
    MissingMatcher,
    OneParameterAssertion,
    OptionalMatcher,
    ParameterGroupAssertion,
    ValueMatcher,
)
from ..results import ParameterResult
from ._context import MatchContext
from ._outcome import Outcome
from ._values import MISSING, describe_value
from .email_address import match_email
from .equality import match_equality
from .free_text import match_free_text, match_free_text_group
from .missing import is_missing, match_missing
from .optional import match_optional

__all__ = ["match_parameter"]


_DATE_MEMO: OrderedDict[tuple[Any, ...], Outcome] = OrderedDict()
_DATE_MEMO_SIZE = 65536


def _date_time(expected: str, actual: Any, ctx: MatchContext, params: list[str] | None = None) -> Outcome:
    """The date/time verdict, memoized per (phrase, argument, user time as written): benchmarks repeat them."""
    user_time = ctx.user_time
    when = None if user_time is None else (user_time.isoformat(), repr(user_time.tzinfo))
    key = (expected, orjson.dumps(actual, option=orjson.OPT_SORT_KEYS), when, tuple(params) if params else None)
    outcome = _DATE_MEMO.get(key)
    if outcome is None:
        from .date_time import match_date_time  # the date libraries load on first use

        outcome = match_date_time(expected, actual, user_time, params=params)
        _DATE_MEMO[key] = outcome
        if len(_DATE_MEMO) > _DATE_MEMO_SIZE:
            _DATE_MEMO.popitem(last=False)
    return outcome


def _single(matcher: ValueMatcher, value: Any, ctx: MatchContext) -> Outcome:
    if isinstance(matcher, EqualsMatcher):
        return match_equality(matcher.value, value)
    if isinstance(matcher, EmailMatcher):
        return match_email(matcher.value, value)
    if isinstance(matcher, MissingMatcher):
        return match_missing(value)
    if isinstance(matcher, FreeTextMatcher):
        return match_free_text(matcher.value, value, ctx)
    if isinstance(matcher, DateTimeMatcher):
        if is_missing(value):
            return Outcome.fail(f"expected a date/time matching {matcher.value!r}, got {describe_value(value)}")
        return _date_time(matcher.value, value, ctx)
    if isinstance(matcher, OptionalMatcher):
        inner = matcher.default
        return match_optional([value], lambda: _single(inner, value, ctx))
    return Outcome.fail(f"unsupported matcher {type(matcher).__name__}")


def _group(matcher: ValueMatcher, names: list[str], params: Mapping[str, Any], ctx: MatchContext) -> Outcome:
    values = [params.get(name, MISSING) for name in names]
    if isinstance(matcher, FreeTextMatcher):
        return match_free_text_group(matcher.value, values, ctx)
    if isinstance(matcher, DateTimeMatcher):
        present = {name: params[name] for name in names if name in params}
        if all(is_missing(value) for value in values):
            return Outcome.fail(f"expected a date/time matching {matcher.value!r}, got none of {', '.join(names)}")
        return _date_time(matcher.value, present, ctx, names)
    if isinstance(matcher, OptionalMatcher):
        inner = matcher.default
        return match_optional(values, lambda: _group(inner, names, params, ctx))
    return Outcome.fail(f"matcher {getattr(matcher, 'match_as', type(matcher).__name__)!r} cannot check a group")


def match_parameter(
    assertion: OneParameterAssertion | ParameterGroupAssertion, params: Mapping[str, Any], ctx: MatchContext
) -> ParameterResult:
    """Check one parameter assertion against a tool call's parameters."""
    matcher: ValueMatcher = assertion.matcher
    if isinstance(assertion, OneParameterAssertion):
        names = [assertion.param]
        outcome = _single(matcher, params.get(assertion.param, MISSING), ctx)
    else:
        names = list(assertion.params)
        outcome = _group(matcher, names, params, ctx)
    return ParameterResult(
        params=names,
        match_as=str(getattr(matcher, "match_as", "unknown")),
        passed=outcome.passed,
        score=outcome.score,
        reason=outcome.reason,
        error=outcome.error,
    )

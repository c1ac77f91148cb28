"""``equality``: JSON equality. Numbers compare by value, booleans only equal booleans, strings compare exactly."""

from __future__ import annotations

from typing import Any

from ._outcome import Outcome
from ._values import MISSING, describe_value, json_type, render

__all__ = ["SCALARS", "equality_verdict", "json_equal", "match_equality"]

SCALARS = frozenset({str, int, float, bool})
"""The JSON scalar types: two values of one of them are equal exactly when ``==`` says so."""
_NUMBERS = frozenset({int, float})
"""Integers and numbers compare by value (booleans, whose type is ``bool``, are not among them)."""


_CASE_ONLY = "they differ only in letter case or white space, and equality compares strings exactly"
"""Why two strings that read alike are not equal (``free_text`` is the matcher that reads them as alike)."""


def _folded(text: str) -> str:
    """``text`` case-folded, without white space."""
    return "".join(text.casefold().split())


def json_equal(a: Any, b: Any) -> bool:
    """JSON equality: ``5 == 5.0``; ``true`` equals only ``true`` (never ``1``); arrays and objects deeply."""
    a_bool, b_bool = isinstance(a, bool), isinstance(b, bool)
    if a_bool or b_bool:
        return a_bool and b_bool and a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[key], b[key]) for key in a)
    return type(a) is type(b) and a == b


def equality_verdict(expected: Any, actual: Any) -> tuple[bool, str]:
    """``(passed, reason)``: whether ``actual`` is JSON-equal to ``expected``; a type mismatch names both types."""
    kind = type(actual)
    if kind is type(expected) and kind in SCALARS:  # the common case, decided as json_equal decides it
        if actual == expected:
            return True, f"got {render(actual)} as expected"
        if kind is str and _folded(actual) == _folded(expected):
            return False, f"expected {render(expected)}, got {render(actual)}: {_CASE_ONLY}"
        return False, f"expected {render(expected)}, got {render(actual)}"
    if kind in _NUMBERS and type(expected) in _NUMBERS:  # 5 and 5.0: what json_equal and the rules below decide
        if actual == expected:
            return True, f"got {render(actual)} as expected"
        return False, f"expected {render(expected)}, got {render(actual)}"
    if actual is MISSING:
        return False, f"expected {describe_value(expected)}, got nothing (the parameter is absent)"
    if json_equal(expected, actual):
        return True, f"got {render(actual)} as expected"
    expected_type, actual_type = json_type(expected), json_type(actual)
    numeric = {"integer", "number"}
    if expected_type != actual_type and not {expected_type, actual_type} <= numeric:
        return False, f"expected {describe_value(expected)}, got {describe_value(actual)}: the types differ"
    return False, f"expected {render(expected)}, got {render(actual)}"


def match_equality(expected: str | int | float | bool, actual: Any) -> Outcome:
    """Whether ``actual`` is JSON-equal to ``expected``; a type mismatch names both types."""
    passed, reason = equality_verdict(expected, actual)
    return Outcome(passed, reason, 1.0 if passed else 0.0)

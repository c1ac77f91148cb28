"""``equality``: JSON equality. Numbers compare by value, booleans only equal booleans, strings compare exactly."""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from ._names import seen
from ._outcome import Outcome
from ._values import MISSING, describe_value, exact_number, json_type, render

__all__ = ["json_compare", "json_equal", "match_equality", "numbers_close", "untold_reason"]

_CASE_ONLY = "they differ only in letter case or white space, and equality compares strings exactly"
"""Why two strings that read alike are not equal (``free_text`` is the matcher that reads them as alike)."""


def _folded(text: str) -> str:
    """``text`` case-folded, without white space."""
    return "".join(text.casefold().split())


def _doubt(number: int | float) -> Fraction:
    """How far the number written may be from ``number``: half the spacing of floats from 2**53 on, where the reading
    of ``9007199254740993.0`` is ``9007199254740992.0`` (below it, the shortest decimal form is taken as written)."""
    return Fraction(math.ulp(number)) / 2 if isinstance(number, float) and abs(number) >= 2**53 else Fraction(0)


def numbers_close(a: int | float, b: int | float, allowed: Fraction = Fraction(0)) -> bool | None:
    """Whether two JSON numbers, as written (:func:`~mb.matching._values.exact_number`), are at most ``allowed``
    apart; None when a float from 2**53 on leaves it untold (``9007199254740992`` and ``9007199254740993.0``)."""
    if not allowed and -(2**53) < a < 2**53 and -(2**53) < b < 2**53:  # a float is then the number written
        return a == b  # Python compares integers and floats exactly
    a_exact, b_exact = exact_number(a), exact_number(b)
    if a_exact is None or b_exact is None:  # infinity or NaN, from Python code
        return a == b
    difference, doubt = abs(a_exact - b_exact), _doubt(a) + _doubt(b)
    if difference + doubt <= allowed:
        return True
    return None if difference - doubt <= allowed else False


def untold_reason(expected: str, actual: Any) -> str:
    """Why :func:`numbers_close` could not tell ``actual`` from what was ``expected`` (numbers, or arrays or objects
    holding them)."""
    return (
        f"expected {expected}, got {render(actual)}: cannot tell them apart, as a number from 2**53 on written with a "
        "decimal point or an exponent is read as the nearest float (2 or more apart there), which stands for every "
        "number that rounds to it"
    )


def json_compare(a: Any, b: Any) -> bool | None:
    """JSON equality: ``5 == 5.0``; ``true`` equals only ``true`` (never ``1``); arrays and objects deeply. None when
    numbers past 2**53 leave it untold (:func:`numbers_close`) and nothing else differs."""
    a_bool, b_bool = isinstance(a, bool), isinstance(b, bool)
    if a_bool or b_bool:
        return a_bool and b_bool and a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return numbers_close(a, b)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and _all(json_compare(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and _all(json_compare(a[key], b[key]) for key in a)
    return type(a) is type(b) and a == b


def _all(verdicts: Iterable[bool | None]) -> bool | None:
    """False when one is False, else None when one is None, else True."""
    found = set(verdicts)
    return False if False in found else None if None in found else True


def json_equal(a: Any, b: Any) -> bool:
    """JSON equality (:func:`json_compare`), an untold comparison not equal."""
    return json_compare(a, b) is True


def _alike(a: str, b: str) -> bool:
    """Whether two texts may look the same as printed: alike once compatible forms and invisible characters are set
    aside ("café" composed and decomposed, a no-break space), or differing only where one has a character beyond ASCII
    (a Cyrillic a for the Latin one)."""
    if seen(a) == seen(b):
        return True
    return len(a) == len(b) and all(x == y or not (x.isascii() and y.isascii()) for x, y in zip(a, b, strict=True))


def match_equality(expected: str | int | float | bool, actual: Any) -> Outcome:
    """Whether ``actual`` is JSON-equal to ``expected``; a type mismatch names both types."""
    if actual is MISSING:
        return Outcome.fail(f"expected {describe_value(expected)}, got nothing (the parameter is absent)")
    equal = json_compare(expected, actual)
    if equal:
        return Outcome.ok(f"got {render(actual)} as expected")
    if equal is None:
        return Outcome.fail(untold_reason(render(expected), actual))  # a doubt never passes
    expected_type, actual_type = json_type(expected), json_type(actual)
    if expected_type != actual_type and not {expected_type, actual_type} <= {"integer", "number"}:
        return Outcome.fail(f"expected {describe_value(expected)}, got {describe_value(actual)}: the types differ")
    shown = render(expected), render(actual)
    if _alike(*shown):  # escaped, so that the reason shows where they differ
        shown = render(expected, ascii_only=True), render(actual, ascii_only=True)
    if isinstance(actual, str) and isinstance(expected, str) and _folded(actual) == _folded(expected):
        return Outcome.fail(f"expected {shown[0]}, got {shown[1]}: {_CASE_ONLY}")
    return Outcome.fail(f"expected {shown[0]}, got {shown[1]}")

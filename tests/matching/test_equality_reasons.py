"""``equality`` on strings that read alike: still a failure, with a reason that says why."""

from __future__ import annotations

import pytest

from mb.matching import match_equality

HINT = "they differ only in letter case or white space, and equality compares strings exactly"


@pytest.mark.parametrize(
    ("expected", "actual"),
    [("Boston, MA", "boston, ma"), ("Boston, MA", "Boston, MA "), ("Boston, MA", "Boston,MA"), ("AAPL", "aapl")],
)
def test_strings_alike_fail_and_say_why(expected: str, actual: str) -> None:
    outcome = match_equality(expected, actual)
    assert not outcome.passed
    assert outcome.reason.endswith(HINT)


@pytest.mark.parametrize(("expected", "actual"), [("Boston, MA", "Austin, TX"), ("AAPL", "AAPL.")])
def test_other_strings_get_no_such_hint(expected: str, actual: str) -> None:
    outcome = match_equality(expected, actual)
    assert not outcome.passed
    assert HINT not in outcome.reason


def test_a_type_mismatch_is_named_in_the_reason_and_numbers_compare_by_value() -> None:
    mismatch = match_equality(1, True)
    assert not mismatch.passed
    assert mismatch.reason == "expected 1 (integer), got true (boolean): the types differ"
    same = match_equality(1, 1.0)
    assert same.passed
    assert same.reason == "got 1.0 as expected"
    assert (match_equality(5, 6).reason, match_equality(5, 6).score) == ("expected 5, got 6", 0.0)


@pytest.mark.parametrize(
    ("expected", "actual"),
    [
        (9007199254740992, 9007199254740992.0),  # 9007199254740993.0 is read as 9007199254740992.0
        (1e17, 1e17),  # 100000000000000001.0 is read as 1e17
        ([1, 2**53], [1, 9007199254740992.0]),
        ({"id": 2**60}, {"id": float(2**60)}),
    ],
)
def test_a_float_from_2_53_on_cannot_be_told_from_a_number_that_rounds_to_it(expected: object, actual: object) -> None:
    outcome = match_equality(expected, actual)  # type: ignore[arg-type]
    assert not outcome.passed
    assert outcome.reason.startswith("expected ")
    assert "cannot tell them apart" in outcome.reason
    assert "2**53" in outcome.reason


def test_a_float_from_2_53_on_still_differs_from_numbers_further_than_its_spacing() -> None:
    outcome = match_equality(9007199254740996, 9007199254740992.0)
    assert (outcome.passed, outcome.reason) == (False, "expected 9007199254740996, got 9007199254740992.0")
    assert match_equality(9007199254740993, 9007199254740993).passed  # integers are exact


@pytest.mark.parametrize(
    ("expected", "actual", "passed"),
    [
        (9007199254740991, 9007199254740991.0, True),  # the largest integer below 2**53, as a float
        (-9007199254740991, -9007199254740991.0, True),
        (0, -0.0, True),
        (0.3, 0.1 + 0.2, False),  # 0.30000000000000004 is written so
        (4503599627370495.5, 4503599627370495.5, True),
        (4503599627370495, 4503599627370495.5, False),
    ],
)
def test_numbers_below_2_53_compare_as_written(expected: float, actual: float, passed: bool) -> None:
    assert match_equality(expected, actual).passed is passed
    assert match_equality(actual, expected).passed is passed


@pytest.mark.parametrize(
    ("expected", "actual", "reason"),
    [
        ("caf\u00e9", "cafe\u0301", 'expected "caf\\u00e9", got "cafe\\u0301"'),  # composed, decomposed
        ("Paris", "Par\u200bis", 'expected "Paris", got "Par\\u200bis"'),  # a zero-width space
        (["\u00c5"], ["\u212b"], 'expected ["\\u00c5"], got ["\\u212b"]'),  # the letter, the angstrom sign
    ],
)
def test_texts_that_look_the_same_show_where_they_differ(expected: object, actual: object, reason: str) -> None:
    outcome = match_equality(expected, actual)  # type: ignore[arg-type]
    assert not outcome.passed
    assert outcome.reason == reason


def test_texts_that_look_different_are_shown_as_written() -> None:
    assert match_equality("caf\u00e9", "th\u00e9").reason == 'expected "caf\u00e9", got "th\u00e9"'


@pytest.mark.parametrize(
    ("expected", "actual", "escaped"),
    [
        ("Paris", "P\u0430ris", "P\\u0430ris"),  # a Cyrillic a
        ("New York", "New\u00a0York", "New\\u00a0York"),  # a no-break space
        ("file", "\ufb01le", "\\ufb01le"),  # a ligature
        ("S\u00e3o Paulo", "Sao Paulo", "S\\u00e3o Paulo"),
    ],
)
def test_strings_that_print_alike_are_shown_escaped(expected: str, actual: str, escaped: str) -> None:
    outcome = match_equality(expected, actual)
    assert not outcome.passed
    assert escaped in outcome.reason

"""The shortcuts of the deterministic matchers decide exactly as the general rules do, reasons included."""

from __future__ import annotations

import re
from typing import Any

import pytest
from email_validator import SPECIAL_USE_DOMAIN_NAMES
from hypothesis import given, settings
from hypothesis import strategies as st

from mb.matching import MISSING, MatchContext
from mb.matching._values import describe_value, json_type, render
from mb.matching.email_address import (
    _MAILTO,
    _PLAIN,
    _plainly,
    _simple,
    _target,
    _without_mailto,
    email_verdict,
    parse_addresses,
)
from mb.matching.equality import equality_verdict, json_equal
from mb.matching.parameters import MatcherSpec, _single, outcome_row, parameter_row


def _no_judge(request: Any) -> Any:
    raise AssertionError("a deterministic matcher asked a judge")


_CTX = MatchContext(_no_judge)


def _general_row(names: list[str], matcher: MatcherSpec, value: Any) -> dict[str, Any]:
    """The row as built from the matcher's :class:`Outcome` (the general path)."""
    return outcome_row(names, matcher[0], _single(matcher, value, _CTX))


_EXPECTED: list[Any] = [1, 1.0, -0.0, 0, True, False, "1", "NaN", "nan", "Infinity", "", None, [1, 2], {"a": 1}, 2**70]
_ACTUAL: list[Any] = [
    *_EXPECTED,
    MISSING,
    1.5,
    "true",
    [1.0, 2.0],
    [True, 2],
    {"a": 1.0},
    {"a": True},
    {"b": 1},
    "x" * 200,
    "é",
    2**70 + 0.0,
]
_EMAILS = [
    "dana@example.com",
    "Dana.Scully@Example.COM",
    "mailto:dana@example.com",
    "Dana Scully <dana@example.com>",
    "not an address",
    "a@b.com, c@d.com",
]
_MATCHERS: list[MatcherSpec] = [
    *(("equality", value, None) for value in _EXPECTED),
    ("missing", None, None),
    *(("email", value, None) for value in _EMAILS),
    ("optional", None, ("equality", 1, None)),
    ("optional", None, ("email", "dana@example.com", None)),
    ("optional", None, ("missing", None, None)),
    ("optional", None, ("optional", None, ("equality", "x", None))),
    ("optional", None, None),
    ("unknown", 1, None),
]
_EMAIL_ACTUAL: list[Any] = [
    "dana@example.com",
    "DANA@EXAMPLE.COM",
    "  dana@example.com\t",
    "mailto:DANA@example.com",
    "MAILTO:dana@example.com",
    "Dana Scully <DANA@example.com>",
    "Dana Scully<dana@example.com>",
    "Dana  Scully <dana@example.com>",
    '"Scully, Dana" <dana@example.com>',
    "dana@example.com, dana@example.com",
    ["dana@example.com"],
    ["dana@example.com", "x@y.com"],
    "dana@examp1e.com",
    "\uff44\uff41\uff4e\uff41@example.com",
    "dana@example.com?subject=hi",
    "",
    5,
    {"to": "dana@example.com"},
]


@pytest.mark.parametrize("matcher", _MATCHERS, ids=repr)
def test_each_deterministic_row_equals_the_row_of_the_matchers_outcome(matcher: MatcherSpec) -> None:
    for value in [*_ACTUAL, *_EMAIL_ACTUAL]:
        params = {} if value is MISSING else {"p": value}
        row = parameter_row((["p"], False, matcher), params, _CTX)
        general = _general_row(["p"], matcher, value)
        assert row == general, (matcher, value)
        assert list(row) == list(general)
        assert type(row["score"]) is float


def test_a_type_mismatch_is_named_in_the_reason() -> None:
    row = parameter_row((["p"], False, ("equality", 1, None)), {"p": True}, _CTX)
    assert not row["passed"]
    assert row["reason"] == "expected 1 (integer), got true (boolean): the types differ"
    row = parameter_row((["p"], False, ("equality", 1, None)), {"p": 1.0}, _CTX)
    assert row["passed"]
    assert row["reason"] == "got 1.0 as expected"


def _email_by_parse(expected: str, actual: Any) -> tuple[bool, str]:
    """The verdict as the parse gives it, for the values where the shortcut may answer (strings)."""
    wanted, invalid = parse_addresses(expected)
    if len(wanted) != 1 or invalid:
        return False, f"the expected value {expected!r} is not a single email address"
    found, not_addresses = parse_addresses(actual)
    if found == (wanted[0],) and not not_addresses:
        return True, f"got {wanted[0]}"
    return False, "another verdict"


@pytest.mark.parametrize("actual", [value for value in _EMAIL_ACTUAL if isinstance(value, str)])
@pytest.mark.parametrize("expected", [*_EMAILS, "DANA@example.com", "dana@xn--bcher-kva.example", "dana@test"])
def test_the_email_shortcut_agrees_with_the_parse(expected: str, actual: str) -> None:
    passed, reason = email_verdict(expected, actual)
    by_parse = _email_by_parse(expected, actual)
    assert passed == by_parse[0], (expected, actual)
    if passed:
        assert reason == by_parse[1]


_CONFUSABLE = [
    "K",
    "k",
    "\u212a",
    "\u017f",
    "s",
    "\u0131",
    "\u0130",
    "i",
    "I",
    "ß",
    "\ufb00",
    "é",
    "\u00a0",
    " ",
    "<",
    ">",
    ".",
]


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(["dana.kiss", "sam+ski", "x_1", "kit-kat"]),
    st.sampled_from(["example.com", "corp.example.org", "bücher.example", "xn--bcher-kva.example"]),
    st.lists(st.tuples(st.integers(0, 40), st.sampled_from(_CONFUSABLE)), max_size=3),
    st.sampled_from(["", " ", "mailto:", "MailTo:", "ma\u0131lto:", "Dana K <", "Dana K<", "Dana  K <", " <"]),
    st.booleans(),
    st.booleans(),
)
def test_the_shortcut_only_answers_what_the_parse_answers(
    local: str, domain: str, edits: list[tuple[int, str]], before: str, upper: bool, title: bool
) -> None:
    address = f"{local}@{domain}"
    target, plain = _target(address)
    assert target is not None
    written = address.upper() if upper else address.title() if title else address
    value = before + written + (">" if before.endswith("<") else "")
    for position, char in edits:
        value = value[:position] + char + value[position:]
    if plain and _plainly(value, target):
        assert parse_addresses(value) == ((target,), ())
    assert email_verdict(address, value)[0] == (parse_addresses(value) == ((target,), ()))


def test_the_shortcut_answers_the_usual_spellings() -> None:
    target, plain = _target("dana.scully@example.com")
    assert plain
    assert target == "dana.scully@example.com"
    for value in (
        "Dana.Scully@Example.com",
        " mailto:DANA.SCULLY@EXAMPLE.COM ",
        "Dana Scully <Dana.Scully@example.com>",
    ):
        assert _plainly(value, target), value
    for value in ("Dana  Scully <dana.scully@example.com>", "dana.scully@example.com>", "<dana.scully@example.com>"):
        assert not _plainly(value, target), value


@settings(max_examples=100, deadline=None)
@given(
    st.text(
        alphabet=st.sampled_from(["m", "M", "a", "A", "i", "I", "\u0131", "\u0130", "l", "t", "o", ":", "\u212a", "x"])
    )
)
def test_mailto_is_removed_as_the_pattern_removes_it(text: str) -> None:
    for candidate in (text, "mailto:" + text, "MAILTO:" + text, "ma\u0131lto:" + text, "MA\u0130LTO:" + text):
        assert _without_mailto(candidate) == _MAILTO.sub("", candidate)


def test_special_use_domains_are_still_refused() -> None:
    for domain in ("localhost", "mail.test", "x.invalid", "a.onion", "b.arpa", "c.local"):
        assert parse_addresses(f"dana@{domain}") == ((), (f"dana@{domain}",))
    assert parse_addresses("dana@latest.com") == (("dana@latest.com",), ())
    assert re.fullmatch(r"[a-z.@]+", parse_addresses("Dana@Contest.Org")[0][0])


def _simple_by_one_pattern(text: str) -> str | None:
    """The plain-address rule as one regular expression over the whole text."""
    if re.fullmatch(_PLAIN, text) is None or len(text) > 254:
        return None
    local, _, domain = text.partition("@")
    domain = domain.lower()
    if len(local) > 64 or len(domain) > 253 or "--" in domain:
        return None
    if re.search(r"(?:^|\.)(?:" + "|".join(map(re.escape, SPECIAL_USE_DOMAIN_NAMES)) + r")\Z", domain):
        return None
    return f"{local.casefold()}@{domain}"


_PIECES = ["a", "Z", "0", "_", "+", "-", ".", "@", "x" * 64, "y" * 62, "--", "Example", "com", "test", "é", " "]


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(
        st.from_regex(_PLAIN, fullmatch=True),
        st.lists(st.sampled_from(_PIECES), max_size=12).map("".join),
        st.builds(lambda a, b: f"{a}@{b}", st.text(max_size=70), st.text(max_size=20)),
    )
)
def test_the_split_plain_check_is_the_one_pattern_check(text: str) -> None:
    assert _simple(text) == _simple_by_one_pattern(text)
    assert _simple(text) == _simple_by_one_pattern(text)  # the second time from the memoized domain


def _equality_by_rules(expected: Any, actual: Any) -> tuple[bool, str]:
    """The equality verdict by the general rules alone: JSON equality, then the reason by the two JSON types."""
    if actual is MISSING:
        return False, f"expected {describe_value(expected)}, got nothing (the parameter is absent)"
    if json_equal(expected, actual):
        return True, f"got {render(actual)} as expected"
    expected_type, actual_type = json_type(expected), json_type(actual)
    if expected_type != actual_type and not {expected_type, actual_type} <= {"integer", "number"}:
        return False, f"expected {describe_value(expected)}, got {describe_value(actual)}: the types differ"
    if isinstance(expected, str) and isinstance(actual, str) and _alike(expected) == _alike(actual):
        alike = "they differ only in letter case or white space, and equality compares strings exactly"
        return False, f"expected {render(expected)}, got {render(actual)}: {alike}"
    return False, f"expected {render(expected)}, got {render(actual)}"


def _alike(text: str) -> str:
    return "".join(text.casefold().split())


@pytest.mark.parametrize("expected", _EXPECTED, ids=repr)
def test_the_equality_shortcuts_give_the_general_verdict(expected: Any) -> None:
    for actual in _ACTUAL:
        assert equality_verdict(expected, actual) == _equality_by_rules(expected, actual), (expected, actual)

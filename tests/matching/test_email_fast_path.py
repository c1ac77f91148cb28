"""The plain-address fast path of the e-mail matcher gives exactly what the general parse gives."""

from __future__ import annotations

import pytest
from email_validator import EmailNotValidError, validate_email
from hypothesis import given, settings
from hypothesis import strategies as st

from mb.matching.email_address import _NAMED, _PLAIN, _parse_general, _simple, match_email, parse_addresses

_LABEL = st.from_regex(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,8}[A-Za-z0-9])?", fullmatch=True)
_LOCAL = st.from_regex(r"[A-Za-z0-9_+.!#$%&'*/=?^`{|}~-]{1,12}", fullmatch=True)
_TLD = st.sampled_from(["com", "org", "Net", "io", "co", "uk", "local", "localhost", "test", "arpa", "onion", "x1"])
_ADDRESS = st.builds(
    lambda local, labels, tld: f"{local}@{'.'.join([*labels, tld])}",
    _LOCAL,
    st.lists(_LABEL, min_size=0, max_size=3),
    _TLD,
)


def _library(text: str) -> str | None:
    try:
        result = validate_email(text, check_deliverability=False, allow_smtputf8=True)
    except EmailNotValidError:
        return None
    return f"{result.local_part.casefold()}@{result.ascii_domain.casefold()}"


@settings(max_examples=150, deadline=None)
@given(st.one_of(_ADDRESS, st.from_regex(_PLAIN, fullmatch=True)))
def test_a_plain_address_is_accepted_only_as_email_validator_accepts_it(text: str) -> None:
    fast = _simple(text)
    if fast is not None:
        assert fast == _library(text)


@settings(max_examples=100, deadline=None)
@given(
    st.from_regex(r"([A-Za-z0-9]{1,6} ){0,2}", fullmatch=True),
    _ADDRESS,
    st.sampled_from(["", " ", "  ", "mailto:", " MAILTO:", "\t"]),
    st.sampled_from(["", " ", "\n", ",", ";", ", x@y.com", "?subject=hi"]),
)
def test_parse_addresses_matches_the_general_parse(name: str, address: str, before: str, after: str) -> None:
    for text in (address, f"{name}<{address}>", f"{name.strip()} <{address}>"):
        value = before + text + after
        parse_addresses.cache_clear()
        general = _parse_general(value.strip().removeprefix("mailto:").removeprefix("MAILTO:"))
        assert parse_addresses(value) == general, value


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("Dana.Scully@Example.COM", (("dana.scully@example.com",), ())),
        ("Dana Scully <Dana.Scully@Example.com>", (("dana.scully@example.com",), ())),
        ("mailto:DANA@EXAMPLE.COM", (("dana@example.com",), ())),
        ("dana@localhost.localhost", ((), ("dana@localhost.localhost",))),
        ("dana@xn--bcher-kva.example", (("dana@xn--bcher-kva.example",), ())),
        ("dana@ab--cd.example", ((), ("dana@ab--cd.example",))),
        ("a@b.c1", ((), ("a@b.c1",))),
    ],
)
def test_known_addresses(value: str, expected: tuple[tuple[str, ...], tuple[str, ...]]) -> None:
    assert parse_addresses(value) == expected
    assert _parse_general(value.removeprefix("mailto:")) == expected


def test_the_named_form_needs_a_plain_name() -> None:
    assert _NAMED.fullmatch("Dana Scully <dana@example.com>")
    assert not _NAMED.fullmatch('"Scully, Dana" <dana@example.com>')
    assert not _NAMED.fullmatch("Dana  Scully <dana@example.com>")


@pytest.mark.parametrize("hostile", ["(" * 5000 + "a@b.c", "mailto:" * 2000 + "a@b.c", "a:" * 3000 + "b@c.d;"])
def test_nesting_past_the_parser_recursion_is_not_an_address(hostile: str) -> None:
    found, invalid = parse_addresses(hostile)
    assert found == ()
    assert len(invalid) == 1
    assert len(invalid[0]) <= 60
    for expected, actual in (("a@b.c", hostile), (hostile, "a@b.c"), (hostile, [hostile])):
        outcome = match_email(expected, actual)
        assert not outcome.passed

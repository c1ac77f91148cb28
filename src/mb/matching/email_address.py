"""``email``: addresses are parsed (display names, ``mailto:`` URLs and the recipients of their query, surrounding
space) and compared case-folded."""

from __future__ import annotations

import re
from collections.abc import Sequence
from email.utils import getaddresses
from functools import lru_cache
from typing import Any
from urllib.parse import parse_qsl, unquote

from ._names import shown_name
from ._outcome import Outcome
from ._values import MISSING, describe_value, render

__all__ = ["match_email", "parse_addresses"]

_MAILTO = re.compile(r"^\s*mailto:", re.IGNORECASE)
_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"')
"""A quoted string: a display name may hold any character in one."""
_CLOSING = {")": "(", ">": "<", "]": "["}
_RECIPIENTS = ("to", "cc", "bcc")
"""The fields of a ``mailto:`` URL's query that add recipients."""
_BARE = re.compile(r"[A-Za-z0-9._+-]+@[A-Za-z0-9.-]+").fullmatch
"""A lone address with no display name, quoting or list: the standard parser would give it back as it is."""
_NAMED = re.compile(r"([A-Za-z0-9]+(?: [A-Za-z0-9]+)*) +<([A-Za-z0-9._+-]+@[A-Za-z0-9.-]+)>").fullmatch
"""Plain words and one such address in angle brackets: the standard parser gives back the words and the address."""


_PLAIN_LOCAL = re.compile(r"[A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*").fullmatch
"""A local part ``email_validator`` takes as it is: letters, digits, ``_+-``, dots between them."""


@lru_cache(maxsize=4096)
def _normalize(address: str) -> str | None:
    """The canonical, case-folded form of one address (``email_validator``'s reading); None when it is not an
    email address."""
    text = _MAILTO.sub("", address.strip()).strip()
    if not text:
        return None
    local, at, domain = text.partition("@")
    if at and text.isascii() and _PLAIN_LOCAL(local):
        # Such a local part is read as written, and only its length counts beside the domain: the address reads as
        # one of as many "a"s at the same domain does (a benchmark has many addresses, few domains).
        ascii_domain = _domain(len(local), domain)
        return None if ascii_domain is None else f"{local.casefold()}@{ascii_domain}"
    result = _validated(text)
    return None if result is None else f"{result.local_part.casefold()}@{result.ascii_domain.casefold()}"


@lru_cache(maxsize=4096)
def _domain(length: int, domain: str) -> str | None:
    """The case-folded ASCII domain of an address of a plain local part of ``length`` characters at ``domain``; None
    when such an address is not valid."""
    result = _validated(f"{'a' * length}@{domain}")
    return None if result is None else result.ascii_domain.casefold()


def _validated(text: str) -> Any:
    """``email_validator``'s reading of an address (its ``ValidatedEmail``); None when it is not valid."""
    from email_validator import EmailNotValidError, validate_email  # imported on the first address read

    try:
        return validate_email(text, check_deliverability=False, allow_smtputf8=True)
    except EmailNotValidError:
        return None


def parse_addresses(value: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Split a string of one or more addresses (``,`` or ``;`` separated, display names allowed).

    Returns (normalized addresses, parts that are not addresses). An ASCII text is read in lower case first: letter
    case changes neither where the standard parser splits it nor what ``email_validator`` accepts, and addresses are
    compared case-folded, so an agent's ``Dana.Scully@Example.com`` shares the reading of the expected
    ``dana.scully@example.com``. Parts that are not addresses are reported as written.
    """
    text = value.strip()
    mailto = _MAILTO.match(text)
    if mailto is not None:  # a URL: a percent-encoded path, and recipients in its query (to, cc, bcc)
        path, _, query = text[mailto.end() :].partition("?")
        recipients = [value for key, value in parse_qsl(query) if key.casefold() in _RECIPIENTS]
        text = ", ".join(part for part in (unquote(path), *recipients) if part.strip())
    if text.isascii():
        lowered = _read(text.lower())
        if not lowered[1]:
            return lowered
    return _read(text)


@lru_cache(maxsize=4096)
def _read(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """:func:`parse_addresses` of a text without its ``mailto:`` and surrounding space. Cached: benchmarks repeat
    addresses."""
    found: list[str] = []
    invalid: list[str] = []
    try:
        if _BARE(text):
            pairs = [("", text)]
        elif named := _NAMED(text):
            pairs = [(named[1], named[2])]
        elif _stray(text):
            return (), (_shortened(text),)
        else:
            pairs = getaddresses([text.replace(";", ",")])
    except RecursionError:  # comments or groups nested past the stdlib parser's recursion ("((((...", "a:b:c:...")
        return (), (_shortened(text),)
    for name, address in pairs:
        if not address and not name:
            continue
        if (address or name) not in text:  # the parser joined what white space splits ("dana@ex ample.com")
            return (), (_shortened(text),)
        normalized = _normalize(address or name)
        if normalized is None:
            part = (f"{name} <{address}>" if name and address else address or name).strip()
            # A text of one part (no separator) is reported whole: the parser may have read a piece of it ("@x.com" of
            # "ana@x.com bob@x.com") or rebuilt it ("at <ana>" of "ana(at)x.com").
            invalid.append(part if part in text and ("," in text or ";" in text) else _shortened(text))
        else:
            found.append(normalized)
    return tuple(found), tuple(invalid)


def _shortened(text: str) -> str:
    """A text not read as addresses, as written, shortened to 60 characters for a reason."""
    return text if len(text) <= 60 else text[:57] + "..."


def _stray(text: str) -> bool:
    """Whether ``text`` holds a bracket or colon that the standard parser would drop without a word: brackets unclosed,
    unopened or nested (``dana@example.com)``, ``<<dana@example.com>>``), an empty ``<>``, a ``[`` other than a domain
    literal's after ``@`` (``[dana@example.com](mailto:dana@example.com)``), a ``:`` opening no group that a ``;``
    closes (``To: dana@example.com``). Quoted strings, comments and domain literals are not read inside."""
    text = _QUOTED.sub('""', text)
    opened: list[tuple[str, int]] = []  # the brackets open at each point, with where they opened
    group_end = text.rfind(";")
    for index, char in enumerate(text):
        inside = opened[-1][0] if opened else ""
        if (inside == "(" and char not in "()") or (inside == "[" and char != "]"):
            continue
        if char in "(<[":
            if (char == "<" and inside == "<") or (char == "[" and text[index - 1 : index] != "@"):
                return True
            opened.append((char, index))
        elif char in _CLOSING:
            start = opened.pop()[1] if opened and opened[-1][0] == _CLOSING[char] else -1
            if start < 0 or (char == ">" and not text[start + 1 : index].strip()):
                return True
        elif char == ":" and index > group_end:
            return True
    return bool(opened)


def _addresses_of(actual: Any) -> tuple[Sequence[str], Sequence[str]] | None:
    if isinstance(actual, str):
        return parse_addresses(actual)
    if isinstance(actual, list) and all(isinstance(item, str) for item in actual):
        found: list[str] = []
        invalid: list[str] = []
        for item in actual:
            addresses, rest = parse_addresses(item)
            found += addresses
            invalid += rest if addresses or rest else [item]  # an item that holds no address ("") is not one
        return found, invalid
    return None


def match_email(expected: str, actual: Any) -> Outcome:
    """Whether ``actual`` holds exactly the one address ``expected`` (a string or a list of strings)."""
    wanted, not_addresses = parse_addresses(expected)
    if len(wanted) != 1 or not_addresses:  # the benchmark's error, never the agent's failure
        problem = f"the expected value {expected!r} is not a single email address"
        return Outcome(False, problem, 0.0, error=problem)
    target = wanted[0]
    if actual is MISSING or actual is None:
        return Outcome.fail(f"expected {target}, got {describe_value(actual)}")
    parsed = _addresses_of(actual)
    if parsed is None:
        return Outcome.fail(f"expected {target}, got {describe_value(actual)}: not a string or list of strings")
    found, invalid = parsed
    if invalid:
        shown = ", ".join(repr(part) for part in invalid)
        return Outcome.fail(f"expected {target}, got {render(actual)}: not an email address: {shown}")
    if not found:
        return Outcome.fail(f"expected {target}, got no address in {render(actual)}")
    if len(found) > 1:
        return Outcome.fail(f"expected exactly one address ({target}), got {len(found)}: {', '.join(found)}")
    if found[0] != target:
        return Outcome.fail(f"expected {target}, got {found[0] if found[0].isascii() else shown_name(found[0])}")
    return Outcome.ok(f"got {target}")

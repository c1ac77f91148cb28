"""``email``: addresses are parsed (display names, ``mailto:``, surrounding space) and compared case-folded."""

from __future__ import annotations

import re
from collections.abc import Sequence
from email.utils import getaddresses
from functools import lru_cache
from typing import Any

from email_validator import SPECIAL_USE_DOMAIN_NAMES, EmailNotValidError, validate_email

from ._outcome import Outcome
from ._values import MISSING, describe_value, render

__all__ = ["match_email", "parse_addresses"]

_MAILTO = re.compile(r"^\s*mailto:", re.IGNORECASE)
_PLAIN = (
    r"[A-Za-z0-9_+-]{1,64}(?:\.[A-Za-z0-9_+-]{1,64})*"
    r"@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.){1,8}[A-Za-z]{2,63}"
)
_SIMPLE = re.compile(_PLAIN)
"""A plain ASCII address (dot-atom local part, letter-only top-level domain): a strict subset of what
``email_validator`` accepts, checked without it (see ``_simple``)."""
_NAMED = re.compile(rf"([A-Za-z0-9]+(?: [A-Za-z0-9]+)*) ?<({_PLAIN})>")
"""``Display Name <address>`` with a plain name (letters, digits, single spaces) and a plain address."""
_SPECIAL = re.compile(r"(?:^|\.)(?:" + "|".join(map(re.escape, SPECIAL_USE_DOMAIN_NAMES)) + r")\Z")
"""A domain that is, or is under, a special-use name (``email_validator`` refuses those)."""


def _simple(text: str) -> str | None:
    """The case-folded address when ``text`` is a plain address ``email_validator`` certainly accepts unchanged,
    else None (the caller then asks ``email_validator``)."""
    if _SIMPLE.fullmatch(text) is None or len(text) > 254:
        return None
    local, _, domain = text.partition("@")
    domain = domain.lower()
    if len(local) > 64 or len(domain) > 253 or "--" in domain:
        return None
    if _SPECIAL.search(domain) is not None:
        return None
    return f"{local.casefold()}@{domain}"


@lru_cache(maxsize=8192)
def _normalize(address: str) -> str | None:
    """The canonical, case-folded form of one address; None when it is not an email address."""
    text = _MAILTO.sub("", address.strip()).split("?", 1)[0].strip()
    plain = _simple(text)
    if plain is not None:
        return plain
    if not text:
        return None
    try:
        result = validate_email(text, check_deliverability=False, allow_smtputf8=True)
    except EmailNotValidError:
        return None
    return f"{result.local_part.casefold()}@{result.ascii_domain.casefold()}"


@lru_cache(maxsize=16384)
def parse_addresses(value: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Split a string of one or more addresses (``,`` or ``;`` separated, display names allowed).

    Returns (normalized addresses, parts that are not addresses). Cached: benchmarks repeat addresses. A lone plain
    address, or one behind a plain display name, skips the general parse (same result, a fraction of the time).
    """
    text = _MAILTO.sub("", value.strip())
    plain = _simple(text)
    if plain is None:
        named = _NAMED.fullmatch(text)
        plain = _simple(named.group(2)) if named else None
    if plain is not None:
        return (plain,), ()
    return _parse_general(text)


def _parse_general(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``parse_addresses`` through ``email.utils.getaddresses`` and ``email_validator`` (any form)."""
    found: list[str] = []
    invalid: list[str] = []
    for name, address in getaddresses([text.replace(";", ",")]):
        if not address and not name:
            continue
        normalized = _normalize(address or name)
        if normalized is None:
            invalid.append((f"{name} <{address}>" if name and address else address or name).strip())
        else:
            found.append(normalized)
    return tuple(found), tuple(invalid)


def _addresses_of(actual: Any) -> tuple[Sequence[str], Sequence[str]] | None:
    if isinstance(actual, str):
        return parse_addresses(actual)
    if isinstance(actual, list) and all(isinstance(item, str) for item in actual):
        found: list[str] = []
        invalid: list[str] = []
        for item in actual:
            item_found, item_invalid = parse_addresses(item)
            found.extend(item_found)
            invalid.extend(item_invalid)
        return found, invalid
    return None


def match_email(expected: str, actual: Any) -> Outcome:
    """Whether ``actual`` holds exactly the one address ``expected`` (a string or a list of strings)."""
    wanted, wanted_invalid = parse_addresses(expected)
    if len(wanted) != 1 or wanted_invalid:
        return Outcome.fail(f"the expected value {expected!r} is not a single email address")
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
        return Outcome.fail(f"expected {target}, got {found[0]}")
    return Outcome.ok(f"got {target}")

"""``email``: addresses are parsed (display names, ``mailto:``, surrounding space) and compared case-folded."""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
from collections.abc import Sequence
from email.utils import getaddresses
from functools import lru_cache
from typing import Any

from ._outcome import Outcome
from ._values import MISSING, describe_value, render

__all__ = ["email_verdict", "match_email", "parse_addresses"]

_MAILTO = re.compile(r"^\s*mailto:", re.IGNORECASE)
_LOCAL_PART = r"[A-Za-z0-9_+-]{1,64}(?:\.[A-Za-z0-9_+-]{1,64})*"
_DOMAIN_PART = r"(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.){1,8}[A-Za-z]{2,63}"
_PLAIN = f"{_LOCAL_PART}@{_DOMAIN_PART}"
"""A plain ASCII address (dot-atom local part, letter-only top-level domain): a strict subset of what
``email_validator`` accepts, checked without it (see ``_simple``)."""
_LOCAL = re.compile(_LOCAL_PART)
_DOMAIN = re.compile(_DOMAIN_PART)
_NAMED = re.compile(rf"([A-Za-z0-9]+(?: [A-Za-z0-9]+)*) ?<({_PLAIN})>")
"""``Display Name <address>`` with a plain name (letters, digits, single spaces) and a plain address."""


def _special_use_domain_names() -> tuple[str, ...]:
    """``email_validator.SPECIAL_USE_DOMAIN_NAMES`` of the installed version.

    Importing ``email_validator`` compiles large Unicode patterns (tens of milliseconds), and a plain address never
    needs them: the list is read from the package's source (a literal list) without running it. Any other shape of
    that source falls back to importing the package.
    """
    module = sys.modules.get("email_validator")
    if module is None:
        spec = importlib.util.find_spec("email_validator")
        try:
            with open(spec.origin if spec and spec.origin else "", encoding="utf-8") as source:
                tree = ast.parse(source.read())
            for node in tree.body:
                if isinstance(node, ast.Assign) and any(
                    isinstance(target, ast.Name) and target.id == "SPECIAL_USE_DOMAIN_NAMES" for target in node.targets
                ):
                    names = ast.literal_eval(node.value)
                    if isinstance(names, list) and names and all(isinstance(name, str) for name in names):
                        return tuple(names)
        except (OSError, SyntaxError, ValueError, TypeError, MemoryError, RecursionError):
            pass
    from email_validator import SPECIAL_USE_DOMAIN_NAMES

    return tuple(SPECIAL_USE_DOMAIN_NAMES)


_SPECIAL_USE = _special_use_domain_names()
_SPECIAL_NAMES = frozenset(_SPECIAL_USE)
_SPECIAL_SUFFIXES = tuple(f".{name}" for name in _SPECIAL_USE)
"""A domain that is, or is under, one of these special-use names is refused by ``email_validator``."""


def _without_mailto(text: str) -> str:
    """``text`` (already stripped) without a leading ``mailto:`` in any case."""
    if text.isascii():  # the pattern's case-insensitive letters match no other ASCII letter
        return text[7:] if text[:7].lower() == "mailto:" else text
    return _MAILTO.sub("", text)


def _simple(text: str) -> str | None:
    """The case-folded address when ``text`` is a plain address ``email_validator`` certainly accepts unchanged,
    else None (the caller then asks ``email_validator``).

    Neither part of :data:`_PLAIN` holds an ``@``: the text splits at its first one, the local part is matched
    here and the domain, which addresses share, through :func:`_plain_domain`.
    """
    local, at, domain = text.partition("@")
    if not at or len(text) > 254 or len(local) > 64 or _LOCAL.fullmatch(local) is None:
        return None
    folded = _DOMAINS.get(domain)
    if folded is None:
        folded = _plain_domain(domain)
    return f"{local.casefold()}@{folded}" if folded else None


_DOMAINS: dict[str, str] = {}
_DOMAINS_SIZE = 4096  # emptied when full


def _plain_domain(domain: str) -> str:
    """The lower-cased domain when it is plain and not special-use, else "" (memoized in :data:`_DOMAINS`)."""
    folded = domain.lower()
    if (
        _DOMAIN.fullmatch(domain) is None
        or len(folded) > 253
        or "--" in folded
        or folded in _SPECIAL_NAMES
        or folded.endswith(_SPECIAL_SUFFIXES)
    ):
        folded = ""
    if len(_DOMAINS) >= _DOMAINS_SIZE:
        _DOMAINS.clear()
    _DOMAINS[domain] = folded
    return folded


@lru_cache(maxsize=2048)
def _normalize(address: str) -> str | None:
    """The canonical, case-folded form of one address; None when it is not an email address."""
    text = _without_mailto(address.strip()).split("?", 1)[0].strip()
    plain = _simple(text)
    if plain is not None:
        return plain
    if not text:
        return None
    from email_validator import EmailNotValidError, validate_email  # only here: a plain address never needs it

    try:
        result = validate_email(text, check_deliverability=False, allow_smtputf8=True)
    except EmailNotValidError:
        return None
    return f"{result.local_part.casefold()}@{result.ascii_domain.casefold()}"


@lru_cache(maxsize=4096)
def parse_addresses(value: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Split a string of one or more addresses (``,`` or ``;`` separated, display names allowed).

    Returns (normalized addresses, parts that are not addresses). Cached: benchmarks repeat addresses. A lone plain
    address, or one behind a plain display name, skips the general parse (same result, a fraction of the time).
    """
    text = _without_mailto(value.strip())
    plain = _plain(text)
    if plain is not None:
        return (plain,), ()
    return _parse_general(text)


def _plain(text: str) -> str | None:
    """The address of ``text`` (stripped, without ``mailto:``) when it is a plain address, alone or behind a plain
    display name; else None."""
    plain = _simple(text)
    if plain is None:
        named = _NAMED.fullmatch(text)
        plain = _simple(named.group(2)) if named else None
    return plain


def _target(expected: str) -> tuple[str | None, bool]:
    """The one address ``expected`` holds (None when it is not exactly one), and whether it is a plain address
    (then :func:`_plainly` can recognize it without parsing). A plain address is read here, faster than a memo's
    upkeep (expected addresses rarely repeat); any other goes through the memoized :func:`parse_addresses`."""
    plain = _plain(_without_mailto(expected.strip()))
    if plain is not None:
        return plain, True
    wanted, invalid = parse_addresses(expected)
    return (wanted[0] if len(wanted) == 1 and not invalid else None), False


def _plainly(value: str, target: str) -> bool:
    """Whether ``parse_addresses(value)`` is certainly ``((target,), ())`` for a plain ``target``, decided without
    parsing: ``value`` is ``target`` up to ASCII case, surrounding space, ``mailto:`` and a plain display name.

    False means only "not decided here": the caller parses.
    """
    if not value.isascii():
        return False
    text = value.strip()
    if text[:7].lower() == "mailto:":
        text = text[7:]
    if text.lower() == target:  # _simple(text) == _simple(target) == target: the regex ignores ASCII case
        return True
    if text[-1:] != ">":
        return False
    start = text.find("<")
    if start <= 0 or text[start + 1 : -1].lower() != target:
        return False
    name = text[:start]  # what _NAMED takes: words of letters and digits, single spaces, at most one before "<"
    if name[-1] == " ":
        name = name[:-1]
    return name[:1] != " " and name[-1:] != " " and "  " not in name and name.replace(" ", "").isalnum()


def _parse_general(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``parse_addresses`` through ``email.utils.getaddresses`` and ``email_validator`` (any form)."""
    found: list[str] = []
    invalid: list[str] = []
    if text.count("<") != text.count(">"):  # "dana@example.com>": stray text, not a list of addresses
        return (), (text,)
    try:
        pairs = getaddresses([text.replace(";", ",")])
    except RecursionError:  # comments or groups nested past the stdlib parser's recursion ("((((...", "a:b:c:...")
        return (), (render(text, 60),)
    for name, address in pairs:
        if not address and not name:
            continue
        if (address or name) not in text:  # the parser joined what white space splits ("dana@ex ample.com")
            return (), (text,)
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


def email_verdict(expected: str, actual: Any) -> tuple[bool, str]:
    """``(passed, reason)``: whether ``actual`` holds exactly the one address ``expected`` (a string or a list of
    strings)."""
    text = expected.strip()
    target = None
    if text.isascii():  # _target's first case, inlined: a plain address (mailto: removed as _without_mailto does)
        target = _simple(text[7:] if text[:7].lower() == "mailto:" else text)
    if target is not None:
        plain = True
    else:
        target, plain = _target(expected)
    if target is None:
        return False, f"the expected value {expected!r} is not a single email address"
    if type(actual) is str and (actual == expected or (plain and _plainly(actual, target))):
        return True, f"got {target}"  # what the parse below concludes, without it
    if actual is MISSING or actual is None:
        return False, f"expected {target}, got {describe_value(actual)}"
    parsed = _addresses_of(actual)
    if parsed is None:
        return False, f"expected {target}, got {describe_value(actual)}: not a string or list of strings"
    found, invalid = parsed
    if invalid:
        shown = ", ".join(repr(part) for part in invalid)
        return False, f"expected {target}, got {render(actual)}: not an email address: {shown}"
    if not found:
        return False, f"expected {target}, got no address in {render(actual)}"
    if len(found) > 1:
        return False, f"expected exactly one address ({target}), got {len(found)}: {', '.join(found)}"
    if found[0] != target:
        return False, f"expected {target}, got {found[0]}"
    return True, f"got {target}"


def match_email(expected: str, actual: Any) -> Outcome:
    """Whether ``actual`` holds exactly the one address ``expected`` (a string or a list of strings)."""
    passed, reason = email_verdict(expected, actual)
    return Outcome(passed, reason, 1.0 if passed else 0.0)

"""Reading email addresses (display names, ``mailto:`` URLs and the recipients of their query, surrounding space):
the one reading of the ``email`` matcher's expected value, when a line is validated, and of the argument it is
compared with."""

from __future__ import annotations

import re
from email.utils import getaddresses
from functools import lru_cache
from urllib.parse import parse_qsl, unquote

__all__ = ["parse_addresses"]

_MAILTO = re.compile(r"^\s*mailto:", re.IGNORECASE)
_EMPTY_ANGLE = re.compile(r"<\s*>")
_RECIPIENTS = ("to", "cc", "bcc")
"""The fields of a ``mailto:`` URL's query that add recipients."""
_BARE = re.compile(r"[A-Za-z0-9._+-]+@[A-Za-z0-9.-]+").fullmatch
"""A lone address with no display name, quoting or list: the standard parser would give it back as it is."""


@lru_cache(maxsize=4096)
def _normalize(address: str) -> str | None:
    """The canonical, case-folded form of one address (``email_validator``'s reading); None when it is not an
    email address."""
    text = _MAILTO.sub("", address.strip()).strip()
    if not text:
        return None
    from email_validator import EmailNotValidError, validate_email  # imported on the first address read

    try:
        result = validate_email(text, check_deliverability=False, allow_smtputf8=True)
    except EmailNotValidError:
        return None
    return f"{result.local_part.casefold()}@{result.ascii_domain.casefold()}"


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
    if text.count("<") != text.count(">") or _EMPTY_ANGLE.search(text):  # "dana@example.com>", "dana@example.com <>"
        return (), (text,)
    try:
        pairs = [("", text)] if _BARE(text) else getaddresses([text.replace(";", ",")])
    except RecursionError:  # comments or groups nested past the stdlib parser's recursion ("((((...", "a:b:c:...")
        return (), (text if len(text) <= 60 else text[:57] + "...",)
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

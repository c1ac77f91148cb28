"""``email``: addresses are parsed (display names, comments, groups, ``mailto:`` URLs and the recipients of their query,
surrounding space) and compared case-folded."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any
from urllib.parse import unquote

from ._names import shown_name
from ._outcome import Outcome
from ._values import MISSING, describe_value

__all__ = ["match_email", "parse_addresses"]

_MAILTO = re.compile(r"^\s*mailto:", re.IGNORECASE)
_RECIPIENTS = ("to", "cc", "bcc")
"""The fields of a ``mailto:`` URL's query that add recipients."""
_TOKEN = re.compile(r'[^\s()<>\[\]:;,"\\]+|\s+').match
"""A run of characters an address or a display name word may hold (``@`` and ``.`` among them), or of space."""
_WORD = re.compile(r'[^\s()<>\[\]:;,"\\]+').fullmatch
"""A text that is one such run: one item, an address or not, as the scan reads it."""
_NAMED = re.compile(r'[^\s()<>\[\]:;,"\\@]+(?:\s+[^\s()<>\[\]:;,"\\@]+)*\s*<([^\s()<>\[\]:;,"\\]+)>').fullmatch
"""A text that is display name words (no ``@``) and one such run in ``<>``: one item, as the scan reads it."""
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029]")
"""Control characters and line breaks (a tab aside): no part of an address, display name or comment holds them."""
_ENDS = {'"': '"', "(": ")", "[": "]"}
"""What closes a quoted string, a comment and a domain literal."""
_PLAIN_LOCAL = re.compile(r"[A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*").fullmatch
"""A local part ``email_validator`` takes as it is: letters, digits, ``_+-``, dots between them."""


def _normalize(address: str) -> str | None:
    """The canonical, case-folded form of one address (``email_validator``'s reading); None when it is not one."""
    local, at, domain = address.partition("@")
    if at and address.isascii() and _PLAIN_LOCAL(local):
        # Such a local part is read as written, and only its length counts beside the domain: the address reads as
        # one of as many "a"s at the same domain does (a benchmark has many addresses, few domains).
        canonical = _validated(f"{'a' * len(local)}@{domain.lower()}")
        return None if canonical is None else f"{local.lower()}@{canonical.partition('@')[2]}"
    return _validated(address)


@lru_cache(maxsize=4096)
def _validated(address: str) -> str | None:
    """``email_validator``'s reading of an address, case-folded; None when it is not valid."""
    from email_validator import EmailNotValidError, validate_email  # imported on the first address read

    try:
        result = validate_email(address, check_deliverability=False, allow_smtputf8=True)
    except EmailNotValidError:
        return None
    # letter case aside, never a letter for another: the long s and the "ffi" ligature stay (no "s", "ffi")
    local = "".join(c.lower() if c.isascii() or not c.lower().isascii() else c for c in result.local_part)
    return f"{local}@{result.ascii_domain.lower()}"


def parse_addresses(value: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Split a string of addresses (``,``/``;`` separated; display names, comments, groups; a ``mailto:`` URL: the
    recipients of its percent-encoded path and of its query's ``to``, ``cc``, ``bcc``, where ``+`` is a plus sign).
    Returns (normalized addresses, items that are not addresses, as written: in a URL, its part that holds them)."""
    text = value.strip()
    mailto = _MAILTO.match(text)
    if mailto is None:
        return _read(text)
    path, _, query = text[mailto.end() :].partition("?")
    fields = (part for part in query.split("&") if unquote(part.partition("=")[0]).casefold() in _RECIPIENTS)
    found: list[str] = []
    invalid: list[str] = []
    for written, encoded in [(path, path), *((part, part.partition("=")[2]) for part in fields)]:
        addresses, rest = _read(unquote(encoded).strip())
        found += addresses
        invalid += rest if unquote(encoded) == written or not rest else [_part(written, 0, len(written), 0)]
    return tuple(found), tuple(invalid)


@lru_cache(maxsize=4096)
def _read(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """:func:`parse_addresses` of a text without its ``mailto:`` and surrounding space, in one scan from left to right.

    The text splits into items at ``,`` and ``;`` outside quoted strings, comments, domain literals and ``<>``; a
    group (``name: members;``) is one item, its ``:`` paired with the ``;`` that closes it. An item is an address
    (``addr``, ``<addr>`` or ``name <addr>``, the name words or quoted strings, comments around words), a group that
    holds addresses, or text that is not an address (reported as written): whatever the scan does not place is such
    text, never dropped, and so is a blank item unless it ends the text (a trailing separator). Cached.
    """
    if control := _CONTROL.search(text):  # a line break inside may add a header ("Ana\r\nBcc: ...")
        return (), (_part(text, 0, len(text), control.start()),)
    if (named := _NAMED(text)) or _WORD(text):  # most addresses: no comment, quote, group or separator to scan for
        start = named.start(1) if named else 0
        normalized = _normalize(named[1] if named else text)
        return ((normalized,), ()) if normalized is not None else ((), (_part(text, 0, len(text), start),))
    found: list[str] = []
    invalid: list[str] = []
    members: list[str] = []  # the addresses of the open group
    group = colon = reported = -1  # where the open group starts, its ":", and len(invalid) there (-1: no group)
    item, stray = 0, -1  # where the current item starts, and its first character that no address accounts for
    words: list[tuple[int, int, bool]] = []  # the item's words: start, end, whether a display name may hold it
    angle, opened, closed = 0, -1, False  # how many words come before "<", where "<" is (-1: none), ">" seen
    index = 0
    while index <= len(text):
        char = text[index : index + 1]  # "" past the end: it ends the last item
        end, wrong, piece = index + 1, False, None  # piece: part of a word, and whether a display name may hold it
        if not char or (char in ",;" and (opened < 0 or closed)):
            names, address = words[:angle], words[angle:]
            bad = [start for start, _, name in names if not name] + [start for start, _, _ in address[1:]]
            bad += [opened] if opened >= 0 and not (closed and address) else []  # "<ana@x.com", "<>"
            bad += [item] if not words and text[item:index].strip() else []  # comments only
            stray = min((at for at in (stray, *bad) if at >= 0), default=-1)
            normalized = _normalize(text[address[0][0] : address[0][1]]) if stray < 0 and address else None
            if normalized is not None:
                (members if group >= 0 else found).append(normalized)
            elif stray >= 0 or address:
                invalid.append(_part(text, item, index, stray if stray >= 0 else address[0][0]))
            elif char:  # a blank item before a separator
                invalid.append(_part(text, max(item - 1, 0), index + 1, index))
            if group >= 0 and char != ",":  # ";" or the end closes the group
                if not (members and char):  # a group left open, or that holds no address, is one such item
                    del invalid[reported:]
                    invalid.append(_part(text, group, index + 1, colon))
                found += members if char else []
                group, members = -1, []
            item, stray, words, angle, opened, closed = index + 1, -1, [], 0, -1, False
        elif char in _ENDS:
            end = _closed(text, index)
            wrong, end = end < 0, end if end >= 0 else len(text)
            piece = None if char == "(" or wrong else char == '"'  # a comment is space; a domain literal no name
        elif char == "<":
            wrong = opened >= 0
            angle, opened = (angle, opened) if wrong else (len(words), index)
        elif char == ">":
            wrong, closed = opened < 0 or closed, True
        elif char == ":":
            wrong = group >= 0 or opened >= 0 or stray >= 0 or not words or not all(name for _, _, name in words)
            if not wrong:  # a group opens, named by the words before it
                group, colon, reported, item, words = item, index, len(invalid), index + 1, []
        elif char in ")]\\,;":
            wrong = True
        else:
            run = _TOKEN(text, index)  # every other character starts one
            end = run.end() if run else end
            piece = None if char.isspace() else "@" not in text[index:end]
        if piece is not None:
            wrong = closed
            if words and words[-1][1] == index:  # no space or comment between
                words[-1] = (words[-1][0], end, words[-1][2] and piece)
            else:
                words.append((index, end, piece))
        if wrong and stray < 0:
            stray = index
        index = end
    return tuple(found), tuple(invalid)


def _closed(text: str, start: int) -> int:
    """Where the quoted string, comment or domain literal opening at ``start`` ends (after its closing character); -1
    when it does not: a backslash escapes the next character, comments nest, in a comment ``"`` is a character."""
    opening, depth, index = text[start], 0, start
    while index < len(text):
        char = text[index]
        if char == "\\":
            index += 1
        elif char == _ENDS[opening] and index > start:
            depth -= 1
            if not depth:
                return index + 1
        elif char == opening:
            depth += 1
        index += 1
    return -1


def _part(text: str, start: int, end: int, at: int) -> str:
    """``text[start:end]`` as written, without surrounding space, for a reason: shortened to 60 characters that keep
    ``at`` (where it stops being an address) in sight."""
    part = text[start:end].lstrip()
    at -= end - len(part)
    part = part.rstrip()
    if len(part) <= 60:
        return part
    begin = max(min(at - 20, len(part) - 54), 0)
    return ("..." if begin else "") + part[begin : begin + 54] + ("..." if begin + 54 < len(part) else "")


def match_email(expected: str, actual: Any) -> Outcome:
    """Whether ``actual`` holds exactly the one address ``expected`` (a string or a list of strings). Reasons show
    addresses and items as written, characters beyond ASCII escaped beside them (a look-alike letter shows)."""
    wanted, not_addresses = parse_addresses(expected)
    if len(wanted) != 1 or not_addresses:  # the benchmark's error, never the agent's failure
        problem = f"the expected value {shown_name(expected)} is not a single email address"
        return Outcome(False, problem, 0.0, error=problem)
    target = shown_name(wanted[0])
    if not isinstance(actual, str) and not (isinstance(actual, list) and all(isinstance(i, str) for i in actual)):
        kind = "" if actual is MISSING or actual is None else ": not a string or list of strings"
        return Outcome.fail(f"expected {target}, got {describe_value(actual)}{kind}")
    found: list[str] = []
    invalid: list[str] = []
    for item in [actual] if isinstance(actual, str) else actual:
        addresses, rest = parse_addresses(item)
        found += addresses
        invalid += rest if addresses or rest or item is actual else [item]  # a list's item holding no address ("")
    if invalid:
        shown = ", ".join(map(shown_name, dict.fromkeys(invalid)))  # each item once
        return Outcome.fail(f"expected {target}, got text that is not an email address: {shown}")
    if not found:
        shown = shown_name(actual) if isinstance(actual, str) else "an empty list"
        return Outcome.fail(f"expected {target}, got no address in {shown}")
    if len(found) > 1:
        shown = ", ".join(map(shown_name, found))
        return Outcome.fail(f"expected exactly one address ({target}), got {len(found)}: {shown}")
    if found[0] != wanted[0]:
        return Outcome.fail(f"expected {target}, got {shown_name(found[0])}")
    return Outcome.ok(f"got {target}")

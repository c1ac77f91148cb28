"""Removing secrets from messages before they are stored or printed.

Every pattern runs in time linear in the text's length (bounded repetitions where a pattern could otherwise be
tried again from each position of a long run).

Error text from judges and agents often quotes the request: an API key echoed by a 401 body, a bearer token, a
base URL with ``user:password@``. :func:`redact` replaces each with ``[REDACTED]`` (URL credentials become
``***@``). It knows the common shapes of keys and the values of the key variables MorganaBench reads
(``MB_JUDGE_API_KEY``, ``OPENAI_API_KEY``), and any literal value a caller passes: as written, and inside base64 text
on one line (a ``Basic`` credential ``user:KEY`` or ``:KEY``, with or without its prefix), standard, base64url or
percent-encoded (``%2B``, ``%2F``). Base64 broken across lines (MIME's 76-character lines) is not searched.
"""

from __future__ import annotations

import base64
import os
import re
from collections.abc import Iterable
from urllib.parse import unquote, urlsplit

__all__ = ["MASK", "add_secret", "redact", "url_credentials"]

MASK = "[REDACTED]"
"""What a secret is replaced with."""

_KEY_VARIABLES = ("MB_JUDGE_API_KEY", "OPENAI_API_KEY")
"""Environment variables whose values are secrets wherever they appear."""

_URL_VARIABLES = ("MB_JUDGE_BASE_URL", "OPENAI_BASE_URL")
"""Environment variables holding a server URL whose ``user:password@`` part is a secret wherever it appears (also as
the ``Basic`` credentials an HTTP client derives from it)."""

_SECRETS: set[str] = set()
"""Values given in code as keys (``ChatCompletionsAgent(api_key=...)``): secrets wherever they appear."""

_MIN_LITERAL = 6
"""Shorter literal values are not searched for (``not-needed``-style placeholders aside, a real key is long)."""

_PLACEHOLDER = re.compile(r"[a-z]+(?:[-_][a-z]+)*")
"""A key that is a placeholder, not a secret: lowercase words without digits, under 16 characters (``ollama``,
``lm-studio``, ``not-needed``). A real key is a long random token; anything else given as a key is masked."""

_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    # scheme://user:password@host  ->  scheme://***@host. Found from its "://" (the scheme's last character looked
    # at alone): a pattern that matched the scheme itself would scan a long run of scheme characters again from each
    # of its positions (quadratic time)
    (re.compile(r"(?i)(?<=[a-z0-9+.\-])://[^/\s@?#]+@"), "://***@"),
    # Authorization: Bearer xyz / Authorization: Basic xyz / Proxy-Authorization: ...
    (re.compile(r"(?i)\b((?:proxy-)?authorization[\"']?\s*[:=]\s*[\"']?)(?:[a-z]+\s+)?[^\s\"',;]+"), r"\1" + MASK),
    # Bearer xyz / Basic xyz anywhere
    (re.compile(r"(?i)\b(bearer\s+)[a-z0-9._~+/=\-]{8,}"), r"\1" + MASK),
    (re.compile(r"(?i)\b(basic\s+)[a-z0-9+/]{8,}={0,2}"), r"\1" + MASK),
    # api_key=..., "api-key": "...", x-api-key: ..., access_token=..., secret=..., password=...
    (
        re.compile(
            r"(?i)((?:x-)?api[_\-]?key|access[_\-]?token|auth[_\-]?token|client[_\-]?secret|secret[_\-]?key|"
            r"password|passwd)([\"']?\s*[:=]\s*[\"']?)[^\s\"',;&}]+"
        ),
        r"\1\2" + MASK,
    ),
    # Provider key shapes: sk-..., sk-proj-..., sk-ant-..., and Google's AIza...
    (re.compile(r"\bsk-[A-Za-z0-9_\-]{16,}"), MASK),
    (re.compile(r"\bAIza[0-9A-Za-z_\-]{30,}"), MASK),
)


def url_credentials(url: str | None) -> list[str]:
    """The secret forms of the ``user:password@`` part of ``url``: as written, decoded, the password alone, and the
    ``Basic`` token an HTTP client sends for it (a secret even when ``user:password`` is too short to search for);
    none when the URL carries no credentials."""
    if not url or "@" not in url:
        return []
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return []
    if "@" not in parts.netloc:
        return []
    userinfo = parts.netloc.rsplit("@", 1)[0]
    decoded = unquote(userinfo)
    basic = base64.b64encode((decoded if ":" in decoded else decoded + ":").encode(errors="replace")).decode()
    return [userinfo, decoded, decoded.partition(":")[2], basic.rstrip("=")]


def add_secret(value: str | None) -> None:
    """Redact ``value`` from every text from now on, like the key variables: a key given in code, not read from the
    environment."""
    if value and value.strip():
        _SECRETS.add(value.strip())


def _key(value: str) -> bool:
    """Whether the value of a key is searched for: not a placeholder (:data:`_PLACEHOLDER`), which is ordinary text
    elsewhere (``ollama pull llama3``)."""
    return not (len(value) < 16 and _PLACEHOLDER.fullmatch(value))


def _literals(extra: Iterable[str | None]) -> list[str]:
    keys = {os.environ.get(name, "").strip() for name in _KEY_VARIABLES} | _SECRETS
    values = {key for key in keys if _key(key)}
    for name in _URL_VARIABLES:
        values.update(url_credentials(os.environ.get(name)))
    values.update(value for value in extra if value)
    return sorted((v for v in values if len(v) >= _MIN_LITERAL), key=len, reverse=True)


def _encoded(literal: str) -> set[str]:
    """The base64 characters that encode ``literal`` wherever it starts in an encoded text (three alignments), less
    the characters it shares with its neighbours."""
    try:
        data = literal.encode("utf-8", "surrogateescape")  # the bytes of a variable that are no UTF-8, as they were
    except UnicodeEncodeError:  # a lone surrogate given in code
        data = literal.encode("utf-8", "replace")
    forms = (base64.b64encode(bytes(shift) + data).decode("ascii") for shift in range(3))
    return {form[(8 * shift + 5) // 6 : 8 * (shift + len(data)) // 6] for shift, form in enumerate(forms)}


_URL_SAFE = str.maketrans("+/", "-_")
_PERCENT = str.maketrans({"+": "%2B", "/": "%2F"})
"""Base64 text as a URL holds it: base64url's alphabet, or percent-encoded."""


def redact(text: str, *secrets: str | None) -> str:
    """``text`` without API keys, bearer tokens, credentials in URLs, or the literal ``secrets`` given (also in
    base64)."""
    if not text:
        return text
    literals = _literals(secrets)
    for literal in literals:
        text = text.replace(literal, MASK)
    found = {core for literal in literals for core in _encoded(literal)}
    found |= {core.translate(_URL_SAFE) for core in found} | {core.translate(_PERCENT) for core in found}
    if cores := sorted(found, key=len, reverse=True):
        # in base64 text, with the character on each side that may carry some of its bits
        text = re.sub(f"[A-Za-z0-9+/_-]?(?:{'|'.join(map(re.escape, cores))})[A-Za-z0-9+/_-]?=*", MASK, text)
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text

"""What the LLM judge reads from a server's failures: whether the connection itself failed, whether it refuses the
requested answer format, and its message shortened to one line (the delay it asks for: ``mb._completion``)."""

from __future__ import annotations

import re
from typing import Any

__all__ = ["FORMATS", "format_refused", "one_line", "redirected", "refused_connection"]

FORMATS = ("json_schema", "json_object", "tool", "text")
"""The answer formats, most structured first: a strict JSON schema, JSON mode with the schema in the prompt, a forced
tool call whose arguments are the answer, plain text read by a strict parser."""

_MAX_MESSAGE = 300
# Words by which a server's error names the feature of the request it refused.
_FORMAT_WORDS = {
    "json_schema": ("response_format", "json_schema"),
    "json_object": ("response_format", "json_object", "schema"),
    "tool": ("tool_choice", "tools", "function"),
    "text": (),
}
_TRACEBACK = re.compile(r"Traceback \(most recent call last\)|\n\s*File \"")


def refused_connection(exc: Exception) -> bool:
    """True when the connection itself failed (refused, or the host name does not resolve) or the server redirects
    in a loop, not a timeout: the cause is the HTTP client's ``ConnectError`` or ``TooManyRedirects`` (matched by
    name, whichever httpx build the OpenAI SDK uses)."""
    cause = exc.__cause__
    names = ("ConnectError", "TooManyRedirects")
    return cause is not None and any(kind.__name__ in names for kind in type(cause).__mro__)


def redirected(response: Any) -> str:
    """`` (redirected to URL as a METHOD request)`` when the server's answer came after a redirect (a 301 or 302
    turns the POST into a GET), else nothing."""
    if not getattr(response, "history", None):
        return ""
    return f" (redirected to {response.request.url} as a {response.request.method} request)"


def format_refused(status: int, message: str, mode: str) -> bool:
    """Whether an HTTP error answers the answer format rather than the question: 400 and 422 always may (servers
    reject an unknown field with either); any other 4xx or 5xx when its message names the format's feature (the
    server of llama-cpp-python answers ``json_schema`` with a 500 that names it)."""
    if status in (400, 422):
        return True
    if status < 400 or status in (401, 403, 404, 408, 409, 429):
        return False
    text = message.lower()
    return any(word in text for word in _FORMAT_WORDS[mode])


def one_line(message: str) -> str:
    """A server's error message on one line: a traceback it includes is cut off, whitespace collapsed, the rest
    shortened to a few hundred characters."""
    found = _TRACEBACK.search(message)
    if found is not None:
        message = message[: found.start()]
    text = " ".join(message.split())
    return text if len(text) <= _MAX_MESSAGE else text[: _MAX_MESSAGE - 3] + "..."

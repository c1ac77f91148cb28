"""What an OpenAI-compatible server answered, as the LLM judge and the chat-completions agent read it (the delay a
failure asks for too)."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from email.utils import parsedate_to_datetime
from typing import Any, NamedTuple

from pydantic import BaseModel

from ._redact import redact

__all__ = ["Content", "content_text", "not_a_completion", "retry_after", "unfinished"]

_ENDED = ("stop", "tool_calls", "function_call", "eos_token", "stop_sequence", "eos", "end_turn", "tool_use")
"""The ``finish_reason`` values of a whole answer, compared in any case (OpenAI's, TGI's ``eos_token`` and
``stop_sequence``, ``eos`` and the ``end_turn``/``tool_use`` that proxies to Anthropic-style models pass on); a server
may also leave it out. Any other (``length``, ``content_filter``, Mistral's ``model_length`` and ``error``, vLLM's
``abort``) is an answer that did not end."""

_MEANING = {
    "length": ": max_tokens reached",
    "max_tokens": ": max_tokens reached",
    "content_filter": ": a content filter stopped it",
}


_THINKING = frozenset({"thinking", "reasoning", "redacted_thinking"})
"""The types of the content parts that hold a reasoning model's thinking, not its answer."""


class Content(NamedTuple):
    """What a message says, read from its ``content`` (a text, or a list of parts) and its ``refusal``."""

    text: str | None
    """Its text (the ``text`` parts joined), None when it has no ``content``."""

    refusal: str
    """What it refuses with (``message.refusal``, ``refusal`` parts), empty when it refuses nothing."""

    unread: str | None
    """What a part that is neither text, refusal nor thinking is (``a content part of type 'image'``, or one without
    a type, or a text part without a text): what the message says is then not known in full."""


def content_text(message: Any) -> Content:
    """What ``message`` says; thinking parts are left out, any other part than ``text`` or ``refusal`` is
    :attr:`Content.unread`."""
    content = getattr(message, "content", None)
    refused = getattr(message, "refusal", None)
    refusals = [refused] if isinstance(refused, str) and refused.strip() else []
    if not isinstance(content, list):
        return Content(None if content is None else str(content), "\n".join(refusals), None)
    texts: list[str] = []
    for part in content:
        kind = part.get("type") if isinstance(part, dict) else None
        if not isinstance(kind, str):
            return Content("".join(texts), "\n".join(refusals), "a content part without a type")
        said = part.get(kind) if kind in ("text", "refusal") else None
        if kind in _THINKING:
            continue
        if not isinstance(said, str):
            return Content("".join(texts), "\n".join(refusals), f"a content part of type {kind[:40]!r}")
        (texts if kind == "text" else refusals).append(said)
    return Content("".join(texts), "\n".join(refusals), None)


def not_a_completion(response: Any, clean: Callable[[str], str] = redact) -> str | None:
    """None when ``response`` has a first choice with a message object; else what came instead, on one line, its
    secrets masked by ``clean`` before it is cut: the fields the body sets (an ``error`` a gateway put in a 200,
    ``"choices":[]``, ``"message":"hi"``), or the text of a page."""
    choice = next(iter(getattr(response, "choices", None) or ()), None)
    if isinstance(getattr(choice, "message", None), BaseModel):
        return None
    dump = getattr(response, "model_dump_json", None)
    return " ".join(clean(dump(exclude_none=True, warnings=False) if callable(dump) else str(response)).split())[:300]


def unfinished(response: Any) -> str | None:
    """None when the message of a completion (:func:`not_a_completion` is None) is a whole answer; else why not: its
    ``finish_reason`` is none of :data:`_ENDED`, or it holds no content, refusal, tool call or function call."""
    choice = response.choices[0]
    finish = getattr(choice, "finish_reason", None)
    if finish and (said := str(finish).strip().casefold()) not in _ENDED:
        return f"the answer did not end (finish_reason {finish!r}{_MEANING.get(said, '')})"
    if all(
        getattr(choice.message, name, None) is None for name in ("content", "refusal", "tool_calls", "function_call")
    ):
        return "the model answered nothing (no content, no tool calls)"
    return None


_MAX_RETRY_AFTER = 120.0


def retry_after(headers: Mapping[str, str]) -> float | None:
    """Seconds the server asks us to wait (``retry-after-ms`` or ``Retry-After`` in seconds or as an HTTP date)."""
    milliseconds = headers.get("retry-after-ms")
    if milliseconds:
        try:
            return min(_MAX_RETRY_AFTER, max(0.0, float(milliseconds) / 1000.0))
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        seconds = float(value)
    except ValueError:
        try:
            seconds = parsedate_to_datetime(value).timestamp() - time.time()
        except (TypeError, ValueError, IndexError, OverflowError):
            return None
    return min(_MAX_RETRY_AFTER, max(0.0, seconds))

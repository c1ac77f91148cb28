"""Text helpers shared by metrics: tokens, the user's question, the example's context."""

from __future__ import annotations

import re

from ..entities import Example, RetrievalResults, ToolResult
from ..matching._values import compact_json
from ..matching.grounded import FAILED, result_failed

__all__ = ["context_text", "has_expected_response", "question_text", "tokens"]

_WORD = re.compile(r"\w+", re.UNICODE)


def has_expected_response(example: Example) -> bool:
    """An executed example with an expected response to compare against."""
    return bool(example.expectations.expected_response) and example.outputs is not None


def tokens(text: str, *, case_sensitive: bool = False) -> list[str]:
    """Word tokens of a text (letters, digits and underscores), lower-cased unless ``case_sensitive``."""
    return _WORD.findall(text if case_sensitive else text.casefold())


def question_text(example: Example) -> str:
    """The user's request; with history, the conversation as ``role: content`` lines ending with the request."""
    messages = example.inputs.messages
    if len(messages) == 1:
        return messages[0].content
    return "\n".join(f"{m.role}: {m.content}" for m in messages)


def context_text(example: Example) -> str:
    """What the response may be grounded on: retrieved chunks, the results of the tool calls that did not fail and an
    ``inputs.context`` extra."""
    parts: list[str] = []
    extra = (example.inputs.model_extra or {}).get("context")
    if isinstance(extra, str) and extra.strip():
        parts.append(extra.strip())
    if example.outputs is not None:
        for event in example.outputs.trace:
            if isinstance(event, RetrievalResults):
                parts.extend(f"[{chunk.id}] {chunk.page_content}" for chunk in event.outputs)
            elif isinstance(event, ToolResult) and result_failed(event.result) != FAILED:  # data about a failure stays
                result = event.result if isinstance(event.result, str) else compact_json(event.result)
                parts.append(f"[tool result {event.id}] {result}")
    return "\n".join(parts)

"""Values the sources share: chat messages, the assistant's answer and the tool calls it requests, retrieved
documents."""

from __future__ import annotations

from typing import Any

from ._common import Request, message_text

__all__ = ["assistant_text", "chat_messages", "documents_of", "requested_calls"]

_CALL_PARTS = {"tool_call", "tool_use", "function_call"}


def chat_messages(value: Any) -> list[dict[str, Any]]:
    if isinstance(value, dict):
        value = value.get("messages", value.get("input"))
    if isinstance(value, str):
        return [{"role": "user", "content": value}]
    if not isinstance(value, list):
        return []
    return [
        {"role": item.get("role"), "content": message_text(item.get("content"))}
        for item in value
        if isinstance(item, dict)
    ]


def assistant_text(value: Any) -> str | None:
    """The assistant's text in a chat span's outputs: OpenAI choices, a message, a list of messages or text."""
    if isinstance(value, str):
        return value or None
    if isinstance(value, dict):
        choices = value.get("choices")
        if isinstance(choices, list) and choices and isinstance(choices[0], dict):
            return assistant_text(choices[0].get("message"))
        if "content" in value:
            return message_text(value.get("content")) or None
        for key in ("messages", "output"):
            if key in value:
                return assistant_text(value[key])
        return None
    if isinstance(value, list):
        answers = [assistant_text(item) for item in value if not isinstance(item, dict) or item.get("role") != "user"]
        texts = [text for text in answers if text]
        return texts[-1] if texts else None
    return None


def requested_calls(value: Any, depth: int = 8) -> list[Request]:
    """The tool calls a model's answer requests: ``tool_calls`` and the legacy ``function_call`` (OpenAI's or
    LangChain's, of every choice, a message or a list of messages) and ``tool_call`` / ``tool_use`` /
    ``function_call`` parts (GenAI, Anthropic, OpenAI responses), looked for ``depth`` levels down."""
    if depth == 0:
        return []
    if isinstance(value, list):
        return [call for item in value if not isinstance(item, dict) or item.get("role") in (None, "assistant")
                for call in requested_calls(item, depth - 1)]  # fmt: skip
    if not isinstance(value, dict):
        return []
    if isinstance(value.get("choices"), list):
        choices = [choice.get("message") for choice in value["choices"] if isinstance(choice, dict)]
        return requested_calls(choices, depth - 1)
    function, ident = value.get("function"), value.get("call_id") or value.get("id")
    ident = None if ident is None else str(ident)
    if isinstance(function, dict) and function.get("name"):  # OpenAI
        return [(ident, str(function["name"]), function.get("arguments"))]
    if value.get("name") and (value.get("type") in _CALL_PARTS or "args" in value):  # parts, LangChain's calls
        return [(ident, str(value["name"]), value.get("arguments", value.get("input", value.get("args"))))]
    legacy = value.get("function_call")  # OpenAI's legacy field: a call without an id
    calls = (
        [(None, str(legacy["name"]), legacy.get("arguments"))]
        if isinstance(legacy, dict) and legacy.get("name")
        else []
    )
    keys = ("tool_calls", "additional_kwargs", "parts", "content", "output")
    return calls + [call for key in keys for call in requested_calls(value.get(key), depth - 1)]


def documents_of(outputs: Any) -> list[tuple[str | None, str]]:
    if not isinstance(outputs, list):
        return []
    chunks: list[tuple[str | None, str]] = []
    for item in outputs:
        if isinstance(item, dict):
            metadata = item.get("metadata") or {}
            ident = item.get("id") or metadata.get("doc_uri") or metadata.get("chunk_id")
            chunks.append((None if ident in (None, "") else str(ident), str(item.get("page_content") or "")))
    return chunks

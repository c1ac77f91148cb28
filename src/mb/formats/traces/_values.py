"""Values the sources share: chat messages, the assistant's answer and the tool calls it requests, retrieved
documents."""

from __future__ import annotations

from typing import Any

from ._common import message_text

__all__ = ["assistant_text", "chat_messages", "documents_of"]


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

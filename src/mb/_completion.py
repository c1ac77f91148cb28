"""What an OpenAI-compatible server answered, as the LLM judge and the chat-completions agent read it."""

from __future__ import annotations

from typing import Any

__all__ = ["not_a_completion"]


def not_a_completion(response: Any) -> str | None:
    """None when ``response`` has a first choice with a message; else what came instead, on one line: the fields the
    body sets (an ``error`` a gateway put in a 200, ``"choices":[]``), or the text of a page."""
    choice = next(iter(getattr(response, "choices", None) or ()), None)
    if getattr(choice, "message", None) is not None:
        return None
    dump = getattr(response, "model_dump_json", None)
    return " ".join((dump(exclude_none=True) if callable(dump) else str(response)).split())[:300]

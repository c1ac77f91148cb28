"""Hints added to the problems people new to the format meet most, where their cause is clear: JSON written as in
Python or JavaScript, a value given as JSON text, OpenAI's shapes of a tool declaration or of a tool-call turn."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

__all__ = ["json_hint", "value_hint"]


def json_hint(text: str, position: int) -> str:
    """What the JSON ``text``, unreadable at ``position``, most likely got wrong, as ``; ...``; else nothing."""
    if text[position : position + 1] in ("}", "]") and text[:position].rstrip().endswith(","):
        return "; a comma before } or ]: JSON allows no trailing comma"
    if text[position : position + 1] == "'":
        return "; JSON takes double quotes around strings and keys, not single ones"
    if text.lstrip().startswith(("#", "//")):
        return "; JSONL has no comment lines: remove the line"
    return ""


def value_hint(message: str, path: Sequence[str | int], value: Any, parent: Any) -> str:
    """What the value ``value`` at ``path`` of a line (in ``parent``), refused with ``message``, most likely is, as
    ``; ...``; else nothing."""
    if message.startswith("expected an object, got a string") and isinstance(value, str):
        try:
            holds_object = isinstance(json.loads(value), dict)
        except (ValueError, RecursionError):
            holds_object = False
        if holds_object:
            return "; the string holds a JSON object: give the object itself, not its text"
    if message.startswith("expected a string, got an object") and list(path[:2]) == ["inputs", "tools"]:
        return '; inputs.tools lists the names of the tools (e.g. "search"), not their declarations'
    if path[:2] == ["inputs", "messages"] and path[-1:] == ["content"] and "tool_calls" in parent:
        return (
            "; a message is a role and its text: the tool-call turns of a past conversation are not part of inputs,"
            " the agent's own calls go in outputs.trace"
        )
    return ""

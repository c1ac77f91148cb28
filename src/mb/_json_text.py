"""Values as a trace records them, shared by the framework adapters and the trace importers: JSON text parsed, ids
for retrieved chunks that have none, and an id of its own for each call."""

from __future__ import annotations

import hashlib
import json
from typing import Any

__all__ = ["chunk_id", "distinct_id", "loads_maybe"]


def loads_maybe(value: Any) -> Any:
    """A JSON object or array written as text, parsed; any other value unchanged."""
    if isinstance(value, str) and value.strip()[:1] in ("{", "["):
        try:
            return json.loads(value)
        except (ValueError, RecursionError):  # not JSON, or past what the parser reads (nesting, long integers)
            return value
    return value


def chunk_id(content: str) -> str:
    """A stable id for a retrieved chunk that has none: ``doc_`` + 16 hex digits of the sha256 of its content."""
    return "doc_" + hashlib.sha256(content.encode()).hexdigest()[:16]


def distinct_id(call_id: str, used: dict[str, int]) -> str:
    """``call_id``, or, when an earlier call of the run has it (a model or server reusing ids across turns),
    ``call_id#2`` (``#3``, ...): each call of a trace has its own id. ``used`` holds the ids given, each with the last
    number given after it (an id reused n times costs time linear in n); the id returned is added to it."""
    given, count = call_id, used.get(call_id, 1)
    while call_id in used:
        count += 1
        call_id = f"{given}#{count}"
    used[call_id] = 1
    used[given] = count
    return call_id

"""Values as a trace records them, shared by the framework adapters and the trace importers: JSON text parsed, and
ids for retrieved chunks that have none."""

from __future__ import annotations

import hashlib
import json
from typing import Any

__all__ = ["chunk_id", "loads_maybe"]


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

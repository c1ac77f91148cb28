"""Tool-call arguments as the trace records them: a JSON object."""

from __future__ import annotations

import json
from typing import Any

from pydantic_core import to_jsonable_python

__all__ = ["tool_params"]


def tool_params(arguments: Any) -> dict[str, Any]:
    """The arguments a model produced (usually JSON text) as a JSON object; anything else is kept whole under
    ``"arguments"`` so nothing the model said is lost. A control character inside a JSON string (a literal newline
    in a value, as small models write) is accepted."""
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments, strict=False) if arguments.strip() else {}
        except (ValueError, RecursionError):  # not JSON, or past what the parser reads (nesting, long integers)
            return {"arguments": arguments}
    value = to_jsonable_python(arguments, fallback=str)
    return value if isinstance(value, dict) else {"arguments": value}

"""What a framework or a trace source gave, as the trace records it: tool-call arguments as a JSON object, values as
JSON data, JSON text parsed, and ids for retrieved chunks that have none."""

from __future__ import annotations

import json
import math
from typing import Any

from pydantic_core import to_jsonable_python

from ...io._limits import reject_constant

__all__ = ["jsonable", "tool_params"]


def _number(text: str) -> float:
    """A JSON number a line can hold: a finite float of any size (``1e20``) or an integer of 64 bits. NaN, an infinity
    (``1e999``) and integers past 64 bits are refused (no command reads them)."""
    value = float(text) if any(c in text for c in ".eE") else int(text)
    if not math.isfinite(value) or (isinstance(value, int) and not -(2**63) <= value < 2**64):
        raise ValueError(f"{text} is not a number a benchmark line can hold")
    return value


def jsonable(value: Any) -> Any:
    """``value`` as JSON data, as the trace records what a framework gave: objects without a JSON form as their
    text, and bytes that are not UTF-8 text (an image a tool returned) as base64."""
    try:
        return to_jsonable_python(value, fallback=str)
    except UnicodeDecodeError:
        return to_jsonable_python(value, fallback=str, bytes_mode="base64")


def tool_params(arguments: Any) -> dict[str, Any]:
    """The arguments a model produced (usually JSON text) as a JSON object; anything else is kept whole under
    ``"arguments"`` so nothing the model said is lost (text with numbers no line can hold, such as NaN, too). A
    control character inside a JSON string (a literal newline in a value, as small models write) is accepted."""
    if isinstance(arguments, str):
        try:
            numbers: dict[str, Any] = {"parse_float": _number, "parse_int": _number, "parse_constant": reject_constant}
            arguments = json.loads(arguments, strict=False, **numbers) if arguments.strip() else {}
        except (ValueError, RecursionError):  # not JSON, or past what the parser reads (nesting, long integers)
            return {"arguments": arguments}
    value = jsonable(arguments)
    return value if isinstance(value, dict) else {"arguments": value}

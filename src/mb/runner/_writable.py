"""An executed line as bytes, refused when no command could read it back (so a run never writes such a line)."""

from __future__ import annotations

from typing import Any

import orjson

from ..io._limits import screen, unreadable_value
from ._errors import AgentOutputError

__all__ = ["encode_line"]


def encode_line(line: dict[str, Any], limit: int) -> bytes:
    """``line`` as one JSONL line (newline included).

    Raises :class:`AgentOutputError` naming the field when the line could not be read back by ``mb validate``,
    ``mb eval`` or ``mb run --resume``: a lone surrogate, an integer or float out of range, nesting too deep, or
    a line longer than ``limit`` bytes."""
    try:
        data = orjson.dumps(line, option=orjson.OPT_NON_STR_KEYS)
    except orjson.JSONEncodeError as exc:
        problem = unreadable_value(line)
        detail = f"{problem.path}: {problem.message}" if problem is not None else str(exc)
        raise AgentOutputError(f"the agent's outputs cannot be written as a benchmark line: {detail}") from None
    if len(data) > limit:
        raise AgentOutputError(
            f"$: the executed line would be {len(data)} bytes, over the limit of {limit} "
            "(--max-line-bytes or MB_MAX_LINE_BYTES raise it)"
        )
    problem = screen(data)
    if problem is not None:
        raise AgentOutputError(f"the agent's outputs cannot be read back: {problem.path}: {problem.message}")
    return data + b"\n"

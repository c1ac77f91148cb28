"""An executed line as bytes, refused when no command could read it back (so a run never writes such a line)."""

from __future__ import annotations

from typing import Any

from ..io import Problem
from ..io._limits import encode_line as encode_checked
from ._errors import AgentOutputError

__all__ = ["encode_line"]


def encode_line(line: dict[str, Any], limit: int) -> bytes:
    """``line`` as one JSONL line (newline included).

    Raises :class:`AgentOutputError` naming the field when the line could not be read back by ``mb validate``,
    ``mb eval`` or ``mb run --resume``: a lone surrogate, an integer or float out of range, nesting too deep, or
    a line longer than ``limit`` bytes (--max-line-bytes or MB_MAX_LINE_BYTES raise it)."""
    data = encode_checked(line, limit)
    if isinstance(data, Problem):
        raise AgentOutputError(
            f"the agent's outputs cannot be written as a benchmark line: {data.path}: {data.message}"
        )
    return data + b"\n"

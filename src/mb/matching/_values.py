"""Describing JSON values in reasons: ``5 (integer)``, ``"5" (string)``, ``null``."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from typing import Any

import orjson

__all__ = ["MISSING", "compact_json", "describe_value", "exact_number", "json_type", "render"]


class _Missing:
    """The marker for an argument absent from a tool call."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
"""Stands for a parameter the call did not pass at all (distinct from an explicit ``null``)."""


_JSON_TYPES: dict[type | tuple[type, ...], str] = {  # bool before int: True is no integer
    type(None): "null",
    bool: "boolean",
    int: "integer",
    float: "number",
    str: "string",
    (list, tuple): "array",
    dict: "object",
}


def json_type(value: Any) -> str:
    """The JSON type name of a value: string, integer, number, boolean, null, array, object."""
    return next((name for kind, name in _JSON_TYPES.items() if isinstance(value, kind)), type(value).__name__)


def compact_json(value: Any) -> str:
    """``value`` as compact JSON; integers wider than 64 bits (which orjson refuses) stay exact."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False, default=repr)


def render(value: Any, limit: int = 80, *, ascii_only: bool = False) -> str:
    """A value as compact JSON, shortened to ``limit`` characters; ``ascii_only``: characters beyond ASCII escaped."""
    if value is MISSING:
        return "nothing (the parameter is absent)"
    text = json.dumps(value, separators=(",", ":"), default=repr) if ascii_only else compact_json(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def describe_value(value: Any) -> str:
    """A value with its type for a reason: ``"5" (string)``; absent and null are named as such."""
    if value is MISSING:
        return "nothing (the parameter is absent)"
    if value is None:
        return "null"
    return f"{render(value)} ({json_type(value)})"


def exact_number(number: int | float) -> Fraction | None:
    """A JSON number as the exact value it is written as: an integer as itself, a float as its shortest decimal form
    (``repr``, as JSON writes it), so ``9007199254740993`` is not ``9007199254740992.0`` and ``1.1 - 1.0`` is ``0.1``.
    None for infinity and NaN (which no line holds: only Python code can pass them)."""
    if isinstance(number, float):
        return Fraction(repr(number)) if math.isfinite(number) else None
    return Fraction(number)

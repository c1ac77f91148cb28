"""Stable identity of an example: sha256 of the canonical JSON of its ``inputs`` and ``expectations``.

The identity is computed from the data model: the JSON form the model writes (``None`` fields dropped, defaults
filled in), so every way of writing the same example (key order, spacing, explicit nulls, keys the model ignores)
has the same hash, and hashing a line read back from an executed benchmark gives the hash stored in it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import orjson

if TYPE_CHECKING:
    from .entities import Example

_USAGE_KEYS = ("input_tokens", "output_tokens", "total_tokens")

__all__ = ["canonical_json", "example_hash", "hash_document", "request_of", "source_fields_of_example"]


def canonical_json(value: Any) -> bytes:
    """Canonical JSON bytes: keys sorted at every level, no whitespace, UTF-8 (non-ASCII kept as is).

    Integers beyond 64 bits, which orjson does not write, are written by the standard library instead.
    """
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    except TypeError:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def hash_document(document: Mapping[str, Any]) -> str:
    """The hash of an example given as the JSON form its model writes (``model_dump(mode="json",
    exclude_none=True)``). Only ``inputs`` and ``expectations`` count: outputs, and any other field, do not change
    the identity."""
    key = {"inputs": document.get("inputs"), "expectations": document.get("expectations")}
    return hashlib.sha256(canonical_json(key)).hexdigest()


def example_hash(example: Example) -> str:
    """The ``example_hash`` of an example: 64 hex digits, equal for examples with equal inputs and expectations."""
    return hash_document(example.model_dump(mode="json", exclude_none=True, include={"inputs", "expectations"}))


def _usage(usage: Any) -> dict[str, int | str] | None:
    if not isinstance(usage, dict):
        return None
    counts: dict[str, int | str] = {
        key: value for key in _USAGE_KEYS if type(value := usage.get(key)) is int and value >= 0
    }
    model = usage.get("model")
    if counts and isinstance(model, str) and model:
        counts["model"] = model
    return counts or None


REQUEST_LENGTH = 80
"""How much of the last user message a result row keeps to name its example."""


def request_of(example: Example) -> str | None:
    """The example's last user message, white space folded, cut to :data:`REQUEST_LENGTH` characters (``…``)."""
    for message in reversed(example.inputs.messages):
        if message.role == "user":
            text = " ".join(message.content.split())
            return text if len(text) <= REQUEST_LENGTH else text[: REQUEST_LENGTH - 1].rstrip() + "…"
    return None


def source_fields_of_example(example: Example) -> dict[str, Any]:
    """What a result row takes from the example it scores: ``example_hash``; ``repeat`` when the line is one of
    several trials of its example (``mb run --repeats``); ``usage`` when the outputs report the agent's token use;
    ``request``, the start of its last user message; ``latency_ms`` when the outputs record the agent's time."""
    fields: dict[str, Any] = {"example_hash": example_hash(example)}
    repeat = (example.model_extra or {}).get("repeat")
    if type(repeat) is int:
        fields["repeat"] = repeat
    extra = (example.outputs.model_extra or {}) if example.outputs is not None else {}
    usage = _usage(extra.get("usage"))
    if usage is not None:
        fields["usage"] = usage
    fields["request"] = request_of(example)
    latency = extra.get("latency_ms")
    if isinstance(latency, (int, float)) and not isinstance(latency, bool) and latency >= 0:
        fields["latency_ms"] = float(latency)
    return fields

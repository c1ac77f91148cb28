"""Stable identity of an example: sha256 of the canonical JSON of its ``inputs`` and ``expectations``.

The identity is defined on the example's JSON form as the data model writes it (``None`` fields dropped,
defaults filled in). :func:`hash_raw_document` gives the same hash from a line's JSON as read, without building
the model (the evaluator's fast path): it follows the models' shape, dropping ``null`` fields and the keys a model
ignores, and fills in the two non-``None`` defaults of inputs and expectations (``expectations.assertions`` and a
``tool_called`` assertion's ``parameters``). Tests hold both ways equal.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import orjson

from .io._proof import has_digit_run

if TYPE_CHECKING:
    from .entities import Example

_USAGE_KEYS = ("input_tokens", "output_tokens", "total_tokens")

__all__ = [
    "canonical_json",
    "example_hash",
    "hash_document",
    "hash_line",
    "hash_raw_document",
    "source_fields_of_document",
    "source_fields_of_example",
    "source_fields_of_line",
]


def canonical_json(value: Any) -> bytes:
    """Canonical JSON bytes: keys sorted at every level, no whitespace, UTF-8 (non-ASCII kept as is).

    Integers beyond 64 bits, which orjson does not write, are written by the standard library instead.
    """
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    except TypeError:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def _loads(data: bytes) -> Any:
    """A JSON line's value, integers exact: orjson reads integers beyond 64 bits as floats, so a line with a run
    of 19 digits or more is read by the standard library."""
    if has_digit_run(data, 19):
        return json.loads(data)
    return orjson.loads(data)


def hash_document(document: Mapping[str, Any]) -> str:
    """The hash of an example given as its JSON form (``model_dump(mode="json", exclude_none=True)``).

    Only ``inputs`` and ``expectations`` count: outputs, and any other field, do not change the identity.
    """
    key = {"inputs": document.get("inputs"), "expectations": document.get("expectations")}
    return hashlib.sha256(canonical_json(key)).hexdigest()


def _same(value: Any) -> Any:
    return value


def _model(value: Any, fields: Mapping[str, Any], *, extras: bool = False) -> Any:
    """One object as its model dumps it: ``None`` values dropped (not those nested in a value), its fields
    (``name -> normaliser``) normalised, other keys kept as they are when the model keeps extras (``extras``),
    dropped when it ignores them."""
    if not isinstance(value, dict):
        return value
    out: dict[str, Any] = {}
    for key, item in value.items():
        normalise = fields.get(key)
        if normalise is None:
            if extras and item is not None:
                out[key] = item
        elif item is not None:
            out[key] = normalise(item)
    return out


def _each(normalise: Any) -> Any:
    return lambda items: [normalise(item) for item in items] if isinstance(items, list) else items


def _matcher(value: Any) -> Any:
    kind = value.get("match_as") if isinstance(value, dict) else None
    if kind == "missing":
        return _model(value, {"match_as": _same})
    if kind == "optional":
        return _model(value, {"match_as": _same, "default": _matcher})
    return _model(value, {"match_as": _same, "value": _same})


def _parameter(value: Any) -> Any:
    return _model(value, {"param": _same, "params": _same, "matcher": _matcher})


def _assertion(value: Any) -> Any:
    if not isinstance(value, dict) or value.get("assert_that") != "tool_called":
        return _model(value, {"assert_that": _same})
    out = _model(value, {"assert_that": _same, "tool": _same, "parameters": _each(_parameter)})
    out.setdefault("parameters", [])
    return out


def _metadata(value: Any) -> Any:
    turn = _each(lambda item: _model(item, {"categories": _same, "resources": _same}))
    return _model(value, {"turns": turn, "categories": _same})


def _inputs(value: Any) -> Any:
    message = _each(lambda item: _model(item, {"role": _same, "content": _same}))
    return _model(value, {"messages": message, "metadata": _metadata, "tools": _same}, extras=True)


def _expectations(value: Any) -> Any:
    out = _model(value, {"expected_response": _same, "assertions": _each(_assertion)}, extras=True)
    if isinstance(out, dict):
        out.setdefault("assertions", [])
    return out


def hash_raw_document(document: Mapping[str, Any]) -> str:
    """The hash of a valid example given as its JSON value as read from a line (nulls, defaults and keys the
    model ignores as written): the same as :func:`example_hash` of the example it validates into."""
    inputs = _inputs(document.get("inputs"))
    expectations = _expectations(document.get("expectations"))
    return hash_document({"inputs": inputs, "expectations": expectations})


def hash_line(data: bytes) -> str:
    """The hash of a valid example given as the bytes of its JSON line."""
    document = _loads(data)
    return hash_raw_document(document if isinstance(document, dict) else {})


def example_hash(example: Example) -> str:
    """The ``example_hash`` of an example: 64 hex digits, equal for examples with equal inputs and expectations.

    Computed over the JSON form the runner writes (``None`` fields dropped), so hashing a line read back from
    an executed benchmark gives the hash stored in it.
    """
    return hash_document(example.model_dump(mode="json", exclude_none=True, include={"inputs", "expectations"}))


def _usage(outputs: Any) -> dict[str, int | str] | None:
    usage = outputs.get("usage") if isinstance(outputs, dict) else None
    if not isinstance(usage, dict):
        return None
    counts: dict[str, int | str] = {
        key: value for key in _USAGE_KEYS if type(value := usage.get(key)) is int and value >= 0
    }
    model = usage.get("model")
    if counts and isinstance(model, str) and model:
        counts["model"] = model
    return counts or None


def _fields(key: str, repeat: Any, outputs: Any) -> dict[str, Any]:
    fields: dict[str, Any] = {"example_hash": key}
    if type(repeat) is int:
        fields["repeat"] = repeat
    usage = _usage(outputs)
    if usage is not None:
        fields["usage"] = usage
    return fields


def source_fields_of_document(document: Mapping[str, Any]) -> dict[str, Any]:
    """What a result row takes from the valid example it scores, given as JSON: ``example_hash``; ``repeat`` when
    the line is one of several trials of its example (``mb run --repeats``); ``usage`` when the outputs report the
    agent's token use."""
    return _fields(hash_raw_document(document), document.get("repeat"), document.get("outputs"))


def source_fields_of_line(data: bytes) -> dict[str, Any]:
    """:func:`source_fields_of_document` of a valid example given as the bytes of its JSON line."""
    document = _loads(data)
    return source_fields_of_document(document if isinstance(document, dict) else {})


def source_fields_of_example(example: Example) -> dict[str, Any]:
    """:func:`source_fields_of_document` of an example model."""
    outputs = example.outputs.model_dump(mode="json", include={"usage"}) if example.outputs is not None else None
    return _fields(example_hash(example), (example.model_extra or {}).get("repeat"), outputs)

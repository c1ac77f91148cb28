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
import operator
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import msgspec
import orjson

if TYPE_CHECKING:
    from .entities import Example
    from .io._proof import ProvenSource

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
    "source_fields_of_proven",
]


def canonical_json(value: Any) -> bytes:
    """Canonical JSON bytes: keys sorted at every level, no whitespace, UTF-8 (non-ASCII kept as is).

    Integers beyond 64 bits, which orjson does not write, are written by the standard library instead.
    """
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    except TypeError:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


class _Outputs(msgspec.Struct):
    usage: Any = None


class _Line(msgspec.Struct):
    """What a result row takes from a line; the rest of the line (the trace above all) is skipped, not built."""

    inputs: Any = None
    expectations: Any = None
    outputs: _Outputs | None = None
    example_hash: Any = None
    repeat: Any = None


_LINE = msgspec.json.Decoder(_Line)


def _loads(data: bytes) -> dict[str, Any]:
    """The parts of a JSON line the identity needs, integers exact (msgspec keeps integers of any width, where
    orjson reads those beyond 64 bits as floats)."""
    try:
        line = _LINE.decode(data)
    except msgspec.DecodeError:  # a shape the line's valid example cannot have; read it whole
        document = json.loads(data)
        return document if isinstance(document, dict) else {}
    outputs = {"usage": line.outputs.usage} if line.outputs is not None else None
    return {
        "inputs": line.inputs,
        "expectations": line.expectations,
        "outputs": outputs,
        "example_hash": line.example_hash,
        "repeat": line.repeat,
    }


def hash_document(document: Mapping[str, Any]) -> str:
    """The hash of an example given as its JSON form (``model_dump(mode="json", exclude_none=True)``).

    Only ``inputs`` and ``expectations`` count: outputs, and any other field, do not change the identity.
    """
    key = {"inputs": document.get("inputs"), "expectations": document.get("expectations")}
    return hashlib.sha256(canonical_json(key)).hexdigest()


_MESSAGE = frozenset({"role", "content"})
_TURN = frozenset({"categories", "resources"})
_ONE = frozenset({"param"})
_GROUP = frozenset({"params"})  # a group's assertion has no ``param`` (the model drops one given beside ``params``)
_MATCHER = {"missing": frozenset({"match_as"}), "optional": frozenset({"match_as"})}
_VALUE_MATCHER = frozenset({"match_as", "value"})
_TOOL_CALLED = frozenset({"assert_that", "tool"})
_TOOL_CALLED_KEYS = _TOOL_CALLED | {"parameters"}
_ONE_KEYS = _ONE | {"matcher"}
_GROUP_KEYS = _GROUP | {"matcher"}
_NO_VALUE = frozenset({"match_as"})
_OPTIONAL = frozenset({"match_as", "default"})
_NO_TOOL_CALLED = frozenset({"assert_that"})


def _kept(value: dict[str, Any], fields: frozenset[str]) -> dict[str, Any]:
    """An object of a model that ignores extra keys: its fields that are not None (a new object)."""
    return {key: item for key, item in value.items() if item is not None and key in fields}


def _normal(value: dict[str, Any], fields: frozenset[str]) -> bool:
    """Whether an object already is its normal form: only ``fields``, none of them None."""
    return fields.issuperset(value) and None not in value.values()


def _listed(value: Any, normalise: Any) -> Any:
    """Each item normalised; the list itself when every item already was normal (nothing is modified in place)."""
    if not isinstance(value, list):
        return value
    items = [normalise(item) for item in value]
    return value if all(map(operator.is_, items, value)) else items


def _matcher(value: Any) -> Any:
    if not isinstance(value, dict):
        return value
    kind = value.get("match_as")
    default = value.get("default")
    if default is None or kind != "optional":
        fields = _MATCHER.get(kind, _VALUE_MATCHER)  # type: ignore[arg-type]
        return value if _normal(value, fields) else _kept(value, fields)
    inner = _matcher(default)
    if inner is default and _normal(value, _OPTIONAL):
        return value
    out = _kept(value, _NO_VALUE)
    out["default"] = inner
    return out


def _parameter(value: Any) -> Any:
    if not isinstance(value, dict):
        return value
    group = "params" in value
    matcher = value.get("matcher")
    normal = _matcher(matcher)
    if normal is matcher and _normal(value, _GROUP_KEYS if group else _ONE_KEYS):
        return value
    out = _kept(value, _GROUP if group else _ONE)
    if matcher is not None:
        out["matcher"] = normal
    return out


def _assertion(value: Any) -> Any:
    if not isinstance(value, dict):
        return value
    if value.get("assert_that") != "tool_called":
        return value if _normal(value, _NO_TOOL_CALLED) else _kept(value, _NO_TOOL_CALLED)
    parameters = value.get("parameters")
    normal = [] if parameters is None else _listed(parameters, _parameter)
    if normal is parameters and _normal(value, _TOOL_CALLED_KEYS):
        return value
    out = _kept(value, _TOOL_CALLED)
    out["parameters"] = normal
    return out


def _message(value: Any) -> Any:
    return _kept(value, _MESSAGE) if isinstance(value, dict) else value


def _turn(value: Any) -> Any:
    return _kept(value, _TURN) if isinstance(value, dict) else value


def _inputs(value: Any) -> Any:
    """Inputs keep extra keys (not None ones); messages and metadata ignore theirs."""
    if not isinstance(value, dict):
        return value
    out = {key: item for key, item in value.items() if item is not None}
    if "messages" in out:
        out["messages"] = _listed(out["messages"], _message)
    metadata = out.get("metadata")
    if isinstance(metadata, dict):
        metadata = out["metadata"] = _kept(metadata, frozenset({"turns", "categories"}))
        if "turns" in metadata:
            metadata["turns"] = _listed(metadata["turns"], _turn)
    return out


def _expectations(value: Any) -> Any:
    """Expectations keep extra keys (not None ones); ``assertions`` defaults to an empty list."""
    if not isinstance(value, dict):
        return value
    out = {key: item for key, item in value.items() if item is not None}
    out["assertions"] = _listed(out.get("assertions", []), _assertion)
    return out


def hash_raw_document(document: Mapping[str, Any]) -> str:
    """The hash of a valid example given as its JSON value as read from a line (nulls, defaults and keys the
    model ignores as written): the same as :func:`example_hash` of the example it validates into."""
    inputs = _inputs(document.get("inputs"))
    expectations = _expectations(document.get("expectations"))
    return hash_document({"inputs": inputs, "expectations": expectations})


def hash_line(data: bytes) -> str:
    """The hash of a valid example given as the bytes of its JSON line."""
    return hash_raw_document(_loads(data))


def example_hash(example: Example) -> str:
    """The ``example_hash`` of an example: 64 hex digits, equal for examples with equal inputs and expectations.

    Computed over the JSON form the runner writes (``None`` fields dropped), so hashing a line read back from
    an executed benchmark gives the hash stored in it.
    """
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


def _usage_of(outputs: Any) -> Any:
    return outputs.get("usage") if isinstance(outputs, dict) else None


def _fields(key: str, repeat: Any, usage: Any) -> dict[str, Any]:
    fields: dict[str, Any] = {"example_hash": key}
    if type(repeat) is int:
        fields["repeat"] = repeat
    usage = _usage(usage)
    if usage is not None:
        fields["usage"] = usage
    return fields


def source_fields_of_document(document: Mapping[str, Any]) -> dict[str, Any]:
    """What a result row takes from the valid example it scores, given as JSON: ``example_hash``; ``repeat`` when
    the line is one of several trials of its example (``mb run --repeats``); ``usage`` when the outputs report the
    agent's token use."""
    recorded = document.get("example_hash")
    if isinstance(recorded, str) and hash_document(document) == recorded:
        # written by `mb run` in the model's form, and unchanged since: no normalisation to do
        return _fields(recorded, document.get("repeat"), _usage_of(document.get("outputs")))
    return _fields(hash_raw_document(document), document.get("repeat"), _usage_of(document.get("outputs")))


class _Identity(msgspec.Struct, gc=False):
    """What the identity hashes, for :data:`_SORTED` to write."""

    expectations: Any
    inputs: Any


_sha256 = hashlib.sha256
_SORTED = msgspec.json.Encoder(order="sorted")
"""Writes structs and objects with sorted keys: from structs in the normal form, the bytes :func:`canonical_json`
writes of that form (the proof leaves out the floats the two writers spell differently)."""


def source_fields_of_proven(source: ProvenSource | None, data: bytes) -> dict[str, Any]:
    """:func:`source_fields_of_line` of a line proven valid (``data``), from what the proof decoded of it when that
    is the normal form of its inputs and expectations (see :class:`~mb.io._proof.ProvenSource`)."""
    if source is None:
        return source_fields_of_line(data)
    written = bytearray(len(data))  # room for the identity's JSON (shorter than the line but for odd numbers)
    _SORTED.encode_into(_Identity(source.expectations, source.inputs), written)
    key = _sha256(written).hexdigest()
    recorded = source.example_hash
    if recorded is not None and recorded != key and isinstance(recorded, str):
        return source_fields_of_line(data)  # a hash of the line as written, if not in the normal form
    repeat = source.repeat
    outputs = source.outputs
    usage = None if outputs is None else outputs.usage
    if repeat is None and usage is None:
        return {"example_hash": key}
    return _fields(key, repeat, usage)


def source_fields_of_line(data: bytes) -> dict[str, Any]:
    """:func:`source_fields_of_document` of a valid example given as the bytes of its JSON line."""
    return source_fields_of_document(_loads(data))


def source_fields_of_example(example: Example) -> dict[str, Any]:
    """:func:`source_fields_of_document` of an example model."""
    outputs = example.outputs.model_dump(mode="json", include={"usage"}) if example.outputs is not None else None
    return _fields(example_hash(example), (example.model_extra or {}).get("repeat"), _usage_of(outputs))

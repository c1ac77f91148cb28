"""Stable identity of an example: sha256 of the canonical JSON of its ``inputs`` and ``expectations``."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

import orjson

from ..entities import Example

__all__ = ["canonical_json", "example_hash", "hash_document"]


def canonical_json(value: Any) -> bytes:
    """Canonical JSON bytes: keys sorted at every level, no whitespace, UTF-8 (non-ASCII kept as is)."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def hash_document(document: Mapping[str, Any]) -> str:
    """The hash of an example given as its JSON form (``model_dump(mode="json", exclude_none=True)``).

    Only ``inputs`` and ``expectations`` count: outputs, and any other field, do not change the identity.
    """
    key = {"inputs": document.get("inputs"), "expectations": document.get("expectations")}
    return hashlib.sha256(canonical_json(key)).hexdigest()


def example_hash(example: Example) -> str:
    """The ``example_hash`` of an example: 64 hex digits, equal for examples with equal inputs and expectations.

    Computed over the JSON form the runner writes (``None`` fields dropped), so hashing a line read back from
    an executed benchmark gives the hash stored in it.
    """
    return hash_document(example.model_dump(mode="json", exclude_none=True, include={"inputs", "expectations"}))

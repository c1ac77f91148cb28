"""Stable identity of an example: sha256 of the canonical JSON of its ``inputs`` and ``expectations``."""

from __future__ import annotations

from .._hashing import canonical_json, example_hash, hash_document

__all__ = ["canonical_json", "example_hash", "hash_document"]

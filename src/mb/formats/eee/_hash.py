"""``sample_hash``: the key EEE uses to recognise the same sample across models and exporters."""

from __future__ import annotations

import hashlib
import json

__all__ = ["sample_hash"]


def sample_hash(raw: str, reference: str | list[str]) -> str:
    """The SHA-256 hex digest EEE records as ``sample_hash`` for ``input.raw`` and ``input.reference``.

    The rule depends on the shape of ``reference``, which is what differs between schema versions:

    - 0.2.0 (``reference`` is one string): SHA-256 of the UTF-8 bytes of ``raw + reference``, the plain
      concatenation the 0.2.0 schema describes and its converters compute.
    - 0.3.0 (``reference`` is a list of strings): SHA-256 of the UTF-8 bytes of the canonical JSON object
      ``{"raw": raw, "reference": reference}``: keys sorted, separators ``,`` and ``:`` without spaces, non-ASCII
      characters escaped as ``\\uXXXX`` (surrogate pairs beyond the BMP), the full reference list (``[]`` when
      empty). This is the recipe the EEE project prescribes for every exporter.
    """
    if isinstance(reference, str):
        payload = raw + reference
    else:
        payload = json.dumps({"raw": raw, "reference": list(reference)}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()

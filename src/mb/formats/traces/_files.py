"""Reading trace files: one JSON document, a JSON array of documents, or one document per line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ._common import TraceError

__all__ = ["json_documents"]


def json_documents(path: Path, *, list_keys: tuple[str, ...] = ()) -> Iterator[tuple[str, Any]]:
    """Each document of the file with where it was read: a whole-file JSON array (or an object holding one
    under a key of ``list_keys``) gives its items; JSON lines give one document per line."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise TraceError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from exc
    try:
        whole = json.loads(text)
    except json.JSONDecodeError:
        whole = None
        lines = True
    else:
        lines = False
    if not lines:
        for key in list_keys:
            if isinstance(whole, dict) and isinstance(whole.get(key), list):
                whole = whole[key]
                break
        if isinstance(whole, list):
            for index, item in enumerate(whole):
                yield f"{path}[{index}]", item
        else:
            yield str(path), whole
        return
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            yield f"{path}:{number}", json.loads(line)
        except json.JSONDecodeError as exc:
            raise TraceError(f"{path}:{number}: not JSON: {exc.msg} (column {exc.colno})") from exc

"""Reading trace files: one JSON document, a JSON array of documents, or one document per line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ...io import note_input
from ...io._errors import not_utf8
from ...io._limits import reject_constant
from ._common import TraceError

__all__ = ["json_documents"]


def json_documents(path: Path, *, list_keys: tuple[str, ...] = ()) -> Iterator[tuple[str, Any]]:
    """Each document of the file with where it was read: a whole-file JSON array (or an object holding one
    under a key of ``list_keys``) gives its items; JSON lines give one document per line."""
    try:
        text = path.read_bytes().decode("utf-8-sig")  # decoded whole: an error says where in the file
        note_input(path)
    except UnicodeDecodeError as exc:
        raise TraceError(not_utf8(exc), file=str(path)) from exc
    try:
        whole = json.loads(text, parse_constant=reject_constant)
    except json.JSONDecodeError:
        pass  # read as JSON lines below
    except (RecursionError, ValueError) as exc:
        raise TraceError(_not_plain(exc), file=str(path)) from None
    else:
        for key in list_keys:
            if isinstance(whole, dict) and isinstance(whole.get(key), list):
                whole = whole[key]
                break
        if isinstance(whole, list):
            yield from ((f"{path}[{index}]", item) for index, item in enumerate(whole))
        else:
            yield str(path), whole
        return
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            document = json.loads(line, parse_constant=reject_constant)
        except json.JSONDecodeError as exc:
            raise TraceError(f"not JSON: {exc.msg} (column {exc.colno})", file=str(path), line=number) from exc
        except (RecursionError, ValueError) as exc:
            raise TraceError(_not_plain(exc), file=str(path), line=number) from None
        yield f"{path}:{number}", document


def _not_plain(exc: Exception) -> str:
    if isinstance(exc, RecursionError):
        return "not JSON that can be read: objects and arrays nest too deep"
    return f"not JSON: {exc}"

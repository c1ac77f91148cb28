"""Data bundled with MorganaBench: the example benchmark."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.resources import files

import orjson

__all__ = ["example_lines"]


def example_lines(*, executed: bool) -> Iterator[dict[str, object]]:
    """The bundled example benchmark, line by line: executed (with ``outputs``) or not (``outputs`` removed)."""
    text = files(__package__).joinpath("examples.jsonl").read_bytes()
    for raw in text.splitlines():
        if raw.strip():
            document: dict[str, object] = orjson.loads(raw)
            if not executed:
                document.pop("outputs", None)
            yield document

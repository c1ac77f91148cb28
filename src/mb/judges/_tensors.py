"""Memory-mapped float32 tensors of a ``.safetensors`` file: read-only numpy views, nothing read or copied up front.

The format: an 8-byte little-endian header length, a JSON header mapping each tensor name to its ``dtype``, ``shape``
and ``data_offsets`` (start and end in bytes, counted from the end of the header), then the raw little-endian data.
Every offset and size is checked against the file before a view is made, so a truncated or damaged file raises
``ValueError`` naming it rather than reading past its end. numpy is imported by ``map_float32`` only.
"""

from __future__ import annotations

import json
import math
import mmap
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["map_float32"]

_MAX_HEADER = 100 * 1024 * 1024
"""Larger headers are refused (the format's own readers draw the same line)."""


def _header(path: Path, data: mmap.mmap) -> dict[str, Any]:
    size = len(data)
    if size < 8:
        raise ValueError(f"{path}: not a safetensors file (only {size} bytes)")
    length = int.from_bytes(data[:8], "little")
    if length > min(_MAX_HEADER, size - 8):
        raise ValueError(f"{path}: damaged safetensors file (a {length}-byte header in a {size}-byte file)")
    try:
        header = json.loads(bytes(data[8 : 8 + length]))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path}: damaged safetensors header ({exc})") from None
    if not isinstance(header, dict):
        raise ValueError(f"{path}: damaged safetensors header (not a JSON object)")
    return header


def _span(path: Path, name: str, entry: Any, data_size: int) -> tuple[tuple[int, ...], int] | None:
    """The shape and start of a float32 tensor, None for another dtype; ValueError when the entry is inconsistent."""
    if not isinstance(entry, dict) or entry.get("dtype") != "F32":
        return None
    shape, offsets = entry.get("shape"), entry.get("data_offsets")
    if not (
        isinstance(shape, list)
        and isinstance(offsets, list)
        and len(offsets) == 2
        and all(isinstance(n, int) and n >= 0 for n in [*shape, *offsets])
    ):
        raise ValueError(f"{path}: damaged safetensors header (tensor {name!r}: {entry!r})")
    start, end = offsets
    if not 0 <= start <= end <= data_size or end - start != 4 * math.prod(shape):
        raise ValueError(
            f"{path}: damaged safetensors file (tensor {name!r} of shape {shape} at bytes {start}-{end} of {data_size})"
        )
    return tuple(shape), start


def map_float32(path: Path) -> dict[str, npt.NDArray[np.float32]]:
    """Read-only views of every float32 tensor in ``path``, by name, backed by a memory map of the file.

    Tensors of other dtypes are left out. Raises OSError when the file cannot be read and ValueError when it is not a
    well-formed safetensors file."""
    import numpy as np

    with path.open("rb") as file:
        try:
            data = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
        except ValueError:  # an empty file cannot be mapped
            raise ValueError(f"{path}: not a safetensors file (empty)") from None
    header = _header(path, data)
    base = 8 + int.from_bytes(data[:8], "little")
    tensors: dict[str, npt.NDArray[np.float32]] = {}
    little = np.dtype("<f4")
    for name, entry in header.items():
        span = None if name == "__metadata__" else _span(path, name, entry, len(data) - base)
        if span is None:
            continue
        shape, start = span
        view = np.frombuffer(data, dtype=little, count=math.prod(shape), offset=base + start).reshape(shape)
        if (base + start) % little.alignment:  # numpy hands only aligned arrays to BLAS
            view = view.copy()
        tensors[name] = view
    return tensors

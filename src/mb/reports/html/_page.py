"""The report page: the template with its stylesheet, script and data inlined, in one self-contained HTML file.

The data is embedded in a ``<script type="application/json">`` element. As JSON it is escaped so that it cannot
end its element or start markup (``<``, ``>`` and ``&`` as ``\\u003c``...) and the line separators U+2028/U+2029
are escaped too. Large data is gzip-compressed and base64-encoded instead; the page inflates it with the
browser's ``DecompressionStream``.
"""

from __future__ import annotations

import base64
import gzip
from importlib import resources
from typing import Any, Literal

import orjson

__all__ = ["AUTO_GZIP_BYTES", "Embedding", "pack", "render_page"]

Embedding = Literal["json", "gzip"]

AUTO_GZIP_BYTES = 4 << 20
"""Data larger than this (as JSON) is compressed when the embedding is left to the report."""

_ESCAPES = (
    (b"<", b"\\u003c"),
    (b">", b"\\u003e"),
    (b"&", b"\\u0026"),
    ("\u2028".encode(), b"\\u2028"),
    ("\u2029".encode(), b"\\u2029"),
)


def pack(data: bytes) -> str:
    """JSON bytes as the page stores compressed data: gzip, then base64."""
    return base64.b64encode(gzip.compress(data, compresslevel=5, mtime=0)).decode("ascii")


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath("assets", name).read_text(encoding="utf-8")


def render_page(payload: dict[str, Any], embedding: Embedding) -> bytes:
    """The whole HTML page for ``payload``."""
    script = _asset("report.js")
    style = _asset("report.css")
    if "</" in script or "</" in style:
        raise RuntimeError("a report asset contains '</', which would end its element early")
    data = orjson.dumps(payload)  # safe as the text of a script element
    for raw, escaped in _ESCAPES:
        data = data.replace(raw, escaped)
    body = data.decode("utf-8") if embedding == "json" else pack(data)
    parts: list[str] = []
    rest = _asset("report.html")
    for marker, text in (  # in the template's order; each searched only after the previous one
        ("/*MB_STYLE*/", style),
        ("MB_ENCODING", embedding),
        ("MB_DATA", body),
        ("/*MB_SCRIPT*/", script),
    ):
        head, found, rest = rest.partition(marker)
        if not found:
            raise RuntimeError(f"the report template lacks {marker}")
        parts += [head, text]
    parts.append(rest)
    return "".join(parts).encode("utf-8")

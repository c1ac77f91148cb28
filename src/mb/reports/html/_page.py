"""The report page: the template with its stylesheet, script and data inlined, in one self-contained HTML file.

The data is embedded in a ``<script type="application/json">`` element. As JSON it is escaped so that it cannot
end its element or start markup (``<``, ``>`` and ``&`` as ``\\u003c``...) and the line separators U+2028/U+2029
are escaped too. Large data is gzip-compressed and base64-encoded instead; the page inflates it with the
browser's ``DecompressionStream``.
"""

from __future__ import annotations

import base64
import gzip
import itertools
import zlib
from collections.abc import Iterator
from importlib import resources
from typing import Any, Literal

import orjson

__all__ = ["AUTO_GZIP_BYTES", "Embedding", "pack", "page_chunks", "render_page"]

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
    return b"".join(page_chunks(payload, embedding))


def page_chunks(payload: dict[str, Any], embedding: Embedding) -> Iterator[bytes]:
    """The HTML page for ``payload`` (:func:`render_page`) in pieces, written as its data is serialized: no copy of
    the whole page or of its data is ever held."""
    script = _asset("report.js")
    style = _asset("report.css")
    if "</" in script or "</" in style:
        raise RuntimeError("a report asset contains '</', which would end its element early")
    rest = _asset("report.html")
    for marker, text in (  # in the template's order; each searched only after the previous one
        ("/*MB_STYLE*/", style),
        ("MB_ENCODING", embedding),
        ("MB_DATA", None),
        ("/*MB_SCRIPT*/", script),
    ):
        head, found, rest = rest.partition(marker)
        if not found:
            raise RuntimeError(f"the report template lacks {marker}")
        yield head.encode("utf-8")
        if text is not None:
            yield text.encode("utf-8")
        elif embedding == "json":
            yield from _escaped(_json_pieces(payload, 4))
        else:
            yield from _packed(_escaped(_json_pieces(payload, 4)))
    yield rest.encode("utf-8")


def _json_pieces(value: Any, depth: int) -> Iterator[bytes]:
    """``orjson.dumps(value)`` in pieces: objects and arrays down to ``depth`` levels written item by item."""
    if depth and isinstance(value, dict | list):
        yield b"{" if isinstance(value, dict) else b"["
        for index, item in enumerate(value.items() if isinstance(value, dict) else value):
            yield b"," if index else b""
            if isinstance(value, dict):
                yield orjson.dumps(item[0]) + b":"
                item = item[1]
            yield from _json_pieces(item, depth - 1)
        yield b"}" if isinstance(value, dict) else b"]"
    else:
        yield orjson.dumps(value)


def _escaped(pieces: Iterator[bytes]) -> Iterator[bytes]:
    """JSON text made safe as the text of a script element, piece by piece (a piece is whole UTF-8 characters)."""
    for piece in pieces:
        for raw, escaped in _ESCAPES:
            piece = piece.replace(raw, escaped)
        yield piece


def _packed(pieces: Iterator[bytes]) -> Iterator[bytes]:
    """:func:`pack` of the pieces joined, compressed and encoded as they come."""
    compressor, held = zlib.compressobj(5, zlib.DEFLATED, 31), b""
    for piece in itertools.chain(pieces, [None]):
        held += compressor.compress(piece) if piece is not None else compressor.flush()
        cut = len(held) - len(held) % 3 if piece is not None else len(held)  # base64 encodes 3 bytes at a time
        if cut >= 1 << 16 or piece is None:
            yield base64.b64encode(held[:cut])
            held = held[cut:]

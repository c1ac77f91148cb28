"""Streaming JSONL reading: constant memory, UTF-8 with or without BOM, gzip, blank lines skipped."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import sys
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from io import BufferedReader
from pathlib import Path
from typing import IO, Any, cast

import orjson
from pydantic import ValidationError

from ..entities import Example
from ..errors import InputError
from ._errors import LineError, Problem, describe, not_utf8, printable, problems_from_validation
from ._hints import json_hint
from ._inputs import note_input
from ._limits import max_line_bytes as resolve_limit
from ._limits import oversized, parsed_problem, reject_constant, screen
from ._lines import JSON_SPACE, SizedLine, Utf16Lines, read_lines

__all__ = [
    "CompressedFileError",
    "FolderGivenError",
    "InputFileError",
    "MissingFileError",
    "Record",
    "compressed_error",
    "is_not_run_record",
    "iter_documents",
    "iter_records",
    "jsonl_lines",
    "line_blocks",
    "not_jsonl",
    "not_run_record",
    "open_input",
    "parse_document",
    "read_examples",
    "read_record",
    "source_name",
]

PathLike = str | os.PathLike[str]
_BOM = b"\xef\xbb\xbf"
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_GZIP_MAGIC = b"\x1f\x8b"


@dataclass(frozen=True, slots=True)
class Record:
    """One non-blank line of a benchmark file, parsed."""

    line: int
    """1-based line number in the file."""

    example: Example | None
    """The parsed example, or None when the line is invalid."""

    error: LineError | None
    """Why the line is invalid, or None when it parsed."""

    document: Any = None
    """The line's JSON value, the one parse the model validated (None when the line is not JSON, or breaks a limit
    or repeats a key, see :func:`read_record`)."""


def source_name(source: PathLike | IO[bytes]) -> str:
    """The name used for a source in messages: its path, or ``<stdin>``."""
    if isinstance(source, (str, os.PathLike)):
        return "<stdin>" if str(source) == "-" else os.fspath(source)
    return str(getattr(source, "name", "<stream>"))


def _open(source: PathLike | IO[bytes]) -> tuple[IO[bytes], bool]:
    """Open a source for binary reading, gunzipping when the content is gzip; (stream, must_close)."""
    if not isinstance(source, (str, os.PathLike)):
        return source, False
    if str(source) == "-":
        stdin = sys.stdin.buffer
        peek = getattr(stdin, "peek", None)
        if peek is not None and peek(2)[:2] == _GZIP_MAGIC:  # closing the GzipFile leaves stdin open
            return cast("IO[bytes]", gzip.GzipFile(fileobj=stdin, mode="rb")), True
        return stdin, False
    path = Path(source)
    raw = open_input(path)
    note_input(path)
    if raw.peek(2)[:2] == _GZIP_MAGIC:  # opened by name, so that closing it closes the file
        raw.close()
        return cast("IO[bytes]", gzip.open(path, "rb")), True
    return raw, True


def iter_lines(source: PathLike | IO[bytes]) -> Iterator[tuple[int, bytes]]:
    """Yield ``(line_number, bytes)`` for every non-blank line, with a leading BOM and line ends removed.

    Files are UTF-8; a UTF-16 file with its byte-order mark (what Windows PowerShell writes) is read too. A gzip
    file that ends too early raises :class:`gzip.BadGzipFile` (an ``OSError``) after its complete lines.
    """
    for number, data, _ in sized_lines(source, None):
        yield number, data


def sized_lines(source: PathLike | IO[bytes], limit: int | None) -> Iterator[SizedLine]:
    """Like :func:`iter_lines`, but a line over ``limit`` bytes comes as ``(number, b"", its size)`` and is
    never held in memory whole (None: no limit)."""
    stream, must_close = _open(source)
    try:
        peek = getattr(stream, "peek", None)
        if peek is not None and peek(2)[:2] in _UTF16_BOMS:
            lines = Utf16Lines(stream)
            try:
                yield from read_lines(lines, limit)
            finally:
                lines.text.detach()
        elif peek is not None and peek(3)[:3] == _BOM:
            stream.read(3)
            yield from read_lines(stream, limit)
        else:
            yield from read_lines(stream, limit, bom=_BOM)
    except (EOFError, gzip.BadGzipFile, zlib.error) as exc:
        raise compressed_error(exc, source) from exc
    finally:
        if must_close:
            stream.close()


class CompressedFileError(InputError, gzip.BadGzipFile):
    """A gzip file that cannot be read to its end (cut short, damaged, or with bytes after its data): an
    ``OSError`` whose ``filename`` names the file (when it is one) and whose text says what is wrong."""

    def __init__(self, message: str, filename: str | None) -> None:
        super().__init__(message)
        self.filename = filename

    def __str__(self) -> str:
        return str(self.args[0])


class InputFileError(InputError, OSError):
    """An input file that cannot be opened (a folder, no permission): an ``OSError`` with the system's ``errno``,
    ``strerror`` and ``filename``, and an :class:`~mb.errors.InputError` whose text is ``FILE: why``."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error), file=os.fspath(error.filename or "?"))
        self.errno, self.strerror, self.filename = error.errno, error.strerror, error.filename

    def __str__(self) -> str:
        return str(self.args[0])


class MissingFileError(InputFileError, FileNotFoundError):
    """An input file that does not exist (also a ``FileNotFoundError``)."""


class FolderGivenError(InputFileError, IsADirectoryError):
    """A folder named where an input file is read (also an ``IsADirectoryError``)."""


def open_input(path: Path) -> BufferedReader:
    """``path`` opened for reading, or the :class:`InputFileError` saying why it cannot be."""
    try:
        return path.open("rb")
    except FileNotFoundError as exc:
        raise MissingFileError(exc) from None
    except IsADirectoryError as exc:
        raise FolderGivenError(exc) from None
    except OSError as exc:
        raise InputFileError(exc) from None


def compressed_error(exc: BaseException, source: object = None) -> CompressedFileError:
    """The :class:`CompressedFileError` of what reading a gzip ``source`` raised (``EOFError``, ``BadGzipFile``,
    ``zlib.error``)."""
    if isinstance(exc, CompressedFileError):
        return exc
    if isinstance(exc, EOFError):
        message = f"the compressed file ends too early ({exc})"
    elif isinstance(exc, zlib.error):
        message = f"the compressed data is damaged ({exc})"
    else:
        message = f"not a complete gzip file ({exc})"
    name = os.fspath(source) if isinstance(source, (str, os.PathLike)) and str(source) != "-" else None
    return CompressedFileError(message, name)


_UNREAD = object()
"""What :func:`_quick_load` gives for a line that is not JSON to ``orjson``."""


def _quick_load(data: bytes) -> Any:
    """``orjson``'s parse of a line, else :data:`_UNREAD`: exact once :func:`~mb.io._limits.screen` has passed the
    line, as every integer is then within 64 bits (beyond them ``orjson`` gives a float)."""
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError:
        return _UNREAD


_CUT_OFF = (
    "the line is cut off before its JSON ends ({detail}): an example split over several lines (JSONL holds each on "
    "one), or the last line of a run stopped outright while writing, which `mb run --resume` drops and runs again"
)


_CUT_TOKEN = re.compile(r"t(ru?)?|f(a(ls?)?)?|n(ul?)?|-|\.|[eE][-+]?")
"""What is left of a literal or a number cut short at the end of a line (``tru``, ``-``, ``1.``, ``1e+``)."""


def _cut_off(exc: json.JSONDecodeError) -> bool:
    """Whether the JSON failed only because the line ends too early: a string, an escape, a literal or a number left
    open, or nothing after a comma, a colon or an opening bracket."""
    tail = exc.doc[exc.pos :]
    return (
        exc.msg.startswith("Unterminated string")
        or not tail.strip(JSON_SPACE.decode())
        or (exc.msg.startswith("Invalid \\uXXXX escape") and re.fullmatch("u[0-9a-fA-F]{0,4}", tail) is not None)
        or _CUT_TOKEN.fullmatch(tail) is not None
    )


def _load(data: bytes) -> tuple[Any, Problem | None]:
    """Parse one line of JSON that ``orjson`` cannot read and :func:`~mb.io._limits.screen` has passed; on failure a
    problem saying where and why (``orjson`` reports terse positions: the standard library says where a line is
    broken)."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.reason == "unexpected end of data":  # the line ends inside a character
            return None, Problem("$", _CUT_OFF.format(detail=f"a character cut in two at column {exc.start + 1}"))
        return None, Problem("$", f"the line is {not_utf8(exc)}")
    if b"\x00" in data:
        return None, Problem("$", "the line holds NUL bytes: this is not a text file (a benchmark is UTF-8 JSONL)")
    try:
        return json.loads(data.decode("utf-8"), parse_constant=reject_constant), None
    except ValueError as exc:
        if isinstance(exc, json.JSONDecodeError):
            message = exc.msg.removesuffix(" at")  # "Unterminated string starting at" names no place itself
            detail = f"{message} at column {exc.colno}{json_hint(exc.doc, exc.pos)}"
            if _cut_off(exc):
                cut = _CUT_OFF.format(detail=f"{message[:1].lower()}{message[1:]} at column {exc.colno}")
                return None, Problem("$", f"invalid JSON: {cut}")
            if message == "Extra data" and exc.doc[exc.pos] in "\x0b\x0c":
                detail += f" ({exc.doc[exc.pos]!r}: only spaces, tabs and line ends may surround a JSON value)"
            elif message == "Extra data" and exc.doc[: exc.pos].rstrip(" \t").endswith("\r"):
                detail += (
                    ", after a carriage return: the file seems to end its lines with CR alone (classic Mac);"
                    " a benchmark's lines end with LF or CRLF"
                )
            return None, Problem("$", f"invalid JSON: {detail}")
        return None, Problem("$", f"invalid JSON: {exc}")


def parse_document(document: Any, *, file: str, line: int, executed: bool = False) -> Example | LineError:
    """Validate one parsed JSON value as an example; a :class:`LineError` says what is wrong."""
    if not isinstance(document, dict):
        hint = ""
        if isinstance(document, list) and document and all(isinstance(item, dict) for item in document):
            hint = f" holding {len(document)} object(s): a benchmark has one example per line (JSONL), not an array"
        message = f"expected a JSON object (one example), got {describe(document)}{hint}"
        return LineError(file, line, (Problem("$", message),))
    if is_not_run_record(document):
        copied = document[_NOT_RUN]
        where = f"{copied.get('file')}:{copied.get('line')}"
        return LineError(file, line, (Problem("$", f"not run, {where} is invalid: {copied.get('error')}"),))
    try:
        example = Example.model_validate(document)
    except ValidationError as exc:
        if "mb_results" in document and "inputs" not in document:  # what `mb eval -o` writes first
            message = "the run record of a results file (written by `mb eval -o`), not an example"
            return LineError(file, line, (Problem("$", message),))
        return LineError(file, line, problems_from_validation(exc.errors(include_url=False), document))
    if executed and example.outputs is None:
        message = (
            "required in an executed benchmark (run an agent over the benchmark first, e.g. with `mb run`)"
            if document.get("outputs") is None
            else "expected an object"
        )
        return LineError(file, line, (Problem("$.outputs", message),))
    return example


_NOT_RUN = "invalid_line"


def not_run_record(error: LineError) -> dict[str, Any]:
    """What ``mb run`` writes in place of an invalid benchmark line, so that the failure reaches the results: every
    command reads it back as an invalid line that names the benchmark's file, line and problems. Its
    ``example_hash`` is that of the problem (not of the line number: lines may move), for resuming."""
    where = {"file": printable(error.file), "line": error.line, "error": error.message}
    return {_NOT_RUN: where, "example_hash": hashlib.sha256(error.message.encode()).hexdigest()}


def is_not_run_record(document: Any) -> bool:
    """Whether a line's JSON value is what :func:`not_run_record` writes."""
    return isinstance(document, dict) and isinstance(document.get(_NOT_RUN), dict) and "inputs" not in document


_NOT_JSONL = (
    "the first line is only {bracket!r}: this looks like a pretty-printed JSON document, not JSONL. A benchmark "
    "holds one example per line, e.g. `jq -c '.[]' file.json > file.jsonl` for an array"
)


def not_jsonl(source: PathLike, *, blank: bool = False) -> LineError | None:
    """The error of a file that is a pretty-printed JSON document rather than JSONL (its first non-blank line a
    lone ``[`` or ``{``), read from its first line only; with ``blank``, also of a file with no non-blank line (it
    holds no example); None for any other file."""
    for number, data, problem in jsonl_lines(source):  # the file closes as the reading ends
        if problem is None or not data:  # a first line of JSONL, or one too long to read
            return None
        return LineError(source_name(source), number, (problem,))
    if blank:
        return LineError(source_name(source), 0, (Problem("$", "holds no example (it is empty or blank)"),))
    return None


def jsonl_lines(
    source: PathLike | IO[bytes], max_line_bytes: int | None = None
) -> Iterator[tuple[int, bytes, Problem | None]]:
    """The non-blank lines, each with the problem that makes it unreadable whatever it holds (None when none): a
    line over ``max_line_bytes`` (default: see :func:`~mb.io.max_line_bytes`) is skipped unread; a file whose
    first line is a lone ``[`` or ``{`` is pretty-printed JSON, not JSONL: one problem says so instead of one
    error per line."""
    limit = resolve_limit(max_line_bytes)
    first = True
    for number, data, size in sized_lines(source, limit):
        if first and data in (b"[", b"{"):  # pretty-printed JSON, not JSONL
            yield number, data, Problem("$", _NOT_JSONL.format(bracket=data.decode()))
            return
        first = False
        yield number, data, oversized(size, limit) if size else None


def line_blocks(
    source: PathLike | IO[bytes], max_line_bytes: int | None, lines: int, size: int
) -> Iterator[list[tuple[int, bytes, Problem | None]]]:
    """:func:`jsonl_lines` in blocks of at most ``lines`` lines and about ``size`` bytes (a block ends after the line
    that reaches it), for worker processes to read side by side. When the file cannot be read to its end, the lines
    read before the error are given first, as :func:`jsonl_lines` gives them."""
    block: list[tuple[int, bytes, Problem | None]] = []
    held = 0
    try:
        for line in jsonl_lines(source, max_line_bytes):
            block.append(line)
            held += len(line[1])
            if len(block) >= lines or held >= size:
                yield block
                block, held = [], 0
    except OSError:  # the file cannot be read on (a gzip file cut short): the lines read before come first
        if block:
            yield block
        raise
    if block:
        yield block


def read_record(data: bytes, *, file: str, line: int, executed: bool = False, problem: Problem | None = None) -> Record:
    """One non-blank line read as every command reads it: checked against the limits every line must meet (see
    :func:`~mb.io._limits.screen`), parsed once, then validated by the :class:`~mb.entities.Example` model (with
    ``executed``, ``outputs`` is required too). ``problem``: what makes the line unreadable whatever it holds (see
    :func:`jsonl_lines`). Never raises for bad content."""
    if problem is None:
        document = _quick_load(data)  # the one parse: duplicate keys are found and the model validates from it
        if document is not _UNREAD:
            problem = parsed_problem(data, document)
        elif (problem := screen(data)) is None:  # a repeated key is found once the line is JSON to orjson
            document, problem = _load(data)
    if problem is not None:
        return Record(line, None, LineError(file, line, (problem,)))
    parsed = parse_document(document, file=file, line=line, executed=executed)
    if isinstance(parsed, LineError):
        return Record(line, None, parsed, document)
    return Record(line, parsed, None, document)


def iter_records(
    source: PathLike | IO[bytes], *, executed: bool = False, max_line_bytes: int | None = None
) -> Iterator[Record]:
    """Yield a :class:`Record` per non-blank line: the example, or the error that prevented it (see
    :func:`read_record`). Never raises for bad content; a missing or unreadable file raises ``OSError`` when
    iteration starts. A line longer than ``max_line_bytes`` is invalid (default: see :func:`~mb.io.max_line_bytes`)."""
    name = source_name(source)
    for number, data, whole in jsonl_lines(source, max_line_bytes):
        yield read_record(data, file=name, line=number, executed=executed, problem=whole)


def iter_documents(
    source: PathLike | IO[bytes],
    *,
    executed: bool = False,
    check_only: bool = False,
    max_line_bytes: int | None = None,
) -> Iterator[tuple[int, Any, LineError | None]]:
    """Yield ``(line, document, error)`` per non-blank line: its JSON value (None when it is not JSON, or with
    ``check_only``) and, for an invalid line, why (see :func:`read_record`). A line longer than
    ``max_line_bytes`` is invalid (default: see :func:`~mb.io.max_line_bytes`)."""
    for record in iter_records(source, executed=executed, max_line_bytes=max_line_bytes):
        yield record.line, None if check_only else record.document, record.error


def read_examples(
    source: PathLike | IO[bytes], *, executed: bool = False, max_line_bytes: int | None = None
) -> Iterator[Example | LineError]:
    """Stream a benchmark file: each non-blank line yields an :class:`Example` or a :class:`LineError`.

    Bad lines never stop the stream. ``executed=True`` also requires ``outputs`` on every line; a line longer
    than ``max_line_bytes`` is invalid (default: see :func:`~mb.io.max_line_bytes`).
    """
    for record in iter_records(source, executed=executed, max_line_bytes=max_line_bytes):
        yield record.example if record.example is not None else record.error  # type: ignore[misc]

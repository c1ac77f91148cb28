"""The executed benchmark on disk: refusing to clobber it, resuming it after a kill, sorting it at the end.

Every line the runner writes carries ``example_hash``. Resuming counts the hashes already in the file (so
duplicate identical examples are each run once), drops a last line cut short by a kill, and appends the rest.
Rewrites (sorting, dropping lines) go to a temporary file in the same directory, then ``os.replace``.
"""

from __future__ import annotations

import gzip
import io
import zlib
from collections import Counter, deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import IO, cast

import orjson

from ..entities.outputs import records_error
from ..io import JsonlWriter, write_atomically
from ._errors import OutputExistsError, ResumeError

__all__ = [
    "PreviousOutput",
    "check_fresh_output",
    "count_lines",
    "move_unmatched",
    "read_previous",
    "sort_output",
    "trial_key",
    "unmatched_path",
]


def trial_key(example_hash: str, repeat: object) -> str:
    """What resuming and sorting match a line by: its example hash, and its trial when examples are repeated."""
    return f"{example_hash}#{repeat}" if type(repeat) is int else example_hash


def _content(path: Path) -> tuple[bytes, bool]:
    """What an output holds (decompressed when its name ends in ``.gz``, as ``io.JsonlWriter`` writes it), and
    whether it reads to its end: False when a gzip tail is cut short (every member that can be read is kept)."""
    data = path.read_bytes()
    if path.suffix != ".gz":
        return data, True
    chunks: list[bytes] = []
    while data:
        member = zlib.decompressobj(wbits=31)
        try:
            chunks.append(member.decompress(data))
        except zlib.error:
            return b"".join(chunks), False
        if not member.eof:
            chunks.append(member.flush())
            return b"".join(chunks), False
        data = member.unused_data.lstrip(b"\x00")
    return b"".join(chunks), True


def _has_content(path: Path) -> bool:
    """True when the file holds anything but white space (a plain file is read only until that is known)."""
    if path.suffix == ".gz":
        return bool(_content(path)[0].strip())
    with path.open("rb") as stream:
        return any(chunk.strip() for chunk in iter(partial(stream.read, 1 << 16), b""))


def check_fresh_output(path: Path, *, overwrite: bool) -> None:
    """Refuse to start a new run over an output that already holds examples, unless ``overwrite``."""
    if path.is_dir():
        raise OutputExistsError(f"{path} is a directory; give a file name for the executed benchmark")
    if not overwrite and path.exists() and _has_content(path):
        raise OutputExistsError(
            f"{path} already exists and is not empty: resume it (resume=True) or replace it (overwrite=True)"
        )


@dataclass
class PreviousOutput:
    """What an existing output already holds, by example hash."""

    counts: Counter[str] = field(default_factory=Counter)
    """How many lines of each hash are still available to skip an input example."""

    lines: dict[str, deque[bytes]] | None = None
    """The raw lines by hash, when kept (to return skipped examples from the Python API)."""

    notes: list[str] = field(default_factory=list)
    """Repairs made, in plain English."""

    def take(self, key: str) -> bytes | None:
        """Consume one line of hash ``key``: its raw bytes (``b""`` when lines are not kept), None when none is left."""
        if self.counts[key] <= 0:
            return None
        self.counts[key] -= 1
        return b"" if self.lines is None else self.lines[key].popleft()

    def leftover(self) -> int:
        """Lines of the output that no input example claimed."""
        return sum(count for count in self.counts.values() if count > 0)


def read_previous(
    path: Path, *, keep_lines: bool = False, retry_errors: bool = False, repeats: int = 1
) -> PreviousOutput:
    """Read an existing output for resuming and leave it ready to append to.

    A last line cut short (a kill while writing) is removed; with ``retry_errors`` the lines whose agent
    failed are removed too, so those examples run again. A missing file is an empty output. An output written
    with other ``repeats`` (single trials resumed with repeats or the reverse, or trials beyond ``repeats``) raises
    :class:`ResumeError` before anything is changed; resuming with more repeats adds the missing trials.
    """
    previous = PreviousOutput(lines={} if keep_lines else None)
    if not path.exists():
        return previous
    content, complete = _content(path) if path.suffix == ".gz" else (None, True)

    def source() -> IO[bytes]:
        return path.open("rb") if content is None else io.BytesIO(content)

    drop: set[int] = set()
    dropped_partial, ends_with_newline = False, True
    with source() as stream:
        for number, raw in enumerate(stream, start=1):
            data, ends_with_newline, where = raw.strip(), raw.endswith(b"\n"), f"{path}:{number}"
            if not data:
                continue
            try:
                document = orjson.loads(data)
            except orjson.JSONDecodeError:
                if not ends_with_newline and data.startswith(b'{"'):  # how every line `mb run` writes begins
                    dropped_partial = True  # a last line cut off by a kill
                    drop.add(number)
                    continue
                which = (
                    "not the last one"
                    if ends_with_newline
                    else "the last one, and it does not begin as `mb run` writes lines"
                )
                raise ResumeError(
                    f"{where}: not a complete JSON line, and {which}: the file was changed by something else than "
                    "`mb run`; fix or remove the line, or start again with overwrite=True"
                ) from None
            key = document.get("example_hash") if isinstance(document, dict) else None
            if not isinstance(key, str):
                raise ResumeError(
                    f"{where}: the line has no example_hash, so it was not written by `mb run`; "
                    "resume only a file `mb run` wrote, or start again with overwrite=True"
                )
            repeat = document.get("repeat")  # a line of a run made with other repeats is refused: resuming it
            repeated = type(repeat) is int  # would run every trial again beside it
            if repeated != (repeats > 1) or (repeated and cast(int, repeat) > repeats):
                had = f"trial {repeat} of repeated examples" if repeated else "a single trial (no repeats)"
                asked = f"repeats={repeats}" if repeats > 1 else "a single trial"
                raise ResumeError(
                    f"{where}: the line holds {had}, but this run asks for {asked}: resume with the repeats "
                    "the output was started with (more are fine), or write to another output"
                )
            # a line whose agent failed, or one standing for an invalid benchmark line (``mb.io.not_run_record``)
            outputs = document.get("outputs")
            failed = "inputs" not in document or (isinstance(outputs, dict) and records_error(outputs.get("error")))
            if retry_errors and failed:
                drop.add(number)
                continue
            key = trial_key(key, repeat)
            previous.counts[key] += 1
            if previous.lines is not None:
                previous.lines.setdefault(key, deque()).append(data)
    if drop or not complete or not ends_with_newline:
        with source() as stream:  # read again, so that memory stays bounded by a line
            kept = (
                raw.strip() + b"\n" for number, raw in enumerate(stream, start=1) if number not in drop and raw.strip()
            )
            write_atomically(path, kept, compress=path.suffix == ".gz")
    if dropped_partial:
        previous.notes.append(
            f"dropped a truncated last line from {path} (an example cut off while being written); it runs again"
        )
    elif not complete:
        previous.notes.append(f"repaired {path}: dropped data cut off by an interrupted write")
    if dropped_errors := len(drop) - dropped_partial:
        previous.notes.append(f"removed {dropped_errors} line(s) with an error from {path}; they run again")
    return previous


def unmatched_path(path: Path) -> Path:
    """Where resuming moves the lines of ``path`` that match no example of the benchmark: ``<stem>.unmatched.jsonl``
    beside it (``.gz`` too when the output is compressed)."""
    name = path.name.removesuffix(".gz").removesuffix(".jsonl")
    return path.with_name(f"{name}.unmatched.jsonl{'.gz' if path.suffix == '.gz' else ''}")


def _keyed_lines(path: Path) -> Iterable[tuple[bytes, str | None]]:
    """The non-blank lines of an output with the key resuming matches them by (None for a line without one)."""
    for line in filter(None, (raw.strip() for raw in _content(path)[0].split(b"\n"))):
        try:
            document = orjson.loads(line)
            key = document.get("example_hash")
        except (orjson.JSONDecodeError, AttributeError):
            key = None
        yield line, trial_key(key, document.get("repeat")) if isinstance(key, str) else None


def move_unmatched(path: Path, unclaimed: Counter[str]) -> int:
    """Move the lines no example of the benchmark claimed (``unclaimed``: how many of each key, the last ones of
    that key in the file) to :func:`unmatched_path`, appended there, so that the output holds one line per example.

    The lines are appended to the other file before the output is rewritten (atomically): a kill in between leaves
    them in both files, never in neither. Returns how many lines moved."""
    left = +unclaimed
    if not left:
        return 0
    seen: Counter[str] = Counter(key for _, key in _keyed_lines(path) if key is not None and key in left)
    kept: list[bytes] = []
    moved: list[bytes] = []
    for line, key in _keyed_lines(path):
        if key is not None and key in left:
            seen[key] -= 1
            if seen[key] < left[key]:
                moved.append(line + b"\n")
                continue
        kept.append(line + b"\n")
    with JsonlWriter(unmatched_path(path), append=True) as writer:
        writer.write_lines(b"".join(moved), len(moved))
    write_atomically(path, kept, compress=path.suffix == ".gz")
    return len(moved)


def sort_output(path: Path, order: Sequence[str]) -> None:
    """Rewrite the output with its lines in input order (``order``: input hashes, duplicates repeated).

    Lines whose hash is not in ``order`` keep their relative order after the others. Atomic: a kill during
    the rewrite leaves the file as it was.
    """
    by_hash: dict[str, deque[bytes]] = {}
    unmatched: list[bytes] = []
    for line, key in _keyed_lines(path):
        if key is not None:
            by_hash.setdefault(key, deque()).append(line)
        else:
            unmatched.append(line)

    def ordered() -> Iterable[bytes]:
        for key in order:
            queue = by_hash.get(key)
            if queue:
                yield queue.popleft()
        for queue in by_hash.values():
            yield from queue
        yield from unmatched

    write_atomically(path, (line + b"\n" for line in ordered()), compress=path.suffix == ".gz")


def count_lines(path: Path) -> int | None:
    """A quick count of the lines of a benchmark file, gzip or not (the progress bar's total); None for a gzip
    file that cannot be read to its end (reading its lines says why)."""
    with path.open("rb") as stream:
        compressed = stream.read(2) == b"\x1f\x8b"
    count = 0
    last = b""
    try:
        with gzip.open(path, "rb") if compressed else path.open("rb") as stream:  # in chunks: lines may be huge
            while chunk := stream.read(1 << 20):
                count += chunk.count(b"\n") - chunk.count(b"\n\n")  # blank lines do not count
                last = chunk
    except (EOFError, gzip.BadGzipFile, zlib.error):
        return None
    if last and not last.endswith(b"\n"):
        count += 1
    return count

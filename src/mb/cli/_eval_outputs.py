"""What ``mb eval`` writes besides its summary: the versioned results file, JUnit XML, a markdown summary."""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

import orjson
from rich.console import Console, Group
from rich.text import Text

from ..io import atomic_output, replace_file
from ..results import Summary

__all__ = ["BackgroundDigest", "ResultsSpool", "input_digest", "render_reliability", "write_whole"]

_CHUNK = 1 << 20


class ResultsSpool:
    """Result lines kept in a private temporary file while the evaluation runs, then published whole: the results
    file gets its run record as the first line (which needs the counts and times known only at the end), and the
    JUnit report reads the lines back."""

    def __init__(self, near: Path | None) -> None:
        directory = None
        if near is not None and str(near) != "-":
            parent = near.parent if near.parent != Path() else Path(".")
            directory = str(parent) if parent.is_dir() else None
        self._file: IO[bytes] = tempfile.TemporaryFile(dir=directory, prefix=".mb-results-")  # noqa: SIM115

    def write(self, data: bytes) -> None:
        """Keep result lines (JSONL bytes)."""
        self._file.write(data)

    def _chunks(self) -> Iterator[bytes]:
        self._file.flush()
        self._file.seek(0)
        while chunk := self._file.read(_CHUNK):
            yield chunk

    def rows(self) -> Iterator[dict[str, Any]]:
        """The result lines kept, as JSON objects, in order."""
        self._file.flush()
        self._file.seek(0)
        for line in self._file:
            if line.strip():
                yield orjson.loads(line)

    def publish(self, target: Path, header: bytes) -> None:
        """Write ``header`` then the lines to ``target`` (``-``: standard output), replacing it whole; gzip for
        ``.gz``."""
        if str(target) == "-":
            sys.stdout.buffer.write(header)
            for chunk in self._chunks():
                sys.stdout.buffer.write(chunk)
            sys.stdout.buffer.flush()
            return
        if target.parent != Path():
            target.parent.mkdir(parents=True, exist_ok=True)
        compress = target.suffix == ".gz"
        if compress or (target.exists() and not target.is_file()):
            write_whole(target, _chain(header, self._chunks()), compress=compress)
            return
        with atomic_output(target, compress=False) as stream:
            stream.write(header)
            self._copy_into(stream)

    def _copy_into(self, stream: IO[bytes]) -> None:
        """Append the lines kept to ``stream``, a plain file: copied by the kernel where it can, else in chunks."""
        self._file.flush()
        stream.flush()
        source, target = self._file.fileno(), stream.fileno()
        size = os.fstat(source).st_size
        offset = 0
        copy = getattr(os, "copy_file_range", None)  # Linux
        try:
            while copy is not None and offset < size:
                copied = copy(source, target, size - offset, offset)
                if copied == 0:
                    break
                offset += copied
        except OSError:  # no in-kernel copy between these files: the rest goes through this process
            pass
        self._file.seek(offset)
        while chunk := self._file.read(_CHUNK):
            stream.write(chunk)

    def close(self) -> None:
        """Remove the temporary file."""
        with contextlib.suppress(OSError):
            self._file.close()


def write_whole(target: Path, chunks: Iterable[bytes], *, compress: bool = False) -> None:
    """Replace a regular file (or create one) atomically; write into anything else (a device, a pipe) directly,
    never replacing it."""
    if target.exists() and not target.is_file():
        with target.open("wb") as stream:
            for chunk in chunks:
                stream.write(chunk)
        return
    replace_file(target, chunks, compress=compress)


def _chain(first: bytes, rest: Iterator[bytes]) -> Iterator[bytes]:
    yield first
    yield from rest


def render_reliability(console: Console, summary: Summary) -> None:
    """Print the pass rate's interval, reliability over repeated trials, and token use with cost."""
    parts: list[object] = []
    if summary.pass_rate_interval is not None:
        low, high = summary.pass_rate_interval
        parts.append(Text(f"pass rate {summary.pass_rate:.1%}, 95% CI {low:.1%} - {high:.1%} (Wilson)"))
    repeats = summary.repeats
    if repeats is not None:
        from rich.table import Table  # only for repeated trials

        table = Table(
            title=f"Reliability over {repeats.max_trials} trial(s) of {len(repeats.examples)} example(s)",
            title_justify="left",
            show_edge=False,
            pad_edge=False,
        )
        table.add_column("k", justify="right")
        table.add_column("pass@k", justify="right")
        table.add_column("pass^k", justify="right")
        for k in repeats.pass_at_k:
            table.add_row(str(k), f"{repeats.pass_at_k[k]:.1%}", f"{repeats.pass_hat_k[k]:.1%}")
        parts += [Text(), table]
        if repeats.flaky:
            parts.append(Text(f"{len(repeats.flaky)} flaky example(s) (passed some trials, not all):", style="bold"))
            for example in repeats.flaky[:20]:
                parts.append(Text(f"  line {example.line}: {example.passed}/{example.trials} trials passed"))
    for who, usage, unit in (("agent", summary.agent_usage, "example"), ("judge", summary.judge_usage, "call")):
        if usage is None:
            continue
        cost = f", cost {usage.cost:.4f}" if usage.cost is not None else ", cost unknown (no --prices for its model)"
        counts = f"{usage.input_tokens} in, {usage.output_tokens} out over {usage.calls} {unit}(s)"
        parts.append(Text(f"{who} tokens: {counts}{cost}"))
    if summary.cost is not None:
        parts.append(Text(f"total cost: {summary.cost:.4f}"))
    if parts:
        console.print(Group(*parts))  # type: ignore[arg-type]


def input_digest(path: Path) -> str | None:
    """The sha256 of the evaluated file, or None for standard input or a file that cannot be read."""
    if str(path) == "-":
        return None
    from ..results_format import file_digest

    try:
        return file_digest(path)
    except OSError:
        return None


class BackgroundDigest:
    """:func:`input_digest` computed in a thread while the evaluation runs (hashing and reading release the GIL, so
    it takes no time from the lines being scored); :meth:`result` waits for it."""

    def __init__(self, path: Path) -> None:
        self._digest: str | None = None
        self._thread = threading.Thread(target=self._run, args=(path,), name="mb-input-digest", daemon=True)
        self._thread.start()

    def _run(self, path: Path) -> None:
        self._digest = input_digest(path)

    def result(self) -> str | None:
        """The sha256 of the evaluated file, or None for standard input or a file that cannot be read."""
        self._thread.join()
        return self._digest

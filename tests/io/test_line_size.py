"""A line over the size limit is an invalid line with its size, the rest is read, and memory stays bounded."""

from __future__ import annotations

import gzip
import io
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mb.io import DEFAULT_MAX_LINE_BYTES, iter_documents, iter_records, max_line_bytes, read_examples
from mb.io._lines import read_lines
from mb.io._reader import sized_lines

from ..conftest import SPEC

GOOD = (SPEC / "examples-executed.jsonl").read_text(encoding="utf-8").splitlines()[0].encode()


def _naive(data: bytes, limit: int | None) -> list[tuple[int, bytes, int]]:
    found = []
    for number, line in enumerate(data.split(b"\n"), start=1):
        if limit is not None and len(line) > limit:
            found.append((number, b"", len(line)))
        elif line.strip(b" \t\r\n"):  # JSON's whitespace only: a vertical tab or form feed is part of the line
            found.append((number, line.strip(b" \t\r\n"), 0))
    return found


_LINE = st.one_of(st.binary(max_size=30).map(lambda b: b.replace(b"\n", b"x")), st.sampled_from([b"", b"  ", b"\r"]))


@settings(max_examples=300, deadline=None)
@given(st.lists(_LINE, max_size=12), st.none() | st.integers(0, 25), st.booleans())
def test_lines_read_one_by_one_as_a_whole_split(lines: list[bytes], limit: int | None, bom: bool) -> None:
    data = b"\n".join(lines)
    stream = io.BufferedReader(io.BytesIO(b"\xef\xbb\xbf" + data if bom else data), buffer_size=8)
    read = data if bom else data.removeprefix(b"\xef\xbb\xbf")  # one leading BOM is dropped, whichever wrote it
    assert list(read_lines(stream, limit, bom=b"\xef\xbb\xbf")) == _naive(read, limit)
    shifted = [(number + 6, line, size) for number, line, size in _naive(data, limit)]
    assert list(read_lines(io.BytesIO(data), limit, 7)) == shifted


_TEXT = st.text(st.characters(blacklist_characters="\r\n", blacklist_categories=("Cs",)), max_size=20)


@settings(max_examples=200, deadline=None)
@given(st.lists(_TEXT, max_size=10), st.none() | st.integers(0, 25))
def test_a_utf16_file_reads_as_its_utf8_text(
    tmp_path_factory: pytest.TempPathFactory, lines: list[str], limit: int | None
) -> None:
    text = "\n".join(lines)
    path = tmp_path_factory.mktemp("wide") / "f.jsonl"
    path.write_bytes(text.encode("utf-16"))
    assert list(sized_lines(path, limit)) == _naive(text.encode("utf-8"), limit)


def _bench(tmp_path: Path, long: int, *, compress: bool = False) -> Path:
    big = b'{"inputs": "' + b"x" * long + b'"}'
    data = GOOD + b"\n" + big + b"\n" + GOOD + b"\n"
    path = tmp_path / ("bench.jsonl.gz" if compress else "bench.jsonl")
    path.write_bytes(gzip.compress(data) if compress else data)
    return path


@pytest.mark.parametrize("compress", [False, True])
def test_every_reader_names_the_line_and_reads_the_others(tmp_path: Path, compress: bool) -> None:
    path = _bench(tmp_path, 5000, compress=compress)
    message = f"{path}:2: $: line is 5014 bytes, over the limit of 4096 (set MB_MAX_LINE_BYTES to raise it)"
    checked = [str(e) if e else None for _, _, e in iter_documents(path, check_only=True, max_line_bytes=4096)]
    assert checked == [None, message, None]
    records = iter_records(path, max_line_bytes=4096)
    assert [str(r.error) if r.error else None for r in records] == [None, message, None]
    within = [e for _, _, e in iter_documents(path, max_line_bytes=5014)]
    assert within[1] is not None
    assert "$.inputs: expected an object" in str(within[1])
    assert [type(item).__name__ for item in read_examples(path, max_line_bytes=5013)] == [
        "Example",
        "LineError",
        "Example",
    ]


def test_the_limit_comes_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert max_line_bytes() == DEFAULT_MAX_LINE_BYTES == 16 << 20
    monkeypatch.setenv("MB_MAX_LINE_BYTES", "1_000")
    assert max_line_bytes() == 1000
    assert max_line_bytes(7) == 7
    errors = [e for _, _, e in iter_documents(_bench(tmp_path, 2000))]
    assert errors[1] is not None
    assert "over the limit of 1000" in str(errors[1])
    monkeypatch.setenv("MB_MAX_LINE_BYTES", "lots")
    with pytest.raises(ValueError, match="MB_MAX_LINE_BYTES='lots': expected a whole number of bytes"):
        max_line_bytes()
    with pytest.raises(ValueError, match="positive"):
        max_line_bytes(0)
    with pytest.raises(ValueError, match="at most"):
        max_line_bytes(10**23)  # no reader could hold to it (and it would overflow the reading itself)
    monkeypatch.setenv("MB_MAX_LINE_BYTES", "99999999999999999999999")
    with pytest.raises(ValueError, match="at most"):
        max_line_bytes()


@pytest.mark.parametrize("compress", [False, True])
def test_an_oversized_line_is_never_held_whole(tmp_path: Path, compress: bool) -> None:
    path = _bench(tmp_path, 24 << 20, compress=compress)
    tracemalloc.start()
    try:
        found = [(number, len(data), size) for number, data, size in sized_lines(path, 64 << 10)]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert found == [(1, len(GOOD), 0), (2, 0, (24 << 20) + 14), (3, len(GOOD), 0)]
    assert peak < 8 << 20, f"peak {peak} bytes while skipping a 24 MiB line"

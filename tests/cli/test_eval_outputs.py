"""The results spool of ``mb eval``: published whole, header first, by the kernel or through the process."""

from __future__ import annotations

import errno
import gzip
import hashlib
import json
import os
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from mb.cli import _eval_outputs, main
from mb.cli._eval_outputs import BackgroundDigest, ResultsSpool
from mb.data import example_lines
from mb.evaluation import _parallel as parallel

LINES = [b'{"line":%d,"passed":true}\n' % n for n in range(3000)]


def _spool(near: Path) -> ResultsSpool:
    spool = ResultsSpool(near)
    for start in range(0, len(LINES), 700):  # several writes, as batches arrive
        spool.write(b"".join(LINES[start : start + 700]))
    return spool


def test_publish_writes_the_header_then_every_line_in_order(tmp_path: Path) -> None:
    target = tmp_path / "results.jsonl"
    target.write_bytes(b"previous\n")
    spool = _spool(target)
    try:
        spool.publish(target, b'{"mb_results":{}}\n')
    finally:
        spool.close()
    assert target.read_bytes() == b'{"mb_results":{}}\n' + b"".join(LINES)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.jsonl"]


def test_publish_continues_through_the_process_when_the_kernel_copy_stops(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = os.copy_file_range
    calls = [0]

    def partial(source: int, target: int, count: int, offset_src: int | None = None) -> int:
        calls[0] += 1
        if calls[0] > 1:  # a first slice is copied, then the file system refuses
            raise OSError(errno.EXDEV, "Invalid cross-device link")
        return real(source, target, min(count, 1000), offset_src)

    monkeypatch.setattr(os, "copy_file_range", partial)
    target = tmp_path / "results.jsonl"
    spool = _spool(target)
    try:
        spool.publish(target, b"HEADER\n")
    finally:
        spool.close()
    assert calls[0] == 2
    assert target.read_bytes() == b"HEADER\n" + b"".join(LINES)


def test_publish_gzips_a_gz_target_and_reads_back_the_rows(tmp_path: Path) -> None:
    target = tmp_path / "results.jsonl.gz"
    spool = _spool(target)
    try:
        spool.publish(target, b"HEADER\n")
        rows = list(spool.rows())
    finally:
        spool.close()
    assert gzip.decompress(target.read_bytes()) == b"HEADER\n" + b"".join(LINES)
    assert [row["line"] for row in rows] == list(range(len(LINES)))


def test_background_digest_is_the_sha256_of_the_file_or_none(tmp_path: Path) -> None:
    source = tmp_path / "executed.jsonl"
    source.write_bytes(b"".join(LINES) * 50)
    assert BackgroundDigest(source).result() == hashlib.sha256(source.read_bytes()).hexdigest()
    assert BackgroundDigest(Path("-")).result() is None
    assert BackgroundDigest(tmp_path / "missing.jsonl").result() is None


def test_eval_forks_its_workers_before_hashing_the_input_in_a_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "executed.jsonl"
    lines = [json.dumps(document) for document in example_lines(executed=True)]
    source.write_text("\n".join(lines * 40) + "\n")
    monkeypatch.setattr(parallel, "_BLOCK", 4096)  # several blocks, so worker processes start
    real_pool, real_digest = parallel._pool, _eval_outputs.input_digest
    threads_at_fork: list[list[str]] = []
    forked = threading.Event()

    def pool(*args: object, **kwargs: object) -> object:
        threads_at_fork.append([thread.name for thread in threading.enumerate()])
        forked.set()
        return real_pool(*args, **kwargs)  # type: ignore[arg-type]

    def digest(path: Path) -> str | None:
        forked.wait(timeout=5)  # a hash still running when the workers are forked would show in threads_at_fork
        return real_digest(path)

    monkeypatch.setattr(parallel, "_pool", pool)
    monkeypatch.setattr(_eval_outputs, "input_digest", digest)
    output = tmp_path / "results.jsonl"
    result = CliRunner().invoke(
        main, ["eval", str(source), "-o", str(output), "-q", "--jobs", "2", "--judge", "lexical"]
    )
    assert result.exit_code == 0, result.output
    assert threads_at_fork
    assert not any("mb-input-digest" in names for names in threads_at_fork)
    record = json.loads(output.read_bytes().split(b"\n", 1)[0])["mb_results"]
    assert record["input_sha256"] == hashlib.sha256(source.read_bytes()).hexdigest()

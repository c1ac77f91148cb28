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


HEADER = b'{"mb_results":{"results_format":2,"counts":{"total":0}}}\n'


def _slotted(target: Path) -> ResultsSpool:
    spool = ResultsSpool(target, HEADER)
    for start in range(0, len(LINES), 700):
        spool.write(b"".join(LINES[start : start + 700]))
    return spool


def test_a_plain_results_file_gets_its_record_in_the_reserved_slot_padded_with_spaces(tmp_path: Path) -> None:
    target = tmp_path / "results.jsonl"
    target.write_bytes(b"previous\n")
    target.chmod(0o600)
    final = b'{"mb_results":{"results_format":2,"counts":{"total":3000},"cost":1.5}}\n'
    spool = _slotted(target)
    try:
        assert sorted(p.name for p in tmp_path.iterdir()) == ["results.jsonl"]  # nothing named while it runs
        assert target.read_bytes() == b"previous\n"
        spool.publish(target, final)
        rows = list(spool.rows())
    finally:
        spool.close()
    data = target.read_bytes()
    first, rest = data.split(b"\n", 1)
    assert len(first) + 1 == len(HEADER.rstrip(b"\n")) + _eval_outputs.HEADER_ROOM + 1
    assert first.rstrip(b" ") + b"\n" == final
    assert json.loads(first) == json.loads(final)
    assert rest == b"".join(LINES)
    assert [row["line"] for row in rows] == list(range(len(LINES)))
    assert target.stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.jsonl"]


def test_a_record_longer_than_its_slot_is_written_whole_before_a_copy_of_the_lines(tmp_path: Path) -> None:
    target = tmp_path / "results.jsonl"
    usage = {f"model-{n}": [n, n] for n in range(400)}  # far past the room reserved
    final = json.dumps({"mb_results": {"results_format": 2, "by_model": usage}}).encode() + b"\n"
    assert len(final) > len(HEADER) + _eval_outputs.HEADER_ROOM
    spool = _slotted(target)
    try:
        spool.publish(target, final)
    finally:
        spool.close()
    assert target.read_bytes() == final + b"".join(LINES)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.jsonl"]


def test_a_results_file_that_cannot_be_linked_into_place_is_copied(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(_descriptor: int, _name: Path) -> None:
        raise OSError(errno.EXDEV, "Invalid cross-device link")

    monkeypatch.setattr(_eval_outputs, "_link", refuse)
    target = tmp_path / "results.jsonl"
    spool = _slotted(target)
    try:
        spool.publish(target, HEADER)
    finally:
        spool.close()
    assert target.read_bytes() == HEADER + b"".join(LINES)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.jsonl"]


def test_a_spool_closed_without_publishing_leaves_the_directory_as_it_was(tmp_path: Path) -> None:
    target = tmp_path / "results.jsonl"
    target.write_bytes(b"previous\n")
    _slotted(target).close()
    assert target.read_bytes() == b"previous\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.jsonl"]


def test_results_written_through_a_symlink_replace_the_file_it_points_to(tmp_path: Path) -> None:
    real = tmp_path / "real.jsonl"
    real.write_bytes(b"previous\n")
    link = tmp_path / "results.jsonl"
    link.symlink_to(real)
    spool = _slotted(link)
    try:
        spool.publish(link, HEADER)
    finally:
        spool.close()
    assert link.is_symlink()
    assert real.read_bytes().split(b"\n", 1)[1] == b"".join(LINES)


def test_every_reader_takes_the_padded_record_of_an_eval_results_file(tmp_path: Path) -> None:
    from mb.reports.html._load import open_run
    from mb.results_format import read_results_file

    source = tmp_path / "executed.jsonl"
    source.write_text("\n".join(json.dumps(document) for document in example_lines(executed=True)) + "\n")
    output = tmp_path / "results.jsonl"
    runner = CliRunner()
    result = runner.invoke(main, ["eval", str(source), "-o", str(output), "-q", "--judge", "lexical"])
    assert result.exit_code == 0, result.output
    first = output.read_bytes().split(b"\n", 1)[0]
    assert first.endswith(b" ")  # the record padded to its slot
    read = read_results_file(output)
    assert read.record.counts.total == len(read.results) > 0
    assert read.record.input_sha256 == hashlib.sha256(source.read_bytes()).hexdigest()
    opened = open_run(output)
    assert opened.record == read.record
    assert len(list(opened.rows)) == len(read.results)
    compared = runner.invoke(main, ["compare", str(output), str(output)])
    assert compared.exit_code == 0, compared.output
    assert "warning" not in compared.output.lower()
    refused = runner.invoke(main, ["eval", str(output), "-q"])  # a results file is recognised as one
    assert refused.exit_code == 2
    assert "results file" in refused.output


def test_batches_left_in_workers_files_land_in_order_between_written_lines(tmp_path: Path) -> None:
    def spilled(data: bytes) -> parallel.Batch:
        path = tmp_path / "work" / "piece.results"
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(b"HEAD" + data)
        descriptor = os.open(path, os.O_RDONLY)
        path.unlink()
        return parallel.Batch(parallel._Spill(descriptor, 4, len(data)), data.count(b"\n"), parallel.SummaryBuilder())

    target = tmp_path / "results.jsonl"
    spool = ResultsSpool(target, HEADER)
    try:
        spool.write_batch(spilled(b"".join(LINES[:700])))
        spool.write_batch(parallel.Batch(b"".join(LINES[700:1400]), 700, parallel.SummaryBuilder()))
        spool.write(b"".join(LINES[1400:2100]))
        spool.write_batch(spilled(b"".join(LINES[2100:])))
        spool.publish(target, HEADER)
        rows = list(spool.rows())
    finally:
        spool.close()
    assert target.read_bytes().split(b"\n", 1)[1] == b"".join(LINES)
    assert rows == [json.loads(line) for line in LINES]

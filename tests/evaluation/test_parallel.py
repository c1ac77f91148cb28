"""Evaluating a file with worker processes gives, byte for byte, what one process gives."""

from __future__ import annotations

import copy
import errno
import gc
import gzip
import json
import os
import random
import signal
import tempfile
from pathlib import Path
from typing import Any

import anyio
import pytest

from mb.data import example_lines
from mb.evaluation import SummaryBuilder
from mb.evaluation import _parallel as parallel
from mb.evaluation._engine import evaluate_without_judge, make_evaluator
from mb.evaluation._parallel import Batch, aiter_batches, auto_jobs
from mb.io import iter_lines
from mb.io._reader import read_record
from mb.results import Summary


def _mixed_lines(count: int) -> list[bytes]:
    """Fast-path lines, judged lines (free text, expected responses), agent errors, invalid lines and blanks."""
    seeds = list(example_lines(executed=True))
    rng = random.Random(7)
    lines: list[bytes] = []
    for index in range(count):
        document: dict[str, Any] = copy.deepcopy(seeds[index % len(seeds)])
        if index % 3:
            document["expectations"].pop("expected_response", None)
        calls = [e for e in document["outputs"].get("trace", []) if e["event"] == "tool_call"]
        if calls and rng.random() < 0.3:
            calls[0]["params"]["limit"] = rng.choice([1, 5, "5", None])
        kind = rng.random()
        if kind < 0.03:
            lines.append(b'{"inputs": {"messages": []}, "expectations": {}}')
        elif kind < 0.05:
            lines.append(b"{not json")
        elif kind < 0.07:
            document["outputs"]["error"] = {"type": "TimeoutError", "message": "too slow"}
            lines.append(json.dumps(document).encode())
        elif kind < 0.09:
            lines.append(b"   ")
        else:
            lines.append(json.dumps(document).encode())
    return lines


PARENT_LINES: list[int] = []


async def _collect(path: Path, jobs: int, judge: str = "lexical", metrics: list[str] | None = None) -> list[Batch]:
    evaluator = make_evaluator(judge, metrics, ())
    chunk = evaluator.chunk

    async def counted(items: Any) -> Any:
        PARENT_LINES.extend(item.line for item in items)
        return await chunk(items)

    evaluator.chunk = counted  # type: ignore[method-assign]
    return [batch async for batch in aiter_batches(path, evaluator, jobs=jobs, failures=5)]


def _outcome(batches: list[Batch]) -> tuple[bytes, Summary, list[tuple[int, str, str]], int]:
    summary = SummaryBuilder()
    failures: list[tuple[int, str, str]] = []
    for batch in batches:
        summary.merge(batch.summary)
        failures.extend(batch.failures)
    failures.sort()
    return (
        b"".join(b.data for b in batches),
        summary.build("lexical"),
        failures[:5],
        sum(b.unusable for b in batches),
    )


@pytest.fixture
def small_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "_BLOCK", 4096)  # many blocks, so many workers' batches


@pytest.mark.usefixtures("small_blocks")
@pytest.mark.parametrize("metrics", [[], None])
def test_workers_give_what_one_process_gives(tmp_path: Path, metrics: list[str] | None) -> None:
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + b"\r\n".join(_mixed_lines(300)) + b"\n\n")
    alone = _outcome(anyio.run(_collect, path, 1, "lexical", metrics))
    PARENT_LINES.clear()
    shared = _outcome(anyio.run(_collect, path, 2, "lexical", metrics))
    evaluator = make_evaluator("lexical", metrics, ())
    fast = [
        number
        for number, data in iter_lines(path)
        if (example := read_record(data, file="", line=number, executed=True).example) is not None
        and evaluate_without_judge(example, number, evaluator.plan, evaluator.graded) is not None
    ]
    # the workers take exactly the lines that need no judge; the parent evaluates the others
    assert sorted(PARENT_LINES) == sorted(set(range(1, 400)) & {n for n, _ in iter_lines(path)} - set(fast))
    assert len(fast) > (60 if metrics == [] else 30)
    assert shared[0] == alone[0]
    assert shared[1] == alone[1]
    assert shared[2:] == alone[2:]
    results = [json.loads(line) for line in alone[0].splitlines()]
    assert len(results) == alone[1].total == sum(1 for line in path.read_bytes().split(b"\n") if line.strip())
    assert [r["line"] for r in results] == sorted(r["line"] for r in results)
    statuses = {r["status"] for r in results}
    assert statuses == {"passed", "failed", "error"}
    assert alone[3] > 0  # invalid lines counted as unusable


@pytest.mark.usefixtures("small_blocks")
def test_a_gzipped_file_and_a_dead_worker(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = _mixed_lines(120)
    plain = tmp_path / "run.jsonl"
    plain.write_bytes(b"\n".join(lines))
    packed = tmp_path / "run.jsonl.gz"
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    expected = _outcome(anyio.run(_collect, plain, 1))
    assert _outcome(anyio.run(_collect, packed, 2)) == expected
    monkeypatch.setattr(parallel, "_work", _die)  # workers fail: the parent evaluates their blocks itself
    assert _outcome(anyio.run(_collect, plain, 2)) == expected


def _die(first: int, block: bytes, limit: int) -> Any:
    raise RuntimeError("worker died")


def test_pretty_printed_json_gets_one_diagnosis_with_workers(tmp_path: Path) -> None:
    path = tmp_path / "pretty.json"
    path.write_text('[\n  {"inputs": {}},\n  {"inputs": {}}\n]\n')
    data, summary, _, unusable = _outcome(anyio.run(_collect, path, 2))
    assert summary.total == unusable == 1
    assert "pretty-printed JSON" in json.loads(data)["error"]


def test_jobs_are_chosen_by_file_size(tmp_path: Path) -> None:
    small = tmp_path / "small.jsonl"
    small.write_bytes(b"{}\n")
    big = tmp_path / "big.jsonl"
    big.write_bytes(b"{}\n" * (3 << 20))
    assert auto_jobs(small) == 1
    assert auto_jobs(tmp_path / "missing.jsonl") == 1
    assert auto_jobs("-") == 1
    assert auto_jobs([]) == 1
    assert 1 <= auto_jobs(big) <= 8


@pytest.mark.usefixtures("small_blocks")
def test_a_killed_worker_leaves_its_blocks_to_the_parent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "run.jsonl"
    path.write_bytes(b"\n".join(_mixed_lines(150)))
    expected = _outcome(anyio.run(_collect, path, 1))
    monkeypatch.setattr(parallel, "_work", _killed_after_the_first_blocks)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    assert _outcome(anyio.run(_collect, path, 2)) == expected
    assert not list(tmp_path.glob("mb-eval-*"))  # the workers' result files are removed


def _killed_after_the_first_blocks(first: int, block: Any, limit: int) -> Any:
    if first > 2 * (parallel._BLOCK // 400):  # a later block: the process dies at once, as under SIGKILL
        os.kill(os.getpid(), signal.SIGKILL)
    return _real_work(first, block, limit)


_real_work = parallel._work


def test_a_truncated_gzip_file_is_a_read_error(tmp_path: Path) -> None:
    packed = tmp_path / "run.jsonl.gz"
    packed.write_bytes(gzip.compress(b"\n".join(_mixed_lines(400)))[:-4000])
    with pytest.raises(OSError, match="ends too early"):
        list(iter_lines(packed))
    for jobs in (1, 2):
        with pytest.raises(OSError, match="ends too early"):
            anyio.run(_collect, packed, jobs)


@pytest.mark.parametrize("compress", [False, True])
def test_workers_skip_a_line_over_the_size_limit_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, compress: bool
) -> None:
    monkeypatch.setattr(parallel, "_BLOCK", 1024)
    lines = _mixed_lines(40)
    lines[20] = b'{"inputs": "' + b"x" * 20000 + b'"}'
    data = b"\n".join(lines) + b"\n"
    path = tmp_path / ("big.jsonl.gz" if compress else "big.jsonl")
    path.write_bytes(gzip.compress(data) if compress else data)

    async def collect(jobs: int) -> list[Batch]:
        evaluator = make_evaluator("lexical", [], (), max_line_bytes=4096)
        return [batch async for batch in aiter_batches(path, evaluator, jobs=jobs, failures=5)]

    alone, shared = _outcome(anyio.run(collect, 1)), _outcome(anyio.run(collect, 2))
    assert shared == alone
    rows = [json.loads(row) for row in shared[0].splitlines()]
    (row,) = [row for row in rows if row["line"] == 21]
    assert row["error"] == (
        "invalid line: $: line is 20014 bytes, over the limit of 4096 (set MB_MAX_LINE_BYTES to raise it)"
    )


def _numbered(first: int, block: bytes) -> list[tuple[int, bytes]]:
    return [(number, line) for number, line in enumerate(block.split(b"\n"), first) if line.strip()]


@pytest.mark.parametrize("as_range", [True, False])
def test_the_first_block_is_cut_after_its_first_date_line_with_the_rest_numbered_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, as_range: bool
) -> None:
    monkeypatch.setattr(parallel, "_WARM_UP", 64)
    lines = [b'{"n": %d, "match_as": "equality"}' % n for n in range(40)]
    lines[12] = b'{"n": 12, "match_as": "date_time", "value": "tomorrow"}'
    lines[25] = b'{"n": 25, "match_as": "date_time", "value": "today"}'
    data = b"\n".join(lines)
    path = tmp_path / "lines.jsonl"
    path.write_bytes(b"\n" + data + b"\n")
    block: parallel.Block = (str(path), 1, 1 + len(data)) if as_range else data
    (first, head), rest = parallel._warm_up(3, block)
    assert rest is not None
    head_bytes = head if isinstance(head, bytes) else parallel.read_range(*head)
    rest_first, rest_block = rest
    rest_bytes = rest_block if isinstance(rest_block, bytes) else parallel.read_range(*rest_block)
    assert first == 3
    assert head_bytes.endswith(lines[12])  # up to the end of the first line naming date_time
    assert rest_first == 3 + 13
    assert _numbered(first, head_bytes) + _numbered(rest_first, rest_bytes) == _numbered(3, data)


def test_a_first_block_without_date_lines_is_scored_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "_WARM_UP", 16)
    data = b"\n".join(b'{"n": %d}' % n for n in range(30))
    assert parallel._warm_up(1, data) == ((1, data), None)
    assert parallel._warm_up(1, 12345) == ((1, 12345), None)  # a line over the size limit


def test_the_first_block_keeps_at_least_the_warm_up_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "_WARM_UP", 200)
    lines = [b'{"n": %d, "match_as": "date_time"}' % n for n in range(30)]
    data = b"\n".join(lines)
    (_, head), rest = parallel._warm_up(1, data)
    assert isinstance(head, bytes)
    assert rest is not None
    assert len(head) >= 200
    assert head.count(b"\n") + 2 == rest[0]


def _summary_of(summary: SummaryBuilder) -> Summary:
    return summary.build("lexical")


@pytest.mark.parametrize("short_writes", [False, True])
def test_a_workers_result_file_gives_back_what_the_block_scored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, short_writes: bool
) -> None:
    lines = _mixed_lines(60)  # invalid lines and judged ones are left to the parent, between runs of results
    block = b"\n".join(lines)
    evaluator = make_evaluator("lexical", [], ())
    monkeypatch.setattr(parallel, "_WORKER_PLAN", evaluator.plan)
    monkeypatch.setattr(parallel, "_WORKER_GRADED", evaluator.graded)
    monkeypatch.setattr(parallel, "_WORKER_DIRECTORY", str(tmp_path))
    monkeypatch.setattr(parallel, "_WORKER_MAX_LINE", 1 << 20)
    if short_writes:  # the system takes a few bytes at a time: every byte still lands, in order
        writev = os.writev
        monkeypatch.setattr(parallel, "_IOV_MAX", 3)
        monkeypatch.setattr(os, "writev", lambda fd, buffers: writev(fd, [bytes(buffers[0][:7])]))
    expected_parts, expected_count, expected_summary, expected_failures = parallel._score(
        evaluator.plan, evaluator.graded, 5, block, 3, 1 << 20
    )
    assert any(isinstance(part, tuple) for part in expected_parts)
    assert sum(isinstance(part, bytes) for part in expected_parts) > 1
    future: parallel.Future[parallel.Work | str] = parallel.Future()
    future.set_result(parallel._work(5, block, 3))
    parts, count, summary, failures = parallel._result(future)
    assert parts == expected_parts
    assert (count, failures) == (expected_count, expected_failures)
    assert _summary_of(summary) == _summary_of(expected_summary)
    assert list(tmp_path.iterdir()) == []  # the file is removed once read


def _fast_lines() -> tuple[list[bytes], Any]:
    """Example lines that all take the fast path, and the plan that scores them."""
    seeds = []
    for document in example_lines(executed=True):
        document["expectations"].pop("expected_response", None)
        seeds.append(json.dumps(document).encode())
    evaluator = make_evaluator("lexical", [], ())
    examples = [(line, read_record(line, file="", line=1, executed=True).example) for line in seeds]
    fast = [
        line
        for line, example in examples
        if example is not None and evaluate_without_judge(example, 1, evaluator.plan, frozenset()) is not None
    ]
    assert fast
    return fast, evaluator.plan


def _fast_block_scored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[list[bytes], Any]:
    """Fast-path lines, and a worker's finished task over a block of them three times (its file in ``tmp_path``)."""
    fast, plan = _fast_lines()
    monkeypatch.setattr(parallel, "_WORKER_PLAN", plan)
    monkeypatch.setattr(parallel, "_WORKER_DIRECTORY", str(tmp_path))
    monkeypatch.setattr(parallel, "_WORKER_MAX_LINE", 1 << 20)
    future: parallel.Future[parallel.Work | str] = parallel.Future()
    future.set_result(parallel._work(1, b"\n".join(fast * 3), 3))
    return fast, future


def test_a_block_whose_lines_all_take_the_fast_path_comes_back_in_one_piece(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast, future = _fast_block_scored(tmp_path, monkeypatch)
    (piece,), count, _, _ = parallel._result(future)
    assert count == len(fast) * 3
    assert isinstance(piece, parallel._Spill)  # left in the worker's file, not read here
    assert list(tmp_path.iterdir()) == []  # which is already removed from its directory
    data = piece.take()
    assert [json.loads(row)["line"] for row in data.splitlines()] == list(range(1, count + 1))
    with pytest.raises(OSError):  # taken once: the file is closed
        os.fstat(piece.descriptor)


def _spilled(tmp_path: Path, data: bytes) -> parallel._Spill:
    """``data`` left in a removed file between other bytes, as a worker leaves a block's results."""
    path = tmp_path / "0.results"
    path.write_bytes(b"HEAD" + data + b"TAIL")
    descriptor = os.open(path, os.O_RDONLY)
    path.unlink()
    return parallel._Spill(descriptor, 4, len(data))


def _closed(descriptor: int) -> bool:
    try:
        os.fstat(descriptor)
    except OSError:
        return True
    return False


@pytest.mark.skipif(parallel._SENDFILE is None, reason="the kernel copy is Linux's")
@pytest.mark.parametrize("kernel", ["whole", "in slices", "refused after a slice", "absent"])
def test_a_batch_left_in_a_workers_file_is_written_whole_and_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kernel: str
) -> None:
    data = b"".join(b'{"line":%d,"passed":true}\n' % n for n in range(50_000))
    calls = [0]

    def sendfile(target: int, source: int, offset: int, count: int) -> int:
        calls[0] += 1
        if kernel == "refused after a slice" and calls[0] > 1:
            raise OSError(errno.EINVAL, "Invalid argument")
        return os.sendfile(target, source, offset, min(count, 1000))

    if kernel == "absent":
        monkeypatch.setattr(parallel, "_SENDFILE", None)
    elif kernel != "whole":
        monkeypatch.setattr(parallel, "_SENDFILE", sendfile)
    spill = _spilled(tmp_path, data)
    out = tmp_path / "out.jsonl"
    descriptor = os.open(out, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        os.write(descriptor, b"before\n")
        Batch(spill, 50_000, SummaryBuilder()).write_to(descriptor)
        os.write(descriptor, b"after\n")  # where the lines end
    finally:
        os.close(descriptor)
    assert out.read_bytes() == b"before\n" + data + b"after\n"
    assert _closed(spill.descriptor)
    if kernel in {"in slices", "refused after a slice"}:
        assert calls[0] > 1  # the kernel copied a part, whatever went on


def test_a_batch_left_in_a_workers_file_reads_once_and_a_dropped_one_closes_it(tmp_path: Path) -> None:
    data = b'{"line":1}\n{"line":2}\n'
    spill = _spilled(tmp_path, data)
    batch = Batch(spill, 2, SummaryBuilder())
    assert batch.data == data
    assert _closed(spill.descriptor)
    assert batch.data == data  # kept once read
    dropped = _spilled(tmp_path, data)
    descriptor = dropped.descriptor
    Batch(dropped, 2, SummaryBuilder())
    del dropped
    gc.collect()
    assert _closed(descriptor)


def test_a_batch_written_from_a_workers_file_never_gives_its_lines_again(tmp_path: Path) -> None:
    data = b'{"line":1}\n{"line":2}\n'
    spill = _spilled(tmp_path, data)
    batch = Batch(spill, 2, SummaryBuilder())
    out = tmp_path / "out.jsonl"
    descriptor = os.open(out, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        batch.write_to(descriptor)
        with pytest.raises(ValueError, match="already taken"):
            batch.data  # noqa: B018
        with pytest.raises(ValueError, match="already taken"):
            batch.write_to(descriptor)
    finally:
        os.close(descriptor)
    assert out.read_bytes() == data  # written once, nothing dropped or doubled silently


def test_a_batch_whose_copy_failed_never_reads_another_file_through_its_old_descriptor(tmp_path: Path) -> None:
    spill = _spilled(tmp_path, b'{"line":1}\n')
    batch = Batch(spill, 1, SummaryBuilder())
    read_only = os.open(tmp_path / "read-only", os.O_RDONLY | os.O_CREAT, 0o600)
    try:
        with pytest.raises(OSError):
            batch.write_to(read_only)
    finally:
        os.close(read_only)
    (tmp_path / "unrelated").write_bytes(b'HEAD{"line":99}\n')  # what the old offset and size would read
    unrelated = os.open(tmp_path / "unrelated", os.O_RDONLY)
    if unrelated != spill.descriptor:  # the closed descriptor's number now names another file
        os.dup2(unrelated, spill.descriptor)
        os.close(unrelated)
    try:
        with pytest.raises(ValueError, match="already taken"):
            batch.data  # noqa: B018
    finally:
        os.close(spill.descriptor)


def test_without_reads_at_an_offset_a_workers_file_is_read_whole_then_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast, future = _fast_block_scored(tmp_path, monkeypatch)
    monkeypatch.delattr(os, "pread")  # as on Windows
    (data,), count, _, _ = parallel._result(future)
    assert isinstance(data, bytes)
    assert [json.loads(row)["line"] for row in data.splitlines()] == list(range(1, count + 1))
    assert count == len(fast) * 3
    assert list(tmp_path.iterdir()) == []

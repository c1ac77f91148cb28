"""One engine: ``mb.evaluate`` writes the results file, and worker processes give, byte for byte, what one gives."""

from __future__ import annotations

import contextlib
import copy
import gzip
import json
import os
import random
import signal
import threading
import tracemalloc
from concurrent.futures import Future
from functools import partial
from pathlib import Path
from typing import Any

import anyio
import pytest
from click.testing import CliRunner

from mb.cli import main
from mb.data import example_lines
from mb.evaluation import NothingToEvaluateError, OutputWriteError, Scored, aevaluate, evaluate
from mb.evaluation import _blocks as blocks
from mb.evaluation import _workers as workers
from mb.evaluation._blocks import spec_of
from mb.evaluation._engine import make_evaluator
from mb.io import SameFileError, read_examples
from mb.io._typos import iter_key_warnings
from mb.judges import LexicalJudge, LLMJudge, LocalJudge
from mb.judges.cascade import CascadeJudge
from mb.judges.factory import get_judge, portable_judge
from mb.metrics import METRIC_NAMES, METRICS
from mb.results_format import read_results_file


def _mixed_lines(count: int) -> list[bytes]:
    """Lines needing no judge, judged lines (free text, expected responses), agent errors, invalid lines, blanks."""
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


@pytest.fixture(autouse=True)
def _registry_in_order() -> None:
    """The built-in metrics in their registry order, as a worker process imports them (a test elsewhere that
    removed and restored one leaves it last, and then no block goes to a worker)."""
    for name in METRIC_NAMES:
        METRICS[name] = METRICS.pop(name)


@pytest.fixture
def small_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(blocks, "BLOCK_LINES", 16)  # many blocks, so many tasks for the workers


def _rows(path: Path) -> bytes:
    """A results file's result lines (without its run record, whose times differ from run to run)."""
    return path.read_bytes().partition(b"\n")[2]


@pytest.mark.usefixtures("small_blocks")
@pytest.mark.parametrize("metrics", [[], None])
def test_workers_give_what_one_process_gives(tmp_path: Path, metrics: list[str] | None) -> None:
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + b"\r\n".join(_mixed_lines(300)) + b"\n\n")
    alone = evaluate(path, output=tmp_path / "one.jsonl", judge="lexical", metrics=metrics, jobs=1)
    shared = evaluate(path, output=tmp_path / "two.jsonl", judge="lexical", metrics=metrics, jobs=2)
    assert _rows(tmp_path / "two.jsonl") == _rows(tmp_path / "one.jsonl")
    assert shared.summary == alone.summary
    results = [json.loads(line) for line in _rows(tmp_path / "one.jsonl").splitlines()]
    assert len(results) == alone.summary.total == sum(1 for line in path.read_bytes().split(b"\n") if line.strip())
    assert [r["line"] for r in results] == sorted(r["line"] for r in results)
    assert {r["status"] for r in results} == {"passed", "failed", "error", "undecided"}


@pytest.mark.usefixtures("small_blocks")
def test_blocks_report_the_unknown_keys_of_the_first_lines_once_wherever_they_are_scored(tmp_path: Path) -> None:
    lines = _mixed_lines(200)
    for index in range(0, len(lines), 3):  # a misspelt key on every third line that has a message
        if lines[index].startswith(b'{"inputs": {"messages": ['):
            lines[index] = lines[index].replace(b'"messages": [{', b'"messages": [{"rol": "user", ', 1)
    path = tmp_path / "typos.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    expected = list(iter_key_warnings(path, lines=150))
    assert 40 < len(expected) < 70
    for jobs in (1, 2):
        found: list[Scored] = []
        run = partial(aevaluate, path, judge="lexical", metrics=[], jobs=jobs, key_warnings=150, progress=found.append)
        anyio.run(run)
        assert len(found) > 2
        unknown_keys = [warning for block in found for warning in block.warnings if warning.key]  # not "checks nothing"
        assert unknown_keys == expected


def test_the_results_file_starts_with_its_run_record_and_the_results_stay_in_it(tmp_path: Path) -> None:
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(b"\n".join(_mixed_lines(40)) + b"\n")
    output = tmp_path / "results.jsonl"
    written = evaluate(path, output=output, judge="lexical")
    assert written.results == []  # kept in the file, not in memory
    kept = evaluate(path, judge="lexical")
    read = read_results_file(output)
    assert read.record.input_file == str(path)
    assert read.record.counts.total == kept.summary.total == written.summary.total
    assert [r.model_dump() for r in read.results] == [r.model_dump() for r in kept.results]
    both = evaluate(path, output=tmp_path / "again.jsonl", judge="lexical", keep_results=True)
    assert both.results == kept.results


def test_the_results_are_never_written_over_the_benchmark_or_the_prices_read(tmp_path: Path) -> None:
    path = tmp_path / "mixed.jsonl"
    data = b"\n".join(_mixed_lines(10)) + b"\n"
    path.write_bytes(data)
    prices = tmp_path / "prices.json"
    prices.write_text("{}")
    link = tmp_path / "link.jsonl"
    link.symlink_to(path)
    for output, source in ((path, path), (link, path), (path, link), (prices, path)):
        with pytest.raises(SameFileError, match="the same file"):
            evaluate(source, output=output, judge="lexical", prices=prices)
    assert path.read_bytes() == data
    assert prices.read_text() == "{}"


def test_a_gzip_file_and_pretty_printed_json_with_workers(tmp_path: Path) -> None:
    lines = _mixed_lines(60)
    packed = tmp_path / "mixed.jsonl.gz"
    packed.write_bytes(gzip.compress(b"\n".join(lines) + b"\n"))
    plain = tmp_path / "mixed.jsonl"
    plain.write_bytes(b"\n".join(lines) + b"\n")
    evaluate(packed, output=tmp_path / "packed.jsonl.gz", judge="lexical", jobs=2)
    evaluate(plain, output=tmp_path / "plain.jsonl", judge="lexical", jobs=1)
    unpacked = gzip.decompress((tmp_path / "packed.jsonl.gz").read_bytes()).partition(b"\n")[2]
    assert unpacked == _rows(tmp_path / "plain.jsonl")
    pretty = tmp_path / "pretty.jsonl"
    pretty.write_text(json.dumps({"inputs": {}}, indent=2) + "\n")
    with pytest.raises(NothingToEvaluateError, match="pretty-printed JSON"):
        evaluate(pretty, output=tmp_path / "never.jsonl", judge="lexical", jobs=2)
    assert not (tmp_path / "never.jsonl").exists()


@pytest.mark.usefixtures("small_blocks")
def test_a_block_no_worker_could_score_is_scored_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(b"\n".join(_mixed_lines(120)) + b"\n")
    evaluate(path, output=tmp_path / "one.jsonl", judge="lexical", jobs=1)
    real = workers.submit
    submitted: list[int] = []

    def failing(*args: Any) -> Future[Scored]:
        submitted.append(1)
        if len(submitted) % 2:
            return real(*args)
        failed: Future[Scored] = Future()
        failed.set_exception(RuntimeError("the worker died"))
        return failed

    monkeypatch.setattr(workers, "submit", failing)
    evaluate(path, output=tmp_path / "two.jsonl", judge="lexical", jobs=2)
    assert len(submitted) > 4
    assert _rows(tmp_path / "two.jsonl") == _rows(tmp_path / "one.jsonl")


def test_memory_is_bounded_by_the_block_whatever_the_lines_hold(tmp_path: Path) -> None:
    path = tmp_path / "objects.jsonl"
    path.write_bytes(b"{}\n" * 20_000)  # 60 KB of lines that are each an invalid example
    assert all(len(block) <= blocks.BLOCK_LINES for block in blocks.blocks_of(path))
    tracemalloc.start()
    try:
        with pytest.raises(NothingToEvaluateError, match="no line could be evaluated"):
            evaluate(path, output=tmp_path / "results.jsonl", judge="lexical")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 40 << 20  # every line's error held at once took over 100 MB


def test_an_interrupted_evaluation_keeps_the_previous_file_and_leaves_nothing(tmp_path: Path) -> None:
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(b"\n".join(_mixed_lines(600)) + b"\n")
    output = tmp_path / "results.jsonl"
    output.write_bytes(b"previous\n")

    def interrupt(block: Scored) -> None:
        raise KeyboardInterrupt

    for jobs in (1, 2):

        async def main(jobs: int = jobs) -> None:
            await aevaluate(path, output=output, judge="lexical", jobs=jobs, progress=interrupt)

        with pytest.raises(KeyboardInterrupt):
            anyio.run(main)
        assert output.read_bytes() == b"previous\n"
        assert sorted(p.name for p in tmp_path.iterdir()) == ["mixed.jsonl", "results.jsonl"]


@pytest.mark.usefixtures("small_blocks")
@pytest.mark.skipif(not hasattr(signal, "raise_signal"), reason="POSIX signals")
def test_ctrl_c_stops_an_evaluation_in_this_process_at_once_and_keeps_the_previous_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C in a script calling `mb.evaluate` stops it after the block under way: nothing is published."""
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(b"\n".join(_mixed_lines(200)) + b"\n")
    output = tmp_path / "results.jsonl"
    output.write_bytes(b"previous\n")
    scored: list[Scored] = []
    score_lines = workers.score_lines

    async def pressed_once(*args: Any) -> Scored:  # Ctrl-C as the first block is scored
        block = await score_lines(*args)
        scored.append(block)
        if len(scored) == 1:
            signal.raise_signal(signal.SIGINT)
        return block

    monkeypatch.setattr(workers, "score_lines", pressed_once)
    with pytest.raises(KeyboardInterrupt):
        evaluate(path, output=output, judge="lexical", jobs=1)
    assert len(scored) == 1
    assert output.read_bytes() == b"previous\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mixed.jsonl", "results.jsonl"]


@pytest.mark.usefixtures("small_blocks")
def test_a_cancelled_evaluation_stops_at_once_and_keeps_the_previous_file(tmp_path: Path) -> None:
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(b"\n".join(_mixed_lines(200)) + b"\n")
    output = tmp_path / "results.jsonl"
    output.write_bytes(b"previous\n")
    for source in (path, list(read_examples(path, executed=True))):
        scored: list[Scored] = []

        def stop(block: Scored, scope: anyio.CancelScope, scored: list[Scored] = scored) -> None:
            scored.append(block)
            scope.cancel()

        async def main(source: Any = source) -> None:
            with anyio.CancelScope() as scope:
                await aevaluate(source, output=output, judge="lexical", progress=lambda block: stop(block, scope))

        anyio.run(main)
        assert len(scored) == 1
        assert output.read_bytes() == b"previous\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_named_pipe_is_read_once_and_no_line_is_lost(tmp_path: Path) -> None:
    lines = b"\n".join(_mixed_lines(300)) + b"\n"
    plain = tmp_path / "mixed.jsonl"
    plain.write_bytes(lines)
    pipe = tmp_path / "pipe.jsonl"
    os.mkfifo(pipe)
    evaluated = threading.Event()

    def feed() -> None:
        pipe.write_bytes(lines)
        while not evaluated.wait(0.01):  # a second reader of the pipe, if any, gets its end instead of waiting
            with contextlib.suppress(OSError):
                os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))

    writer = threading.Thread(target=feed)
    writer.start()
    try:
        piped = evaluate(pipe, output=tmp_path / "piped.jsonl", judge="lexical")
    finally:
        evaluated.set()
        writer.join()
    whole = evaluate(plain, output=tmp_path / "plain.jsonl", judge="lexical")
    assert (piped.summary.total, piped.summary.errors) == (whole.summary.total, whole.summary.errors)
    assert _rows(tmp_path / "piped.jsonl") == _rows(tmp_path / "plain.jsonl")


def test_only_offline_judges_named_here_are_built_again_in_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    assert portable_judge(get_judge("lexical"), "lexical", {}) == ("lexical", {})
    local = get_judge("local", batch_size=16)
    assert portable_judge(local, "local", {"batch_size": 16}) == ("local", {"batch_size": 16})
    assert portable_judge(local, "auto", {"batch_size": 16, "max_concurrency": 8}) == ("local", {"batch_size": 16})
    llm = LLMJudge(model="grader-1", api_key="test-key", base_url="http://127.0.0.1:9")
    assert portable_judge(llm, "llm", {}) is None
    assert portable_judge(CascadeJudge(LocalJudge(), llm), "auto", {}) is None
    assert portable_judge(type("Mine", (LexicalJudge,), {})(), "lexical", {}) is None  # may answer differently
    evaluator = make_evaluator("lexical", None, ())
    spec = spec_of(evaluator, "lexical", {}, 10)
    assert spec is not None
    assert type(spec.evaluator().judge) is LexicalJudge
    with monkeypatch.context() as patched:
        patched.setitem(METRICS, "shouting", METRICS["similarity"])
        assert spec_of(evaluator, "lexical", {}, 10) is None  # a worker started afresh would not know this metric
    coherence = METRICS.pop("coherence")
    METRICS["coherence"] = coherence  # the same metrics in another order: rows would list them differently
    try:
        assert spec_of(evaluator, "lexical", {}, 10) is None
    finally:
        for name in METRIC_NAMES:
            METRICS[name] = METRICS.pop(name)


@pytest.mark.slow
def test_local_judge_scores_are_the_same_whatever_the_number_of_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Free-text parameters and expected responses judged by the local judge: each worker judges its own blocks,
    and every score is the one a single process gives."""
    monkeypatch.setattr(blocks, "BLOCK_LINES", 8)
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(b"\n".join(_mixed_lines(64)) + b"\n")
    evaluate(path, output=tmp_path / "one.jsonl", judge="local", jobs=1)
    evaluate(path, output=tmp_path / "two.jsonl", judge="local", jobs=2)
    assert _rows(tmp_path / "two.jsonl") == _rows(tmp_path / "one.jsonl")
    rows = [json.loads(line) for line in _rows(tmp_path / "one.jsonl").splitlines()]
    assert any(check["name"] == "expected_response" for row in rows for check in row["checks"])


def test_a_file_of_which_nothing_can_be_evaluated_is_refused_by_the_api_as_by_the_command(tmp_path: Path) -> None:
    unexecuted = tmp_path / "bench.jsonl"
    unexecuted.write_text("".join(json.dumps(line) + "\n" for line in example_lines(executed=False)))
    with pytest.raises(NothingToEvaluateError, match=r"first problem: line 1: .*\$\.outputs: .*`mb run`") as none:
        evaluate(unexecuted, judge="lexical")
    assert none.value.file == str(unexecuted)  # the InputError says which file, as its text does
    assert str(none.value).startswith(f"{unexecuted}: no line could be evaluated")
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n")
    with pytest.raises(NothingToEvaluateError) as blank:
        evaluate(empty, judge="lexical")
    assert (blank.value.file, str(blank.value)) == (str(empty), f"{empty}: holds no example (it is empty or blank)")
    duplicated = tmp_path / "duplicated.jsonl"
    duplicated.write_text('{"inputs": 1, "inputs": 2}\n')
    with pytest.raises(NothingToEvaluateError) as refused:
        evaluate(duplicated, judge="lexical")
    assert "appears twice" in str(refused.value)
    assert "mb run" not in str(refused.value)  # nothing says to run an agent over a line that is broken
    executed = tmp_path / "executed.jsonl"
    executed.write_text("".join(json.dumps(line) + "\n" for line in example_lines(executed=True)))
    assert evaluate(executed, judge="lexical").summary.total > 0


@pytest.mark.parametrize("name", ["results.jsonl", "results.jsonl.gz"])
def test_a_results_file_is_named_as_such_by_the_api_as_by_the_command(tmp_path: Path, name: str) -> None:
    executed = tmp_path / "executed.jsonl"
    executed.write_text("".join(json.dumps(line) + "\n" for line in example_lines(executed=True)))
    results = tmp_path / name
    evaluate(executed, judge="lexical", output=results)
    message = f"{results}: a results file (written by `mb eval -o`), not an executed benchmark"
    with pytest.raises(NothingToEvaluateError) as raised:
        evaluate(results, judge="lexical")
    assert str(raised.value) == message
    assert (raised.value.file, raised.value.line, raised.value.field) == (str(results), None, None)
    command = CliRunner().invoke(main, ["eval", str(results), "--judge", "lexical"])
    assert command.exit_code == 2
    assert message in " ".join(command.output.split())
    checked = CliRunner().invoke(main, ["validate", str(results)])
    assert checked.exit_code == 2
    assert f"{results}: a results file (written by `mb eval -o`), not a benchmark" in " ".join(checked.output.split())


def test_evaluate_inside_an_event_loop_says_to_await_aevaluate(tmp_path: Path) -> None:
    from mb.errors import ConfigError

    path = tmp_path / "mixed.jsonl"
    path.write_bytes(b"\n".join(_mixed_lines(4)) + b"\n")

    async def inside() -> int:
        with pytest.raises(ConfigError, match=r"await mb\.aevaluate"):
            evaluate(path, judge="lexical")
        return (await aevaluate(path, judge="lexical")).summary.total

    assert anyio.run(inside) == evaluate(path, judge="lexical").summary.total > 0


def test_an_output_that_cannot_be_written_is_named_in_the_error(tmp_path: Path) -> None:
    executed = tmp_path / "executed.jsonl"
    executed.write_text("".join(json.dumps(line) + "\n" for line in example_lines(executed=True)))
    folder = tmp_path / "folder"
    folder.mkdir()
    with pytest.raises(OutputWriteError) as refused:
        evaluate(executed, output=folder, judge="lexical")
    assert refused.value.filename == str(folder)
    assert str(folder) in str(refused.value)

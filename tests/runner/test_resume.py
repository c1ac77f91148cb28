"""Resuming an interrupted run: skip what is done (by hash, counting duplicates), repair a cut last line."""

from __future__ import annotations

import gzip
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from mb.entities import Example
from mb.runner import ResumeError, example_hash, read_previous, run


def example(text: str) -> dict[str, Any]:
    return {"inputs": {"messages": [{"role": "user", "content": text}]}, "expectations": {}}


BENCHMARK = [example("a"), example("b"), example("a"), example("c"), example("a"), example("d")]
"""Three identical examples "a": each must end up in the output exactly once."""


def hashes(documents: list[dict[str, Any]]) -> Counter[str]:
    return Counter(example_hash(Example.model_validate(d)) for d in documents)


def read_lines(path: Path) -> list[dict[str, Any]]:
    raw = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
    return [json.loads(line) for line in raw.decode().splitlines() if line.strip()]


class Recorder:
    """An agent that remembers what it was asked."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def __call__(self, messages: list[dict[str, str]]) -> str:
        self.asked.append(messages[-1]["content"])
        return "answer " + messages[-1]["content"]


def first_run(output: Path, count: int) -> None:
    """A run that was stopped after ``count`` examples."""
    run(BENCHMARK[:count], Recorder(), output=output)


def test_resume_runs_only_what_is_missing_and_counts_duplicates(tmp_path: Path) -> None:
    output = tmp_path / "out.jsonl"
    first_run(output, 3)  # a, b, a
    agent = Recorder()
    examples, summary = run(BENCHMARK, agent, output=output, resume=True)
    assert sorted(agent.asked) == ["a", "c", "d"]  # the third "a" was not done yet
    assert (summary.skipped, summary.ran) == (3, 3)
    written = read_lines(output)
    assert Counter(line["example_hash"] for line in written) == hashes(BENCHMARK)
    assert len(written) == len(BENCHMARK)
    assert [e.inputs.messages[0].content for e in examples] == ["a", "b", "a", "c", "a", "d"]
    assert all(e.outputs is not None and e.outputs.response.startswith("answer") for e in examples)


def test_resuming_a_complete_output_runs_nothing(tmp_path: Path) -> None:
    output = tmp_path / "out.jsonl"
    run(BENCHMARK, Recorder(), output=output)
    before = output.read_bytes()
    agent = Recorder()
    _, summary = run(BENCHMARK, agent, output=output, resume=True, collect=False)
    assert agent.asked == []
    assert summary.skipped == len(BENCHMARK)
    assert output.read_bytes() == before


def test_a_truncated_last_line_is_dropped_and_its_example_runs_again(tmp_path: Path) -> None:
    output = tmp_path / "out.jsonl"
    first_run(output, 2)
    complete = output.read_bytes()
    partial = json.dumps({**BENCHMARK[2], "outputs": {"response": "answer a"}, "example_hash": "f00"})[:60]
    output.write_bytes(complete + partial.encode())  # a kill in the middle of a write
    agent = Recorder()
    _, summary = run(BENCHMARK, agent, output=output, resume=True)
    assert sorted(agent.asked) == ["a", "a", "c", "d"]
    written = read_lines(output)  # every line parses: the partial one is gone
    assert Counter(line["example_hash"] for line in written) == hashes(BENCHMARK)
    assert output.read_bytes().startswith(complete)
    assert any("truncated" in note for note in summary.notes)


def test_a_complete_last_line_without_newline_is_kept(tmp_path: Path) -> None:
    output = tmp_path / "out.jsonl"
    first_run(output, 2)
    output.write_bytes(output.read_bytes().rstrip(b"\n"))
    agent = Recorder()
    run(BENCHMARK, agent, output=output, resume=True)
    assert sorted(agent.asked) == ["a", "a", "c", "d"]
    assert len(read_lines(output)) == len(BENCHMARK)


def test_retry_errors_removes_failed_lines_and_runs_them_again(tmp_path: Path) -> None:
    output = tmp_path / "out.jsonl"

    def flaky(messages: list[dict[str, str]]) -> str:
        if messages[-1]["content"] == "b":
            raise RuntimeError("down")
        return "ok"

    run(BENCHMARK, flaky, output=output)
    assert sum("error" in line["outputs"] for line in read_lines(output)) == 1
    agent = Recorder()
    _, summary = run(BENCHMARK, agent, output=output, resume=True, retry_errors=True)
    assert agent.asked == ["b"]
    written = read_lines(output)
    assert not any("error" in line["outputs"] for line in written)
    assert Counter(line["example_hash"] for line in written) == hashes(BENCHMARK)
    assert any("removed 1 line" in note for note in summary.notes)


def test_gzip_output_cut_short_is_repaired(tmp_path: Path) -> None:
    output = tmp_path / "out.jsonl.gz"
    first_run(output, 3)
    data = output.read_bytes()
    output.write_bytes(data + gzip.compress(b'{"inputs": {"messages": [')[:30])  # a member cut off
    agent = Recorder()
    run(BENCHMARK, agent, output=output, resume=True)
    assert sorted(agent.asked) == ["a", "c", "d"]
    assert Counter(line["example_hash"] for line in read_lines(output)) == hashes(BENCHMARK)


def test_a_gzip_trailer_cut_off_is_repaired_without_claiming_a_line_was_dropped(tmp_path: Path) -> None:
    output = tmp_path / "out.jsonl.gz"
    first_run(output, 6)
    output.write_bytes(output.read_bytes()[:-4])  # every line is whole; the member's size trailer is cut off
    agent = Recorder()
    _, summary = run(BENCHMARK, agent, output=output, resume=True)
    assert agent.asked == []
    assert not any("truncated" in note for note in summary.notes)
    assert any("repaired" in note for note in summary.notes)
    assert Counter(line["example_hash"] for line in read_lines(output)) == hashes(BENCHMARK)


def test_a_damaged_line_before_the_last_is_an_error_naming_it(tmp_path: Path) -> None:
    output = tmp_path / "out.jsonl"
    first_run(output, 2)
    good = output.read_text().splitlines()
    output.write_text("\n".join([good[0], "{oops", good[1]]) + "\n")
    with pytest.raises(ResumeError, match=rf"{output}:2: not a complete JSON line"):
        read_previous(output)


def test_a_line_without_hash_is_an_error(tmp_path: Path) -> None:
    output = tmp_path / "out.jsonl"
    output.write_text(json.dumps(example("a") | {"outputs": {"response": "x"}}) + "\n")
    with pytest.raises(ResumeError, match=r":1: the line has no example_hash"):
        run(BENCHMARK, Recorder(), output=output, resume=True)


def test_lines_of_an_edited_benchmark_move_to_the_unmatched_file_and_the_output_holds_one_line_per_example(
    tmp_path: Path,
) -> None:
    output = tmp_path / "out.jsonl"
    run([example("a"), example("b"), example("c")], Recorder(), output=output)
    old_b = read_lines(output)[1]
    edited = [example("a"), {**example("b"), "expectations": {"expected_response": "B"}}, example("c")]
    agent = Recorder()
    _, summary = run(edited, agent, output=output, resume=True)
    assert agent.asked == ["b"]
    assert Counter(line["example_hash"] for line in read_lines(output)) == hashes(edited)
    unmatched = tmp_path / "out.unmatched.jsonl"
    assert read_lines(unmatched) == [old_b]
    assert any("1 line(s)" in note and f"moved to {unmatched}" in note for note in summary.notes)
    run(edited[:2], Recorder(), output=output, resume=True)  # "c" removed: appended, nothing lost
    assert [line["inputs"]["messages"][0]["content"] for line in read_lines(unmatched)] == ["b", "c"]
    assert len(read_lines(output)) == 2


def test_only_the_copies_of_a_duplicate_beyond_the_benchmark_move(tmp_path: Path) -> None:
    output = tmp_path / "out.jsonl.gz"
    run(BENCHMARK, Recorder(), output=output)  # "a" three times
    agent = Recorder()
    run(BENCHMARK[:2], agent, output=output, resume=True)  # "a" once
    assert agent.asked == []
    assert Counter(line["example_hash"] for line in read_lines(output)) == hashes(BENCHMARK[:2])
    moved = read_lines(tmp_path / "out.unmatched.jsonl.gz")
    assert Counter(line["example_hash"] for line in moved) == hashes(BENCHMARK[2:])


def test_resume_without_an_existing_output_starts_it(tmp_path: Path) -> None:
    output = tmp_path / "new.jsonl"
    _, summary = run(BENCHMARK, Recorder(), output=output, resume=True)
    assert summary.ran == len(BENCHMARK)
    assert len(read_lines(output)) == len(BENCHMARK)


@pytest.mark.parametrize(
    "content",
    [
        b'\xef\xbb\xbf{"schemaVersion": "1.7.0", "items": [{"prompt": "hi"}]}',  # a JSON document with a BOM
        b"\xff\xfe{\x00",  # UTF-16
        b"notes about this run",
    ],
    ids=["json-document-with-bom", "utf-16", "text"],
)
def test_a_last_line_mb_run_could_not_have_written_is_refused_not_cut_off(tmp_path: Path, content: bytes) -> None:
    output = tmp_path / "out.jsonl"
    output.write_bytes(content)
    with pytest.raises(ResumeError, match=r"out\.jsonl:1: "):
        run([example("a")], lambda m: "ok", output=output, resume=True)
    assert output.read_bytes() == content


def test_the_rate_counts_only_the_examples_run_now(tmp_path: Path) -> None:
    """900 examples found done and one run in over a second: about one example a second, not hundreds."""
    import io
    import re
    import time

    from rich.console import Console

    from mb.runner import RichProgress

    benchmark = [example(f"question {index}") for index in range(901)]
    output = tmp_path / "out.jsonl"
    run(benchmark[:900], Recorder(), output=output)

    def slow(messages: list[dict[str, str]]) -> str:
        time.sleep(1.2)  # a slower machine only lowers the rate further
        return "answer"

    shown = io.StringIO()
    run(benchmark, slow, output=output, resume=True, progress=RichProgress(Console(file=shown, width=200)))
    rate = re.search(r"([\d.,]+) examples/s", shown.getvalue())
    assert rate is not None, shown.getvalue()
    assert float(rate.group(1).replace(",", "")) < 1, shown.getvalue()

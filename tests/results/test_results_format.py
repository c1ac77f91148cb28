"""The versioned results file: run record first, a hash on every row, older files still read."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from pathlib import Path

import pytest

from mb._hashing import example_hash
from mb._version import __version__
from mb.entities import Example
from mb.errors import ResultsFormatError
from mb.evaluation import evaluate, read_results
from mb.metrics import METRICS, Metric
from mb.results import MetricResult
from mb.results_format import RESULTS_FORMAT_VERSION, kind_of_file, read_results_file
from tests.results.helpers import EXECUTED, FORMAT_1, json_lines, run_eval


def test_a_results_file_round_trips_with_its_run_record(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    result = run_eval(str(EXECUTED), "-o", str(out), "--require", "similarity=4")
    assert result.exit_code == 0, result.output
    read = read_results_file(out)
    record = read.record
    assert record.results_format == RESULTS_FORMAT_VERSION == 2
    assert record.mb_version == __version__
    assert record.judge.name == "lexical"
    assert record.requirements == ["similarity=4"]
    assert record.metrics["similarity"].gating
    assert record.metrics["similarity"].threshold == 4.0
    assert not record.metrics["citations"].gating
    assert record.input_file == str(EXECUTED)
    assert record.input_sha256 == hashlib.sha256(EXECUTED.read_bytes()).hexdigest()
    assert record.started_at is not None
    assert record.finished_at is not None
    assert record.started_at <= record.finished_at
    statuses = [r.status for r in read.results]
    assert (record.counts.total, record.counts.passed, record.counts.failed) == (4, 2, 1)
    # line 3: the lexical judge cannot tell whether "Sure, I will..." means the expected response: never passed
    assert statuses == ["passed", "failed", "undecided", "passed"]
    # every row names its example by the hash of the executed line it scores
    executed = EXECUTED.read_bytes().splitlines()
    assert [r.example_hash for r in read.results] == [
        example_hash(Example.model_validate_json(line)) for line in executed
    ]
    assert [r.line for r in read.results] == [1, 2, 3, 4]
    # the reader every export uses skips the run record
    assert [r.line for r in read_results(out)] == [1, 2, 3, 4]


def test_a_gzip_results_file_carries_the_record_too(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl.gz"
    assert run_eval(str(EXECUTED), "-o", str(out)).exit_code == 0
    first = gzip.decompress(out.read_bytes()).splitlines()[0]
    assert json.loads(first)["mb_results"]["results_format"] == 2
    assert len(read_results_file(out).results) == 4


def test_a_results_file_of_format_1_still_reads() -> None:
    read = read_results_file(FORMAT_1)
    assert read.record.results_format == 1
    assert read.record.mb_version is None
    assert [r.line for r in read.results] == [1, 2, 3, 4]
    assert [r.status for r in read.results] == ["passed", "failed", "passed", "passed"]
    assert all(r.example_hash is None for r in read.results)
    assert "example_hash" not in json_lines(FORMAT_1)[0]  # the fixture is the old format indeed


def test_a_result_line_without_a_status_takes_it_from_passed_and_error(tmp_path: Path) -> None:
    old = tmp_path / "old.jsonl"
    lines = [{"line": 1, "passed": True}, {"line": 2, "passed": False}, {"line": 3, "passed": False, "error": "boom"}]
    old.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    assert [r.status for r in read_results_file(old).results] == ["passed", "failed", "error"]


def test_a_newer_or_broken_run_record_is_refused_with_file_and_line(tmp_path: Path) -> None:
    rows = FORMAT_1.read_text(encoding="utf-8")
    newer = tmp_path / "newer.jsonl"
    newer.write_text(json.dumps({"mb_results": {"results_format": 99}}) + "\n" + rows, encoding="utf-8")
    with pytest.raises(ResultsFormatError, match=r"newer.jsonl:1: results format 99 is newer"):
        read_results_file(newer)
    broken = tmp_path / "broken.jsonl"
    broken.write_text(
        json.dumps({"mb_results": {"results_format": 2, "counts": {"total": "many"}}}) + "\n" + rows, encoding="utf-8"
    )
    with pytest.raises(ResultsFormatError, match=r"broken.jsonl:1: the run record does not read \(counts.total"):
        read_results_file(broken)
    bad_row = tmp_path / "bad.jsonl"
    bad_row.write_text(rows + '{"line": "x"}\n', encoding="utf-8")
    with pytest.raises(ResultsFormatError, match=r"bad.jsonl:5: not an evaluation result") as raised:
        read_results_file(bad_row)
    assert (raised.value.file, raised.value.line) == (str(bad_row), 5)
    assert isinstance(raised.value, ValueError), "code that caught the ValueError of earlier versions still does"


@pytest.mark.parametrize(
    ("text", "kind", "words"),
    [
        ('{"inputs": {"messages": []}, "expectations": {}}\n', "benchmark", "a benchmark ("),
        ('{"inputs": {"messages": []}, "outputs": {"response": "x"}}\n', "executed", "an executed benchmark ("),
        ('{"mb_results": {"results_format": 2}}\n{"line": 1}\n', "results", "a results file of format 2"),
        ('{"line": 1, "passed": true}\n', "results", "a results file of format 1"),
        ('{\n  "schemaVersion": "1.2.0",\n  "items": [{"prompt": "Hi"}]\n}\n', "m365-dataset", "(evals.json)"),
        ('[{"prompt": "Hi"}]', "m365-dataset", "legacy prompts array"),
        ('{"items": [{"name": "t", "turns": [{"prompt": "Hi", "status": "pass"}]}]}', "m365-output", "runevals"),
        ('{"schema_version": "0.2.0", "evaluation_id": "e", "sample_id": "1"}\n', "eee", "Every Eval Ever"),
        ('{"nope": 1}\n', "unknown", "unknown kind"),
        ("{\n not json\n", "unknown", "not JSON lines"),
        ("\n\n", "unknown", "an empty file"),
    ],
)
def test_the_kind_of_a_file_is_told_from_its_first_document(tmp_path: Path, text: str, kind: str, words: str) -> None:
    path = tmp_path / "file.json"
    path.write_text(text, encoding="utf-8")
    found = kind_of_file(path)
    assert found.kind == kind
    assert words in found.description


def test_a_results_file_cut_short_is_refused_by_its_readers(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    assert run_eval(str(EXECUTED), "-o", str(results), "--metrics", "none").exit_code == 0
    lines = results.read_bytes().splitlines(keepends=True)
    short = tmp_path / "short.jsonl"
    short.write_bytes(b"".join(lines[:-2]))  # the failing line may be the one lost: the rate would look better
    with pytest.raises(ResultsFormatError, match=f"counts {len(lines) - 1} result\\(s\\) but the file holds"):
        read_results_file(short)
    assert len(read_results_file(results).results) == len(lines) - 1


def _edited(results: Path, target: Path, edit: dict[str, object], status: str) -> Path:
    """``results`` with the first result line of ``status`` updated by ``edit``."""
    lines = results.read_text(encoding="utf-8").splitlines()
    index = next(n for n, line in enumerate(lines[1:], start=1) if json.loads(line).get("status") == status)
    lines[index] = json.dumps({**json.loads(lines[index]), **edit})
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return target


def test_a_result_line_that_says_passed_beside_another_status_is_refused(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    assert run_eval(str(EXECUTED), "-o", str(results), "--metrics", "none").exit_code == 0
    statuses = {result.status for result in read_results_file(results).results}
    assert "undecided" in statuses
    edited = _edited(results, tmp_path / "edited.jsonl", {"passed": True}, "undecided")
    with pytest.raises(ResultsFormatError, match="passed is true but its status is undecided") as caught:
        read_results_file(edited)
    assert caught.value.file == str(edited)
    assert caught.value.line is not None
    failed = _edited(results, tmp_path / "failed.jsonl", {"passed": True, "status": "passed"}, "failed")
    lines = failed.read_text(encoding="utf-8").splitlines()  # and the run record's counts as the line says
    record = json.loads(lines[0])
    counts = record["mb_results"]["counts"]
    counts["passed"], counts["failed"] = counts["passed"] + 1, counts["failed"] - 1
    failed.write_text("\n".join([json.dumps(record), *lines[1:]]) + "\n", encoding="utf-8")
    with pytest.raises(ResultsFormatError, match=r"passed is true but not every verdict passed \(.+\)"):
        read_results_file(failed)


@pytest.mark.parametrize(
    ("metric", "value", "message"),
    [
        ("partial_match", "1.7", "$.metrics.partial_match.value: 1.7 is outside the metric's scale (0 to 1)"),
        ("partial_match", "-0.5", "$.metrics.partial_match.value: -0.5 is outside the metric's scale (0 to 1)"),
        ("similarity", "6", "$.metrics.similarity.value: 6.0 is outside the metric's scale (1 to 5)"),
        ("similarity", "Infinity", "$.metrics.similarity.value: inf is outside the metric's scale (1 to 5)"),
        ("my_metric", "NaN", "$.metrics.my_metric.value: nan is outside the metric's scale (a finite number)"),
    ],
)
def test_a_metric_value_no_metric_gives_is_refused_naming_its_line_and_field(
    tmp_path: Path, metric: str, value: str, message: str
) -> None:
    results = tmp_path / "results.jsonl"
    assert run_eval(str(EXECUTED), "-o", str(results), "--metrics", "none").exit_code == 0
    lines = results.read_text(encoding="utf-8").splitlines()
    row = json.loads(lines[1])
    row["metrics"][metric] = {"status": "ok", "value": "VALUE", "passed": False, "threshold": 0.5, "reason": ""}
    lines[1] = json.dumps(row).replace('"VALUE"', value)
    edited = tmp_path / "edited.jsonl"
    edited.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(ResultsFormatError, match=re.escape(message)) as caught:
        read_results_file(edited)
    assert (caught.value.file, caught.value.line) == (str(edited), 2)


def test_a_value_of_a_metric_of_ones_own_is_read_back_as_its_metric_computed_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A metric registered with the default scale may still give a negative value (a difference): the results
    written with it are read back, whatever metrics the reading process registers."""

    def shorter(example: Example, ctx: object, spec: object) -> MetricResult:
        return MetricResult(value=-2.0, passed=True)

    monkeypatch.setitem(METRICS, "length_delta", Metric("length_delta", "words over", None, lambda e: True, shorter))
    results = tmp_path / "results.jsonl"
    evaluate(EXECUTED, judge="lexical", metrics=["length_delta"], output=results)
    assert {r.metrics["length_delta"].value for r in read_results(results)} == {-2.0}


def test_a_result_line_whose_status_was_edited_is_refused_by_the_run_records_counts(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    assert run_eval(str(EXECUTED), "-o", str(results), "--metrics", "none").exit_code == 0
    edited = _edited(results, tmp_path / "edited.jsonl", {"passed": False, "status": "failed"}, "passed")
    with pytest.raises(ResultsFormatError, match=r"the run record counts .* passed, .* but the file holds"):
        read_results_file(edited)

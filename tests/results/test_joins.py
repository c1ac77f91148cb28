"""Joining results to examples goes by the example hash: results of another file are refused (exit 2)."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from click.testing import CliRunner

from mb._hashing import example_hash
from mb.cli import main
from mb.entities import Example
from mb.formats.m365 import examples_to_document
from mb.results_format import file_digest, not_the_file_scored, read_results_file
from mb.results_join import JoinMismatch, check_join
from tests.results.helpers import EXECUTED, FORMAT_1, json_lines, run_eval, write_lines


@pytest.fixture
def results(tmp_path: Path) -> Path:
    out = tmp_path / "results.jsonl"
    assert run_eval(str(EXECUTED), "-o", str(out)).exit_code == 0
    return out


@pytest.fixture
def swapped(tmp_path: Path) -> Path:
    """The executed benchmark with lines 2 and 3 swapped: same line count, other examples at those lines."""
    lines = json_lines(EXECUTED)
    return write_lines(tmp_path / "swapped.jsonl", [lines[0], lines[2], lines[1], lines[3]])


def test_the_eee_export_refuses_results_of_other_examples(tmp_path: Path, results: Path, swapped: Path) -> None:
    args = ["export", "eee", str(results), "--executed", str(swapped), "--model-id", "a/b"]
    outcome = CliRunner().invoke(main, [*args, "--out-dir", str(tmp_path / "eee")])
    assert outcome.exit_code == 2
    assert "swapped.jsonl:2: the result of line 2 scores example" in outcome.output
    assert "Traceback" not in outcome.output
    assert list((tmp_path / "eee").rglob("*.json*")) == []
    good = ["export", "eee", str(results), "--executed", str(EXECUTED), "--model-id", "a/b"]
    same = CliRunner().invoke(main, [*good, "--out-dir", str(tmp_path / "ok")])
    assert same.exit_code == 0, same.output


@pytest.mark.parametrize("export", ["eee", "m365"])
def test_an_export_warns_about_another_run_of_the_same_examples(tmp_path: Path, results: Path, export: str) -> None:
    lines = json_lines(EXECUTED)
    lines[0]["outputs"]["response"] = "An answer of another run."  # the same example, so the same hash
    rerun = write_lines(tmp_path / "rerun.jsonl", lines)

    def export_of(executed: Path, out: str) -> list[str]:
        if export == "m365":
            return ["export", "m365", str(executed), "--results", str(results), "-o", str(tmp_path / f"{out}.json")]
        return ["export", "eee", str(results), "--executed", str(executed), "--model-id", "a/b", "--out-dir", out]

    outcome = CliRunner().invoke(main, export_of(rerun, str(tmp_path / "other")))
    assert outcome.exit_code == 0, outcome.output
    assert f"warning: {results}: {rerun} is not the file these results were computed from" in outcome.stderr
    same = CliRunner().invoke(main, export_of(EXECUTED, str(tmp_path / "ok")))
    assert same.exit_code == 0, same.output
    assert "warning" not in same.stderr


def test_the_file_scored_is_recognised_compressed_or_not(tmp_path: Path) -> None:
    plain = write_lines(tmp_path / "executed.jsonl", json_lines(EXECUTED))
    packed = tmp_path / "executed.jsonl.gz"
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    for scored, given in ((plain, packed), (packed, plain), (packed, packed)):
        out = tmp_path / f"results-{scored.name}.jsonl"
        assert run_eval(str(scored), "-o", str(out)).exit_code == 0
        record = read_results_file(out).record
        assert not_the_file_scored(str(out), record, given) is None, (scored, given)
    lines = json_lines(EXECUTED)
    lines[0]["outputs"]["response"] = "An answer of another run."
    other = tmp_path / "other.jsonl.gz"
    other.write_bytes(gzip.compress(write_lines(tmp_path / "other.jsonl", lines).read_bytes()))
    assert not_the_file_scored(str(out), record, other) is not None
    written_before = record.model_copy(update={"input_sha256": file_digest(packed)})  # the bytes as stored
    assert not_the_file_scored(str(out), written_before, packed) is None


def test_the_m365_export_refuses_results_of_other_examples(tmp_path: Path, results: Path, swapped: Path) -> None:
    out = tmp_path / "doc.json"
    outcome = CliRunner().invoke(main, ["export", "m365", str(swapped), "-o", str(out), "--results", str(results)])
    assert outcome.exit_code == 2
    assert "the result of line 2 scores example" in outcome.output
    assert not out.exists()
    good = CliRunner().invoke(main, ["export", "m365", str(EXECUTED), "-o", str(out), "--results", str(results)])
    assert good.exit_code == 0, good.output


def test_the_m365_document_builder_checks_the_hash(results: Path, swapped: Path) -> None:
    examples = [Example.model_validate(d) for d in json_lines(swapped)]
    by_line = {r.line: r for r in read_results_file(results).results}
    with pytest.raises(JoinMismatch, match="result of line 2"):
        examples_to_document(examples, results=by_line)


def test_an_export_given_the_benchmark_before_its_run_says_why_its_lines_do_not_join(
    tmp_path: Path, results: Path
) -> None:
    unexecuted = [{key: value for key, value in line.items() if key != "outputs"} for line in json_lines(EXECUTED)]
    benchmark = write_lines(tmp_path / "bench.jsonl", unexecuted)
    args = ["export", "eee", str(results), "--executed", str(benchmark), "--model-id", "a/b"]
    outcome = CliRunner().invoke(main, [*args, "--out-dir", str(tmp_path / "eee")])
    assert outcome.exit_code == 2
    assert "bench.jsonl:1: the result of line 1 scores example" in outcome.output
    assert "this line holds no valid example ($.outputs: required in an executed benchmark" in outcome.output


def test_results_without_hashes_join_by_line_and_a_hash_meets_no_valid_example() -> None:
    old = read_results_file(FORMAT_1).results
    example = Example.model_validate(json_lines(EXECUTED)[2])
    check_join(old[0], "x.jsonl:1", example)  # format 1: nothing to check against
    with pytest.raises(JoinMismatch, match="holds no valid example"):
        check_join(old[0].model_copy(update={"example_hash": "0" * 64}), "x.jsonl:1", None)
    check_join(old[2].model_copy(update={"example_hash": _hash(example)}), "x.jsonl:3", example)


def _hash(example: Example) -> str:
    return example_hash(example)


def test_the_mlflow_export_refuses_results_of_other_examples_before_any_run(
    tmp_path: Path, results: Path, swapped: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("mlflow")
    store = f"sqlite:///{tmp_path / 'mlflow.db'}"
    monkeypatch.setenv("MLFLOW_DISABLE_TELEMETRY", "true")
    monkeypatch.setenv("DO_NOT_TRACK", "true")
    monkeypatch.chdir(tmp_path)
    args = ["export", "mlflow", str(results), "--tracking-uri", store, "--executed", str(swapped)]
    outcome = CliRunner().invoke(main, args)
    assert outcome.exit_code == 2
    assert "swapped.jsonl:2: the result of line 2 scores example" in outcome.output
    if (tmp_path / "mlflow.db").exists():  # no store at all holds no run; else the store must hold none
        from mlflow import MlflowClient

        client = MlflowClient(store)
        assert client.search_runs([e.experiment_id for e in client.search_experiments()]) == []


def test_a_results_file_cut_short_exits_2_in_every_command_that_reads_it(tmp_path: Path, results: Path) -> None:
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"".join(results.read_bytes().splitlines(keepends=True)[:-1]))  # the last result is gone
    commands = {
        "compare": ["compare", str(results), str(cut)],
        "report": ["report", str(cut), "-o", str(tmp_path / "cut.html")],
        "export m365": ["export", "m365", str(EXECUTED), "--results", str(cut), "-o", str(tmp_path / "m365.json")],
        "export eee": ["export", "eee", str(cut), "--executed", str(EXECUTED), "--model-id", "a/b", "--out-dir", "e"],
    }
    for name, args in commands.items():
        outcome = CliRunner().invoke(main, [str(tmp_path / arg) if arg == "e" else arg for arg in args])
        assert (name, outcome.exit_code) == (name, 2), outcome.output
        assert "cut short" in " ".join(outcome.output.split()), name

"""``mb export eee``: paths on stdout, valid files, clear errors with the documented exit statuses."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mb.cli import main
from mb.formats.eee import SCHEMA_VERSIONS, load_schema
from mb.results import ExampleResult
from tests.conftest import SHARED_SPEC
from tests.formats.eee.conftest import read_jsonl, schema_problems


@pytest.fixture
def results_file(tmp_path: Path, bundled_results: list[ExampleResult]) -> Path:
    path = tmp_path / "results.jsonl"
    path.write_text("".join(r.model_dump_json() + "\n" for r in bundled_results), encoding="utf-8")
    return path


@pytest.mark.parametrize("version", SCHEMA_VERSIONS)
def test_export_writes_both_files_and_prints_their_paths(
    version: str, tmp_path: Path, results_file: Path, bundled_executed: Path
) -> None:
    args = ["export", "eee", str(results_file), "--executed", str(bundled_executed), "--model-id", "openai/gpt-4o"]
    args += [
        "--out-dir",
        str(tmp_path / "eee"),
        "--schema-version",
        version,
        "--source-org",
        "Acme",
        "--judge",
        "lexical",
    ]
    outcome = CliRunner().invoke(main, args)
    assert outcome.exit_code == 0, outcome.output
    aggregate_path, samples_path = (Path(line) for line in outcome.stdout.splitlines())
    assert aggregate_path.parent == tmp_path / "eee" / "data" / "agent-demo" / "openai" / "gpt-4o"
    aggregate = json.loads(aggregate_path.read_text(encoding="utf-8"))
    assert schema_problems(aggregate, "aggregate", version) == []
    assert aggregate["source_metadata"]["source_organization_name"] == "Acme"
    assert aggregate["evaluation_timestamp"].endswith("+00:00")  # when the evaluation finished (UTC)
    assert all(schema_problems(line, "instance", version) == [] for line in read_jsonl(samples_path))


def test_model_id_without_developer_is_a_usage_error(
    tmp_path: Path, results_file: Path, bundled_executed: Path
) -> None:
    args = ["export", "eee", str(results_file), "--executed", str(bundled_executed), "--model-id", "gpt-4o"]
    outcome = CliRunner().invoke(main, [*args, "--out-dir", str(tmp_path / "eee")])
    assert outcome.exit_code == 2
    assert "ORG/MODEL" in outcome.output
    assert not (tmp_path / "eee").exists()


def test_results_from_another_file_are_refused_with_exit_2(tmp_path: Path, results_file: Path) -> None:
    short = tmp_path / "short.jsonl"
    short.write_text(
        json.dumps({"inputs": {"messages": [{"role": "user", "content": "hi"}]}, "outputs": {"response": "x"}}) + "\n",
        encoding="utf-8",
    )
    args = ["export", "eee", str(results_file), "--executed", str(short), "--model-id", "a/b"]
    outcome = CliRunner().invoke(main, [*args, "--out-dir", str(tmp_path / "eee")])
    assert outcome.exit_code == 2
    assert "short.jsonl:1: the result of line 1 scores example" in outcome.output
    assert "not computed from this file" in outcome.output
    assert "Traceback" not in outcome.output
    assert list((tmp_path / "eee").rglob("*.json*")) == []


@pytest.mark.skipif(not (SHARED_SPEC / "eee").is_dir(), reason="the published specification is not beside the repo")
@pytest.mark.parametrize("version", SCHEMA_VERSIONS)
@pytest.mark.parametrize(("kind", "name"), [("aggregate", "eval"), ("instance", "instance_level_eval")])
def test_shipped_schemas_are_the_published_ones(version: str, kind: str, name: str) -> None:
    published = json.loads((SHARED_SPEC / "eee" / f"{name}.schema.v{version}.json").read_text(encoding="utf-8"))
    assert load_schema(kind, version) == published  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("extra", "option"),
    [(["--benchmark", "CON"], "--benchmark"), (["--benchmark", "bench."], "--benchmark"), ([], "--model-id")],
)
def test_unportable_names_are_refused_with_exit_2(
    extra: list[str], option: str, tmp_path: Path, results_file: Path, bundled_executed: Path
) -> None:
    model_id = "acme/aux.v1" if option == "--model-id" else "a/b"
    args = ["export", "eee", str(results_file), "--executed", str(bundled_executed), "--model-id", model_id, *extra]
    outcome = CliRunner().invoke(main, [*args, "--out-dir", str(tmp_path / "eee")])
    assert outcome.exit_code == 2, outcome.output
    assert "cannot name a directory" in outcome.output
    assert f"choose another {option}" in outcome.output
    assert "Traceback" not in outcome.output
    assert not (tmp_path / "eee").exists()


def test_exporting_the_same_results_twice_keeps_one_pair_of_files(
    tmp_path: Path, results_file: Path, bundled_executed: Path
) -> None:
    args = ["export", "eee", str(results_file), "--executed", str(bundled_executed), "--model-id", "openai/gpt-4o"]
    args += ["--out-dir", str(tmp_path / "eee"), "--judge", "lexical"]
    first = CliRunner().invoke(main, args)
    second = CliRunner().invoke(main, args)
    assert (first.exit_code, second.exit_code) == (0, 0), second.output
    assert first.stdout == second.stdout  # the same two paths
    aggregate_path = Path(second.stdout.splitlines()[0])
    folder = aggregate_path.parent
    assert sorted(path.name for path in folder.iterdir()) == sorted(
        [aggregate_path.name, aggregate_path.stem + "_samples.jsonl"]
    )
    other = tmp_path / "other.jsonl"  # other results are another evaluation: a pair of their own beside it
    other.write_text("".join(results_file.read_text(encoding="utf-8").splitlines(keepends=True)[:1]), encoding="utf-8")
    third = CliRunner().invoke(main, [*args[:2], str(other), *args[3:]])
    assert third.exit_code == 0, third.output
    assert len(list(folder.glob("*.json"))) == 2


def test_the_evaluation_time_is_the_run_records_not_the_files(tmp_path: Path) -> None:
    from tests.results.helpers import EXECUTED, run_eval

    results = tmp_path / "results.jsonl"
    assert run_eval(str(EXECUTED), "-o", str(results), "--metrics", "none").exit_code == 0
    os.utime(results, (0, 0))  # a copy, an unpacked archive: the file's time says nothing of the run
    args = ["export", "eee", str(results), "--executed", str(EXECUTED), "--model-id", "a/b"]
    outcome = CliRunner().invoke(main, [*args, "--out-dir", str(tmp_path / "eee")])
    assert outcome.exit_code == 0, outcome.output
    aggregate = json.loads(Path(outcome.stdout.splitlines()[0]).read_text(encoding="utf-8"))
    finished = json.loads(results.read_text(encoding="utf-8").splitlines()[0])["mb_results"]["finished_at"]
    assert aggregate["evaluation_timestamp"][:19] == finished[:19]


def test_many_shared_sample_ids_are_named_up_to_ten_then_counted(tmp_path: Path, write_executed: Any) -> None:
    example = {
        "inputs": {"messages": [{"role": "user", "content": "Capital of Italy?"}]},
        "expectations": {"expected_response": "Rome."},
        "outputs": {"response": "Rome."},
    }
    ids = ["geo"] * 12 + [f"geo-{n % 30}" for n in range(90)]
    executed = write_executed([{**example, "id": sample_id} for sample_id in ids])
    results = tmp_path / "results.jsonl"
    results.write_text(
        "".join(ExampleResult(line=n, passed=True, status="passed").model_dump_json() + "\n" for n in range(1, 103))
    )
    args = ["export", "eee", str(results), "--executed", str(executed), "--model-id", "a/b"]
    outcome = CliRunner().invoke(main, [*args, "--out-dir", str(tmp_path / "eee")])
    assert outcome.exit_code == 0, outcome.output
    stderr = " ".join(outcome.stderr.split())
    assert stderr.count("is written for several examples") == 10
    assert "sample_id 'geo' is written for several examples (lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 2 more)" in stderr
    assert "and 21 more shared sample_id(s)" in stderr


def test_a_sample_id_several_examples_give_is_written_and_named_on_stderr(tmp_path: Path, write_executed: Any) -> None:
    example = {
        "inputs": {"messages": [{"role": "user", "content": "Capital of Italy?"}]},
        "expectations": {"expected_response": "Rome."},
        "outputs": {"response": "Rome."},
    }
    executed = write_executed([{**example, "id": "geo-1"}, {**example, "id": "geo-2"}, {**example, "id": "geo-1"}])
    results = tmp_path / "results.jsonl"
    results.write_text(
        "".join(ExampleResult(line=n, passed=True, status="passed").model_dump_json() + "\n" for n in (1, 2, 3))
    )
    args = ["export", "eee", str(results), "--executed", str(executed), "--model-id", "a/b"]
    outcome = CliRunner().invoke(main, [*args, "--out-dir", str(tmp_path / "eee")])
    assert outcome.exit_code == 0, outcome.output
    assert "sample_id 'geo-1' is written for several examples (lines 1, 3)" in " ".join(outcome.stderr.split())
    assert "geo-2" not in outcome.stderr
    samples = Path(outcome.stdout.splitlines()[1])
    assert [line["sample_id"] for line in read_jsonl(samples)] == ["geo-1", "geo-2", "geo-1"]

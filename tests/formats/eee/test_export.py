"""``export_eee`` on the bundled benchmark: layout, linking, schema validity for both versions, failure handling."""

from __future__ import annotations

import hashlib
import json
import re
import uuid
from pathlib import Path

import pytest

import mb
from mb.formats.eee import export_eee, sample_hash
from mb.results import ExampleResult
from tests.formats.eee.conftest import read_jsonl, schema_problems

VERSIONS = ("0.2.0", "0.3.0")


@pytest.mark.parametrize("version", VERSIONS)
def test_every_written_record_validates_against_the_published_schema(
    version: str, tmp_path: Path, bundled_executed: Path, bundled_results: list[ExampleResult]
) -> None:
    written = export_eee(
        bundled_results, bundled_executed, model_id="openai/gpt-4o-mini", out_dir=tmp_path, schema_version=version
    )
    aggregate = json.loads(written.aggregate_path.read_text(encoding="utf-8"))
    assert schema_problems(aggregate, "aggregate", version) == []
    lines = read_jsonl(written.samples_path)
    assert len(lines) == len(bundled_results) >= 10
    for line in lines:
        assert schema_problems(line, "instance", version) == [], line["sample_id"]
    assert {line["interaction_type"] for line in lines} == {"single_turn", "multi_turn", "agentic"}


@pytest.mark.parametrize("version", VERSIONS)
def test_layout_checksum_and_row_count_link_the_two_files(
    version: str, tmp_path: Path, bundled_executed: Path, bundled_results: list[ExampleResult]
) -> None:
    written = export_eee(
        bundled_results, bundled_executed, model_id="meta-llama/Llama-3.1-8B", out_dir=tmp_path, schema_version=version
    )
    relative = written.aggregate_path.relative_to(tmp_path).as_posix()
    match = re.fullmatch(r"data/agent-demo/meta-llama/Llama-3\.1-8B/([0-9a-f-]{36})\.json", relative)
    assert match is not None, relative
    assert uuid.UUID(match.group(1)).version == 4
    assert written.samples_path == written.aggregate_path.with_name(f"{match.group(1)}_samples.jsonl")

    aggregate = json.loads(written.aggregate_path.read_text(encoding="utf-8"))
    detailed = aggregate["detailed_evaluation_results"]
    assert detailed["file_path"] == written.samples_path.relative_to(tmp_path).as_posix()
    assert detailed["format"] == "jsonl"
    assert detailed["hash_algorithm"] == "sha256"
    assert detailed["checksum"] == hashlib.sha256(written.samples_path.read_bytes()).hexdigest()
    assert detailed["total_rows"] == len(written.samples_path.read_bytes().splitlines()) == len(bundled_results)
    lines = read_jsonl(written.samples_path)
    assert {line["evaluation_id"] for line in lines} == {aggregate["evaluation_id"]}
    assert {line["model_id"] for line in lines} == {aggregate["model_info"]["id"]} == {"meta-llama/Llama-3.1-8B"}
    assert aggregate["evaluation_id"].startswith("agent-demo/meta-llama/Llama-3.1-8B/")


def test_aggregate_names_the_library_model_and_pass_rate(
    tmp_path: Path, bundled_executed: Path, bundled_results: list[ExampleResult]
) -> None:
    written = export_eee(bundled_results, bundled_executed, model_id="openai/gpt-4o-mini", out_dir=tmp_path)
    aggregate = json.loads(written.aggregate_path.read_text(encoding="utf-8"))
    assert aggregate["schema_version"] == "0.3.0"
    assert aggregate["eval_library"]["name"] == "MorganaBench"
    assert aggregate["eval_library"]["version"] == mb.__version__
    assert aggregate["eval_library"]["additional_details"]["judge"] == "lexical"  # read from the metric results
    model = aggregate["model_info"]
    assert (model["developer"], model["name"], model["id"]) == ("openai", "gpt-4o-mini", "openai/gpt-4o-mini")
    results = {r["evaluation_result_id"]: r for r in aggregate["evaluation_results"]}
    passed = sum(1 for r in bundled_results if r.passed)
    assert results["pass_rate"]["score_details"]["score"] == pytest.approx(passed / len(bundled_results))
    assert results["pass_rate"]["score_details"]["details"]["passed"] == str(passed)
    lines = read_jsonl(written.samples_path)
    assert {line["evaluation_result_id"] for line in lines} == {"pass_rate"}
    assert sum(line["evaluation"]["is_correct"] for line in lines) == passed


def test_version_020_has_no_eval_library_but_names_it_on_each_result(
    tmp_path: Path, bundled_executed: Path, bundled_results: list[ExampleResult]
) -> None:
    written = export_eee(
        bundled_results, bundled_executed, model_id="openai/gpt-4o", out_dir=tmp_path, schema_version="0.2.0"
    )
    aggregate = json.loads(written.aggregate_path.read_text(encoding="utf-8"))
    assert "eval_library" not in aggregate
    for result in aggregate["evaluation_results"]:
        details = result["generation_config"]["additional_details"]
        assert (details["eval_library"], details["eval_library_version"]) == ("MorganaBench", mb.__version__)
    line = read_jsonl(written.samples_path)[0]
    assert "interactions" in line
    assert "messages" not in line
    assert isinstance(line["input"]["reference"], str)


@pytest.mark.parametrize("version", VERSIONS)
def test_sample_hash_follows_the_version_rule(
    version: str, tmp_path: Path, bundled_executed: Path, bundled_results: list[ExampleResult]
) -> None:
    written = export_eee(bundled_results, bundled_executed, model_id="a/b", out_dir=tmp_path, schema_version=version)
    for line in read_jsonl(written.samples_path):
        raw, reference = line["input"]["raw"], line["input"]["reference"]
        assert line["sample_hash"] == sample_hash(raw, reference)
        if version == "0.2.0":
            assert line["sample_hash"] == hashlib.sha256((raw + reference).encode()).hexdigest()


def test_results_join_executed_lines_by_line_number_in_any_order(
    tmp_path: Path, bundled_executed: Path, bundled_results: list[ExampleResult]
) -> None:
    documents = read_jsonl(bundled_executed)
    multi_turn = next(i for i, d in enumerate(documents) if len(d["inputs"]["messages"]) > 1)
    chosen = [bundled_results[multi_turn], bundled_results[0], bundled_results[4]]
    written = export_eee(chosen, bundled_executed, model_id="a/b", out_dir=tmp_path)
    lines = read_jsonl(written.samples_path)
    assert [line["sample_id"] for line in lines] == [str(multi_turn + 1), "1", "5"]
    for line, index in zip(lines, [multi_turn, 0, 4], strict=True):
        messages = documents[index]["inputs"]["messages"]
        assert line["input"]["raw"].endswith(messages[-1]["content"])
        assert line["input"]["reference"] == [documents[index]["expectations"]["expected_response"]]
    assert lines[0]["input"]["raw"] == "\n".join(
        f"{m['role']}: {m['content']}"
        for m in documents[multi_turn]["inputs"]["messages"]
        if m["role"] in {"user", "system"}
    )
    assert lines[1]["input"]["raw"] == documents[0]["inputs"]["messages"][0]["content"]


def test_sample_hash_is_the_same_for_every_model(
    tmp_path: Path, bundled_executed: Path, bundled_results: list[ExampleResult]
) -> None:
    first = export_eee(bundled_results, bundled_executed, model_id="a/one", out_dir=tmp_path)
    second = export_eee(bundled_results[:3], bundled_executed, model_id="b/two", out_dir=tmp_path)
    hashes = [line["sample_hash"] for line in read_jsonl(first.samples_path)]
    assert [line["sample_hash"] for line in read_jsonl(second.samples_path)] == hashes[:3]
    assert len(set(hashes)) == len(bundled_results)  # every bundled example asks something different


def test_a_result_without_its_executed_line_fails_and_leaves_nothing(
    tmp_path: Path, bundled_executed: Path, bundled_results: list[ExampleResult]
) -> None:
    stray = bundled_results[0].model_copy(update={"line": 42})
    out = tmp_path / "out"
    with pytest.raises(ValueError, match=r"agent-demo\.jsonl has no line 42"):
        export_eee([*bundled_results, stray], bundled_executed, model_id="a/b", out_dir=out)
    assert not out.exists() or list(out.rglob("*")) == []


def test_no_results_is_an_error(tmp_path: Path, bundled_executed: Path) -> None:
    with pytest.raises(ValueError, match="no evaluation results"):
        export_eee([], bundled_executed, model_id="a/b", out_dir=tmp_path / "out")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("model_id", ["gpt-4o", "/gpt-4o", "openai/", ""])
def test_model_id_needs_a_developer_and_a_model(model_id: str, tmp_path: Path, bundled_executed: Path) -> None:
    with pytest.raises(ValueError, match="ORG/MODEL"):
        export_eee([], bundled_executed, model_id=model_id, out_dir=tmp_path)


def test_extra_namespaces_and_unsafe_characters_become_one_directory(
    tmp_path: Path, bundled_executed: Path, bundled_results: list[ExampleResult]
) -> None:
    written = export_eee(
        bundled_results[:1], bundled_executed, model_id="openai/azure/gpt:4o", out_dir=tmp_path, benchmark="my/bench"
    )
    parts = written.aggregate_path.relative_to(tmp_path).parts
    assert parts[:4] == ("data", "my_bench", "openai", "azure_gpt_4o")
    aggregate = json.loads(written.aggregate_path.read_text(encoding="utf-8"))
    assert aggregate["model_info"]["id"] == "openai/azure/gpt:4o"
    assert schema_problems(aggregate, "aggregate", "0.3.0") == []


def test_an_unknown_schema_version_is_refused(tmp_path: Path, bundled_executed: Path) -> None:
    with pytest.raises(ValueError, match=r"0\.4\.0"):
        export_eee([], bundled_executed, model_id="a/b", out_dir=tmp_path, schema_version="0.4.0")


def test_results_file_is_read_line_by_line(
    tmp_path: Path, bundled_executed: Path, bundled_results: list[ExampleResult]
) -> None:
    results = tmp_path / "results.jsonl"
    results.write_text("".join(r.model_dump_json() + "\n" for r in bundled_results), encoding="utf-8")
    written = export_eee(results, bundled_executed, model_id="a/b", out_dir=tmp_path / "out")
    assert written.rows == len(bundled_results)
    results.write_text(bundled_results[0].model_dump_json() + '\n{"line": "x"}\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"results\.jsonl:2: not an evaluation result"):
        export_eee(results, bundled_executed, model_id="a/b", out_dir=tmp_path / "out2")


def test_an_existing_export_is_never_overwritten_nor_removed(
    tmp_path: Path, bundled_executed: Path, bundled_results: list[ExampleResult]
) -> None:
    fixed = str(uuid.uuid4())
    first = export_eee(bundled_results, bundled_executed, model_id="a/b", out_dir=tmp_path, file_uuid=fixed)
    before = first.samples_path.read_bytes(), first.aggregate_path.read_bytes()
    with pytest.raises(FileExistsError):
        export_eee(bundled_results[:1], bundled_executed, model_id="a/b", out_dir=tmp_path, file_uuid=fixed)
    assert (first.samples_path.read_bytes(), first.aggregate_path.read_bytes()) == before


def test_file_uuid_must_be_a_version_4_uuid(tmp_path: Path, bundled_executed: Path) -> None:
    with pytest.raises(ValueError, match="version 4"):
        export_eee([], bundled_executed, model_id="a/b", out_dir=tmp_path, file_uuid=str(uuid.uuid1()))


def test_evaluation_id_comes_from_the_results_not_the_export_time(
    tmp_path: Path, bundled_executed: Path, bundled_results: list[ExampleResult]
) -> None:
    results = tmp_path / "results.jsonl"
    results.write_text("".join(r.model_dump_json() + "\n" for r in bundled_results), encoding="utf-8")
    first = export_eee(results, bundled_executed, model_id="a/b", out_dir=tmp_path / "1", retrieved_timestamp="1.0")
    again = export_eee(results, bundled_executed, model_id="a/b", out_dir=tmp_path / "2", retrieved_timestamp="2.0")
    in_memory = export_eee(bundled_results, bundled_executed, model_id="a/b", out_dir=tmp_path / "3")
    in_memory_again = export_eee(bundled_results, bundled_executed, model_id="a/b", out_dir=tmp_path / "4")
    assert first.evaluation_id == again.evaluation_id
    assert in_memory.evaluation_id == in_memory_again.evaluation_id
    changed = [bundled_results[0].model_copy(update={"passed": not bundled_results[0].passed}), *bundled_results[1:]]
    other = export_eee(changed, bundled_executed, model_id="a/b", out_dir=tmp_path / "5")
    assert other.evaluation_id != in_memory.evaluation_id
    other_model = export_eee(bundled_results, bundled_executed, model_id="a/c", out_dir=tmp_path / "6")
    assert other_model.evaluation_id != in_memory.evaluation_id


@pytest.mark.parametrize("version", VERSIONS)
def test_instance_scores_average_to_the_pass_rate_they_link_to(
    version: str, tmp_path: Path, bundled_executed: Path, bundled_results: list[ExampleResult]
) -> None:
    written = export_eee(bundled_results, bundled_executed, model_id="a/b", out_dir=tmp_path, schema_version=version)
    aggregate = json.loads(written.aggregate_path.read_text(encoding="utf-8"))
    lines = read_jsonl(written.samples_path)
    linked = aggregate["evaluation_results"][0]
    if version == "0.3.0":
        assert {line["evaluation_result_id"] for line in lines} == {linked["evaluation_result_id"]} == {"pass_rate"}
    scores = [line["evaluation"]["score"] for line in lines]
    assert sum(scores) / len(scores) == pytest.approx(linked["score_details"]["score"])
    assert all(line["evaluation"]["score"] == float(line["evaluation"]["is_correct"]) for line in lines)


def test_every_instance_scores_one_when_every_example_passed(
    tmp_path: Path, bundled_executed: Path, bundled_results: list[ExampleResult]
) -> None:
    passing = [r.model_copy(update={"passed": True, "status": "passed", "score": 0.5}) for r in bundled_results]
    written = export_eee(passing, bundled_executed, model_id="a/b", out_dir=tmp_path)
    aggregate = json.loads(written.aggregate_path.read_text(encoding="utf-8"))
    assert aggregate["evaluation_results"][0]["score_details"]["score"] == 1.0
    assert {line["evaluation"]["score"] for line in read_jsonl(written.samples_path)} == {1.0}


@pytest.mark.parametrize(
    ("benchmark", "model_id"),
    [
        ("CON", "a/b"),
        ("aux.v1", "a/b"),
        ("bench.", "a/b"),
        ("bench", "nul/b"),
        ("bench", "a/com1.txt"),
        ("bench", "a/model."),
        ("bench", "a/Lpt9"),
    ],
)
def test_names_that_are_not_portable_directories_are_refused(
    benchmark: str, model_id: str, tmp_path: Path, bundled_executed: Path, bundled_results: list[ExampleResult]
) -> None:
    with pytest.raises(ValueError, match="cannot name a directory"):
        export_eee(bundled_results, bundled_executed, model_id=model_id, out_dir=tmp_path / "o", benchmark=benchmark)
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("benchmark", ["console", "auxiliary", "com10", "v1.2", "a.b_c"])
def test_names_that_only_resemble_reserved_ones_are_kept(
    benchmark: str, tmp_path: Path, bundled_executed: Path, bundled_results: list[ExampleResult]
) -> None:
    written = export_eee(bundled_results[:1], bundled_executed, model_id="a/b", out_dir=tmp_path, benchmark=benchmark)
    assert written.aggregate_path.relative_to(tmp_path).parts[1] == benchmark

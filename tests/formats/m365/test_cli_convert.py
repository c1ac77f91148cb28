"""``mb import m365`` and ``mb export m365`` end to end, with ``mb run`` and evaluation results in between."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from mb.cli import main
from mb.evaluation import MetricSpec, evaluate
from mb.io import JsonlWriter, write_examples

from .demo_agents import FakeJudge
from .helpers import FIXTURES, assert_valid_1_7

ECHO = f"{Path(__file__).with_name('demo_agents.py')}:echo"


def _mb(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.mark.parametrize(
    "name",
    ["example-input-multiturn.json", "complete-schema-example.json", "legacy-array.json", "categorized-v1.0.0.json"],
)
def test_import_run_export_gives_a_valid_document(name: str, tmp_path: Path) -> None:
    bench, executed, out = tmp_path / "bench.jsonl", tmp_path / "executed.jsonl", tmp_path / "evals.json"
    imported = _mb("import", "m365", str(FIXTURES / name), "-o", str(bench))
    assert imported.exit_code == 0, imported.output
    ran = _mb("run", str(bench), "--agent", ECHO, "-o", str(executed), "--sort", "-q")
    assert ran.exit_code == 0, ran.output
    exported = _mb("export", "m365", str(executed), "-o", str(out))
    assert exported.exit_code == 0, exported.output
    document = json.loads(out.read_text(encoding="utf-8"))
    assert_valid_1_7(document)
    source = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    items = source if isinstance(source, list) else source["items"]
    assert len(document["items"]) == len(items)
    for produced, original in zip(document["items"], items, strict=True):
        produced_turns = produced.get("turns", [produced])
        original_turns = original.get("turns", [original])
        assert [t["prompt"] for t in produced_turns] == [t["prompt"] for t in original_turns]
        assert all(t["response"] for t in produced_turns), "every turn carries the agent's response"


def test_import_writes_one_example_per_turn_to_standard_output() -> None:
    result = _mb("import", "m365", str(FIXTURES / "example-input-multiturn.json"))
    assert result.exit_code == 0
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines) == 4
    assert lines[3]["m365"]["turn_index"] == 2
    assert len(lines[3]["inputs"]["messages"]) == 5
    assert "imported 2 item(s) (1 thread(s)) from schema 1.2.0 as 4 example(s)" in result.stderr


def test_import_notes_moved_fields_and_unsupported_evaluators(tmp_path: Path) -> None:
    source = tmp_path / "evals.json"
    source.write_text(
        json.dumps(
            {
                "schemaVersion": "1.0.0",
                "default_evaluators": {"Relevance": {}, "myJudge": {"threshold": 2}},
                "items": [{"prompt": "a", "testId": "T-1"}],
            }
        ),
        encoding="utf-8",
    )
    result = _mb("import", "m365", str(source), "-o", str(tmp_path / "b.jsonl"))
    assert result.exit_code == 0
    assert "1 field(s) of an older schema moved to `extensions`" in result.stderr
    assert 'myJudge {"threshold": 2} on 1 example(s): not applied by `mb eval`; no MorganaBench counterpart' in (
        result.stderr
    )


def test_import_says_mb_eval_applies_none_of_the_document_evaluators_and_runevals_does(tmp_path: Path) -> None:
    source = tmp_path / "evals.json"
    document = {
        "schemaVersion": "1.2.0",
        "default_evaluators": {"ExactMatch": {"case_sensitive": True}},
        "items": [
            {"prompt": "What is the code word?", "expected_response": "Swordfish"},
            {
                "prompt": "Cite your source for the capital of France",
                "evaluators": {"Citations": {"threshold": 2}, "PartialMatch": {"threshold": 0.9}},
                "evaluators_mode": "replace",
            },
            {"prompt": "And again?", "evaluators": {"Similarity": {}}},
        ],
    }
    source.write_text(json.dumps(document), encoding="utf-8")
    result = _mb("import", "m365", str(source), "-o", str(tmp_path / "b.jsonl"))
    assert result.exit_code == 0
    notes = result.stderr.splitlines()
    assert "note: `mb eval` applies none of the document's evaluators" in notes[1]
    assert notes[2:] == [
        '  ExactMatch {"case_sensitive": true} on 2 example(s): not applied by `mb eval`; `mb runevals` applies it',
        '  Citations {"threshold": 2} on 1 example(s): not applied by `mb eval`; `mb runevals` applies it',
        '  PartialMatch {"threshold": 0.9} on 1 example(s): not applied by `mb eval`; `mb runevals` applies it',
        "  Similarity on 1 example(s): not applied by `mb eval`; `mb runevals` applies it",
    ]


def test_import_errors_exit_1_with_file_and_path_and_2_for_a_missing_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('[{"prompt": "ok"}, {"prompt": "x", "evaluators_mode": "merge"}]', encoding="utf-8")
    result = _mb("import", "m365", str(bad), "-o", str(tmp_path / "b.jsonl"))
    assert result.exit_code == 1
    assert f"error: {bad}: $[1].evaluators_mode: expected one of 'extend', 'replace', got 'merge'" in result.stderr
    assert not (tmp_path / "b.jsonl").exists()
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    assert _mb("import", "m365", str(broken)).exit_code == 1
    missing = _mb("import", "m365", str(tmp_path / "missing.json"))
    assert missing.exit_code == 2
    assert "no such file" in missing.output


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '{"schemaVersion": "1.7.0", "items": [{"prompt": "\\ud800 hi"}]}',
            "$.items[0].prompt: lone surrogate \\ud800",
        ),
        (
            '{"schemaVersion": "1.7.0", "items": [{"prompt": "hi", "extensions": {"x": NaN}}]}',
            "$: invalid JSON: NaN is not valid JSON",
        ),
        (
            '{"schemaVersion": "1.7.0", "items": [], "x": ' + "[" * 100_000 + "]" * 100_000 + "}",
            "$: objects and arrays nest too deep",
        ),
        (
            '{"schemaVersion": "1.7.0", "items": [{"prompt": "hi", "extensions": {"x": 1e400}}]}',
            "$.items[0].extensions.x: number too large",
        ),
        (
            '{"schemaVersion": "1.7.0", "items": [{"prompt": "hi", "extensions": {"x": '
            + "[" * 300
            + "]" * 300
            + "}}]}",
            "$: objects and arrays nest 304 levels deep, over the limit of 128",
        ),
        (
            '{"schemaVersion": "1.7.0", "items": [{"prompt": "hi", "extensions": {"x": 1' + "0" * 9999 + "}}]}",
            "$.items[0].extensions.x: integer 100000000000...(10000 digits) out of range",
        ),
        (
            '{"schemaVersion": "1.7.0", "items": [{"prompt": "hi", "extensions": {"x": 18446744073709551616}}]}',
            "$.items[0].extensions.x: integer 18446744073709551616 out of range",
        ),
        (
            '{"schemaVersion": "1.7.0", "items": [{"prompt": "hi',
            "$: invalid JSON: Unterminated string starting at line 1",
        ),
        (
            '{"schemaVersion": "1.7.0", "items": [{"prompt": "a"}], "items": [{"prompt": "b"}]}',
            "$: invalid JSON: the key 'items' appears twice in one object",
        ),
        ("null", "$: expected an object with schemaVersion and items, or an array of items; got null"),
        ("true", "$: expected an object with schemaVersion and items, or an array of items; got a boolean"),
    ],
    ids=[
        "lone-surrogate",
        "nan",
        "too-deep",
        "float-overflow",
        "deeper-than-a-line",
        "integer-10000-digits",
        "integer-just-past-64-bits",
        "cut",
        "duplicate-key",
        "null",
        "boolean",
    ],
)
def test_a_document_no_benchmark_line_could_hold_is_refused_naming_where(
    tmp_path: Path, text: str, message: str
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(text, encoding="utf-8")
    out = tmp_path / "b.jsonl"
    result = _mb("import", "m365", str(bad), "-o", str(out))
    assert result.exit_code == 1
    assert f"error: {bad}: {message}" in result.stderr
    assert not out.exists()


def test_export_reports_invalid_lines_and_writes_the_rest(tmp_path: Path) -> None:
    bench = tmp_path / "bench.jsonl"
    bench.write_text(
        '{"inputs": {"messages": [{"role": "user", "content": "hi"}]}, "expectations": {}}\n'
        '{"inputs": {"messages": []}}\n',
        encoding="utf-8",
    )
    result = _mb("export", "m365", str(bench), "-o", str(tmp_path / "e.json"))
    assert result.exit_code == 1
    assert result.stderr.splitlines()[:2] == [  # one line per problem, as `mb validate` prints them
        f"{bench}:2: $.inputs.messages: must have at least 1 item(s), got 0",
        f"{bench}:2: $.expectations: required field is missing",
    ]
    document = json.loads((tmp_path / "e.json").read_text(encoding="utf-8"))
    assert document["items"] == [{"prompt": "hi"}]


def test_export_given_a_results_file_for_the_benchmark_says_what_to_pass(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    results.write_text('{"mb_results": {"results_format": 2}}\n')
    result = _mb("export", "m365", str(results), "-o", str(tmp_path / "e.json"))
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"error: {results} is a results file (written by `mb eval -o`), not a benchmark: pass the executed "
        f"benchmark it scored, and {results} with --results"
    ]
    assert not (tmp_path / "e.json").exists()


def test_export_with_results_adds_scores_status_and_summaries(tmp_path: Path) -> None:
    bench, executed = tmp_path / "bench.jsonl", tmp_path / "executed.jsonl"
    shutil.copyfile(FIXTURES / "complete-schema-example.json", tmp_path / "evals.json")
    assert _mb("import", "m365", str(tmp_path / "evals.json"), "-o", str(bench)).exit_code == 0
    assert _mb("run", str(bench), "--agent", ECHO, "-o", str(executed), "--sort", "-q").exit_code == 0
    metrics = [MetricSpec("relevance"), MetricSpec("coherence"), MetricSpec("citations"), MetricSpec("exact_match")]
    run = evaluate(executed, judge=FakeJudge(), metrics=metrics)
    results = tmp_path / "results.jsonl"
    with JsonlWriter(results) as writer:
        for result in run.results:
            writer.write(result)
    out = tmp_path / "scored.json"
    exported = _mb("export", "m365", str(executed), "--results", str(results), "-o", str(out))
    assert exported.exit_code == 0, exported.output
    document = json.loads(out.read_text(encoding="utf-8"))
    assert_valid_1_7(document)
    single, thread = document["items"]
    # the item's evaluators and MorganaBench's verdict on the gating checks (here the expected response) are its
    # scores; exact_match, computed by mb eval though the item does not ask for it, was reported beside the verdict
    assert set(single["scores"]) == {"relevance", "coherence", "citations", "checks"}
    beside = single["extensions"]["morganabench"]["metrics"]
    assert beside["exactMatch"]["evaluator"] == "morganabench.exact_match"
    passing = all(score["result"] == "pass" for score in single["scores"].values())
    assert single["status"] == ("pass" if passing else "fail")
    # the turn asks for ExactMatch only; the other metrics mb eval computed are beside it, each named as such
    turn = thread["turns"][1]
    assert "exactMatch" in turn["scores"]
    assert set(turn["extensions"]["morganabench"]["metrics"]) == {"relevance", "coherence", "citations"}
    others = [*turn["scores"].values(), *turn["extensions"]["morganabench"]["metrics"].values()]
    assert all(score.get("evaluator", "").startswith("morganabench.") for score in others)
    assert thread["summary"]["turns_total"] == 2
    statuses = [turn["status"] for turn in thread["turns"]]
    assert thread["summary"]["overall_status"] == ("pass" if set(statuses) == {"pass"} else "fail")


def test_export_of_a_native_benchmark_validates(tmp_path: Path, unexecuted_examples: list[dict]) -> None:
    bench = tmp_path / "bench.jsonl"
    write_examples(bench, unexecuted_examples)
    out = tmp_path / "evals.json"
    result = _mb("export", "m365", str(bench), "-o", str(out))
    assert result.exit_code == 0, result.output
    document = json.loads(out.read_text(encoding="utf-8"))
    assert_valid_1_7(document)
    again = _mb("import", "m365", str(out), "-o", str(tmp_path / "again.jsonl"))
    assert again.exit_code == 0
    for original, restored in zip(unexecuted_examples, _lines(tmp_path / "again.jsonl"), strict=True):
        assert restored["inputs"]["messages"] == original["inputs"]["messages"]
        assert restored["expectations"].get("assertions", []) == original["expectations"].get("assertions", [])


def test_export_rejects_a_bad_results_file(tmp_path: Path) -> None:
    bench = tmp_path / "bench.jsonl"
    bench.write_text('{"inputs": {"messages": [{"role": "user", "content": "hi"}]}, "expectations": {}}\n')
    results = tmp_path / "results.jsonl"
    results.write_text('{"nope": 1}\n')
    result = _mb("export", "m365", str(bench), "--results", str(results))
    assert result.exit_code == 2
    assert f"{results}:1: not an evaluation result" in result.stderr


@pytest.mark.parametrize("shape", ["empty", "line-twice"])
def test_export_refuses_results_with_no_result_or_a_line_twice(tmp_path: Path, shape: str) -> None:
    bench = tmp_path / "bench.jsonl"
    line = '{"inputs": {"messages": [{"role": "user", "content": "hi"}]}, "expectations": {}}\n'
    bench.write_text(line)
    row = json.dumps({"line": 1, "passed": True, "status": "passed", "score": 1.0}) + "\n"
    results = tmp_path / "results.jsonl"
    results.write_text({"empty": "", "line-twice": row + row.replace("true", "false")}[shape])
    out = tmp_path / "evals.json"
    result = _mb("export", "m365", str(bench), "--results", str(results), "-o", str(out))
    assert result.exit_code == 2
    assert str(results) in result.stderr
    assert ("line 1" in result.stderr) if shape == "line-twice" else ("no evaluation result" in result.stderr)
    assert not out.exists()


def test_a_schema_version_that_is_not_text_is_not_printed_as_none(tmp_path: Path) -> None:
    document = tmp_path / "evals.json"
    document.write_text('{"schemaVersion": null, "items": [{"prompt": "hi"}]}', encoding="utf-8")
    result = _mb("import", "m365", str(document), "-o", str(tmp_path / "b.jsonl"))
    assert result.exit_code == 0, result.output
    assert "None" not in result.stderr
    assert "from a document with no readable schemaVersion" in result.stderr

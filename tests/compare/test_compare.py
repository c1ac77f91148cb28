"""``mb compare``: two runs with known flips, slices with intervals, exit codes for CI gates."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from rich.console import Console

from mb.cli import main
from mb.compare import compare_runs, render_comparison
from mb.evaluation._summary import SummaryBuilder
from mb.io import LineError, Problem, not_run_record
from mb.reports.html import build_report
from mb.results import ExampleResult
from mb.results_format import ResultsFile, RunRecord, read_results_file
from mb.stats import mcnemar_exact, percent_bounds, wilson_interval
from tests.reports.helpers import page_data
from tests.results.helpers import FORMAT_1, run_eval, write_lines


def _example(index: int, passes: bool) -> dict[str, Any]:
    """Example ``index`` (a distinct question), executed so that its one assertion passes or fails."""
    return {
        "inputs": {
            "messages": [{"role": "user", "content": f"Find {index} results"}],
            "metadata": {"categories": {"topic": "a" if index % 2 else "b"}},
        },
        "expectations": {
            "assertions": [
                {
                    "assert_that": "tool_called",
                    "tool": "search",
                    "parameters": [{"param": "limit", "matcher": {"match_as": "equality", "value": index}}],
                }
            ]
        },
        "outputs": {
            "response": "done",
            "trace": [
                {"event": "tool_call", "id": "c1", "tool": "search", "params": {"limit": index if passes else -1}}
            ],
        },
    }


BASE = {0: True, 1: True, 2: True, 3: False, 4: False, 5: True, 6: True}
"""Example -> passes, in the base run; example 6 only there."""

NEW = {7: True, 5: True, 4: False, 3: True, 2: False, 1: False, 0: True}
"""The new run, in another order: examples 1 and 2 regress, 3 is fixed, 7 is new."""


def _results(tmp_path: Path, name: str, run: dict[int, bool]) -> Path:
    executed = write_lines(tmp_path / f"{name}-executed.jsonl", [_example(i, ok) for i, ok in run.items()])
    out = tmp_path / f"{name}.jsonl"
    result = run_eval(str(executed), "-o", str(out), "--metrics", "none")
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture
def runs(tmp_path: Path) -> tuple[Path, Path]:
    return _results(tmp_path, "base", BASE), _results(tmp_path, "new", NEW)


def _compare(*args: str) -> Result:
    return CliRunner().invoke(main, ["compare", *args])


def test_flips_are_found_by_example_not_by_line(runs: tuple[Path, Path]) -> None:
    comparison = compare_runs(read_results_file(runs[0]), read_results_file(runs[1]))
    assert comparison.paired == 6
    # regressions: examples 1 and 2 (new lines 6 and 5); the fix: example 3 (new line 4)
    assert [(f.base_line, f.new_line) for f in comparison.regressions] == [(3, 5), (2, 6)]
    assert [f.new_status for f in comparison.regressions] == ["failed", "failed"]
    assert "expected 2, got -1" in comparison.regressions[0].reason
    assert [(f.base_line, f.new_line) for f in comparison.fixes] == [(4, 4)]
    assert comparison.only_in_base == [7]
    assert comparison.only_in_new == [1]
    assert comparison.p_value == pytest.approx(mcnemar_exact(2, 1)) == 1.0
    overall = comparison.slices[0]  # rates over the 6 examples both runs have: 6 and 7 are left out
    assert (overall.base_passed, overall.base_total, overall.new_passed, overall.new_total) == (4, 6, 3, 6)
    assert overall.delta == pytest.approx(-1 / 6, abs=1e-6)
    assert overall.delta_interval[0] < overall.delta < overall.delta_interval[1]
    topic_a = next(s for s in comparison.slices if s.kind == "category" and s.name == "topic=a")
    # topic a: examples 1, 3, 5 (7 is only in new): 1 regressed, 3 fixed
    assert (topic_a.base_passed, topic_a.base_total, topic_a.new_passed, topic_a.new_total) == (2, 3, 2, 3)
    assert topic_a.p_value == 1.0
    matcher = next(s for s in comparison.slices if s.kind == "matcher")
    assert (matcher.name, matcher.base_passed, matcher.new_passed) == ("equality", 4, 3)
    assert matcher.p_value is None


def test_the_terminal_report_and_json(runs: tuple[Path, Path]) -> None:
    table = _compare(str(runs[0]), str(runs[1]))
    assert table.exit_code == 0, table.output
    assert "6 example(s) in both; 2 regression(s), 1 fix(es)" in table.stdout
    assert "line 5 (base line 3) passed -> failed" in table.stdout
    assert "only in base: 1 example(s) (lines 7); only in new: 1 (lines 1)" in table.stdout
    assert "category: topic=a" in table.stdout  # slice names stay whole in an 80-column terminal
    assert all(len(line) <= 80 for line in table.stdout.splitlines() if "│" in line)
    data = json.loads(_compare(str(runs[0]), str(runs[1]), "--format", "json").stdout)
    assert len(data) == 1
    assert [flip["new_line"] for flip in data[0]["regressions"]] == [5, 6]
    assert data[0]["slices"][0]["kind"] == "overall"


def test_fail_on_regression_gates_with_and_without_tolerance(runs: tuple[Path, Path]) -> None:
    base, new = map(str, runs)
    assert _compare(base, new).exit_code == 0
    gated = _compare(base, new, "--fail-on-regression")
    assert gated.exit_code == 1
    # examples 1 and 2 regressed; example 6 passed in base and is missing from new
    assert (
        "3 counted against the gate (2 regression(s), 1 passed, now missing), more than the tolerated 0" in gated.stderr
    )
    assert _compare(base, new, "--fail-on-regression", "--tolerance", "3").exit_code == 0
    assert _compare(base, new, "--fail-on-regression", "--tolerance", "2").exit_code == 1
    assert _compare(base, new, "--fail-on-regression", "--tolerance", "40%").exit_code == 1  # 3 > 2.4
    assert _compare(base, new, "--fail-on-regression", "--tolerance", "50%").exit_code == 0  # 3 <= 3
    assert _compare(new, base, "--fail-on-regression").exit_code == 1  # the other way: example 3 regressed
    assert _compare(base, base, "--fail-on-regression").exit_code == 0
    assert _compare(base, new, "--tolerance", "-1").exit_code == 2


def test_more_runs_are_each_compared_with_the_base(runs: tuple[Path, Path]) -> None:
    base, new = map(str, runs)
    data = json.loads(_compare(base, new, base, "--format", "json").stdout)
    assert [len(c["regressions"]) for c in data] == [2, 0]
    assert _compare(base, base, new, "--fail-on-regression").exit_code == 1


def test_unusable_inputs_exit_2_with_a_reason(tmp_path: Path, runs: tuple[Path, Path]) -> None:
    old = _compare(str(FORMAT_1), str(runs[1]))
    assert old.exit_code == 2
    assert "carry no example hashes (results format 1)" in old.stderr
    other = _results(tmp_path, "other", {10: True, 11: False})
    disjoint = _compare(str(runs[0]), str(other))
    assert disjoint.exit_code == 2
    assert "share no example" in disjoint.stderr
    missing = _compare(str(runs[0]), str(tmp_path / "nope.jsonl"))
    assert missing.exit_code == 2
    assert "cannot read" in missing.stderr
    assert "Traceback" not in old.output + disjoint.output + missing.output


@pytest.mark.parametrize("content", ["", "\n\n", '{"mb_results": {"results_format": 2}}\n'])
def test_a_results_file_with_no_result_is_named_as_such(tmp_path: Path, runs: tuple[Path, Path], content: str) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text(content)
    for args in ((str(runs[0]), str(empty)), (str(empty), str(runs[1]))):
        result = _compare(*args)
        assert result.exit_code == 2
        assert f"error: {empty}: holds no result" in result.stderr
        assert "share no example" not in result.stderr


def _file(name: str, rows: list[tuple[str, str]]) -> ResultsFile:
    """A results file of ``(example hash, status)`` rows."""
    results = [
        ExampleResult(line=n, passed=s == "passed", status=s, example_hash=h, repeat=1)
        for n, (h, s) in enumerate(rows, start=1)
    ]
    return ResultsFile(RunRecord(), results, name)


def test_an_example_with_several_trials_passes_only_when_every_trial_passed() -> None:
    base = _file("base", [("a", "passed"), ("a", "passed"), ("b", "passed"), ("b", "passed")])
    new = _file("new", [("a", "passed"), ("a", "failed"), ("b", "error"), ("b", "passed")])
    comparison = compare_runs(base, new)
    assert comparison.paired == 2
    assert [(f.example_hash, f.new_status, f.new_line) for f in comparison.regressions] == [
        ("a", "failed", 1),
        ("b", "error", 3),
    ]
    assert comparison.fixes == []
    assert compare_runs(new, base).fixes[0].base_status == "failed"


def test_the_caption_counts_the_trials_the_rates_are_over() -> None:
    base = _file("base", [("a", "passed"), ("a", "passed"), ("b", "passed"), ("b", "failed")])
    new = _file("new", [("a", "passed"), ("a", "failed"), ("b", "error"), ("b", "passed"), ("b", "passed")])
    table = " ".join(_compare_files(base, new).split())  # the caption wraps with the table's width
    assert "rates over the trials of the 2 example(s) both runs have (4 in base, 5 in new)" in table
    assert "rates over the 2 example(s)" not in table


def test_rates_are_compared_over_the_examples_both_runs_have() -> None:
    # the new run dropped the examples that failed or were undecided: nothing changed on the examples kept
    base = _file("base", [("a", "passed"), ("b", "failed"), ("c", "undecided"), ("d", "passed"), ("e", "error")])
    new = _file("new", [("a", "passed"), ("d", "passed")])
    comparison = compare_runs(base, new)
    overall = comparison.slices[0]
    assert (overall.base_passed, overall.base_total, overall.new_passed, overall.new_total) == (2, 2, 2, 2)
    assert (overall.base_undecided, overall.delta) == (0, 0)
    assert comparison.only_in_base == [2, 3, 5]
    table = _compare_files(base, new)
    assert "rates over the 2 example(s) both runs have" in table


def _compare_files(base: ResultsFile, new: ResultsFile) -> str:
    out = StringIO()
    render_comparison(Console(file=out, width=120), compare_runs(base, new))
    return out.getvalue()


def test_a_benchmark_or_an_evaluations_file_is_named_with_what_to_pass(tmp_path: Path, runs: tuple[Path, Path]) -> None:
    executed = tmp_path / "new-executed.jsonl"
    assert executed.exists()
    benchmark = write_lines(tmp_path / "bench.jsonl", [{k: v for k, v in _example(1, True).items() if k != "outputs"}])
    evals = tmp_path / "evals.json"
    evals.write_text(json.dumps({"schemaVersion": "1.2.0", "items": [{"prompt": "Hi"}]}, indent=2))
    not_run = write_lines(tmp_path / "not-run.jsonl", [not_run_record(LineError("b.jsonl", 1, (Problem("$", "x"),)))])
    said = {
        executed: "is an executed benchmark (its lines have inputs, expectations and outputs)",
        not_run: "is an executed benchmark (written by `mb run`; its first line stands for an invalid line)",
        benchmark: "is a benchmark (its lines have inputs and expectations, no outputs)",
        evals: "is a Microsoft 365 Copilot evaluations dataset (evals.json)",
    }
    for path, kind in said.items():
        result = _compare(str(runs[0]), str(path))
        assert result.exit_code == 2
        assert f"error: {path} {kind}, not evaluation results: " in result.stderr
        assert "mb eval" in result.stderr or "mb runevals" in result.stderr
        assert "Field required" not in result.stderr
        assert "mb report` takes" not in result.stderr  # the advice fits any command that reads results


def test_a_passing_example_that_became_an_invalid_line_fails_the_gate(tmp_path: Path) -> None:
    base = _results(tmp_path, "base", {0: True, 1: True})
    broken = _example(0, True)
    broken["outputs"]["citations"] = [{"document_id": "nowhere", "span_from": 0, "span_to": 4}]  # an invalid line
    executed = write_lines(tmp_path / "new-executed.jsonl", [broken, _example(1, True)])
    new = tmp_path / "new.jsonl"
    assert run_eval(str(executed), "-o", str(new), "--metrics", "none").exit_code == 0
    comparison = compare_runs(read_results_file(base), read_results_file(new))
    assert (comparison.regressions, comparison.missing_passed) == ([], [1])
    gated = _compare(str(base), str(new), "--fail-on-regression")
    assert gated.exit_code == 1
    assert "possible regressions" in gated.output
    assert _compare(str(base), str(new), "--fail-on-regression", "--tolerance", "1").exit_code == 0
    assert _compare(str(new), str(base), "--fail-on-regression").exit_code == 0  # nothing passed is missing
    assert page_data(build_report([base, new]))["comparisons"][0]["missing_passed"] == [1]  # the page says so


def test_a_passing_example_missing_from_the_new_run_fails_the_gate(tmp_path: Path) -> None:
    # the new run lacks example 1, which passed, and example 2, which failed; it adds example 4
    base = _results(tmp_path, "base", {0: True, 1: True, 2: False, 3: True})
    new = _results(tmp_path, "new", {0: True, 3: True, 4: True})
    comparison = compare_runs(read_results_file(base), read_results_file(new))
    assert (comparison.regressions, comparison.fixes) == ([], [])
    assert (comparison.only_in_base, comparison.missing_passed, comparison.only_in_new) == ([2, 3], [2], [3])
    table = _compare(str(base), str(new))
    assert table.exit_code == 0
    assert "1 example(s) passed in base and are missing from new (base lines 2): possible regressions" in table.stdout
    gated = _compare(str(base), str(new), "--fail-on-regression")
    assert gated.exit_code == 1
    assert "1 counted against the gate (0 regression(s), 1 passed, now missing)" in gated.stderr
    assert _compare(str(base), str(new), "--fail-on-regression", "--tolerance", "1").exit_code == 0
    # an example only in the new run is no regression: the reverse comparison misses nothing that passed but example 4
    reverse = compare_runs(read_results_file(new), read_results_file(base))
    assert (reverse.only_in_new, reverse.missing_passed) == ([2, 3], [3])


def test_runs_judged_by_different_judges_are_compared_with_a_warning(runs: tuple[Path, Path]) -> None:
    base, new = runs
    lines = new.read_text(encoding="utf-8").splitlines(keepends=True)
    record = json.loads(lines[0])
    judge = record["mb_results"]["judge"]
    assert judge["name"] not in ("", "llm:gpt-4o-mini")
    record["mb_results"]["judge"] = {"name": "llm:gpt-4o-mini", "model": "gpt-4o-mini"}
    new.write_text(json.dumps(record) + "\n" + "".join(lines[1:]), encoding="utf-8")
    table = _compare(str(base), str(new))
    assert table.exit_code == 0, table.output
    assert f"different judges ({judge['name']} in {base}, llm:gpt-4o-mini in {new})" in table.stdout
    data = json.loads(_compare(str(base), str(new), "--format", "json").stdout)
    assert "verdicts may differ" in data[0]["judge_warning"]
    assert json.loads(_compare(str(base), str(base), "--format", "json").stdout)[0]["judge_warning"] is None
    assert page_data(build_report([base, new]))["comparisons"][0]["judge_warning"] == data[0]["judge_warning"]


def _with_record(path: Path, **fields: Any) -> None:
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    record = json.loads(lines[0])
    record["mb_results"].update(fields)
    path.write_text(json.dumps(record) + "\n" + "".join(lines[1:]), encoding="utf-8")


def test_runs_gated_by_other_requirements_or_scored_by_another_version_are_compared_with_a_warning(
    runs: tuple[Path, Path],
) -> None:
    base, new = runs
    _with_record(base, requirements=["relevance=4"])  # the base gated on a metric the new run did not require
    data = json.loads(_compare(str(base), str(new), "--format", "json").stdout)
    assert "gate verdicts on different metrics (relevance=4 in" in data[0]["judge_warning"]
    assert "none in" in data[0]["judge_warning"]
    _with_record(base, requirements=[], mb_version="0.0.1")
    data = json.loads(_compare(str(base), str(new), "--format", "json").stdout)
    assert "different MorganaBench versions (0.0.1 in" in data[0]["judge_warning"]


def test_an_example_passing_some_trials_before_and_none_now_is_a_regression() -> None:
    base = _file("base", [("a", "passed"), ("a", "failed"), ("b", "passed"), ("b", "passed")])
    new = _file("new", [("a", "failed"), ("a", "error"), ("b", "passed"), ("b", "passed")])
    comparison = compare_runs(base, new)
    (regression,) = comparison.regressions
    assert (regression.example_hash, regression.base_status, regression.new_status) == ("a", "failed", "failed")
    assert regression.reason.startswith("1 of 2 trial(s) passed in base, 0 of 2 in new; ")
    assert compare_runs(new, base).fixes[0].example_hash == "a"


def test_a_fall_to_no_passing_trial_is_a_regression_whatever_the_undecided_trials() -> None:
    for before, after in (
        (["passed", "failed"], ["undecided", "failed"]),
        (["passed", "failed", "undecided"], ["failed", "failed", "undecided"]),
        (["passed", "passed", "undecided"], ["failed", "failed", "undecided"]),
    ):
        comparison = compare_runs(_file("base", [("a", s) for s in before]), _file("new", [("a", s) for s in after]))
        assert [flip.example_hash for flip in comparison.regressions] == ["a"], (before, after)
        assert f"passed in base, 0 of {len(after)} in new" in comparison.regressions[0].reason
        assert (comparison.fixes, comparison.undecided) == ([], [])


def test_other_changes_with_undecided_trials_are_listed_undecided_never_as_fixes() -> None:
    for before, after in (
        (["failed", "undecided"], ["passed", "failed", "undecided"]),
        (["passed", "failed", "undecided"], ["passed", "passed", "undecided"]),
        (["passed"], ["undecided"]),
    ):
        comparison = compare_runs(_file("base", [("a", s) for s in before]), _file("new", [("a", s) for s in after]))
        assert [flip.example_hash for flip in comparison.undecided] == ["a"], (before, after)
        assert (comparison.regressions, comparison.fixes) == ([], [])


def test_fail_on_regression_counts_a_drop_from_some_passing_trials_to_none(tmp_path: Path) -> None:
    paths = []
    for name, rows in (("base", [("a", "passed"), ("a", "failed")]), ("new", [("a", "failed"), ("a", "failed")])):
        results = _file(name, rows).results
        paths.append(tmp_path / f"{name}.jsonl")
        paths[-1].write_text("".join(r.model_dump_json() + "\n" for r in results), encoding="utf-8")
    result = _compare(str(paths[0]), str(paths[1]), "--fail-on-regression")
    assert result.exit_code == 1, result.output
    assert "1 regression(s)" in result.output


def test_the_overall_interval_counts_examples_as_the_summary_of_an_evaluation_does() -> None:
    base = _file("base", [("a", "passed"), ("a", "failed"), ("b", "failed"), ("b", "failed"), ("c", "passed")])
    new = _file("new", [("a", "passed"), ("a", "passed"), ("b", "passed"), ("b", "failed"), ("c", "passed")])
    overall = compare_runs(base, new).slices[0]
    for run, interval in ((base, overall.base_interval), (new, overall.new_interval)):
        summary = SummaryBuilder()
        for row in run.results:
            summary.add(row)
        assert interval == summary.build().pass_rate_interval
    assert overall.base_interval == wilson_interval(2 * 3 / 5, 3)  # 3 examples, not 5 trials


def test_each_runs_interval_covers_the_bounds_its_undecided_examples_leave() -> None:
    rows = [("a", "passed"), ("b", "undecided"), ("c", "undecided"), ("d", "failed")]
    comparison = compare_runs(_file("base", rows), _file("new", rows))
    overall = comparison.slices[0]
    assert overall.base_interval == overall.new_interval == (wilson_interval(1, 4)[0], wilson_interval(3, 4)[1])
    assert overall.base_interval[1] > 3 / 4  # the upper bound, 3 of 4, lies inside


def test_a_slice_one_run_lacks_has_no_delta_in_json_as_in_the_table(tmp_path: Path) -> None:
    base = _results(tmp_path, "base", {0: True, 1: False})
    silent = [_example(i, True) | {"outputs": {"response": "Sorry."}} for i in (0, 1)]  # no tool call: no matcher
    new = tmp_path / "new.jsonl"
    assert run_eval(str(write_lines(tmp_path / "silent.jsonl", silent)), "-o", str(new)).exit_code == 0
    result = _compare(str(base), str(new), "--format", "json")
    lacking = [s for s in json.loads(result.stdout)[0]["slices"] if s["new_total"] == 0]
    assert lacking, "the new run has no matcher slice"
    assert all((s["delta"], s["delta_interval"]) == (None, None) for s in lacking)
    overall = json.loads(result.stdout)[0]["slices"][0]
    assert overall["delta"] == -0.5
    assert overall["delta_interval"] is not None


def test_interval_bounds_are_rounded_outward_so_the_shown_interval_holds_the_computed_one() -> None:
    assert percent_bounds(0.280091, 0.983768, 0) == ("28%", "99%")  # nearest would show 98%, below the bound
    assert percent_bounds(0.354, 0.9544, 1) == ("35.4%", "95.5%")
    assert percent_bounds(0.57, 0.29, 0) == ("57%", "29%")  # a bound already round stays as it is
    assert percent_bounds(-0.0512, 0.004, 0, signed=True) == ("-6%", "+1%")
    assert percent_bounds(-0.004, 0.0, 0, signed=True) == ("-1%", "+0%")  # never "-0%"
    assert percent_bounds(-1.0, 1.0, 0, signed=True) == ("-100%", "+100%")

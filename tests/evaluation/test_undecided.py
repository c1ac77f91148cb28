"""Three-valued verdicts: a semantic check the judge cannot decide is ``undecided``, never passed, and every sink
(summary, results counts, JUnit, markdown, the report, ``mb compare``, ``--fail-under``) keeps it apart."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import xmlschema
from click.testing import CliRunner

import mb.evaluation
import mb.judges.factory
from mb.cli import main
from mb.compare import compare_runs
from mb.entities import Example
from mb.evaluation import evaluate
from mb.reports.html import build_report
from mb.results_format import read_results_file
from tests.conftest import DATA
from tests.reports.helpers import page_data
from tests.support.undecided import LINES, STATUSES, UnsureJudge, search_line


def _examples() -> list[Example]:
    return [Example.model_validate(document) for document in LINES]


def test_an_undecided_check_never_passes_and_is_counted_apart() -> None:
    run = evaluate(_examples(), judge=UnsureJudge(), metrics=[])
    assert [result.status for result in run.results] == STATUSES
    assert [result.passed for result in run.results] == [True, False, False, False, False, False]

    undecided = run.results[1].assertions[0]
    assert undecided.undecided
    assert undecided.error is None
    assert not undecided.passed
    assert undecided.reason.startswith("undecided:")
    assert [p.undecided for p in undecided.parameters] == [True, False]
    assert run.results[1].error is None
    check = next(c for c in run.results[4].checks if c.name == "expected_response")
    assert check.undecided
    assert not check.passed
    assert check.error is None

    summary = run.summary
    assert (summary.total, summary.passed, summary.failed, summary.errors, summary.undecided) == (6, 1, 2, 1, 2)
    assert summary.pass_rate == round(1 / 6, 4)  # the lower bound: no undecided example counts as passed
    assert summary.by_matcher["free_text"].undecided == 2  # lines 2 and 4
    assert summary.by_assertion["tool_called"].undecided == 1  # line 2 (line 4's assertion failed on limit)
    assert summary.by_check["expected_response"].undecided == 2  # lines 5 and 6 (line 6 is an error already)
    assert summary.by_matcher["free_text"].errors == 1


def test_a_required_similarity_left_undecided_makes_the_example_undecided() -> None:
    document = search_line("Paris weather", response="maybe sunny")
    document["expectations"]["assertions"] = []
    document["expectations"]["expected_response"] = "Sunny in Paris."
    run = evaluate([Example.model_validate(document)], judge=UnsureJudge(), require=["similarity"])
    [result] = run.results
    assert result.status == "undecided"
    assert not result.passed
    assert run.summary.by_check["expected_response"].undecided == 1


@pytest.fixture
def unsure(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every judge the command line asks for is the :class:`UnsureJudge`."""
    monkeypatch.setattr(mb.judges.factory, "get_judge", lambda judge, **_options: UnsureJudge())


def _write(path: Path, documents: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(document) + "\n" for document in documents), encoding="utf-8")
    return path


def _eval(*args: str) -> Any:
    return CliRunner().invoke(main, ["eval", *args, "--jobs", "1", "--metrics", "similarity"])


@pytest.mark.usefixtures("unsure")
def test_every_sink_of_mb_eval_keeps_undecided_apart(tmp_path: Path) -> None:
    executed = _write(tmp_path / "executed.jsonl", LINES)
    results, junit, markdown = tmp_path / "results.jsonl", tmp_path / "junit.xml", tmp_path / "summary.md"
    outcome = _eval(str(executed), "-o", str(results), "--junit", str(junit), "--summary-md", str(markdown))
    assert outcome.exit_code == 0, outcome.output
    headline = " ".join(outcome.output.split())
    assert "1/6 passed (16.7% up to 50.0%" in headline
    assert "2 undecided" in headline

    record = read_results_file(results).record
    assert record.counts.model_dump() == {"total": 6, "passed": 1, "failed": 2, "errors": 1, "undecided": 2}
    rows = [json.loads(line) for line in results.read_text(encoding="utf-8").splitlines()[1:]]
    assert [row["status"] for row in rows] == STATUSES
    assert all(not row["passed"] for row in rows if row["status"] == "undecided")

    assert xmlschema.XMLSchema(DATA / "junit.xsd").is_valid(str(junit))  # the Ant JUnit schema CI reporters read
    suite = ET.parse(junit).getroot().find("testsuite")
    assert suite is not None
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors"), suite.get("skipped")) == (
        "6",
        "2",
        "1",
        "2",
    )
    cases = suite.findall("testcase")
    skipped = [case.find("skipped") for case in cases]
    assert [element is not None for element in skipped] == [status == "undecided" for status in STATUSES]
    assert all(e.get("message", "").startswith("undecided: ") for e in skipped if e is not None)
    assert cases[0].find("failure") is None
    assert cases[0].find("skipped") is None

    text = markdown.read_text(encoding="utf-8")
    assert "**1/6 passed (16.7% up to 50.0%" in text
    assert ", 2 undecided" in text
    assert "| free\\_text | 6 | 2 | 1 | 1 | 2 |" in text

    summary = json.loads(_eval(str(executed), "--format", "json", "-q").stdout)
    assert (summary["passed"], summary["undecided"], summary["pass_rate"]) == (1, 2, round(1 / 6, 4))
    assert summary["by_check"]["expected_response"]["undecided"] == 2

    data = page_data(build_report([results]))
    run = data["runs"][0]
    assert run["summary"]["undecided"] == 2
    assert run["columns"]["status"] == [0, 3, 1, 1, 3, 2]  # passed, failed, error, undecided have their own codes


@pytest.mark.usefixtures("unsure")
def test_fail_under_takes_the_lower_bound(tmp_path: Path) -> None:
    executed = _write(tmp_path / "executed.jsonl", LINES)
    below = _eval(str(executed), "-q", "--fail-under", "0.4")  # 16.7% up to 50%: the bound that counts is 16.7%
    assert below.exit_code == 1, below.output
    above = _eval(str(executed), "-q", "--fail-under", "0.15")
    assert above.exit_code == 0, above.output
    # 1/6 is 0.1666...: the rate rounded in the summary (0.1667) does not meet a bar of 0.1667
    for bar in ("0.1667", "16.67%"):
        rounded = _eval(str(executed), "-q", "--fail-under", bar)
        assert rounded.exit_code == 1, rounded.output


def test_compare_keeps_undecided_changes_apart_from_regressions_and_fixes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    executed = _write(tmp_path / "executed.jsonl", LINES)
    base, new = tmp_path / "base.jsonl", tmp_path / "new.jsonl"
    monkeypatch.setattr(mb.judges.factory, "get_judge", lambda judge, **_options: UnsureJudge(decided=True))
    assert _eval(str(executed), "-q", "-o", str(base)).exit_code == 0
    monkeypatch.setattr(mb.judges.factory, "get_judge", lambda judge, **_options: UnsureJudge())
    assert _eval(str(executed), "-q", "-o", str(new)).exit_code == 0

    comparison = compare_runs(read_results_file(base), read_results_file(new))
    assert comparison.regressions == []
    assert comparison.fixes == []
    assert [(f.new_line, f.base_status, f.new_status) for f in comparison.undecided] == [
        (2, "passed", "undecided"),
        (5, "passed", "undecided"),
    ]
    overall = comparison.slices[0]
    assert (overall.base_passed, overall.base_undecided, overall.new_passed, overall.new_undecided) == (3, 0, 1, 2)

    shown = CliRunner().invoke(main, ["compare", str(base), str(new)])
    assert shown.exit_code == 0, shown.output
    text = " ".join(shown.output.split())
    assert "0 regression(s), 0 fix(es), 2 undecided change(s)" in text
    assert "+2 undecided" in text
    # a CI gate never passes on a doubt: a pass that became undecided may be a regression
    gated = CliRunner().invoke(main, ["compare", str(base), str(new), "--fail-on-regression"])
    assert gated.exit_code == 1, gated.output
    assert "2 counted against the gate (0 regression(s), 2 passed, now undecided)" in gated.stderr
    assert (
        CliRunner().invoke(main, ["compare", str(base), str(new), "--fail-on-regression", "--tolerance", "2"]).exit_code
        == 0
    )
    assert CliRunner().invoke(main, ["compare", str(new), str(base), "--fail-on-regression"]).exit_code == 0


def test_a_results_file_written_before_undecided_verdicts_still_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    executed = _write(tmp_path / "executed.jsonl", LINES)
    results = tmp_path / "results.jsonl"
    monkeypatch.setattr(mb.judges.factory, "get_judge", lambda judge, **_options: UnsureJudge(decided=True))
    assert _eval(str(executed), "-q", "-o", str(results)).exit_code == 0
    text = results.read_text(encoding="utf-8")
    older = re.sub(r',\s*"undecided":\s*(false|0)', "", text)
    assert '"undecided":' not in older
    results.write_text(older, encoding="utf-8")

    run = read_results_file(results)
    assert run.record.counts.undecided == 0
    assert [result.status for result in run.results] == ["passed", "passed", "failed", "failed", "passed", "error"]
    shown = CliRunner().invoke(main, ["compare", str(results), str(results)])
    assert shown.exit_code == 0, shown.output


def test_an_undecided_check_counts_nothing_towards_the_expectations_met() -> None:
    """The judge's score of a check it cannot tell about is no share of it met: 0, as an undecided guideline."""
    line = search_line("Paris weather", response="maybe sunny", expected_response="Sunny in Paris.")
    (result,) = evaluate([Example.model_validate(line)], judge=UnsureJudge(), metrics=[]).results
    orphans, check = result.checks
    assert (orphans.passed, check.name, check.undecided, check.score) == (True, "expected_response", True, 0.6)
    assert (result.status, result.score) == ("undecided", 0.6667)  # the assertion and the trace met, the response not

"""Three-valued verdicts: a semantic check the judge cannot decide is ``undecided``, never passed, and every sink
(summary, results counts, JUnit, markdown, the report, ``mb compare``, ``--fail-under``) keeps it apart."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import mb.evaluation
from mb.cli import main
from mb.compare import compare_runs
from mb.entities import Example
from mb.evaluation import evaluate
from mb.judges.base import JudgeRequest, JudgeTask, Verdict
from mb.reports.html import build_report
from mb.results_format import read_results_file
from tests.reports.helpers import page_data

_SEMANTIC = (JudgeTask.EQUIVALENCE, JudgeTask.SIMILARITY)


class _Unsure:
    """Equivalence and similarity by keyword: ``maybe`` is undecided, ``wrong`` fails, ``broken`` is a judge
    failure, anything else passes (all with a calibrated confidence)."""

    name = "unsure"

    def __init__(self, *, decided: bool = False) -> None:
        self.decided = decided
        """Decide ``maybe`` as a pass instead (a judge that is never undecided)."""

    def supports(self, task: JudgeTask) -> bool:
        return task in _SEMANTIC

    async def judge(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        return [self._one(request.candidate) for request in requests]

    def _one(self, text: str) -> Verdict:
        if "broken" in text:
            return Verdict(0.0, "broken", self.name, error="the judge broke")
        if "wrong" in text:
            return Verdict(0.1, "a different goal", self.name, confidence=0.95)
        if "maybe" in text and not self.decided:
            return Verdict(0.6, "cannot tell", self.name, confidence=0.55, undecided=True)
        return Verdict(1.0, "the same goal", self.name, confidence=0.95)


def _line(query: str, *, limit: int = 5, response: str = "", expected_response: str | None = None) -> dict[str, Any]:
    expectations: dict[str, Any] = {
        "assertions": [
            {
                "assert_that": "tool_called",
                "tool": "search",
                "parameters": [
                    {"param": "query", "matcher": {"match_as": "free_text", "value": "weather in Paris"}},
                    {"param": "limit", "matcher": {"match_as": "equality", "value": 5}},
                ],
            }
        ]
    }
    if expected_response is not None:
        expectations["expected_response"] = expected_response
    return {
        "inputs": {"messages": [{"role": "user", "content": "What is the weather in Paris?"}]},
        "expectations": expectations,
        "outputs": {
            "response": response or "It is sunny in Paris.",
            "trace": [
                {"event": "tool_call", "id": "c1", "tool": "search", "params": {"query": query, "limit": limit}},
                {"event": "tool_result", "id": "c1", "result": "sunny"},
            ],
        },
    }


LINES = [
    _line("Paris weather today"),  # 1 passed
    _line("maybe Paris"),  # 2 undecided (free_text)
    _line("wrong city"),  # 3 failed
    _line("maybe Paris", limit=7),  # 4 failed: a failure outweighs an undecided check
    _line("Paris weather", response="maybe sunny", expected_response="Sunny in Paris."),  # 5 undecided (response)
    _line("broken query", response="maybe sunny", expected_response="Sunny in Paris."),  # 6 error outweighs undecided
]
STATUSES = ["passed", "undecided", "failed", "failed", "undecided", "error"]
for number, document in enumerate(LINES, 1):  # each line its own example (hashes join runs in mb compare)
    document["inputs"]["messages"][0]["content"] += f" (case {number})"


def _examples() -> list[Example]:
    return [Example.model_validate(document) for document in LINES]


def test_an_undecided_check_never_passes_and_is_counted_apart() -> None:
    run = evaluate(_examples(), judge=_Unsure(), metrics=[])
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
    document = _line("Paris weather", response="maybe sunny")
    document["expectations"]["assertions"] = []
    document["expectations"]["expected_response"] = "Sunny in Paris."
    run = evaluate([Example.model_validate(document)], judge=_Unsure(), require=["similarity"])
    [result] = run.results
    assert result.status == "undecided"
    assert not result.passed
    assert run.summary.by_check["expected_response"].undecided == 1


@pytest.fixture
def unsure(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every judge the command line asks for is the :class:`_Unsure` judge."""
    monkeypatch.setattr(mb.evaluation, "resolve_judge", lambda judge, **_options: _Unsure())


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


def test_compare_keeps_undecided_changes_apart_from_regressions_and_fixes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    executed = _write(tmp_path / "executed.jsonl", LINES)
    base, new = tmp_path / "base.jsonl", tmp_path / "new.jsonl"
    monkeypatch.setattr(mb.evaluation, "resolve_judge", lambda judge, **_options: _Unsure(decided=True))
    assert _eval(str(executed), "-q", "-o", str(base)).exit_code == 0
    monkeypatch.setattr(mb.evaluation, "resolve_judge", lambda judge, **_options: _Unsure())
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

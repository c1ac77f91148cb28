"""An example asking for more parameter checks than one line may: errors on its assertions, found at once."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from mb.cli import main
from mb.entities import NoToolCallAssertion, ToolCall, ToolCallAssertion
from mb.evaluation import evaluate
from mb.judges.base import Verdict
from mb.matching import MatchContext, check_assertions
from mb.matching.assertions import MAX_PARAMETER_CHECKS, parameter_checks
from tests.support.judges import ScriptedJudge


def _line(assertions: int, calls: int, parameters: int = 1) -> dict[str, Any]:
    checks = [{"param": f"p{i}", "matcher": {"match_as": "equality", "value": i}} for i in range(parameters)]
    return {
        "inputs": {"messages": [{"role": "user", "content": "Ping them all."}]},
        "expectations": {
            "assertions": [{"assert_that": "tool_called", "tool": "ping", "parameters": checks}] * assertions
        },
        "outputs": {
            "response": "Done.",
            "trace": [
                {"event": "tool_call", "id": f"c{i}", "tool": "ping", "params": {f"p{j}": j for j in range(parameters)}}
                for i in range(calls)
            ],
        },
    }


def _context() -> MatchContext:
    return MatchContext(lambda request: Verdict(1.0, "same", "test"))


def test_assertions_past_the_limit_are_errors_and_no_tool_called_is_still_checked() -> None:
    side = 450  # 450 x 450 = 202,500 checks
    assert side * side > MAX_PARAMETER_CHECKS
    assertions: list[ToolCallAssertion | NoToolCallAssertion] = [
        ToolCallAssertion(tool="ping", parameters=[]) for _ in range(side)
    ]
    assertions.append(NoToolCallAssertion())
    calls = [ToolCall(id=f"c{i}", tool="ping", params={}) for i in range(side)]
    results = check_assertions(assertions, calls, _context())
    assert len(results) == side + 1
    for result in results[:-1]:
        assert not result.passed
        assert "202,500 checks" in (result.error or "")
        assert "over the limit of 200,000" in (result.error or "")
    assert results[-1].error is None
    assert not results[-1].passed  # calls were made: no_tool_called fails


def test_an_example_under_the_limit_is_checked_in_full() -> None:
    side = 440  # 193,600 checks
    assertions = [ToolCallAssertion(tool="ping", parameters=[]) for _ in range(side)]
    calls = [ToolCall(id=f"c{i}", tool="ping", params={}) for i in range(side)]
    results = check_assertions(assertions, calls, _context())
    assert all(result.passed and result.error is None for result in results)
    assert len({result.call_id for result in results}) == side


def test_the_limit_counts_parameters_and_only_calls_of_the_assertion_tool() -> None:
    # 150 assertions of 10 parameters against 150 calls: 225,000 checks, over the limit
    over = check_assertions(
        [ToolCallAssertion.model_validate(a) for a in _line(150, 150, 10)["expectations"]["assertions"]],
        [ToolCall.model_validate(c) for c in _line(150, 150, 10)["outputs"]["trace"]],
        _context(),
    )
    assert all(result.error is not None for result in over)
    # the same assertions on a tool with a single call: 1,500 checks
    calls = [ToolCall(id="x", tool="ping", params={})] + [
        ToolCall(id=f"o{i}", tool="other", params={}) for i in range(2000)
    ]
    under = check_assertions([ToolCallAssertion(tool="ping", parameters=[])] * 150, calls, _context())
    assert all(result.error is None for result in under)


def test_a_file_line_past_the_limit_is_one_error_with_one_reason(tmp_path: Path) -> None:
    path = tmp_path / "executed.jsonl"
    plain = _line(1, 1, 2)
    path.write_text(json.dumps(_line(460, 460)) + "\n" + json.dumps(plain) + "\n", encoding="utf-8")
    first, second = evaluate(path, judge=ScriptedJudge()).results
    assert first.status == "error"
    assert (first.error or "").count("over the limit of 200,000") == 1
    assert second.status == "passed"
    results = tmp_path / "results.jsonl"
    outcome = CliRunner().invoke(
        main, ["eval", str(path), "-o", str(results), "--jobs", "1", "--metrics", "none", "-q", "--judge", "lexical"]
    )
    assert outcome.exit_code == 0, outcome.output
    rows = [json.loads(line) for line in results.read_text(encoding="utf-8").splitlines()[1:]]
    assert [row["status"] for row in rows] == ["error", "passed"]
    assert rows[0]["error"].count("211,600 checks") == 1


def test_a_single_call_multiplies_nothing_and_is_never_over_the_limit() -> None:
    one = [("c1", "ping", {})]
    two = [("c1", "ping", {}), ("c2", "ping", {})]
    assert parameter_checks([("ping", 300_000)], one) == 0
    assert parameter_checks([("ping", 300_000)], two) == 600_000
    assert parameter_checks([("ping", 1_000), ("pong", 500_000)], two) == 2_000  # pong has no call
    assert parameter_checks([("ping", 10), (None, 0)], two) == 20  # no_tool_called asks for no check


def _free_text_line(assertions: int, calls: int) -> dict[str, Any]:
    text = {"param": "note", "matcher": {"match_as": "free_text", "value": "call me back"}}
    return {
        "inputs": {"messages": [{"role": "user", "content": "Ping them all."}]},
        "expectations": {
            "assertions": [{"assert_that": "tool_called", "tool": "ping", "parameters": [text]}] * assertions
        },
        "outputs": {
            "response": "Done.",
            "trace": [
                {"event": "tool_call", "id": f"c{i}", "tool": "ping", "params": {"note": f"ring me, {i}"}}
                for i in range(calls)
            ],
        },
    }


def test_judge_work_counts_in_its_own_limit() -> None:
    """440 free_text assertions against 440 calls stay under the parameter limit but would ask a judge 193,600
    questions: each assertion is an error naming the judged limit, and the judge is asked nothing."""
    asked: list[object] = []

    def oracle(request: object) -> Verdict:
        asked.append(request)
        return Verdict(1.0, "same", "test")

    line = _free_text_line(440, 440)
    results = check_assertions(
        [ToolCallAssertion.model_validate(a) for a in line["expectations"]["assertions"]],
        [ToolCall.model_validate(c) for c in line["outputs"]["trace"]],
        MatchContext(oracle),
    )
    assert asked == []
    assert all(not result.passed for result in results)
    assert all("asks a judge for 193,600 checks" in (result.error or "") for result in results)
    small = _free_text_line(3, 3)
    results = check_assertions(
        [ToolCallAssertion.model_validate(a) for a in small["expectations"]["assertions"]],
        [ToolCall.model_validate(c) for c in small["outputs"]["trace"]],
        MatchContext(oracle),
    )
    assert all(result.error is None for result in results)
    assert asked

"""What each scorer concept reports for an example result (no MLflow needed)."""

from __future__ import annotations

from mb.integrations._assessments import assess
from mb.integrations.mlflow import scorer_names
from mb.results import AssertionResult, CheckResult, ExampleResult, MetricResult, ParameterResult


def _failing() -> ExampleResult:
    parameter = ParameterResult(
        params=["limit"], match_as="equality", passed=False, score=0.0, reason='expected 5, got "5"'
    )
    return ExampleResult(
        line=3,
        passed=False,
        status="failed",
        score=0.5,
        assertions=[
            AssertionResult(
                assert_that="tool_called", tool="search", passed=False, reason="closest call c1", parameters=[parameter]
            ),
            AssertionResult(assert_that="no_tool_called", passed=True, reason="no call"),
        ],
        checks=[
            CheckResult(name="expected_response", passed=True, reason="same meaning"),
            CheckResult(name="tools_restriction", passed=False, reason="called delete, not allowed"),
            CheckResult(name="citation_coverage", passed=False, reason="informational", gating=False),
        ],
        metrics={
            "similarity": MetricResult(value=2.2, passed=False, threshold=3.0, judge="llm:gpt-4o-mini", reason="far"),
            "relevance": MetricResult(status="skipped", reason="needs an LLM judge"),
            "groundedness": MetricResult(status="error", reason="judge failed: timeout", judge="llm:gpt-4o-mini"),
        },
    )


def test_passed_is_false_and_the_rationale_names_every_gating_failure() -> None:
    verdict = assess("passed", _failing())
    assert verdict is not None
    assert verdict.value is False
    assert verdict.error is None
    assert "search: closest call c1" in verdict.rationale
    assert "tools_restriction: called delete, not allowed" in verdict.rationale
    assert "citation_coverage" not in verdict.rationale  # informational checks do not decide
    assert verdict.metadata["status"] == "failed"


def test_tool_call_assertions_report_each_assertion_and_failed_parameters() -> None:
    verdict = assess("tool_call_assertions", _failing())
    assert verdict is not None
    assert verdict.value is False
    assert verdict.rationale.splitlines() == [
        "FAIL tool_called search: closest call c1",
        '  limit (equality): expected 5, got "5"',
        "PASS no_tool_called: no call",
    ]
    assert verdict.metadata == {"passed": "1", "total": "2"}


def test_checks_count_gating_checks_only() -> None:
    verdict = assess("checks", _failing())
    assert verdict is not None
    assert verdict.value is False
    assert verdict.metadata == {"passed": "1", "total": "2"}


def test_metric_value_threshold_and_judge() -> None:
    verdict = assess("similarity", _failing())
    assert verdict is not None
    assert verdict.value == 2.2
    assert verdict.rationale == "far"
    assert verdict.judge == "llm:gpt-4o-mini"
    assert verdict.metadata == {"status": "ok", "threshold": "3.0", "passed": "false"}


def test_skipped_or_absent_concepts_give_no_verdict() -> None:
    result = _failing()
    assert assess("relevance", result) is None
    assert assess("citations", result) is None
    assert assess("tool_call_assertions", ExampleResult(line=1, passed=True, status="passed")) is None
    assert assess("checks", ExampleResult(line=1, passed=True, status="passed")) is None


def test_metric_errors_are_errors_not_values() -> None:
    verdict = assess("groundedness", _failing())
    assert verdict is not None
    assert verdict.value is None
    assert verdict.error == "judge failed: timeout"


def test_agent_error_fails_the_verdict_and_is_an_error_elsewhere() -> None:
    broken = ExampleResult(line=2, passed=False, status="error", error="agent error: RuntimeError: boom")
    verdict = assess("passed", broken)
    assert verdict is not None
    assert verdict.value is False  # counted as not passed, as in mb's pass rate
    assert verdict.error is None
    assert verdict.rationale == "agent error: RuntimeError: boom"
    assert verdict.metadata["status"] == "error"
    met = assess("expectations_met", broken)
    assert met is not None
    assert met.value == 0.0
    assert met.rationale == "agent error: RuntimeError: boom"
    for name in ("tool_call_assertions", "checks", "similarity"):
        other = assess(name, broken)
        assert other is not None, name
        assert other.error == "agent error: RuntimeError: boom"
        assert other.value is None


def test_undecided_example_did_not_pass() -> None:
    undecided = ExampleResult(
        line=1,
        passed=False,
        status="error",
        checks=[CheckResult(name="expected_response", passed=False, reason="", error="judge timed out")],
    )
    verdict = assess("passed", undecided)
    assert verdict is not None
    assert verdict.value is False  # undecided is not passed
    assert verdict.error is None
    assert verdict.rationale
    assert verdict.metadata["status"] == "error"


def test_expectations_met_is_the_share_of_expectations() -> None:
    verdict = assess("expectations_met", _failing())
    assert verdict is not None
    assert verdict.value == 0.5
    assert verdict.rationale == "50% of the gating expectations are met"


def test_scorer_names_put_fixed_concepts_before_metrics() -> None:
    assert scorer_names(["similarity", "citations"]) == (
        "passed",
        "expectations_met",
        "tool_call_assertions",
        "checks",
        "similarity",
        "citations",
    )

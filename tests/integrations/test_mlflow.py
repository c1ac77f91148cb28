"""MorganaBench in MLflow, offline: scorers in ``mlflow.genai.evaluate`` and ``mb export mlflow`` read back."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import orjson
import pytest
from click.testing import CliRunner

from mb.cli import main
from mb.entities import Example
from mb.errors import InputError
from mb.evaluation import SummaryBuilder, evaluate_example
from mb.integrations.mlflow import _scorer_class, rows, scorer_names, scorers
from mb.judges.base import JudgeRequest, JudgeTask, Verdict
from mb.judges.lexical import LexicalJudge
from mb.results import ExampleResult

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::FutureWarning")


class CountingJudge:
    """The lexical judge, counting how often it is asked."""

    def __init__(self) -> None:
        self.inner = LexicalJudge()
        self.calls = 0

    @property
    def name(self) -> str:
        return self.inner.name

    def supports(self, task: JudgeTask) -> bool:
        return self.inner.supports(task)

    async def judge(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        self.calls += 1
        return await self.inner.judge(requests)


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


@pytest.fixture
def results_file(tmp_path: Path, bundled_results: list[ExampleResult]) -> Path:
    path = tmp_path / "results.jsonl"
    path.write_text("".join(r.model_dump_json() + "\n" for r in bundled_results), encoding="utf-8")
    return path


def test_genai_evaluate_with_our_scorers_matches_the_evaluator(
    mlflow_store: str, bundled_executed: Path, tmp_path: Path, network_attempts: list[Any]
) -> None:
    import mlflow
    from mlflow import MlflowClient

    from mb.evaluation import evaluate

    lines = bundled_executed.read_text(encoding="utf-8").splitlines()
    broken = orjson.loads(lines[0])
    broken["outputs"] = {"response": "", "trace": [], "error": {"type": "RuntimeError", "message": "boom"}}
    executed = tmp_path / "with-error.jsonl"
    executed.write_text("\n".join([*lines, orjson.dumps(broken).decode()]) + "\n", encoding="utf-8")
    run = evaluate(executed, judge="lexical")
    results = run.results
    assert run.summary.errors >= 1

    experiment = MlflowClient().create_experiment("scorers")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MLFLOW_EXPERIMENT_ID", experiment)
        chosen = scorers(judge="lexical", include=["passed", "expectations_met", "tool_call_assertions", "similarity"])
        outcome = mlflow.genai.evaluate(data=rows(executed), scorers=chosen)

    decided = [r for r in results if r.status != "error"]
    similarity = [r.metrics["similarity"].value for r in decided if r.metrics.get("similarity")]
    # an agent error counts as not passed: MLflow's mean is mb's pass rate, not the rate over decided examples
    assert outcome.metrics["passed/mean"] == pytest.approx(run.summary.passed / run.summary.total)
    assert round(outcome.metrics["passed/mean"], 4) == run.summary.pass_rate
    assert outcome.metrics["expectations_met/mean"] == pytest.approx(_mean([r.score for r in results]))
    assert outcome.metrics["similarity/mean"] == pytest.approx(_mean([v for v in similarity if v is not None]))
    assert MlflowClient().get_run(outcome.run_id).info.experiment_id == experiment
    frame = outcome.result_df
    assert len(frame) == len(results)
    verdicts = list(zip(frame["passed/value"], frame["passed/rationale"], strict=True))
    assert [value is True for value, _ in verdicts] == [r.passed for r in results]
    assert verdicts[-1] == (False, "agent error: RuntimeError: boom")
    for value, rationale in verdicts:  # every verdict explains itself in the MLflow table
        if value is True:
            assert rationale == "every expectation holds"
        else:
            assert value is False
            assert rationale
            assert rationale != "every expectation holds"
    assert network_attempts == []


def _judged_row(data: list[dict[str, Any]]) -> tuple[int, int]:
    """The first row whose evaluation asks the judge, and how many judge calls one evaluation makes."""
    for index, row in enumerate(data):
        probe = CountingJudge()
        asyncio.run(evaluate_example(Example.model_validate(row), judge=probe))
        if probe.calls:
            return index, probe.calls
    pytest.fail("no bundled example asks the judge")


def test_each_row_is_evaluated_once_whatever_the_number_of_scorers(
    bundled_executed: Path, bundled_results: list[ExampleResult]
) -> None:
    data = rows(bundled_executed)
    index, calls = _judged_row(data)
    judge = CountingJudge()
    chosen = scorers(judge=judge, include=["passed", "expectations_met", "checks", "similarity"])
    assert [s.name for s in chosen] == ["passed", "expectations_met", "checks", "similarity"]
    row = data[index]
    feedback = [s(inputs=row["inputs"], outputs=row["outputs"], expectations=row["expectations"]) for s in chosen]
    assert judge.calls == calls
    expected = bundled_results[index]
    assert feedback[0].value is expected.passed
    assert feedback[0].rationale
    assert feedback[1].value == pytest.approx(expected.score)
    assert feedback[3].value == pytest.approx(expected.metrics["similarity"].value)
    assert feedback[3].metadata["judge"] == "lexical"


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ({"guidelines": None}, {"guidelines": float("nan")}),  # no guidelines, then a value that is no list
        ({"guidelines": None}, {"guidelines": float("inf")}),
    ],
)
def test_a_row_is_not_given_the_verdict_of_another_row_that_writes_as_the_same_json(
    first: dict[str, Any], then: dict[str, Any]
) -> None:
    """MLflow's tables hold NaN where a value is missing; JSON would write it as None."""
    (passed,) = scorers(judge=LexicalJudge(), include=["passed"])
    inputs = {"messages": [{"role": "user", "content": "What is the capital of France?"}]}
    answer = "Paris is the capital of France."
    assert passed(inputs=inputs, outputs=answer, expectations={"expected_response": answer, **first}).value is True
    feedback = passed(inputs=inputs, outputs=answer, expectations={"expected_response": answer, **then})
    assert feedback.value is None
    assert "not a MorganaBench example" in feedback.error.error_message


def test_a_row_that_is_not_an_example_gets_error_feedback() -> None:
    (passed,) = scorers(judge=LexicalJudge(), include=["passed"])
    feedback = passed(inputs={"question": "hi"}, outputs="hello", expectations=None)
    assert feedback.value is None
    assert "not a MorganaBench example" in feedback.error.error_message
    assert "inputs.messages" in feedback.error.error_message


def test_plain_text_outputs_are_the_response() -> None:
    (exact,) = scorers(judge=LexicalJudge(), metrics=["exact_match"], include=["exact_match"])
    inputs = {"messages": [{"role": "user", "content": "Capital of France?"}]}
    feedback = exact(inputs=inputs, outputs="Paris", expectations={"expected_response": "paris"})
    assert feedback.value == 1.0


_REFUND = {"messages": [{"role": "user", "content": "Was my refund approved?"}]}
_APPROVED = "Your refund was approved."


def _retrieved(*ids: str) -> dict[str, Any]:
    chunks = [{"id": doc, "page_content": "Refunds are approved within a week."} for doc in ids]
    return {"response": _APPROVED, "trace": [{"event": "retriever", "outputs": chunks}]}


def test_mlflows_expected_retrieved_context_is_checked_as_the_documents_to_retrieve() -> None:
    from mb.integrations._engine import RowEvaluator

    evaluator = RowEvaluator(LexicalJudge(), None, ())
    expected = {"expected_response": _APPROVED, "expected_retrieved_context": [{"doc_uri": "kb/refunds"}]}
    assert evaluator.evaluate(_REFUND, _retrieved("kb/refunds", "kb/faq"), expected).passed
    for outputs in (_APPROVED, _retrieved("kb/faq")):  # nothing retrieved, or another document
        result = evaluator.evaluate(_REFUND, outputs, expected)
        assert (result.passed, result.status) == (False, "failed")
        assert "not retrieved: kb/refunds" in "; ".join(result.failure_reasons())
    with pytest.raises(
        InputError, match="expected_retrieved_context is not a non-empty list of objects with a doc_uri"
    ):
        evaluator.evaluate(_REFUND, _retrieved("kb/refunds"), {"expected_retrieved_context": ["kb/refunds"]})


@pytest.mark.parametrize(
    ("key", "value", "meaning"),
    [
        ("expected_tool_calls", [{"name": "lookup_refund"}], "expectations.assertions"),
        ("expected_toolcalls", [{"name": "lookup_refund"}], 'did you mean "expected_tool_calls"?'),
        ("expected_retrived_context", [{"doc_uri": "kb/refunds"}], 'did you mean "expected_retrieved_context"?'),
        ("expected_output", _APPROVED, "did you mean expected_response?"),
        ("reference", _APPROVED, "did you mean expected_response?"),
    ],
)
def test_an_expectation_mlflow_reads_and_morganabench_does_not_is_an_error_in_a_row(
    key: str, value: Any, meaning: str
) -> None:
    (passed,) = scorers(judge=LexicalJudge(), include=["passed"])
    for expectations in ({key: value}, {"expected_response": _APPROVED, key: value}):
        feedback = passed(inputs=_REFUND, outputs=_APPROVED, expectations=expectations)
        assert feedback.value is None
        assert f"expectations.{key} is not read by MorganaBench" in feedback.error.error_message
        assert meaning in feedback.error.error_message
        assert "inputs.metadata" not in feedback.error.error_message  # a line's place: a row reads its own key


def test_scorer_names_and_include() -> None:
    assert scorer_names(["similarity", "citations=2"]) == (
        "passed",
        "expectations_met",
        "tool_call_assertions",
        "checks",
        "similarity",
        "citations",
    )
    assert len(scorers(judge=LexicalJudge())) == len(scorer_names())
    with pytest.raises(ValueError, match="unknown scorer name"):
        scorers(judge=LexicalJudge(), include=["passed", "fluency"])


def test_rows_refuse_invalid_lines_with_their_location(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"inputs": {"messages": []}, "expectations": {}}\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"bad\.jsonl:1: \$\.inputs\.messages: ") as raised:
        rows(path)
    assert (raised.value.file, raised.value.line) == (str(path), 1)


def test_rows_keep_an_untraced_line_untraced(tmp_path: Path) -> None:
    """No trace cannot tell that no tool was called: the row says so as `mb eval` would, an error, never a pass."""
    from mb.integrations._engine import RowEvaluator

    path = tmp_path / "untraced.jsonl"
    line = {
        "inputs": {"messages": [{"role": "user", "content": "close the ticket"}]},
        "expectations": {"assertions": [{"assert_that": "no_tool_called"}]},
        "outputs": {"response": "done"},
    }
    path.write_bytes(orjson.dumps(line) + b"\n")
    (row,) = rows(path)
    assert "trace" not in row["outputs"]
    result = RowEvaluator(LexicalJudge(), None, ()).evaluate(row["inputs"], row["outputs"], row["expectations"])
    assert result.status == "error"
    assert not result.passed
    traced = {"response": "done", "trace": []}
    checked = RowEvaluator(LexicalJudge(), None, ()).evaluate(row["inputs"], traced, row["expectations"])
    assert checked.passed


def test_export_logs_a_run_that_reads_back(
    mlflow_store: str,
    tmp_path: Path,
    results_file: Path,
    bundled_executed: Path,
    bundled_results: list[ExampleResult],
    network_attempts: list[Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from mlflow import MlflowClient

    monkeypatch.delenv("MLFLOW_DISABLE_TELEMETRY")
    monkeypatch.setenv("DO_NOT_TRACK", "false")
    args = ["export", "mlflow", str(results_file), "--tracking-uri", mlflow_store, "--experiment", "exports"]
    outcome = CliRunner().invoke(main, [*args, "--run-name", "nightly", "--executed", str(bundled_executed)])
    assert outcome.exit_code == 0, outcome.output
    assert os.environ["MLFLOW_DISABLE_TELEMETRY"] == "true"  # set by the command
    assert os.environ["DO_NOT_TRACK"] == "false"  # the user's choice is kept
    run_id = outcome.stdout.strip()
    assert f"logged run {run_id} to experiment 'exports' at {mlflow_store}" in outcome.stderr  # where to look

    client = MlflowClient(mlflow_store)
    run = client.get_run(run_id)
    builder = SummaryBuilder()
    for result in bundled_results:
        builder.add(result)
    summary = builder.build()
    metrics = run.data.metrics
    assert run.info.status == "FINISHED"
    assert client.get_experiment(run.info.experiment_id).name == "exports"
    assert metrics["pass_rate"] == pytest.approx(summary.pass_rate)
    assert metrics["examples"] == len(bundled_results)
    assert metrics["errors"] == summary.errors
    assert metrics["metric/similarity/mean"] == pytest.approx(summary.by_metric["similarity"].mean)
    assert metrics["assertion/tool_called/pass_rate"] == pytest.approx(summary.by_assertion["tool_called"].rate)
    assert metrics["expectations_met"] == pytest.approx(_mean([r.score for r in bundled_results]))
    assert run.data.params["judge"] == "lexical"
    assert run.data.params["results_file"] == "results.jsonl"
    assert run.data.params["examples"] == str(len(bundled_results))
    assert run.data.tags["mlflow.runName"] == "nightly"

    assert {a.path for a in client.list_artifacts(run_id)} >= {"mb_results.json", "results.jsonl"}
    copy = Path(client.download_artifacts(run_id, "results.jsonl", str(tmp_path)))
    assert copy.read_bytes() == results_file.read_bytes()
    table = client.load_table(run.info.experiment_id, "mb_results.json", run_ids=[run_id])
    assert list(table["line"]) == [r.line for r in bundled_results]
    assert list(table["passed"]) == [r.passed for r in bundled_results]
    assert list(table["status"]) == [r.status for r in bundled_results]
    first = rows(bundled_executed)[0]
    assert table["question"][0] == first["inputs"]["messages"][-1]["content"]
    assert table["response"][0] == first["outputs"]["response"]
    assert network_attempts == []


def test_export_of_unreadable_results_exits_2(mlflow_store: str, tmp_path: Path) -> None:
    broken = tmp_path / "results.jsonl"
    broken.write_text('{"passed": true}\n', encoding="utf-8")
    outcome = CliRunner().invoke(main, ["export", "mlflow", str(broken), "--tracking-uri", mlflow_store])
    assert outcome.exit_code == 2
    assert "results.jsonl:1: not an evaluation result" in outcome.output
    assert "Traceback" not in outcome.output


@pytest.mark.parametrize("shape", ["empty", "record-only", "line-twice"])
def test_export_of_results_with_no_result_or_a_line_twice_logs_nothing(
    mlflow_store: str, tmp_path: Path, results_file: Path, shape: str
) -> None:
    import mlflow

    rows = results_file.read_text(encoding="utf-8").splitlines(keepends=True)
    given = tmp_path / "given.jsonl"
    record = '{"mb_results": {"results_format": 2}}\n'
    given.write_text({"empty": "", "record-only": record, "line-twice": "".join([*rows, rows[1]])}[shape])
    mlflow.set_tracking_uri(mlflow_store)
    before = len(mlflow.search_runs(search_all_experiments=True))
    outcome = CliRunner().invoke(main, ["export", "mlflow", str(given), "--tracking-uri", mlflow_store])
    assert outcome.exit_code == 2, outcome.output
    assert str(given) in outcome.output
    assert ("line 2" in outcome.output) if shape == "line-twice" else ("no evaluation result" in outcome.output)
    assert len(mlflow.search_runs(search_all_experiments=True)) == before


def test_missing_mlflow_names_the_extra_to_install(monkeypatch: pytest.MonkeyPatch, results_file: Path) -> None:
    from mb.formats.mlflow import log_results

    monkeypatch.setitem(sys.modules, "mlflow", None)
    _scorer_class.cache_clear()
    try:
        with pytest.raises(ImportError, match=r"pip install '/path/to/morganabench\[mlflow\]'"):
            scorers(judge=LexicalJudge())
        with pytest.raises(ImportError, match=r"pip install '/path/to/morganabench\[mlflow\]'"):
            log_results(results_file)
        outcome = CliRunner().invoke(main, ["export", "mlflow", str(results_file)])
        assert outcome.exit_code == 1
        assert "morganabench[mlflow]" in outcome.output
    finally:
        _scorer_class.cache_clear()


def test_offline_environment_keeps_what_the_user_set(monkeypatch: pytest.MonkeyPatch) -> None:
    from mb.integrations.mlflow import offline_environment

    monkeypatch.delenv("MLFLOW_DISABLE_TELEMETRY", raising=False)
    monkeypatch.setenv("DO_NOT_TRACK", "false")
    assert offline_environment() == {"MLFLOW_DISABLE_TELEMETRY": "true"}
    assert os.environ["MLFLOW_DISABLE_TELEMETRY"] == "true"
    assert os.environ["DO_NOT_TRACK"] == "false"


def test_category_names_that_read_alike_keep_metrics_of_their_own() -> None:
    from mb.formats.mlflow import summary_metrics
    from mb.results import RateStat, Summary

    categories = {
        "team=a/b": RateStat(total=2, passed=2),
        "team/a=b": RateStat(total=4, passed=1, failed=3),
        "team=c": RateStat(total=1, passed=0, failed=1),
    }
    metrics = summary_metrics(Summary(total=7, by_category=categories))
    rates = {key: value for key, value in metrics.items() if key.startswith("category/")}
    assert len(rates) == 3
    assert sorted(rates.values()) == [0.0, 0.25, 1.0]
    assert rates["category/team/c/pass_rate"] == 0.0  # a name that collides with nothing stays readable
    assert all(key.startswith("category/team/a/b-") for key in rates if key != "category/team/c/pass_rate")
    again = summary_metrics(Summary(total=7, by_category=dict(reversed(categories.items()))))
    assert {k: v for k, v in again.items() if k.startswith("category/")} == rates  # stable whatever the order


def test_summary_metrics_count_undecided_apart() -> None:
    from mb.formats.mlflow import summary_metrics
    from mb.results import RateStat, Summary

    free_text = RateStat(total=3, passed=1, failed=1, undecided=1)
    metrics = summary_metrics(Summary(total=3, passed=1, failed=1, undecided=1, by_matcher={"free_text": free_text}))
    assert (metrics["passed"], metrics["failed"], metrics["undecided"]) == (1.0, 1.0, 1.0)
    assert metrics["matcher/free_text/undecided"] == 1.0


def test_the_judge_parameter_comes_from_the_run_record(mlflow_store: str, tmp_path: Path) -> None:
    from mlflow import MlflowClient

    from mb.formats.mlflow import log_results
    from tests.results.helpers import EXECUTED, run_eval

    results = tmp_path / "results.jsonl"
    assert run_eval(str(EXECUTED), "-o", str(results), "--metrics", "none").exit_code == 0  # no metric names it
    run_id = log_results(results, experiment="judges")
    assert MlflowClient(mlflow_store).get_run(run_id).data.params["judge"] == "lexical"


def test_logged_table_loads_without_setting_the_experiment(
    mlflow_store: str, results_file: Path, bundled_results: list[ExampleResult], monkeypatch: pytest.MonkeyPatch
) -> None:
    import mlflow
    import mlflow.tracking.fluent as fluent
    from mlflow import MlflowClient

    from mb.formats.mlflow import TABLE_FILE, load_table, log_results

    monkeypatch.setattr(fluent, "_active_experiment_id", None)  # restored afterwards: other tests pick their own
    monkeypatch.delenv("MLFLOW_EXPERIMENT_ID", raising=False)
    run_id = log_results(results_file, experiment="tables")
    experiment_id = MlflowClient().get_run(run_id).info.experiment_id
    assert "MLFLOW_EXPERIMENT_ID" not in os.environ  # active in this process only, not in its child processes
    assert experiment_id != fluent.default_experiment_registry.get_experiment_id()
    table = mlflow.load_table(TABLE_FILE, run_ids=[run_id])  # no mlflow.set_experiment by the user
    assert list(table["line"]) == [r.line for r in bundled_results]
    assert list(table["passed"]) == [r.passed for r in bundled_results]

    monkeypatch.setattr(fluent, "_active_experiment_id", None)  # another process: nothing active
    elsewhere = load_table(run_id, tracking_uri=mlflow_store)
    assert list(elsewhere["line"]) == [r.line for r in bundled_results]
    assert set(elsewhere["run_id"]) == {run_id}


def test_export_with_the_executed_benchmark_logs_one_trace_per_example(
    mlflow_store: str, results_file: Path, bundled_executed: Path, bundled_results: list[ExampleResult]
) -> None:
    import mlflow
    from mlflow import MlflowClient

    from mb.formats.mlflow import log_results

    run_id = log_results(results_file, tracking_uri=mlflow_store, experiment="traced", executed=bundled_executed)
    run = MlflowClient(mlflow_store).get_run(run_id)
    assert run.info.status == "FINISHED"
    traces = mlflow.search_traces(locations=[run.info.experiment_id], run_id=run_id, return_type="list")
    assert len(traces) == len(bundled_results)
    by_line = {t.data.spans[0].attributes["mb.line"]: t for t in traces}
    assert set(by_line) == {r.line for r in bundled_results}
    first = rows(bundled_executed)[0]
    trace = by_line[bundled_results[0].line]
    root, *children = trace.data.spans
    assert root.span_type == "AGENT"
    assert root.inputs == first["inputs"]
    assert root.outputs["response"] == first["outputs"]["response"]
    assert root.attributes["mb.passed"] is bundled_results[0].passed
    assert root.attributes["mb.example_hash"] == bundled_results[0].example_hash
    calls = [e for e in first["outputs"]["trace"] if e["event"] == "tool_call"]
    tools = [span for span in children if span.span_type == "TOOL"]
    assert [(s.name, s.inputs) for s in tools] == [(c["tool"], c["params"]) for c in calls]
    assert tools[0].outputs == first["outputs"]["trace"][1]["result"]


def test_traces_logged_to_another_store_leave_the_process_store_alone(
    mlflow_store: str, tmp_path: Path, results_file: Path, bundled_executed: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import mlflow
    import mlflow.tracking.fluent as fluent
    from mlflow import MlflowClient

    from mb.formats.mlflow import load_table, log_results

    monkeypatch.setattr(fluent, "_active_experiment_id", None)
    monkeypatch.delenv("MLFLOW_EXPERIMENT_ID", raising=False)
    monkeypatch.delenv("MLFLOW_TRACKING_URI")  # the store comes from the URI set in this process, not inherited
    mlflow.set_tracking_uri(mlflow_store)
    monkeypatch.delenv("MLFLOW_TRACKING_URI", raising=False)  # set_tracking_uri passes it on; a user may unset it
    other = f"sqlite:///{tmp_path / 'other.db'}"
    run_id = log_results(results_file, tracking_uri=other, experiment="elsewhere", executed=bundled_executed)
    assert mlflow.get_tracking_uri() == mlflow_store
    assert fluent._active_experiment_id is None
    # nothing passed on to child processes: neither the other store nor its experiment
    assert "MLFLOW_EXPERIMENT_ID" not in os.environ
    assert "MLFLOW_TRACKING_URI" not in os.environ
    table = load_table(run_id, tracking_uri=other)  # read from the other store while the process's is another
    assert len(table) == len(rows(bundled_executed))
    assert mlflow.get_tracking_uri() == mlflow_store
    experiment_id = MlflowClient(other).get_run(run_id).info.experiment_id
    mlflow.set_tracking_uri(other)
    try:
        traces = mlflow.search_traces(locations=[experiment_id], run_id=run_id, return_type="list")
    finally:
        mlflow.set_tracking_uri(mlflow_store)
    assert len(traces) == len(rows(bundled_executed))


def test_facts_and_guidelines_reach_mlflow_under_its_own_names(mlflow_store: str, tmp_path: Path) -> None:
    import mlflow

    from mb.evaluation import evaluate
    from mb.formats.mlflow import load_table, log_results

    line = {
        "inputs": {"messages": [{"role": "user", "content": "When is the meeting?"}]},
        "expectations": {"expected_facts": ["The meeting is at 3pm"], "guidelines": ["Be brief"]},
        "outputs": {"response": "The meeting is at 3pm.", "trace": []},
    }
    executed = tmp_path / "executed.jsonl"
    executed.write_bytes(orjson.dumps(line) + b"\n")
    run_id = log_results(evaluate(executed, judge="lexical"), tracking_uri=mlflow_store, executed=executed)
    (trace,) = mlflow.search_traces(run_id=run_id, return_type="list")
    expectations = {a.name: a.value for a in trace.info.assessments if a.expectation is not None}
    assert expectations == {"expected_facts": ["The meeting is at 3pm"], "guidelines": ["Be brief"]}
    table = load_table(run_id, tracking_uri=mlflow_store)
    assert list(table["expected_facts"]) == [["The meeting is at 3pm"]]
    assert list(table["guidelines"]) == [["Be brief"]]


def test_categories_whose_names_read_as_paths_are_logged_under_names_mlflow_takes(
    mlflow_store: str, tmp_path: Path
) -> None:
    """MLflow refuses a metric name that reads as another path (``..``, ``.``, an empty part): such a category gets a
    readable name of its own all the same."""
    from mlflow.tracking import MlflowClient

    from mb.evaluation import evaluate
    from mb.formats.mlflow import log_results

    values = ["../../etc/passwd", "a//b/", ".", "plain"]
    executed = tmp_path / "executed.jsonl"
    executed.write_bytes(
        b"".join(
            orjson.dumps(
                {
                    "inputs": {
                        "messages": [{"role": "user", "content": "Hi"}],
                        "metadata": {"categories": {"probe": v}},
                    },
                    "expectations": {"expected_response": "Hello"},
                    "outputs": {"response": "Hello", "trace": []},
                }
            )
            + b"\n"
            for v in values
        )
    )
    run_id = log_results(evaluate(executed, judge="lexical"), tracking_uri=mlflow_store)
    metrics = MlflowClient(mlflow_store).get_run(run_id).data.metrics
    assert sorted(key for key in metrics if key.startswith("category/")) == [
        "category/probe/_/pass_rate",
        "category/probe/__/__/etc/passwd/pass_rate",
        "category/probe/a/_/b/_/pass_rate",
        "category/probe/plain/pass_rate",
    ]

"""Evaluation where the judge is not (a worker process): a line whose verdict needs no judge question gets the result
the judge's process gives it; a line that needs one is left to that process."""

from __future__ import annotations

import copy
from typing import Any

import anyio
import orjson
import pytest

from mb.data import example_lines
from mb.entities import Example
from mb.evaluation import evaluate_example
from mb.evaluation._engine import evaluate_without_judge
from mb.evaluation._example import MetricPlan
from mb.judges.base import JudgeTask
from mb.judges.lexical import LexicalJudge
from mb.metrics import METRICS, Metric, MetricSpec

NO_METRICS = MetricPlan((), ())
DEFAULT_METRICS = MetricPlan()
LEXICAL = LexicalJudge()
GRADED = frozenset(task for task in JudgeTask if LEXICAL.supports(task))


def _document(response: str = "Done.", value: Any = 2) -> dict[str, Any]:
    return {
        "inputs": {"messages": [{"role": "user", "content": "Search twice."}], "tools": ["search"]},
        "expectations": {
            "assertions": [
                {
                    "assert_that": "tool_called",
                    "tool": "search",
                    "parameters": [{"param": "n", "matcher": {"match_as": "equality", "value": 2}}],
                }
            ]
        },
        "outputs": {
            "response": response,
            "trace": [
                {"event": "tool_call", "id": "c1", "tool": "search", "params": {"n": value}},
                {"event": "tool_result", "id": "c1", "result": "ok"},
            ],
        },
    }


def _alone(document: dict[str, Any], plan: MetricPlan = NO_METRICS, graded: frozenset[JudgeTask] = GRADED) -> Any:
    return evaluate_without_judge(Example.model_validate(document), 1, plan, graded)


def _with_judge(document: dict[str, Any], plan: MetricPlan) -> dict[str, Any]:
    async def main() -> Any:
        selected = None if plan.selected is None else [spec.name for spec in plan.selected]
        return await evaluate_example(Example.model_validate(document), judge=LEXICAL, metrics=selected)

    return orjson.loads(anyio.run(main).model_dump_json())  # type: ignore[no-any-return]


@pytest.mark.parametrize("plan", [NO_METRICS, DEFAULT_METRICS], ids=["no metric", "default metrics"])
@pytest.mark.parametrize("value", [2, 2.0, 3, True, "2"])
def test_a_line_without_judge_questions_gets_the_result_the_judges_process_gives(plan: MetricPlan, value: Any) -> None:
    document = _document(value=value)
    row = _alone(document, plan)
    assert row is not None
    assert row["passed"] is (value == 2 and value is not True)
    assert orjson.loads(orjson.dumps(row)) == _with_judge(document, plan)


def test_default_metrics_that_only_an_llm_grades_are_skipped_without_asking() -> None:
    document = _document()
    row = _alone(document, DEFAULT_METRICS)
    assert row is not None
    assert list(row["metrics"]) == ["relevance", "coherence", "groundedness"]  # tool results are context
    assert all(m["status"] == "skipped" and m["details"] == {"needs": "llm_judge"} for m in row["metrics"].values())
    document["outputs"]["trace"] = [e for e in document["outputs"]["trace"] if e["event"] != "tool_result"]
    document["expectations"]["assertions"] = []
    row = _alone(document, DEFAULT_METRICS)
    assert row is not None
    assert list(row["metrics"]) == ["relevance", "coherence"]


def test_every_published_example_without_a_judge_question_passes_alone() -> None:
    taken = [_alone(document) for document in example_lines(executed=True)]
    assert any(row is not None for row in taken)
    assert all(row is None or row["status"] in ("passed", "failed") for row in taken)


@pytest.mark.parametrize(
    ("change", "plan"),
    [
        (lambda d: d["expectations"].__setitem__("expected_response", "It is done."), NO_METRICS),
        (
            lambda d: d["expectations"]["assertions"][0]["parameters"].append(
                {"param": "n", "matcher": {"match_as": "free_text", "value": "two"}}
            ),
            NO_METRICS,
        ),
        (
            lambda d: d["expectations"]["assertions"][0]["parameters"].append(
                {"param": "n", "matcher": {"match_as": "optional", "default": {"match_as": "free_text", "value": "x"}}}
            ),
            NO_METRICS,
        ),
        (lambda d: None, MetricPlan((MetricSpec("relevance"),))),
    ],
)
def test_lines_needing_a_judge_are_left_to_the_judges_process(change: Any, plan: MetricPlan) -> None:
    document = copy.deepcopy(_document())
    change(document)
    assert _alone(document, plan, graded=frozenset(JudgeTask)) is None


def test_an_llm_judge_or_a_metric_of_ones_own_leaves_default_metrics_to_the_judges_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from mb.evaluation._engine import make_evaluator

    assert _alone(_document(), DEFAULT_METRICS) is not None
    assert _alone(_document(), DEFAULT_METRICS, graded=frozenset(JudgeTask)) is None  # an LLM judge grades them
    monkeypatch.setitem(METRICS, "tone", Metric("tone", "Politeness.", 0.5, lambda e: True, lambda e, c, s: None))  # type: ignore[arg-type,return-value]
    graded = make_evaluator("lexical").graded  # a worker started afresh would not know the metric: it asks
    assert _alone(_document(), DEFAULT_METRICS, graded=graded) is None

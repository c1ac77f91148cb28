"""The evaluator's fast path over parsed lines gives exactly what the model path gives, and takes only the lines
whose verdict needs no judge and no metric."""

from __future__ import annotations

import copy
import json
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mb.data import example_lines
from mb.entities import Example
from mb.evaluation._example import MetricPlan, evaluate_plain, evaluate_with
from mb.io._proof import prove
from mb.judges.base import JudgeTask
from mb.judges.lexical import LexicalJudge
from mb.matching import MatchContext
from mb.metrics import METRICS, Metric, MetricSpec
from mb.results import ExampleResult
from tests.conftest import spec_lines

NO_METRICS = MetricPlan((), ())


def _deterministic(document: dict[str, Any]) -> dict[str, Any]:
    """The example without what needs a judge: expected_response and free-text parameters."""
    document = copy.deepcopy(document)
    document["expectations"].pop("expected_response", None)
    for assertion in document["expectations"].get("assertions", []):
        assertion["parameters"] = [
            p
            for p in assertion.get("parameters", [])
            if "free_text" not in (p["matcher"]["match_as"], p["matcher"].get("default", {}).get("match_as"))
        ]
    return document


SEEDS = [_deterministic(d) for d in [*example_lines(executed=True), *spec_lines("examples-executed.jsonl")]]
TOOLS = sorted({e["tool"] for d in SEEDS for e in d["outputs"].get("trace", []) if e["event"] == "tool_call"})

_scalar = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.integers(2**63, 2**64 - 1),  # beyond a signed 64-bit integer, within what a line may hold
    st.floats(-10, 10, allow_nan=False),
    st.sampled_from(["5", "EUR", "dana.scully@example.com", "Dana <DANA.SCULLY@example.com>", "high", "2024-02-09"]),
    st.sampled_from(["2024-02-09T14:00:00", "2024-02-02T09:00:00-08:00", "tomorrow", "", "é"]),
)
_value = st.one_of(_scalar, st.lists(_scalar, max_size=2), st.dictionaries(st.sampled_from(["a", "b"]), _scalar))
_user_times = st.sampled_from(
    [None, "2024-02-01T09:15:00", "2024-02-01T09:15:00Z", "2024-02-01T09:15:00+05:30", "2024-06-30T23:59:59-07:00"]
)


def _calls(document: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in document["outputs"].setdefault("trace", []) if e["event"] == "tool_call"]


@st.composite
def variants(draw: st.DrawFn) -> dict[str, Any]:
    document = copy.deepcopy(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(0, 4))):
        calls = _calls(document)
        trace = document["outputs"]["trace"]
        action = draw(
            st.sampled_from(["param", "drop", "call", "rename", "result", "tools", "time", "expected", "category"])
        )
        if action == "param" and calls:
            call = draw(st.sampled_from(calls))
            names = [*call["params"], "limit", "priority", "to", "start_time", "cc"]
            call["params"][draw(st.sampled_from(names))] = draw(_value)
        elif action == "drop" and calls:
            call = draw(st.sampled_from(calls))
            if call["params"]:
                del call["params"][draw(st.sampled_from(sorted(call["params"])))]
        elif action == "call":
            source = copy.deepcopy(draw(st.sampled_from(calls))) if calls else {"event": "tool_call", "params": {}}
            source.update(id=f"extra_{len(trace)}", tool=draw(st.sampled_from(TOOLS)))
            trace.insert(draw(st.integers(0, len(trace))), source)
        elif action == "rename" and calls:
            draw(st.sampled_from(calls))["tool"] = draw(st.sampled_from(TOOLS))
        elif action == "result":
            ids = [c["id"] for c in calls] + ["nowhere"]
            trace.insert(draw(st.integers(0, len(trace))), {"event": "tool_result", "id": draw(st.sampled_from(ids))})
            trace[-1].setdefault("result", draw(_value))
            for event in trace:
                event.setdefault("result", None) if event["event"] == "tool_result" else None
        elif action == "tools":
            document["inputs"]["tools"] = draw(st.one_of(st.none(), st.lists(st.sampled_from(TOOLS), max_size=3)))
            if document["inputs"]["tools"] is None:
                del document["inputs"]["tools"]
        elif action == "time":
            when = draw(_user_times)
            environment = document["outputs"].setdefault("environment", {})
            if when is None:
                environment.pop("user_time", None)
            else:
                environment["user_time"] = when
        elif action == "expected":
            matchers = [
                p["matcher"]
                for a in document["expectations"].get("assertions", [])
                for p in a.get("parameters", [])
                if p["matcher"]["match_as"] == "equality"
            ]
            if matchers:
                draw(st.sampled_from(matchers))["value"] = draw(
                    st.one_of(st.booleans(), st.integers(-3, 3), st.floats(-3, 3), st.sampled_from(["5", "EUR"]))
                )
        else:
            document["inputs"].setdefault("metadata", {})["categories"] = {"topic": draw(st.sampled_from("abc"))}
    return document


DEFAULT_METRICS = MetricPlan()
LEXICAL = LexicalJudge()
GRADED = frozenset(task for task in JudgeTask if LEXICAL.supports(task))


def _model_row(document: dict[str, Any], plan: MetricPlan = NO_METRICS) -> dict[str, Any]:
    example = Example.model_validate(document)
    environment = example.outputs.environment if example.outputs else None

    def no_judge(request: Any) -> Any:
        raise AssertionError(f"a judge was asked: {request}")

    ctx = MatchContext(no_judge, environment.user_time if environment else None, LEXICAL.supports)
    return evaluate_with(example, 1, ctx, plan)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variants(), st.sampled_from([NO_METRICS, DEFAULT_METRICS]))
def test_the_fast_path_gives_what_the_model_path_gives(document: dict[str, Any], plan: MetricPlan) -> None:
    proven = prove(json.dumps(document).encode(), executed=True)
    assert proven is not None, document
    row = evaluate_plain(proven, 1, plan, GRADED)
    if row is None:  # only the default metrics have lines to leave: those where a metric has work to do
        assert plan is DEFAULT_METRICS
        return
    assert orjson.dumps(row) == orjson.dumps(_model_row(document, plan))
    # what is written is exactly the result model's JSON
    assert orjson.loads(ExampleResult.model_validate(row).model_dump_json()) == row


def _plain(
    document: dict[str, Any], plan: MetricPlan = NO_METRICS, graded: frozenset[JudgeTask] = GRADED
) -> dict[str, Any] | None:
    proven = prove(json.dumps(document).encode(), executed=True)
    assert proven is not None
    return evaluate_plain(proven, 1, plan, graded)


def test_default_metrics_that_only_an_llm_grades_are_skipped_on_the_fast_path() -> None:
    document = copy.deepcopy(SEEDS[0])
    row = _plain(document, DEFAULT_METRICS)
    assert row is not None
    assert list(row["metrics"]) == ["relevance", "coherence", "groundedness"]  # tool results are context
    assert all(m["status"] == "skipped" and m["details"] == {"needs": "llm_judge"} for m in row["metrics"].values())
    assert orjson.dumps(row) == orjson.dumps(_model_row(document, DEFAULT_METRICS))
    document["outputs"]["trace"] = [e for e in document["outputs"]["trace"] if e["event"] != "tool_result"]
    row = _plain(document, DEFAULT_METRICS)
    assert row is not None
    assert list(row["metrics"]) == ["relevance", "coherence"]
    document["inputs"]["context"] = "The capital of France is Paris."
    assert list(_plain(document, DEFAULT_METRICS)["metrics"]) == ["relevance", "coherence", "groundedness"]  # type: ignore[index]


def test_every_seed_is_taken_and_some_variants_fail() -> None:
    rows = [_plain(document) for document in SEEDS]
    assert all(row is not None and row["passed"] for row in rows)


@pytest.mark.parametrize(
    ("change", "plan"),
    [
        (lambda d: d["expectations"].__setitem__("expected_response", "It is done."), NO_METRICS),
        (
            lambda d: d["expectations"]["assertions"][0]["parameters"].append(
                {"param": "query", "matcher": {"match_as": "free_text", "value": "the king"}}
            ),
            NO_METRICS,
        ),
        (
            lambda d: d["expectations"]["assertions"][0]["parameters"].append(
                {
                    "param": "query",
                    "matcher": {"match_as": "optional", "default": {"match_as": "free_text", "value": "x"}},
                }
            ),
            NO_METRICS,
        ),
        (lambda d: d["outputs"].__setitem__("error", {"type": "TimeoutError", "message": "slow"}), NO_METRICS),
        (lambda d: None, MetricPlan((), (MetricSpec("citations"),))),
        (lambda d: None, MetricPlan((MetricSpec("relevance"),))),
        # default metrics with work to do: citations, retrieval
        (lambda d: d["outputs"].__setitem__("response", "Charles III reigns [1]."), DEFAULT_METRICS),
        (lambda d: d["outputs"].__setitem__("citations", []), DEFAULT_METRICS),
        (
            lambda d: d["outputs"]["trace"].append(
                {"event": "retriever", "outputs": [{"id": "doc_1", "page_content": "Charles III"}]}
            ),
            DEFAULT_METRICS,
        ),
        (
            lambda d: d["inputs"].__setitem__("metadata", {"turns": [{"categories": {}, "resources": ["doc_1"]}]}),
            DEFAULT_METRICS,
        ),
    ],
)
def test_lines_needing_a_judge_or_a_metric_are_left_to_the_model_path(change: Any, plan: MetricPlan) -> None:
    document = copy.deepcopy(SEEDS[0])
    change(document)
    assert _plain(document, plan) is None


def test_an_llm_judge_or_a_metric_of_ones_own_sends_default_metrics_to_the_model_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    document = SEEDS[0]
    assert _plain(document, DEFAULT_METRICS) is not None
    assert _plain(document, DEFAULT_METRICS, graded=frozenset(JudgeTask)) is None  # an LLM judge grades them
    monkeypatch.setitem(METRICS, "tone", Metric("tone", "Politeness.", 0.5, lambda e: True, lambda e, c, s: None))  # type: ignore[arg-type,return-value]
    assert _plain(document, DEFAULT_METRICS) is None  # its rules are its own


def test_a_built_in_metric_replaced_or_removed_sends_default_metrics_to_the_model_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    document = SEEDS[0]
    own = Metric("relevance", "Mine.", 3.0, lambda e: True, lambda e, c, s: None)  # type: ignore[arg-type,return-value]
    monkeypatch.setitem(METRICS, "relevance", own)
    assert _plain(document, DEFAULT_METRICS) is None
    monkeypatch.undo()
    monkeypatch.delitem(METRICS, "coherence")
    assert _plain(document, DEFAULT_METRICS) is None


def test_each_fast_result_has_its_own_metric_objects() -> None:
    first, second = _plain(SEEDS[0], DEFAULT_METRICS), _plain(SEEDS[0], DEFAULT_METRICS)
    assert first is not None
    assert second is not None
    first["metrics"]["relevance"]["details"]["seen"] = True
    assert second["metrics"]["relevance"]["details"] == {"needs": "llm_judge"}
    assert _plain(SEEDS[0], DEFAULT_METRICS)["metrics"]["relevance"]["details"] == {"needs": "llm_judge"}  # type: ignore[index]

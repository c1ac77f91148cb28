"""The fast path's shortcuts decide what the general rules decide: the built-in metric registry (by identity),
citation markers in the response, the verdict of a line whose every check passed."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import orjson
import pytest

from mb.entities import Example
from mb.evaluation._example import MetricPlan, _finish, built_in_metrics_only, evaluate_plain
from mb.io._proof import prove
from mb.metrics import METRICS


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


def _plain(document: dict[str, Any], plan: MetricPlan) -> dict[str, Any] | None:
    proven = prove(json.dumps(document).encode(), executed=True)
    assert proven is not None
    Example.model_validate(document)
    return evaluate_plain(proven, 1, plan)


def test_a_metric_replaced_by_an_equal_copy_is_no_longer_the_built_in_one(monkeypatch: pytest.MonkeyPatch) -> None:
    assert built_in_metrics_only()
    assert _plain(_document(), MetricPlan()) is not None
    copy = dataclasses.replace(METRICS["coherence"])
    assert copy == METRICS["coherence"]  # equal as dataclasses, but not the registered object
    monkeypatch.setitem(METRICS, "coherence", copy)
    assert not built_in_metrics_only()
    assert _plain(_document(), MetricPlan()) is None


@pytest.mark.parametrize(
    ("response", "taken"),
    [
        ("Found it 【4:0†source】.", False),
        ("Found it [2].", False),
        ("See [the page](https://example.com/x).", False),
        ("Found [it] in 2 places.", True),
        ("Found it: a 【 bracket.", True),
        ("Found it, no marker.", True),
    ],
)
def test_citation_markers_send_default_metrics_to_the_model_path(response: str, taken: bool) -> None:
    row = _plain(_document(response), MetricPlan())
    assert (row is not None) is taken
    assert _plain(_document(response), MetricPlan((), ())) is not None  # no metric: nothing to do either way


@pytest.mark.parametrize("plan", [MetricPlan(), MetricPlan((), ())], ids=["default metrics", "no metric"])
@pytest.mark.parametrize("value", [2, 2.0, 3, True, "2"])
def test_the_result_is_the_one_the_verdict_gives(plan: MetricPlan, value: Any) -> None:
    row = _plain(_document(value=value), plan)
    assert row is not None
    general = _finish(1, row["assertions"], row["checks"], row["metrics"], row["categories"])
    assert orjson.dumps(row) == orjson.dumps(general)
    assert row["passed"] is (value == 2 and value is not True)

"""Which evaluators run (defaults, extend, replace), their metrics, and the score shapes written."""

from __future__ import annotations

from typing import Any

import pytest

from mb.entities import Outputs
from mb.formats.m365 import MetricRequest, effective_evaluators, metric_requests
from mb.formats.m365.scores import m365_citations, score_entry
from mb.results import MetricResult

from .helpers import validator


def test_system_defaults_apply_when_the_document_has_none() -> None:
    assert effective_evaluators(None, None, None) == {"Relevance": {}, "Coherence": {}}
    assert effective_evaluators({}, None, None) == {}, "an explicit empty default set is respected"


def test_extend_adds_and_overrides_options() -> None:
    defaults = {"Relevance": {}, "Coherence": {"threshold": 4}}
    own = {"Citations": {"citation_format": "mixed"}, "Coherence": {"threshold": 2}}
    assert effective_evaluators(defaults, own, "extend") == {
        "Relevance": {},
        "Coherence": {"threshold": 2},
        "Citations": {"citation_format": "mixed"},
    }
    assert effective_evaluators(defaults, own, None) == effective_evaluators(defaults, own, "extend")


def test_replace_ignores_the_defaults() -> None:
    assert effective_evaluators({"Relevance": {}}, {"ExactMatch": {"case_sensitive": False}}, "replace") == {
        "ExactMatch": {"case_sensitive": False}
    }
    assert effective_evaluators({"Relevance": {}}, None, "replace") == {}


def test_metric_mapping_thresholds_and_options() -> None:
    requests, not_run = metric_requests(
        {
            "Relevance": {},
            "Groundedness": {"threshold": 4},
            "Citations": {"citation_format": "bracket"},
            "ExactMatch": {"case_sensitive": True},
            "PartialMatch": {"threshold": 0.7},
            "Similarity": {},
            "Coherence": {},
            "RetrievalQuery": {"capability": "Email", "selector": "q"},
            "myCustom": {},
        }
    )
    by_name = {r.evaluator: r for r in requests}
    assert {name: (r.metric, r.score_key, r.threshold) for name, r in by_name.items()} == {
        "Relevance": ("relevance", "relevance", 3.0),
        "Groundedness": ("groundedness", "groundedness", 4.0),
        "Citations": ("citations", "citations", 1.0),
        "ExactMatch": ("exact_match", "exactMatch", None),
        "PartialMatch": ("partial_match", "partialMatch", 0.7),
        "Similarity": ("similarity", "similarity", 3.0),
        "Coherence": ("coherence", "coherence", 3.0),
    }
    assert by_name["Citations"].options == {"citation_format": "bracket"}
    assert by_name["ExactMatch"].options == {"case_sensitive": True}
    assert set(not_run) == {"RetrievalQuery", "myCustom"}
    assert "not supported" in not_run["myCustom"]


def _request(name: str, **options: Any) -> MetricRequest:
    (request,), _ = metric_requests({name: options})
    return request


def _valid(key: str, entry: dict[str, Any]) -> None:
    """The entry validates as the ``scores`` entry ``key`` of a 1.7.0 item."""
    document = {"schemaVersion": "1.7.0", "items": [{"prompt": "p", "scores": {key: entry}}]}
    errors = [e.message for e in validator().iter_errors(document)]
    assert not errors, errors


def test_graded_scores_pass_at_the_threshold() -> None:
    entry = score_entry(_request("Relevance", threshold=4), MetricResult(value=4.0, threshold=3.0, reason="ok"))
    assert entry is not None
    assert entry["result"] == "pass"
    assert entry["threshold"] == 4.0
    assert entry["score"] == 4.0
    _valid("relevance", entry)
    below = score_entry(_request("Similarity"), MetricResult(value=2.99, passed=True, reason="close"))
    assert below is not None
    assert below["result"] == "fail", "the item's threshold (3) decides"


def test_a_match_computed_another_way_than_the_document_asks_is_not_written_as_its_verdict() -> None:
    ignoring_case = MetricResult(value=1.0, passed=True, reason="contains it (ignoring case)", details={})
    for name in ("ExactMatch", "PartialMatch"):
        entry = score_entry(_request(name, case_sensitive=True), ignoring_case)
        assert entry is not None
        assert entry["result"] == "error"
        assert "computed ignoring case but the document asks case_sensitive: true" in entry["error"]
        _valid("exactMatch" if name == "ExactMatch" else "partialMatch", entry)
    strict = MetricResult(value=0.0, passed=False, reason="no", details={"case_sensitive": True})
    assert score_entry(_request("ExactMatch"), strict) == {
        "result": "error",
        "error": "Evaluator not run: exact_match was computed case-sensitive but the document asks case_sensitive: "
        "false (`mb runevals` computes it the document's way)",
    }
    same = score_entry(_request("ExactMatch", case_sensitive=True), strict)
    assert same is not None
    assert same["result"] == "fail"


def test_exact_partial_and_citation_shapes() -> None:
    exact = score_entry(_request("ExactMatch"), MetricResult(value=0.0, passed=False, reason="no"))
    assert exact == {"match": False, "result": "fail", "reason": "no", "evaluator": "morganabench.exact_match"}
    _valid("exactMatch", exact)
    partial = score_entry(_request("PartialMatch"), MetricResult(value=0.5, reason="half"))
    assert partial is not None
    assert partial["result"] == "pass"
    assert partial["threshold"] == 0.5
    _valid("partialMatch", partial)
    citations = score_entry(
        _request("Citations", threshold=2, citation_format="bracket"),
        MetricResult(value=1.0, details={"format": "bracket"}),
        [{"index": 1, "text": "x", "source": "doc"}],
    )
    assert citations is not None
    assert (citations["count"], citations["threshold"], citations["result"]) == (1, 2, "fail")
    assert citations["format"] == "bracket"
    assert citations["citations"][0]["source"] == "doc"
    _valid("citations", citations)


def test_an_errored_metric_becomes_an_errored_score_and_a_skipped_one_none() -> None:
    errored = score_entry(_request("Coherence"), MetricResult(status="error", reason="the llm judge failed: 429"))
    assert errored == {"result": "error", "error": "Evaluator failed: the llm judge failed: 429"}
    _valid("coherence", errored)
    assert score_entry(_request("Coherence"), MetricResult(status="skipped", reason="needs an LLM judge")) is None
    assert score_entry(_request("Coherence"), None) is None


@pytest.mark.parametrize("value", [0.2, 7.5])
def test_out_of_range_grades_are_clamped_to_the_schema(value: float) -> None:
    entry = score_entry(_request("Coherence"), MetricResult(value=value))
    assert entry is not None
    _valid("coherence", entry)


def test_citations_of_outputs_use_the_m365_shape() -> None:
    outputs = Outputs.model_validate(
        {
            "response": "Paris is the capital.",
            "trace": [{"event": "retriever", "outputs": [{"id": "d1", "page_content": "Paris..."}]}],
            "citations": [
                {"document_id": "d1", "span_from": 0, "span_to": 5},
                {"document_id": "d1", "span_from": 10, "span_to": 99},
            ],
        }
    )
    assert m365_citations(outputs) == [
        {"index": 1, "text": "Paris", "source": "d1", "span": [0, 5]},
        {"index": 2, "source": "d1", "span": [10, 99]},
    ]

"""Response-level metrics: exact/partial match, judged grades, citations and retrieval."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from mb.entities import Example
from mb.evaluation import evaluate
from mb.judges.base import JudgeRequest, JudgeTask, Verdict
from mb.metrics import find_citation_markers
from tests.support.judges import FailingJudge, ScriptedJudge

ALL_TASKS = tuple(JudgeTask)


def _example(response: str, expected: str | None = "Paris is the capital of France.", **outputs: Any) -> Example:
    document: dict[str, Any] = {
        "inputs": {"messages": [{"role": "user", "content": "What is the capital of France?"}]},
        "expectations": {"expected_response": expected} if expected else {},
        "outputs": {"response": response, **outputs},
    }
    return Example.model_validate(document)


def _metrics(example: Example, judge: ScriptedJudge | None = None, **kw: Any) -> dict[str, Any]:
    return evaluate([example], judge=judge or ScriptedJudge(), **kw).results[0].metrics


def test_exact_match_is_the_whole_response_trimmed_ignoring_case_by_default() -> None:
    assert _metrics(_example("  PARIS is the capital of france.\n"))["exact_match"].passed
    for response in ("Well: Paris is the capital of France. Anything else?", "Paris is the capital."):
        assert not _metrics(_example(response))["exact_match"].passed, response
    for expected, response in (("42", "The answer is 420."), ("No", "I don't know."), ("Paris", "Not Paris.")):
        metric = _metrics(_example(response, expected=expected))["exact_match"]
        assert (metric.passed, metric.reason) == (False, "the response is not the expected response (trimmed, "
                                                  "ignoring case)"), response  # fmt: skip


def test_partial_match_is_the_share_of_expected_content_words_found() -> None:
    metric = _metrics(_example("Paris is the capital."))["partial_match"]
    assert metric.value == pytest.approx(2 / 3, abs=1e-4)  # paris and capital of paris, capital, france
    assert metric.passed
    assert metric.threshold == 0.5
    assert "2 of 3" in metric.reason


def test_partial_match_counts_no_function_word_two_sentences_share() -> None:
    other = _metrics(_example("The capital of Italy is Rome."))["partial_match"]
    assert (other.value, other.passed) == (pytest.approx(1 / 3, abs=1e-4), False)
    only_function_words = _metrics(_example("It is.", expected="It is as it was."))["partial_match"]
    assert only_function_words.value == 0.4  # nothing but function words: they are what is compared, 2 of 5


@pytest.mark.parametrize(
    ("expected", "response"),
    [
        ("Turn the alarm off", "Turn the alarm on"),
        ("Refund only the first item", "Refund all of the first item"),
        ("Delete all files", "Delete the files"),
        ("Move the money to savings", "Move the money from savings"),
        ("Do not cancel the order", "Do cancel the order"),
        ("Call me before noon", "Call me after noon"),
    ],
)
def test_partial_match_counts_words_of_polarity_quantity_and_direction(expected: str, response: str) -> None:
    assert _metrics(_example(response, expected=expected))["partial_match"].value < 1.0


@pytest.mark.parametrize("expected", ["!!!", "\U0001f642", " \u2014 "])
def test_partial_match_of_an_expected_response_without_words_is_not_scored(expected: str) -> None:
    metric = _metrics(_example("Totally unrelated text.", expected=expected))["partial_match"]
    assert (metric.status, metric.passed, metric.value) == ("skipped", None, None)


def test_metrics_needing_an_expected_response_are_not_computed_without_one() -> None:
    metrics = _metrics(_example("Paris.", expected=None))
    assert "exact_match" not in metrics
    assert "similarity" not in metrics


def test_llm_only_metrics_are_skipped_with_a_reason_never_invented() -> None:
    metrics = _metrics(_example("Paris."))
    for name in ("relevance", "coherence"):
        assert metrics[name].status == "skipped"
        assert metrics[name].value is None
        assert "LLM judge" in metrics[name].reason


def test_llm_graded_metrics_use_the_rubric_scale() -> None:
    judge = ScriptedJudge(
        lambda r: {JudgeTask.RELEVANCE: 1.0, JudgeTask.COHERENCE: 0.25}.get(r.task, 1.0), tasks=ALL_TASKS
    )
    chunks = [{"event": "retriever", "outputs": [{"id": "d1", "page_content": "Paris is the capital of France."}]}]
    metrics = _metrics(_example("Paris.", trace=chunks), judge)
    assert (metrics["relevance"].value, metrics["relevance"].passed) == (5.0, True)
    assert (metrics["coherence"].value, metrics["coherence"].passed) == (2.0, False)
    assert metrics["groundedness"].status == "ok"
    grounded = next(r for r in judge.asked if r.task is JudgeTask.GROUNDEDNESS)
    assert "[d1] Paris is the capital of France." in grounded.reference


def test_citation_spans_are_checked_and_support_is_judged() -> None:
    response = "Paris is the capital of France."
    trace = [
        {
            "event": "retriever",
            "outputs": [
                {"id": "d1", "page_content": "Paris is the capital of France. It is its largest city."},
                {"id": "d2", "page_content": "Lyon is known for its food."},
            ],
        }
    ]
    citations = [
        {"document_id": "d1", "span_from": 0, "span_to": 31},
        {"document_id": "d2", "span_from": 0, "span_to": 31},
        {"document_id": "d1", "span_from": 10, "span_to": 99},
    ]
    judge = ScriptedJudge(lambda r: 1.0 if r.candidate.casefold() in r.reference.casefold() else 0.0)
    metric = _metrics(_example(response, trace=trace, citations=citations), judge)["citations"]
    assert metric.value == 1.0  # the one valid, supported citation: the value never counts a bad one
    assert metric.passed is False
    assert metric.details["invalid"] == [{"index": 2, "document_id": "d1", "span_from": 10, "span_to": 99}]
    assert [c["supported"] for c in metric.details["supported"]] == [True, False]
    assert metric.details["coverage"] == 1.0
    assert "outside the response" in metric.reason
    assert "not supported" in metric.reason
    support = [r for r in judge.asked if r.task is JudgeTask.SUPPORT]
    assert JudgeRequest(JudgeTask.SUPPORT, response, "Lyon is known for its food.") in support


def test_valid_supported_citations_pass() -> None:
    trace = [{"event": "retriever", "outputs": [{"id": "d1", "page_content": "Paris is the capital of France."}]}]
    response = "Paris is the capital of France."
    citations = [{"document_id": "d1", "span_from": 0, "span_to": len(response)}]
    judge = ScriptedJudge(lambda r: 1.0)
    metric = _metrics(_example(response, trace=trace, citations=citations), judge)["citations"]
    assert metric.passed
    assert metric.details["coverage"] == 1.0


@pytest.mark.parametrize(
    ("fmt", "text", "expected"),
    [
        ("oai_unicode", "Paris【4:0†source】 is big【4:1†wiki】.", ["【4:0†source】", "【4:1†wiki】"]),
        ("bracket", "Paris [1] and Lyon [^2], see [3](http://x).", ["[1]", "[^2]"]),
        ("markdown", "See [the docs](https://example.com/a) and [1].", ["[the docs](https://example.com/a)"]),
        ("mixed", "A [1] B【1:0†s】 C [x](https://e.com)", ["[1]", "【1:0†s】", "[x](https://e.com)"]),
    ],
)
def test_citation_markers_in_text(fmt: str, text: str, expected: list[str]) -> None:
    assert find_citation_markers(text, fmt) == expected


def test_citation_markers_with_nothing_retrieved_are_no_valid_citations() -> None:
    metric = _metrics(_example("Paris [1] is the capital [2]."), metrics=["citations"])["citations"]
    assert (metric.value, metric.passed, metric.details["invalid"]) == (0.0, False, ["[1]", "[2]"])
    assert metric.details["format"] == "mixed"


def test_retrieval_recall_and_precision_against_turn_resources() -> None:
    example = Example.model_validate(
        {
            "inputs": {
                "messages": [{"role": "user", "content": "Versailles?"}],
                "metadata": {
                    "turns": [{"categories": {}, "resources": ["doc_a", {"doc_id": "doc_b", "path": "b.pdf"}]}]
                },
            },
            "expectations": {},
            "outputs": {
                "response": "r",
                "trace": [
                    {
                        "event": "retriever",
                        "outputs": [
                            {"id": "doc_a", "page_content": "a"},
                            {"id": "x1", "page_content": "x"},
                            {"id": "x2", "page_content": "y", "source": "doc_b"},
                        ],
                    }
                ],
            },
        }
    )
    metric = _metrics(example)["retrieval"]
    assert metric.value == 3.0
    assert metric.details["recall"] == 1.0
    assert metric.details["precision"] == round(2 / 3, 4)
    assert metric.passed


def test_retrieval_reports_missed_resources() -> None:
    example = Example.model_validate(
        {
            "inputs": {
                "messages": [{"role": "user", "content": "q"}],
                "metadata": {"turns": [{"categories": {}, "resources": ["doc_a", "doc_b"]}]},
            },
            "expectations": {},
            "outputs": {
                "response": "r",
                "trace": [{"event": "retriever", "outputs": [{"id": "doc_a", "page_content": "a"}]}],
            },
        }
    )
    metric = _metrics(example)["retrieval"]
    assert metric.details["recall"] == 0.5
    assert not metric.passed
    assert "not retrieved: doc_b" in metric.reason


def test_retrieval_is_an_error_when_the_judge_fails_on_the_sufficiency_that_decides_it() -> None:
    # No resources name the expected documents: whether the chunks suffice decides the metric, so a judge failure
    # there is an error, never a pass on the count of chunks alone.
    example = _example(
        "Paris.", trace=[{"event": "retriever", "outputs": [{"id": "d1", "page_content": "Paris is in France."}]}]
    )
    metric = _metrics(example, FailingJudge(tasks=ALL_TASKS))["retrieval"]
    assert metric.status == "error"
    assert not metric.passed
    assert "connection refused" in metric.reason


class _UnsureOfSupport(ScriptedJudge):
    """A judge that cannot tell whether any span is supported."""

    async def judge(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        return [Verdict(0.6, "cannot tell", self.name, confidence=0.55, undecided=True) for _ in requests]


def test_a_citation_whose_support_the_judge_cannot_tell_is_undecided_not_unsupported() -> None:
    trace = [{"event": "retriever", "outputs": [{"id": "d1", "page_content": "Paris is the capital of France."}]}]
    response = "Paris is the capital of France."
    citations = [{"document_id": "d1", "span_from": 0, "span_to": len(response)}]
    example = _example(response, trace=trace, citations=citations)
    [result] = evaluate([example], judge=_UnsureOfSupport(tasks=ALL_TASKS), require=["citations"]).results
    metric = result.metrics["citations"]
    assert not metric.passed
    assert metric.details["undecided"] is True
    assert "not supported" not in metric.reason
    assert result.status == "undecided"


def test_retrieval_whose_sufficiency_the_judge_cannot_tell_is_undecided_not_insufficient() -> None:
    trace = [{"event": "retriever", "outputs": [{"id": "d1", "page_content": "Paris is the capital of France."}]}]
    example = _example("Paris.", trace=trace)
    [result] = evaluate([example], judge=_UnsureOfSupport(tasks=ALL_TASKS), require=["retrieval"]).results
    metric = result.metrics["retrieval"]
    assert not metric.passed
    assert metric.details["undecided"] is True
    assert metric.details["sufficiency"]["sufficient"] is None
    assert "do not suffice" not in metric.reason
    assert result.status == "undecided"


def test_a_grade_just_under_the_required_threshold_does_not_pass_by_rounding() -> None:
    judge = ScriptedJudge(lambda request: 0.8738)  # grade 4.4952: shown as 4.5, still under a threshold of 4.5
    [result] = evaluate([_example("Paris it is.")], judge=judge, require=["similarity=4.5"]).results
    similarity = result.metrics["similarity"]
    assert similarity.value == 4.5
    assert similarity.passed is False
    assert not result.passed
    assert "4.4952" in similarity.reason


@pytest.mark.parametrize("judge", ["lexical", pytest.param("local", marks=pytest.mark.slow)])
@pytest.mark.parametrize(
    ("response", "chunk", "status"),
    [
        ("Paris is the capital of France.", "Paris is the capital of France. It lies on the Seine.", "passed"),
        ("Berlin is the capital of France.", "Paris is the capital of France. It lies on the Seine.", "undecided"),
        ("The CEO resigned.", "The company denied reports that the CEO resigned.", "undecided"),
        ("The update deletes your files.", "The update may delete your files.", "undecided"),
        ("John Smith is the CEO of Acme.", "John Smith is the former CEO of Acme.", "undecided"),
        ("Rome is the capital of France.", "Paris and Rome are the capitals of France and Italy.", "undecided"),
        ("The bridge was closed in 2020.", "In the novel, the bridge was closed in 2020.", "undecided"),
        ("The CEO resigned last week.", "The allegation that the CEO resigned last week was dismissed.", "undecided"),
        ("The drug cures cancer.", "Analysts speculated that the drug cures cancer.", "undecided"),
        ("500 people attended.", "More than 500 people attended.", "undecided"),
        ("The tickets cost 30 dollars.", "Good news. The tickets cost $30.", "passed"),
    ],
)
def test_a_cited_span_its_chunk_does_not_say_in_its_words_is_undecided_offline(
    judge: str, response: str, chunk: str, status: str
) -> None:
    if judge == "local":
        pytest.importorskip("numpy")
    trace = [{"event": "retriever", "outputs": [{"id": "d1", "page_content": chunk}]}]
    citations = [{"document_id": "d1", "span_from": 0, "span_to": len(response)}]
    example = _example(response, expected=None, trace=trace, citations=citations)
    [result] = evaluate([example], judge=judge, require=["citations"]).results
    metric = result.metrics["citations"]
    [entry] = metric.details["supported"]
    assert metric.passed is (status == "passed"), metric.reason
    assert entry.get("undecided", False) is (status == "undecided")
    assert result.status == status


def test_groundedness_reads_no_failed_tool_call() -> None:
    call = {"event": "tool_call", "id": "c1", "tool": "capital_of", "params": {"country": "France"}}
    failed = {"event": "tool_result", "id": "c1", "result": {"error": "timeout; last known answer: Paris"}}
    judge = ScriptedJudge(lambda r: 1.0, tasks=ALL_TASKS)
    # nothing to ground on: groundedness does not apply, never graded on an error's text
    assert "groundedness" not in _metrics(_example("Paris.", trace=[call, failed]), judge)
    retried = [call, failed, {**call, "id": "c2"}, {"event": "tool_result", "id": "c2", "result": {"capital": "Paris"}}]
    assert _metrics(_example("Paris.", trace=retried), judge)["groundedness"].status == "ok"
    (asked,) = [r for r in judge.asked if r.task is JudgeTask.GROUNDEDNESS]
    assert "[tool result c2]" in asked.reference
    assert "timeout" not in asked.reference


def test_groundedness_reads_a_result_that_may_be_data_about_a_failure() -> None:
    call = {"event": "tool_call", "id": "c1", "tool": "last_payment", "params": {}}
    record = {"event": "tool_result", "id": "c1", "result": {"payment_id": "PM-77", "status": "failed"}}
    judge = ScriptedJudge(lambda r: 1.0, tasks=ALL_TASKS)
    assert _metrics(_example("PM-77 failed.", trace=[call, record]), judge)["groundedness"].status == "ok"
    (asked,) = [r for r in judge.asked if r.task is JudgeTask.GROUNDEDNESS]
    assert "PM-77" in asked.reference

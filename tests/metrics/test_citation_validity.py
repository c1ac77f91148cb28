"""``citations``: a marker or span counts only when it points at a retrieved chunk, a blank span or chunk supports
nothing, a citation made twice counts once, and a marker alone never passes."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mb.cli import main
from mb.entities import Example
from mb.evaluation import evaluate
from mb.judges.base import JudgeRequest, JudgeTask
from mb.judges.lexical import LexicalJudge
from mb.metrics.citations import citations
from mb.results import ExampleResult
from tests.support.judges import ScriptedJudge

PARIS = "Paris is the capital of France."


def _line(response: str, chunks: list[dict[str, Any]] | None, **outputs: Any) -> dict[str, Any]:
    trace = [] if chunks is None else [{"event": "retriever", "outputs": chunks}]
    return {
        "inputs": {"messages": [{"role": "user", "content": "Capital of France?"}]},
        "expectations": {},
        "outputs": {"response": response, "trace": trace, **outputs},
    }


def _evaluate(line: dict[str, Any], require: str = "citations") -> ExampleResult:
    (result,) = evaluate([Example.model_validate(line)], judge=LexicalJudge(), require=[require]).results
    return result


@pytest.mark.parametrize(
    ("response", "chunks"),
    [
        ("Paris is the capital of France [1].", []),  # a retriever event that found nothing
        ("Paris is the capital of France [7].", [{"id": "doc_1", "page_content": "Berlin is in Germany."}]),
        ("The Eiffel tower opened in [1889].", None),  # no retrieval at all: a year in brackets
        ("The tower opened in [1889].", [{"id": "a", "page_content": "x"}, {"id": "b", "page_content": "y"}]),
        ("Paris 【4:0†wiki】.", None),
    ],
)
def test_a_marker_pointing_at_no_retrieved_chunk_fails(response: str, chunks: list[dict[str, Any]] | None) -> None:
    result = _evaluate(_line(response, chunks))
    metric = result.metrics["citations"]
    assert (result.status, metric.passed, metric.value) == ("failed", False, 0.0)
    assert "not a valid citation" in metric.reason


@pytest.mark.parametrize(
    ("response", "chunk"),
    [
        ("Paris is the capital of France [1].", {"id": "doc_1", "page_content": PARIS}),
        ("Paris [2] is the capital [1].", {"id": "doc_2", "page_content": PARIS}),
        (
            "See [the atlas](https://atlas.example/fr).",
            {"id": "d", "url": "https://atlas.example/fr", "page_content": PARIS},
        ),
        ("Paris 【4:0†doc_1】.", {"id": "doc_1", "page_content": PARIS}),
    ],
)
def test_a_marker_pointing_at_a_retrieved_chunk_is_undecided_as_its_support_is_not_checked(
    response: str, chunk: dict[str, Any]
) -> None:
    chunks = [chunk, {"id": "other", "page_content": "Lyon is in France."}]
    result = _evaluate(_line(response, chunks))
    metric = result.metrics["citations"]
    assert (result.status, metric.passed, metric.details["undecided"]) == ("undecided", False, True)
    assert metric.value == len(metric.details["markers"])


@pytest.mark.parametrize("link", ["https://paris.example/", "HTTPS://Paris.Example", "https://paris.example"])
def test_a_link_differing_from_a_chunk_url_by_a_trailing_slash_or_case_points_at_it(link: str) -> None:
    chunks = [{"id": "d", "url": "https://paris.example", "page_content": PARIS}]
    metric = _evaluate(_line(f"Paris is the capital [source]({link}).", chunks)).metrics["citations"]
    assert (metric.value, metric.details["undecided"]) == (1.0, True)


@pytest.mark.parametrize(
    ("link", "points"), [("https://paris.example/city#intro", True), ("https://paris.example/city?v=2", False)]
)
def test_a_link_with_a_fragment_points_at_the_chunk_of_its_document_a_query_does_not(link: str, points: bool) -> None:
    chunks = [{"id": "d", "url": "https://paris.example/city", "page_content": PARIS}]
    metric = _evaluate(_line(f"Paris is the capital [source]({link}).", chunks)).metrics["citations"]
    assert (metric.value, metric.details["count"], "ignored_links" in metric.details) == (points, points, not points)


def test_a_link_naming_no_retrieved_chunk_is_no_citation_marker() -> None:
    chunks = [{"id": "doc_1", "page_content": PARIS}]
    response = "Paris is the capital [1]. See [the city site](https://paris.fr/visit) for visits."
    result = _evaluate(_line(response, chunks))
    metric = result.metrics["citations"]
    assert (result.status, metric.value, metric.details["markers"]) == ("undecided", 1.0, ["[1]"])
    assert metric.details["ignored_links"] == ["[the city site](https://paris.fr/visit)"]
    assert "ignored" in metric.reason
    only_link = _evaluate(_line("See [the atlas](https://atlas.example/fr).", chunks)).metrics["citations"]
    assert (only_link.passed, only_link.value, only_link.details["count"]) == (False, 0.0, 0)
    assert "not a valid citation" not in only_link.reason


def test_a_response_whose_only_marker_is_a_link_with_nothing_retrieved_is_no_citing_response() -> None:
    assert not citations.applies(Example.model_validate(_line("See [the atlas](https://atlas.example/fr).", None)))
    assert citations.applies(Example.model_validate(_line("Paris is the capital [1].", None)))


def test_one_invalid_marker_fails_beside_valid_ones() -> None:
    chunks = [{"id": "doc_1", "page_content": PARIS}]
    metric = _evaluate(_line("Paris [1] since [1889].", chunks)).metrics["citations"]
    assert (metric.passed, metric.value, metric.details["invalid"]) == (False, 1.0, ["[1889]"])
    assert "undecided" not in metric.details


def test_a_marker_repeated_counts_once() -> None:
    chunks = [{"id": "doc_1", "page_content": PARIS}]
    metric = _evaluate(_line("Paris [1] is the capital [1].", chunks), "citations=2").metrics["citations"]
    assert (metric.passed, metric.value) == (False, 1.0)
    assert "fewer than the 2 required" in metric.reason


def test_a_blank_span_citing_a_blank_chunk_is_no_supported_citation() -> None:
    citations = [{"document_id": "doc_1", "span_from": 31, "span_to": 32}]
    line = _line(PARIS + " ", [{"id": "doc_1", "page_content": " "}], citations=citations)
    metric = _evaluate(line).metrics["citations"]
    assert (metric.passed, metric.value) == (False, 0.0)
    assert "blank, citation markers alone or outside the response" in metric.reason


@pytest.mark.parametrize(
    ("response", "chunk", "span"),
    [("\u200b", "\u200b", (0, 1)), (PARIS + "\ufeff", "\ufeff", (31, 32)), (PARIS + " \u200b\u2060", PARIS, (31, 34))],
)
def test_a_span_or_chunk_of_format_characters_is_blank(response: str, chunk: str, span: tuple[int, int]) -> None:
    citations = [{"document_id": "z", "span_from": span[0], "span_to": span[1]}]
    line = _line(response, [{"id": "z", "page_content": chunk}], citations=citations)
    judge = ScriptedJudge(lambda request: 1.0, tasks=tuple(JudgeTask))
    (result,) = evaluate([Example.model_validate(line)], judge=judge, require=["citations"]).results
    assert (result.status, result.metrics["citations"].value) == ("failed", 0.0)


@pytest.mark.parametrize(("candidate", "reference"), [(" ", " "), ("", "\n"), (PARIS, " "), (PARIS, "\u200b\ufeff")])
def test_a_blank_text_supports_nothing(candidate: str, reference: str) -> None:
    (verdict,) = asyncio.run(LexicalJudge().judge([JudgeRequest(JudgeTask.SUPPORT, candidate, reference)]))
    assert (verdict.passed, verdict.score) == (False, 0.0)


def test_the_same_citation_twice_counts_once() -> None:
    response = PARIS + " It has 90 million people."
    citations = [{"document_id": "doc_1", "span_from": 0, "span_to": 31}] * 2
    example = Example.model_validate(_line(response, [{"id": "doc_1", "page_content": PARIS}], citations=citations))
    judge = ScriptedJudge(lambda request: 1.0, tasks=tuple(JudgeTask))
    (result,) = evaluate([example], judge=judge, require=["citations=2"]).results
    metric = result.metrics["citations"]
    assert (result.status, metric.value, metric.details["count"]) == ("failed", 1.0, 1)
    assert len([r for r in judge.asked if r.task is JudgeTask.SUPPORT]) == 1


@pytest.mark.parametrize(("text", "spans"), [(PARIS + " ", [(0, 31), (0, 32)]), ("\u200b" + PARIS, [(0, 32), (1, 32)])])
def test_the_same_text_cited_with_spans_differing_by_blank_ends_counts_once(
    text: str, spans: list[tuple[int, int]]
) -> None:
    citations = [{"document_id": "doc_1", "span_from": start, "span_to": stop} for start, stop in spans]
    example = Example.model_validate(_line(text, [{"id": "doc_1", "page_content": PARIS}], citations=citations))
    judge = ScriptedJudge(lambda request: 1.0, tasks=tuple(JudgeTask))
    (result,) = evaluate([example], judge=judge, require=["citations=2"]).results
    metric = result.metrics["citations"]
    assert (result.status, metric.value, metric.details["count"]) == ("failed", 1.0, 1)


AGENT = """
from mb.entities import Outputs

CHUNK = {"event": "retriever", "outputs": [{"id": "doc_1", "page_content": "Paris is the capital of France."}]}


def answer(messages):
    prompt = messages[-1]["content"]
    if prompt == "q3":  # one marker points at the chunk, one at nothing
        return Outputs.model_validate({"response": "Paris [1] since [1889].", "trace": [CHUNK]})
    return {"q1": "Founded in [1889].", "q2": "Paris is the capital of France [1]."}[prompt]
"""


def test_the_m365_citations_evaluator_counts_no_marker_pointing_at_nothing(tmp_path: Path) -> None:
    (tmp_path / "year_agent.py").write_text(AGENT, encoding="utf-8")
    prompts = ("q1", "q2", "q3")
    items = [{"prompt": q, "expected_response": "x", "evaluators": {"Citations": {}}} for q in prompts]
    dataset = tmp_path / "evals.json"
    dataset.write_text(json.dumps({"schemaVersion": "1.2.0", "default_evaluators": {}, "items": items}))
    out = tmp_path / "out.json"
    args = ["--prompts-file", str(dataset), "--agent", f"{tmp_path / 'year_agent.py'}:answer", "-o", str(out)]
    result = CliRunner().invoke(main, ["runevals", *args, "--judge", "lexical"])
    assert result.exit_code == 0, result.output
    scores = [(item["scores"]["citations"], item["status"]) for item in json.loads(out.read_text())["items"]]
    assert [(score["count"], score["result"], status) for score, status in scores] == [
        (0, "fail", "fail"),
        (0, "fail", "fail"),
        (1, "fail", "fail"),  # the count reached, beside a marker pointing at nothing: no pass
    ]


@pytest.mark.parametrize(("response", "status"), [(PARIS, "passed"), ("Paris is the capital of Spain.", "failed")])
def test_a_citation_is_read_against_every_chunk_retrieved_under_its_id(response: str, status: str) -> None:
    chunks = [{"id": "doc_1", "page_content": "France is in Europe."}, {"id": "doc_1", "page_content": PARIS}]
    citations = [{"document_id": "doc_1", "span_from": 0, "span_to": len(response)}]
    result = _evaluate(_line(response, chunks, citations=citations))
    assert result.status == status, result.metrics["citations"].reason


@pytest.mark.parametrize(
    ("response", "status"),
    [(PARIS + " [1]", "passed"), (PARIS + "【4:0†doc_1】", "passed"), ("Paris is the capital of Spain. [1]", "failed")],
)
def test_a_citation_marker_inside_a_cited_span_is_no_part_of_its_claim(response: str, status: str) -> None:
    citations = [{"document_id": "doc_1", "span_from": 0, "span_to": len(response)}]
    result = _evaluate(_line(response, [{"id": "doc_1", "page_content": PARIS}], citations=citations))
    assert result.status == status, result.metrics["citations"].reason


def test_a_span_of_citation_markers_alone_cites_nothing() -> None:
    response = PARIS + " [1]"
    citations = [{"document_id": "doc_1", "span_from": 32, "span_to": 35}]
    metric = _evaluate(_line(response, [{"id": "doc_1", "page_content": PARIS}], citations=citations)).metrics
    assert (metric["citations"].passed, metric["citations"].value) == (False, 0.0)
    assert "blank, citation markers alone or outside the response" in metric["citations"].reason


def test_coverage_counts_the_supported_spans_alone() -> None:
    response = PARIS + " It has 90 million people."
    citations = [
        {"document_id": "doc_1", "span_from": 0, "span_to": 31},
        {"document_id": "doc_1", "span_from": 32, "span_to": len(response)},
    ]
    metric = _evaluate(_line(response, [{"id": "doc_1", "page_content": PARIS}], citations=citations)).metrics
    assert metric["citations"].details["coverage"] == round(31 / len(response), 4)
    assert f"covering {31 / len(response):.0%} of the response" in metric["citations"].reason


@pytest.mark.parametrize(
    "response",
    [
        "- Paris is the capital of France. [1]",
        "## Summary\n\nParis is the capital of France.",
        PARIS + " Anything else?",
    ],
)
def test_a_supported_span_standing_alone_in_the_response_passes(response: str) -> None:
    start = response.index(PARIS)
    citations = [{"document_id": "doc_1", "span_from": start, "span_to": start + len(PARIS)}]
    result = _evaluate(_line(response, [{"id": "doc_1", "page_content": PARIS}], citations=citations))
    assert result.status == "passed", result.metrics["citations"].reason


def test_an_undecided_citation_says_why_in_the_reason_of_the_metric() -> None:
    response = "Paris is the capital"  # a part of the chunk's sentence: undecided offline
    citations = [{"document_id": "doc_1", "span_from": 0, "span_to": len(response)}]
    metric = _evaluate(_line(response, [{"id": "doc_1", "page_content": PARIS}], citations=citations)).metrics
    assert "undecided whether 1 cited span(s) are supported by their chunk (first, 'Paris is the capital'" in (
        metric["citations"].reason
    )
    assert "fewer than" not in metric["citations"].reason


@pytest.mark.parametrize("response", ["The fee is \u3010not\u3011 $5.", "The fee is [not] $5."])
def test_words_in_brackets_in_a_cited_span_are_part_of_its_claim(response: str) -> None:
    citations = [{"document_id": "doc_1", "span_from": 0, "span_to": len(response)}]
    result = _evaluate(_line(response, [{"id": "doc_1", "page_content": "The fee is $5."}], citations=citations))
    assert result.status != "passed", result.metrics["citations"].reason


@pytest.mark.parametrize(
    ("marker", "status"), [(" [3]", "failed"), (" [0]", "failed"), (" [1]", "passed"), ("", "passed")]
)
def test_beside_structured_citations_a_marker_in_the_text_pointing_at_no_chunk_fails(marker: str, status: str) -> None:
    citations = [{"document_id": "doc_1", "span_from": 0, "span_to": 31}]
    line = _line(PARIS + marker, [{"id": "doc_1", "page_content": PARIS}], citations=citations)
    metric = _evaluate(line).metrics["citations"]
    assert _evaluate(line).status == status, metric.reason
    assert (f"point at no retrieved chunk: {marker.strip()}" in metric.reason) is (status == "failed")

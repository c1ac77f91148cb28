"""``retrieval``: resources are read by the keys chunks are named by, a resource object naming no document is an
no pass, and without named resources only a judged sufficiency passes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mb.cli import main
from mb.entities import Example
from mb.evaluation import evaluate
from mb.judges.base import JudgeTask
from mb.judges.lexical import LexicalJudge
from mb.results import MetricResult
from tests.support.judges import ScriptedJudge

PARIS = "Paris is the capital of France."


def _line(resources: list[Any] | None, chunks: list[dict[str, Any]]) -> dict[str, Any]:
    inputs: dict[str, Any] = {"messages": [{"role": "user", "content": "Capital of France?"}]}
    if resources is not None:
        inputs["metadata"] = {"turns": [{"categories": {}, "resources": resources}]}
    return {
        "inputs": inputs,
        "expectations": {"expected_response": PARIS},
        "outputs": {"response": PARIS, "trace": [{"event": "retriever", "outputs": chunks}]},
    }


def _retrieval(line: dict[str, Any], judge: object = None) -> MetricResult:
    example = Example.model_validate(line)
    (result,) = evaluate([example], judge=judge or LexicalJudge(), require=["retrieval"]).results
    return result.metrics["retrieval"]


def test_without_named_resources_an_offline_judge_leaves_retrieval_undecided() -> None:
    metric = _retrieval(_line(None, [{"id": "doc_9", "page_content": "Bananas are rich in potassium."}]))
    assert (metric.passed, metric.details["undecided"]) == (False, True)
    assert "sufficiency of the chunks not judged" in metric.reason


@pytest.mark.parametrize("sufficient", [True, False])
def test_without_named_resources_a_judged_sufficiency_decides(sufficient: bool) -> None:
    judge = ScriptedJudge(lambda request: 1.0 if sufficient else 0.0, tasks=tuple(JudgeTask))
    metric = _retrieval(_line(None, [{"id": "doc_1", "page_content": PARIS}]), judge)
    assert metric.passed is sufficient
    assert "undecided" not in metric.details


@pytest.mark.parametrize(
    ("resource", "chunk"),
    [
        ({"url": "https://wiki.example/paris"}, {"id": "d", "url": "https://wiki.example/paris"}),
        ({"title": "Paris"}, {"id": "d", "title": "Paris"}),
        ({"title": "doc_1"}, {"id": "doc_1"}),
        ({"name": "paris.md", "kind": "file"}, {"id": "d", "path": "x", "name": "paris.md"}),
    ],
)
def test_a_resource_object_is_read_by_the_keys_a_chunk_is_named_by(
    resource: dict[str, str], chunk: dict[str, str]
) -> None:
    found = _retrieval(_line([resource], [{**chunk, "page_content": PARIS}]))
    assert (found.passed, found.details["recall"]) == (True, 1.0)
    missed = _retrieval(_line([resource], [{"id": "doc_9", "page_content": "Bananas."}]))
    assert (missed.passed, missed.details["recall"]) == (False, 0.0)


@pytest.mark.parametrize(
    "resource",
    [{"id": 7}, {"fileId": "7"}, {"ID": "7"}, {"documentId": "7"}, {"Document-ID": " 7 "}, {"file_id": "7"}, 7],
)
def test_a_resource_names_its_document_by_an_integer_or_a_key_in_any_case_or_separators(resource: Any) -> None:
    found = _retrieval(_line([resource], [{"id": "7", "page_content": PARIS}]))
    assert (found.passed, found.details["expected"]) == (True, ["7"])
    missed = _retrieval(_line([resource], [{"id": "doc_9", "page_content": PARIS}]))
    assert (missed.passed, missed.details["recall"]) == (False, 0.0)


def test_a_link_resource_is_found_by_a_chunk_href() -> None:
    metric = _retrieval(
        _line(
            [{"href": "https://wiki.example/paris"}],
            [{"id": "d", "href": "https://wiki.example/paris", "page_content": PARIS}],
        )
    )
    assert metric.passed is True


@pytest.mark.parametrize("resource", [{"kind": "document", "body": PARIS}, {"url": "\u200b "}, {"title": None}, True])
def test_a_resource_naming_no_document_leaves_retrieval_undecided_and_the_line_valid(
    resource: Any, tmp_path: Path
) -> None:
    judge = ScriptedJudge(lambda request: 1.0, tasks=tuple(JudgeTask))
    for resources in (["doc_1", resource], [resource]):
        metric = _retrieval(_line(resources, [{"id": "doc_1", "page_content": PARIS}]), judge)
        assert (metric.passed, metric.details["undecided"]) == (False, True)
        assert "1 resource(s) name no document (by none of id, doc_id" in metric.reason
    failed = _retrieval(_line(["doc_2", resource], [{"id": "doc_1", "page_content": PARIS}]), judge)
    assert (failed.passed, "undecided" in failed.details) == (False, False)
    path = tmp_path / "bench.jsonl"
    path.write_text(json.dumps(_line(["doc_1", resource], [{"id": "doc_1", "page_content": PARIS}])) + "\n")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("retrieved", ["doc_1", "doc_9"])
def test_a_resource_whose_key_given_twice_names_two_documents_leaves_retrieval_undecided(retrieved: str) -> None:
    metric = _retrieval(_line([{"ID": "doc_9", "id": "doc_1"}], [{"id": retrieved, "page_content": PARIS}]))
    assert (metric.passed, metric.details["undecided"]) == (False, True)
    assert "1 resource(s) ambiguous, a key naming several documents (id: doc_1, doc_9)" in metric.reason
    same = _retrieval(
        _line(
            [{"URL": "https://Wiki.example/a/", "url": "https://wiki.example/a"}], [{"id": "d", "page_content": PARIS}]
        )
    )
    assert "ambiguous" not in same.reason


def test_a_chunk_whose_key_given_twice_names_two_documents_leaves_retrieval_undecided() -> None:
    metric = _retrieval(_line(["doc_1"], [{"id": "doc_9", "ID": "doc_1", "page_content": PARIS}]))
    assert (metric.passed, metric.details["undecided"]) == (False, True)
    assert "1 chunk(s) ambiguous, a key naming several documents" in metric.reason
    plain = _retrieval(_line(["doc_1"], [{"id": "doc_1", "url": "https://wiki.example/paris", "page_content": PARIS}]))
    assert plain.passed is True


@pytest.mark.parametrize(
    ("resource", "found"),
    [
        ({"url": "https://Wiki.Example/paris/"}, True),
        ("HTTPS://wiki.example/paris#history", True),
        ({"url": "https://wiki.example/paris?lang=de"}, False),
        ({"url": "https://wiki.example/#/paris"}, False),
        ({"url": "https://wiki.example/Paris"}, False),
    ],
)
def test_a_resource_url_is_compared_as_a_link_is(resource: Any, found: bool) -> None:
    metric = _retrieval(_line([resource], [{"id": "d", "url": "https://wiki.example/paris", "page_content": PARIS}]))
    assert (metric.passed, metric.details["recall"]) == (found, float(found))


@pytest.mark.parametrize(
    "resource",
    [
        {"\uff49\uff44": "doc_1"},
        {"fileName": "doc_1", "type": "file"},
        {"filename": "doc_1"},
        {"page_content": "Paris.", "metadata": {"source": "doc_1"}},
        {"document": {"id": "doc_1"}},
    ],
)
def test_a_resource_key_is_read_folded_and_one_level_down_when_the_object_names_nothing(resource: Any) -> None:
    found = _retrieval(_line([resource], [{"id": "doc_1", "page_content": PARIS}]))
    assert (found.passed, found.details["expected"]) == (True, ["doc_1"])
    missed = _retrieval(_line([resource], [{"id": "doc_9", "page_content": PARIS}]))
    assert (missed.passed, missed.details["recall"]) == (False, 0.0)


def test_an_object_naming_a_document_is_not_read_one_level_down() -> None:
    resource = {"title": "doc_9", "metadata": {"source": "doc_1"}}
    metric = _retrieval(_line([resource], [{"id": "doc_1", "page_content": PARIS}]))
    assert (metric.passed, metric.details["expected"]) == (False, ["doc_9"])
    chunk = {"id": "c1", "page_content": PARIS, "metadata": {"source": "paris.md"}}
    assert _retrieval(_line(["paris.md"], [chunk])).passed is True


@pytest.mark.parametrize(
    ("retrieved", "precision"),
    [
        (["doc_a", "doc_a", "doc_a", "noise"], 0.25),  # the same document three times is one relevant chunk
        (["doc_a", "noise", "noise", "noise"], 0.25),
        (["doc_a", "doc_b", "doc_a"], round(2 / 3, 4)),
        (["doc_a", "doc_b"], 1.0),
    ],
)
def test_precision_counts_each_expected_document_retrieved_once(retrieved: list[str], precision: float) -> None:
    chunks = [{"id": name, "page_content": PARIS} for name in retrieved]
    metric = _retrieval(_line(["doc_a", "doc_b"], chunks))
    assert metric.details["precision"] == precision


def test_precision_counts_a_chunk_once_when_it_names_two_expected_documents() -> None:
    chunks = [{"id": "doc_a", "url": "https://example.com/a", "page_content": PARIS}, {"id": "x", "page_content": "x"}]
    metric = _retrieval(_line(["doc_a", "https://example.com/a"], chunks))
    assert (metric.details["precision"], metric.details["recall"]) == (0.5, 1.0)

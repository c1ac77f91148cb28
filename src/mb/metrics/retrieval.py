"""``retrieval``: what was retrieved; recall and precision against the document ids named in
``inputs.metadata.turns[-1].resources``; with an LLM judge, each chunk's relevance and whether the chunks suffice
for the expected response."""

from __future__ import annotations

from typing import Any

from pydantic import JsonValue

from ..entities import Example, RetrievalResult, RetrievalResults
from ..entities.inputs import ID_KEYS, document_name, document_names
from ..judges.base import JudgeRequest, JudgeTask
from ..matching import MatchContext
from ..results import MetricResult
from ._base import Metric, MetricSpec, register_metric, skipped, threshold_of
from ._text import question_text

__all__ = ["chunk_names", "expected_document_ids", "retrieval"]


def _resources(example: Example) -> tuple[list[str], list[JsonValue], dict[str, list[str]]]:
    """The document ids the current turn's resources name (texts, integers, or objects by ``document_names``, the
    first key given naming it), the resources that name none, and those whose first key names several documents."""
    metadata = example.inputs.metadata
    ids: list[str] = []
    unnamed: list[JsonValue] = []
    ambiguous: dict[str, list[str]] = {}
    for resource in metadata.turns[-1].resources if metadata and metadata.turns else []:
        names = document_names(resource if isinstance(resource, dict) else {"id": resource})  # a text names itself
        first = [name for key, name in names if key == names[0][0]] if names else []
        if len(first) > 1:
            ambiguous[f"{names[0][0]}: {', '.join(first)}"] = first
        elif first:
            ids.append(first[0])
        else:
            unnamed.append(resource)
    return list(dict.fromkeys(ids)), unnamed, ambiguous


def expected_document_ids(example: Example) -> list[str]:
    """Document ids named by the current turn's resources (``inputs.metadata.turns[-1].resources``)."""
    return _resources(example)[0]


def chunk_names(chunk: RetrievalResult) -> set[str]:
    """Every name a chunk can be referred to by: its id and the other ``ID_KEYS`` (url, source, path, title...)."""
    return {document_name(chunk.id), *(name for _, name in document_names(chunk.model_extra or {}))}


def _ambiguous(chunk: RetrievalResult) -> bool:
    """Whether one key of ``chunk`` names two documents (``id`` and ``ID`` given different names)."""
    keys = [key for key, _ in document_names({**(chunk.model_extra or {}), "id": chunk.id})]
    return len(keys) != len(set(keys))


def _compute(example: Example, ctx: MatchContext, spec: MetricSpec) -> MetricResult:
    outputs = example.outputs
    if outputs is None:
        return skipped("no outputs")
    chunks = outputs.retrieved_chunks()
    expected, unnamed, ambiguous = _resources(example)
    details: dict[str, Any] = {"retrieved": [chunk.id for chunk in chunks]}
    parts = [f"{len(chunks)} chunk(s) retrieved"]
    judge: str | None = None
    threshold = threshold_of(spec) or 0.0
    passed: bool
    decided = bool(expected)
    if expected:
        found = [doc for doc in expected if any(doc in chunk_names(chunk) for chunk in chunks)]
        seen: set[str] = set()  # a chunk is relevant when it retrieves an expected document no earlier chunk did
        relevant = 0
        for chunk in chunks:
            new = chunk_names(chunk) & set(expected) - seen
            relevant, seen = relevant + bool(new), seen | new
        recall = len(found) / len(expected)
        precision = relevant / len(chunks) if chunks else 0.0
        details.update(expected=expected, recall=round(recall, 4), precision=round(precision, 4))
        missed = [doc for doc in expected if doc not in found]
        parts.append(f"recall {recall:.2f}, precision {precision:.2f} against the turn's resources")
        if missed:
            parts.append("not retrieved: " + ", ".join(missed))
        passed = recall >= threshold
    else:
        passed = len(chunks) >= threshold
    question = question_text(example)
    if chunks and ctx.supports(JudgeTask.CHUNK_RELEVANCE):
        relevance: list[dict[str, Any]] = []
        for chunk in chunks:
            verdict = ctx.oracle(
                JudgeRequest(JudgeTask.CHUNK_RELEVANCE, candidate=chunk.page_content, question=question)
            )
            judge = verdict.judge
            relevance.append(
                {
                    "id": chunk.id,
                    "relevant": None if verdict.error else verdict.passed,
                    "reason": verdict.error or verdict.reason,
                }
            )
        details["chunk_relevance"] = relevance
        relevant_count = sum(1 for r in relevance if r["relevant"])
        parts.append(f"{relevant_count} of {len(chunks)} chunk(s) relevant to the request")
    expected_response = example.expectations.expected_response
    if chunks and expected_response and ctx.supports(JudgeTask.SUFFICIENCY):
        context = "\n".join(f"[{chunk.id}] {chunk.page_content}" for chunk in chunks)
        verdict = ctx.oracle(
            JudgeRequest(JudgeTask.SUFFICIENCY, candidate=context, reference=expected_response, question=question)
        )
        judge = verdict.judge
        if verdict.undecided:  # the judge cannot tell: neither sufficient nor insufficient
            details["sufficiency"] = {"sufficient": None, "undecided": True, "reason": verdict.reason}
            parts.append("undecided whether the chunks suffice for the expected answer")
        elif verdict.error is None:
            details["sufficiency"] = {"sufficient": verdict.passed, "reason": verdict.reason}
            parts.append(
                "the chunks " + ("suffice" if verdict.passed else "do not suffice") + " for the expected answer"
            )
            if not expected:
                passed, decided = passed and verdict.passed, True
        else:
            details["sufficiency"] = {"sufficient": None, "reason": verdict.error}
            if not expected:  # the sufficiency decides the metric: a judge failure is an error, never a pass
                parts.append(f"the judge failed on the sufficiency of the chunks: {verdict.error}")
                reason = "; ".join(parts)
                return MetricResult(status="error", threshold=threshold, reason=reason, judge=judge, details=details)
    unread: dict[str, Any] = {}
    if unnamed:
        parts.append(f"{len(unnamed)} resource(s) name no document (by none of {', '.join(ID_KEYS)})")
        unread["unnamed_resources"] = unnamed
    if ambiguous:
        parts.append(f"{len(ambiguous)} resource(s) ambiguous, a key naming several documents ({'; '.join(ambiguous)})")
        unread["ambiguous_resources"] = list(ambiguous.values())
    ambiguous_chunks = [chunk.id for chunk in chunks if _ambiguous(chunk)]
    if ambiguous_chunks:
        parts.append(f"{len(ambiguous_chunks)} chunk(s) ambiguous, a key naming several documents")
        unread["ambiguous_chunks"] = ambiguous_chunks
    if unread:  # never passed on a resource dropped or a chunk naming two documents: which was retrieved is unsure
        parts[-1] += ": undecided" * passed
        details.update(unread, **({"undecided": True} if passed else {}))
        passed, decided = False, True
    if passed and not decided:  # never passed: without named resources, only the chunks' sufficiency decides
        if "sufficiency" not in details:
            parts.append("no resources named and the sufficiency of the chunks not judged: undecided")
        details["undecided"], passed = True, False
    return MetricResult(
        value=float(len(chunks)),
        passed=passed,
        threshold=threshold,
        reason="; ".join(parts),
        judge=judge,
        details=details,
    )


def _applies(example: Example) -> bool:
    outputs = example.outputs
    if outputs is None:
        return False
    return any(isinstance(e, RetrievalResults) for e in outputs.trace) or any(_resources(example))


retrieval = register_metric(
    Metric(
        "retrieval",
        "Chunks retrieved; recall/precision against named resources; relevance.",
        1.0,
        _applies,
        _compute,
        unit="chunks retrieved per example",
        needs="retrieved chunks or expected documents",
    )
)

"""``citations``: how many valid citations the response makes, whether each cited span is supported by its chunk,
and how much of the response they cover. Without structured ``outputs.citations``, markers in the response text
are counted (formats ``oai_unicode`` 【4:0†source】, ``bracket`` [1], ``markdown`` [text](url), or ``mixed``)."""

from __future__ import annotations

import re
from typing import Any

from .._trim import trimmed
from ..entities import Example, Outputs, RetrievalResult, RetrievalResults
from ..entities.inputs import document_name
from ..errors import ConfigError
from ..judges.base import JudgeRequest, JudgeTask
from ..matching import MatchContext
from ..results import MetricResult
from ._base import Metric, MetricSpec, register_metric, skipped, threshold_of
from .retrieval import chunk_names, expected_document_ids

__all__ = ["citations", "find_citation_markers"]

CITATION_PATTERNS: dict[str, re.Pattern[str]] = {
    "oai_unicode": re.compile(r"【[^】\n]{1,200}】"),
    "bracket": re.compile(r"\[\^?\d{1,4}\](?!\()"),
    "markdown": re.compile(r"\[[^\]\n]{1,300}\]\((?:(?i:https?)://|/|\.)[^)\s]*\)"),
}
"""Citation markers in response text, by format."""


def find_citation_markers(text: str, citation_format: str = "mixed") -> list[str]:
    """The citation markers of one format (or all of them, ``mixed``) in order of appearance."""
    if citation_format == "mixed":
        patterns = list(CITATION_PATTERNS.values())
    elif citation_format in CITATION_PATTERNS:
        patterns = [CITATION_PATTERNS[citation_format]]
    else:
        raise ConfigError(f"unknown citation_format {citation_format!r}; known: mixed, {', '.join(CITATION_PATTERNS)}")
    found = sorted((m.start(), m.group(0)) for pattern in patterns for m in pattern.finditer(text))
    return [marker for _, marker in found]


def _claim(span: str) -> str:
    """What a cited span claims: its text without the ``[n]`` markers and OpenAI's ``【4:0†name】`` markers in it,
    trimmed (other text in ``【】`` is words: "The fee is 【not】 $5.")."""
    return trimmed(_OAI_MARKER.sub("", CITATION_PATTERNS["bracket"].sub("", span)))


_OAI_MARKER = re.compile(r"【\d+(?::\d+)?(?:†[^】\n]{0,200})?】")
"""OpenAI's file-search citation marker: an index, a second index and a source name after a dagger."""


def _chunks(outputs: Outputs) -> dict[str, str]:
    """The text a citation of each id is read against: every chunk retrieved under it (several parts of a document
    often share its id), each once, apart."""
    texts: dict[str, dict[str, None]] = {}
    for chunk in outputs.retrieved_chunks():
        texts.setdefault(chunk.id, {})[chunk.page_content] = None
    return {name: "\n\n".join(parts) for name, parts in texts.items()}


def _coverage(spans: list[tuple[int, int]], length: int) -> float:
    if length == 0 or not spans:
        return 0.0
    covered, end = 0, 0
    for start, stop in sorted(spans):
        start = max(start, end)
        if stop > start:
            covered += stop - start
            end = stop
    return round(covered / length, 4)


def _target(marker: str, chunks: list[RetrievalResult]) -> bool | None:
    """Whether a marker points at a retrieved chunk: ``[n]`` at the n-th, ``【…†name】`` at a chunk of that name (True,
    False); None for a ``【…】`` marker naming no chunk among some retrieved (it may number results) and for a link
    naming no chunk (an ordinary link, no citation)."""
    if marker.startswith("【"):
        named = document_name(marker[1:-1].rpartition("†")[2])
        return True if any(named in chunk_names(chunk) for chunk in chunks) else None if chunks else False
    if marker.endswith(")"):
        target = document_name(marker.rpartition("](")[2][:-1])
        return any(target in chunk_names(chunk) for chunk in chunks) or None
    return 1 <= int(marker.strip("[^]")) <= len(chunks)


def _from_text(outputs: Outputs, spec: MetricSpec, threshold: float) -> MetricResult:
    """Markers in the text: one pointing at no retrieved chunk (``[1889]`` beside two chunks) is invalid and fails;
    a link naming no chunk is no marker; the others at most leave the metric undecided, since what a marker cites is
    not checked against its chunk."""
    citation_format = str(spec.options.get("citation_format", "mixed"))
    try:
        found = list(dict.fromkeys(find_citation_markers(outputs.response, citation_format)))
    except ValueError as exc:
        return MetricResult(status="error", threshold=threshold, reason=str(exc))
    chunks = outputs.retrieved_chunks()
    targets = {marker: _target(marker, chunks) for marker in found}
    links = [marker for marker, named in targets.items() if named is None and marker.endswith(")")]
    markers = [marker for marker in found if marker not in links]
    invalid = [marker for marker in markers if targets[marker] is False]
    valid = sum(1 for marker in markers if targets[marker])
    reason = f"{valid} of {len(markers)} distinct citation marker(s) in the response text ({citation_format}) point at "
    reason += "a retrieved chunk"
    details: dict[str, Any] = {"count": len(markers), "format": citation_format, "markers": markers}
    if links:
        reason += f"; {len(links)} link(s) naming no retrieved chunk ignored (no citation): " + ", ".join(links)
        details["ignored_links"] = links
    if invalid:
        reason += f"; not a valid citation, no chunk of the {len(chunks)} retrieved has its number or name: "
        reason += ", ".join(invalid)
        details["invalid"] = invalid
    if invalid or len(markers) - len(invalid) < threshold:
        if not invalid:
            reason += f"; fewer than the {threshold:g} required"
        return MetricResult(value=float(valid), passed=False, threshold=threshold, reason=reason, details=details)
    if markers:  # never passed: a marker alone says nothing of whether its chunk supports the text
        reason += "; undecided whether their chunks support the response (markers are not spans)"
        details["undecided"] = True
    return MetricResult(value=float(valid), passed=not markers, threshold=threshold, reason=reason, details=details)


def _compute(example: Example, ctx: MatchContext, spec: MetricSpec) -> MetricResult:
    threshold = threshold_of(spec) or 0.0
    outputs = example.outputs
    if outputs is None:
        return skipped("no outputs", threshold)
    if outputs.citations is None:
        return _from_text(outputs, spec, threshold)
    response, chunks = outputs.response, _chunks(outputs)
    invalid: list[dict[str, Any]] = []
    supported: list[dict[str, Any]] = []
    spans: list[tuple[int, int]] = []  # the supported ones: the coverage counts them alone
    errors: list[str] = []
    judge: str | None = None
    cited: dict[tuple[str, str | int, int], tuple[int, int, int]] = {}  # once per document and text cited (trimmed)
    for index, citation in enumerate(outputs.citations):
        name, start, stop = citation.document_id, citation.span_from, citation.span_to
        key = (name, _claim(response[start:stop]), 0) if 0 <= start < stop <= len(response) else (name, start, stop)
        cited.setdefault(key, (index, start, stop))
    for (document_id, text, _), (index, start, stop) in cited.items():
        if not isinstance(text, str) or not text:  # out of bounds, blank or markers alone
            invalid.append({"index": index, "document_id": document_id, "span_from": start, "span_to": stop})
            continue
        verdict = ctx.oracle(JudgeRequest(JudgeTask.SUPPORT, candidate=text, reference=chunks.get(document_id, "")))
        judge = verdict.judge
        entry: dict[str, Any] = {"index": index, "document_id": document_id, "span": response[start:stop]}
        if verdict.error is not None:
            errors.append(f"citation {index}: {verdict.error}")
            entry.update(supported=None, reason=verdict.error)
        elif verdict.undecided:  # the judge cannot tell: neither supported nor unsupported
            entry.update(supported=None, undecided=True, score=round(verdict.score, 4), reason=verdict.reason)
        else:
            entry.update(supported=verdict.passed, score=round(verdict.score, 4), reason=verdict.reason)
            if verdict.passed:
                spans.append((start, stop))
        supported.append(entry)
    valid = len(supported)
    unsupported = [c for c in supported if c.get("supported") is False]
    coverage = _coverage(spans, len(response))
    problems = []
    if invalid:
        problems.append(
            f"{len(invalid)} span(s) blank, citation markers alone or outside the response (length {len(response)}): "
            + ", ".join(f"[{c['span_from']}, {c['span_to']})" for c in invalid)
        )
    if unsupported:
        problems.append(f"{len(unsupported)} cited span(s) not supported by their chunk")
    listed = outputs.retrieved_chunks()  # a marker the text shows beside the spans must point at a chunk too
    broken = [m for m in dict.fromkeys(find_citation_markers(response)) if _target(m, listed) is False]
    if broken:
        problems.append(f"{len(broken)} marker(s) in the text point at no retrieved chunk: {', '.join(broken)}")
    wrong = bool(invalid or unsupported or broken)
    unsure = [c for c in supported if c.get("undecided")]
    if unsure:
        first = f"{unsure[0]['span'].strip()[:80]!r}: {unsure[0]['reason']}"
        problems.append(f"undecided whether {len(unsure)} cited span(s) are supported by their chunk (first, {first})")
    good = sum(1 for c in supported if c.get("supported") is True)
    passed = good >= threshold and not wrong and not unsure
    reason = f"{good} valid, supported citation(s) of {len(cited)} distinct, covering {coverage:.0%} of the response"
    undecided = bool(unsure) and not errors and not wrong and good + len(unsure) >= threshold
    if good < threshold and not undecided:
        problems.append(f"fewer than the {threshold:g} required")
    elif problems:
        problems.append("not passed: every citation must be valid and supported")
    reason += "; " + "; ".join(problems) if problems else ""
    details: dict[str, Any] = {
        "count": len(cited),
        "valid": valid,
        "invalid": invalid,
        "supported": supported,
        "coverage": coverage,
        **({"invalid_markers": broken} if broken else {}),
    }
    if undecided:
        details["undecided"] = True  # never passed: the spans the judge cannot tell about decide
    outcome: dict[str, Any] = {"passed": passed, "reason": reason}
    if errors and not wrong:
        outcome = {"status": "error", "reason": reason + "; the judge failed on " + "; ".join(errors)}
    return MetricResult(value=float(good), threshold=threshold, judge=judge, details=details, **outcome)


def _applies(example: Example) -> bool:
    outputs = example.outputs
    if outputs is None:
        return False
    if outputs.citations is not None or any(isinstance(e, RetrievalResults) for e in outputs.trace):
        return True
    # the example names the documents the answer rests on, or the response marks citations in its text (a link,
    # with no chunk retrieved, names none: no citation)
    markers = find_citation_markers(outputs.response)
    return bool(expected_document_ids(example) or any(not marker.endswith(")") for marker in markers))


citations = register_metric(
    Metric(
        "citations",
        "Valid citations, their support by the cited chunks, and coverage.",
        1.0,
        _applies,
        _compute,
        unit="valid, supported citations per response",
        needs="retrieved chunks, citations, citation markers or expected documents",
    )
)

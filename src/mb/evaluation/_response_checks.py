"""Checks of ``expectations.expected_facts`` and ``expectations.guidelines``: one gating check row per entry.

A fact passes when the response states it. With a judge that answers :attr:`~mb.judges.JudgeTask.FACT` (an LLM
judge), the judge reads the whole response; otherwise each sentence of the response is asked whether it supports the
fact (the offline judges' :attr:`~mb.judges.JudgeTask.SUPPORT`) and the best-matching sentence decides; a fact of
several sentences is asked of the whole response, each of its sentences to be stated by one of the response's. The
sentences stating the fact (each copy, each part) leave it undecided when the rest of the response bears on them
(``said_around``: a lead-in or question before them, a short hedge before or a short, negating or correcting sentence
after them, a sentence presenting them as a sample, another sentence saying its words with a negation or, after
them, one of its words with a failure; a fenced code block quotes as ">" does); a neutral heading ("## Summary",
"Done:") or closing does not. A guideline needs a judge that answers
:attr:`~mb.judges.JudgeTask.GUIDELINE`; without one it is undecided, never passed.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..entities import Example
from ..judges.base import JudgeRequest, JudgeTask, Verdict
from ..matching import MatchContext
from ..matching.trace_checks import check_row
from ..metrics._text import question_text

__all__ = ["response_expectation_rows"]

NEEDS_LLM_FOR_GUIDELINES = "needs an LLM judge (set MB_JUDGE_MODEL and an API key or base URL)"
"""The reason of a guideline check when no LLM judge is configured."""

_QUOTED = 120
"""The longest sentence quoted in a reason, in characters."""

MAX_FACT_CHECKS = 20_000
"""The most questions of a fact's sentence against a sentence of the response one example may ask an offline judge
(each sentence of each fact against every sentence of the response; each takes about a millisecond): past it, the
facts are errors rather than minutes of judging."""

Row = dict[str, Any]


def response_expectation_rows(example: Example, ctx: MatchContext) -> list[Row]:
    """One check row per expected fact (``expected_facts``), then one per guideline (``guidelines``)."""
    expectations = example.expectations
    extra = expectations.model_extra
    if not extra or not (extra.get("expected_facts") or extra.get("guidelines")):
        return []  # most lines: neither key, or both empty
    facts, guidelines = expectations.expected_facts, expectations.guidelines
    response = example.outputs.response if example.outputs is not None else ""
    question = question_text(example)
    rows = _fact_rows(facts, response, question, ctx)
    rows += [_guideline_row(guideline, response, question, ctx) for guideline in guidelines]
    for key in ("expected_facts", "guidelines"):  # a blank entry (left out of the lists read) checks nothing
        blanks = sum(1 for text in extra.get(key) or () if not text.strip())
        if blanks:
            why = (
                f"{key} holds {blanks} blank entr{'y' if blanks == 1 else 'ies'}: a blank entry states nothing to check"
            )
            rows.append(check_row(key, False, why, None, why))
    return rows


def _row(name: str, subject: str, verdict: Verdict, reason: str) -> Row:
    """The check row of one judged entry: passed, failed, undecided (never passed) or error."""
    if verdict.error is not None:
        message = f"{subject}: the {verdict.judge} judge failed: {verdict.error}"
        return check_row(name, False, message, None, message, False)
    undecided = verdict.undecided
    return check_row(
        name, verdict.passed and not undecided, f"{subject}: {reason}", round(verdict.score, 4), None, undecided
    )


def _quote(text: str) -> str:
    folded = " ".join(text.split())
    return repr(folded if len(folded) <= _QUOTED else folded[: _QUOTED - 1].rstrip() + "…")


def _fact_rows(facts: list[str], response: str, question: str, ctx: MatchContext) -> list[Row]:
    """The rows of the facts; offline, the response is split into sentences once, and more than
    :data:`MAX_FACT_CHECKS` questions (each fact's sentences times the response's) make every fact an error."""
    from ..judges._text import whole_sentences  # the offline judges' text rules load for the first fact

    if not response.strip():
        why = "not stated (the response is empty)"
        return [check_row("expected_facts", False, f"fact {_quote(fact)}: {why}", 0.0, None, False) for fact in facts]
    if ctx.supports(JudgeTask.FACT):
        return [_fact_row(fact, response, question, ctx, []) for fact in facts]
    sentences = whole_sentences(response)
    parts = sum(len(whole_sentences(fact)) for fact in facts)
    if parts * len(sentences) <= MAX_FACT_CHECKS:
        return [_fact_row(fact, response, question, ctx, sentences) for fact in facts]
    why = (
        f"too many to judge offline: {parts:,} facts against {len(sentences):,} sentences of the response (a fact of "
        f"several sentences counts once per sentence), over the limit of {MAX_FACT_CHECKS:,} checks: split it into "
        "smaller examples or configure an LLM judge"
    )
    return [check_row("expected_facts", False, f"fact {_quote(fact)}: not checked: {why}", None, why) for fact in facts]


def _fact_row(fact: str, response: str, question: str, ctx: MatchContext, sentences: list[str]) -> Row:
    """The row of one fact (``sentences``: the response's, when the judge answers no FACT)."""
    from ..judges._additions import said_around
    from ..judges._text import whole_sentences

    subject = f"fact {_quote(fact)}"
    if ctx.supports(JudgeTask.FACT):
        verdict = ctx.oracle(JudgeRequest(JudgeTask.FACT, candidate=response, reference=fact, question=question))
        state = "stated" if verdict.passed else "not stated"
        return _row("expected_facts", subject, verdict, f"{state} ({verdict.judge} judge: {verdict.reason})")
    single = len(whole_sentences(fact)) == 1
    pieces = sentences if single else [response]
    judged = [(sentence, _supports(ctx, fact, sentence)) for sentence in pieces]
    answered = [(sentence, verdict) for sentence, verdict in judged if verdict.error is None]
    if not answered:
        return _row("expected_facts", subject, judged[0][1], "")
    stating = [pair for pair in answered if pair[1].passed and not pair[1].undecided]
    if stating:
        sentence, verdict = max(stating, key=lambda pair: pair[1].score)
        stated = [piece for piece, _ in stating] if single else _stating_each(fact, sentences, ctx)
        around = said_around(response, stated, fact)
        if around:
            verdict = replace(verdict, score=min(verdict.score, 0.49), confidence=0.5, undecided=True)
            reason = f"undecided: the sentence {_quote(sentence)} states it, but {around} ({verdict.judge} judge)"
            return _row("expected_facts", subject, verdict, reason)
        reason = f"stated by the sentence {_quote(sentence)} ({verdict.judge} judge: {verdict.reason})"
        return _row("expected_facts", subject, verdict, reason)
    undecided = [pair for pair in answered if pair[1].undecided]
    sentence, verdict = max(undecided or answered, key=lambda pair: pair[1].score)
    state = "undecided" if undecided else "not stated"
    reason = f"{state}: the closest sentence is {_quote(sentence)} ({verdict.judge} judge: {verdict.reason})"
    return _row("expected_facts", subject, verdict, reason)


def _supports(ctx: MatchContext, fact: str, sentence: str) -> Verdict:
    """The judge's verdict on whether ``sentence`` states ``fact``, read without its list item's bullet or number."""
    from ..judges._text import LIST_ITEM

    bullet = LIST_ITEM.match(sentence)
    return ctx.oracle(
        JudgeRequest(JudgeTask.SUPPORT, candidate=fact, reference=sentence[bullet.end() :] if bullet else sentence)
    )


def _stating_each(fact: str, pieces: list[str], ctx: MatchContext) -> list[str]:
    """The sentences of the response (``pieces``) that state one of the sentences of ``fact``."""
    from ..judges._text import whole_sentences

    return [
        piece
        for part in whole_sentences(fact)
        for piece in pieces
        if (verdict := _supports(ctx, part, piece)).passed and not verdict.undecided
    ]


def _guideline_row(guideline: str, response: str, question: str, ctx: MatchContext) -> Row:
    subject = f"guideline {_quote(guideline)}"
    if not ctx.supports(JudgeTask.GUIDELINE):
        return check_row("guidelines", False, f"{subject}: {NEEDS_LLM_FOR_GUIDELINES}", None, None, True)
    verdict = ctx.oracle(JudgeRequest(JudgeTask.GUIDELINE, candidate=response, reference=guideline, question=question))
    state = "followed" if verdict.passed else "not followed"
    return _row("guidelines", subject, verdict, f"{state} ({verdict.judge} judge: {verdict.reason})")

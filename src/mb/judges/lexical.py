"""The lexical judge: word overlap and fuzzy matching, guarded against changed numbers, negation and names.

Deterministic and dependency-free (rapidfuzz only). Texts are compared after normalization (case, punctuation,
white space, contractions) and light stemming, so "Booked 2 tables" and "book two tables" meet. It answers
EQUIVALENCE, SIMILARITY and SUPPORT; graded questions (relevance, coherence...) need the LLM judge.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from .base import JudgeRequest, JudgeTask, Verdict

if TYPE_CHECKING:
    from ._scoring import Measure

__all__ = ["LEXICAL_THRESHOLDS", "LexicalJudge"]

LEXICAL_THRESHOLDS: Mapping[JudgeTask, float] = {
    JudgeTask.EQUIVALENCE: 0.72,
    JudgeTask.SIMILARITY: 0.25,
    JudgeTask.SUPPORT: 0.55,
}
"""Raw similarity at which a pair counts as equivalent / similar / supported. EQUIVALENCE: the accuracy-optimal
threshold on the labelled public pairs (``bench/judge_accuracy.py``); the others: ``bench/calibrate_local.py``."""

_TASKS = frozenset(LEXICAL_THRESHOLDS)


class LexicalJudge:
    """Judges by overlap of normalized words. Always available, fast, deterministic; misses paraphrases that share
    few words ("purchase" vs "buy"), which the local and LLM judges catch."""

    def __init__(self, thresholds: Mapping[JudgeTask | str, float] | None = None) -> None:
        """``thresholds`` overrides the calibrated raw-similarity threshold per task."""
        self._thresholds = dict(LEXICAL_THRESHOLDS)
        for task, value in (thresholds or {}).items():
            self._thresholds[JudgeTask(task)] = float(value)

    @property
    def name(self) -> str:
        """``lexical``."""
        return "lexical"

    def supports(self, task: JudgeTask) -> bool:
        """EQUIVALENCE, SIMILARITY and SUPPORT."""
        return task in _TASKS

    def measure(self, request: JudgeRequest) -> Measure:
        """The raw similarity and the guards for one request (thresholds not applied)."""
        from ._guards import precheck, run_guards  # the guards' tables load when a first question is judged
        from ._overlap import contains_reference, pair_similarity, support_overlap
        from ._scoring import Measure

        fixed = precheck(request)
        if fixed is not None:
            return Measure(request.task, fixed[0], fixed[1], fixed=fixed[0])
        if request.task is JudgeTask.SUPPORT:
            raw, detail, windows = support_overlap(request.candidate, request.reference)
            failures = run_guards(request.task, request.candidate, request.reference, windows=windows)
        else:
            raw, detail = pair_similarity(request.candidate, request.reference)
            failures = run_guards(request.task, request.candidate, request.reference)
        words = max(len(request.candidate.split()), len(request.reference.split()))
        contained = request.task is JudgeTask.EQUIVALENCE and contains_reference(request.candidate, request.reference)
        return Measure(request.task, raw, detail, failures, words=words, contained=contained)

    def judge_sync(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        """Answer every request, in order, without an event loop."""
        from ._guards import oversized
        from ._scoring import to_verdict

        verdicts = []
        for request in requests:
            error = None if request.task in _TASKS else f"the lexical judge cannot answer {request.task.value}"
            error = error or oversized(request)
            if error is None:
                try:
                    verdicts.append(to_verdict(self.measure(request), self._thresholds[request.task], self.name))
                    continue
                except Exception as exc:  # a judge never raises: the failure becomes this request's verdict
                    error = f"lexical judge failed: {type(exc).__name__}: {exc}"
            verdicts.append(Verdict(0.0, error, self.name, error=error))
        return verdicts

    async def judge(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        """Answer every request, in order; one verdict per request."""
        return self.judge_sync(requests)

"""The lexical judge: word overlap and fuzzy matching, guarded against changed numbers, negation and names.

Deterministic and dependency-free (rapidfuzz only). Texts are compared after normalization (case, punctuation, white
space, contractions) and light stemming, so "Booked 2 tables" and "book two tables" share their words. It answers
EQUIVALENCE and SIMILARITY by the local judge's rule (``equivalence_verdict``: guards, the same statement, doubts, then
a band) over the word overlap (also taken with each nought counting a plural noun said with "no", the higher kept),
passed, failed or undecided; SUPPORT by one threshold, passed only when each sentence of the span is a whole sentence of
the chunk word for word (``unsupported_wording``), else undecided. Graded questions (relevance, coherence...) need the
LLM judge.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ._confidence import BANDED, SHORT_WORDS, Band, with_overrides
from .base import JudgeRequest, JudgeTask, Verdict

if TYPE_CHECKING:
    from ._scoring import Measure

__all__ = ["LEXICAL_BANDS", "LEXICAL_THRESHOLDS", "LexicalJudge"]

LEXICAL_THRESHOLDS: Mapping[JudgeTask, float] = {
    JudgeTask.EQUIVALENCE: 0.90,
    JudgeTask.SIMILARITY: 0.90,
    JudgeTask.SUPPORT: 0.55,
}
"""Raw similarity at which a pair counts as equivalent / similar / supported. EQUIVALENCE and SIMILARITY (one rule):
the upper threshold of ``LEXICAL_BANDS``; SUPPORT: ``bench/calibrate_local.py``."""

LEXICAL_BANDS: Mapping[bool, Band] = {
    True: Band(low=0.25, high=0.90, passed_confidence=0.96, failed_confidence=0.95, guarded_confidence=0.96),
    False: Band(low=0.25, high=0.90, passed_confidence=0.97, failed_confidence=0.55, guarded_confidence=0.56),
}
"""Where the word overlap decides an EQUIVALENCE or SIMILARITY pair (``equivalence_verdict``), for short pairs
(``True``: the longer text has at most ``SHORT_WORDS`` words) and longer ones. ``high``: where passes were right at
least 95% of the time on the public training splits (0.72, the accuracy-optimal threshold, left passes 85% right);
``low``: the response gate's former threshold (``bench/calibrate_local.py``), below which no pair of the public training
splits was equivalent. The confidences are the shares of right verdicts on those splits (STS-B, SICK and MRPC train);
a guard's failures carry the local judge's measure of them, the guards being the same."""

_TASKS = frozenset(LEXICAL_THRESHOLDS)


class LexicalJudge:
    """Judges by overlap of normalized words. Always available, fast, deterministic; misses paraphrases that share
    few words ("purchase" vs "buy"), which the local and LLM judges catch."""

    def __init__(self, thresholds: Mapping[JudgeTask | str, float] | None = None) -> None:
        """``thresholds`` overrides the calibrated raw-similarity threshold per task (for EQUIVALENCE and SIMILARITY
        the one from which a pair passes; the lower threshold stays unless above it)."""
        self._thresholds, self._bands = with_overrides(LEXICAL_THRESHOLDS, LEXICAL_BANDS, thresholds)

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
        from ._overlap import pair_similarity, support_overlap
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
        return Measure(request.task, raw, detail, failures, words=words)

    def judge_sync(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        """Answer every request, in order, without an event loop."""
        from ._banded import equivalence_verdict
        from ._guards import nought_as_no, oversized, precheck
        from ._overlap import pair_similarity
        from ._scoring import to_verdict

        verdicts = []
        for request in requests:
            error = None if request.task in _TASKS else f"the lexical judge cannot answer {request.task.value}"
            error = error or oversized(request)
            if error is None:
                try:
                    if request.task in BANDED and precheck(request) is None:
                        said = [nought_as_no(text, alone=False) for text in (request.candidate, request.reference)]
                        raw, detail = max(pair_similarity(request.candidate, request.reference), pair_similarity(*said))
                        words = max(len(request.candidate.split()), len(request.reference.split()))
                        band = self._bands[request.task][words <= SHORT_WORDS]
                        verdicts.append(equivalence_verdict(request, raw, band, self.name, detail=detail))
                    else:
                        verdicts.append(to_verdict(self.measure(request), self._thresholds[request.task], self.name))
                    continue
                except Exception as exc:  # a judge never raises: the failure becomes this request's verdict
                    error = f"lexical judge failed: {type(exc).__name__}: {exc}"
            verdicts.append(Verdict(0.0, error, self.name, error=error))
        return verdicts

    async def judge(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        """Answer every request, in order; one verdict per request."""
        return self.judge_sync(requests)

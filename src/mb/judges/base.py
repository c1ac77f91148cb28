"""What every judge speaks: requests (what to judge), verdicts (score + reason) and the Judge protocol."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

__all__ = ["Judge", "JudgeRequest", "JudgeTask", "Verdict"]


class JudgeTask(enum.StrEnum):
    """The questions a judge can be asked."""

    EQUIVALENCE = "equivalence"
    """Does ``candidate`` (a tool argument) semantically achieve the same goal as ``reference`` (free text)?"""

    SIMILARITY = "similarity"
    """How closely does ``candidate`` (the response) match ``reference`` (the expected response) in meaning?"""

    SUPPORT = "support"
    """Is ``candidate`` (a cited span of the response) supported by ``reference`` (the cited chunk)?"""

    RELEVANCE = "relevance"
    """Does ``candidate`` (the response) address ``question``?"""

    COHERENCE = "coherence"
    """Is ``candidate`` (the response to ``question``) logical and well organized?"""

    GROUNDEDNESS = "groundedness"
    """Is ``candidate`` (the response to ``question``) supported by ``reference`` (the retrieved context)?"""

    CHUNK_RELEVANCE = "chunk_relevance"
    """Is ``candidate`` (a retrieved chunk) relevant to ``question``?"""

    SUFFICIENCY = "sufficiency"
    """Does ``candidate`` (the retrieved context) hold what is needed to give ``reference`` (the expected response)
    as the answer to ``question``?"""

    DATE = "date"
    """Does ``candidate`` (a date/time argument) name the time ``reference`` (a phrase the date grammar did not
    understand) describes, said at ``question`` (the user time)?"""

    FACT = "fact"
    """Does ``candidate`` (the response to ``question``) state ``reference`` (an expected fact)?"""

    GUIDELINE = "guideline"
    """Does ``candidate`` (the response to ``question``) follow ``reference`` (a guideline)?"""


@dataclass(frozen=True, slots=True)
class JudgeRequest:
    """One question for a judge. Hashable: equal requests are asked once and cached."""

    task: JudgeTask
    """What to judge."""

    candidate: str
    """The text under judgement (argument value, response, cited span, chunk)."""

    reference: str = ""
    """What the candidate is judged against (expected text, chunk, context); empty when the task has none."""

    question: str = ""
    """The user's request, for tasks that need it; empty otherwise."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """A judge's answer to one request.

    ``score`` is normalized to [0, 1] and 0.5 is the judge's decision boundary: ``score >= 0.5`` means the
    condition holds (equivalent, supported, relevant...). On a 1-5 rubric the grade is ``1 + 4 * score``, so
    the conventional pass mark 3 sits on that boundary.
    """

    score: float
    """Normalized score in [0, 1]; meaningless (0.0) when ``error`` is set. Never NaN."""

    reason: str
    """Why, in a sentence a person can act on."""

    judge: str
    """Which judge decided, e.g. ``lexical``, ``local``, ``llm:gpt-4o-mini``."""

    error: str | None = None
    """Set when the judge could not give a verdict; the check is then reported as an error, not pass/fail."""

    confidence: float | None = None
    """Calibrated probability that the verdict is right (offline judges on equivalence and similarity); None when the
    judge gives none."""

    undecided: bool = False
    """True when the judge cannot tell with the confidence its calibration promises: such a verdict never passes
    (``passed`` is False), and with an LLM judge configured the cascade asks it instead."""

    @property
    def passed(self) -> bool:
        """True when the condition holds (``score >= 0.5``), the judge did not fail and it was not undecided."""
        return self.error is None and not self.undecided and self.score >= 0.5

    @property
    def grade(self) -> float:
        """The score on the 1-5 rubric scale."""
        return 1.0 + 4.0 * self.score


@runtime_checkable
class Judge(Protocol):
    """Decides semantic questions. Implementations never raise for a request: failures become verdicts with
    ``error`` set. Batches let a judge amortize work (embedding batches, concurrent HTTP calls)."""

    @property
    def name(self) -> str:
        """Reported in summaries as the judge that decided, e.g. ``local`` or ``llm:gpt-4o-mini``."""
        ...

    def supports(self, task: JudgeTask) -> bool:
        """Whether this judge can answer ``task`` (lexical and local judges cannot grade coherence, say)."""
        ...

    async def judge(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        """Answer every request, in order; one verdict per request."""
        ...

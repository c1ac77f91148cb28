"""The cascade ``auto`` builds when an LLM judge is configured: the offline judge first, the LLM for the rest.

The offline judge (local, else lexical) answers every question it can; a decided verdict with a calibrated confidence
stands, every other question (undecided, a judge error, uncalibrated, or a task the offline judge cannot answer) goes
to the LLM judge. ``escalation_counts()`` says how many questions went to the LLM because the offline verdict was
undecided, and how many LLM calls its decided verdicts saved.
"""

from __future__ import annotations

from collections.abc import Sequence

from .base import Judge, JudgeRequest, JudgeTask, Verdict

__all__ = ["CascadeJudge"]


class CascadeJudge:
    """An offline judge whose undecided verdicts an LLM judge decides."""

    def __init__(self, offline: Judge, llm: Judge) -> None:
        """``offline`` decides first (its verdicts must carry a confidence to stand); ``llm`` decides the rest."""
        self._offline = offline
        self._llm = llm
        self._escalated = 0
        self._saved = 0

    @property
    def name(self) -> str:
        """Both judges, e.g. ``local+llm:gpt-4o-mini``."""
        return f"{self._offline.name}+{self._llm.name}"

    @property
    def model(self) -> str | None:
        """The LLM judge's model (what the run record and the cost name)."""
        model = getattr(self._llm, "model", None)
        return model if isinstance(model, str) else None

    @property
    def served_models(self) -> set[str]:
        """The models the LLM judge's endpoint said answered, where they differ from the one asked."""
        served = getattr(self._llm, "served_models", None)
        return served if isinstance(served, set) else set()

    @property
    def token_use(self) -> list[int] | None:
        """The tokens the LLM judge spent: ``[input, output, calls]`` (confident offline verdicts spend none)."""
        counts = getattr(self._llm, "token_use", None)
        return counts if isinstance(counts, list) else None

    def supports(self, task: JudgeTask) -> bool:
        """Whatever either judge can answer."""
        return self._offline.supports(task) or self._llm.supports(task)

    def escalation_counts(self) -> tuple[int, int]:
        """``(escalated, saved)``: questions sent to the LLM because the offline verdict was undecided, and questions
        the offline judge decided (LLM calls saved)."""
        return self._escalated, self._saved

    async def judge(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        """Answer every request, in order: decided offline verdicts stand, the LLM judge answers the others."""
        answers: list[Verdict | None] = [None] * len(requests)
        offline = [i for i, request in enumerate(requests) if self._offline.supports(request.task)]
        if offline:
            verdicts = await self._offline.judge([requests[i] for i in offline])
            for i, verdict in zip(offline, verdicts, strict=True):
                if verdict.error is None and verdict.confidence is not None:
                    if verdict.undecided:
                        self._escalated += 1
                    else:
                        answers[i] = verdict
                        self._saved += 1
        rest = [i for i, answer in enumerate(answers) if answer is None]
        if rest:
            decided = await self._llm.judge([requests[i] for i in rest])
            for i, verdict in zip(rest, decided, strict=True):
                answers[i] = verdict
        return [answer for answer in answers if answer is not None]

"""Tiny deterministic agents and a fake LLM-like judge for the M365 tests."""

from __future__ import annotations

from collections.abc import Sequence

from mb.judges.base import JudgeRequest, JudgeTask, Verdict

ANSWERS = {
    "What is Microsoft Graph?": "Microsoft Graph is a unified API endpoint for Microsoft services [1].",
    "I spent $250 on dinner. Is that okay?": "A $250 dinner is over the per-diem meal allowance of $200.",
    "What should I do about the overage?": "Request manager approval.",
    "What is Teams?": "Teams is a collaboration platform.",
}


def echo(messages: list[dict[str, str]]) -> str:
    """Answers known prompts; otherwise repeats the prompt. Mentions how many user turns it saw."""
    prompt = messages[-1]["content"]
    turns = sum(1 for m in messages if m["role"] == "user")
    answer = ANSWERS.get(prompt, f"You said: {prompt}")
    return answer if turns == 1 else f"{answer} (turn {turns})"


def flaky(messages: list[dict[str, str]]) -> str:
    """Fails on any prompt that mentions 'weather'; echoes otherwise."""
    if "weather" in messages[-1]["content"]:
        raise ConnectionError("HTTP 503 Service Unavailable")
    return echo(messages)


class FakeJudge:
    """Grades every task deterministically: relevance by shared words with the question, coherence 4/5,
    similarity by containment of the reference; a candidate holding JUDGE-FAIL makes the judge fail."""

    name = "fake-llm"

    def supports(self, task: JudgeTask) -> bool:
        return True

    async def judge(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        return [self._one(request) for request in requests]

    def _one(self, request: JudgeRequest) -> Verdict:
        if "JUDGE-FAIL" in request.candidate:
            return Verdict(0.0, "", self.name, "connection timeout to the judge endpoint")
        words = lambda text: {w.strip(".,?!").lower() for w in text.split() if len(w) > 3}  # noqa: E731
        if request.task is JudgeTask.RELEVANCE:
            score = 1.0 if words(request.candidate) & words(request.question) else 0.0
        elif request.task is JudgeTask.COHERENCE:
            score = 0.75
        elif request.task is JudgeTask.SIMILARITY:
            score = 1.0 if request.reference.lower().rstrip(".") in request.candidate.lower() else 0.25
        else:
            score = 0.5
        return Verdict(score, f"fake {request.task.value} verdict", self.name)

"""Scripted judges for tests: verdicts decided by a rule the test states, with a record of what was asked."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from mb.judges.base import JudgeRequest, JudgeTask, Verdict

__all__ = ["FailingJudge", "ScriptedJudge", "both_ways", "equivalence", "fact_check", "keyword_rule"]


def equivalence(judge: object, candidate: str, reference: str) -> Verdict:
    """``judge``'s verdict: does ``candidate`` mean the same as ``reference`` (a free_text argument's question)?"""
    [verdict] = judge.judge_sync([JudgeRequest(JudgeTask.EQUIVALENCE, candidate, reference)])  # type: ignore[attr-defined]
    return verdict  # type: ignore[no-any-return]


def both_ways(judge: object, candidate: str, reference: str) -> list[Verdict]:
    """``judge``'s equivalence verdicts on the pair read each way round (a symmetric rule must give both alike)."""
    return [equivalence(judge, candidate, reference), equivalence(judge, reference, candidate)]


def fact_check(judge: object, response: str, fact: str, question: str = "What is the status?") -> Any:
    """The ``expected_facts`` check of a line asking ``question``, answered ``response``, expecting ``fact``."""
    from mb.entities import Example
    from mb.evaluation import evaluate

    line = {
        "inputs": {"messages": [{"role": "user", "content": question}]},
        "expectations": {"expected_facts": [fact]},
        "outputs": {"response": response, "trace": []},
    }
    (result,) = evaluate([Example.model_validate(line)], judge=judge).results  # type: ignore[arg-type]
    (check,) = [check for check in result.checks if check.name == "expected_facts"]
    return check


def keyword_rule(request: JudgeRequest) -> float:
    """Score 1.0 when every word of the reference appears in the candidate (case-insensitive), else 0.0."""
    words = request.reference.casefold().split()
    text = request.candidate.casefold()
    return 1.0 if all(word in text for word in words) else 0.0


class ScriptedJudge:
    """Answers with ``rule(request)`` as the score; records every batch it receives."""

    def __init__(
        self,
        rule: Callable[[JudgeRequest], float] = keyword_rule,
        *,
        tasks: Sequence[JudgeTask] = (JudgeTask.EQUIVALENCE, JudgeTask.SIMILARITY, JudgeTask.SUPPORT),
        name: str = "scripted",
    ) -> None:
        self.rule = rule
        self.tasks = set(tasks)
        self._name = name
        self.batches: list[list[JudgeRequest]] = []

    @property
    def name(self) -> str:
        return self._name

    @property
    def asked(self) -> list[JudgeRequest]:
        """Every request received, across batches."""
        return [request for batch in self.batches for request in batch]

    def supports(self, task: JudgeTask) -> bool:
        return task in self.tasks

    async def judge(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        self.batches.append(list(requests))
        return [Verdict(self.rule(r), f"scripted {r.task.value}", self._name) for r in requests]


class FailingJudge(ScriptedJudge):
    """A judge whose every verdict is an error (an unreachable endpoint, say)."""

    async def judge(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        self.batches.append(list(requests))
        return [Verdict(0.0, "", self.name, "connection refused") for _ in requests]

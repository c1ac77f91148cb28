"""``auto`` with an LLM configured: the offline judge decides what it can, the LLM judge exactly what it left
undecided (and what it could not answer)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import anyio
import pytest
from click.testing import CliRunner

from mb.cli import main
from mb.entities import Example
from mb.evaluation import SummaryBuilder, evaluate
from mb.judges.base import JudgeRequest, JudgeTask, Verdict
from mb.judges.cascade import CascadeJudge
from mb.judges.lexical import LexicalJudge
from tests.conftest import SPEC, spec_lines
from tests.support.openai_server import Reply, chat_server, completion

EQ = JudgeTask.EQUIVALENCE


class _Offline:
    """Answers EQUIVALENCE with the confidence written in the candidate (``"0.95 ..."``), undecided when the candidate
    says ``undecided``; errors on ``"fail"``."""

    name = "offline"

    def supports(self, task: JudgeTask) -> bool:
        return task is EQ

    async def judge(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        out = []
        for request in requests:
            if request.candidate == "fail":
                out.append(Verdict(0.0, "broken", self.name, error="broken"))
            else:
                confidence = float(request.candidate.split()[0])
                undecided = "undecided" in request.candidate
                out.append(Verdict(1.0, "offline", self.name, confidence=confidence, undecided=undecided))
        return out


class _LLM:
    name = "llm:fake"

    def __init__(self) -> None:
        self.asked: list[JudgeRequest] = []

    def supports(self, task: JudgeTask) -> bool:
        return True

    async def judge(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        self.asked.extend(requests)
        return [Verdict(0.0, "llm", self.name) for _ in requests]


def test_decided_verdicts_stand_and_the_undecided_go_to_the_llm() -> None:
    llm = _LLM()
    cascade = CascadeJudge(_Offline(), llm)
    requests = [
        JudgeRequest(EQ, "0.95 sure", "x"),
        JudgeRequest(EQ, "0.55 undecided", "x"),
        JudgeRequest(EQ, "0.6 decided in the uncertain band", "x"),
        JudgeRequest(JudgeTask.COHERENCE, "a response", question="q"),
        JudgeRequest(EQ, "fail", "x"),
        JudgeRequest(EQ, "0.99 sure", "y"),
    ]
    verdicts = anyio.run(cascade.judge, requests)
    assert [v.judge for v in verdicts] == ["offline", "llm:fake", "offline", "llm:fake", "llm:fake", "offline"]
    assert [r.candidate for r in llm.asked] == ["0.55 undecided", "a response", "fail"]
    assert verdicts[2].low_confidence  # a decided verdict of low confidence stands, flagged for review
    assert cascade.escalation_counts() == (1, 3)  # only the undecided verdict counts as escalated
    assert cascade.name == "offline+llm:fake"
    assert cascade.supports(JudgeTask.COHERENCE)


def test_the_summary_counts_escalations_and_low_confidence_verdicts() -> None:
    llm = _LLM()
    cascade = CascadeJudge(LexicalJudge(), llm)
    examples = [Example.model_validate(document) for document in spec_lines("examples-executed.jsonl")]
    run = evaluate(examples, judge=cascade)
    escalated, saved = cascade.escalation_counts()
    assert (run.summary.escalated, run.summary.llm_calls_saved) == (escalated, saved)
    assert escalated + saved > 0
    assert run.summary.judge == "lexical+llm:fake"

    builder = SummaryBuilder()
    plain = evaluate(examples, judge="lexical")
    for result in plain.results:
        builder.add(result)
    flagged = sum(
        parameter.low_confidence
        for result in plain.results
        for assertion in result.assertions
        for parameter in assertion.parameters
    )
    assert flagged > 0  # the extra-detail title of the calendar example
    assert builder.build().low_confidence == flagged == plain.summary.low_confidence


def test_mb_eval_reports_low_confidence_verdicts(tmp_path: Path) -> None:
    output = tmp_path / "results.jsonl"
    args = ["eval", str(SPEC / "examples-executed.jsonl"), "--judge", "lexical", "-o", str(output)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "verdict(s) of low confidence" in result.output
    rows = [json.loads(line) for line in output.read_text(encoding="utf-8").splitlines()[1:]]  # after the run record
    flagged = [
        parameter
        for row in rows
        for assertion in row["assertions"]
        for parameter in assertion["parameters"]
        if parameter["low_confidence"]
    ]
    assert flagged
    assert all(parameter["confidence"] < 0.8 for parameter in flagged)


def test_mb_eval_auto_with_an_llm_counts_what_it_escalated_and_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def grader(body: dict[str, Any]) -> Reply:
        return completion(json.dumps({"score": 5, "reason": "same goal"}), model=body["model"])

    with chat_server(grader) as server:
        monkeypatch.setenv("MB_JUDGE_BASE_URL", server.base_url)
        monkeypatch.setenv("MB_JUDGE_API_KEY", "test-key")
        monkeypatch.setenv("MB_JUDGE_MODEL", "grader-1")
        monkeypatch.setenv("MB_CACHE_DIR", str(tmp_path / "cache"))
        args = ["eval", str(SPEC / "examples-executed.jsonl"), "--format", "json", "-q", "--metrics", "similarity"]
        result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["judge"].endswith("+llm:grader-1")
    assert summary["escalated"] + summary["llm_calls_saved"] > 0
    assert summary["undecided"] == 0  # the LLM decided whatever the offline judge left undecided

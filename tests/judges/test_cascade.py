"""``auto`` with an LLM configured: the offline judge decides what it can, the LLM judge exactly what it left
undecided (and what it could not answer)."""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import anyio
import pytest
from click.testing import CliRunner

from mb.cli import main
from mb.entities import Example
from mb.evaluation import evaluate
from mb.judges.base import JudgeRequest, JudgeTask, Verdict
from mb.judges.cascade import CascadeJudge
from mb.judges.lexical import LexicalJudge
from mb.judges.llm import LLMJudge
from mb.judges.local import LocalJudge
from mb.results_format import read_results_file
from tests.conftest import SPEC, spec_lines
from tests.support.openai_server import Reply, chat_server, completion, listing

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


def test_decided_verdicts_stand_and_exactly_the_undecided_go_to_the_llm() -> None:
    llm = _LLM()
    cascade = CascadeJudge(_Offline(), llm)
    requests = [
        JudgeRequest(EQ, "0.95 sure", "x"),
        JudgeRequest(EQ, "0.55 undecided", "x"),
        JudgeRequest(EQ, "0.6 decided", "x"),
        JudgeRequest(JudgeTask.COHERENCE, "a response", question="q"),
        JudgeRequest(EQ, "fail", "x"),
        JudgeRequest(EQ, "0.99 sure", "y"),
    ]
    verdicts = anyio.run(cascade.judge, requests)
    assert [v.judge for v in verdicts] == ["offline", "llm:fake", "offline", "llm:fake", "llm:fake", "offline"]
    assert [r.candidate for r in llm.asked] == ["0.55 undecided", "a response", "fail"]
    assert cascade.escalation_counts() == (1, 3)  # the undecided verdict counts as escalated
    assert cascade.name == "offline+llm:fake"
    assert cascade.supports(JudgeTask.COHERENCE)


_QUERY = "quarterly revenue of the three largest European airlines in the last fiscal year"


def _long_query_lines() -> list[dict[str, Any]]:
    """The published examples and a search whose long query says another number: a guard fails it, but a long pair's
    failure is right only 55% of the time (long sentences that differ in a detail are often paraphrases)."""
    lines = spec_lines("examples-executed.jsonl")
    search = copy.deepcopy(lines[0])
    search["expectations"]["assertions"][0]["parameters"][0]["matcher"]["value"] = _QUERY
    search["outputs"]["trace"][0]["params"]["query"] = _QUERY.replace("three", "four")
    return [*lines, search]


def test_a_long_pairs_unsure_failure_is_undecided_and_the_cascade_asks_the_llm() -> None:
    examples = [Example.model_validate(document) for document in _long_query_lines()]
    plain = evaluate(examples, judge="lexical").results[-1]
    assert plain.status == "undecided"
    parameter = plain.assertions[0].parameters[0]
    assert parameter.undecided
    assert not parameter.passed
    assert "undecided, leaning different goal" in parameter.reason
    assert "confidence 56%" in parameter.reason

    llm = _LLM()
    cascade = CascadeJudge(LexicalJudge(), llm)
    run = evaluate(examples, judge=cascade)
    escalated, saved = cascade.escalation_counts()
    assert (run.summary.escalated, run.summary.llm_calls_saved) == (escalated, saved)
    assert _QUERY.replace("three", "four") in [request.candidate for request in llm.asked]
    assert run.results[-1].status == "failed"  # the LLM's verdict decides it
    assert run.summary.judge == "lexical+llm:fake"


def test_a_results_file_that_marks_low_confidence_verdicts_still_loads(tmp_path: Path) -> None:
    output = tmp_path / "results.jsonl"
    source = tmp_path / "executed.jsonl"
    source.write_text("".join(json.dumps(line) + "\n" for line in _long_query_lines()), encoding="utf-8")
    result = CliRunner().invoke(main, ["eval", str(source), "--judge", "lexical", "-o", str(output)])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in output.read_text(encoding="utf-8").splitlines()]
    for row in lines[1:]:  # after the run record: as files written before every verdict below 80% was undecided
        for assertion in row["assertions"]:
            for parameter in assertion["parameters"]:
                assert "low_confidence" not in parameter
                parameter["low_confidence"] = False
    output.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    assert read_results_file(output).results[-1].status == "undecided"


def test_mb_eval_auto_with_an_llm_counts_what_it_escalated_and_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def grader(body: dict[str, Any]) -> Reply:
        return completion(json.dumps({"score": 5, "reason": "same goal", **listing(body)}), model=body["model"])

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


class _UnsureOfMaybe:
    """The offline judge of the next test: undecided on candidates that say ``maybe``, a confident pass otherwise."""

    name = "offline"

    def supports(self, task: JudgeTask) -> bool:
        return task is EQ

    async def judge(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        return [
            Verdict(0.6, "cannot tell", self.name, confidence=0.5, undecided=True)
            if "maybe" in request.candidate
            else Verdict(1.0, "same goal", self.name, confidence=0.95)
            for request in requests
        ]


def _search(query: str, number: int) -> Example:
    return Example.model_validate(
        {
            "inputs": {"messages": [{"role": "user", "content": f"Weather in Paris? ({number})"}]},
            "expectations": {
                "assertions": [
                    {
                        "assert_that": "tool_called",
                        "tool": "search",
                        "parameters": [
                            {"param": "query", "matcher": {"match_as": "free_text", "value": "weather in Paris"}}
                        ],
                    }
                ]
            },
            "outputs": {
                "response": "Sunny.",
                "trace": [{"event": "tool_call", "id": "c1", "tool": "search", "params": {"query": query}}],
            },
        }
    )


def test_the_cascade_sends_exactly_the_undecided_checks_to_the_llm_and_its_grade_3_stays_undecided() -> None:
    def grader(body: dict[str, Any]) -> Reply:
        score = 3 if "maybe not" in json.dumps(body["messages"]) else 5
        return completion(json.dumps({"score": score, "reason": "graded", **listing(body)}), model=body["model"])

    queries = ["Paris weather", "maybe Paris", "maybe not Paris", "Paris weather today"]
    with chat_server(grader) as server:
        llm = LLMJudge("grader-1", base_url=server.base_url, api_key="test-key", cache=False)
        cascade = CascadeJudge(_UnsureOfMaybe(), llm)
        run = evaluate([_search(query, n) for n, query in enumerate(queries)], judge=cascade, metrics=[])
        asked = [json.dumps(body["messages"]) for body in server.requests]
    assert len(asked) == 2
    assert sum("maybe Paris" in text for text in asked) == 1
    assert sum("maybe not Paris" in text for text in asked) == 1
    assert [result.status for result in run.results] == ["passed", "passed", "undecided", "passed"]
    assert (run.summary.undecided, run.summary.escalated, run.summary.llm_calls_saved) == (1, 2, 2)
    [parameter] = run.results[2].assertions[0].parameters
    assert parameter.undecided
    assert "at the pass threshold" in parameter.reason


def test_the_responses_the_local_judge_leaves_undecided_go_to_the_llm() -> None:
    """The response's similarity gate: the local judge decides it as an equivalence (bands, guards, doubts), and the
    LLM is asked exactly the responses it left undecided."""
    pairs = [
        ("A man on a red bike rides in a coat.", "A man in a red coat rides a bike."),
        ("She is writing.", "She is writing on a whiteboard."),
        ("The manager of Ana is Ben.", "Ana is the manager of Ben."),
        ("How soon does a flu rash appear?", "What does a flu rash look like?"),
        ("Your order ships on Monday", "Your order ships on Monday."),
    ]
    llm = _LLM()
    cascade = CascadeJudge(LocalJudge(), llm)
    requests = [JudgeRequest(JudgeTask.SIMILARITY, response, expected) for response, expected in pairs]
    verdicts = anyio.run(cascade.judge, requests)
    assert [r.candidate for r in llm.asked] == [response for response, _ in pairs[:4]]
    assert [v.judge for v in verdicts] == ["llm:fake"] * 4 + ["local"]
    assert verdicts[-1].passed
    assert cascade.escalation_counts() == (4, 1)

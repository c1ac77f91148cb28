"""``expected_facts`` and ``guidelines`` scored by the one engine: gating check rows with reasons."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

import pytest

from mb.evaluation import evaluate
from mb.judges import JudgeRequest, JudgeTask, LLMJudge, Verdict
from mb.results import ExampleResult
from tests.support.judges import FailingJudge, ScriptedJudge
from tests.support.openai_server import Reply, chat_server, completion, listing

RESPONSE = "Sure. The meeting is at 3pm on Monday in room 4. Bring your laptop."
CONTRACT = "undecided" in {field.name for field in dataclasses.fields(Verdict)}
"""Whether three-valued verdicts (``Verdict.undecided``) are part of this build."""


def _example(response: str = RESPONSE, **expectations: Any) -> dict[str, Any]:
    return {
        "inputs": {"messages": [{"role": "user", "content": "When is the meeting?"}]},
        "expectations": expectations,
        "outputs": {"response": response, "trace": []},
    }


def _one(line: dict[str, Any], judge: Any = "lexical") -> ExampleResult:
    from mb.entities import Example

    (result,) = evaluate([Example.model_validate(line)], judge=judge).results
    return result


def _checks(result: ExampleResult, name: str) -> list[Any]:
    return [check for check in result.checks if check.name == name]


@pytest.mark.parametrize("judge", ["lexical", pytest.param("local", marks=pytest.mark.slow)])
def test_a_stated_fact_passes_and_names_the_sentence(judge: str) -> None:
    if judge == "local":
        pytest.importorskip("numpy")
    result = _one(_example(expected_facts=["The meeting is at 3pm on Monday in room 4"]), judge)
    (check,) = _checks(result, "expected_facts")
    assert result.passed, check.reason
    assert check.gating
    assert "'The meeting is at 3pm on Monday in room 4.'" in check.reason


@pytest.mark.parametrize(
    "response",
    [
        "Sure. The meeting is at 4pm on Monday in room 4. Bring your laptop.",  # contradicted
        "I could not find the meeting. Ask Bob.",  # missing
        "",  # no response at all
    ],
)
def test_a_missing_or_contradicted_fact_fails_the_example(response: str) -> None:
    result = _one(_example(response, expected_facts=["The meeting is at 3pm on Monday", "Bring your laptop"]))
    first = _checks(result, "expected_facts")[0]
    assert not first.passed
    assert first.reason.startswith("fact 'The meeting is at 3pm on Monday': not stated")
    assert result.status == "failed"
    assert not result.passed


def test_each_fact_is_its_own_check() -> None:
    result = _one(_example(expected_facts=["Bring your laptop", "The meeting is on Friday"]))
    assert [check.passed for check in _checks(result, "expected_facts")] == [True, False]
    assert not result.passed


@pytest.mark.parametrize("judge", ["lexical", pytest.param("local", marks=pytest.mark.slow)])
def test_guidelines_without_an_llm_judge_never_pass(judge: str) -> None:
    if judge == "local":
        pytest.importorskip("numpy")
    result = _one(_example(guidelines=["Answer in one sentence"]), judge)
    (check,) = _checks(result, "guidelines")
    assert not check.passed
    assert not result.passed
    assert "needs an LLM judge (set MB_JUDGE_MODEL" in check.reason
    assert check.model_dump().get("undecided", True)  # undecided where results carry the flag
    if CONTRACT:
        assert result.status == "undecided"


def _verdicts(body: dict[str, Any]) -> Reply:
    """The fake LLM: a guideline about brevity is followed, any other is not; every fact is stated. Several
    guidelines asked at once are answered with one verdict each, in order."""
    user = body["messages"][-1]["content"]
    items = user.split('<guideline item="')[1:]
    if items:
        scores = [5 if "brief" in item.split("</guideline>", 1)[0] else 1 for item in items]
        verdicts = [{"reason": f"checked the guideline, grade {score}", "score": score} for score in scores]
        return completion(json.dumps({"verdicts": verdicts}))
    if "<guideline>" in user:
        score = 5 if "brief" in user.split("<guideline>", 1)[1] else 1
        return completion(json.dumps({"reason": f"checked the guideline, grade {score}", "score": score}))
    return completion(json.dumps({"reason": "the response states it", **listing(body), "score": 5}))


def test_an_llm_judge_gives_a_verdict_and_reason_per_guideline_and_fact() -> None:
    with chat_server(_verdicts) as server:
        judge = LLMJudge("fake-model", base_url=server.base_url, api_key="k", cache=False)
        line = _example(guidelines=["Be brief", "Answer in French"], expected_facts=["The meeting is at 3pm"])
        result = _one(line, judge)
        asked = [json.dumps(request["messages"]) for request in server.requests]
    facts, guidelines = _checks(result, "expected_facts"), _checks(result, "guidelines")
    assert [check.passed for check in guidelines] == [True, False]
    assert (
        guidelines[1].reason == "guideline 'Answer in French': not followed (llm:fake-model judge: checked the "
        "guideline, grade 1)"
    )
    assert facts[0].passed
    assert "llm:fake-model judge: the response states it" in facts[0].reason
    assert result.status == "failed"
    guideline_calls = [text for text in asked if "<guideline item=" in text]  # other metrics ask their own
    assert len(guideline_calls) == 1  # both guidelines in one call
    assert guideline_calls[0].index("Be brief") < guideline_calls[0].index("Answer in French")
    assert not any("<guideline>" in text for text in asked)
    assert sum("<expected_fact>" in text for text in asked) == 1  # a single fact keeps the single-item prompt


def test_a_judge_failure_is_an_error_not_a_verdict() -> None:
    result = _one(_example(expected_facts=["The meeting is at 3pm"]), FailingJudge())
    (check,) = _checks(result, "expected_facts")
    assert not check.passed
    assert check.error is not None
    assert "connection refused" in check.error
    assert result.status == "error"


class _UndecidedJudge:
    """Answers every question as undecided (a judge unsure out of its calibrated domain)."""

    name = "unsure"

    def supports(self, task: JudgeTask) -> bool:
        return task is JudgeTask.SUPPORT

    async def judge(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        return [Verdict(0.6, "out of domain", self.name, undecided=True) for _ in requests]  # type: ignore[call-arg]


@pytest.mark.skipif(not CONTRACT, reason="three-valued verdicts (Verdict.undecided) are not in this build yet")
def test_an_undecided_fact_never_passes() -> None:
    result = _one(_example(expected_facts=["The meeting is at 3pm on Monday"]), _UndecidedJudge())
    (check,) = _checks(result, "expected_facts")
    assert not check.passed
    assert check.reason.startswith("fact 'The meeting is at 3pm on Monday': undecided: the closest sentence is")
    assert result.status == "undecided"


@pytest.mark.parametrize("key", ["expected_facts", "guidelines"])
@pytest.mark.parametrize("entries", [[""], [" \n"], ["The meeting is at 3pm on Monday", ""]])
def test_a_blank_fact_or_guideline_is_an_error_of_the_benchmark_never_a_pass(key: str, entries: list[str]) -> None:
    result = _one(_example(**{key: entries}))
    assert (result.status, result.passed) == ("error", False)
    blank = [check for check in _checks(result, key) if check.error is not None]
    assert len(blank) == 1
    assert "blank" in blank[0].reason


@pytest.mark.parametrize("judge", ["lexical", pytest.param("local", marks=pytest.mark.slow)])
@pytest.mark.parametrize(
    ("fact", "response"),
    [
        ("Bob owes Alice ten dollars", "Alice owes Bob ten dollars."),
        ("The meeting was moved to the morning", "The meeting was moved to the afternoon."),
        ("Google acquired GitHub in 2018", "Sure. Microsoft acquired GitHub in 2018."),
        ("The CEO resigned", "The company denied reports that the CEO resigned."),
        ("The update deletes your files", "The update may delete your files."),
        ("Buzz Aldrin remained in orbit", "Buzz Aldrin walked on the Moon while Michael Collins remained in orbit."),
        ("The museum is closed on Mondays", "Is the museum closed on Mondays? I do not know."),
        ("The bridge was closed in 2020", "In the novel, the bridge was closed in 2020."),  # a frame on no word list
        ("The CEO resigned last week", "The allegation that the CEO resigned last week was dismissed."),
        ("The drug cures cancer", "Analysts speculated that the drug cures cancer."),
        ("500 people attended", "More than 500 people attended."),
        ("The dam burst in 1998", "The dam burst in 1998, or so the story goes."),
        ("Smith resigned.", "The board denied that Dr. Smith resigned."),  # "Dr." ends no sentence of the response
    ],
)
def test_a_fact_the_response_does_not_say_in_its_words_is_undecided_offline(
    judge: str, fact: str, response: str
) -> None:
    if judge == "local":
        pytest.importorskip("numpy")
    result = _one(_example(response, expected_facts=[fact]), judge)
    (check,) = _checks(result, "expected_facts")
    assert not check.passed
    assert check.reason.startswith(f"fact {fact!r}: undecided: the closest sentence is"), check.reason
    assert result.status == "undecided"


@pytest.mark.parametrize("judge", ["lexical", pytest.param("local", marks=pytest.mark.slow)])
def test_a_fact_of_several_sentences_passes_when_the_response_states_each(judge: str) -> None:
    if judge == "local":
        pytest.importorskip("numpy")
    fact = "The drug was approved in 2019. It is sold in 40 countries."
    stated = _one(_example(f"Yes. {fact}", expected_facts=[fact]), judge)
    (check,) = _checks(stated, "expected_facts")
    assert stated.passed, check.reason
    half = _one(_example("Yes. The drug was approved in 2019. It is sold widely.", expected_facts=[fact]), judge)
    (check,) = _checks(half, "expected_facts")
    assert not check.passed, check.reason


def test_facts_times_sentences_over_the_limit_are_errors_asked_of_no_offline_judge() -> None:
    from mb.evaluation._response_checks import MAX_FACT_CHECKS

    sentences = 200
    facts = MAX_FACT_CHECKS // sentences + 1
    response = " ".join(f"Parcel {i} left the depot." for i in range(sentences))
    line = _example(response, expected_facts=[f"Parcel {i} arrived" for i in range(facts)])
    line["expectations"]["assertions"] = [{"assert_that": "no_tool_called"}]
    offline = ScriptedJudge()
    result = _one(line, offline)
    assert offline.asked == []  # not one question per fact and sentence
    checks = _checks(result, "expected_facts")
    assert len(checks) == facts
    assert all(check.error and not check.passed for check in checks)
    assert f"too many to judge offline: {facts:,} facts against {sentences} sentences" in checks[0].reason
    assert result.status == "error"
    assert [assertion.passed for assertion in result.assertions] == [True]  # the line's other checks are scored
    llm = ScriptedJudge(tasks=(JudgeTask.FACT,))  # a judge reading the whole response: one question per fact
    checks = _checks(_one(line, llm), "expected_facts")
    assert len(llm.asked) == facts
    assert all(check.error is None for check in checks)

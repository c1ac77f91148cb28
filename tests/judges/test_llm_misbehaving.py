"""The LLM judge against answers that are not the verdict asked for, and servers that never answer: none of them is
ever a pass, and none of them leaks the key into the cache."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import anyio
import pytest

from mb.judges import JudgeRequest, JudgeTask, LLMJudge, Verdict
from mb.judges._prompts import PROMPTS, Prompt
from tests.support.openai_server import Reply, chat_server, completion, listing

EQ = JudgeTask.EQUIVALENCE
KEY = "test-key-0123456789"


async def _no_wait(seconds: float) -> None:
    return None


def make(url: str, tmp_path: Path | None = None, **options: Any) -> LLMJudge:
    options.setdefault("cache", tmp_path / "cache.sqlite3" if tmp_path else False)
    options.setdefault("sleep", _no_wait)
    return LLMJudge("judge-model", base_url=url, api_key=KEY, **options)


def run(judge: LLMJudge, requests: Sequence[JudgeRequest]) -> list[Verdict]:
    return anyio.run(judge.judge, requests)


def ask(content: str, **options: Any) -> Verdict:
    with chat_server(lambda body: completion(content)) as server:
        [verdict] = run(make(server.base_url, **options), [JudgeRequest(EQ, "Paris", "London")])
    return verdict


PASSING = json.dumps({"reason": "same city", "differences": [], "score": 5})


@pytest.mark.parametrize(
    "content",
    [
        f"<think>At first sight {PASSING}</think> Final answer: not equivalent.",
        f"I first thought {PASSING}, but the cities differ: not equivalent.",
        '{"reason": "different cities", "differences": [], "score": 1} ' + PASSING,
        '{"reason": "different cities", "differences": [], "score": 1, "score": 5}',
        '{"reason": "same country", "equivalent": false, "differences": [], "score": 5}',
        f"<think>They look equivalent {PASSING}",  # the thinking cut off: no answer after it
    ],
)
def test_an_answer_that_is_not_one_verdict_is_an_error_never_a_pass(content: str) -> None:
    verdict = ask(content, response_format="text")
    assert not verdict.passed
    assert verdict.error is not None
    assert "malformed answer" in verdict.error


@pytest.mark.parametrize(
    "content",
    [
        f"```json\n{PASSING}\n```\n\nThe two are not the same.",
        f"```json\n{PASSING}\n```\nOn reflection: score 1.",
        f'```json\n{PASSING}\n```\n```json\n{{"reason": "other city", "differences": [], "score": 1}}\n```',
        f"{PASSING}. Not equivalent.",
        f"```json\n{PASSING}\n```\nThis is inaccurate.",
        f"```json\n{PASSING}\n```\n\u274c",
        f"```json\n{PASSING}\n```\n\nThe two are the same.",  # a remark that agrees is no presentation either
        '{"reason": "same city", "differences": [], "score": 5, "passed": false}',
        '{"reason": "same city", "differences": [], "score": 5, "final_score": 1}',
        '{"reason": "same city", "differences": [], "score": 5, "label": "different"}',
        '{"reason": "same city", "differences": [], "score": 5, "ok": false}',
        '{"reason": "same city", "differences": [], "score": 5, "details": {"equivalent": false}}',
    ],
)
def test_a_remark_or_key_that_may_state_another_verdict_is_an_error(content: str) -> None:
    verdict = ask(content, response_format="text")
    assert not verdict.passed
    assert verdict.error is not None
    assert "malformed answer" in verdict.error


@pytest.mark.parametrize("response_format", ["text", "json_object"])
@pytest.mark.parametrize(
    "content",
    [
        f"{PASSING}.",
        f"Here is my answer:\n{PASSING}",
        f"Sure! Here is the judgment in JSON:\n```json\n{PASSING}\n```",
        f"Here is my verdict:\n{PASSING}",
        f"Final output:\n{PASSING}",
        f"\uff28\uff45\uff52\uff45 is the result: {PASSING}",  # fullwidth "Here", folded
        f"Here is my assessment:\n{PASSING}\nI hope this helps!",
        f"Here you are: {PASSING}",
        f"I'll record my verdict now.\n{PASSING}",
        f"Let me submit the evaluation.\n{PASSING}",
    ],
)
def test_an_answer_presented_in_a_few_words_is_read(content: str, response_format: str) -> None:
    verdict = ask(content, response_format=response_format)
    assert verdict.error is None
    assert verdict.passed
    assert verdict.reason == "same city"


LEAD_INS = [
    "FAIL: the response says under review, not approved.",
    "Score: 1/5",
    "Verdict: FAIL (score 1).",
    "The texts clearly do not match. Final answer:",
    "1. Not equivalent.\n2. Score below.",
    "<think>x</think>\nFAIL",
    "\u274c",
    "Rejected.",
    "They disagree.",
    "\uff26\uff21\uff29\uff2c",  # fullwidth FAIL
    "Score \uff12",  # fullwidth 2
    "Here is my answer, \U0001f44e",
]


@pytest.mark.parametrize("response_format", ["json_schema", "json_object", "text"])
@pytest.mark.parametrize("lead_in", LEAD_INS)
def test_a_lead_in_that_gives_a_verdict_is_an_error(lead_in: str, response_format: str) -> None:
    verdict = ask(f"{lead_in}\n{PASSING}", response_format=response_format)
    assert not verdict.passed
    assert "text around the JSON object" in (verdict.error or "")


@pytest.mark.parametrize(
    "extra",
    [
        {"notes": "actually they differ; should be 1"},
        {"explanation": "NOT equivalent: the cities differ"},
        {"status": "FAIL"},
        {"assessment": "different meaning"},
        {"final": "no"},
        {"classification": "not equivalent"},
        {"comment": "ok"},
        {"details": "see below", "remark": "wrong city"},
        {"hallucination": 1},
        {"ok": 0},
        {"status": "totally inaccurate"},
        {"status": "rejected outright"},
        {"notes": "off topic entirely"},
        {"status": "\u274c"},
        {"\uff4c\uff41\uff42\uff45\uff4c": "x y"},  # fullwidth "label"
        {"explanation": "both name Paris", "notes": None},
        {"Score": 5},
    ],
)
def test_an_extra_key_is_an_error(extra: dict[str, Any]) -> None:
    verdict = ask(json.dumps({"reason": "same city", "differences": [], "score": 5, **extra}), response_format="text")
    assert not verdict.passed
    assert "unexpected key" in (verdict.error or "")


@pytest.mark.parametrize("confidence", [0.95, 0.8, 1, 90, "high", "Very high"])
def test_a_high_confidence_beside_the_verdict_is_read(confidence: Any) -> None:
    verdict = ask(json.dumps({"reason": "same city", "differences": [], "score": 5, "confidence": confidence}))
    assert verdict.error is None
    assert verdict.passed
    assert verdict.reason == "same city"


@pytest.mark.parametrize("confidence", [0.4, 0, 0.79, 60, "low", "medium", "sure", -0.5, 101, "0.9"])
def test_a_low_confidence_leaves_a_verdict_undecided_in_this_run_and_the_next(confidence: Any, tmp_path: Path) -> None:
    answer = json.dumps({"reason": "same city", "differences": [], "score": 5, "confidence": confidence})
    with chat_server(lambda body: completion(answer)) as server:
        verdicts = [run(make(server.base_url, tmp_path), [JudgeRequest(EQ, "Paris", "London")])[0] for _ in range(2)]
    assert server.calls == 1  # the second verdict came from the cache
    for verdict in verdicts:
        assert verdict.undecided
        assert not verdict.passed
        assert "confidence is low" in verdict.reason


@pytest.mark.parametrize(
    "reason",
    [
        "Not equivalent: the candidate names another city.",
        "No: a specific differs (another city).",
        "no - another city",
        "The candidate names London, so the two are NOT equivalent.",
        "**No**: another city.",
        '"No": another city.',
        "Not-equivalent: another city.",
        "Not equivalent word for word, and another city.",  # a remark on the wording that goes on to a no
        "Not equivalent verbatim or in meaning: London is not Paris.",
        "Not equivalent literally: another city.",
        "Not equivalent in wording, but not in substance either: another city.",
    ],
)
@pytest.mark.parametrize("grade", [4, 5])
def test_a_reason_that_says_no_beside_a_passing_grade_is_undecided(reason: str, grade: int) -> None:
    verdict = ask(json.dumps({"reason": reason, "differences": [], "score": grade}))
    assert verdict.undecided
    assert not verdict.passed
    assert "its reason says not equivalent" in verdict.reason


@pytest.mark.parametrize(
    ("task", "reason"),
    [
        (JudgeTask.SUFFICIENCY, "The context is insufficient: no date."),
        (JudgeTask.SUFFICIENCY, "The context is not sufficient: the opening date is missing."),
        (JudgeTask.SIMILARITY, "No: another date."),
        (JudgeTask.SUPPORT, "Unsupported: the chunk says nothing about the price."),
        (JudgeTask.CHUNK_RELEVANCE, "Irrelevant: the chunk is about parking."),
        (JudgeTask.FACT, "Unstated: the response gives no time."),
        (JudgeTask.GUIDELINE, "Not-followed: the response quotes a price."),
        (EQ, "Non-equivalent: another city."),
        (JudgeTask.FACT, "Not stated explicitly."),
        (JudgeTask.FACT, "Not stated explicitly or implicitly: the response gives no time."),
        (JudgeTask.FACT, "The fact is not stated explicitly; the response gives another date."),
        (JudgeTask.SUPPORT, "Not supported explicitly or implicitly by the chunk."),
    ],
)
def test_a_reason_in_the_rubric_s_words_for_no_beside_a_pass_is_undecided(task: JudgeTask, reason: str) -> None:
    with chat_server(lambda body: completion(json.dumps({"reason": reason, **listing(body), "score": 5}))) as server:
        [verdict] = run(make(server.base_url), [JudgeRequest(task, "a", "b", question="q")])
    assert verdict.undecided
    assert not verdict.passed


@pytest.mark.parametrize(
    ("reason", "grade"),
    [
        ("Yes, the same city.", 1),
        ("Yes, they are equivalent; nothing differs except the wording.", 1),  # "except", "though" only qualify a yes
        ("Yes, the same city, though written differently.", 2),
    ],
)
def test_a_reason_that_says_yes_beside_a_failing_grade_is_undecided(reason: str, grade: int) -> None:
    verdict = ask(json.dumps({"reason": reason, "differences": [], "score": grade}))
    assert verdict.undecided
    assert not verdict.passed


@pytest.mark.parametrize(
    ("reason", "grade"),
    [
        ("No detail differs; both name Paris.", 5),
        ("Nothing is missing.", 4),
        ("Not equivalent: another city.", 1),
        ("No, another city.", 2),
        ("Equivalent wording, but another city.", 2),
        ("Not a word differs.", 5),
        ("No-op difference: same value.", 5),
        ('"Yes." contradicts the expected "No.": opposite answers.', 1),  # quoted answers, not the judge's own
        ("'Yes' vs 'No': opposite answers.", 1),
        ('"No." and "No, it is closed." give the same answer.', 5),
        ("'No' matches the expected 'No, closed on Sundays'.", 5),
    ],
)
def test_a_reason_that_agrees_with_its_grade_is_read(reason: str, grade: int) -> None:
    verdict = ask(json.dumps({"reason": reason, "differences": [], "score": grade}))
    assert not verdict.undecided
    assert verdict.error is None
    assert verdict.passed is (grade > 3)


def test_a_graded_task_is_not_read_for_a_yes_or_no() -> None:
    with chat_server(
        lambda body: completion(json.dumps({"reason": "No digressions.", **listing(body), "score": 5}))
    ) as server:
        [verdict] = run(make(server.base_url), [JudgeRequest(JudgeTask.RELEVANCE, "a", "", question="q")])
    assert not verdict.undecided
    assert verdict.score == 1.0


def test_an_ordinary_reason_is_read_even_with_words_of_a_verdict() -> None:
    verdict = ask(
        json.dumps({"reason": "Both name Paris; nothing is missing, no detail differs.", "differences": [], "score": 5})
    )
    assert verdict.error is None
    assert verdict.passed


@pytest.mark.parametrize("content", [PASSING, None])
def test_a_refusal_is_an_error_even_beside_a_verdict(content: str | None) -> None:
    def handler(body: dict[str, Any]) -> Reply:
        reply = completion(content)
        reply.body["choices"][0]["message"]["refusal"] = "I can't help with comparing these."
        return reply

    with chat_server(handler) as server:
        [verdict] = run(make(server.base_url), [JudgeRequest(EQ, "Paris", "Paris")])
    assert not verdict.passed
    assert "refused to judge" in (verdict.error or "")
    assert server.calls == 1


def test_a_verdict_after_thinking_is_read_without_the_thinking() -> None:
    verdict = ask(
        f'<think>Both are cities, so "equivalent"? {PASSING}</think>\n'
        '{"reason": "other city", "differences": [], "score": 1}'
    )
    assert verdict.error is None
    assert not verdict.passed
    assert verdict.reason == "other city"


@pytest.mark.parametrize("finish", ["length", "content_filter", "model_length", "error", "abort"])
def test_an_answer_cut_short_is_no_verdict_even_when_it_parses(finish: str) -> None:
    def handler(body: dict[str, Any]) -> Reply:
        reply = completion(PASSING)
        reply.body["choices"][0]["finish_reason"] = finish
        return reply

    with chat_server(handler) as server:
        [verdict] = run(make(server.base_url), [JudgeRequest(EQ, "Paris", "London")])
    assert not verdict.passed
    assert verdict.error is not None
    assert f"finish_reason {finish!r}" in verdict.error


@pytest.mark.parametrize("message", ["hi", [], {}, {"role": "assistant"}])
def test_a_message_that_is_no_object_or_holds_nothing_is_no_verdict(message: Any) -> None:
    def handler(body: dict[str, Any]) -> Reply:
        reply = completion(PASSING)
        assert isinstance(reply.body, dict)
        reply.body["choices"][0]["message"] = message
        return reply

    with chat_server(handler) as server:
        [verdict] = run(make(server.base_url), [JudgeRequest(EQ, "Paris", "London")])
    assert not verdict.passed
    assert verdict.error is not None
    assert "no chat completion message" in verdict.error or "answered nothing" in verdict.error, verdict.error


def test_a_failure_that_echoes_the_key_is_cached_with_the_key_masked(tmp_path: Path) -> None:
    def handler(body: dict[str, Any]) -> Reply:
        return Reply({"error": {"message": f"token {KEY} is not valid for this deployment"}}, status=500)

    with chat_server(handler) as server:
        [verdict] = run(make(server.base_url, tmp_path), [JudgeRequest(EQ, "a", "b")])
    assert verdict.error is not None
    assert KEY not in verdict.error
    assert KEY.encode() not in (tmp_path / "cache.sqlite3").read_bytes()
    with sqlite3.connect(tmp_path / "cache.sqlite3") as connection:
        [(message,)] = connection.execute("SELECT message FROM failures").fetchall()
    assert KEY not in message
    assert "[REDACTED]" in message


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ({"max_tokens": 5}, {"max_tokens": 400}),
        ({"temperature": 0.0}, {"temperature": 1.0}),
        ({"response_format": "text"}, {"response_format": "json_schema"}),
    ],
)
def test_a_cached_answer_is_not_reused_under_other_settings(
    tmp_path: Path, first: dict[str, Any], second: dict[str, Any]
) -> None:
    request = JudgeRequest(EQ, "a", "b")
    answers = ["not JSON at all"] * 2 + [PASSING] * 2
    with chat_server(lambda body: completion(answers.pop(0))) as server:
        [failed] = run(make(server.base_url, tmp_path, **first), [request])
        [again] = run(make(server.base_url, tmp_path, **first), [request])
        assert server.calls == 2  # asked twice, then the same settings get the cached failure
        [changed] = run(make(server.base_url, tmp_path, **second), [request])
        assert server.calls == 3
    assert failed.error is not None
    assert again.error is not None
    assert changed.error is None
    assert changed.passed


@pytest.mark.parametrize("changed", ["rubric", "model"])
def test_a_cached_verdict_is_not_reused_once_the_prompt_text_or_model_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, changed: str
) -> None:
    request = JudgeRequest(EQ, "Paris", "Lyon")
    answers = [PASSING, json.dumps({"reason": "another city", "differences": [], "score": 1})]
    with chat_server(lambda body: completion(answers.pop(0))) as server:
        [first] = run(make(server.base_url, tmp_path), [request])
        if changed == "rubric":  # the text, its version left as it was
            old = PROMPTS[EQ]
            monkeypatch.setitem(
                PROMPTS, EQ, Prompt(old.version, old.rubric + "\nA city is compared by name.", old.fields)
            )
            [second] = run(make(server.base_url, tmp_path), [request])
        else:
            judge = LLMJudge("another-model", base_url=server.base_url, api_key=KEY, cache=tmp_path / "cache.sqlite3")
            [second] = run(judge, [request])
    assert server.calls == 2
    assert first.passed
    assert not second.passed


def test_a_server_that_never_answers_fails_every_question_after_one_timeout() -> None:
    release = threading.Event()

    def never(body: dict[str, Any]) -> Reply:
        release.wait(60)
        return completion(PASSING)

    with chat_server(never) as server:
        try:
            requests = [JudgeRequest(EQ, f"candidate {index}", "reference") for index in range(6)]
            judge = make(server.base_url, timeout=0.5, max_concurrency=2)
            verdicts = run(judge, requests)
        finally:
            release.set()
    assert server.calls == 1
    assert judge.token_use[2] == 1  # the call sent counts, unanswered
    assert all(verdict.error is not None and not verdict.passed for verdict in verdicts)
    assert all("timed out" in (verdict.error or "") for verdict in verdicts)


def test_a_timeout_after_the_server_answered_does_not_fail_the_questions_after_it() -> None:
    release = threading.Event()

    def handler(body: dict[str, Any]) -> Reply:
        text = json.dumps(body["messages"])
        if "BAD" in text:
            return Reply({"error": {"message": "bad request"}}, status=400)
        if "SLOW" in text:
            release.wait(60)
        return completion(PASSING)

    with chat_server(handler) as server:
        try:
            requests = [JudgeRequest(EQ, candidate, "x") for candidate in ["BAD", "SLOW", "late 1", "late 2"]]
            bad, slow, *late = run(make(server.base_url, timeout=0.5, max_concurrency=1), requests)
        finally:
            release.set()
    assert "HTTP 400" in (bad.error or "")
    assert "timed out" in (slow.error or "")
    assert not slow.passed
    assert all(verdict.error is None and verdict.passed for verdict in late)


@pytest.mark.parametrize(
    ("content", "calls"),
    [
        (
            None,
            [
                {"reason": "different cities", "differences": [], "score": 1},
                {"reason": "same city", "differences": [], "score": 5},
            ],
        ),
        (
            '{"reason": "different cities", "differences": [], "score": 1}',
            [{"reason": "same city", "differences": [], "score": 5}],
        ),
    ],
)
def test_two_verdicts_in_tool_calls_or_beside_one_are_an_error(content: str | None, calls: list[Any]) -> None:
    tool_calls = [(f"call_{index}", "verdict", arguments) for index, arguments in enumerate(calls)]
    with chat_server(lambda body: completion(content, tool_calls=tool_calls)) as server:
        [verdict] = run(make(server.base_url, response_format="tool"), [JudgeRequest(EQ, "Paris", "London")])
    assert not verdict.passed
    assert verdict.error is not None
    assert "malformed answer" in verdict.error


@pytest.mark.parametrize("content", ["FAIL - these differ.", "Inaccurate."])
def test_a_verdict_beside_the_tool_call_is_an_error(content: str) -> None:
    tool_calls = [("call_1", "verdict", {"reason": "same city", "differences": [], "score": 5})]
    with chat_server(lambda body: completion(content, tool_calls=tool_calls)) as server:
        [verdict] = run(make(server.base_url, response_format="tool"), [JudgeRequest(EQ, "Paris", "London")])
    assert not verdict.passed
    assert "text around the JSON object" in (verdict.error or "")


def test_a_lead_in_beside_the_tool_call_is_allowed() -> None:
    tool_calls = [("call_1", "verdict", {"reason": "same city", "differences": [], "score": 5})]
    with chat_server(lambda body: completion("Here is my verdict.", tool_calls=tool_calls)) as server:
        [verdict] = run(make(server.base_url, response_format="tool"), [JudgeRequest(EQ, "Paris", "Paris")])
    assert verdict.error is None
    assert verdict.passed


def test_a_rate_limited_first_question_does_not_make_the_others_wait_for_one_another() -> None:
    """The first question, finding the answer format, is rate limited to the end: the others then wait out their
    rate limits side by side, not one after another."""
    calls, sleeping, together = 0, 0, anyio.Event()

    async def sleep(seconds: float) -> None:
        nonlocal calls, sleeping
        calls += 1
        if calls == 1:  # the first question's own wait: nothing else may run yet
            return
        sleeping += 1
        if sleeping >= 2:
            together.set()
        with anyio.move_on_after(10):
            await together.wait()
        sleeping -= 1

    def limited(body: dict[str, Any]) -> Reply:
        return Reply({"error": {"message": "slow down"}}, status=429, headers={"Retry-After": "100"})

    with chat_server(limited) as server:
        judge = make(server.base_url, max_retries=1, max_concurrency=4, sleep=sleep)
        verdicts = run(judge, [JudgeRequest(EQ, f"candidate {index}", "reference") for index in range(4)])
    assert together.is_set()
    assert all("HTTP 429" in (verdict.error or "") for verdict in verdicts)


def test_a_body_that_is_not_a_chat_completion_is_an_error_that_shows_it() -> None:
    with chat_server(lambda body: Reply({"reason": "same city", **listing(body), "score": 5})) as server:
        [verdict] = run(make(server.base_url), [JudgeRequest(EQ, "Paris", "London")])
    assert not verdict.passed
    assert verdict.error is not None
    assert "no chat completion message" in verdict.error
    assert "same city" in verdict.error


@pytest.mark.parametrize(
    ("reply", "shown"),
    [
        (Reply({"error": {"message": "model overloaded, try later"}}), "model overloaded, try later"),
        (Reply({"id": "x", "object": "chat.completion", "created": 1, "model": "m", "choices": []}), '"choices":[]'),
        (Reply('{"choices": [', content_type="application/json"), "not JSON"),
    ],
)
def test_an_answer_that_is_no_chat_completion_says_what_came(reply: Reply, shown: str) -> None:
    with chat_server(lambda body: reply) as server:
        [verdict] = run(make(server.base_url), [JudgeRequest(EQ, "Paris", "London")])
    assert not verdict.passed
    assert verdict.error is not None
    assert verdict.error.startswith(f"{server.base_url} answered no chat completion")
    assert shown in verdict.error


def test_a_reason_that_quotes_a_think_tag_is_read_whole() -> None:
    verdict = ask(
        '{"reason": "the candidate adds a <think> tag the expected text lacks", "differences": [], "score": 2}'
    )
    assert verdict.error is None
    assert verdict.reason == "the candidate adds a <think> tag the expected text lacks"


def test_calls_are_counted_when_the_server_reports_no_token_use() -> None:
    def handler(body: dict[str, Any]) -> Reply:
        reply = completion(PASSING)
        del reply.body["usage"]
        return reply

    with chat_server(handler) as server:
        judge = make(server.base_url)
        run(judge, [JudgeRequest(EQ, "Paris", "Paris"), JudgeRequest(EQ, "Rome", "Rome")])
    assert judge.token_use == [0, 0, 2]


def test_a_connection_closed_halfway_through_the_answer_says_so() -> None:
    with chat_server(lambda body: Reply(completion("{}").body, cut=True)) as server:
        [verdict] = run(make(server.base_url, max_retries=1, backoff_base=0.01), [JudgeRequest(EQ, "Paris", "Rome")])
    assert verdict.error is not None
    assert "connection failed after 2 attempts" in verdict.error
    assert "incomplete" in verdict.error or "closed" in verdict.error, verdict.error


def test_a_server_redirecting_in_a_loop_fails_every_question_at_once_without_retries() -> None:
    with chat_server(lambda body: Reply({}, status=307, headers={"Location": "/v1/chat/completions"})) as server:
        verdicts = run(make(server.base_url), [JudgeRequest(EQ, "Paris", city) for city in ("Rome", "Oslo", "Bern")])
    assert server.calls <= 21  # one chain of redirects, followed until the client gives up, is all it is sent
    for verdict in verdicts:
        assert not verdict.passed
        assert "redirects" in (verdict.error or "")
        assert "not retried" in (verdict.error or "")


@pytest.mark.parametrize("status", [301, 302])
def test_an_error_after_a_redirect_that_turned_the_request_into_a_get_says_so(status: int) -> None:
    with chat_server(lambda body: completion(PASSING)) as target:
        moved = Reply({}, status=status, headers={"Location": f"{target.base_url}/chat/completions"})
        with chat_server(lambda body: moved) as server:
            [verdict] = run(make(server.base_url, max_retries=0), [JudgeRequest(EQ, "Paris", "Paris")])
    assert not verdict.passed
    assert f"redirected to {target.base_url}/chat/completions as a GET request" in (verdict.error or "")


def test_a_redirect_to_another_server_does_not_carry_the_key() -> None:
    with chat_server(lambda body: completion(PASSING)) as target:
        moved = Reply({}, status=307, headers={"Location": f"{target.base_url}/chat/completions"})
        with chat_server(lambda body: moved) as server:
            [verdict] = run(make(server.base_url), [JudgeRequest(EQ, "Paris", "Paris")])
    assert verdict.passed
    assert KEY in json.dumps(server.headers[0])
    assert all(KEY not in json.dumps(headers) for headers in target.headers)


def test_a_runaway_reason_is_kept_shortened_in_the_verdict_and_the_cache(tmp_path: Path) -> None:
    answer = json.dumps({"reason": "Both name Paris. " * 100_000, "differences": [], "score": 5})
    with chat_server(lambda body: completion(answer)) as server:
        verdicts = [run(make(server.base_url, tmp_path), [JudgeRequest(EQ, "Paris", "Paris")])[0] for _ in range(2)]
    assert server.calls == 1
    for verdict in verdicts:
        assert verdict.passed
        assert verdict.reason.startswith("Both name Paris. Both name Paris.")
        assert verdict.reason.endswith("...")
        assert len(verdict.reason) <= 2000
    assert (tmp_path / "cache.sqlite3").stat().st_size < 100_000


@pytest.mark.parametrize("status", [401, 403, 404])
def test_a_key_or_model_the_server_refuses_before_any_answer_is_sent_once_for_every_question(status: int) -> None:
    refused = Reply({"error": {"message": f"refused: {KEY}"}}, status=status)
    with chat_server(lambda body: refused) as server:
        judge = make(server.base_url, max_concurrency=1)
        verdicts = run(judge, [JudgeRequest(EQ, "Paris", city) for city in ("Rome", "Oslo", "Bern", "Kyiv")])
    assert server.calls == 1
    for verdict in verdicts:
        assert not verdict.passed
        assert f"HTTP {status}" in (verdict.error or "")
        assert KEY not in (verdict.error or "")


def test_a_model_refused_after_answers_is_a_failure_of_that_question_alone() -> None:
    replies = iter([completion(PASSING), Reply({"error": {"message": "no such model"}}, status=404)])
    with chat_server(lambda body: next(replies, completion(PASSING))) as server:
        verdicts = run(make(server.base_url, max_concurrency=1), [JudgeRequest(EQ, "Paris", c) for c in "ABC"])
    assert server.calls == 3
    assert sorted(verdict.error is None for verdict in verdicts) == [False, True, True]


def test_an_answer_given_as_content_parts_is_read_from_its_text_parts() -> None:
    thinking = {"type": "thinking", "thinking": '{"reason": "another city", "differences": [], "score": 1}'}
    parts = [thinking, {"type": "text", "text": "Here is my verdict: "}, {"type": "text", "text": PASSING}]

    def handler(body: dict[str, Any]) -> Reply:
        reply = completion("unused")
        reply.body["choices"][0]["message"]["content"] = parts
        return reply

    with chat_server(handler) as server:
        [verdict] = run(make(server.base_url), [JudgeRequest(EQ, "Paris", "Paris")])
    assert verdict.error is None
    assert verdict.passed


@pytest.mark.parametrize(
    ("task", "reason"),
    [
        (JudgeTask.GUIDELINE, "Not applicable: the response quotes no price, so the rule is followed."),
        (JudgeTask.FACT, "Not explicitly stated, but the 9:40 departure implies it."),
        (JudgeTask.SIMILARITY, "It does not differ in meaning."),
    ],
)
def test_a_reason_opening_with_not_that_agrees_with_a_pass_is_read(task: JudgeTask, reason: str) -> None:
    with chat_server(lambda body: completion(json.dumps({"reason": reason, **listing(body), "score": 4}))) as server:
        [verdict] = run(make(server.base_url), [JudgeRequest(task, "a", "b", question="q")])
    assert not verdict.undecided
    assert verdict.passed


def _parts(parts: list[Any], **verdict: Any) -> Reply:
    """A completion whose content is a list of parts (and, given ``verdict``, a verdict tool call)."""
    reply = completion(None, tool_calls=[("call_1", "verdict", verdict)] if verdict else None)
    assert isinstance(reply.body, dict)
    reply.body["choices"][0]["message"]["content"] = parts
    return reply


FAILING = json.dumps({"reason": "another city", "differences": [], "score": 1})


@pytest.mark.parametrize(
    "parts",
    [
        [{"type": "text", "text": PASSING}, {"type": "output_text", "text": "Actually: not equivalent."}],
        [{"type": "output_text", "text": FAILING}, {"type": "text", "text": PASSING}],
        [{"type": "text", "text": PASSING}, {"text": "Final answer: not equivalent"}],
        [{"type": "text", "text": PASSING}, {"type": "Text", "text": "FAIL, not equivalent"}],
        [{"type": "text", "text": PASSING}, "not equivalent"],
        [{"type": "text", "text": PASSING}, {"type": "text", "text": FAILING}],
    ],
)
def test_content_parts_other_than_text_and_thinking_make_the_answer_malformed(parts: list[Any]) -> None:
    with chat_server(lambda body: _parts(parts)) as server:
        [verdict] = run(make(server.base_url, response_format="text"), [JudgeRequest(EQ, "Paris", "London")])
    assert not verdict.passed
    assert "malformed answer" in (verdict.error or "")


@pytest.mark.parametrize(
    ("parts", "verdict"),
    [
        ([{"type": "text", "text": PASSING}, {"type": "refusal", "refusal": "I cannot judge this content."}], {}),
        ([{"type": "refusal", "refusal": "I refuse"}], {"reason": "same city", "differences": [], "score": 5}),
    ],
)
def test_a_refusal_part_is_a_refusal(parts: list[Any], verdict: dict[str, Any]) -> None:
    with chat_server(lambda body: _parts(parts, **verdict)) as server:
        judge = make(server.base_url, response_format="tool" if verdict else "text")
        [answer] = run(judge, [JudgeRequest(EQ, "Paris", "Paris")])
    assert not answer.passed
    assert "refused to judge" in (answer.error or "")


def test_thinking_parts_are_left_out_of_the_answer() -> None:
    parts = [
        {"type": "thinking", "thinking": FAILING},
        {"type": "reasoning", "text": "x"},
        {"type": "text", "text": PASSING},
    ]
    with chat_server(lambda body: _parts(parts)) as server:
        [verdict] = run(make(server.base_url, response_format="text"), [JudgeRequest(EQ, "Paris", "Paris")])
    assert verdict.error is None
    assert verdict.passed


@pytest.mark.parametrize("confidence", [True, None, [0.9], {"level": "high"}, "unsure " * 50_000, "high" + " " * 30])
def test_a_confidence_that_is_no_number_or_word_is_malformed(confidence: Any) -> None:
    verdict = ask(
        json.dumps({"reason": "same city", "differences": [], "score": 5, "confidence": confidence}),
        response_format="text",
    )
    assert not verdict.passed
    assert "malformed answer" in (verdict.error or "")
    assert len(verdict.error or "") < 1000


@pytest.mark.parametrize("task", [JudgeTask.RELEVANCE, JudgeTask.COHERENCE, JudgeTask.GROUNDEDNESS])
@pytest.mark.parametrize("confidence", [0.1, "low", "medium"])
def test_a_low_confidence_on_a_graded_task_gives_no_grade_in_this_run_and_the_next(
    task: JudgeTask, confidence: Any, tmp_path: Path
) -> None:
    answer = json.dumps({"reason": "answers it", "score": 5, "confidence": confidence})
    request = JudgeRequest(task, "The museum opens at 9.", "The museum opens at 9.", question="When does it open?")
    with chat_server(lambda body: completion(answer)) as server:
        verdicts = [run(make(server.base_url, tmp_path), [request])[0] for _ in range(2)]
    assert server.calls == 1
    for verdict in verdicts:
        assert not verdict.passed
        assert verdict.score < 1.0
        assert "confidence is low" in (verdict.error or "")


LONG = "Both texts name a European capital and use the same format. " * 40


@pytest.mark.parametrize("grade", [4, 5])
def test_a_reason_saying_no_after_two_thousand_characters_is_still_read(grade: int, tmp_path: Path) -> None:
    answer = json.dumps({"reason": LONG + "Therefore they are not equivalent.", "differences": [], "score": grade})
    with chat_server(lambda body: completion(answer)) as server:
        verdicts = [run(make(server.base_url, tmp_path), [JudgeRequest(EQ, "Paris", "London")])[0] for _ in range(2)]
    assert server.calls == 1
    for verdict in verdicts:
        assert verdict.undecided
        assert not verdict.passed
        assert len(verdict.reason) <= 2000


@pytest.mark.parametrize("confidence", [0.1, "high"])
def test_a_runaway_reason_is_kept_to_two_thousand_characters_whatever_is_added(confidence: Any, tmp_path: Path) -> None:
    answer = json.dumps({"reason": LONG * 50, "differences": [], "score": 5, "confidence": confidence})
    with chat_server(lambda body: completion(answer)) as server:
        [verdict] = run(make(server.base_url, tmp_path), [JudgeRequest(EQ, "Paris", "London")])
    assert len(verdict.reason) <= 2000
    assert (tmp_path / "cache.sqlite3").stat().st_size < 100_000


def _leaks(text: str) -> bool:
    """Whether ``text`` holds the key or a start of it long enough to narrow it down."""
    return KEY[:6] in text


@pytest.mark.parametrize(
    ("answer", "pads"),
    [
        (
            lambda pad: completion(json.dumps({"reason": "a" * pad + KEY, "differences": [], "score": 5})),
            range(1975, 2000, 3),
        ),
        (lambda pad: completion("w" * pad + " " + KEY), range(180, 200, 3)),
        (lambda pad: Reply({"error": {"message": "m" * pad + " " + KEY}}, status=400), range(262, 284, 3)),
        (lambda pad: Reply({"error": {"message": "m" * pad + " " + KEY}}), range(250, 300, 4)),
    ],
)
def test_a_key_is_masked_before_any_text_is_cut(answer: Any, pads: range, tmp_path: Path) -> None:
    for pad in pads:
        with chat_server(lambda body, pad=pad: answer(pad)) as server:
            (tmp_path / str(pad)).mkdir()
            judge = make(server.base_url, tmp_path / str(pad), response_format="text")
            [verdict] = run(judge, [JudgeRequest(EQ, "Paris", "London")])
        assert not _leaks(verdict.reason), pad
        assert not _leaks(verdict.error or ""), pad
        assert KEY[:6].encode() not in (tmp_path / str(pad) / "cache.sqlite3").read_bytes(), pad


@pytest.mark.parametrize(
    ("task", "reason", "grade"),
    [
        (JudgeTask.FACT, "The fact is not stated verbatim but by clear paraphrase: 'departs 9:40'.", 4),
        (JudgeTask.FACT, "Not stated word for word, but 'leaves at 9:40' clearly says it.", 4),
        (EQ, "Not equivalent in wording only: the same city and date.", 5),
        (EQ, "Yes, both name Paris, but the candidate's date is 3 May, not 4 May.", 2),
        (JudgeTask.FACT, "Yes, the response mentions the refund, but not its amount.", 2),
    ],
)
def test_a_reason_on_the_wording_or_one_that_turns_is_read_with_its_grade(
    task: JudgeTask, reason: str, grade: int
) -> None:
    with chat_server(
        lambda body: completion(json.dumps({"reason": reason, **listing(body), "score": grade}))
    ) as server:
        [verdict] = run(
            make(server.base_url), [JudgeRequest(task, "The train departs 9:40.", "the train leaves at 9:40")]
        )
    assert verdict.error is None
    assert not verdict.undecided
    assert verdict.passed is (grade > 3)


def _reworded(messages_for: Any) -> Any:
    def asking(*args: Any, **options: Any) -> list[dict[str, str]]:
        messages = messages_for(*args, **options)
        return [*messages[:-1], {**messages[-1], "content": messages[-1]["content"] + "\nBe strict."}]

    return asking


@pytest.mark.parametrize("response_format", ["text", "json_object", "tool"])
def test_a_cached_verdict_is_not_reused_once_the_question_s_instructions_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, response_format: str
) -> None:
    import mb.judges.llm as llm

    request = JudgeRequest(EQ, "Paris", "Lyon")
    answers = [PASSING, FAILING]

    def handler(body: dict[str, Any]) -> Reply:
        answer = answers.pop(0)
        return completion(None, tool_calls=[("c", "verdict", answer)]) if body.get("tools") else completion(answer)

    with chat_server(handler) as server:
        [first] = run(make(server.base_url, tmp_path, response_format=response_format), [request])
        monkeypatch.setattr(llm, "messages_for", _reworded(llm.messages_for))
        [second] = run(make(server.base_url, tmp_path, response_format=response_format), [request])
    assert server.calls == 2
    assert first.passed
    assert not second.passed

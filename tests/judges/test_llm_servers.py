"""The LLM judge against servers as people run them: formats refused with a 500, one request at a time, small models
that write raw newlines, answers that fail to parse (kept for the next run), the pass threshold."""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import anyio
import pytest

from mb.judges import JudgeConfigError, JudgeRequest, JudgeTask, LLMJudge, Verdict
from tests.support.openai_server import Reply, chat_server, completion, listing, llama_like

EQ = JudgeTask.EQUIVALENCE


async def _no_wait(seconds: float) -> None:
    return None


def make(url: str, tmp_path: Path | None = None, **options: Any) -> LLMJudge:
    options.setdefault("cache", tmp_path / "cache.sqlite3" if tmp_path else False)
    options.setdefault("sleep", _no_wait)
    return LLMJudge("judge-model", base_url=url, api_key="test-key", **options)


def run(judge: LLMJudge, requests: Sequence[JudgeRequest]) -> list[Verdict]:
    return anyio.run(judge.judge, requests)


def answer(score: int = 4, reason: str = "same intent", body: dict[str, Any] | None = None, **options: Any) -> Reply:
    """A verdict; ``body``: the request it answers, when it may be of a task that lists no differences."""
    listed = {"differences": []} if body is None else listing(body)
    return completion(json.dumps({"reason": reason, **listed, "score": score}), **options)


def kinds(requests: list[dict[str, Any]]) -> list[str]:
    """The answer format of each request the server received."""
    return [
        body.get("response_format", {}).get("type") or ("tool" if "tool_choice" in body else "text")
        for body in requests
    ]


def questions(count: int) -> list[JudgeRequest]:
    return [JudgeRequest(EQ, f"candidate {index}", "reference") for index in range(count)]


def test_a_500_naming_json_schema_steps_down_once_for_all_questions() -> None:
    with chat_server(llama_like(lambda body: answer())) as server:
        verdicts = run(make(server.base_url, max_concurrency=4), questions(6))
    assert all(verdict.error is None and verdict.passed for verdict in verdicts)
    assert kinds(server.requests) == ["json_schema"] + ["json_object"] * 6
    json_mode = server.requests[1]
    assert json_mode["response_format"]["schema"]["required"] == ["reason", "differences", "score"]
    assert '"required": ["reason", "differences", "score"]' in json_mode["messages"][0]["content"]


def test_a_500_about_something_else_does_not_change_the_format() -> None:
    def handler(body: dict[str, Any]) -> Reply:
        return Reply({"error": {"message": "CUDA out of memory"}}, status=500)

    with chat_server(handler) as server:
        [verdict] = run(make(server.base_url), [JudgeRequest(EQ, "a", "b")])
    assert kinds(server.requests) == ["json_schema", "json_schema"]  # one retry, and no other format
    assert verdict.error is not None
    assert "HTTP 500" in verdict.error


def test_the_tool_format_when_no_json_mode_is_taken() -> None:
    def handler(body: dict[str, Any]) -> Reply:
        if "response_format" in body:
            return Reply({"error": {"message": "response_format is not supported"}}, status=400)
        if body.get("tool_choice"):
            return completion(
                None, tool_calls=[("call_1", "verdict", {"reason": "same city", "differences": [], "score": 5})]
            )
        return completion("no JSON here")

    with chat_server(handler) as server:
        judge = make(server.base_url)
        [first] = run(judge, [JudgeRequest(EQ, "a", "b")])
        [second] = run(judge, [JudgeRequest(EQ, "c", "d")])
    assert (first.score, first.reason) == (1.0, "same city")
    assert second.passed
    assert kinds(server.requests) == ["json_schema", "json_object", "tool", "tool"]
    tool = server.requests[-1]
    assert tool["tool_choice"] == {"type": "function", "function": {"name": "verdict"}}
    assert tool["tools"][0]["function"]["parameters"]["required"] == ["reason", "differences", "score"]


@pytest.mark.parametrize("forced", ["json_schema", "json_object", "tool", "text"])
def test_the_format_can_be_forced_from_the_environment(monkeypatch: pytest.MonkeyPatch, forced: str) -> None:
    monkeypatch.setenv("MB_JUDGE_RESPONSE_FORMAT", forced)

    def handler(body: dict[str, Any]) -> Reply:
        if body.get("tool_choice"):
            return completion(
                None, tool_calls=[("call_1", "verdict", {"reason": "fine", "differences": [], "score": 4})]
            )
        return answer()

    with chat_server(handler) as server:
        verdicts = run(make(server.base_url), questions(2))
    assert all(verdict.passed for verdict in verdicts)
    assert kinds(server.requests) == [forced, forced]


def test_a_forced_format_is_not_stepped_down() -> None:
    with chat_server(llama_like(lambda body: answer())) as server:
        [verdict] = run(make(server.base_url, response_format="json_schema"), [JudgeRequest(EQ, "a", "b")])
    assert verdict.error is not None
    assert set(kinds(server.requests)) == {"json_schema"}


def test_an_unknown_format_is_a_configuration_error() -> None:
    with pytest.raises(JudgeConfigError, match="json_schema, json_object, tool, text"):
        make("http://127.0.0.1:9/v1", response_format="yaml")


def test_auto_overrides_a_format_named_in_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MB_JUDGE_RESPONSE_FORMAT", "text")
    with chat_server(llama_like(lambda body: answer())) as server:
        [verdict] = run(make(server.base_url, response_format="auto"), [JudgeRequest(EQ, "a", "b")])
    assert verdict.passed
    assert kinds(server.requests) == ["json_schema", "json_object"]


def test_answers_are_bounded_by_max_tokens() -> None:
    with chat_server(lambda body: answer()) as server:
        run(make(server.base_url), [JudgeRequest(EQ, "a", "b")])
        run(make(server.base_url, max_tokens=None), [JudgeRequest(EQ, "c", "d")])
    assert server.requests[0]["max_tokens"] == 400
    assert "max_tokens" not in server.requests[1]


def test_a_raw_newline_inside_the_reason_is_read() -> None:
    raw = '{"reason": "same city,\nsame day", "differences": [], "score": 5}'
    with chat_server(lambda body: completion(raw)) as server:
        [verdict] = run(make(server.base_url), [JudgeRequest(EQ, "a", "b")])
    assert verdict.error is None
    assert (verdict.score, verdict.reason) == (1.0, "same city,\nsame day")
    assert server.calls == 1


def test_server_tracebacks_are_one_line_in_the_reason() -> None:
    with chat_server(llama_like(lambda body: answer())) as server:
        [verdict] = run(make(server.base_url, response_format="json_schema"), [JudgeRequest(EQ, "a", "b")])
    assert verdict.error is not None
    assert "\n" not in verdict.error
    assert "File " not in verdict.error
    assert "Input should be 'text' or 'json_object'" in verdict.error


@pytest.mark.parametrize(
    "task",
    [
        EQ,
        JudgeTask.SUPPORT,
        JudgeTask.DATE,
        JudgeTask.CHUNK_RELEVANCE,
        JudgeTask.SUFFICIENCY,
        JudgeTask.FACT,
        JudgeTask.GUIDELINE,
    ],
)
def test_a_yes_barely_is_undecided(task: JudgeTask, tmp_path: Path) -> None:
    with chat_server(lambda body: answer(3, "vaguer than expected", body)) as server:
        request = JudgeRequest(task, "candidate", "reference", "2026-01-01T10:00:00+00:00")
        [fresh] = run(make(server.base_url, tmp_path), [request])
        [cached] = run(make(server.base_url, tmp_path), [request])
    for verdict in (fresh, cached):
        assert not verdict.passed
        assert verdict.error is None
        assert verdict.undecided
        assert verdict.grade == 3.0
        assert "at the pass threshold" in verdict.reason
        assert "vaguer than expected" in verdict.reason
    assert server.calls == 1


def test_a_graded_metric_keeps_grade_3() -> None:
    with chat_server(lambda body: answer(3, "partly", body)) as server:
        [verdict] = run(make(server.base_url), [JudgeRequest(JudgeTask.RELEVANCE, "an answer", question="a q")])
    assert (verdict.grade, verdict.reason) == (3.0, "partly")


def test_a_malformed_answer_is_kept_as_a_failure_and_asked_again_on_request(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    replies = {"text": "I would say they match"}
    with chat_server(lambda body: completion(replies["text"])) as server:
        [first] = run(make(server.base_url, tmp_path), [JudgeRequest(EQ, "a", "b")])
        assert server.calls == 2  # asked twice
        [again] = run(make(server.base_url, tmp_path), [JudgeRequest(EQ, "a", "b")])
        assert server.calls == 2  # the rerun costs nothing
        replies["text"] = json.dumps({"reason": "now it parses", "differences": [], "score": 5})
        [retried] = run(make(server.base_url, tmp_path, retry_failed=True), [JudgeRequest(EQ, "a", "b")])
        assert server.calls == 3
        monkeypatch.setenv("MB_JUDGE_RETRY_FAILED", "1")
        [kept] = run(make(server.base_url, tmp_path), [JudgeRequest(EQ, "a", "b")])
        assert server.calls == 3  # a verdict replaced the failure: nothing left to retry
    assert first.error is not None
    assert "malformed answer" in first.error
    assert again.error is not None
    assert "malformed answer" in again.error
    assert "--judge-retry-failed" in again.error
    assert retried == kept == Verdict(1.0, "now it parses", "llm:judge-model")


def test_transient_failures_are_not_kept(tmp_path: Path) -> None:
    with chat_server(lambda body: Reply({"error": {"message": "overloaded"}}, status=503)) as server:
        [failed] = run(make(server.base_url, tmp_path, max_retries=0), [JudgeRequest(EQ, "a", "b")])
        server.handler = lambda body: answer(5)
        [verdict] = run(make(server.base_url, tmp_path), [JudgeRequest(EQ, "a", "b")])
    assert failed.error is not None
    assert verdict.passed
    assert server.calls == 2


def test_a_repeated_500_is_retried_once_and_kept(tmp_path: Path) -> None:
    with chat_server(lambda body: Reply({"error": {"message": "boom"}}, status=500)) as server:
        [verdict] = run(make(server.base_url, tmp_path, max_retries=4, response_format="text"), questions(1))
        assert server.calls == 2
        run(make(server.base_url, tmp_path, response_format="text"), questions(1))
        assert server.calls == 2
    assert verdict.error is not None
    assert "after 2 attempts" in verdict.error


def test_a_timed_out_request_is_not_sent_again_to_a_busy_server(tmp_path: Path) -> None:
    started = threading.Event()

    def slow(body: dict[str, Any]) -> Reply:
        started.set()
        return Reply(answer().body, delay=1.5)

    with chat_server(slow, serial=True) as server:
        judge = make(server.base_url, tmp_path, timeout=0.3, max_retries=4, response_format="json_object")
        [verdict] = run(judge, [JudgeRequest(EQ, "a", "b")])
        assert started.is_set()
        rejudge = make(server.base_url, tmp_path, timeout=0.3, response_format="json_object")
        [rerun] = run(rejudge, [JudgeRequest(EQ, "a", "b")])
    assert server.calls == 1
    assert verdict.error is not None
    assert "no complete answer within 0.3 s" in verdict.error
    assert rerun.error is not None
    assert "cached failure" in rerun.error


def test_a_timeout_kept_from_a_run_is_asked_again_with_a_longer_timeout(tmp_path: Path) -> None:
    released = threading.Event()

    def held(body: dict[str, Any]) -> Reply:
        released.wait(30)  # the first question is held past its timeout; once released, every answer comes at once
        return answer(5)

    with chat_server(held) as server:
        [timed_out] = run(make(server.base_url, tmp_path, timeout=0.2), [JudgeRequest(EQ, "a", "b")])
        [kept] = run(make(server.base_url, tmp_path, timeout=0.2), [JudgeRequest(EQ, "a", "b")])
        released.set()
        [answered] = run(make(server.base_url, tmp_path, timeout=30), [JudgeRequest(EQ, "a", "b")])
    assert "timed out" in (timed_out.error or "")
    assert "cached failure" in (kept.error or "")
    assert answered.error is None
    assert answered.passed
    # the kept failure is never asked again; the first question may time out before the server sees it when the
    # machine is loaded, so it counts as at most one call
    assert 1 <= server.calls <= 2


def test_the_timeout_starts_when_the_request_is_sent(tmp_path: Path) -> None:
    """One request at a time, each taking a third of the timeout: the last question waits for its turn far longer
    than the timeout, and still gets its verdict."""
    with chat_server(lambda body: Reply(answer().body, delay=0.2), serial=True) as server:
        judge = make(server.base_url, timeout=0.6, deadline=0.6, max_concurrency=1, response_format="json_object")
        verdicts = run(judge, questions(8))
    assert [verdict.error for verdict in verdicts] == [None] * 8
    assert server.most_at_once == 1
    assert server.calls == 8


def test_a_single_request_server_sees_one_request_at_a_time_while_the_format_is_found() -> None:
    with chat_server(llama_like(lambda body: answer()), serial=True) as server:
        verdicts = run(make(server.base_url, max_concurrency=8), questions(5))
    assert all(verdict.passed for verdict in verdicts)
    assert kinds(server.requests)[:2] == ["json_schema", "json_object"]
    assert kinds(server.requests).count("json_schema") == 1

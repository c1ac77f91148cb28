"""The LLM judge against a real OpenAI-compatible HTTP server on 127.0.0.1."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import anyio
import pytest

from mb.judges import JudgeConfigError, JudgeRequest, JudgeTask, LLMJudge, Verdict
from mb.judges._cache import JudgeCache
from mb.judges._prompts import PROMPTS
from tests.support.openai_server import ChatServer, Reply, chat_server, completion, listing

EQ = JudgeTask.EQUIVALENCE


def answer(score: int = 4, reason: str = "same intent", body: dict[str, Any] | None = None) -> Reply:
    """A verdict; ``body``: the request it answers, when it may be of a task that lists no differences."""
    listed = {"differences": []} if body is None else listing(body)
    return completion(json.dumps({"reason": reason, **listed, "score": score}))


def echo(body: dict[str, Any]) -> Reply:
    """A verdict whose reason quotes the candidate, so each request's answer is recognisable."""
    user = body["messages"][-1]["content"]
    candidate = user.split("<candidate>\n", 1)[1].split("\n</candidate>", 1)[0]
    return answer(4, f"about {candidate}")


def error(status: int, headers: dict[str, str] | None = None) -> Reply:
    return Reply(
        {"error": {"message": f"status {status}", "type": "server_error"}}, status=status, headers=headers or {}
    )


def scripted(*replies: Reply) -> Callable[[dict[str, Any]], Reply]:
    """Answer with the given replies in turn, then keep repeating the last one."""
    queue = list(replies)
    lock = threading.Lock()

    def handler(body: dict[str, Any]) -> Reply:
        with lock:
            return queue.pop(0) if len(queue) > 1 else queue[0]

    return handler


class Sleeps:
    """Records the delays the judge asks for instead of sleeping."""

    def __init__(self) -> None:
        self.delays: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.delays.append(seconds)


Serve = Callable[[Callable[[dict[str, Any]], Reply]], ChatServer]


@pytest.fixture(scope="module")
def server() -> Iterator[ChatServer]:
    with chat_server(lambda body: answer()) as srv:
        yield srv


@pytest.fixture
def serve(server: ChatServer) -> Serve:
    """Point the shared server at a new handler, with an empty request log."""

    def start(handler: Callable[[dict[str, Any]], Reply]) -> ChatServer:
        server.handler = handler
        server.requests.clear()
        server.headers.clear()
        return server

    return start


def make(url: str, tmp_path: Path | None = None, **options: Any) -> LLMJudge:
    options.setdefault("cache", tmp_path / "cache.sqlite3" if tmp_path else False)
    options.setdefault("sleep", Sleeps())
    return LLMJudge("judge-model", base_url=url, api_key="test-key", **options)


def run(judge: LLMJudge, requests: Sequence[JudgeRequest]) -> list[Verdict]:
    return anyio.run(judge.judge, requests)


def test_request_shape_and_parsed_verdict(serve: Serve) -> None:
    srv = serve(lambda body: answer(4, "both search for the King"))
    judge = make(srv.base_url)
    [verdict] = run(judge, [JudgeRequest(EQ, "current King of the UK", "King Charles III")])
    assert verdict == Verdict(0.75, "both search for the King", "llm:judge-model")
    assert verdict.passed
    body = srv.requests[0]
    assert body["model"] == "judge-model"
    assert body["temperature"] == 0
    assert [m["role"] for m in body["messages"]] == ["system", "user"]
    assert "EXPECTED" in body["messages"][0]["content"]
    assert "<candidate>\ncurrent King of the UK\n</candidate>" in body["messages"][1]["content"]
    assert "<expected>\nKing Charles III\n</expected>" in body["messages"][1]["content"]
    schema = body["response_format"]
    assert schema["type"] == "json_schema"
    assert schema["json_schema"]["strict"] is True
    assert schema["json_schema"]["schema"]["required"] == ["reason", "differences", "score"]
    assert {k.lower(): v for k, v in srv.headers[0].items()}["authorization"] == "Bearer test-key"


@pytest.mark.parametrize(
    ("grade", "score", "passed"), [(1, 0.0, False), (2, 0.25, False), (3, 0.5, True), (5, 1.0, True)]
)
def test_grades_map_onto_the_boundary(serve: Serve, grade: int, score: float, passed: bool) -> None:
    srv = serve(lambda body: answer(grade, body=body))
    [verdict] = run(make(srv.base_url), [JudgeRequest(JudgeTask.RELEVANCE, "an answer", question="a question")])
    assert (verdict.score, verdict.passed, verdict.grade) == (score, passed, float(grade))


def test_every_task_has_a_versioned_prompt_with_its_fields(serve: Serve) -> None:
    seen = {}
    srv = serve(lambda body: answer(body=body))
    judge = make(srv.base_url)
    for task in JudgeTask:
        run(judge, [JudgeRequest(task, f"cand-{task.value}", f"ref-{task.value}", f"q-{task.value}")])
        seen[task] = srv.requests[-1]["messages"][1]["content"]
    assert all(judge.supports(task) for task in JudgeTask)
    assert len({PROMPTS[task].version for task in JudgeTask}) == len(JudgeTask)
    for task, user in seen.items():
        assert f"cand-{task.value}" in user
    assert "ref-coherence" not in seen[JudgeTask.COHERENCE]
    assert "q-equivalence" not in seen[EQ]
    assert "q-groundedness" in seen[JudgeTask.GROUNDEDNESS]


def test_429_is_retried_after_the_delay_the_server_asks_for(serve: Serve) -> None:
    sleeps = Sleeps()
    srv = serve(scripted(error(429, {"Retry-After": "2"}), answer(5)))
    [verdict] = run(make(srv.base_url, sleep=sleeps), [JudgeRequest(EQ, "a", "b")])
    assert verdict.error is None
    assert verdict.score == 1.0
    assert srv.calls == 2
    assert sleeps.delays == [2.0]


def test_500s_are_retried_with_growing_jittered_backoff(serve: Serve) -> None:
    sleeps = Sleeps()
    srv = serve(scripted(error(500), error(502), error(503), answer(4)))
    judge = make(srv.base_url, sleep=sleeps, backoff_base=0.1, backoff_max=10.0)
    [verdict] = run(judge, [JudgeRequest(EQ, "a", "b")])
    assert verdict.passed
    assert srv.calls == 4
    assert len(sleeps.delays) == 3
    for attempt, delay in enumerate(sleeps.delays):
        assert 0.05 * 2**attempt <= delay <= 0.1 * 2**attempt


def test_exhausted_retries_become_an_error_verdict(serve: Serve) -> None:
    sleeps = Sleeps()
    srv = serve(lambda body: error(503))
    [verdict] = run(make(srv.base_url, sleep=sleeps, max_retries=2), [JudgeRequest(EQ, "a", "b")])
    assert srv.calls == 3
    assert len(sleeps.delays) == 2
    assert verdict.error is not None
    assert "503" in verdict.error
    assert "3 attempts" in verdict.error
    assert verdict.score == 0.0
    assert not verdict.passed


def test_client_errors_are_not_retried(serve: Serve) -> None:
    srv = serve(lambda body: error(401))
    [verdict] = run(make(srv.base_url), [JudgeRequest(EQ, "a", "b")])
    assert srv.calls == 1
    assert verdict.error is not None
    assert "401" in verdict.error


def test_an_unreachable_judge_fails_fast_for_every_pending_question() -> None:
    with chat_server(lambda body: answer()) as srv:
        url = srv.base_url  # a closed port on 127.0.0.1 once the server is gone
    sleeps = Sleeps()
    requests = [JudgeRequest(EQ, f"a{index}", "b") for index in range(20)]
    verdicts = run(make(url, sleep=sleeps, max_retries=4), requests)
    assert all(verdict.error is not None and "cannot be reached" in verdict.error for verdict in verdicts)
    assert sleeps.delays == []  # no retry, no backoff


def test_a_connection_lost_after_answers_is_retried() -> None:
    sleeps = Sleeps()
    with chat_server(lambda body: answer()) as srv:
        judge = make(srv.base_url, sleep=sleeps, max_retries=1)
        [first] = run(judge, [JudgeRequest(EQ, "a", "b")])
    assert first.error is None
    [verdict] = run(judge, [JudgeRequest(EQ, "c", "d")])
    assert verdict.error is not None
    assert "connection failed after 2 attempts" in verdict.error
    assert len(sleeps.delays) == 1


def test_timeout_becomes_an_error_verdict(serve: Serve) -> None:
    slow = answer()
    slow.delay = 1.0
    srv = serve(lambda body: slow)
    [verdict] = run(make(srv.base_url, timeout=0.2, max_retries=0), [JudgeRequest(EQ, "a", "b")])
    assert verdict.error is not None
    assert "timed out" in verdict.error


def test_malformed_answer_is_asked_again_once(serve: Serve) -> None:
    srv = serve(scripted(completion("I think they match"), answer(2, "different city")))
    [verdict] = run(make(srv.base_url), [JudgeRequest(EQ, "a", "b")])
    assert srv.calls == 2
    assert verdict == Verdict(0.25, "different city", "llm:judge-model")


@pytest.mark.parametrize(
    "content",
    ["not json at all", json.dumps({"score": 9, "reason": "x"}), json.dumps({"score": 3}), "[1, 2]", ""],
)
def test_malformed_twice_is_an_error_verdict(serve: Serve, content: str) -> None:
    srv = serve(lambda body: completion(content))
    [verdict] = run(make(srv.base_url), [JudgeRequest(EQ, "a", "b")])
    assert srv.calls == 2
    assert verdict.error is not None
    assert "malformed answer" in verdict.error
    assert verdict.score == 0.0


def test_rejected_json_schema_falls_back_to_json_mode_and_remembers(serve: Serve) -> None:
    def handler(body: dict[str, Any]) -> Reply:
        if body.get("response_format", {}).get("type") == "json_schema":
            return error(400)
        return answer(5)

    srv = serve(handler)
    judge = make(srv.base_url)
    [first] = run(judge, [JudgeRequest(EQ, "a", "b")])
    [second] = run(judge, [JudgeRequest(EQ, "c", "d")])
    assert first.passed
    assert second.passed
    assert [body.get("response_format", {}).get("type") for body in srv.requests] == [
        "json_schema",
        "json_object",
        "json_object",
    ]


def test_plain_text_answers_are_parsed_when_no_json_mode_is_supported(serve: Serve) -> None:
    def handler(body: dict[str, Any]) -> Reply:
        if "response_format" in body:
            return error(400)
        return completion('Here you go:\n```json\n{"reason": "fine", "differences": [], "score": 4}\n```')

    srv = serve(handler)
    [verdict] = run(make(srv.base_url), [JudgeRequest(EQ, "a", "b")])
    assert verdict == Verdict(0.75, "fine", "llm:judge-model")
    assert srv.calls == 3


def test_a_score_written_as_a_string_is_a_malformed_answer(serve: Serve) -> None:
    srv = serve(lambda body: completion('{"reason": "fine", "differences": [], "score": "5"}'))
    [verdict] = run(make(srv.base_url), [JudgeRequest(EQ, "a", "b")])
    assert verdict.error is not None
    assert "score '5' is not an integer from 1 to 5" in verdict.error
    assert not verdict.passed


def test_concurrency_is_bounded(serve: Serve) -> None:
    lock = threading.Lock()
    state = {"now": 0, "max": 0}

    def handler(body: dict[str, Any]) -> Reply:
        with lock:
            state["now"] += 1
            state["max"] = max(state["max"], state["now"])
        time.sleep(0.05)
        with lock:
            state["now"] -= 1
        return answer()

    requests = [JudgeRequest(EQ, f"candidate {i}", "reference") for i in range(16)]
    srv = serve(handler)
    verdicts = run(make(srv.base_url, max_concurrency=3), requests)
    assert srv.calls == 16
    assert all(v.passed for v in verdicts)
    assert 2 <= state["max"] <= 3


def test_second_run_makes_no_calls_even_from_a_new_judge(serve: Serve, tmp_path: Path) -> None:
    requests = [JudgeRequest(EQ, f"candidate {i}", "reference") for i in range(3)]
    srv = serve(echo)
    judge = make(srv.base_url, tmp_path)
    first = run(judge, requests)
    assert srv.calls == 3
    assert [v.reason for v in first] == ["about candidate 0", "about candidate 1", "about candidate 2"]
    assert run(judge, requests) == first
    assert run(make(srv.base_url, tmp_path), list(reversed(requests))) == list(reversed(first))
    assert srv.calls == 3
    assert len(JudgeCache(tmp_path / "cache.sqlite3")) == 3


def test_cache_key_separates_model_endpoint_and_texts(tmp_path: Path) -> None:
    request = JudgeRequest(EQ, "a", "b")
    base = make("http://127.0.0.1:1/v1", tmp_path)
    assert base.key(request) == make("http://127.0.0.1:1/v1").key(request)
    assert base.key(request) != make("http://127.0.0.1:2/v1").key(request)
    assert base.key(request) != LLMJudge("other", base_url="http://127.0.0.1:1/v1", cache=False).key(request)
    assert base.key(request) != base.key(JudgeRequest(EQ, "a", "b", question="q"))
    assert base.key(request) != base.key(JudgeRequest(JudgeTask.SIMILARITY, "a", "b"))


def test_errors_are_not_cached(serve: Serve, tmp_path: Path) -> None:
    srv = serve(lambda body: error(503))
    [failed] = run(make(srv.base_url, tmp_path, max_retries=0), [JudgeRequest(EQ, "a", "b")])
    assert failed.error is not None
    srv = serve(lambda body: answer(5))
    [verdict] = run(make(srv.base_url, tmp_path), [JudgeRequest(EQ, "a", "b")])
    assert srv.calls == 1
    assert verdict.passed


def test_identical_requests_in_a_batch_cost_one_call(serve: Serve) -> None:
    same = JudgeRequest(EQ, "a", "b")
    other = JudgeRequest(EQ, "c", "d")
    srv = serve(echo)
    verdicts = run(make(srv.base_url), [same, other, same, same, same])
    assert srv.calls == 2
    assert [v.reason for v in verdicts] == ["about a", "about c", "about a", "about a", "about a"]


def test_concurrent_batches_share_requests_in_flight(serve: Serve) -> None:
    slow = answer(4)
    slow.delay = 0.2
    srv = serve(lambda body: slow)
    judge = make(srv.base_url)

    async def both() -> None:
        async with anyio.create_task_group() as group:
            for _ in range(3):
                group.start_soon(judge.judge, [JudgeRequest(EQ, "a", "b")])

    anyio.run(both)
    assert srv.calls == 1


def test_requests_decided_without_a_call(serve: Serve) -> None:
    srv = serve(lambda body: answer(body=body))
    verdicts = run(
        make(srv.base_url),
        [
            JudgeRequest(JudgeTask.RELEVANCE, "an answer"),
            JudgeRequest(EQ, "   ", "expected"),
            JudgeRequest(JudgeTask.SUPPORT, "span", ""),
            JudgeRequest(JudgeTask.GROUNDEDNESS, "a response", "", "a question"),
        ],
    )
    assert srv.calls == 0
    assert verdicts[0].error is not None
    assert "question" in verdicts[0].error
    assert (verdicts[1].score, verdicts[1].error) == (0.0, None)
    assert (verdicts[2].score, verdicts[2].reason, verdicts[2].error) == (0.0, "the reference text is empty", None)
    assert verdicts[3].error is not None
    assert "reference" in verdicts[3].error


def test_configuration_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("MB_JUDGE_MODEL", "MB_JUDGE_BASE_URL", "MB_JUDGE_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(JudgeConfigError, match="MB_JUDGE_MODEL"):
        LLMJudge(cache=False)
    monkeypatch.setenv("MB_JUDGE_MODEL", "env-model")
    with pytest.raises(JudgeConfigError, match="API key"):
        LLMJudge(cache=False)
    monkeypatch.setenv("MB_JUDGE_BASE_URL", "http://127.0.0.1:9/v1")
    judge = LLMJudge(cache=False)
    assert (judge.name, judge.base_url) == ("llm:env-model", "http://127.0.0.1:9/v1")


def test_default_cache_location_follows_mb_cache_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MB_CACHE_DIR", str(tmp_path))
    judge = LLMJudge("m", base_url="http://127.0.0.1:9/v1")
    assert judge.cache is not None
    assert judge.cache.path == tmp_path / "judge-cache.sqlite3"

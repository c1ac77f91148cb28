"""``mb eval --judge llm`` end to end against a real OpenAI-compatible server on 127.0.0.1."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mb.cli import main
from tests.conftest import SPEC
from tests.support.openai_server import Reply, chat_server, completion, listing


def _grader(body: dict[str, Any]) -> Reply:
    prompt = json.dumps(body["messages"])
    score = 1 if "I cannot help" in prompt else 5
    return completion(json.dumps({"score": score, "reason": f"graded {score}", **listing(body)}), model=body["model"])


def test_llm_judge_grades_every_metric_and_a_rerun_costs_no_call(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with chat_server(_grader) as server:
        monkeypatch.setenv("MB_JUDGE_BASE_URL", server.base_url)
        monkeypatch.setenv("MB_JUDGE_API_KEY", "test-key")
        monkeypatch.setenv("MB_JUDGE_MODEL", "grader-1")
        monkeypatch.setenv("MB_CACHE_DIR", str(tmp_path / "cache"))
        args = ["eval", str(SPEC / "examples-executed.jsonl"), "--format", "json", "-q"]
        first = CliRunner().invoke(main, args)
        assert first.exit_code == 0, first.output
        summary = json.loads(first.stdout)
        assert (summary["passed"], summary["errors"]) == (3, 0)
        assert summary["judge"] in {"local+llm:grader-1", "lexical+llm:grader-1"}  # auto: offline first, then the LLM
        for metric in ("relevance", "coherence"):  # only the LLM grades them
            assert summary["by_metric"][metric]["mean"] == 5.0
        assert summary["by_metric"]["similarity"]["mean"] is not None  # the offline judge decided it: not undecided
        assert "groundedness" in summary["by_metric"]
        calls = server.calls
        assert calls > 0
        assert all(request["model"] == "grader-1" for request in server.requests)

        assert summary["judge_usage"]["calls"] == calls
        assert (summary["judge_usage"]["input_tokens"], summary["judge_usage"]["output_tokens"]) == (
            11 * calls,
            7 * calls,
        )

        second = CliRunner().invoke(main, args)
        assert second.exit_code == 0
        again = json.loads(second.stdout)
        assert again["judge_usage"]["calls"] == 0  # the cache costs no token
        del again["judge_usage"], summary["judge_usage"]
        assert again == summary
        assert server.calls == calls  # every verdict came from the cache


def test_judge_format_and_retry_failed_reach_the_judge(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    answers: dict[str, Any] = {
        "content": "I think it is fine"
    }  # not JSON: every question fails, and the failure is kept

    def grader(body: dict[str, Any]) -> Reply:
        content = answers["content"]
        return completion(
            content if isinstance(content, str) else json.dumps({**content, **listing(body)}), model=body["model"]
        )

    with chat_server(grader) as server:
        monkeypatch.setenv("MB_JUDGE_BASE_URL", server.base_url)
        monkeypatch.setenv("MB_JUDGE_MODEL", "grader-1")
        monkeypatch.setenv("MB_CACHE_DIR", str(tmp_path / "cache"))
        args = ["eval", str(SPEC / "examples-executed.jsonl"), "--judge", "llm", "--format", "json", "-q"]
        args += ["--judge-format", "text", "--judge-timeout", "30"]
        first = json.loads(CliRunner().invoke(main, args).stdout)
        calls = server.calls
        assert calls > 0
        assert first["errors"] > 0
        assert not any("response_format" in request or "tools" in request for request in server.requests)
        again = json.loads(CliRunner().invoke(main, args).stdout)
        assert server.calls == calls  # the kept failures cost no call
        assert again["errors"] == first["errors"]
        answers["content"] = {"reason": "fine", "score": 5}
        retried = json.loads(CliRunner().invoke(main, [*args, "--judge-retry-failed"]).stdout)
        assert server.calls > calls
        assert retried["errors"] == 0


def test_an_llm_judge_without_a_model_names_both_ways_to_give_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MB_JUDGE_MODEL", raising=False)
    result = CliRunner().invoke(main, ["eval", str(SPEC / "examples-executed.jsonl"), "--judge", "llm"])
    assert result.exit_code == 2
    assert "set MB_JUDGE_MODEL (e.g. MB_JUDGE_MODEL=gpt-4o-mini) or pass --judge-model" in result.stderr

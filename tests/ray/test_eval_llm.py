"""``mb eval --backend ray`` with the LLM judge: the questions are asked from the driver only, so its on-disk cache
has one writer, the verdicts are a local run's and a re-run costs no call."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from click.testing import CliRunner

from mb.cli import main
from tests.support.openai_server import Reply, chat_server, completion, listing

from .generated import executed_lines

pytestmark = pytest.mark.ray


def _grader(body: dict[str, Any]) -> Reply:
    prompt = json.dumps(body["messages"])
    score = 2 if "This is report" in prompt else 5
    return completion(json.dumps({"reason": f"graded {score}", **listing(body), "score": score}), model=body["model"])


def test_llm_judge_cache_has_one_writer(
    ray_cluster: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    executed = tmp_path / "executed.jsonl"
    executed.write_bytes(b"\n".join(executed_lines(300, seed=4)) + b"\n")
    with chat_server(_grader) as server:
        monkeypatch.setenv("MB_JUDGE_BASE_URL", server.base_url)
        monkeypatch.setenv("MB_JUDGE_API_KEY", "test-key")
        monkeypatch.setenv("MB_JUDGE_MODEL", "grader-1")

        def evaluate(name: str, cache: str, *options: str) -> tuple[bytes, dict[str, Any]]:
            monkeypatch.setenv("MB_CACHE_DIR", str(tmp_path / cache))
            output = tmp_path / f"{name}.jsonl"
            arguments = ["eval", str(executed), "-o", str(output), "--judge", "llm", "--format", "json", "-q"]
            result = CliRunner().invoke(main, [*arguments, "--metrics", "none", *options])
            assert result.exit_code == 0, result.output
            return output.read_bytes().partition(b"\n")[2], json.loads(result.stdout)

        local_rows, local = evaluate("local", "local-cache", "--jobs", "1")
        local_calls = server.calls
        assert local_calls > 0
        ray_rows, on_ray = evaluate("ray", "ray-cache", "--backend", "ray")
        assert server.calls == 2 * local_calls  # the same questions, each asked once
        assert ray_rows == local_rows
        assert on_ray == local
        again_rows, again = evaluate("again", "ray-cache", "--backend", "ray")
        assert server.calls == 2 * local_calls  # every verdict from the cache the first run wrote
        assert again_rows == local_rows
        assert again["judge_usage"]["calls"] == 0

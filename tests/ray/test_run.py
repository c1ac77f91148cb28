"""``mb run --backend ray``: actors answer, the driver writes each example (and trial) exactly once."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from click.testing import CliRunner

from mb.cli import main
from mb.runner import AgentLoadError, RayAgent, run

from .agents import Flaky, Held, Slow, records_then_fails

pytestmark = pytest.mark.ray

ROOT = Path(__file__).resolve().parents[2]


_EXPECT = {"expectations": {"assertions": [{"assert_that": "tool_called", "tool": "search"}]}}


def _benchmark(path: Path, count: int, *, duplicates: int = 0, invalid: bool = False) -> Path:
    lines = [
        json.dumps(
            {"inputs": {"messages": [{"role": "user", "content": f"question {i}"}], "tools": ["search"]}, **_EXPECT}
        )
        for i in range(count)
    ]
    lines += lines[:duplicates]  # identical examples: each runs once per occurrence
    if invalid:
        lines.insert(3, '{"inputs": {"messages": []}}')
    path.write_text("\n".join(lines) + "\n")
    return path


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _trials(lines: list[dict[str, Any]]) -> Counter[tuple[str, Any]]:
    return Counter((line["example_hash"], line.get("repeat")) for line in lines)


def _without_run_details(line: dict[str, Any]) -> dict[str, Any]:
    outputs = dict(line["outputs"])
    outputs.pop("latency_ms")
    outputs["response"] = outputs["response"].rsplit(" ", 1)[0]  # the process that answered
    return {**line, "outputs": outputs}


def test_cli_run_writes_what_a_local_run_writes(ray_cluster: ModuleType, tmp_path: Path) -> None:
    """The agent named by a file path relative to the working directory: the workers find the same file."""
    benchmark = _benchmark(tmp_path / "bench.jsonl", 30, duplicates=4, invalid=True)
    agent = str(Path(__file__).with_name("agents.py").relative_to(Path.cwd())) + ":tool_user"
    common = ["--agent", agent, "--user-time", "2024-05-01T10:00:00+02:00", "--repeats", "2"]
    local = CliRunner().invoke(main, ["run", str(benchmark), "-o", str(tmp_path / "local.jsonl"), *common, "-q"])
    on_ray = CliRunner().invoke(
        main, ["run", str(benchmark), "-o", str(tmp_path / "ray.jsonl"), *common, "-q", "--backend", "ray", "--sort"]
    )
    assert local.exit_code == on_ray.exit_code == 1, on_ray.output  # the invalid line
    assert re.search(
        r"invalid lines? in \d+\.\d s -> .*\n\(Ray and its actors took \d+\.\d s to start before", on_ray.stderr
    )
    assert "Ray" not in local.stderr
    lines = _lines(tmp_path / "ray.jsonl")
    written = [line for line in lines if "inputs" in line]
    assert len(written) == 2 * 34
    assert [line["repeat"] for line in lines if "invalid_line" in line] == [1, 2]  # written in its place, per trial
    trials = _trials(written)
    assert set(trials.values()) == {1, 2}  # the 4 duplicated examples twice per trial, the others once
    assert sum(trials.values()) == 68
    by_trial = sorted(map(_without_run_details, written), key=lambda line: (line["example_hash"], line["repeat"]))
    expected = sorted(
        map(_without_run_details, filter(lambda line: "inputs" in line, _lines(tmp_path / "local.jsonl"))),
        key=lambda line: (line["example_hash"], line["repeat"]),
    )
    assert by_trial == expected
    pids = {int(line["outputs"]["response"].rsplit(" ", 1)[1]) for line in written}
    assert os.getpid() not in pids
    assert [line["inputs"]["messages"][0]["content"] for line in written[::2]][:3] == [
        "question 0",
        "question 1",
        "question 2",
    ]  # --sort: benchmark order, trials together


def _pids_once_up(agent: RayAgent, within: float = 120.0) -> list[int]:
    """The actors' process ids once every actor answers: a restarted actor is unavailable until it is up again."""
    from ray.exceptions import ActorUnavailableError

    deadline = time.monotonic() + within
    while True:
        try:
            return agent.pids()
        except ActorUnavailableError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def test_a_killed_worker_loses_nothing(ray_cluster: ModuleType, tmp_path: Path) -> None:
    """The examples in flight on a killed actor go to the other one; the restarted actor takes examples again."""
    benchmark = _benchmark(tmp_path / "bench.jsonl", 40)
    output = tmp_path / "executed.jsonl"
    gate = tmp_path / "gate"
    problems: list[BaseException] = []
    # questions 0 to 5 are answered at once; the next four are held, two on each actor (the least busy takes each)
    with RayAgent(Held(gate, free=6), ray_cluster, concurrency=4, actors=2) as agent:
        victim = agent.pids()[0]

        def kill_when_under_way() -> None:
            try:
                _wait_until(lambda: output.exists() and len(output.read_bytes().splitlines()) >= 6, "no line written")
                os.kill(victim, signal.SIGKILL)  # with two examples in flight on it
                _wait_until(lambda: _restarted(ray_cluster, agent, victim), "the killed actor was not restarted")
            except BaseException as exc:
                problems.append(exc)
            finally:
                gate.touch()

        killer = threading.Thread(target=kill_when_under_way)
        killer.start()
        result = run(benchmark, agent, output=output, concurrency=4, collect=False)
        killer.join()
        assert not problems, problems
        assert agent.lost >= 1  # the examples in flight on the killed actor were sent again
        assert victim not in _pids_once_up(agent)  # Ray restarted the actor in a new process
    lines = _lines(output)
    assert result.summary.ran == len(lines) == 40
    assert not any("error" in line["outputs"] for line in lines), [line["outputs"] for line in lines]
    assert set(_trials(lines).values()) == {1}
    answered_by = {int(line["outputs"]["response"].rsplit(" ", 1)[1]) for line in lines}
    assert victim in answered_by
    assert len(answered_by) >= 3  # the victim, its survivor, and the restarted actor


def _restarted(ray: ModuleType, agent: RayAgent, victim: int) -> bool:
    """Whether the first actor answers again, from a process other than ``victim``."""
    try:
        return int(ray.get(agent.actors[0].ready.remote(), timeout=5)[2]) != victim
    except Exception:  # restarting (unavailable), or not answering yet
        return False


def _wait_until(condition: Callable[[], bool], failure: str, within: float = 120.0) -> None:
    deadline = time.monotonic() + within
    while not condition():
        assert time.monotonic() < deadline, failure
        time.sleep(0.01)


def test_agent_failures_and_transient_retries_travel_back(ray_cluster: ModuleType, tmp_path: Path) -> None:
    benchmark = tmp_path / "bench.jsonl"
    texts = ["one", "two", "broken three", "locked four"]
    benchmark.write_text(
        "".join(json.dumps({"inputs": {"messages": [{"role": "user", "content": t}]}, **_EXPECT}) + "\n" for t in texts)
    )
    markers = tmp_path / "markers"
    markers.mkdir()
    with RayAgent(Flaky(markers), ray_cluster, concurrency=2) as agent:
        result = run(benchmark, agent, output=tmp_path / "out.jsonl", backoff=0.0)
    by_text = {example.inputs.messages[0].content: example.outputs for example in result.examples}
    assert [by_text["one"].response, by_text["two"].response] == ["ok", "ok"]  # type: ignore[union-attr]
    failed = by_text["broken three"]
    assert failed is not None
    assert failed.error is not None
    assert failed.error == {"type": "ValueError", "message": "cannot answer 'broken three'", "transient": False}
    locked = by_text["locked four"]
    assert locked is not None
    assert locked.error == {"type": "LockedError", "message": "holds a lock", "transient": False}
    assert result.summary.retried == 2  # one transient failure per answerable message, each retried once


def test_the_trace_and_usage_of_a_failed_attempt_travel_back(ray_cluster: ModuleType, tmp_path: Path) -> None:
    benchmark = _benchmark(tmp_path / "bench.jsonl", 1)
    with RayAgent(records_then_fails, ray_cluster, concurrency=1) as agent:
        result = run(benchmark, agent, output=tmp_path / "out.jsonl")
    outputs = result.examples[0].outputs
    assert outputs is not None
    assert outputs.error == {"type": "ValueError", "message": "the model went away", "transient": False}
    assert [event.model_dump(exclude_none=True) for event in outputs.trace] == [
        {"event": "tool_call", "id": "c1", "tool": "search", "params": {"query": "question 0"}}
    ]
    assert (outputs.model_extra or {}).get("usage") == {"input_tokens": 3, "output_tokens": 1, "total_tokens": 4}


def test_resume_after_a_killed_ray_run(ray_cluster: ModuleType, tmp_path: Path) -> None:
    """The driver itself is killed (SIGKILL) mid-run; --resume completes the output, each example once."""
    benchmark = _benchmark(tmp_path / "bench.jsonl", 40)
    gate = tmp_path / "gate"
    documents = [json.loads(line) for line in benchmark.read_text().splitlines()]
    for document in documents[5:]:  # held until the driver is killed: it is killed mid-run
        document["inputs"]["metadata"] = {"categories": {"hold_until": str(gate)}}
    benchmark.write_text("".join(json.dumps(document) + "\n" for document in documents))
    output = tmp_path / "executed.jsonl"
    address = ray_cluster.get_runtime_context().gcs_address
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    command = [
        sys.executable,
        "-c",
        "from mb.cli import main; main()",
        "run",
        str(benchmark),
        "--agent",
        "tests.ray.agents:held",
        "-o",
        str(output),
    ]
    command += ["-q", "--backend", "ray", "--address", address, "-c", "1"]
    with subprocess.Popen(command, cwd=ROOT, env=environment, stderr=subprocess.PIPE) as driver:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and driver.poll() is None:
            if output.exists() and len(output.read_bytes().splitlines()) >= 5:
                break
            time.sleep(0.01)
        driver.kill()
        _, errors = driver.communicate()
        gate.touch()  # the actors of the killed driver may answer what they held: the driver that asked is gone
    assert output.exists(), errors.decode(errors="replace")
    before = _lines(output)
    assert len(before) == 5
    resumed = CliRunner().invoke(
        main,
        [
            "run",
            str(benchmark),
            "--agent",
            "tests.ray.agents:held",
            "-o",
            str(output),
            "--resume",
            "-q",
            "--backend",
            "ray",
        ],
    )
    assert resumed.exit_code == 0, resumed.output
    lines = _lines(output)
    assert len(lines) == 40
    assert set(_trials(lines).values()) == {1}
    assert lines[: len(before)] == before
    assert sorted(line["outputs"]["response"] for line in lines) == sorted(f"echo: question {i}" for i in range(40))


def test_an_agent_the_workers_cannot_load_stops_the_run(ray_cluster: ModuleType, tmp_path: Path) -> None:
    benchmark = _benchmark(tmp_path / "bench.jsonl", 3)
    output = tmp_path / "out.jsonl"
    with pytest.raises(AgentLoadError, match=r"on the Ray workers: .*has no attribute 'missing'"):
        RayAgent("tests/ray/agents.py:missing", ray_cluster, concurrency=1)  # one actor is enough to fail
    arguments = ["run", str(benchmark), "--agent", "tests/ray/agents.py:missing", "-o", str(output), "--backend", "ray"]
    result = CliRunner().invoke(main, arguments)
    assert result.exit_code == 2
    assert "has no attribute 'missing'" in result.stderr
    assert not output.exists()


def test_a_timeout_cancels_the_call_on_the_cluster(ray_cluster: ModuleType, tmp_path: Path) -> None:
    benchmark = _benchmark(tmp_path / "bench.jsonl", 2)
    started = time.monotonic()
    with RayAgent(Slow(30), ray_cluster, concurrency=2) as agent:
        result = run(benchmark, agent, output=tmp_path / "out.jsonl", concurrency=2, timeout=0.5, retries=0)
    assert time.monotonic() - started < 25
    assert result.summary.errors == {"TimeoutError": 2}
    assert all(example.outputs is not None and example.outputs.error is not None for example in result.examples)


def test_an_example_that_kills_every_worker_is_an_error_line_and_the_command_says_so(
    ray_cluster: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(RayAgent.__init__.__kwdefaults__, "worker_retries", 1)  # one further send, not three
    benchmark = tmp_path / "bench.jsonl"
    texts = ["one", "crash two", "three"]
    benchmark.write_text(
        "".join(json.dumps({"inputs": {"messages": [{"role": "user", "content": t}]}, **_EXPECT}) + "\n" for t in texts)
    )
    output = tmp_path / "out.jsonl"
    arguments = ["run", str(benchmark), "--agent", "tests.ray.agents:Crashing", "-o", str(output), "-q", "-c", "2"]
    result = CliRunner().invoke(main, [*arguments, "--backend", "ray"])
    assert result.exit_code == 0, result.output
    assert "note: 1 example(s) were sent again because the Ray worker running them died" in result.stderr
    by_text = {line["inputs"]["messages"][0]["content"]: line["outputs"] for line in _lines(output)}
    assert by_text["crash two"]["error"]["type"] == "WorkerLostError"
    assert "died 2 time(s)" in by_text["crash two"]["error"]["message"]
    assert [by_text["one"]["response"], by_text["three"]["response"]] == ["ok", "ok"]

"""Killing a real ``mb run`` part-way (SIGKILL, Ctrl-C) loses nothing written, and ``--resume`` completes it (run in
this process: only the interrupted run needs a process of its own)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mb.cli import main
from mb.entities import Example
from mb.runner import example_hash

HERE = Path(__file__).resolve().parent
AGENT = f"{HERE / 'slow_agent.py'}:agent"
COUNT = 30

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


def documents() -> list[dict[str, Any]]:
    # 30 examples, of which 5 are repeated twice: duplicates must each be run once.
    texts = [f"question {i % 25}" for i in range(COUNT)]
    return [{"inputs": {"messages": [{"role": "user", "content": t}]}, "expectations": {}} for t in texts]


def start(bench: Path, output: Path, *options: str, free: int) -> subprocess.Popen[str]:
    """``mb run`` in a process of its own; its agent answers ``free`` calls, then each waits for :func:`release`
    (so the run is still under way, with examples in flight, whenever the test acts on it)."""
    env = {**os.environ, "MB_TEST_HOLD": str(gate(output)), "MB_TEST_FREE": str(free)}
    command = [sys.executable, "-c", "from mb.cli import main; main()", "run", str(bench), "--agent", AGENT]
    return subprocess.Popen(
        [*command, "-o", str(output), "-q", *options],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def gate(output: Path) -> Path:
    return output.with_name("gate")


def release(output: Path) -> None:
    """Let the held agent calls of the run writing ``output`` answer."""
    gate(output).touch()


def resume(bench: Path, output: Path) -> str:
    """``mb run --resume`` in this process; what it printed on standard error."""
    resumed = CliRunner().invoke(main, ["run", str(bench), "--agent", AGENT, "-o", str(output), "-q", "--resume"])
    assert resumed.exit_code == 0, resumed.output
    return resumed.stderr


def complete_lines(path: Path) -> list[str]:
    if not path.exists():
        return []
    return [line for line in path.read_text().split("\n")[:-1] if line.strip()]


def wait_for_lines(path: Path, count: int, process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 120
    while len(complete_lines(path)) < count:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the run wrote nothing"
        time.sleep(0.02)


def wait_for_stderr(process: subprocess.Popen[str], text: str) -> str:
    """Read the standard error of ``process`` until a line holds ``text``; what was read."""
    found: list[str] = []
    reader = threading.Thread(target=lambda: found.extend(_lines_until(process, text)), daemon=True)
    reader.start()
    reader.join(timeout=120)
    printed = "".join(found)
    assert text in printed, f"{text!r} never printed; got {printed!r}"
    return printed


def _lines_until(process: subprocess.Popen[str], text: str) -> Iterator[str]:
    assert process.stderr is not None
    for line in process.stderr:
        yield line
        if text in line:
            return


def expected_hashes() -> Counter[str]:
    return Counter(example_hash(Example.model_validate(d)) for d in documents())


def check_complete(output: Path) -> None:
    written = [json.loads(line) for line in complete_lines(output)]
    assert len(written) == COUNT
    assert Counter(line["example_hash"] for line in written) == expected_hashes()
    assert all(Example.model_validate(line).outputs is not None for line in written)
    assert all(line["outputs"]["response"].startswith("echo: question") for line in written)


@pytest.fixture
def bench(tmp_path: Path) -> Path:
    path = tmp_path / "bench.jsonl"
    path.write_text("".join(json.dumps(d) + "\n" for d in documents()))
    return path


def test_sigkill_loses_only_examples_in_flight_and_resume_completes(
    bench: Path, tmp_path: Path, processes: list[subprocess.Popen[str]]
) -> None:
    output = tmp_path / "executed.jsonl"
    process = start(bench, output, "--concurrency", "2", free=5)
    processes.append(process)
    wait_for_lines(output, 5, process)  # then two examples are in flight, held
    process.kill()
    process.wait()
    kept = complete_lines(output)
    assert len(kept) == 5
    stderr = resume(bench, output)
    check_complete(output)
    assert complete_lines(output)[: len(kept)] == kept  # what was written before the kill is untouched
    assert f"skipped {len(kept)} already done" in stderr


def test_ctrl_c_finishes_the_examples_in_flight_and_exits_130_saying_how_to_resume(
    bench: Path, tmp_path: Path, processes: list[subprocess.Popen[str]]
) -> None:
    output = tmp_path / "executed.jsonl"
    process = start(bench, output, "--concurrency", "2", free=3)
    processes.append(process)
    wait_for_lines(output, 3, process)  # then two examples are in flight, held
    process.send_signal(signal.SIGINT)
    seen = wait_for_stderr(process, "interrupted")
    release(output)
    _, rest = process.communicate(timeout=120)
    stderr = seen + rest
    assert process.returncode == 130, stderr
    assert f"-o {output} --concurrency 2 --resume" in stderr
    assert len(complete_lines(output)) == 5  # the two in flight finished, and no other example started
    assert output.read_text().endswith("\n")  # written whole
    resume(bench, output)
    check_complete(output)


def test_a_run_started_with_ctrl_c_ignored_keeps_ignoring_it_to_the_end(
    bench: Path, tmp_path: Path, processes: list[subprocess.Popen[str]]
) -> None:
    """A background job of a script (no job control) starts with Ctrl-C ignored: the shell asked for it."""
    output = tmp_path / "executed.jsonl"
    ignored = "import signal; signal.signal(signal.SIGINT, signal.SIG_IGN); from mb.cli import main; main()"
    command = [sys.executable, "-c", ignored, "run", str(bench), "--agent", AGENT, "-o", str(output), "-q"]
    env = {**os.environ, "MB_TEST_HOLD": str(gate(output)), "MB_TEST_FREE": "3", "MB_TEST_AGENT_DELAY": "0.1"}
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    processes.append(process)
    wait_for_lines(output, 3, process)  # then the examples in flight are held: the run is under way
    process.send_signal(signal.SIGINT)
    release(output)  # the other 27 examples take a while: a handled Ctrl-C would stop the run before its end
    _, stderr = process.communicate(timeout=120)
    assert process.returncode == 0, stderr
    check_complete(output)


def test_the_resume_command_repeats_the_options_that_change_how_examples_run(
    bench: Path, tmp_path: Path, processes: list[subprocess.Popen[str]]
) -> None:
    output = tmp_path / "executed.jsonl"
    options = ("--agent-input", "messages", "--max-line-bytes", "100000", "--timeout", "1234567.5")
    process = start(bench, output, *options, free=1)
    processes.append(process)
    wait_for_lines(output, 1, process)
    process.send_signal(signal.SIGINT)
    seen = wait_for_stderr(process, "interrupted")
    release(output)
    _, rest = process.communicate(timeout=120)
    stderr = seen + rest
    assert process.returncode == 130, stderr
    resume_command = stderr.split("resume with:", 1)[1].split("\n")[1]
    assert "--agent-input messages" in resume_command
    assert "--max-line-bytes 100000" in resume_command
    assert "--timeout 1234567.5" in resume_command  # the value itself, not rounded to six digits


def test_a_second_ctrl_c_cancels_the_examples_in_flight(
    bench: Path, tmp_path: Path, processes: list[subprocess.Popen[str]]
) -> None:
    output = tmp_path / "executed.jsonl"
    process = start(bench, output, "--concurrency", "2", free=2)
    processes.append(process)
    wait_for_lines(output, 2, process)  # then two examples are in flight, held to the end
    process.send_signal(signal.SIGINT)
    seen = wait_for_stderr(process, "press Ctrl-C again")  # the first Ctrl-C was handled: the second one is apart
    process.send_signal(signal.SIGINT)
    _, rest = process.communicate(timeout=120)
    stderr = seen + rest
    assert process.returncode == 130, stderr
    assert "cancelling the 2 example(s) in flight" in stderr
    assert "2 cancelled" in stderr
    assert len(complete_lines(output)) == 2
    assert all(json.loads(line)["example_hash"] for line in complete_lines(output))
    assert output.read_text().endswith("\n")


def test_a_timed_out_sync_agent_does_not_keep_the_process_alive(tmp_path: Path) -> None:
    bench = tmp_path / "one.jsonl"
    bench.write_text(json.dumps(documents()[0]) + "\n")
    output = tmp_path / "executed.jsonl"
    command = [sys.executable, "-c", "from mb.cli import main; main()", "run", str(bench)]
    command += ["--agent", f"{HERE / 'slow_agent.py'}:stuck", "-o", str(output), "-q", "--timeout", "0.5"]
    finished = subprocess.run(command, capture_output=True, text=True, timeout=300)  # the agent blocks for 600 s
    assert finished.returncode == 0, finished.stderr
    [line] = complete_lines(output)
    assert json.loads(line)["outputs"]["error"]["type"] == "TimeoutError"


@pytest.mark.parametrize("agent", ["ignores_cancellation", "blocks_its_loop"])
def test_a_timeout_holds_against_an_async_agent_that_ignores_cancellation_or_blocks_its_loop(
    tmp_path: Path, agent: str
) -> None:
    bench = tmp_path / "two.jsonl"
    bench.write_text("".join(json.dumps(d) + "\n" for d in documents()[:2]))
    output = tmp_path / "executed.jsonl"
    command = [sys.executable, "-c", "from mb.cli import main; main()", "run", str(bench)]
    command += ["--agent", f"{HERE / 'slow_agent.py'}:{agent}", "-o", str(output), "-q", "--timeout", "1"]
    finished = subprocess.run(command, capture_output=True, text=True, timeout=300)  # the agent holds on for 600 s
    assert finished.returncode == 0, finished.stderr
    assert [json.loads(line)["outputs"]["error"]["type"] for line in complete_lines(output)] == ["TimeoutError"] * 2


@pytest.mark.parametrize("agent", ["ignores_cancellation", "blocks_its_loop", "stuck"])
def test_two_ctrl_c_stop_a_run_whatever_its_agent_does(tmp_path: Path, agent: str) -> None:
    bench = tmp_path / "one.jsonl"
    bench.write_text(json.dumps(documents()[0]) + "\n")
    started = tmp_path / "started"
    command = [sys.executable, "-c", "from mb.cli import main; main()", "run", str(bench), "-q"]
    command += ["--agent", f"{HERE / 'slow_agent.py'}:{agent}", "-o", str(tmp_path / "executed.jsonl")]
    messages = tmp_path / "stderr.txt"
    with messages.open("w") as stream:
        process = subprocess.Popen(
            command, env={**os.environ, "MB_TEST_STARTED": str(started)}, stdout=subprocess.DEVNULL, stderr=stream
        )

    def wait_for(done: Any, what: str) -> None:
        deadline = time.monotonic() + 120
        while not done():
            assert process.poll() is None, messages.read_text()
            assert time.monotonic() < deadline, what
            time.sleep(0.02)

    try:
        wait_for(started.exists, "the agent never started")
        process.send_signal(signal.SIGINT)  # the two signals apart: the system merges a signal still pending
        wait_for(lambda: "interrupted" in messages.read_text(), "the first Ctrl-C was not handled")
        process.send_signal(signal.SIGINT)
        process.wait(timeout=120)
    finally:
        process.kill()
    assert process.returncode == 130, messages.read_text()
    assert "Traceback" not in messages.read_text()

"""Invoked in-process, a command never ends the interpreter, so a test run cannot stop early and still pass."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

from click.testing import CliRunner

from mb.cli import main

_AGENT = """
import time

def agent(messages):
    time.sleep({delay})
    return "too late"
"""


def _bench(folder: Path) -> Path:
    path = folder / "one.jsonl"
    example = {"inputs": {"messages": [{"role": "user", "content": "hello"}]}, "expectations": {}}
    path.write_text(json.dumps(example) + "\n")
    return path


def test_a_timed_out_sync_agent_in_process_returns_to_the_caller(tmp_path: Path) -> None:
    agent = tmp_path / "late_agent.py"
    agent.write_text(_AGENT.format(delay=2))
    output = tmp_path / "executed.jsonl"
    release = threading.Event()
    bystander = threading.Thread(target=release.wait, args=(30,))  # a non-daemon thread of the caller
    bystander.start()
    try:
        result = CliRunner().invoke(
            main,
            ["run", str(_bench(tmp_path)), "--agent", f"{agent}:agent", "-o", str(output), "-q", "--timeout", "0.2"],
        )
    finally:
        release.set()
        bystander.join()
    assert result.exit_code == 0, result.output
    [line] = output.read_text().splitlines()
    assert json.loads(line)["outputs"]["error"]["type"] == "TimeoutError"


def test_a_test_after_an_abandoned_agent_call_still_runs_and_fails(tmp_path: Path) -> None:
    agent = tmp_path / "late_agent.py"
    agent.write_text(_AGENT.format(delay=3))
    bench = _bench(tmp_path)
    suite = tmp_path / "test_inner.py"
    suite.write_text(
        textwrap.dedent(
            f"""
            import threading
            from click.testing import CliRunner
            from mb.cli import main

            def test_run_with_an_abandoned_call():
                threading.Thread(target=threading.Event().wait, args=(1,)).start()
                args = ["run", {str(bench)!r}, "--agent", {f"{agent}:agent"!r}, "-o", {str(tmp_path / "out.jsonl")!r}]
                result = CliRunner().invoke(main, [*args, "-q", "--timeout", "0.2"])
                assert result.exit_code == 0

            def test_after_it():
                assert False, "this failure must be reported"
            """
        )
    )
    finished = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=", str(suite)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert finished.returncode == 1, finished.stdout + finished.stderr
    assert "1 failed, 1 passed" in finished.stdout

"""``mb eval`` of a file an ``mb run`` is still writing: the lines written so far are scored, with a warning."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import mb
from mb.cli import main
from mb.runner._lock import lock_path, output_lock

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="runs are locked with flock")

AGENT = f"{Path(__file__).resolve().parent.parent / 'runner' / 'slow_agent.py'}:agent"
WARNING = "is still being written by `mb run`"


@pytest.fixture
def bench(tmp_path: Path) -> Path:
    path = tmp_path / "bench.jsonl"
    lines = [
        {
            "inputs": {"messages": [{"role": "user", "content": f"question {i}"}]},
            "expectations": {"expected_response": f"echo: question {i}"},
        }
        for i in range(5)
    ]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def complete_lines(path: Path) -> int:
    return path.read_text().count("\n") if path.exists() else 0


def evaluate(path: Path) -> Result:
    return CliRunner().invoke(main, ["eval", str(path), "--judge", "lexical", "--format", "json", "-q"])


def test_a_file_a_run_is_writing_is_scored_as_far_as_written_with_a_warning(
    bench: Path, tmp_path: Path, processes: list[subprocess.Popen[str]]
) -> None:
    output = tmp_path / "executed.jsonl"
    gate = tmp_path / "gate"
    env = {**os.environ, "MB_TEST_HOLD": str(gate), "MB_TEST_FREE": "2"}
    command = [sys.executable, "-c", "from mb.cli import main; main()", "run", str(bench), "--agent", AGENT]
    process = subprocess.Popen(
        [*command, "-o", str(output), "-q", "--concurrency", "1"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    processes.append(process)
    deadline = time.monotonic() + 120
    while complete_lines(output) < 2:  # then the third call is held until the gate exists
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the run wrote nothing"
        time.sleep(0.02)
    holder = lock_path(output).read_bytes()

    result = evaluate(output)
    assert result.exit_code == 0, result.output
    assert f"warning: {output} {WARNING}" in result.stderr
    assert "lines written later are not" in result.stderr
    summary = json.loads(result.stdout)
    assert (summary["total"], summary["passed"]) == (2, 2)
    assert lock_path(output).read_bytes() == holder  # the run's lock file is left as it was

    gate.touch()
    _, stderr = process.communicate(timeout=120)
    assert process.returncode == 0, stderr
    result = evaluate(output)
    assert result.exit_code == 0, result.output
    assert WARNING not in result.stderr
    assert json.loads(result.stdout)["total"] == 5
    assert not lock_path(output).exists()  # none made by evaluating


def test_the_api_warns_while_a_run_holds_the_lock_and_not_otherwise(bench: Path, tmp_path: Path) -> None:
    executed = tmp_path / "executed.jsonl"
    lines = [
        json.loads(line) | {"outputs": {"response": "echo: question 0"}} for line in bench.read_text().splitlines()
    ]
    executed.write_text("".join(json.dumps(line) + "\n" for line in lines))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert mb.evaluate(executed, judge="lexical").summary.passed == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bench.jsonl", "executed.jsonl"]  # no lock file made
    with output_lock(executed):  # the lock `mb run` takes
        with pytest.warns(UserWarning, match=f"{executed} {WARNING}"):
            result = mb.evaluate(executed, judge="lexical")
        assert (result.summary.total, result.summary.passed) == (5, 1)  # scored all the same
        assert lock_path(executed).exists()

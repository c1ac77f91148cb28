"""``mb run``'s output: one run at a time, and a full disk leaves no torn line."""

from __future__ import annotations

import errno
import json
import os
import socket
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from mb.cli import main
from mb.io import JsonlWriter
from mb.runner._lock import lock_path, output_lock


def mb(*args: str | Path) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def bench(tmp_path: Path) -> Path:
    path = tmp_path / "bench.jsonl"
    texts = [f"question {i}" for i in range(6)]
    path.write_text(
        "".join(
            json.dumps({"inputs": {"messages": [{"role": "user", "content": t}]}, "expectations": {}}) + "\n"
            for t in texts
        )
    )
    return path


@pytest.fixture
def agent(tmp_path: Path) -> str:
    path = tmp_path / "echo_agent.py"
    path.write_text("def agent(messages):\n    return 'echo: ' + messages[-1]['content'] * 20\n")
    return f"{path}:agent"


def test_a_second_run_on_a_locked_output_names_the_first(bench: Path, agent: str, tmp_path: Path) -> None:
    output = tmp_path / "executed.jsonl"
    assert mb("run", bench, "--agent", agent, "-o", output, "-q").exit_code == 0
    before = output.read_bytes()
    with output_lock(output):
        result = mb("run", bench, "--agent", agent, "-o", output, "-q", "--resume")
        assert result.exit_code == 2, result.output
        assert "being written by another `mb run`" in result.stderr
        assert f"pid {os.getpid()} on {socket.gethostname()}, started " in result.stderr
        assert "Traceback" not in result.output
        assert output.read_bytes() == before
    assert not lock_path(output).exists()  # released and removed
    assert mb("run", bench, "--agent", agent, "-o", output, "-q", "--resume").exit_code == 0


def test_the_same_file_under_another_name_is_locked_too(bench: Path, agent: str, tmp_path: Path) -> None:
    output = tmp_path / "executed.jsonl"
    assert mb("run", bench, "--agent", agent, "-o", output, "-q").exit_code == 0
    before = output.read_bytes()
    (tmp_path / "sub").mkdir()
    other_name = tmp_path / "sub" / "linked.jsonl"
    os.link(output, other_name)
    with output_lock(output):
        result = mb("run", bench, "--agent", agent, "-o", other_name, "-q", "--resume")
        assert result.exit_code == 2, result.output
        assert "being written by another `mb run`" in result.stderr
        assert output.read_bytes() == before
    assert not lock_path(other_name).exists()
    assert mb("run", bench, "--agent", agent, "-o", other_name, "-q", "--resume").exit_code == 0


def test_a_new_output_linked_under_another_name_while_a_run_holds_it_is_locked_too(
    bench: Path, agent: str, tmp_path: Path
) -> None:
    output = tmp_path / "executed.jsonl"
    other_name = tmp_path / "linked.jsonl"
    with output_lock(output):  # the run starts on an output that does not exist yet
        os.link(output, other_name)
        result = mb("run", bench, "--agent", agent, "-o", other_name, "-q", "--resume")
        assert result.exit_code == 2, result.output
        assert "being written by another `mb run`" in result.stderr
    assert output.read_bytes() == b""


class _FillingDisk:
    """A file that takes ``room`` more bytes, writes part of the next write, then fails as a full disk does."""

    def __init__(self, raw: Any, room: int) -> None:
        self.raw = raw
        self.room = room

    def write(self, data: bytes | memoryview) -> int:
        if len(data) > self.room:
            self.raw.write(bytes(data[: self.room]))
            self.room = 0
            raise OSError(errno.ENOSPC, "No space left on device")
        self.room -= len(data)
        return int(self.raw.write(data))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


def test_a_full_disk_stops_the_run_cleanly_without_a_torn_line(
    bench: Path, agent: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    output = tmp_path / "executed.jsonl"
    original = JsonlWriter.__init__

    def filling(self: Any, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        self._stream = _FillingDisk(self._stream, room=1000)  # room for a line or two, then half a line

    monkeypatch.setattr(JsonlWriter, "__init__", filling)
    result = mb("run", bench, "--agent", agent, "-o", output, "-q", "--concurrency", "1")
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, (result.output, result.exception)
    error = errors[0]
    assert f"{output}: No space left on device" in error
    content = output.read_bytes()
    assert 0 < len(content) <= 1000
    assert content.endswith(b"\n")
    written = [json.loads(line) for line in content.splitlines()]
    assert all(line["example_hash"] for line in written)
    monkeypatch.setattr(JsonlWriter, "__init__", original)
    assert mb("run", bench, "--agent", agent, "-o", output, "-q", "--resume").exit_code == 0
    assert len(output.read_text().splitlines()) == 6


def test_the_agents_own_file_is_not_an_output(bench: Path, tmp_path: Path) -> None:
    source = tmp_path / "agent_source.py"
    source.write_text("def answer(messages):\n    return 'ok'\n")
    before = source.read_bytes()
    result = mb("run", bench, "--agent", f"{source}:answer", "-o", source, "-q", "--overwrite")
    assert result.exit_code == 2, result.output
    assert "is the input" in result.stderr
    assert source.read_bytes() == before

"""A killed ``mb eval`` leaves the previous results file byte for byte."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

SPEC = Path(__file__).resolve().parents[1] / "data" / "spec"

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc to see the results being written")
def test_sigkill_during_eval_keeps_the_previous_results_and_leaves_no_partial_file(tmp_path: Path) -> None:
    lines = (SPEC / "examples-executed.jsonl").read_bytes().splitlines()
    executed = tmp_path / "executed.jsonl"
    executed.write_bytes(b"\n".join(lines * 10000) + b"\n")
    results = tmp_path / "results.jsonl"
    previous = b'{"previous": "results"}\n' * 100
    results.write_bytes(previous)
    command = [
        sys.executable,
        "-c",
        "from mb.cli import main; main()",
        "eval",
        str(executed),
        "-o",
        str(results),
        "--overwrite",
    ]
    process = subprocess.Popen([*command, "-q", "--jobs", "1", "--metrics", "none"], stderr=subprocess.PIPE)
    _wait_for_results_being_written(process, tmp_path, inputs=(executed, results))
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=30)
    assert results.read_bytes() == previous
    assert sorted(path.name for path in tmp_path.iterdir()) == ["executed.jsonl", "results.jsonl"]


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc to see the results being written")
def test_ctrl_c_during_eval_stops_at_once_and_keeps_the_previous_results(tmp_path: Path) -> None:
    lines = (SPEC / "examples-executed.jsonl").read_bytes().splitlines()
    executed = tmp_path / "executed.jsonl"
    total = len(lines) * 30000
    executed.write_bytes(b"\n".join(lines * 30000) + b"\n")
    results = tmp_path / "results.jsonl"
    previous = b'{"previous": "results"}\n'
    results.write_bytes(previous)
    command = [
        sys.executable,
        "-c",
        "from mb.cli import main; main()",
        "eval",
        str(executed),
        "-o",
        str(results),
        "--overwrite",
    ]
    process = subprocess.Popen([*command, "-q", "--jobs", "1"], stderr=subprocess.PIPE, text=True)
    _wait_for_results_being_written(process, tmp_path, inputs=(executed, results))  # the scoring itself, not start-up
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr
    assert f"{results} left unchanged" in stderr
    done = int(stderr.split("interrupted after ")[1].split(" line(s)")[0])
    assert done < total  # stopped where it was, not after scoring every line
    assert results.read_bytes() == previous


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc to see the results being written")
def test_an_eval_started_with_ctrl_c_ignored_keeps_ignoring_it_to_the_end(tmp_path: Path) -> None:
    """A background job of a script (no job control) starts with Ctrl-C ignored: the shell asked for it, so no
    moment of the evaluation honours it."""
    lines = (SPEC / "examples-executed.jsonl").read_bytes().splitlines()
    executed = tmp_path / "executed.jsonl"
    total = len(lines) * 1000
    executed.write_bytes(b"\n".join(lines * 1000) + b"\n")
    results = tmp_path / "results.jsonl"
    results.write_bytes(b'{"previous": "results"}\n')
    ignored = "import signal; signal.signal(signal.SIGINT, signal.SIG_IGN); from mb.cli import main; main()"
    command = [
        sys.executable,
        "-c",
        ignored,
        "eval",
        str(executed),
        "-o",
        str(results),
        "-q",
        "--jobs",
        "1",
        "--overwrite",
    ]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    _wait_for_results_being_written(process, tmp_path, inputs=(executed, results))
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=180)
    assert process.returncode == 0, stderr
    assert f"wrote {total} result(s) to {results}" in stderr


def _wait_for_results_being_written(process: subprocess.Popen[Any], directory: Path, inputs: tuple[Path, ...]) -> None:
    """Wait (polling, up to a generous deadline) until ``process`` has written more than 64 KiB into files of
    ``directory`` other than ``inputs``: the results of lines already scored, kept aside until the run completes."""
    deadline = time.monotonic() + 180
    while _written_beside(process.pid, directory, inputs) <= 1 << 16:
        assert process.poll() is None, "the evaluation ended before it could be stopped"
        assert time.monotonic() < deadline, "no results were being written"
        time.sleep(0.01)


def _written_beside(pid: int, directory: Path, inputs: tuple[Path, ...]) -> int:
    """Bytes in the files of ``directory`` (named or not) that process ``pid`` has open, ``inputs`` aside (Linux's
    /proc)."""
    folder = Path(f"/proc/{pid}/fd")
    inside = os.path.realpath(directory) + os.sep
    skipped = {os.path.realpath(path) for path in inputs}
    total = 0
    try:
        entries = list(folder.iterdir())
    except OSError:
        return 0
    for entry in entries:
        try:
            link = os.readlink(entry)
            if link.startswith(inside) and link.removesuffix(" (deleted)") not in skipped:
                total += entry.stat().st_size
        except OSError:
            continue
    return total


def test_an_interrupt_swallowed_by_a_library_still_stops_the_evaluation() -> None:
    from mb.cli.eval import _terminated_like_interrupted

    def library_that_catches_everything() -> None:
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(1)
        except BaseException:  # what a validator or a discriminator calling back into Python may do
            pass

    with pytest.raises(KeyboardInterrupt), _terminated_like_interrupted():
        library_that_catches_everything()
    with _terminated_like_interrupted():  # the next evaluation in the process starts clean
        pass

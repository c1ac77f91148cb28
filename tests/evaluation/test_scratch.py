"""The workers' private directory: removed at the end, on SIGTERM, and by the next evaluation when its process was
killed outright; another live evaluation's directory is left alone."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import anyio
import pytest

from mb.data import example_lines
from mb.evaluation._engine import make_evaluator
from mb.evaluation._parallel import aiter_batches
from mb.evaluation._scratch import remove_stale, scratch_directory
from mb.io import write_examples


@pytest.fixture
def tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A temporary directory of the test's own, where evaluations make theirs."""
    directory = tmp_path / "tmp"
    directory.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(directory))
    return directory


def _left_by(tmp: Path, name: str, pid: int, host: str | None = None) -> Path:
    directory = tmp / f"mb-eval-{pid}-{name}"
    directory.mkdir()
    (directory / "owner").write_text(json.dumps({"host": host or socket.gethostname(), "pid": pid}))
    (directory / "3.pickle").write_bytes(b"partial results")
    return directory


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


async def _evaluate(path: Path) -> int:
    batches = [batch async for batch in aiter_batches(path, make_evaluator("lexical", [], ()), jobs=2)]
    return sum(batch.count for batch in batches)


def test_an_evaluation_removes_what_killed_ones_left_and_its_own(tmp: Path, tmp_path: Path) -> None:
    with subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"]) as live:
        try:
            stale = _left_by(tmp, "stale", _dead_pid())
            running = _left_by(tmp, "running", live.pid)
            elsewhere = _left_by(tmp, "elsewhere", _dead_pid(), host="another-host")
            unmarked = tmp / "mb-eval-unmarked"
            unmarked.mkdir()
            bench = tmp_path / "executed.jsonl"
            write_examples(bench, list(example_lines(executed=True)) * 20)
            assert anyio.run(_evaluate, bench) == 20 * len(list(example_lines(executed=True)))
            assert not stale.exists()
            assert running.exists()
            assert elsewhere.exists()
            assert unmarked.exists()
            assert sorted(p.name for p in tmp.iterdir()) == sorted(p.name for p in (running, elsewhere, unmarked))
        finally:
            live.kill()


def test_stale_directories_need_a_dead_owner_on_this_host(tmp: Path) -> None:
    mine = _left_by(tmp, "mine", os.getpid())
    broken = tmp / "mb-eval-1-broken"
    broken.mkdir()
    (broken / "owner").write_text("{not json")
    dead = _left_by(tmp, "dead", _dead_pid())
    assert remove_stale() == [dead]
    assert mine.exists()
    assert broken.exists()


def test_sigterm_removes_the_directory(tmp: Path) -> None:
    script = textwrap.dedent(
        f"""
        import sys, tempfile, time
        tempfile.tempdir = {str(tmp)!r}
        from mb.evaluation._scratch import scratch_directory
        with scratch_directory() as directory:
            print(directory, flush=True)
            time.sleep(60)
        """
    )
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    with subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, env=environment) as child:
        assert child.stdout is not None
        directory = Path(child.stdout.readline().strip())
        assert directory.is_dir()
        child.send_signal(signal.SIGTERM)
        assert child.wait(timeout=30) == -signal.SIGTERM
    assert not directory.exists()
    assert not list(tmp.iterdir())


def test_the_directory_is_private_and_removed_when_done(tmp: Path) -> None:
    before = signal.getsignal(signal.SIGTERM)
    with scratch_directory() as directory:
        assert Path(directory).parent == tmp
        assert Path(directory).stat().st_mode & 0o777 == 0o700
        assert json.loads(Path(directory, "owner").read_text())["pid"] == os.getpid()
        assert signal.getsignal(signal.SIGTERM) is not before
    assert not Path(directory).exists()
    assert signal.getsignal(signal.SIGTERM) is before

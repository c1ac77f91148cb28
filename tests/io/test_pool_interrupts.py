"""Ctrl-C while a task is handed to the worker pool: it takes effect once the task is in the pool, never half-way
through starting a worker (which then printed a traceback about what the main process had already removed)."""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

# Loaded by the pool's server before it starts a worker: it says it is loading and waits for the word to go on.
GATE = """
import os, time
from pathlib import Path
folder = Path(os.environ["GATE_DIR"])
(folder / "loading").touch()
deadline = time.monotonic() + 120
while not (folder / "go").exists() and time.monotonic() < deadline:
    time.sleep(0.01)
"""

# Hands a task to a new pool; Ctrl-C comes while the server loads (the hand-over waits for it), then the pool is
# stopped, letting what it holds finish.
PROGRAM = """
import os, signal, sys, threading, time
from pathlib import Path
from mb.io._pool import process_pool, submit
folder = Path(os.environ["GATE_DIR"])

def interrupt_while_the_server_loads():
    deadline = time.monotonic() + 120
    while not (folder / "loading").exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    os.kill(os.getpid(), signal.SIGINT)
    (folder / "go").touch()

pool = process_pool(1, ["gate"])
assert pool is not None
threading.Thread(target=interrupt_while_the_server_loads, daemon=True).start()
try:
    submit(pool, Path.touch, folder / "ran")
except KeyboardInterrupt:
    print("interrupted")
pool.shutdown(wait=True)
print("ran" if (folder / "ran").exists() else "lost")
"""


@pytest.mark.skipif("forkserver" not in multiprocessing.get_all_start_methods(), reason="workers from a server")
def test_ctrl_c_while_a_task_is_handed_to_the_pool_takes_effect_once_it_is_in(tmp_path: Path) -> None:
    (tmp_path / "gate.py").write_text(GATE)
    path = os.pathsep.join([str(tmp_path), *sys.path])
    env = {**os.environ, "GATE_DIR": str(tmp_path), "PYTHONPATH": path}
    done = subprocess.run(
        [sys.executable, "-c", PROGRAM], env=env, capture_output=True, text=True, timeout=240, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["interrupted", "ran"]
    assert "Traceback" not in done.stderr

"""Invoked in-process, a command never ends the interpreter, so a test run cannot stop early and still pass."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest
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


_PROGRAM = """
import atexit, sys, threading, time
from pathlib import Path

folder = Path(sys.argv[1])

class Finalized:
    def __del__(self):
        (folder / "torn-down").write_text("yes")

kept = Finalized()  # freed only by the interpreter's teardown
atexit.register(lambda: (folder / "exit-handler").write_text("yes"))
if sys.argv[2] == "thread":
    def late():  # runs until the main thread has ended
        threading.main_thread().join()
        time.sleep(0.1)
        (folder / "thread").write_text("done")
    threading.Thread(target=late).start()
from mb.cli import main
sys.argv = ["mb", *sys.argv[3:]]
main()
"""


def _program(folder: Path, thread: str, *arguments: str) -> subprocess.CompletedProcess[str]:
    script = folder / "program.py"
    script.write_text(_PROGRAM)
    command = [sys.executable, str(script), str(folder), thread, *arguments]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)


def test_the_program_ends_the_ordinary_way_after_eval_with_its_exit_handlers_and_teardown(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    done = _program(tmp_path, "-", "eval", str(_executed(tmp_path)), "-o", str(results), "--fail-under", "1.0")
    assert done.returncode == 1, done.stderr  # the status --fail-under sets
    assert "below --fail-under" in done.stderr
    assert "wrote 1 result(s)" in done.stderr  # the streams are flushed
    assert "0/1 passed" in done.stdout
    assert len(results.read_text().splitlines()) == 2  # the run record and the result
    assert (tmp_path / "exit-handler").read_text() == "yes"
    assert (tmp_path / "torn-down").read_text() == "yes"


def test_the_program_waits_for_a_running_thread_and_tears_down_as_usual(tmp_path: Path) -> None:
    done = _program(tmp_path, "thread", "eval", str(_executed(tmp_path)), "-q")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "thread").read_text() == "done"
    assert (tmp_path / "exit-handler").read_text() == "yes"
    assert (tmp_path / "torn-down").read_text() == "yes"


def test_other_commands_end_with_the_teardown(tmp_path: Path) -> None:
    done = _program(tmp_path, "-", "validate", str(_executed(tmp_path)))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "torn-down").read_text() == "yes"


def _executed(folder: Path) -> Path:
    """One executed line whose assertion fails."""
    path = folder / "executed.jsonl"
    example = {
        "inputs": {"messages": [{"role": "user", "content": "weather in Paris"}]},
        "expectations": {"assertions": [{"assert_that": "tool_called", "tool": "weather"}]},
        "outputs": {"response": "It is sunny.", "trace": []},
    }
    path.write_text(json.dumps(example) + "\n")
    return path


def test_the_program_started_without_standard_output_ends_quietly_after_eval(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    script = tmp_path / "program.py"
    script.write_text(_PROGRAM)
    arguments = [str(script), str(tmp_path), "-", "eval", str(_executed(tmp_path)), "-o", str(results)]
    without_stdout = ["sh", "-c", 'exec "$0" "$@" >&-', sys.executable, *arguments]
    done = subprocess.run(without_stdout, stderr=subprocess.PIPE, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert len(results.read_text().splitlines()) == 2
    assert (tmp_path / "exit-handler").read_text() == "yes"


_EARLIER_IN_PROCESS = """
import atexit, sys
from pathlib import Path
from click.testing import CliRunner
from mb.cli import main

folder, executed = Path(sys.argv[1]), sys.argv[2]
atexit.register(lambda: (folder / "exit-handler").write_text("yes"))
assert CliRunner().invoke(main, ["eval", executed, "-q"]).exit_code == 0
sys.argv = ["mb", "validate", executed]
try:
    main()  # the program, reading its command line
except SystemExit as exit:
    print("validate ended with", exit.code)
print("the caller goes on")
"""


def _script(folder: Path, name: str, code: str, *arguments: str) -> subprocess.CompletedProcess[str]:
    """``code`` run as the script ``name`` in a fresh interpreter with ``arguments``; it must end with status 0."""
    script = folder / name
    script.write_text(code)
    command = [sys.executable, str(script), *arguments]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done


def test_an_eval_run_in_process_earlier_does_not_end_a_later_command(tmp_path: Path) -> None:
    done = _script(tmp_path, "caller.py", _EARLIER_IN_PROCESS, str(tmp_path), str(_executed(tmp_path)))
    assert "validate ended with 0" in done.stdout
    assert "the caller goes on" in done.stdout
    assert (tmp_path / "exit-handler").read_text() == "yes"


def test_the_program_under_a_profiler_returns_so_the_profile_is_written(tmp_path: Path) -> None:
    script = tmp_path / "program.py"
    script.write_text(_PROGRAM)
    profile = tmp_path / "eval.prof"
    arguments = [str(script), str(tmp_path), "-", "eval", str(_executed(tmp_path)), "-q"]
    command = [sys.executable, "-m", "cProfile", "-o", str(profile), *arguments]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert profile.stat().st_size > 0  # cProfile writes it once the program has returned
    assert (tmp_path / "exit-handler").read_text() == "yes"


_CALLER = """
import sys
from mb.cli import main

if __name__ == "__main__":  # as in any program whose work may go to worker processes
    for jobs in ("1", "2"):
        try:
            main(["eval", sys.argv[1], "-q", "--judge", "lexical", "--jobs", jobs, "-o", sys.argv[2]])
        except SystemExit as exit:
            print("eval ended with", exit.code)
    print("the script goes on")
"""


def test_a_script_calling_main_gets_control_back_after_eval(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    done = _script(tmp_path, "caller.py", _CALLER, str(_executed(tmp_path)), str(results))
    assert done.stdout.count("eval ended with 0") == 2
    assert "the script goes on" in done.stdout
    assert len(results.read_text().splitlines()) == 2


_LATE_WORDS = """
import atexit, resource, signal, sys
limit = int(sys.argv[1])
if limit:
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit then fails with EFBIG
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
atexit.register(lambda: print("x" * 1000))  # held in the stream's buffer until the end
from mb.cli import main
sys.argv = ["mb", *sys.argv[2:]]
main()
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a file size limit set with setrlimit")
def test_standard_output_that_cannot_take_the_last_words_gives_status_120(tmp_path: Path) -> None:
    script = tmp_path / "late.py"
    script.write_text(_LATE_WORDS)
    executed = _executed(tmp_path)
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}

    def run(limit: int) -> tuple[subprocess.CompletedProcess[str], bytes]:
        out = tmp_path / f"out-{limit}.txt"
        with out.open("wb") as stdout:
            command = [sys.executable, str(script), str(limit), "eval", str(executed), "-q"]
            done = subprocess.run(
                command, stdout=stdout, stderr=subprocess.PIPE, text=True, env=environment, timeout=120, check=False
            )
        return done, out.read_bytes()

    whole, printed = run(0)
    assert whole.returncode == 0, whole.stderr
    assert printed.endswith(b"x" * 1000 + b"\n")
    cut, _ = run(len(printed) - 500)  # room for the summary, not for what the exit handler printed
    assert cut.returncode == 120, cut.stderr
    assert "stdout" in cut.stderr  # the interpreter names the stream it could not flush
    assert "Traceback" not in cut.stderr

"""``mb run``: the demo flow end to end, agent loading errors, exit statuses, options."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from rich.progress import Progress

from mb.cli import main
from mb.runner._progress import RateColumn
from tests.support.streams import reader_goes_away

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
SLOW_AGENT = f"{HERE / 'slow_agent.py'}:agent"


def mb(*args: str | Path) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@pytest.fixture
def bench(tmp_path: Path) -> Path:
    path = tmp_path / "bench.jsonl"
    assert mb("examples", "--unexecuted", "-o", path).exit_code == 0
    return path


@pytest.mark.parametrize("spec", ["file", "module"])
def test_the_demo_agent_produces_a_valid_executed_benchmark(
    bench: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spec: str
) -> None:
    monkeypatch.chdir(ROOT)
    agent = "examples/demo_agent.py:agent" if spec == "file" else "examples.demo_agent:agent"
    executed = tmp_path / "executed.jsonl"
    result = mb("run", bench, "--agent", agent, "-o", executed, "--quiet")
    assert result.exit_code == 0, result.output
    assert mb("validate", "--executed", executed).exit_code == 0
    written = lines(executed)
    assert len(written) == len(lines(bench))
    assert not [line for line in written if "error" in line["outputs"]]
    assert f"ran {len(written)} examples (no errors)" in result.stderr


@pytest.mark.parametrize(
    ("source", "attribute", "message"),
    [
        ("def agent(m):\n    return 'x'\n", "nope", "has no attribute 'nope' (callables there: agent)"),
        ("def agent(m:\n", "agent", "syntax error at"),
        (
            "import not_installed_package_xyz\n",
            "agent",
            "it imports 'not_installed_package_xyz', which is not installed",
        ),
        ("raise RuntimeError('boom at import')\n", "agent", "RuntimeError: boom at import"),
        ("agent = 5\n", "agent", "int, not callable"),
        ("import sys\nsys.exit(4)\n", "agent", "importing"),
        ("import sys\ndef make():\n    sys.exit(3)\n", "make()", "calling make()"),
        ("def agent():\n    return 'x'\n", "agent", "first positional argument"),
    ],
)
def test_an_agent_that_cannot_be_loaded_exits_2_saying_why(
    bench: Path, tmp_path: Path, source: str, attribute: str, message: str
) -> None:
    module = tmp_path / "broken_agent.py"
    module.write_text(source)
    result = mb("run", bench, "--agent", f"{module}:{attribute}", "-o", tmp_path / "out.jsonl")
    assert result.exit_code == 2
    assert message in " ".join(result.stderr.split())
    assert "Traceback" not in result.output
    assert not (tmp_path / "out.jsonl").exists()


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("no_such_module_abc:agent", "cannot import 'no_such_module_abc': no module named 'no_such_module_abc'"),
        ("just_a_name", "expected MODULE:ATTRIBUTE"),
        ("missing/file.py:agent", "no such file: missing/file.py"),
    ],
)
def test_bad_agent_specs_exit_2(bench: Path, tmp_path: Path, spec: str, message: str) -> None:
    result = mb("run", bench, "--agent", spec, "-o", tmp_path / "out.jsonl")
    assert result.exit_code == 2
    assert message in " ".join(result.stderr.split())


def test_a_factory_and_a_class_are_resolved(bench: Path, tmp_path: Path) -> None:
    module = tmp_path / "class_agent.py"
    module.write_text("class Agent:\n    def __call__(self, messages):\n        return 'from a class'\n")
    result = mb("run", bench, "--agent", f"{module}:Agent", "-o", tmp_path / "a.jsonl", "-q")
    assert result.exit_code == 0
    assert {line["outputs"]["response"] for line in lines(tmp_path / "a.jsonl")} == {"from a class"}
    result = mb("run", bench, "--agent", f"{HERE / 'slow_agent.py'}:make_agent()", "-o", tmp_path / "b.jsonl", "-q")
    assert result.exit_code == 0
    assert all(line["outputs"]["response"].startswith("echo: ") for line in lines(tmp_path / "b.jsonl"))


def test_an_existing_output_exits_2_unless_overwritten_or_resumed(bench: Path, tmp_path: Path) -> None:
    output = tmp_path / "out.jsonl"
    assert mb("run", bench, "--agent", SLOW_AGENT, "-o", output, "-q").exit_code == 0
    result = mb("run", bench, "--agent", SLOW_AGENT, "-o", output, "-q")
    assert result.exit_code == 2
    assert "already exists and is not empty" in result.stderr
    assert mb("run", bench, "--agent", SLOW_AGENT, "-o", output, "-q", "--overwrite").exit_code == 0
    resumed = mb("run", bench, "--agent", SLOW_AGENT, "-o", output, "-q", "--resume")
    assert resumed.exit_code == 0
    assert f"ran 0 examples (no errors), skipped {len(lines(bench))} already done" in resumed.stderr
    assert mb("run", bench, "--agent", SLOW_AGENT, "-o", output, "--resume", "--overwrite").exit_code == 2


def test_an_existing_output_is_refused_before_anything_else_is_printed(bench: Path, tmp_path: Path) -> None:
    output = tmp_path / "out.jsonl"
    output.write_text('{"inputs": {}}\n')
    result = mb("run", bench, "--agent", SLOW_AGENT, "-o", output)  # not quiet: the run would say what it runs
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"error: {output} already exists and is not empty: resume it (--resume) or replace it (--overwrite)"
    ]
    started = mb("run", bench, "--agent", SLOW_AGENT, "-o", tmp_path / "new.jsonl")
    assert started.exit_code == 0
    assert started.stderr.startswith("running slow_agent:agent (receives ")


def test_invalid_lines_are_reported_with_file_and_line_and_exit_1(tmp_path: Path) -> None:
    bench = tmp_path / "bench.jsonl"
    good = {"inputs": {"messages": [{"role": "user", "content": "hi"}]}, "expectations": {}}
    bad = {"inputs": {"messages": [{"role": "assistant", "content": "hi"}]}, "expectations": {}}
    bench.write_text("\n".join(json.dumps(d) for d in [good, bad, good]) + "\n")
    output = tmp_path / "out.jsonl"
    result = mb("run", bench, "--agent", SLOW_AGENT, "-o", output, "-q")
    assert result.exit_code == 1
    assert f"{bench}:2: $.inputs.messages[0].role: the last message must have role 'user'" in result.stderr
    assert "1 invalid line" in result.stderr
    assert len(lines(output)) == 3


def test_an_invalid_line_reaches_the_results_as_an_error_once_however_often_resumed(tmp_path: Path) -> None:
    bench = tmp_path / "bench.jsonl"
    good = {
        "inputs": {"messages": [{"role": "user", "content": "hi"}]},
        "expectations": {"expected_response": "echo: hi"},
    }
    bad = '{"inputs": {"messages": "hello"}, "expectations": {}}'
    bench.write_text(f"{json.dumps(good)}\n{{not json\n{bad}\n{json.dumps(good)}\n")
    output, results = tmp_path / "out.jsonl", tmp_path / "results.jsonl"
    assert mb("run", bench, "--agent", SLOW_AGENT, "-o", output, "-q").exit_code == 1
    for again in ("--resume", "--retry-errors"):
        assert mb("run", bench, "--agent", SLOW_AGENT, "-o", output, again, "-q").exit_code == 1
    assert len(lines(output)) == 4
    result = mb("eval", output, "-o", results)
    assert "2/4 passed" in result.stdout
    assert "0 failed, 2 error(s)" in result.stdout
    reasons = sorted(row["error"] for row in lines(results)[1:] if row.get("error"))
    assert reasons == [
        f"invalid line: $: not run, {bench}:2 is invalid: $: invalid JSON: Expecting property name enclosed in "
        "double quotes at column 2",
        f'invalid line: $: not run, {bench}:3 is invalid: $.inputs.messages: expected an array, got a string ("hello")',
    ]


def test_quiet_prints_a_one_line_summary_only(bench: Path, tmp_path: Path) -> None:
    result = mb("run", bench, "--agent", SLOW_AGENT, "-o", tmp_path / "out.jsonl", "--quiet")
    assert result.exit_code == 0
    assert result.stdout == ""
    [summary] = result.stderr.strip().splitlines()
    assert summary.startswith("ran ")
    assert summary.endswith(f"-> {tmp_path / 'out.jsonl'}")


def test_the_progress_display_names_the_agent_and_counts_errors(tmp_path: Path) -> None:
    module = tmp_path / "failing.py"
    module.write_text("def agent(messages):\n    raise ValueError('nope')\n")
    bench = tmp_path / "bench.jsonl"
    bench.write_text(json.dumps({"inputs": {"messages": [{"role": "user", "content": "x"}]}, "expectations": {}}))
    result = mb("run", bench, "--agent", f"{module}:agent", "-o", tmp_path / "out.jsonl")
    assert result.exit_code == 0  # agent errors are data, not a failed run
    assert "running failing:agent (receives message dicts)" in result.stderr
    assert "1 error" in result.stderr
    assert "ValueError 1" in result.stderr


def test_user_time_fixes_the_time_of_every_request(bench: Path, tmp_path: Path) -> None:
    output = tmp_path / "out.jsonl"
    result = mb("run", bench, "--agent", SLOW_AGENT, "-o", output, "-q", "--user-time", "2024-02-01T09:15:00+01:00")
    assert result.exit_code == 0
    assert {line["outputs"]["environment"]["user_time"] for line in lines(output)} == {"2024-02-01T09:15:00+01:00"}
    bad = mb("run", bench, "--agent", SLOW_AGENT, "-o", tmp_path / "x.jsonl", "--user-time", "next tuesday")
    assert bad.exit_code == 2
    assert "not an ISO 8601 date-time" in bad.stderr


def test_sort_writes_the_benchmark_order(bench: Path, tmp_path: Path) -> None:
    output = tmp_path / "out.jsonl"
    async_agent = f"{HERE / 'slow_agent.py'}:async_agent"
    assert mb("run", bench, "--agent", async_agent, "-o", output, "-q", "--sort", "-c", "8").exit_code == 0
    assert [line["inputs"] for line in lines(output)] == [line["inputs"] for line in lines(bench)]


def test_standard_output_can_be_the_output_but_not_resumed(bench: Path) -> None:
    result = mb("run", bench, "--agent", SLOW_AGENT, "-o", "-", "-q")
    assert result.exit_code == 0
    written = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(written) == len(lines(bench))
    assert all(len(line["example_hash"]) == 64 for line in written)
    refused = mb("run", bench, "--agent", SLOW_AGENT, "-o", "-", "--resume")
    assert refused.exit_code == 2
    assert "need an output file" in refused.stderr


_RAISING_AGENT = """
import asyncio
import os


class Own(BaseException):
    pass


RAISED = {
    "cancelled": asyncio.CancelledError,
    "generator-exit": GeneratorExit,
    "keyboard-interrupt": KeyboardInterrupt,
    "base-exception": Own,
}


def _answer(messages):
    if os.environ.get("MB_TEST_FIXED") or messages[-1]["content"] != BROKEN:
        return "fine"
    raise RAISED[os.environ["MB_TEST_RAISE"]]("the agent's own")


def agent(messages):
    return _answer(messages)


async def async_agent(messages):
    await asyncio.sleep(0)
    return _answer(messages)
"""


@pytest.mark.parametrize("flavour", ["agent", "async_agent"])
@pytest.mark.parametrize("raised", ["cancelled", "generator-exit", "keyboard-interrupt", "base-exception"])
def test_an_agent_raising_any_base_exception_gets_an_error_line_that_retry_errors_runs_again(
    bench: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, raised: str, flavour: str
) -> None:
    broken = lines(bench)[1]["inputs"]["messages"][-1]["content"]
    agent = tmp_path / "raising.py"
    agent.write_text(f"BROKEN = {broken!r}\n" + _RAISING_AGENT)
    output = tmp_path / "out.jsonl"
    monkeypatch.setenv("MB_TEST_RAISE", raised)
    result = mb("run", bench, "--agent", f"{agent}:{flavour}", "-o", output, "-q")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    written = lines(output)
    assert len(written) == len(lines(bench))  # every example has its line
    [failed] = [line for line in written if "error" in line["outputs"]]
    expected = {"cancelled": "CancelledError", "generator-exit": "GeneratorExit"}.get(raised)
    expected = expected or {"keyboard-interrupt": "KeyboardInterrupt", "base-exception": "Own"}[raised]
    assert failed["outputs"]["error"]["type"] == expected
    assert f"(1 error: {expected} 1)" in result.stderr, result.stderr
    monkeypatch.setenv("MB_TEST_FIXED", "1")
    again = mb("run", bench, "--agent", f"{agent}:{flavour}", "-o", output, "-q", "--retry-errors")
    assert again.exit_code == 0, again.output
    assert [line["outputs"]["response"] for line in lines(output)] == ["fine"] * len(written)


@pytest.mark.parametrize(
    ("option", "value"),
    [("--timeout", "nan"), ("--concurrency", "99999999999999999999"), ("--max-line-bytes", "99999999999999999999999")],
)
def test_a_timeout_of_nan_or_an_absurd_concurrency_or_line_limit_is_a_usage_error(
    bench: Path, tmp_path: Path, option: str, value: str
) -> None:
    output = tmp_path / "out.jsonl"
    result = mb("run", bench, "--agent", SLOW_AGENT, "-o", output, "-q", option, value)
    assert result.exit_code == 2
    assert option in result.stderr
    assert not output.exists()


@pytest.mark.skipif(sys.platform == "win32", reason="named pipes")
def test_a_named_pipe_as_output_is_written_in_place_without_a_lock(bench: Path, tmp_path: Path) -> None:
    import os
    import threading

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    received: list[bytes] = []

    def read() -> None:
        with pipe.open("rb") as stream:
            received.append(stream.read())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    done = mb("run", bench, "--agent", SLOW_AGENT, "-o", pipe, "-q")
    reader.join(timeout=60)
    assert done.exit_code == 0, done.output
    written = [json.loads(line) for line in received[0].splitlines()]
    assert len(written) == len(bench.read_text().splitlines())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bench.jsonl", "pipe"]  # no lock file left or made
    resumed = mb("run", bench, "--agent", SLOW_AGENT, "-o", pipe, "-q", "--resume")
    assert resumed.exit_code == 2
    assert "need a regular output file" in resumed.stderr


def test_what_an_agent_prints_goes_to_stderr_when_the_executed_lines_go_to_stdout(bench: Path, tmp_path: Path) -> None:
    agent = tmp_path / "chatty.py"
    agent.write_text(
        "import os, sys\n"
        "print('loading the model')\n"
        "def agent(messages):\n"
        "    print('thinking out loud')\n"
        "    os.write(1, b'written to descriptor 1\\n')\n"
        "    return 'ok'\n"
    )
    command = [sys.executable, "-c", "from mb.cli import main; main()", "run", str(bench), "--agent", f"{agent}:agent"]
    done = subprocess.run([*command, "-o", "-", "-q"], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == len(bench.read_text().splitlines())
    assert all(json.loads(line)["outputs"]["response"] == "ok" for line in lines)
    assert done.stderr.count("thinking out loud") == len(lines)
    assert done.stderr.count("written to descriptor 1") == len(lines)
    assert done.stderr.count("loading the model") == 1
    inline = mb("run", bench, "--agent", f"{agent}:agent", "-o", "-", "-q")  # streams without descriptors
    assert inline.exit_code == 0
    assert all(json.loads(line)["outputs"]["response"] == "ok" for line in inline.stdout.splitlines())


def test_a_results_file_given_as_the_benchmark_is_named_as_such(bench: Path, tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    results.write_text('{"mb_results": {"results_format": 2}}\n{"line": 1, "passed": true, "status": "passed"}\n')
    output = tmp_path / "out.jsonl"
    result = mb("run", results, "--agent", SLOW_AGENT, "-o", output, "-q")
    assert result.exit_code == 2
    assert f"{results}: a results file (written by `mb eval -o`), not a benchmark" in result.stderr
    assert not output.exists()


def test_a_benchmark_that_is_missing_or_a_folder_is_said_so_as_by_mb_eval(tmp_path: Path) -> None:
    for given, problem in ((tmp_path / "missing.jsonl", "no such file"), (tmp_path, "is a directory, not a file")):
        ran = mb("run", given, "--agent", SLOW_AGENT, "-o", tmp_path / "out.jsonl", "-q")
        evaluated = mb("eval", given, "-q")
        assert (ran.exit_code, evaluated.exit_code) == (2, 2)
        assert f"Invalid value for BENCHMARK: {given}: {problem}" in " ".join(ran.stderr.split())
        assert f"Invalid value for EXECUTED: {given}: {problem}" in " ".join(evaluated.stderr.split())


def test_a_reader_of_standard_output_that_goes_away_is_not_told_to_resume(bench: Path) -> None:
    returncode, error = reader_goes_away("run", str(bench), "--agent", SLOW_AGENT, timeout=60)
    assert returncode == 0  # the reader took what it wanted
    assert "Traceback" not in error
    assert "resume" not in error  # a stream cannot be resumed
    assert "closed by its reader: the run stopped" in error


def test_the_rate_is_shown_once_it_was_measured_over_a_second() -> None:
    """Two examples done in a third of a millisecond are no rate of 6,000 a second."""
    clock = [0.0]
    column = RateColumn()
    bar = Progress(column, get_time=lambda: clock[0], disable=True)
    task = bar.add_task("running", total=2)
    for moment in (0.0001, 0.0004):
        clock[0] = moment
        bar.advance(task)
    assert column.render(bar.tasks[0]).plain == "- examples/s"
    long_run = bar.add_task("running", total=100)
    for second in range(1, 5):
        clock[0] = second
        bar.advance(long_run, 10)
    assert column.render(bar.tasks[1]).plain == "10 examples/s"


def test_examples_that_end_together_after_a_long_wait_show_the_rate_of_the_whole_run() -> None:
    """Four examples done within three milliseconds of each other, 30 seconds in, are not 1,000 a second."""
    clock = [0.0]
    column = RateColumn()
    bar = Progress(column, get_time=lambda: clock[0], disable=True)
    task = bar.add_task("running", total=6)
    for moment in (30.0, 30.001, 30.002, 30.003):
        clock[0] = moment
        bar.advance(task)
    assert column.render(bar.tasks[0]).plain == "0.1 examples/s"


def _misspelt(bench: Path, copies: int) -> str:
    """``copies`` copies of the benchmark's lines, each with an unknown key in its first message."""
    documents = lines(bench) * copies
    for document in documents:
        document["inputs"]["messages"][0]["rol"] = "user"
    return "".join(json.dumps(document) + "\n" for document in documents)


WARNING = 'warning: $.inputs.messages[0].rol: unknown key "rol" (ignored)'


def quick_agent(messages: list[dict[str, str]]) -> str:
    """Answers at once."""
    return "ok"


def test_standard_input_gets_the_warnings_of_its_misspelt_keys(bench: Path, tmp_path: Path) -> None:
    text = _misspelt(bench, 200)  # the same mistake on 2,200 lines
    count = len(text.splitlines())
    output = tmp_path / "out.jsonl"
    command = ["run", "-", "--agent", f"{__name__}:quick_agent", "-o", str(output), "-q"]
    result = CliRunner().invoke(main, command, input=text)
    assert result.exit_code == 0, result.output
    assert len(lines(output)) == count
    assert [line for line in result.stderr.splitlines() if WARNING in line] == [
        f"<stdin>:{number}: {WARNING}" for number in (1, 2, 3)
    ]
    assert f"<stdin>: … and {count - 3:,} more lines with the same problem: $.inputs.messages[0].rol:" in result.stderr
    assert f"<stdin>: {count} warning(s) in the first 10,000 lines" in result.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="named pipes")
def test_a_benchmark_that_can_be_read_once_is_run_and_warned_about(bench: Path, tmp_path: Path) -> None:
    import os
    import threading

    pipe = tmp_path / "bench.pipe"
    os.mkfifo(pipe)
    text = _misspelt(bench, 2)
    threading.Thread(target=pipe.write_text, args=(text,), daemon=True).start()  # one writer: readable once
    output = tmp_path / "out.jsonl"
    command = [sys.executable, "-c", "from mb.cli import main; main()", "run", str(pipe), "--agent", SLOW_AGENT]
    done = subprocess.run([*command, "-o", str(output), "-c", "3"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert len(lines(output)) == len(text.splitlines())
    assert f"{pipe}:1: {WARNING}" in done.stderr
    assert done.stderr.index(f"{pipe}:1: {WARNING}") < done.stderr.index(f"{pipe}:3: {WARNING}")
    assert f"{pipe}: {len(text.splitlines())} warning(s) in the first 10,000 lines" in done.stderr

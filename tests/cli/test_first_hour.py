"""What a newcomer meets first: a misspelt command, a pipe closed early, Ctrl-C while the program loads."""

from __future__ import annotations

import builtins
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import mb.__main__ as entry
from mb.cli import main

SRC = Path(__file__).resolve().parents[2] / "src"


def test_a_misspelt_command_gets_a_suggestion() -> None:
    result = CliRunner().invoke(main, ["evel", "x.jsonl"])
    assert result.exit_code == 2
    assert "No such command 'evel'. Did you mean 'eval'?" in result.output
    unknown = CliRunner().invoke(main, ["xyzzy"])
    assert unknown.exit_code == 2
    assert "Did you mean" not in unknown.output


def test_an_option_of_another_command_names_the_one_of_the_same_meaning() -> None:
    result = CliRunner().invoke(main, ["run", "x.jsonl", "--agent", "a:b", "--jobs", "2"])
    assert result.exit_code == 2
    assert "No such option '--jobs'. Did you mean '-c/--concurrency'?" in result.output
    assert "Did you mean" not in CliRunner().invoke(main, ["validate", "x.jsonl", "--jobs", "2"]).output


def _mb(args: list[str], cwd: Path, stdout: int) -> subprocess.CompletedProcess[str]:
    """Run ``python -m mb ARGS`` in ``cwd`` writing its standard output to the file descriptor ``stdout``."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), str(cwd)])}
    return subprocess.run(
        [sys.executable, "-m", "mb", *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
        env=env,
        timeout=120,
        check=False,
    )


def _with_closed_stdout(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run ``python -m mb ARGS`` with a standard output whose reader is already gone."""
    read, write = os.pipe()
    os.close(read)
    try:
        return _mb(args, cwd, write)
    finally:
        os.close(write)


def test_a_reader_that_stops_early_is_no_error(tmp_path: Path) -> None:
    examples = _with_closed_stdout(["examples"], tmp_path)
    assert (examples.returncode, examples.stderr) == (0, "")
    (tmp_path / "bench.jsonl").write_text(
        '{"inputs": {"messages": [{"role": "user", "content": "hi"}]}, "expectations": {}}\n', encoding="utf-8"
    )
    (tmp_path / "echo_agent.py").write_text("def answer(messages):\n    return 'hello'\n", encoding="utf-8")
    run = _with_closed_stdout(["run", "bench.jsonl", "-a", "echo_agent:answer", "-o", "-", "-q"], tmp_path)
    assert run.returncode == 0, run.stderr
    assert "closed by its reader" in run.stderr
    assert "resume" not in run.stderr


def test_a_reader_that_stops_early_is_no_error_for_documents_and_pages(tmp_path: Path) -> None:
    (tmp_path / "bench.jsonl").write_text(
        '{"inputs": {"messages": [{"role": "user", "content": "hi"}]}, "expectations": {}}\n', encoding="utf-8"
    )
    exported = _with_closed_stdout(["export", "m365", "bench.jsonl", "-o", "-"], tmp_path)
    assert exported.returncode == 0, exported.stderr
    assert "error" not in exported.stderr
    results = tmp_path / "results.jsonl"
    results.write_text('{"mb_results": {"results_format": 2}}\n{"line": 1, "passed": true, "status": "passed"}\n')
    page = _with_closed_stdout(["report", "results.jsonl", "-o", "-"], tmp_path)
    assert page.returncode == 0, page.stderr
    assert "error" not in page.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs a device that is always full")
@pytest.mark.parametrize("args", [["eval", "executed.jsonl", "--format", "json"], ["config"], ["schema"]])
def test_a_full_standard_output_is_a_failed_write_like_any_other(tmp_path: Path, args: list[str]) -> None:
    (tmp_path / "executed.jsonl").write_text(
        '{"inputs": {"messages": [{"role": "user", "content": "hi"}]}, "expectations": {},'
        ' "outputs": {"response": "hello"}}\n',
        encoding="utf-8",
    )
    with open("/dev/full", "w") as full:
        done = _mb(args, tmp_path, full.fileno())
    assert done.returncode == 1, done.stderr
    closed = _with_closed_stdout(args, tmp_path)  # a reader gone is no failure
    assert closed.returncode == 0, closed.stderr
    assert "error" not in closed.stderr
    assert done.stderr.strip().splitlines()[-1] == "error: cannot write -: No space left on device; nothing written"
    assert "unexpected" not in done.stderr


def test_ctrl_c_while_the_program_loads_prints_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real_import = builtins.__import__

    def interrupted(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "cli" or name.startswith("mb.cli"):
            raise KeyboardInterrupt
        return real_import(name, *args, **kwargs)

    monkeypatch.delitem(sys.modules, "mb.cli", raising=False)
    monkeypatch.setattr(builtins, "__import__", interrupted)
    with pytest.raises(SystemExit) as ended:
        entry.main()
    assert ended.value.code == 130
    assert capsys.readouterr().err == "interrupted\n"


def test_a_pretty_printed_benchmark_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    bench = tmp_path / "bench.json"
    bench.write_text(
        '[\n  {\n    "inputs": {"messages": [{"role": "user", "content": "hi"}]},\n    "expectations": {}\n  }\n]\n'
    )
    (tmp_path / "echo_agent.py").write_text("def answer(messages):\n    return 'hello'\n", encoding="utf-8")
    output = tmp_path / "out.jsonl"
    result = CliRunner().invoke(
        main, ["run", str(bench), "-a", f"{tmp_path / 'echo_agent.py'}:answer", "-o", str(output)]
    )
    assert result.exit_code == 2
    assert "pretty-printed JSON document, not JSONL" in result.stderr
    assert not output.exists()

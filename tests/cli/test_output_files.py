"""Output files: never one of the inputs, written whole or not at all, a one-line error when they cannot be."""

from __future__ import annotations

import errno
import gzip
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from mb.cli import main
from mb.io import SameFileError, atomic_output, refuse_input_as_output

SPEC = Path(__file__).resolve().parents[1] / "data" / "spec"
EXECUTED = SPEC / "examples-executed.jsonl"


def mb(*args: str | Path) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])


def _no_traceback(result: Result) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output


def _dataset(folder: Path) -> Path:
    path = folder / "evals.json"
    path.write_text(json.dumps({"schemaVersion": "1.7.0", "items": [{"prompt": "hello there"}]}))
    return path


def _agent(folder: Path) -> str:
    path = folder / "echo_agent.py"
    path.write_text("def agent(messages):\n    return 'echo: ' + messages[-1]['content']\n")
    return f"{path}:agent"


def _unexecuted(folder: Path) -> Path:
    path = folder / "bench.jsonl"
    example = {"inputs": {"messages": [{"role": "user", "content": "hi"}]}, "expectations": {}}
    path.write_text(json.dumps(example) + "\n")
    return path


def test_atomic_output_leaves_the_previous_file_byte_for_byte_when_interrupted(tmp_path: Path) -> None:
    target = tmp_path / "results.jsonl"
    target.write_bytes(b"previous\x00content\n")

    def interrupted_write() -> None:
        with atomic_output(target) as stream:
            stream.write(b"half of the new")
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        interrupted_write()
    assert target.read_bytes() == b"previous\x00content\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.jsonl"]  # no temporary file left


def test_atomic_output_replaces_the_file_a_symlink_points_to_and_gzips_by_name(tmp_path: Path) -> None:
    real = tmp_path / "real.jsonl.gz"
    real.write_bytes(b"old")
    link = tmp_path / "link.jsonl.gz"
    link.symlink_to(real)
    with atomic_output(link) as stream:
        stream.write(b'{"a": 1}\n')
    assert link.is_symlink()
    assert gzip.decompress(real.read_bytes()) == b'{"a": 1}\n'


def test_atomic_output_keeps_the_permissions_of_the_file_it_replaces(tmp_path: Path) -> None:
    target = tmp_path / "report.csv"
    target.write_text("old")
    target.chmod(0o640)
    with atomic_output(target) as stream:
        stream.write(b"new")
    assert (target.read_text(), target.stat().st_mode & 0o777) == ("new", 0o640)


def test_refuse_input_as_output_compares_files_not_names(tmp_path: Path) -> None:
    data = tmp_path / "x.jsonl.gz"
    data.write_bytes(b"x")
    hard = tmp_path / "hard.jsonl.gz"
    os.link(data, hard)
    refuse_input_as_output(tmp_path / "other.jsonl", data)  # a new file is fine
    refuse_input_as_output("-", data)
    through_new_folder = tmp_path / "not-yet" / ".." / "x.jsonl.gz"  # the same file once the folder is created
    for spelling in (hard, tmp_path / "." / "x.jsonl.gz", Path(os.path.relpath(data)), through_new_folder):
        with pytest.raises(SameFileError, match="is the input"):
            refuse_input_as_output(spelling, data)


def _same_file_cases(tmp_path: Path) -> dict[str, tuple[list[str | Path], Path]]:
    executed = tmp_path / "executed.jsonl.gz"
    executed.write_bytes(gzip.compress(EXECUTED.read_bytes()))
    executed_link = tmp_path / "executed-link.jsonl.gz"
    executed_link.symlink_to(executed)
    bench = _unexecuted(tmp_path)
    bench_link = tmp_path / "bench-link.jsonl"
    bench_link.symlink_to(bench)
    document = _dataset(tmp_path)
    results = tmp_path / "results.jsonl"
    assert mb("eval", EXECUTED, "-o", results, "-q").exit_code == 0
    executed_plain = tmp_path / "executed-plain.jsonl"
    executed_plain.write_bytes(EXECUTED.read_bytes())
    lock_named = tmp_path / ".out.jsonl.lock"  # the name of the lock a run keeps beside out.jsonl
    lock_named.write_bytes(bench.read_bytes())
    return {
        "eval": (["eval", executed, "-o", executed_link], executed),
        "eval-plain": (["eval", executed_plain, "-o", executed_plain], executed_plain),
        "eval-new-folder": (
            ["eval", executed_plain, "-o", tmp_path / "new" / ".." / executed_plain.name],
            executed_plain,
        ),
        "run-new-folder": (
            ["run", bench, "--agent", _agent(tmp_path), "-o", tmp_path / "new" / ".." / bench.name],
            bench,
        ),
        "run": (["run", bench, "--agent", _agent(tmp_path), "-o", bench_link, "--overwrite"], bench),
        "run-lock": (["run", lock_named, "--agent", _agent(tmp_path), "-o", tmp_path / "out.jsonl"], lock_named),
        "import-m365": (["import", "m365", document, "-o", document], document),
        "export-m365": (["export", "m365", executed_plain, "-o", executed_plain], executed_plain),
        "export-m365-results": (["export", "m365", EXECUTED, "--results", results, "-o", results], results),
        "runevals": (
            ["runevals", "--prompts-file", document, "--agent", _agent(tmp_path), "--judge", "lexical", "-o", document],
            document,
        ),
    }


@pytest.mark.parametrize(
    "case",
    [
        "eval",
        "eval-plain",
        "eval-new-folder",
        "run",
        "run-new-folder",
        "run-lock",
        "import-m365",
        "export-m365",
        "export-m365-results",
        "runevals",
    ],
)
def test_an_output_that_is_an_input_is_refused_before_anything_is_touched(tmp_path: Path, case: str) -> None:
    args, protected = _same_file_cases(tmp_path)[case]
    _assert_refused_untouched(args, protected, tmp_path)


def _assert_refused_untouched(args: list[str | Path], protected: Path, folder: Path) -> None:
    """The command exits 2 naming the input, ``protected`` keeps its bytes and nothing is created in ``folder``."""
    before = protected.read_bytes()
    listing = sorted(p.name for p in folder.iterdir())
    result = mb(*args)
    assert result.exit_code == 2, result.output
    assert "is the input" in result.output
    _no_traceback(result)
    assert protected.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == listing


def _implied_input_cases(tmp_path: Path) -> dict[str, tuple[list[str | Path], Path]]:
    """Inputs that the command line does not name: named by a run record, discovered, given as an option's file,
    read as configuration."""
    executed = tmp_path / "executed.jsonl"
    executed.write_bytes(EXECUTED.read_bytes())
    results = tmp_path / "results.jsonl"
    assert mb("eval", executed, "-o", results, "-q").exit_code == 0
    prices = tmp_path / "prices.json"
    prices.write_text(json.dumps({"gpt-4o": {"input": 2.5, "output": 10.0}}))
    project = tmp_path / "pyproject.toml"
    project.write_text('[project]\nname = "x"\n\n[tool.mb]\njudge = "lexical"\n')
    document = _dataset(tmp_path)
    return {
        "report-executed-of-the-run-record": (["report", results, "-o", executed, "--overwrite"], executed),
        "runevals-discovered-dataset": (["runevals", "--agent", _agent(tmp_path), "-o", document], document),
        "eval-prices": (["eval", executed, "--prices", prices, "-o", prices, "--overwrite"], prices),
        "eval-configuration": (["eval", executed, "-o", project, "--overwrite"], project),
        "examples-configuration": (["examples", "-o", project, "--overwrite"], project),
        "schema-configuration": (["schema", "-o", project], project),
    }


@pytest.mark.parametrize(
    "case",
    [
        "report-executed-of-the-run-record",
        "runevals-discovered-dataset",
        "eval-prices",
        "eval-configuration",
        "examples-configuration",
        "schema-configuration",
    ],
)
def test_a_file_read_but_not_named_is_an_input_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str) -> None:
    monkeypatch.chdir(tmp_path)  # where the configuration and the dataset are found
    args, protected = _implied_input_cases(tmp_path)[case]
    _assert_refused_untouched(args, protected, tmp_path)


def test_a_file_read_outside_a_command_is_no_input_of_a_later_one(tmp_path: Path) -> None:
    executed = tmp_path / "executed.jsonl"
    executed.write_bytes(EXECUTED.read_bytes())
    from mb.io import read_examples

    list(read_examples(executed))  # the Python API, outside any command
    refuse_input_as_output(executed)


def _unwritable_cases(tmp_path: Path, output: Path) -> dict[str, list[str | Path]]:
    return {
        "examples": ["examples", "-o", output],
        "schema": ["schema", "-o", output],
        "eval": ["eval", EXECUTED, "-o", output, "-q"],
        "run": ["run", _unexecuted(tmp_path), "--agent", _agent(tmp_path), "-o", output, "-q"],
        "import-m365": ["import", "m365", _dataset(tmp_path), "-o", output],
        "export-m365": ["export", "m365", EXECUTED, "-o", output],
        "runevals": ["runevals", "--prompts-file", _dataset(tmp_path), "--agent", _agent(tmp_path), "-o", output],
    }


@pytest.mark.parametrize("command", ["examples", "schema", "eval", "run", "import-m365", "export-m365", "runevals"])
def test_an_unwritable_output_is_one_line_and_exit_2(tmp_path: Path, command: str) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where a folder is expected")
    output = blocker / ("out.json" if command == "runevals" else "out.jsonl")
    result = mb(*_unwritable_cases(tmp_path, output)[command])
    assert result.exit_code == 2, result.output
    _no_traceback(result)
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, result.stderr
    assert str(output) in errors[0] or str(blocker) in errors[0]
    assert blocker.read_text() == "a file where a folder is expected"


def test_a_run_that_cannot_create_its_output_says_nothing_was_written(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where a folder is expected")
    output = blocker / "out.jsonl"
    result = mb("run", _unexecuted(tmp_path), "--agent", _agent(tmp_path), "-o", output, "-q")
    assert result.exit_code == 2, result.output
    assert f"nothing was written ({output})" in result.stderr
    assert "written so far" not in result.stderr
    assert "--resume" not in result.stderr


def _fail_writes_after(monkeypatch: pytest.MonkeyPatch, lines: int) -> None:
    """Make ``mb eval``'s results writer hit a full disk after ``lines`` lines."""
    from mb.evaluation._output import ResultsSpool

    original = ResultsSpool.write
    written = [0]

    def write(self: Any, data: bytes) -> None:
        written[0] += data.count(b"\n")
        if written[0] > lines:
            raise OSError(errno.ENOSPC, "No space left on device")
        original(self, data)

    monkeypatch.setattr(ResultsSpool, "write", write)


def test_eval_on_a_full_disk_keeps_the_previous_results(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    results = tmp_path / "results.jsonl"
    results.write_bytes(b'{"previous": true}\n')
    _fail_writes_after(monkeypatch, 0)
    result = mb("eval", EXECUTED, "-o", results, "-q", "--jobs", "1", "--overwrite")
    assert result.exit_code == 1, result.output
    _no_traceback(result)
    assert f"error: writing {results} failed after 0 line(s): No space left on device;" in result.stderr
    assert f"{results} left unchanged" in result.stderr
    assert results.read_bytes() == b'{"previous": true}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.jsonl"]


def test_ctrl_c_during_eval_exits_130_and_says_what_was_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import mb.evaluation._api as api

    real = api.aiter_scored

    async def interrupted(*args: Any, **kwargs: Any) -> Any:
        async for batch in real(*args, **kwargs):
            yield batch
            raise KeyboardInterrupt

    monkeypatch.setattr(api, "aiter_scored", interrupted)
    results = tmp_path / "results.jsonl"
    results.write_bytes(b"old results\n")
    result = mb("eval", EXECUTED, "-o", results, "-q", "--overwrite")
    assert result.exit_code == 130, result.output
    assert "Aborted" not in result.output
    assert re.search(rf"interrupted after [1-9]\d* line\(s\); {re.escape(str(results))} left unchanged", result.stderr)
    assert results.read_bytes() == b"old results\n"
    fresh = tmp_path / "fresh.jsonl"
    result = mb("eval", EXECUTED, "-o", fresh, "-q")
    assert result.exit_code == 130
    assert f"nothing written ({fresh} not created)" in result.stderr
    assert not fresh.exists()


def test_an_unwritable_eee_folder_is_one_line_and_exit_2(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    assert mb("eval", EXECUTED, "-o", results, "-q").exit_code == 0
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    args = ["export", "eee", results, "--executed", EXECUTED, "--model-id", "org/model", "--out-dir", blocker / "eee"]
    result = mb(*args)
    assert result.exit_code == 2, result.output
    _no_traceback(result)
    assert len([line for line in result.stderr.splitlines() if line.startswith("error:")]) == 1


def test_ctrl_c_in_any_command_exits_130_not_aborted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import mb.cli.validate as validate_module

    def interrupted(*_args: Any, **_kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(validate_module, "iter_line_errors", interrupted)
    result = mb("validate", EXECUTED)
    assert result.exit_code == 130
    assert "interrupted" in result.stderr
    assert "Aborted" not in result.output


@pytest.mark.parametrize(
    ("first", "second", "names"),
    [("-o", "--junit", "-o and --junit"), ("--junit", "--summary-md", "--junit and --summary-md")],
)
def test_two_outputs_that_are_one_file_are_refused_before_anything_is_written(
    tmp_path: Path, first: str, second: str, names: str
) -> None:
    target = tmp_path / "out.txt"
    alias = tmp_path / "alias.txt"
    alias.symlink_to(target)
    result = mb("eval", EXECUTED, "--judge", "lexical", "-q", first, target, second, alias)
    _no_traceback(result)
    assert result.exit_code == 2
    assert f"{names} are the same file" in result.output
    assert not target.exists()


def test_a_pipe_a_results_file_or_nan_seconds_are_named_as_such(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    assert mb("eval", EXECUTED, "--judge", "lexical", "-q", "-o", results).exit_code == 0
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    cases = [
        (["eval", pipe], "pipe: not a file"),
        (["validate", pipe], "pipe: not a file"),
        (["eval", results], "a results file (written by `mb eval -o`), not an executed benchmark"),
        (["validate", results], "a results file (written by `mb eval -o`), not a benchmark"),
        (["eval", EXECUTED, "--judge-timeout", "nan"], "'nan' is not a number of seconds"),
    ]
    for args, message in cases:
        result = mb(*args)  # a pipe nobody writes to must not be opened: the command would wait forever
        _no_traceback(result)
        assert result.exit_code == 2, args
        assert message in " ".join(result.output.split()), args


_LIMITED = """
import resource, signal, sys
from mb.cli import main

if __name__ == "__main__":  # the worker processes import this script too
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit then fails with EFBIG
    resource.setrlimit(resource.RLIMIT_FSIZE, (int(sys.argv[1]), int(sys.argv[1])))
    sys.argv = ["mb", *sys.argv[2:]]
    main()
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a file size limit set with setrlimit")
def test_eval_stopped_by_a_file_size_limit_keeps_the_previous_results(tmp_path: Path) -> None:
    executed = tmp_path / "executed.jsonl"
    with executed.open("w") as stream:
        for number in range(8000):
            call = {"event": "tool_call", "tool": "weather", "params": {"city": "Paris"}, "id": "c1"}
            example = {
                "inputs": {"messages": [{"role": "user", "content": f"weather in Paris, day {number}"}]},
                "expectations": {"assertions": [{"assert_that": "tool_called", "tool": "weather"}]},
                "outputs": {"response": "It is sunny.", "trace": [call]},
            }
            stream.write(json.dumps(example) + "\n")
    results = tmp_path / "results.jsonl"
    results.write_bytes(b'{"previous": true}\n')
    script = tmp_path / "limited.py"
    script.write_text(_LIMITED)
    limit = 5 << 20  # the results of the first blocks of lines go past it
    command = [
        sys.executable,
        str(script),
        str(limit),
        "eval",
        str(executed),
        "-o",
        str(results),
        "-q",
        "--jobs",
        "2",
        "--overwrite",
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert re.search(
        rf"error: writing {re.escape(str(results))} failed after [1-9]\d* line\(s\): File too large;", done.stderr
    )
    assert results.read_bytes() == b'{"previous": true}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["executed.jsonl", "limited.py", "results.jsonl"]


def test_every_output_in_a_folder_that_does_not_exist_creates_the_folder(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    assert mb("eval", EXECUTED, "--judge", "lexical", "-q", "-o", results).exit_code == 0
    commands = {
        "eval": ["eval", EXECUTED, "--judge", "lexical", "-q", "-o"],
        "run": ["run", _unexecuted(tmp_path), "--agent", _agent(tmp_path), "-q", "-o"],
        "examples": ["examples", "-o"],
        "report": ["report", results, "-o"],
        "export m365": ["export", "m365", EXECUTED, "-o"],
        "schema": ["schema", "-o"],
    }
    for name, args in commands.items():
        target = tmp_path / name.replace(" ", "-") / "new" / "out.json"
        assert (name, mb(*args, target).exit_code) == (name, 0)
        assert target.is_file(), name
        blocked = tmp_path / "results.jsonl" / "out.json"  # a parent that is a file cannot be made a folder
        outcome = mb(*args, blocked)
        assert (name, outcome.exit_code) == (name, 2)
        _no_traceback(outcome)


def test_an_output_holding_another_kind_of_data_is_kept_unless_overwrite(tmp_path: Path) -> None:
    benchmark = tmp_path / "bench.jsonl"
    benchmark.write_bytes(EXECUTED.read_bytes())
    results, page = tmp_path / "results.jsonl", tmp_path / "page.html"
    assert mb("eval", EXECUTED, "-o", results, "-q").exit_code == 0
    assert mb("eval", EXECUTED, "-o", results, "-q").exit_code == 0  # a results file is replaced by results
    assert mb("report", results, "-o", page).exit_code == 0
    assert mb("report", results, "-o", page).exit_code == 0  # a page by a page
    for args in (
        ["eval", EXECUTED, "-o", benchmark, "-q"],
        ["report", results, "-o", benchmark],
        ["examples", "-o", benchmark],
    ):
        result = mb(*args)
        assert result.exit_code == 2
        assert f"{benchmark} already exists" in result.output
        assert "--overwrite" in result.output
        assert benchmark.read_bytes() == EXECUTED.read_bytes()
    assert "HTML" in mb("eval", EXECUTED, "-o", page, "-q").output
    assert mb("examples", "-o", benchmark, "--overwrite").exit_code == 0
    assert benchmark.read_bytes() != EXECUTED.read_bytes()


def test_examples_written_again_over_themselves_need_no_flag_but_an_edited_copy_is_kept(tmp_path: Path) -> None:
    target = tmp_path / "executed.jsonl"
    assert mb("examples", "--executed", "-o", target).exit_code == 0
    assert mb("examples", "--executed", "-o", target).exit_code == 0  # the same bytes again: nothing is lost
    edited = target.read_text(encoding="utf-8") + '{"inputs": {"messages": []}}\n'
    target.write_text(edited, encoding="utf-8")
    refused = mb("examples", "--executed", "-o", target)
    assert refused.exit_code == 2
    assert "--overwrite" in refused.output
    assert target.read_text(encoding="utf-8") == edited
    assert mb("examples", "--unexecuted", "-o", target).exit_code == 2  # the other set would replace them too

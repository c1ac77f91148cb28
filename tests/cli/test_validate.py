"""``mb validate``: one line per problem, a summary, and exit codes 0 / 1 / 2."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mb.cli import main
from tests.conftest import SPEC


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_spec_examples_are_valid() -> None:
    code, out, err = _run("validate", "--executed", str(SPEC / "examples-executed.jsonl"))
    assert (code, out) == (0, "")
    assert "3 line(s) read" in err
    assert "3 valid, 0 invalid" in err
    code, _, _ = _run("validate", str(SPEC / "examples-unexecuted.jsonl"), str(SPEC / "examples-executed.jsonl"))
    assert code == 0


def test_one_bad_line_among_good_ones_is_reported_exactly(tmp_path: Path) -> None:
    lines = (SPEC / "examples-executed.jsonl").read_text().splitlines()
    broken = json.loads(lines[1])
    broken["expectations"]["assertions"][0]["parameters"][0]["matcher"]["match_as"] = "regex"
    path = tmp_path / "b.jsonl"
    path.write_text("\n".join([lines[0], json.dumps(broken), lines[2]]) + "\n")
    code, out, err = _run("validate", str(path))
    assert code == 1
    assert out.splitlines() == [
        f'{path}:2: $.expectations.assertions[0].parameters[0].matcher: unknown match_as "regex"; '
        "expected one of: free_text, date_time, optional"
    ]
    assert "2 valid, 1 invalid" in err


def test_a_last_message_not_from_the_user_is_reported_at_its_role(tmp_path: Path) -> None:
    messages = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "hello"},
        {"role": "usr", "content": "x"},
    ]
    path = tmp_path / "b.jsonl"
    path.write_text(json.dumps({"inputs": {"messages": messages}, "expectations": {}}) + "\n")
    code, out, _ = _run("validate", str(path))
    assert code == 1
    assert out.splitlines() == [
        f"{path}:1: $.inputs.messages[2].role: the last message must have role 'user' (it is the request the agent "
        "answers), got 'usr'"
    ]


def test_executed_flag_requires_outputs() -> None:
    code, out, _ = _run("validate", "--executed", str(SPEC / "examples-unexecuted.jsonl"))
    assert code == 1
    assert [line.split(": ", 2)[1] for line in out.splitlines()] == ["$.outputs"] * 3


def test_bad_inputs_never_produce_a_traceback(tmp_path: Path) -> None:
    cases = {
        "truncated.jsonl": b'{"inputs": {"messages": [',
        "array.jsonl": b"[]\n",
        "types.jsonl": b'{"inputs": {"messages": "hi"}, "expectations": []}\n',
        "utf8.jsonl": b'{"inputs": "\xff"}\n',
        "citation.jsonl": b'{"inputs": {"messages": [{"role": "user", "content": "x"}]}, "expectations": {}, '
        b'"outputs": {"response": "r", "citations": [{"document_id": "d", "span_from": 0, "span_to": 1}]}}\n',
    }
    for name, data in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        result = CliRunner().invoke(main, ["validate", str(path)])
        assert result.exit_code == 1, name
        assert result.exception is None or isinstance(result.exception, SystemExit), name
        assert result.stdout.startswith(f"{path}:1: $"), name


def test_empty_file_is_invalid(tmp_path: Path) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_text("\n\n")
    code, out, _ = _run("validate", str(path))
    assert code == 1
    assert "holds no example" in out


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    assert _run("validate", str(tmp_path / "missing.jsonl"))[0] == 2
    assert _run("validate", str(tmp_path))[0] == 2
    assert _run("validate")[0] == 2


def test_a_file_that_cannot_be_read_is_named_and_the_others_are_still_checked(tmp_path: Path) -> None:
    bad = tmp_path / "bad[1].jsonl"
    bad.write_text('{"inputs": {"messages": "hi"}}\n')
    missing = tmp_path / "missing[x].jsonl"
    code, out, err = _run("validate", str(SPEC / "examples-unexecuted.jsonl"), str(missing), str(tmp_path), str(bad))
    assert code == 2
    assert f"{missing}: no such file" in err
    assert f"{tmp_path}: is a directory" in err
    assert out.startswith(f"{bad}:1: $.inputs.messages")
    assert "2 file(s) not read" in err


def test_gzip_and_stdin(tmp_path: Path) -> None:
    path = tmp_path / "b.jsonl.gz"
    path.write_bytes(gzip.compress((SPEC / "examples-unexecuted.jsonl").read_bytes()))
    assert _run("validate", str(path))[0] == 0
    result = CliRunner().invoke(main, ["validate", "-"], input=(SPEC / "examples-unexecuted.jsonl").read_bytes())
    assert result.exit_code == 0


def test_a_misspelt_matcher_name_gets_the_closest_name(tmp_path: Path) -> None:
    def line(kind: str) -> str:
        matcher = {"match_as": kind, "value": "x"}
        assertion = {"assert_that": "tool_called", "tool": "t", "parameters": [{"param": "p", "matcher": matcher}]}
        return json.dumps({"inputs": {"messages": [{"role": "user", "content": "hi"}]},
                           "expectations": {"assertions": [assertion]}})  # fmt: skip

    path = tmp_path / "typos.jsonl"
    path.write_text("\n".join(line(kind) for kind in ("equals", "zzz")) + "\n")
    code, out, err = _run("validate", str(path))
    assert code == 1
    assert 'unknown match_as "equals" (did you mean "equality"?); expected one of:' in out + err
    assert 'unknown match_as "zzz"; expected one of:' in out + err


def test_standard_input_is_checked_for_unknown_keys_and_strict_fails_on_them() -> None:
    document = json.loads((SPEC / "examples-unexecuted.jsonl").read_text().splitlines()[0])
    document["inputs"]["metdata"] = document["inputs"].pop("metadata", {})
    text = json.dumps(document) + "\n{not json\n"
    result = CliRunner().invoke(main, ["validate", "-", "--strict"], input=text)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [  # in line order: the typo of line 1, then the error of line 2
        '<stdin>:1: warning: $.inputs.metdata: unknown key "metdata" (kept as extra data, not checked); '
        'did you mean "metadata"?',
        "<stdin>:2: $: invalid JSON: Expecting property name enclosed in double quotes at column 2",
    ]
    assert "invalid: " in result.stderr
    assert "1 valid, 1 invalid, 1 warning(s), failures under --strict" in result.stderr


def test_one_call_id_on_two_tool_calls_is_an_invalid_line_never_two_calls(tmp_path: Path) -> None:
    call = {"event": "tool_call", "id": "call_1", "tool": "refund"}
    trace = [
        {**call, "params": {"order": 1}},
        {"event": "tool_result", "id": "call_1", "result": {"refunded": 1}},
        {**call, "params": {"order": 2}},
    ]
    document = {
        "inputs": {"messages": [{"role": "user", "content": "Refund orders 1 and 2"}]},
        "expectations": {"extended_assertions": [{"assert_that": "tool_call_count", "tool": "refund", "min": 2}]},
        "outputs": {"response": "Both refunded.", "trace": trace},
    }
    path = tmp_path / "dup.jsonl"
    path.write_text(json.dumps(document) + "\n")
    reason = (
        "$.outputs.trace[2].id: tool_call id 'call_1' is already the id of the tool_call at outputs.trace[0]: one call "
        "recorded twice, or two calls under one id (each call needs its own id)"
    )
    code, out, _ = _run("validate", "--executed", "--strict", str(path))
    assert (code, out.splitlines()) == (1, [f"{path}:1: {reason}"])
    code, out, err = _run("eval", str(path), "--judge", "lexical", "--metrics", "none")
    assert code != 0
    assert reason in out + err
    trace[2]["id"] = "call_2"  # two calls, each with its id
    path.write_text(json.dumps(document) + "\n")
    assert _run("eval", str(path), "--judge", "lexical", "--metrics", "none")[0] == 0


def test_mlflow_expectation_keys_a_line_keeps_unchecked_are_warnings_strict_fails_on() -> None:
    line = {
        "inputs": {"messages": [{"role": "user", "content": "Was my refund approved?"}]},
        "expectations": {
            "expected_response": "Your refund was approved.",
            "expected_tool_calls": [{"name": "lookup_refund"}],
            "expected_retrieved_context": [{"doc_uri": "kb/refunds"}],
        },
    }
    result = CliRunner().invoke(main, ["validate", "-", "--strict"], input=json.dumps(line) + "\n")
    assert result.exit_code == 1
    first, second = result.stdout.splitlines()
    assert first.startswith(
        '<stdin>:1: warning: $.expectations.expected_tool_calls: unknown key "expected_tool_calls" '
        "(kept as extra data, not checked): MLflow's expected tool calls; MorganaBench checks calls written as "
        "expectations.assertions"
    )
    assert second.startswith("<stdin>:1: warning: $.expectations.expected_retrieved_context: unknown key ")
    assert "inputs.metadata.turns[-1].resources" in second
    assert "1 valid, 0 invalid, 2 warning(s), failures under --strict" in result.stderr


def test_a_misspelt_mlflow_expectation_key_is_a_warning_naming_the_key_meant() -> None:
    line = {
        "inputs": {"messages": [{"role": "user", "content": "Was my refund approved?"}]},
        "expectations": {"expected_response": "Approved.", "expected_toolcalls": [{"name": "lookup_refund"}]},
    }
    result = CliRunner().invoke(main, ["validate", "-"], input=json.dumps(line) + "\n")
    assert result.exit_code == 0
    assert result.stdout.startswith(
        '<stdin>:1: warning: $.expectations.expected_toolcalls: unknown key "expected_toolcalls" (kept as extra '
        'data, not checked): did you mean "expected_tool_calls"? MLflow\'s expected tool calls'
    )
    assert "1 valid, 0 invalid, 1 warning(s)" in result.stderr


def test_only_the_bare_argument_dash_is_standard_input(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    executed = SPEC / "examples-executed.jsonl"
    (tmp_path / "-").write_bytes(executed.read_bytes())  # a file named "-"
    monkeypatch.chdir(tmp_path)
    not_json = "{not json\n"
    for args in (["validate"], ["eval", "--judge", "lexical"], ["export", "m365"]):
        read = CliRunner().invoke(main, [*args, "./-"], input=not_json)
        assert read.exit_code == 0, (args, read.stderr)  # the file, whose lines are valid
        assert "<stdin>" not in read.stderr
        piped = CliRunner().invoke(main, [*args, "-"], input=not_json)
        assert piped.exit_code != 0, args
    # written to ./-, an output is the file, not standard output
    result = CliRunner().invoke(main, ["export", "m365", str(executed), "-o", "./-"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""
    assert json.loads((tmp_path / "-").read_text())["items"]

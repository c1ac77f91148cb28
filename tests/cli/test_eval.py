"""``mb eval``: one result line per input line in order, the summary, and exit codes 0 / 1 / 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from mb.cli import main
from tests.conftest import SPEC
from tests.support.streams import reader_goes_away


def _eval(*args: str) -> Result:
    return CliRunner().invoke(main, ["eval", "--judge", "lexical", *args])


def test_results_align_with_input_lines(tmp_path: Path) -> None:
    lines = (SPEC / "examples-executed.jsonl").read_text().splitlines()
    source = tmp_path / "x.jsonl"
    source.write_text("\n".join([lines[0], "", "{not json", lines[1], lines[2]]) + "\n")
    out = tmp_path / "results.jsonl"
    result = _eval(str(source), "-o", str(out))
    assert result.exit_code == 0, result.output
    header, *rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert header["mb_results"]["results_format"] == 2
    assert [r["line"] for r in rows] == [1, 3, 4, 5]
    assert [r["status"] for r in rows] == ["passed", "error", "undecided", "passed"]  # the lexical judge cannot tell
    assert rows[1]["passed"] is False
    assert rows[1]["error"].startswith("invalid line: $: invalid JSON")
    assert set(rows[0]) >= {"line", "passed", "score", "assertions", "checks", "metrics", "error"}
    assert [p["params"] for p in rows[0]["assertions"][0]["parameters"]] == [["query"], ["limit"], ["site"]]
    assert "2/4 passed" in result.stdout
    assert "judge: lexical" in result.stdout


def test_json_summary_and_fail_under(tmp_path: Path) -> None:
    path = str(SPEC / "examples-executed.jsonl")
    result = _eval(path, "--format", "json")
    summary = json.loads(result.stdout)
    # the lexical judge cannot tell the calendar response: undecided, never passed
    assert (result.exit_code, summary["total"], summary["passed"], summary["judge"]) == (0, 3, 2, "lexical")
    assert summary["undecided"] == 1
    # the uncited answer of the example that names its documents fails, as does the one citing past its end
    assert summary["by_metric"]["citations"]["failed"] == 2
    assert _eval(path, "--fail-under", "66%").exit_code == 0
    assert _eval(path, "--fail-under", "100%").exit_code == 1  # an undecided example is not a pass
    assert _eval(path, "--require", "citations", "--fail-under", "0.9").exit_code == 1


def test_metric_selection(tmp_path: Path) -> None:
    path = str(SPEC / "examples-executed.jsonl")
    summary = json.loads(_eval(path, "--format", "json", "--metrics", "exact_match").stdout)
    assert list(summary["by_metric"]) == ["exact_match"]
    summary = json.loads(_eval(path, "--format", "json", "--metrics", "none").stdout)
    assert summary["by_metric"] == {}


def test_unusable_input_and_usage_errors_exit_2(tmp_path: Path) -> None:
    assert _eval(str(tmp_path / "missing.jsonl")).exit_code == 2
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert _eval(str(empty)).exit_code == 2
    unexecuted = _eval(str(SPEC / "examples-unexecuted.jsonl"))
    assert unexecuted.exit_code == 2
    assert "could be evaluated" in unexecuted.stderr
    assert _eval(str(SPEC / "examples-executed.jsonl"), "--metrics", "bleu").exit_code == 2
    assert _eval(str(SPEC / "examples-executed.jsonl"), "--fail-under", "2").exit_code == 2
    for rate in ("1e-999999999", "1e999999999%", "1/6", "nan", "-0.1", "\u0661", "0.\u0665"):  # ASCII digits only
        refused = _eval(str(SPEC / "examples-executed.jsonl"), "--fail-under", rate)
        assert refused.exit_code == 2, (rate, refused.stderr)
        assert "--fail-under" in refused.stderr, (rate, refused.stderr)


@pytest.mark.parametrize("rate", ["0." + "5" + "0" * 50, "10e-31", "1" + "0" * 40 + "e-41", "5" + "0" * 40 + "e-42%"])
def test_a_rate_with_trailing_zeros_is_read_by_its_value(rate: str) -> None:
    result = _eval(str(SPEC / "examples-executed.jsonl"), "--fail-under", rate)  # 2 of 3 pass: above each rate
    assert result.exit_code == 0, result.stderr


def test_jobs_give_the_same_results_and_bad_values_are_usage_errors(tmp_path: Path) -> None:
    lines = (SPEC / "examples-executed.jsonl").read_text().splitlines()
    source = tmp_path / "many.jsonl"
    source.write_text("\n".join([*lines * 40, "{not json"]) + "\n")
    outputs = []
    for jobs in ("1", "2", "auto"):
        out = tmp_path / f"results-{jobs}.jsonl"
        result = _eval(str(source), "-o", str(out), "--metrics", "none", "--format", "json", "--jobs", jobs)
        assert result.exit_code == 0, result.output
        outputs.append((out.read_bytes().split(b"\n", 1)[1], json.loads(result.stdout)))  # after the run record
    assert outputs[0] == outputs[1] == outputs[2]
    assert outputs[0][1]["total"] == 121
    assert outputs[0][1]["errors"] == 1
    for bad in ("0", "many"):
        result = _eval(str(source), "--jobs", bad)
        assert result.exit_code == 2
        assert "--jobs" in result.output


def test_a_results_file_that_cannot_be_written_is_named(tmp_path: Path) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    result = _eval(str(SPEC / "examples-executed.jsonl"), "-o", "/dev/full")
    assert result.exit_code == 1  # a write that fails part-way, as on a full disk
    assert "cannot write /dev/full" in result.output
    assert "No space left on device" in result.output
    assert Path("/dev/full").is_char_device()  # written in place, never replaced by a file


def test_unknown_keys_are_reported_once_whether_workers_score_the_file_or_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mb.evaluation import _blocks as blocks

    monkeypatch.setattr(blocks, "BLOCK_LINES", 8)  # many blocks, scored by workers with --jobs 2
    documents = [json.loads(line) for line in (SPEC / "examples-executed.jsonl").read_text().splitlines()]
    for document in documents:
        document["expectations"].pop("expected_response", None)
    misspelt = json.loads(json.dumps(documents[0]))
    misspelt["inputs"]["metdata"] = {}
    source = tmp_path / "typo.jsonl"
    lines = [json.dumps(document) for document in documents * 30]
    lines.insert(1, json.dumps(misspelt))
    source.write_text("\n".join(lines) + "\n")
    shown = []
    for jobs in ("1", "2"):
        result = _eval(str(source), "--metrics", "none", "--jobs", jobs)
        assert result.exit_code == 0, result.output
        shown.append(result.stderr)
    assert shown[0] == shown[1]
    assert shown[0].count(": warning: $.inputs.metdata: unknown key") == 1
    assert "typo.jsonl:2: warning: $.inputs.metdata" in shown[0]
    nothing = sum(not document["expectations"].get("assertions") for document in [*documents * 30, misspelt])
    assert f"{1 + nothing} warning(s) in the first 10,000 lines" in shown[0]


def test_failures_and_results_stay_in_line_order_when_a_line_waits_for_the_judge(tmp_path: Path) -> None:
    waits = json.loads((SPEC / "examples-executed.jsonl").read_text().splitlines()[0])
    waits["outputs"]["response"] = "I could not find out."  # its expected_response is judged, and fails
    plain = json.loads(json.dumps(waits))
    del plain["expectations"]["expected_response"]
    plain["expectations"]["assertions"][0]["parameters"][0]["matcher"]["match_as"] = "equality"
    plain["outputs"]["trace"][0]["params"]["limit"] = 6  # fails on equality, no judge asked
    source = tmp_path / "mixed.jsonl"
    source.write_text("\n".join(json.dumps(document) for document in [waits, plain, waits, plain]) + "\n")
    for jobs in ("1", "2"):
        out = tmp_path / f"results-{jobs}.jsonl"
        args = ("--metrics", "none", "--jobs", jobs, "--show-failures", "1", "-o", str(out))
        result = _eval(str(source), *args)
        assert result.exit_code == 0, result.output
        rows = [json.loads(line) for line in out.read_text().splitlines()[1:]]
        assert [(row["line"], row["passed"]) for row in rows] == [(1, False), (2, False), (3, False), (4, False)]
        assert rows[0]["checks"] != rows[1]["checks"]  # the judged line's check, then the equality failure
        shown = [line.strip() for line in result.stdout.splitlines() if line.strip().startswith("line ")]
        assert len(shown) == 1
        assert shown[0].startswith("line 1 failed: expected_response")  # the first by line, not the first decided


def test_unknown_key_warnings_are_complete_and_the_same_however_the_run_goes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = json.loads((SPEC / "examples-executed.jsonl").read_text().splitlines()[0])
    lines = []
    for number in range(30):  # each its own misspelling: one warning line each, then the footer
        misspelt = json.loads(json.dumps(document))
        misspelt["inputs"][f"metdata{number}"] = {}
        lines.append(json.dumps(misspelt))
    source = tmp_path / "typos.jsonl"
    source.write_text("\n".join(lines) + "\n")
    monkeypatch.delenv("MB_JUDGE_MODEL", raising=False)
    monkeypatch.chdir(tmp_path)  # no configuration file names a model either
    shown = {}
    for jobs in ("1", "2"):
        result = _eval(str(source), "--metrics", "none", "--jobs", jobs, "-q")
        assert result.exit_code == 0, result.output
        shown[jobs] = result.stderr
    assert shown["1"] == shown["2"]
    assert shown["1"].count(": warning:") == 30
    assert "30 warning(s) in the first 10,000 lines" in shown["1"]
    failed = set()
    for jobs in ("1", "2", "2", "2"):  # the judge cannot be built: the run stops before evaluating
        result = CliRunner().invoke(main, ["eval", str(source), "--judge", "llm", "--jobs", jobs, "-q"])
        assert result.exit_code == 2
        failed.add(result.stderr)
    assert len(failed) == 1
    (stderr,) = failed
    assert stderr.startswith(shown["1"])  # every warning and the footer, then the error
    assert "MB_JUDGE_MODEL" in stderr


def test_unknown_keys_are_read_from_standard_input_as_it_is_evaluated() -> None:
    document = json.loads((SPEC / "examples-executed.jsonl").read_text().splitlines()[0])
    document["inputs"]["metdata"] = {}
    text = "\n".join([json.dumps(document)] * 5) + "\n"
    result = CliRunner().invoke(main, ["eval", "-", "--judge", "lexical", "--metrics", "none", "-q"], input=text)
    assert result.exit_code == 0, result.output
    assert result.stderr.count(": warning: ") == 3  # three lines shown, then the rest counted
    assert "<stdin>: … and 2 more lines with the same problem: $.inputs.metdata" in result.stderr
    assert "<stdin>: 5 warning(s) in the first 10,000 lines" in result.stderr


@pytest.mark.parametrize(
    ("options", "says"),
    [
        (["--require", "similarity=5", "--require", "similarity=3"], "'similarity' is required more than once"),
        (["--require", "similarity=5,similarity"], "'similarity' is required more than once"),
        (["--metrics", "similarity=2,similarity=4"], "'similarity' is selected more than once"),
    ],
)
def test_a_metric_named_twice_is_a_usage_error_not_the_last_one_kept(
    tmp_path: Path, options: list[str], says: str
) -> None:
    out = tmp_path / "results.jsonl"
    result = _eval(str(SPEC / "examples-executed.jsonl"), *options, "-o", str(out))
    assert result.exit_code == 2, result.output
    assert says in result.output
    assert not out.exists()


@pytest.mark.parametrize(
    "options",
    [["--metrics", "exact_match,exact_match"], ["--metrics", "exact_match", "--require", "exact_match,exact_match"]],
)
def test_a_metric_given_twice_alike_counts_once(tmp_path: Path, options: list[str]) -> None:
    once, twice = tmp_path / "once.jsonl", tmp_path / "twice.jsonl"
    single = [option.replace("exact_match,exact_match", "exact_match") for option in options]
    assert _eval(str(SPEC / "examples-executed.jsonl"), *single, "-o", str(once)).exit_code in (0, 1)
    result = _eval(str(SPEC / "examples-executed.jsonl"), *options, "-o", str(twice))
    assert result.exit_code in (0, 1), result.output
    header, *rows = [json.loads(line) for line in twice.read_text().splitlines()]
    expected = [json.loads(line) for line in once.read_text().splitlines()]
    assert header["mb_results"]["metrics"] == expected[0]["mb_results"]["metrics"]
    assert header["mb_results"]["requirements"] == expected[0]["mb_results"]["requirements"]
    assert [(r["status"], r["metrics"]) for r in rows] == [(r["status"], r["metrics"]) for r in expected[1:]]
    assert all(list(row["metrics"]) == ["exact_match"] for row in rows)


@pytest.mark.parametrize("options", [[], ["--format", "json"], ["--verbose"]])
def test_results_written_to_standard_output_are_the_only_thing_there(tmp_path: Path, options: list[str]) -> None:
    """With `-o -` standard output is the results file, as `-o FILE` writes it; the summary goes to standard error."""
    source = str(SPEC / "examples-executed.jsonl")
    written = _eval(source, "-o", str(tmp_path / "results.jsonl"), *options)
    piped = _eval(source, "-o", "-", *options)
    assert piped.exit_code == written.exit_code == 0, piped.output
    header, *rows = piped.stdout.splitlines()
    assert json.loads(header)["mb_results"]["counts"]["total"] == len(rows) == 3
    assert rows == (tmp_path / "results.jsonl").read_text().splitlines()[1:]
    assert written.stdout
    assert written.stdout in piped.stderr


@pytest.mark.parametrize(("option", "name"), [("--junit", "junit.xml"), ("--summary-md", "summary.md")])
def test_a_report_written_to_standard_output_is_the_only_thing_there(tmp_path: Path, option: str, name: str) -> None:
    source = str(SPEC / "examples-executed.jsonl")
    written = _eval(source, option, str(tmp_path / name))
    piped = _eval(source, option, "-")
    assert piped.exit_code == written.exit_code == 0, piped.output
    assert piped.stdout.splitlines()[-1] == (tmp_path / name).read_text().splitlines()[-1]
    assert written.stdout
    assert written.stdout in piped.stderr


def test_two_outputs_to_standard_output_are_refused(tmp_path: Path) -> None:
    result = _eval(str(SPEC / "examples-executed.jsonl"), "-o", "-", "--junit", "-")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "-o and --junit both write to standard output" in result.stderr


def test_a_reader_of_standard_output_that_goes_away_is_told_the_results_stopped(tmp_path: Path) -> None:
    executed = tmp_path / "many.jsonl"
    lines = (SPEC / "examples-executed.jsonl").read_bytes().splitlines(keepends=True)
    executed.write_bytes(b"".join(lines * 40))  # results well beyond what a pipe holds
    returncode, error = reader_goes_away("eval", str(executed), "--judge", "lexical")
    assert returncode == 0  # the reader took what it wanted
    assert "Traceback" not in error
    assert "wrote" not in error
    assert "closed by its reader: the results stopped there" in error


def test_matcher_rows_of_the_summary_table_are_not_indented_under_the_last_assertion() -> None:
    result = CliRunner().invoke(main, ["eval", str(SPEC / "examples-executed.jsonl"), "--judge", "lexical"])
    assert result.exit_code == 0, result.output
    rows = [line for line in result.stdout.splitlines() if line.lstrip().startswith(("assertion ", "matcher "))]
    assert any(row.startswith("matcher ") for row in rows), rows
    assert all(not row.startswith(" ") for row in rows), "a matcher row belongs to no one assertion kind"

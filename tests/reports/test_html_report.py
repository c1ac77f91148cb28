"""``mb report``: the data a page embeds (figures, table, drill-down), its escaping, and the command's errors."""

from __future__ import annotations

import json
import re
import threading
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mb.cli import main
from mb.compare import compare_runs
from mb.reports.html import ReportError, build_report
from mb.reports.html.serve import make_server
from mb.results_format import read_results_file

from .helpers import FLIP_LINE, HOSTILE, bundled, evaluate, flipped, hostile, page_data, write_jsonl


@pytest.fixture(scope="module")
def evaluated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, Any]]:
    """The bundled examples executed, their results and the summary ``mb eval`` printed."""
    folder = tmp_path_factory.mktemp("report")
    executed = write_jsonl(folder / "executed.jsonl", bundled())
    results = folder / "results.jsonl"
    return executed, results, evaluate(executed, results)


def _report(*args: str) -> Any:
    return CliRunner().invoke(main, ["report", *args])


def test_the_page_figures_are_those_mb_eval_printed(evaluated: tuple[Path, Path, dict[str, Any]]) -> None:
    _, results, printed = evaluated
    summary = page_data(build_report([results]))["runs"][0]["summary"]
    for key in ("total", "passed", "failed", "errors", "undecided", "pass_rate", "pass_rate_interval", "judge"):
        assert summary[key] == printed[key], key
    for key in ("by_assertion", "by_matcher", "by_check", "by_metric", "by_category"):
        assert summary[key] == printed[key], key
    assert (summary["passed"], summary["failed"], summary["undecided"]) == (7, 0, 4)


def test_the_table_holds_one_row_per_result_with_its_tools_categories_and_reason(
    evaluated: tuple[Path, Path, dict[str, Any]],
) -> None:
    _, results, _ = evaluated
    data = page_data(build_report([results]))
    run, strings = data["runs"][0], data["strings"]
    columns = run["columns"]
    assert columns["line"] == list(range(1, 12))
    # the lexical judge cannot tell the responses of lines 2, 4 and 10 nor the ticket's title of line 11
    assert [("passed", "failed", "error", "undecided")[s] for s in columns["status"]].count("undecided") == 4
    last = columns["line"].index(11)
    assert columns["status"][last] == 3
    assert columns["reason"][last].startswith("create_ticket: undecided: call call_t1 could match")
    assert [strings["tools"][i] for i in columns["tools"][last]] == ["create_ticket"]
    assert "topic=support" in [strings["cats"][i] for i in columns["cats"][last]]
    assert columns["request"][0] == "Who is the King of England?"
    assert "citations" in run["metrics"]
    assert len(run["metrics"]["citations"]) == 11


def test_the_drill_down_carries_the_result_and_the_executed_line(evaluated: tuple[Path, Path, dict[str, Any]]) -> None:
    executed, results, _ = evaluated
    data = page_data(build_report([results]))
    assert data["runs"][0]["executed"] == str(executed)
    entry = data["runs"][0]["blocks"][0][10]
    assert entry["r"]["line"] == 11
    assert entry["r"]["assertions"][0]["call_id"] == "call_t1"
    assert entry["x"]["outputs"]["trace"][0]["tool"] == "create_ticket"


def test_an_executed_benchmark_changed_since_the_run_is_not_shown(tmp_path: Path) -> None:
    executed = write_jsonl(tmp_path / "executed.jsonl", bundled())
    results = tmp_path / "results.jsonl"
    evaluate(executed, results)
    write_jsonl(executed, flipped(bundled()))  # no longer the file evaluated: its digest differs
    with pytest.warns(UserWarning, match=r"executed\.jsonl\) is not there unchanged"):
        data = page_data(build_report([results]))
    assert data["runs"][0]["executed"] is None
    assert all(entry["x"] is None for entry in data["runs"][0]["blocks"][0])
    assert data["runs"][0]["columns"]["tools"][10]  # from the assertions
    assert data["runs"][0]["columns"]["request"][10] == ""


def test_an_executed_benchmark_that_was_not_evaluated_is_refused_with_its_line(
    evaluated: tuple[Path, Path, dict[str, Any]], tmp_path: Path
) -> None:
    _, results, _ = evaluated
    other = write_jsonl(tmp_path / "other.jsonl", [hostile(), *bundled()])
    with pytest.raises(ReportError, match=r"other\.jsonl:1: this line holds another example"):
        build_report([results], executed=[other])


def test_hostile_text_cannot_end_the_data_element(tmp_path: Path) -> None:
    executed = write_jsonl(tmp_path / "executed.jsonl", [hostile()])
    results = tmp_path / "results.jsonl"
    evaluate(executed, results)
    page = build_report([results], embedding="json")
    assert page.count(b"</script>") == 2  # the data element's and the script's own
    assert b"<img" not in page
    assert "\u2028".encode() not in page
    data = page_data(page)
    assert data["runs"][0]["blocks"][0][0]["x"]["outputs"]["response"] == HOSTILE
    assert data["runs"][0]["columns"]["request"][0] == "Find <b>bold</b> </script> please"


def test_compressed_data_reads_back_the_same(evaluated: tuple[Path, Path, dict[str, Any]]) -> None:
    _, results, _ = evaluated
    plain, packed = build_report([results], embedding="json"), build_report([results], embedding="gzip")
    assert b'data-encoding="gzip"' in packed
    assert b'data-encoding="json"' in plain
    first, second = page_data(plain), page_data(packed)
    for data in (first, second):
        data.pop("generated_at")
    assert first == second


def test_several_runs_carry_what_mb_compare_computes(
    evaluated: tuple[Path, Path, dict[str, Any]], tmp_path: Path
) -> None:
    _, base, _ = evaluated
    executed = write_jsonl(tmp_path / "new-executed.jsonl", flipped(bundled()))
    new = tmp_path / "new.jsonl"
    evaluate(executed, new)
    data = page_data(build_report([base, new]))
    expected = compare_runs(read_results_file(base), read_results_file(new)).model_dump(mode="json")
    assert data["comparisons"] == [expected]
    assert [flip["new_line"] for flip in expected["regressions"]] == [FLIP_LINE]
    first, second = (run["columns"]["ex"] for run in data["runs"])
    assert first == second  # the same examples, joined by hash


def test_results_written_before_the_run_record_still_read(tmp_path: Path) -> None:
    executed = write_jsonl(tmp_path / "executed.jsonl", bundled()[:3])
    results = tmp_path / "results.jsonl"
    evaluate(executed, results)
    rows = results.read_text(encoding="utf-8").splitlines()[1:]
    old = tmp_path / "old.jsonl"
    old.write_text("".join(json.dumps({"line": json.loads(r)["line"], "passed": True}) + "\n" for r in rows))
    warned: list[str] = []
    data = page_data(build_report([old], warn=warned.append))
    assert warned == [
        f"{old}: its run record names no executed benchmark; the page shows its verdicts without conversations, "
        "traces or responses: give the executed benchmark with --executed FILE"
    ]
    assert data["runs"][0]["record"]["results_format"] == 1
    assert data["runs"][0]["summary"]["passed"] == 3


def test_the_command_writes_the_page(evaluated: tuple[Path, Path, dict[str, Any]], tmp_path: Path) -> None:
    _, results, _ = evaluated
    output = tmp_path / "out" / "report.html"
    outcome = _report(str(results), "-o", str(output))
    assert outcome.exit_code == 0, outcome.output
    page = output.read_bytes()
    assert page.startswith(b"<!doctype html>")
    assert b"default-src 'none'" in page
    assert re.search(rb"(src|href)\s*=\s*[\"']?(https?:)?//", page) is None
    assert page_data(page)["runs"][0]["count"] == 11


def test_a_bad_results_line_is_an_error_naming_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"line": 1, "passed": true}\n{"line": "two"}\n', encoding="utf-8")
    output = tmp_path / "report.html"
    outcome = _report(str(bad), "-o", str(output))
    assert outcome.exit_code == 2
    assert f"{bad}:2: not an evaluation result" in outcome.output
    assert "Traceback" not in outcome.output
    assert not output.exists()


def test_a_benchmark_given_as_results_is_named_with_what_to_pass(
    evaluated: tuple[Path, Path, dict[str, Any]], tmp_path: Path
) -> None:
    executed, _, _ = evaluated
    benchmark = write_jsonl(tmp_path / "bench.jsonl", [{"inputs": d["inputs"], "expectations": d["expectations"]}
                                                       for d in bundled()])  # fmt: skip
    for path, kind in ((benchmark, "a benchmark"), (executed, "an executed benchmark")):
        outcome = _report(str(path), "-o", str(tmp_path / "report.html"))
        assert outcome.exit_code == 2
        assert f"error: {path} is {kind} (" in outcome.stderr
        assert f"mb eval {executed if path == executed else 'executed.jsonl'} -o results.jsonl" in outcome.stderr
        assert "Field required" not in outcome.stderr
    assert "--executed" in outcome.stderr
    assert not (tmp_path / "report.html").exists()


def test_results_moved_away_from_their_executed_benchmark_are_reported_with_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    executed = write_jsonl(Path("executed.jsonl"), bundled()[:3])
    results = Path("results.jsonl")
    evaluate(executed, results)  # the run record names executed.jsonl as given: relative to this folder
    moved = tmp_path / "elsewhere" / "results.jsonl"
    moved.parent.mkdir()
    moved.write_bytes(results.read_bytes())
    monkeypatch.chdir(moved.parent)
    output = tmp_path / "report.html"
    outcome = _report(str(moved), "-o", str(output))
    assert outcome.exit_code == 0, outcome.output
    warning = [line for line in outcome.stderr.splitlines() if line.startswith("warning: ")]
    assert len(warning) == 1, outcome.stderr
    assert str(moved) in warning[0]
    assert executed.name in warning[0]
    assert "without conversations, traces" in warning[0]
    assert "--executed FILE" in warning[0]
    assert page_data(output.read_bytes())["runs"][0]["executed"] is None
    found = _report(str(tmp_path / results), "-o", str(tmp_path / "found.html"))
    assert found.exit_code == 0
    assert "warning" not in found.stderr


def test_the_output_may_not_be_an_input(evaluated: tuple[Path, Path, dict[str, Any]]) -> None:
    _, results, _ = evaluated
    before = results.read_bytes()
    outcome = _report(str(results), "-o", str(results))
    assert outcome.exit_code == 2
    assert results.read_bytes() == before


def test_runs_with_nothing_in_common_are_refused(evaluated: tuple[Path, Path, dict[str, Any]], tmp_path: Path) -> None:
    _, base, _ = evaluated
    executed = write_jsonl(tmp_path / "executed.jsonl", [hostile()])
    other = tmp_path / "other.jsonl"
    evaluate(executed, other)
    outcome = _report(str(base), str(other), "-o", str(tmp_path / "r.html"))
    assert outcome.exit_code == 2
    assert "share no example" in outcome.output


def test_view_serves_the_page_on_the_loopback_interface() -> None:
    server = make_server(b"<!doctype html><p>page</p>")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        host, port = server.server_address[:2]
        assert host == "127.0.0.1"
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as response:
            assert response.read() == b"<!doctype html><p>page</p>"
    finally:
        server.shutdown()
        server.server_close()


def test_an_executed_benchmark_given_on_the_command_line_must_match(
    evaluated: tuple[Path, Path, dict[str, Any]], tmp_path: Path
) -> None:
    executed, results, _ = evaluated
    output = tmp_path / "report.html"
    assert _report(str(results), "--executed", str(executed), "-o", str(output)).exit_code == 0
    assert page_data(output.read_bytes())["runs"][0]["executed"] == str(executed)
    other = write_jsonl(tmp_path / "other.jsonl", [*bundled()[:4], hostile(), *bundled()[4:]])
    outcome = _report(str(results), "--executed", str(other), "-o", str(tmp_path / "second.html"))
    assert outcome.exit_code == 2
    assert f"{other}:5: this line holds another example" in outcome.output
    assert "Traceback" not in outcome.output
    assert not (tmp_path / "second.html").exists()


def test_another_run_of_the_same_benchmark_given_as_executed_is_warned_about(
    evaluated: tuple[Path, Path, dict[str, Any]], tmp_path: Path
) -> None:
    executed, results, _ = evaluated
    rerun = write_jsonl(tmp_path / "rerun.jsonl", flipped(bundled()))  # the same examples, other outputs
    outcome = _report(str(results), "--executed", str(rerun), "-o", str(tmp_path / "report.html"))
    assert outcome.exit_code == 0, outcome.output
    warning = [line for line in outcome.stderr.splitlines() if line.startswith("warning: ")]
    assert len(warning) == 1, outcome.stderr
    assert f"{rerun} is not the file these results were computed from" in warning[0]
    same = _report(str(results), "--executed", str(executed), "-o", str(tmp_path / "same.html"))
    assert same.exit_code == 0
    assert "warning" not in same.stderr


def test_view_builds_the_same_page_and_serves_it(
    evaluated: tuple[Path, Path, dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, results, _ = evaluated
    served: list[bytes] = []

    def serve(page: bytes, port: int, announce: Any) -> None:
        served.append(page)
        announce(f"http://127.0.0.1:{port}/")

    monkeypatch.setattr("mb.reports.html.serve.serve_page", serve)
    outcome = CliRunner().invoke(main, ["view", str(results), "--port", "8123"])
    assert outcome.exit_code == 0, outcome.output
    assert "serving the report at http://127.0.0.1:8123/" in outcome.output
    assert page_data(served[0])["runs"][0]["summary"]["passed"] == 7


def test_a_results_file_with_no_result_line_is_refused(
    evaluated: tuple[Path, Path, dict[str, Any]], tmp_path: Path
) -> None:
    _, results, _ = evaluated
    header_only = tmp_path / "header.jsonl"
    header_only.write_bytes(results.read_bytes().splitlines(keepends=True)[0])
    outcome = _report(str(header_only), "-o", str(tmp_path / "r.html"))
    assert outcome.exit_code == 2
    assert f"{header_only}: holds no result line" in outcome.output


def test_the_page_can_go_to_standard_output(evaluated: tuple[Path, Path, dict[str, Any]]) -> None:
    _, results, _ = evaluated
    outcome = CliRunner().invoke(main, ["report", str(results), "-o", "-"])
    assert outcome.exit_code == 0
    assert page_data(outcome.stdout_bytes)["runs"][0]["count"] == 11


@pytest.mark.parametrize("command", ["report", "view"])
def test_the_commands_are_listed_and_have_help(command: str) -> None:
    assert f"  {command} " in CliRunner().invoke(main, ["--help"]).stdout
    outcome = CliRunner().invoke(main, [command, "--help"])
    assert outcome.exit_code == 0
    assert "RESULTS" in outcome.stdout


def test_latency_and_tokens_reach_the_table(tmp_path: Path) -> None:
    documents = bundled()[:2]
    documents[0]["outputs"]["latency_ms"] = 1234.5
    documents[0]["outputs"]["usage"] = {"input_tokens": 100, "output_tokens": 20, "model": "m"}
    executed = write_jsonl(tmp_path / "executed.jsonl", documents)
    results = tmp_path / "results.jsonl"
    evaluate(executed, results)
    run = page_data(build_report([results]))["runs"][0]
    assert run["columns"]["latency"] == [1234.5, None]
    assert run["columns"]["tokens"] == [120, None]
    assert run["summary"]["agent_usage"]["input_tokens"] == 100


def test_an_executed_line_nested_too_deep_is_left_out_of_the_page(tmp_path: Path) -> None:
    documents = bundled()[:2]
    executed = write_jsonl(tmp_path / "executed.jsonl", documents)
    deep = json.dumps(documents[1])[:-1] + ', "extra": ' + "[" * 20000 + "]" * 20000 + "}"
    executed.write_text(json.dumps(documents[0]) + "\n" + deep + "\n", encoding="utf-8")
    results = tmp_path / "results.jsonl"
    evaluate(executed, results)
    entries = page_data(build_report([results]))["runs"][0]["blocks"][0]
    assert entries[0]["x"]["inputs"] == documents[0]["inputs"]
    assert entries[1]["r"]["line"] == 2
    assert entries[1]["r"]["status"] == "error"
    assert "x" not in entries[1] or entries[1]["x"] is None


def test_an_executed_line_that_is_not_utf8_is_left_out_of_the_page(tmp_path: Path) -> None:
    documents = bundled()[:2]
    executed = tmp_path / "executed.jsonl"
    broken = json.dumps(documents[1]).encode().replace(b"Schedule", b"Sch\xffedule", 1)
    assert broken != json.dumps(documents[1]).encode()
    executed.write_bytes(json.dumps(documents[0]).encode() + b"\n" + broken + b"\n")
    results = tmp_path / "results.jsonl"
    evaluate(executed, results)
    entries = page_data(build_report([results], embedding="json"))["runs"][0]["blocks"][0]
    assert entries[0]["x"]["inputs"] == documents[0]["inputs"]
    assert entries[1]["r"]["status"] == "error"
    assert "x" not in entries[1] or entries[1]["x"] is None

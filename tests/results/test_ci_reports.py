"""``mb eval --junit`` and ``--summary-md``: a JUnit document valid against the Ant JUnit schema, and markdown."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from xml.etree import ElementTree

import xmlschema

from mb.reports import junit_chunks, summary_markdown
from mb.results import RateStat, Summary
from tests.conftest import DATA
from tests.results.helpers import EXECUTED, json_lines, run_eval, write_lines

SCHEMA = xmlschema.XMLSchema(DATA / "junit.xsd")


def test_junit_has_one_valid_test_case_per_line_with_failures_and_errors(tmp_path: Path) -> None:
    lines = json_lines(EXECUTED)
    source = tmp_path / "bench.jsonl"
    source.write_text("".join(json.dumps(d) + "\n" for d in lines) + "{not json\n", encoding="utf-8")
    report = tmp_path / "junit.xml"
    result = run_eval(str(source), "--junit", str(report))
    assert result.exit_code == 0, result.output
    SCHEMA.validate(report)
    suite = ElementTree.parse(report).getroot().find("testsuite")
    assert suite is not None
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("5", "1", "1")
    cases = suite.findall("testcase")
    names = [case.get("name", "") for case in cases]
    # named by the request each example made; the invalid line has none to show
    assert [name.split(":")[0] for name in names] == [f"line {n}" for n in range(1, 6)]
    assert names[0] == f"line 1: {lines[0]['inputs']['messages'][-1]['content']}"
    assert names[4] == "line 5"
    failure = cases[1].find("failure")
    assert failure is not None
    assert "limit" in failure.get("message", "")
    assert "expected 5, got 7" in (failure.text or "")
    error = cases[4].find("error")
    assert error is not None
    assert error.get("message", "").startswith("invalid line")
    assert cases[0].find("failure") is None
    assert cases[0].find("error") is None
    assert cases[2].get("classname") == "bench.priority=normal.topic=scheduling"


def test_junit_text_with_control_characters_stays_valid_xml() -> None:
    row = {
        "line": 1,
        "passed": False,
        "status": "error",
        "error": "agent said \x00\x1b[31m<b>&\"'\ud800",
        "example_hash": "a" * 64,
        "repeat": 2,
        "request": "Book a table for two",
        "latency_ms": 1234.5,
    }
    data = b"".join(
        junit_chunks([row], Summary(total=1, errors=1), suite="s", started=datetime.now(UTC), elapsed=0.5)
    ).decode("utf-8", "surrogatepass")
    SCHEMA.validate(data)
    case = ElementTree.fromstring(data).find("testsuite/testcase")
    assert case is not None
    assert case.get("name") == "line 1: Book a table for two (trial 2)"
    assert case.get("time") == "1.234"  # the agent's time on it, from latency_ms
    error = case.find("error")
    assert error is not None
    assert error.get("message") == "agent said \\x00\\x1b[31m<b>&\"'\\ud800"


def test_the_markdown_summary_has_the_rate_with_its_interval_and_the_first_failures(tmp_path: Path) -> None:
    md = tmp_path / "summary.md"
    result = run_eval(str(EXECUTED), "--summary-md", str(md))
    assert result.exit_code == 0, result.output
    text = md.read_text(encoding="utf-8")
    # the lexical judge cannot tell the response of line 3: undecided, never passed
    assert "**2/4 passed (50.0% up to 75.0%, 95% CI 15.0% - 95.5%)**, 1 failed, 0 error(s), 1 undecided" in text
    assert "| equality | 2 | 1 | 1 | 0 | 0 | 50.0% | 9.4% - 90.6% |" in text
    assert "- line 2 **failed**: tool\\_called search: call call\\_1 does not match: limit: expected 5, got 7" in text


def test_markdown_cells_cannot_break_the_table() -> None:
    summary = Summary(total=1, passed=1, pass_rate=1.0, by_category={"topic=a|b": RateStat(total=1, passed=1)})
    text = summary_markdown(summary, "x", [(1, "failed", "a | b\nc `code` <script>")])
    assert "| topic=a\\|b |" in text
    assert "a \\| b c \\`code\\` \\<script\\>" in text


def test_markdown_escapes_control_characters_of_user_text() -> None:
    summary = Summary(total=1, passed=0, pass_rate=0.0, by_category={"topic=\x1b[31mred": RateStat(total=1)})
    text = summary_markdown(summary, "x", [(1, "failed", "bell\x07 and\x00 nul\r\nnext")])
    assert not any(c in text for c in "\x1b\x07\x00\r")
    assert "topic=\\\\x1b\\[31mred" in text
    assert "bell\\\\x07 and\\\\x00 nul next" in text


def test_both_reports_can_be_written_without_a_results_file(tmp_path: Path) -> None:
    bench = write_lines(tmp_path / "b.jsonl", json_lines(EXECUTED)[:1])
    result = run_eval(str(bench), "--junit", str(tmp_path / "j.xml"), "--summary-md", str(tmp_path / "s.md"))
    assert result.exit_code == 0, result.output
    SCHEMA.validate(tmp_path / "j.xml")
    assert "1/1 passed" in (tmp_path / "s.md").read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.jsonl", "j.xml", "s.md"]  # no temporary file left


def test_the_terminal_summary_shows_wilson_intervals_that_cover_both_bounds() -> None:
    result = run_eval(str(EXECUTED), "--verbose")
    assert result.exit_code == 0, result.output
    assert "2/4 passed (50.0% up to 75.0%, 95% CI 15.0% to 95.5%)" in result.stdout  # 2/4's lower end, 3/4's upper
    row = next(line for line in result.stdout.splitlines() if line.startswith("tool_called"))
    assert row.split()[-1] == "(20%-94%)"  # 2 of 3, beside the rate

"""``mb report`` pages in Chromium, read as a user reads them: errors carry no score and sort last, intervals of
large slices keep their width, deltas are signed as ``mb compare`` signs them, columns name their units and fit their
headers, repeated trials show and pair by trial, an agent error is shown as such, a distribution of one value says
so, and long unbroken text wraps inside the drill-down."""

from __future__ import annotations

import re
from io import StringIO
from pathlib import Path
from typing import Any

import orjson
import pytest
from rich.console import Console

from mb.compare import compare_runs, render_comparison
from mb.reports.html import build_report
from mb.results_format import read_results_file
from mb.stats import percent_bounds
from tests.reports.helpers import bundled, evaluate, flipped, recounted, synthetic_rows, write_jsonl

from .conftest import console_errors
from .test_report import _element, _open, _tab

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A page of 3,000 varied rows (errors among them), the same rows as three trials of 1,000 examples, one where
    all 3,000 pass, and two runs compared."""
    folder = tmp_path_factory.mktemp("review")
    rows = synthetic_rows(3000)
    mixed, trials = folder / "mixed.jsonl", folder / "trials.jsonl"
    scored, repeated = [rows[0]], [rows[0]]
    for index, raw in enumerate(rows[1:]):
        row = orjson.loads(raw)
        if row["status"] == "error":
            row["score"] = 0.0  # as mb eval scores an example it could not evaluate
        scored.append(orjson.dumps(row))
        row.update(repeat=index % 3 + 1, example_hash=f"{index // 3:064x}")
        if index < 3:  # the first example passes its first and third trials and fails its second
            row.update(status=("passed", "failed", "passed")[index], error=None)
            row["passed"] = row["status"] == "passed"
        repeated.append(orjson.dumps(row))
    mixed.write_bytes(b"\n".join(scored) + b"\n")
    trials.write_bytes(b"\n".join(recounted(repeated[1:])) + b"\n")
    passing = []
    for raw in rows[1:]:
        row = orjson.loads(raw)
        row.update(status="passed", passed=True, score=1.0, error=None)
        row["metrics"]["similarity"]["value"] = 5
        for assertion in row["assertions"]:
            assertion["passed"] = True
            for parameter in assertion["parameters"]:
                parameter["passed"] = True
        passing.append(orjson.dumps(row))
    clean = folder / "passing.jsonl"
    clean.write_bytes(b"\n".join(recounted(passing)) + b"\n")
    base, new = folder / "base.jsonl", folder / "new.jsonl"
    evaluate(write_jsonl(folder / "base-executed.jsonl", bundled()), base)
    evaluate(write_jsonl(folder / "new-executed.jsonl", flipped(bundled())), new)
    crashed = bundled()[:2]
    crashed[1]["outputs"] = {
        "response": "",
        "trace": [],
        "error": {"type": "RuntimeError", "message": "agent crashed <b>mid-call</b>", "transient": False},
    }
    agent_error = folder / "agent-error.jsonl"
    evaluate(write_jsonl(folder / "agent-error-executed.jsonl", crashed), agent_error)
    long = bundled()[:2]
    long[0]["outputs"]["trace"][0]["params"]["query"] = "x" * 300
    long[0]["outputs"]["response"] = "A" * 400
    long[0]["inputs"]["metadata"] = {"categories": {"topic": "y" * 200}}
    unbroken = folder / "unbroken.jsonl"
    evaluate(write_jsonl(folder / "unbroken-executed.jsonl", long), unbroken)
    found = {"agent-error": folder / "agent-error.html", "unbroken": folder / "unbroken.html", "base": base, "new": new}
    found["agent-error"].write_bytes(build_report([agent_error]))
    found["unbroken"].write_bytes(build_report([unbroken]))
    runs = {"mixed": [mixed], "trials": [trials], "trials-twice": [trials, trials], "passing": [clean]}
    runs["multi"] = [base, new]
    for name, results in runs.items():
        found[name] = folder / f"{name}.html"
        found[name].write_bytes(build_report(results))
    return found


def _cells(driver: Any, column: int) -> list[str]:
    """The texts of column ``column`` in the rows drawn, top to bottom."""
    texts: list[str] = driver.execute_script(
        "var column = arguments[0]; return Array.from(document.querySelectorAll('#rows .trow'))"
        ".sort(function (a, b) { return parseFloat(a.style.top) - parseFloat(b.style.top); })"
        ".map(function (r) { return r.children[column].textContent; });",
        column,
    )
    return texts


def test_an_example_in_error_shows_no_score(page: Any, pages: dict[str, Path], screenshot: Any) -> None:
    _open(page, pages["mixed"])
    _tab(page, "examples")
    page.find_element("id", "f-passed").click()
    page.find_element("id", "f-failed").click()
    statuses = _cells(page, 1)
    assert statuses
    assert {status.split()[0] for status in statuses} == {"error"}
    assert set(_cells(page, 2)) == {"-"}
    page.find_element("css selector", "#rows .trow").click()
    heading = _element(page, "#detail h2").text
    assert "error" in heading
    assert "score" not in heading
    screenshot("error")
    assert console_errors(page) == []


def test_examples_in_error_sort_after_every_score(page: Any, pages: dict[str, Path]) -> None:
    _open(page, pages["mixed"])
    _tab(page, "examples")
    page.find_element("id", "f-passed").click()
    page.find_element("css selector", 'button[data-sort="score"]').click()
    assert _cells(page, 1)[0].split()[0] == "failed"
    page.find_element("css selector", 'button[data-sort="score"]').click()
    assert _cells(page, 1)[0].split()[0] == "failed"


def test_repeated_trials_show_their_trial(page: Any, pages: dict[str, Path], screenshot: Any) -> None:
    _open(page, pages["trials"])
    _tab(page, "examples")
    header = page.find_element("css selector", 'button[data-sort="repeat"]')
    assert header.text == "trial"
    assert _cells(page, 1)[:6] == ["1", "2", "3", "1", "2", "3"]
    header.click()
    assert set(_cells(page, 1)) == {"1"}
    screenshot("trials")
    assert console_errors(page) == []


def test_a_run_without_trials_has_no_trial_column(page: Any, pages: dict[str, Path]) -> None:
    _open(page, pages["mixed"])
    _tab(page, "examples")
    assert page.find_elements("css selector", 'button[data-sort="repeat"]') == []


_FIGURE = re.compile(r"^(\d+\.\d)% \((\d+(?:\.\d)?)%\u2013(\d+(?:\.\d)?)%\)")


@pytest.mark.parametrize("name", ["mixed", "passing"])
def test_slice_intervals_hold_their_rate_and_keep_their_width(
    page: Any, pages: dict[str, Path], name: str, screenshot: Any
) -> None:
    _open(page, pages[name])
    figures = [e.text for e in page.find_elements("css selector", "g[data-slice] text.figure")]
    assert len(figures) >= 10
    for figure in figures:
        found = _FIGURE.match(figure)
        assert found is not None, figure
        rate, low, high = (float(part) for part in found.groups())
        assert low <= rate <= high, figure
        assert low < high, figure  # a finite sample never pins the rate down to one value
        if rate == 100.0:
            assert low < 100.0, figure
    screenshot("slices")


def test_deltas_are_signed_as_mb_compare_signs_them(page: Any, pages: dict[str, Path]) -> None:
    _open(page, pages["multi"])
    _tab(page, "compare")
    overall = page.find_element("css selector", '#compare tr[data-slice="overall:"]').text
    assert re.search(r"-9\.1% \[-\d+%, \+\d+%\]", overall), overall


def test_every_interval_of_the_comparison_reads_as_mb_compare_prints_it(page: Any, pages: dict[str, Path]) -> None:
    comparison = compare_runs(read_results_file(pages["base"]), read_results_file(pages["new"]))
    printed = StringIO()
    render_comparison(Console(file=printed, width=200), comparison)
    _open(page, pages["multi"])
    _tab(page, "compare")
    for item in comparison.slices:
        row = page.find_element("css selector", f'#compare tr[data-slice="{item.kind}:{item.name}"]').text
        rates = [
            i for i, total in ((item.base_interval, item.base_total), (item.new_interval, item.new_total)) if total
        ]
        for interval in rates:
            low, high = percent_bounds(*interval, 0)  # rounded outward, as mb compare prints them
            assert f"[{low}\u2013{high}]" in row, (row, interval)
            assert f"[{low}-{high}]" in printed.getvalue()
        if item.delta_interval is not None:
            low, high = percent_bounds(*item.delta_interval, 0, signed=True)
            assert f"[{low}, {high}]" in row, (row, item.delta_interval)
            assert f"[{low}, {high}]" in printed.getvalue()


def test_the_latency_column_names_its_unit(page: Any, pages: dict[str, Path]) -> None:
    _open(page, pages["mixed"])
    _tab(page, "examples")
    header = page.find_element("css selector", 'button[data-sort="latency"]').text
    assert header == "latency (ms)"


@pytest.mark.parametrize("name", ["trials", "multi"])
def test_no_column_header_spills_into_the_next(page: Any, pages: dict[str, Path], name: str) -> None:
    _open(page, pages[name])
    _tab(page, "examples")
    spilled = page.execute_script(
        "return Array.from(document.querySelectorAll('.thead > *'))"
        ".filter(function (h) { return h.scrollWidth > h.clientWidth + 1; })"
        ".map(function (h) { return h.textContent; });"
    )
    assert spilled == []


def test_an_agent_error_is_shown_instead_of_an_empty_response(
    page: Any, pages: dict[str, Path], screenshot: Any
) -> None:
    _open(page, pages["agent-error"])
    _tab(page, "examples")
    page.find_element("css selector", '#rows .trow[data-row="1"]').click()
    shown = _element(page, "#agent-error").text
    assert "RuntimeError: agent crashed <b>mid-call</b>" in shown
    assert page.find_elements("css selector", "#detail #response") == []
    assert "The agent gave no response." in page.find_element("id", "detail").text
    screenshot("agent-error")
    assert console_errors(page) == []


def test_a_distribution_of_one_value_says_so(page: Any, pages: dict[str, Path], screenshot: Any) -> None:
    _open(page, pages["passing"])
    charts = {
        chart.find_element("css selector", "h3").text: chart
        for chart in page.find_elements("css selector", "#overview .chart")
    }
    single = charts["metric: similarity"]
    texts = [text.text for text in single.find_elements("css selector", "svg text")]
    assert texts == ["5", "n 3000, every value 5"]
    assert len(single.find_elements("css selector", "rect.bin")) == 1
    varied = [text.text for text in charts["tokens per example"].find_elements("css selector", "svg text")]
    assert len(varied) == 3
    assert varied[2].startswith("n 3000, mean ")
    screenshot("one-value")


def test_trials_are_paired_with_the_same_trial_of_the_other_run(page: Any, pages: dict[str, Path]) -> None:
    _open(page, pages["trials-twice"])
    _tab(page, "examples")
    page.find_element("css selector", 'button[data-sort="line"]').click()
    assert _cells(page, 1)[:3] == ["1", "2", "3"]
    statuses = [status.split()[0] for status in _cells(page, 2)[:3]]
    assert statuses == ["passed", "failed", "passed"]
    assert _cells(page, 3)[:3] == statuses  # each trial beside the same trial of the other run
    assert page.find_elements("css selector", "#rows .trow.flipped") == []


def test_long_unbroken_text_wraps_inside_the_drill_down(page: Any, pages: dict[str, Path], screenshot: Any) -> None:
    _open(page, pages["unbroken"])
    _tab(page, "examples")
    page.find_element("css selector", '#rows .trow[data-row="0"]').click()
    assert "x" * 40 in _element(page, '#detail li[data-call="call_1"]').text
    panel = page.find_element("id", "detail")
    assert page.execute_script("var p = arguments[0]; return p.scrollWidth <= p.clientWidth;", panel)
    spilled = page.execute_script(
        "var right = arguments[0].getBoundingClientRect().right;"
        "return Array.from(arguments[0].querySelectorAll('td, th, .verdict'))"
        ".filter(function (e) { return e.getBoundingClientRect().right > right + 1; })"
        ".map(function (e) { return e.textContent.slice(0, 40); });",
        panel,
    )
    assert spilled == []
    screenshot("unbroken")

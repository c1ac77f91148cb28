"""``mb report`` pages in Chromium: opened from file://, figures as ``mb eval`` printed them, the examples table
(filters, search, sorting), the drill-down, several runs, hostile text, and a 100,000-row report."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import mb.evaluation
import mb.judges.factory
from mb.cli import main
from mb.reports.html import build_report
from mb.stats import percent_bounds
from tests.reports.helpers import (
    FLIP_LINE,
    HOSTILE,
    bundled,
    evaluate,
    flipped,
    hostile,
    write_jsonl,
    write_synthetic_results,
)
from tests.support.undecided import LINES, STATUSES, UnsureJudge

from .conftest import console_errors

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Pages of the bundled examples: one run, two runs (one example flipped), and one with hostile text."""
    folder = tmp_path_factory.mktemp("pages")
    executed = write_jsonl(folder / "executed.jsonl", bundled())
    base = folder / "base.jsonl"
    summary = evaluate(executed, base)
    new = folder / "new.jsonl"
    evaluate(write_jsonl(folder / "new-executed.jsonl", flipped(bundled())), new)
    bad = folder / "hostile.jsonl"
    evaluate(write_jsonl(folder / "hostile-executed.jsonl", [hostile(), *bundled()[:2]]), bad)
    pages = {"single": [base], "multi": [base, new], "hostile": [bad]}
    found: dict[str, Any] = {"summary": summary}
    for name, results in pages.items():
        found[name] = folder / f"{name}.html"
        found[name].write_bytes(build_report(results))
    return found


def _open(driver: Any, page: Path, timeout: float = 60.0) -> float:
    """Open ``page`` from disk; the seconds until it was ready (its data decoded and drawn)."""
    started = time.perf_counter()
    driver.get(page.as_uri())
    while (state := driver.execute_script("return document.body.getAttribute('data-ready')")) is None:
        assert time.perf_counter() - started < timeout, "the page did not become ready"
        time.sleep(0.02)
    elapsed = time.perf_counter() - started
    assert state == "true", driver.find_element("id", "status").text
    return elapsed


def _rows(driver: Any) -> list[int]:
    """The lines of the table rows drawn, top to bottom."""
    lines = driver.execute_script(
        "return Array.from(document.querySelectorAll('#rows .trow'))"
        ".sort(function (a, b) { return parseFloat(a.style.top) - parseFloat(b.style.top); })"
        ".map(function (r) { return Number(r.firstChild.textContent); });"
    )
    return [int(line) for line in lines]


def _until(check: Any, timeout: float = 60.0) -> Any:
    """Poll ``check()`` until it returns something truthy (the page works asynchronously); that value."""
    started = time.perf_counter()
    while not (value := check()):
        assert time.perf_counter() - started < timeout, "the page did not get there in time"
        time.sleep(0.05)
    return value


def _element(driver: Any, css: str) -> Any:
    """The element ``css`` once the page has drawn it."""
    return _until(lambda: (found := driver.find_elements("css selector", css)) and found[0])


def _tab(driver: Any, name: str) -> None:
    """Click the tab ``name`` and wait until its section shows."""
    driver.find_element("css selector", f'#tabs button[data-tab="{name}"]').click()
    _until(lambda: driver.find_element("id", name).is_displayed())


def _pct(value: float) -> str:
    return f"{value * 100:.1f}%"


def test_the_page_opens_from_disk_and_shows_the_figures_mb_eval_printed(
    page: Any, reports: dict[str, Any], screenshot: Any
) -> None:
    _open(page, reports["single"])
    summary = reports["summary"]
    best = (summary["passed"] + summary["undecided"]) / summary["total"]  # passed / n up to (passed + undecided) / n
    bounds = _pct(summary["pass_rate"]) + (f" \u2013 {_pct(best)}" if summary["undecided"] else "")
    assert page.find_element("id", "pass-rate").text == bounds
    low, high = percent_bounds(*summary["pass_rate_interval"])  # rounded outward, as mb eval prints it
    assert f"95% CI {low} \u2013 {high}" in page.find_element("id", "overview").text
    assert page.find_element("id", "count-passed").text == f"{summary['passed']} / {summary['total']}"
    assert page.find_element("id", "count-failed").text == str(summary["failed"])
    assert page.find_element("id", "count-errors").text == str(summary["errors"])
    assert page.find_element("id", "judge").text == summary["judge"]
    shown = 0
    for kind, key in (("assertion", "by_assertion"), ("matcher", "by_matcher"), ("check", "by_check"),
                      ("metric", "by_metric"), ("category", "by_category")):  # fmt: skip
        for name, stat in summary[key].items():
            figure = page.find_element("css selector", f'g[data-slice="{kind}:{name}"] text.figure').text
            assert figure.startswith(_pct(stat["passed"] / stat["total"])), (kind, name, figure)
            assert f"{stat['passed']}/{stat['total']}" in figure
            shown += 1
    assert shown >= 20
    assert console_errors(page) == []
    screenshot("overview")


def test_a_filter_a_search_and_a_category_change_the_visible_rows(
    page: Any, reports: dict[str, Any], screenshot: Any
) -> None:
    _open(page, reports["single"])
    _tab(page, "examples")
    assert _rows(page) == list(range(1, 12))
    page.find_element("id", "f-passed").click()
    assert _rows(page) == [2, 4, 10, 11]  # the examples the lexical judge leaves undecided
    assert page.find_element("id", "row-count").text == "Showing 4 of 11 examples"
    page.find_element("id", "f-passed").click()
    page.find_element("id", "search").send_keys("dollars")
    _until(lambda: _rows(page) == [9])
    page.find_element("id", "search").clear()
    page.execute_script("var s = document.getElementById('search'); s.dispatchEvent(new Event('input'));")
    _until(lambda: len(_rows(page)) == 11)
    page.execute_script(
        "var s = document.getElementById('f-cat');"
        "s.value = String(Array.from(s.options).findIndex(function (o) { return o.text === 'topic=scheduling'; }) - 1);"
        "s.dispatchEvent(new Event('change'));"
    )
    assert _rows(page) == [2, 6, 7, 8]
    screenshot("filtered")
    assert console_errors(page) == []


def test_sorting_by_score_both_ways(page: Any, reports: dict[str, Any]) -> None:
    _open(page, reports["single"])
    _tab(page, "examples")
    header = page.find_element("css selector", 'button[data-sort="score"]')
    header.click()
    ascending = _rows(page)
    assert header.get_attribute("aria-sort") == "ascending"
    scores = page.execute_script(
        "return Array.from(document.querySelectorAll('#rows .trow'))"
        ".sort(function (a, b) { return parseFloat(a.style.top) - parseFloat(b.style.top); })"
        ".map(function (r) { return Number(r.children[2].textContent); });"
    )
    assert scores == sorted(scores)
    assert scores[0] < scores[-1]
    header.click()
    assert header.get_attribute("aria-sort") == "descending"
    assert _rows(page)[-1] == ascending[0]


def test_the_drill_down_shows_the_tool_call_beside_its_verdicts(
    page: Any, reports: dict[str, Any], screenshot: Any
) -> None:
    _open(page, reports["single"])
    _tab(page, "examples")
    page.find_element("css selector", '#rows .trow[data-row="10"]').click()
    call = _element(page, '#detail li[data-call="call_t1"]')
    text = call.text
    assert "tool call create_ticket" in text
    assert "VPN disconnects repeatedly" in text  # the argument
    assert "IT-2231" in text  # the result
    assert "undecided whether it achieves the goal of 'VPN connection keeps dropping after the update'" in text
    screenshot("drill-down")
    page.execute_script("location.hash = 'example/0/2'")
    detail = page.find_element("id", "detail")
    assert _element(page, "#response mark.cite").text == "Paris is the capital of France"
    assert "invalid span: citation 0 of doc_1 cites [0, 53)" in detail.text
    assert "France's capital city is Paris." in detail.text  # a retrieved chunk
    screenshot("citations")
    assert console_errors(page) == []


def test_several_runs_show_the_flipped_example_first(page: Any, reports: dict[str, Any], screenshot: Any) -> None:
    _open(page, reports["multi"])
    _tab(page, "compare")
    flips = page.find_elements("css selector", "#compare tr.flip-row")
    assert len(flips) == 1
    assert f"line {FLIP_LINE}" in flips[0].text
    assert "regression" in flips[0].text
    overall = page.find_element("css selector", '#compare tr[data-slice="overall:"]').text
    assert "7/11" in overall
    assert "6/11" in overall
    assert "-9.1%" in overall
    screenshot("compare")
    _tab(page, "examples")
    assert _rows(page)[0] == FLIP_LINE
    assert "(flipped examples first)" in page.find_element("id", "row-count").text
    screenshot("examples")
    assert console_errors(page) == []


def test_hostile_text_shows_as_text(page: Any, reports: dict[str, Any], screenshot: Any) -> None:
    _open(page, reports["hostile"])
    _tab(page, "examples")
    assert "Find <b>bold</b> </script> please" in page.find_element("id", "rows").text
    page.find_element("css selector", '#rows .trow[data-row="0"]').click()
    assert _element(page, "#response").get_attribute("textContent") == HOSTILE
    assert page.execute_script("return window.__pwned === undefined")
    assert page.find_elements("css selector", "#detail img, #detail b, #rows b") == []
    screenshot("hostile")
    assert console_errors(page) == []


@pytest.mark.slow
def test_a_report_of_20000_rows_opens_and_stays_responsive(page: Any, tmp_path: Path, screenshot: Any) -> None:
    """Opening time is measured by bench/report_open.py; here the many rows must work: drawn only in view, filtered,
    sorted, searched and scrolled."""
    results = write_synthetic_results(tmp_path / "results.jsonl", 20_000)
    report = tmp_path / "report.html"
    report.write_bytes(build_report([results], warn=lambda _message: None))  # synthetic rows: no executed lines
    _open(page, report, timeout=120)
    _tab(page, "examples")
    assert page.find_element("id", "row-count").text == "Showing 20,000 of 20,000 examples"
    assert len(_rows(page)) < 100  # only the rows in view are drawn
    page.find_element("id", "f-passed").click()
    count = page.find_element("id", "row-count").text
    assert count.startswith("Showing ")
    assert not count.startswith("Showing 20,000")
    page.find_element("css selector", 'button[data-sort="tokens"]').click()
    page.find_element("id", "search").send_keys("travel")
    _until(lambda: "travel" in page.find_element("id", "rows").text)
    page.execute_script("document.getElementById('rows').scrollTop = 1e6")
    _until(lambda: _rows(page))
    page.execute_script("document.querySelector('#rows .trow').click()")  # rows are redrawn as they scroll
    _element(page, "#detail h2")
    screenshot("large")
    assert console_errors(page) == []


def test_undecided_examples_have_their_own_card_status_and_filter(
    page: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, screenshot: Any
) -> None:
    monkeypatch.setattr(mb.judges.factory, "get_judge", lambda judge, **_options: UnsureJudge())
    results = tmp_path / "results.jsonl"
    executed = write_jsonl(tmp_path / "executed.jsonl", LINES)
    outcome = CliRunner().invoke(main, ["eval", str(executed), "-o", str(results), "-q", "--jobs", "1"])
    assert outcome.exit_code == 0, outcome.output
    report = tmp_path / "report.html"
    report.write_bytes(build_report([results]))
    _open(page, report)
    assert page.find_element("id", "count-undecided").text == "2"
    assert (
        page.find_element("id", "pass-rate").text == "16.7% \u2013 50.0%"
    )  # passed / n up to (passed + undecided) / n
    _tab(page, "examples")
    for status in ("passed", "failed", "error"):
        page.find_element("id", f"f-{status}").click()
    assert _rows(page) == [line for line, status in enumerate(STATUSES, 1) if status == "undecided"]
    screenshot("undecided")
    page.find_element("id", "f-undecided").click()
    assert _rows(page) == []
    assert console_errors(page) == []

"""The ``mb runevals`` HTML report in Chromium: figures, filter, search, sort, the drawer, escaping, no broken words."""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.support.wait import WebDriverWait

import mb.evaluation
from mb.cli import main
from mb.formats.m365 import html_report

from ..formats.m365.demo_agents import FakeJudge
from .conftest import console_errors

pytestmark = pytest.mark.browser

AGENTS = Path(__file__).resolve().parents[1] / "formats" / "m365" / "demo_agents.py"
HOSTILE = '<script>window.pwned = 1</script><img src=x onerror="window.pwned = 2"> Is this shown as text?'
URL = "https://contoso.sharepoint.com/sites/ProjectCentral/Shared%20Documents/Forms/AllItems.aspx?id=42"

LONG = " ".join(f"Sentence {n} of a long expected answer that needs several lines." for n in range(1, 13))

DATASET = {
    "schemaVersion": "1.2.0",
    "default_evaluators": {"Relevance": {}, "Coherence": {}},
    "items": [
        {"prompt": "What is Microsoft Graph?", "expected_response": "A unified API endpoint."},
        {"name": "Scheduled meetings", "prompt": "Scheduled meetings for tomorrow afternoon with the team",
         "expected_response": "Scheduled the meeting.", "evaluators": {"ExactMatch": {}}},
        {"prompt": f"Open {URL} and summarize the document", "expected_response": "A summary."},
        {"prompt": "JUDGE-FAIL what is the weather tomorrow?", "expected_response": "Sunny."},
        {"prompt": "Please answer JUDGE-FAIL now", "expected_response": LONG},
        {"prompt": HOSTILE, "expected_response": "Shown as text."},
        {"name": "Seattle trip planning", "turns": [
            {"prompt": "What is Teams?", "expected_response": "A collaboration platform."},
            {"prompt": "And the weather in Seattle?", "expected_response": "Rainy."},
            {"prompt": "Scheduled flights to Seattle?", "expected_response": "Two flights."},
        ]},
    ],
}  # fmt: skip
"""Every status: passes, an ExactMatch failure, judge failures (partial), an agent failure and a skipped turn."""


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The report ``mb runevals`` writes for :data:`DATASET`, and the summary line it prints."""
    folder = tmp_path_factory.mktemp("runevals")
    dataset = folder / "evals.json"
    dataset.write_text(json.dumps(DATASET), encoding="utf-8")
    output = folder / "report.html"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(mb.evaluation, "resolve_judge", lambda judge, **_options: FakeJudge())
        result = CliRunner().invoke(
            main,
            ["runevals", "--prompts-file", str(dataset), "--agent", f"{AGENTS}:flaky", "-o", str(output)],
            catch_exceptions=False,
        )
    assert result.exit_code == 0, result.output
    (summary,) = [line for line in result.stderr.splitlines() if " item(s) " in line]
    return output, summary


def _open(page: Any, path: Path, hash: str = "") -> None:
    page.get(path.as_uri() + hash)
    WebDriverWait(page, 30).until(lambda d: d.execute_script("return document.body.dataset.ready"))
    assert page.execute_script("return document.body.dataset.ready") == "true"


def _whole_page(page: Any, screenshot: Any, name: str) -> Path:
    """A screenshot of the whole page: the window is made as tall as the page (up to 4000 px) for it."""
    size = page.get_window_size()
    height = page.execute_script("return document.documentElement.scrollHeight")
    page.set_window_size(size["width"], min(4000, height + 140))
    try:
        return Path(screenshot(name))
    finally:
        page.set_window_size(size["width"], size["height"])


def _visible_rows(page: Any) -> list[dict[str, str]]:
    """The rows drawn in the table, top to bottom: position, status and text."""
    return list(
        page.execute_script(
            "return Array.from(document.querySelectorAll('#rows .trow'))"
            ".sort((a, b) => a.offsetTop - b.offsetTop)"
            ".map(r => ({order: r.firstChild.textContent, status: r.querySelector('.badge').textContent,"
            " text: r.innerText}))"
        )
    )


def test_the_page_loads_from_file_and_shows_the_runevals_figures(
    page: Any, report: tuple[Path, str], screenshot: Any
) -> None:
    path, summary = report
    _open(page, path)
    assert console_errors(page) == []
    # e.g. "7 item(s) (1 thread(s), 9 prompt(s) in all): 3 pass, 1 fail, 1 partial, 2 error; agent ..., judge ..."
    match = re.search(r"(\d+) item\(s\) \((\d+) thread\(s\), (\d+) prompt\(s\) in all\): (.*?);", summary)
    assert match, summary
    expected = {"items": int(match[1]), "threads": int(match[2])}
    expected |= {status: int(count) for count, status in re.findall(r"(\d+) (pass|fail|partial|error)", match[4])}
    expected = {"pass": 0, "fail": 0, "partial": 0, "error": 0} | expected
    cards = page.execute_script(
        "const out = {}; document.querySelectorAll('#status-cards .card')"
        ".forEach(c => { out[c.dataset.count] = Number(c.querySelector('.big').innerText); }); return out;"
    )
    assert cards == expected
    assert all(expected[s] > 0 for s in ("pass", "fail", "partial", "error")), "the dataset shows every status"
    assert page.execute_script("return document.querySelectorAll('#overview svg.bar').length") >= 3
    assert _whole_page(page, screenshot, "overview").stat().st_size > 10_000
    page.find_element("css selector", '#tabs button[data-tab="examples"]').click()
    assert page.find_element("id", "row-count").text == f"Showing {match[3]} of {match[3]} rows"
    assert len(_visible_rows(page)) == int(match[3])


def test_the_status_filter_search_and_sort_change_the_rows(
    page: Any, report: tuple[Path, str], screenshot: Any
) -> None:
    _open(page, report[0], "#examples")
    everything = _visible_rows(page)
    sorted_by = (
        "return Array.from(document.querySelectorAll('.thead [aria-sort]'))"
        ".map(b => b.dataset.sort + ' ' + b.getAttribute('aria-sort'))"
    )
    assert page.execute_script(sorted_by) == ["order ascending"]
    page.find_element("id", "f-pass").click()
    without_pass = _visible_rows(page)
    assert without_pass == [row for row in everything if row["status"] != "pass"]
    assert page.find_element("id", "row-count").text == f"Showing {len(without_pass)} of {len(everything)} rows"
    page.find_element("id", "f-pass").click()

    page.find_element("id", "search").send_keys("FLIGHTS")
    found = _visible_rows(page)
    assert [row["order"] for row in found] == [r["order"] for r in everything if "flights" in r["text"].lower()]
    assert [row["order"] for row in found] == ["7.3"], "a turn of the thread, numbered within it"
    _whole_page(page, screenshot, "search")
    page.find_element("id", "search").clear()
    page.execute_script("document.getElementById('search').dispatchEvent(new Event('input'))")

    page.find_element("css selector", 'button[data-sort="status"]').click()
    worst_first = [row["status"] for row in _visible_rows(page)]
    rank = ["error", "partial", "fail", "pass"]
    assert worst_first == sorted(worst_first, key=rank.index)
    assert worst_first != [r["status"] for r in everything]
    page.find_element("css selector", 'button[data-sort="status"]').click()
    assert [row["status"] for row in _visible_rows(page)] == sorted(worst_first, key=rank.index, reverse=True)
    assert page.execute_script(sorted_by) == ["status descending"]
    page.find_element("css selector", 'button[data-sort="order"]').click()
    assert _visible_rows(page) == everything
    _whole_page(page, screenshot, "sorted")


def test_a_hostile_prompt_is_shown_as_text(page: Any, report: tuple[Path, str]) -> None:
    _open(page, report[0], "#examples")
    assert page.execute_script("return window.pwned") is None
    cells = page.execute_script("return Array.from(document.querySelectorAll('#rows .trow > div')).map(d => d.title)")
    assert HOSTILE in cells
    (row,) = [r for r in page.find_elements("css selector", "#rows .trow") if "onerror" in r.text]
    row.click()
    assert HOSTILE in page.find_element("id", "detail").text
    assert page.execute_script("return document.querySelectorAll('#rows script, #rows img, #detail img').length") == 0
    assert page.execute_script("return window.pwned") is None
    assert console_errors(page) == []


def test_the_drawer_shows_texts_in_full_scores_and_each_error_once(
    page: Any, report: tuple[Path, str], screenshot: Any
) -> None:
    _open(page, report[0], "#examples")
    row = next(r for r in page.find_elements("css selector", "#rows .trow") if "Please answer" in r.text)
    clipped = "return arguments[0].scrollWidth > arguments[0].clientWidth"
    expected = row.find_elements("css selector", "div")[3]
    assert page.execute_script(clipped, expected), "a long text is cut in its cell"
    row.click()
    drawer = page.find_element("id", "detail")
    assert drawer.is_displayed()
    text = drawer.text
    assert "Sentence 12 of a long expected answer" in text, "the drawer shows the text in full"
    assert text.count("connection timeout to the judge endpoint") == 1, "both evaluators' error, shown once"
    assert "Relevance, Coherence: Evaluator failed:" in text
    _whole_page(page, screenshot, "details")
    drawer.find_element("css selector", "button.close").click()
    assert not drawer.is_displayed()
    passed = next(r for r in page.find_elements("css selector", "#rows .trow") if "What is Microsoft Graph" in r.text)
    passed.click()
    scores = page.find_elements("css selector", "#detail table.scores tr")
    assert [s.find_element("css selector", "th").text for s in scores] == ["Evaluator", "Relevance", "Coherence"]
    assert scores[0].text.split() == ["Evaluator", "Result", "Score", "Threshold", "Reason"]


_BROKEN_WORDS = """
const broken = [];
for (const cell of document.querySelectorAll('#rows .trow > div, #detail td, #detail .response')) {
  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const m of node.data.matchAll(/[\\p{L}\\p{N}]+/gu)) {
      if (m[0].length >= 30) continue;  // a long token (a URL, an identifier) may break anywhere
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set(Array.from(range.getClientRects()).filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (tops.size > 1) broken.push(m[0]);
    }
  }
}
return broken;
"""


def _settled_broken_words(page: Any) -> list[str]:
    """The broken words once the layout has settled: a loaded machine may measure a drawer or a resized window
    mid-way; a word still broken after 30 s is broken."""
    with contextlib.suppress(TimeoutException):
        WebDriverWait(page, 30).until(lambda d: d.execute_script(_BROKEN_WORDS) == [])
    return list(page.execute_script(_BROKEN_WORDS))


@pytest.mark.parametrize("width", [1400, 900])
def test_no_word_is_broken_across_lines(page: Any, report: tuple[Path, str], screenshot: Any, width: int) -> None:
    size = page.get_window_size()
    page.set_window_size(width, 1000)
    try:
        _open(page, report[0], "#examples")
        assert _settled_broken_words(page) == []
        row = next(r for r in page.find_elements("css selector", "#rows .trow") if "Scheduled meetings" in r.text)
        row.click()
        WebDriverWait(page, 30).until(lambda d: "Scheduled" in d.find_element("id", "detail").text)
        assert _settled_broken_words(page) == []
        _whole_page(page, screenshot, f"words-{width}")
    finally:
        page.set_window_size(size["width"], size["height"])


def test_a_long_report_draws_the_rows_in_view_and_filters_over_all_of_them(page: Any, tmp_path: Path) -> None:
    statuses = ["pass", "fail", "pass", "error"]
    document = {
        "schemaVersion": "1.7.0",
        "items": [
            {"prompt": f"Question number {n}", "response": "An answer.", "status": statuses[n % 4], "scores": {}}
            for n in range(1, 451)
        ],
    }
    path = tmp_path / "long.html"
    path.write_text(html_report(document), encoding="utf-8")
    _open(page, path, "#examples")
    assert console_errors(page) == []
    assert page.find_element("id", "row-count").text == "Showing 450 of 450 rows"
    first = _visible_rows(page)
    assert 10 < len(first) < 100, "only the rows in view are drawn"
    assert [row["order"] for row in first] == [str(n) for n in range(1, len(first) + 1)]
    page.execute_script("const v = document.getElementById('rows'); v.scrollTop = v.scrollHeight;")
    WebDriverWait(page, 10).until(lambda d: _visible_rows(d) and _visible_rows(d)[-1]["order"] == "450")
    page.find_element("id", "search").send_keys("number 449")
    assert [row["order"] for row in _visible_rows(page)] == ["449"], "search reaches every row"
    assert page.find_element("id", "row-count").text == "Showing 1 of 450 rows"

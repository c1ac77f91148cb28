"""The ``mb runevals`` HTML report at scale: its size, the time to write it, and in headless Chromium the time to
open it, filter it by status and sort it by a score.

Run: ``.venv/bin/python bench/runevals_html.py [--rows 1000 10000] [--repeats 3]``. Needs Debian's ``chromium``
and ``chromium-driver`` (``make test`` installs them). The documents are generated: varied prompt and response
lengths, four evaluators with 1-5 scores, thresholds and reasons, ExactMatch, errored evaluators (partial items)
and failed agent requests, as ``mb runevals`` writes them. Prints best and median of the repeats.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mb.formats.m365 import html_report

_WORDS = (
    "schedule", "meeting", "quarterly", "budget", "review", "travel", "policy", "expense", "approval", "calendar",
    "invite", "contoso", "sharepoint", "onboarding", "payroll", "benefits", "leave", "request", "manager", "report",
)  # fmt: skip


def _words(rnd: random.Random, low: int, high: int) -> str:
    return " ".join(rnd.choice(_WORDS) for _ in range(rnd.randint(low, high)))


def _item(rnd: random.Random, number: int) -> dict[str, Any]:
    prompt = f"{_words(rnd, 5, 40)} #{number}"
    if rnd.random() < 0.05:
        message = f"Agent request failed: HTTP {rnd.choice((500, 502, 503))}"
        error = {"code": "agentRequestFailed", "message": message}
        return {"prompt": prompt, "response": "", "status": "error", "scores": {}, "error": error}
    scores: dict[str, Any] = {}
    for key in ("relevance", "coherence", "groundedness"):
        if rnd.random() < 0.05:
            scores[key] = {"result": "error", "error": "Evaluator failed: connection timeout to the judge"}
        else:
            score = float(rnd.randint(1, 5))
            result = "pass" if score >= 3 else "fail"
            scores[key] = {"score": score, "result": result, "threshold": 3, "reason": _words(rnd, 8, 30)}
    match = rnd.random() < 0.3
    scores["exactMatch"] = {"match": match, "result": "pass" if match else "fail"}
    results = [entry["result"] for entry in scores.values()]
    errored = results.count("error")
    item: dict[str, Any] = {
        "prompt": prompt,
        "expected_response": _words(rnd, 10, 40),
        "response": _words(rnd, 20, 150),
        "scores": scores,
        "status": "partial" if errored else "fail" if "fail" in results else "pass",
        "extensions": {"testId": f"T-{number:06d}"},
    }
    if errored:
        message = f"Agent response obtained. {errored} of {len(results)} evaluators failed to run."
        item["error"] = {"code": "evaluatorsFailed", "message": message}
    return item


def document(rows: int, seed: int = 7) -> dict[str, Any]:
    """A generated output document of ``rows`` single-turn items."""
    rnd = random.Random(seed)
    return {"schemaVersion": "1.7.0", "items": [_item(rnd, n) for n in range(1, rows + 1)]}


def _timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def _driver() -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    browser, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if not browser or not driver:
        sys.exit("needs chromium and chromedriver: apt-get install chromium chromium-driver")
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1400,1000"):  # fmt: skip
        options.add_argument(argument)
    chrome = webdriver.Chrome(service=Service(executable_path=driver), options=options)
    chrome.set_page_load_timeout(600)
    return chrome


def _open(chrome: Any, url: str) -> None:
    """Load the page and wait until its script has shown the data."""
    from selenium.webdriver.support.wait import WebDriverWait

    chrome.get(url)
    WebDriverWait(chrome, 600, poll_frequency=0.01).until(
        lambda d: d.execute_script("return document.body.dataset.ready")
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    chrome = _driver()
    try:
        with tempfile.TemporaryDirectory() as folder:
            for rows in args.rows:
                data = document(rows)
                page = ""

                def build(data: dict[str, Any] = data) -> None:
                    nonlocal page
                    page = html_report(data)

                write = _timed(build)
                path = Path(folder) / f"report-{rows}.html"
                path.write_text(page, encoding="utf-8")
                loads, filters, sorts = [], [], []
                for _ in range(args.repeats):
                    chrome.get("about:blank")
                    loads.append(_timed(lambda path=path: _open(chrome, path.as_uri() + "#examples")))
                    box = chrome.find_element("id", "f-pass")
                    filters.append(_timed(lambda box=box: (box.click(), chrome.execute_script("return 1"))))
                    head = chrome.find_element("css selector", 'button[data-sort="score0"]')
                    sorts.append(_timed(lambda head=head: (head.click(), chrome.execute_script("return 1"))))
                print(
                    f"{rows} rows: {len(page.encode()) / 1e6:.1f} MB written in {write:.2f}s; in Chromium "
                    f"(best/median of {args.repeats}) open {min(loads):.2f}/{statistics.median(loads):.2f}s, "
                    f"status filter {min(filters):.2f}/{statistics.median(filters):.2f}s, "
                    f"sort {min(sorts):.2f}/{statistics.median(sorts):.2f}s"
                )
    finally:
        chrome.quit()


if __name__ == "__main__":
    main()

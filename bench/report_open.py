"""Size, build time and opening time of ``mb report`` pages at 10,000 and 100,000 examples, in headless Chromium.

Run: ``.venv/bin/python bench/report_open.py [--lines 10000,100000] [--runs 3]`` (needs ``chromium`` and
``chromedriver``: ``make browser-deps``).

The data is realistic, not repeated: ``bench/evaluate.py``'s generator (distinct user_times, one to three tool
calls over six tools, mixed matchers, about one check in ten wrong), each line given an agent latency and token use
as ``mb run`` records them; ``mb eval`` scores it (lexical judge, every metric that applies), and ``mb report``
writes the page with the executed benchmark joined, so every drill-down has its conversation and trace.

Printed per size: the page's size and embedding, the ``mb report`` wall time and peak memory (a fresh process),
and, for the page opened from file:// in Chromium, the time until it is interactive (data inflated, overview and
table drawn) and the time a filter, a sort and a search take together; the best and the median of ``--runs``.
Timings on a shared machine are noisy: compare medians of several runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent))
from evaluate import realistic_lines  # the generator beside this script


def _executed(path: Path, count: int) -> Path:
    rng = random.Random(3)
    with path.open("wb") as out:
        for data in realistic_lines(count):
            document = orjson.loads(data)
            document["outputs"]["latency_ms"] = round(rng.lognormvariate(7, 0.6), 3)
            document["outputs"]["usage"] = {
                "input_tokens": rng.randint(200, 6000),
                "output_tokens": rng.randint(10, 800),
                "model": "gpt-4o-mini",
            }
            out.write(orjson.dumps(document) + b"\n")
    return path


_CLI = (
    "import resource, sys\n"
    "from mb.cli import main\n"
    "try:\n"
    "    main(sys.argv[1:])\n"
    "except SystemExit as exc:\n"
    "    code = exc.code\n"
    "    sys.stderr.write(f'peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}\\n')\n"
    "    sys.exit(code)\n"
)


def _mb(*args: str) -> tuple[float, float]:
    """Run ``mb ARGS`` in a fresh process; (wall seconds, its peak memory in MB)."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _CLI, *args], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    elapsed = time.perf_counter() - started
    peak = [line for line in done.stderr.splitlines() if line.startswith("peak ")]
    return elapsed, int(peak[-1].split()[1]) / 1024 if peak else float("nan")


def _driver() -> Any:
    import shutil

    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    browser = shutil.which("chromium") or shutil.which("google-chrome")
    driver = shutil.which("chromedriver")
    if not browser or not driver:
        sys.exit("needs chromium and chromedriver (make browser-deps)")
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1400,1000"):  # fmt: skip
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(executable_path=driver), options=options)


def _open(driver: Any, page: Path) -> tuple[float, float]:
    """(seconds until the page is interactive, seconds for a filter + sort + search to redraw the table)."""
    driver.get("about:blank")
    started = time.perf_counter()
    driver.get(page.as_uri())
    while driver.execute_script("return document.body.getAttribute('data-ready')") is None:
        time.sleep(0.01)
    ready = time.perf_counter() - started
    started = time.perf_counter()
    driver.execute_script(
        "location.hash = 'examples';"
        "document.getElementById('f-passed').click();"
        "document.querySelector('button[data-sort=\"latency\"]').click();"
        "var s = document.getElementById('search'); s.value = 'ticket'; s.dispatchEvent(new Event('input'));"
    )
    while "ticket" not in driver.find_element("id", "rows").text:
        time.sleep(0.01)
    return ready, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", default="10000,100000", help="comma-separated sizes")
    parser.add_argument("--runs", type=int, default=3, help="page openings per size")
    options = parser.parse_args()
    driver = _driver()
    try:
        with tempfile.TemporaryDirectory() as folder:
            for count in (int(part) for part in options.lines.split(",")):
                executed = _executed(Path(folder) / f"executed-{count}.jsonl", count)
                results = Path(folder) / f"results-{count}.jsonl"
                page = Path(folder) / f"report-{count}.html"
                _mb("eval", str(executed), "-o", str(results), "--judge", "lexical", "-q")
                built, memory = _mb("report", str(results), "-o", str(page))
                with page.open("rb") as stream:
                    embedding = "gzip" if b'data-encoding="gzip"' in stream.read(1 << 16) else "json"
                timings = [_open(driver, page) for _ in range(options.runs)]
                ready = [t[0] for t in timings]
                react = [t[1] for t in timings]
                print(
                    f"{count:>7,} examples: page {page.stat().st_size / 1e6:.1f} MB ({embedding}); "
                    f"mb report {built:.1f} s, peak memory {memory:.0f} MB; "
                    f"interactive in {min(ready):.2f} s best / {statistics.median(ready):.2f} s median; "
                    f"filter+sort+search {min(react):.2f} s best / {statistics.median(react):.2f} s median "
                    f"({options.runs} openings)"
                )
    finally:
        driver.quit()


if __name__ == "__main__":
    main()

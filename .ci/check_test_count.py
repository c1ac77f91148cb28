"""Fail unless every collected test ran: compares pytest's JUnit report with the number of tests collected.

Usage: check_test_count.py PYTEST_STATUS COLLECTED_FILE JUNIT_XML

A test run that ends early (the interpreter stopped by a test, a crash, a kill) writes no report or a short
one; pytest's own status is passed through when it already says the run failed.
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

NO_TESTS = 5
"""pytest's status when it collected no test."""


def _collection_skip(case: ET.Element) -> bool:
    skipped = case.find("skipped")
    return skipped is not None and skipped.get("message") == "collection skipped"


def main(argv: list[str]) -> int:
    status, collected_file, junit_file = int(argv[0]), Path(argv[1]), Path(argv[2])
    if status == NO_TESTS:
        print("test check: pytest collected no test at all; the suite did not run", file=sys.stderr)
        return 1
    if not collected_file.is_file():
        print(f"test check: {collected_file} is missing: the collection did not finish", file=sys.stderr)
        return status or 1
    collected = int(collected_file.read_text().strip() or "0")
    if not junit_file.is_file():
        print(
            f"test check: no test report ({junit_file}): the test run ended before pytest finished "
            f"({collected} test(s) collected)",
            file=sys.stderr,
        )
        return status or 1
    try:
        root = ET.parse(junit_file).getroot()
    except ET.ParseError as exc:
        print(f"test check: {junit_file} is not a complete report: {exc}", file=sys.stderr)
        return status or 1
    ran = {
        (case.get("classname", ""), case.get("name", ""))
        for case in root.iter("testcase")
        if not _collection_skip(case)  # a skipped module is reported as a test case but holds no collected test
    }
    if len(ran) != collected:
        print(
            f"test check: {collected} test(s) collected but {len(ran)} reported: the run stopped early",
            file=sys.stderr,
        )
        return status or 1
    if collected == 0:
        print("test check: no test was collected", file=sys.stderr)
        return 1
    print(f"test check: all {collected} collected test(s) reported")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Fail unless every collected test ran and none failed, as pytest's JUnit report tells.

Usage: check_test_count.py PYTEST_STATUS COLLECTED_FILE JUNIT_XML

pytest's exit status alone is not trusted: a test can end the interpreter early (the report is then missing or
short) or replace the status on the way out (``atexit.register(os._exit, 0)``). So the report must list every
collected test and no failure or error; pytest's own status is passed through when it already says the run failed.
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

NO_TESTS = 5
"""pytest's status when it collected no test."""

SHOWN = 10
"""How many failed tests are named in the message."""


def _collection_skip(case: ET.Element) -> bool:
    skipped = case.find("skipped")
    return skipped is not None and skipped.get("message") == "collection skipped"


def _failed(root: ET.Element) -> list[str]:
    """The test cases the report records with a failure or an error, as ``classname::name (kind)``."""
    failed = []
    for case in root.iter("testcase"):
        kinds = [kind for kind in ("failure", "error") if case.find(kind) is not None]
        if kinds:
            failed.append(f"{case.get('classname', '')}::{case.get('name', '')} ({', '.join(kinds)})")
    return failed


def _suite_problems(root: ET.Element) -> int:
    """The failures and errors the report's test suites count (an error outside any test case counts here only)."""
    suites = [root] if root.tag == "testsuite" else list(root.iter("testsuite"))
    total = 0
    for suite in suites:
        for attribute in ("failures", "errors"):
            try:
                total += int(suite.get(attribute, "0"))
            except ValueError:
                total += 1  # an unreadable count is not a clean run
    return total


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
    failed = _failed(root)
    problems = max(len(failed), _suite_problems(root))
    if problems:
        shown = "".join(f"\n  {name}" for name in failed[:SHOWN])
        more = f"\n  ... and {len(failed) - SHOWN} more" if len(failed) > SHOWN else ""
        print(f"test check: the report records {problems} failure(s) or error(s){shown}{more}", file=sys.stderr)
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
    print(f"test check: all {collected} collected test(s) reported, none failed")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

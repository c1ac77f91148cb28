"""Summaries count every slice, and do not depend on the order results arrive in (so parallel ones merge)."""

from __future__ import annotations

import random
from fractions import Fraction

from mb.evaluation import SummaryBuilder
from mb.evaluation._example import error_result
from mb.results import ExampleResult


def _rows(results: list[ExampleResult]) -> list[dict[str, object]]:
    rows = [r.model_dump(mode="json") for r in results]
    rows += [error_result(100 + n, f"invalid line: broken {n}") for n in range(30)]
    return rows


def test_merged_summaries_equal_one_summary_in_any_order(bundled_results: list[ExampleResult]) -> None:
    rows = _rows(bundled_results)
    one = SummaryBuilder()
    for row in rows:
        one.add(row)
    expected = one.build("lexical")
    assert expected.total == len(rows)
    assert expected.errors >= 30
    assert len(expected.error_messages) == 20
    assert expected.error_messages[0].startswith("line 100:")  # the first erroring lines, in line order
    rng = random.Random(3)
    for _ in range(5):
        shuffled = rows[:]
        rng.shuffle(shuffled)
        merged = SummaryBuilder()
        for start in range(0, len(shuffled), 7):
            part = SummaryBuilder()
            for row in shuffled[start : start + 7]:
                part.add(row)
            merged.merge(part)
        assert merged.build("lexical") == expected
        assert list(merged.build().by_check) == list(expected.by_check)


def test_models_and_their_json_count_alike(bundled_results: list[ExampleResult]) -> None:
    from_models, from_rows = SummaryBuilder(), SummaryBuilder()
    for result in bundled_results:
        from_models.add(result)
        from_rows.add(result.model_dump(mode="json"))
    assert from_models.build() == from_rows.build()


def test_slices_come_in_a_fixed_reporting_order() -> None:
    builder = SummaryBuilder()
    row = error_result(1, "x")
    row.update(status="failed", error=None)
    row["checks"] = [
        {"name": name, "passed": True, "reason": "", "gating": True, "score": 1.0, "error": None}
        for name in ("zeta", "expected_response", "orphan_tool_results", "tools_restriction")
    ]
    row["assertions"] = [
        {
            "assert_that": kind,
            "tool": None,
            "passed": True,
            "call_id": None,
            "reason": "",
            "parameters": [],
            "error": None,
        }
        for kind in ("no_tool_called", "tool_called")
    ]
    builder.add(row)
    summary = builder.build()
    assert list(summary.by_check) == ["tools_restriction", "orphan_tool_results", "expected_response", "zeta"]
    assert list(summary.by_assertion) == ["tool_called", "no_tool_called"]


def _valued(line: int, value: float) -> dict[str, object]:
    row = error_result(line, "x")
    row.update(status="passed", passed=True, error=None)
    row["metrics"] = {"partial_match": {"status": "ok", "value": value, "passed": True, "reason": ""}}
    return row


def test_metric_means_do_not_depend_on_how_results_are_grouped() -> None:
    # 0.5714 + 0.1 + 0.8 + 0.2 is 1.6714 added in this order, 1.6714000000000002 as 0.5714 + (0.1 + 0.8 + 0.2):
    # a mean of 0.41785 rounds either way unless the sum is exact.
    rows = [_valued(line, value) for line, value in enumerate((0.5714, 0.1, 0.8, 0.2), start=1)]
    one = SummaryBuilder()
    for row in rows:
        one.add(row)
    rest = SummaryBuilder()
    for row in rows[1:]:
        rest.add(row)
    merged = SummaryBuilder()
    merged.add(rows[0])
    merged.merge(rest)
    exact = round(float(sum(Fraction(value) for value in (0.5714, 0.1, 0.8, 0.2)) / 4), 4)
    assert one.build().by_metric["partial_match"].mean == merged.build().by_metric["partial_match"].mean == exact
    rng = random.Random(5)
    many = [_valued(line, round(rng.random(), 4)) for line in range(1, 400)]
    for row in many:
        one.add(row)
    for size in (3, 7, 256):
        grouped = SummaryBuilder()
        for row in rows:
            grouped.add(row)
        for start in range(0, len(many), size):
            part = SummaryBuilder()
            for row in many[start : start + size]:
                part.add(row)
            grouped.merge(part)
        assert grouped.build() == one.build()

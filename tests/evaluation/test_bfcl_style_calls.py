"""Function calls in the style of the Berkeley Function Calling Leaderboard, right and subtly wrong, scored by mb.

``tests/data/bfcl_style_calls.jsonl`` holds one executed example per case. Its ``inputs.metadata.categories`` give
the case's name, the verdict mb must reach (``expect``), the verdict BFCL's AST checker gives the same call
(``bfcl``, for readers; ``n/a`` where that checker does not look; where the two differ, mb's documented semantics
decide) and what the case probes. Wrong types, ``1`` vs ``"1"``, swapped arguments, case-folded strings, missing
and extra parameters, parallel calls missing or repeated, unlisted tools: none may pass.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mb.cli import main
from mb.entities import Example
from mb.evaluation import evaluate
from mb.results import ExampleResult
from tests.conftest import DATA, case_lines, case_meta

CASES_FILE = DATA / "bfcl_style_calls.jsonl"
CASES = case_lines("bfcl_style_calls.jsonl")


NAMES = [case_meta(case)["case"] for case in CASES]


@pytest.fixture(scope="module")
def from_file() -> dict[str, ExampleResult]:
    """Every case scored from the file (the evaluator's path over parsed lines), by case name."""
    run = evaluate(str(CASES_FILE), judge="lexical", metrics=[])
    return dict(zip(NAMES, run.results, strict=True))


@pytest.fixture(scope="module")
def from_models() -> dict[str, ExampleResult]:
    """Every case scored from validated models (the API path)."""
    run = evaluate([Example.model_validate(case) for case in CASES], judge="lexical", metrics=[])
    return dict(zip(NAMES, run.results, strict=True))


LEXICAL_UNDECIDED = frozenset({"text-list-reordered", "text-object-other-key"})
"""Wrong calls the lexical judge leaves undecided, never passed: the same words in another order, one word replaced."""


def _expected(case: dict[str, Any]) -> str:
    """The status the lexical judge gives a case."""
    return "undecided" if case_meta(case)["case"] in LEXICAL_UNDECIDED else str(case_meta(case)["expect"])


def test_the_cases_are_many_distinct_and_mostly_wrong_calls() -> None:
    assert len(set(NAMES)) == len(NAMES)
    assert 60 <= len(CASES) <= 100
    expected = [case_meta(case)["expect"] for case in CASES]
    assert set(expected) == {"passed", "failed"}
    assert expected.count("failed") > 2 * expected.count("passed")


@pytest.mark.parametrize("name", NAMES)
def test_each_case_gets_its_verdict(name: str, from_file: dict[str, ExampleResult]) -> None:
    case = CASES[NAMES.index(name)]
    result = from_file[name]
    reasons = [a.reason for a in result.assertions] + [c.reason for c in result.checks]
    assert result.error is None, result.error
    assert result.status == _expected(case), (case_meta(case)["probe"], reasons)


def test_the_api_path_gives_the_same_results(
    from_file: dict[str, ExampleResult], from_models: dict[str, ExampleResult]
) -> None:
    different = [
        name
        for name in NAMES
        if from_file[name].model_dump(exclude={"line", "example_hash"})
        != from_models[name].model_dump(exclude={"line", "example_hash"})
    ]
    assert different == []


_TYPED = re.compile(r"expected .+ \((string|integer|number|boolean|object|array)\), got .+: the types differ")


_NAMING = {
    "equality": ("expected", "got"),
    "email": ("expected", "got"),
    "missing": ("expected no value", "got"),
    "optional": ("present, so checked: expected", "got"),
    "date_time": ("resolved", "got"),
    "free_text": ("goal of",),
}
"""What a failed parameter's reason says, by matcher: what was expected and what the call gave."""


def test_a_failed_call_names_the_call_the_parameter_and_both_values(from_file: dict[str, ExampleResult]) -> None:
    checked = 0
    for name in NAMES:
        for assertion in from_file[name].assertions:
            if assertion.passed or assertion.call_id is None or assertion.assert_that == "no_tool_called":
                continue
            assert assertion.reason.removeprefix("undecided: ").startswith(f"call {assertion.call_id}"), (
                assertion.reason
            )
            for parameter in assertion.parameters:
                if parameter.passed:
                    continue
                label = ", ".join(parameter.params)
                assert f"{label}: " in assertion.reason, (name, assertion.reason)
                words = _NAMING[parameter.match_as]
                assert all(word in parameter.reason for word in words), (name, parameter.reason)
                checked += 1
    assert checked >= 50


@pytest.mark.parametrize(
    ("name", "parameter", "types"),
    [
        ("forecast-days-string", "days", ("integer", "string")),
        ("forecast-days-bool", "days", ("integer", "boolean")),
        ("forecast-hourly-string", "include_hourly", ("boolean", "string")),
        ("forecast-hourly-int", "include_hourly", ("boolean", "integer")),
        ("forecast-false-as-zero", "include_hourly", ("boolean", "integer")),
        ("interest-rate-string", "rate", ("number", "string")),
        ("weather-location-nested", "location", ("string", "object")),
        ("weather-location-list", "location", ("string", "array")),
    ],
)
def test_a_type_mismatch_names_both_types(
    name: str, parameter: str, types: tuple[str, str], from_file: dict[str, ExampleResult]
) -> None:
    (row,) = [p for a in from_file[name].assertions for p in a.parameters if p.params == [parameter]]
    assert not row.passed
    assert _TYPED.search(row.reason), row.reason
    assert f"({types[0]}), got " in row.reason
    assert f"({types[1]})" in row.reason


def test_a_missing_parallel_call_is_named(from_file: dict[str, ExampleResult]) -> None:
    boston, san_francisco = from_file["parallel-one-missing"].assertions
    assert boston.passed
    assert boston.call_id == "call_1"
    assert not san_francisco.passed
    assert san_francisco.reason == (
        'call call_1, which satisfies another assertion, does not match: location: expected "San Francisco, CA", '
        'got "Boston, MA"'
    )


def test_mb_eval_scores_the_file(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    result = CliRunner().invoke(
        main, ["eval", str(CASES_FILE), "--judge", "lexical", "--metrics", "none", "-q", "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()[1:]]
    assert [row["status"] for row in rows] == [_expected(case) for case in CASES]
    passed = sum(case_meta(case)["expect"] == "passed" for case in CASES)
    assert f"{passed}/{len(CASES)} passed" in result.stdout


@pytest.mark.slow
def test_the_local_judge_gives_the_free_text_cases_their_verdicts() -> None:
    texts = [case for case in CASES if case_meta(case)["case"].startswith("text-")]
    run = evaluate([Example.model_validate(case) for case in texts], judge="local", metrics=[])
    got = {case_meta(case)["case"]: result.status for case, result in zip(texts, run.results, strict=True)}
    expected = {case_meta(case)["case"]: case_meta(case)["expect"] for case in texts}
    # the local judge may leave a pair it cannot tell undecided, where the lexical judge fails it: never a pass
    settled = {
        name: expected[name] if status == "undecided" and expected[name] == "failed" else status
        for name, status in got.items()
    }
    assert settled == expected
    assert sum(status == "undecided" for status in got.values()) <= 2


def test_a_case_folded_string_fails_saying_it_differs_only_in_case(from_file: dict[str, ExampleResult]) -> None:
    (assertion,) = from_file["weather-location-casefold"].assertions
    assert assertion.reason.endswith(
        'location: expected "Boston, MA", got "boston, ma": they differ only in letter case or white space, '
        "and equality compares strings exactly"
    )

"""Hostile executed examples for the extended assertions and the response expectations, scored by mb.

``tests/data/extended_hostile.jsonl`` holds one executed example per case. Its ``inputs.metadata.categories`` give
the case's name, the verdict mb must reach (``expect``: ``passed``, ``failed``, ``error``, ``undecided``, or
``notpass`` for any verdict but a pass) and what the case probes: "never call X" against a forbidden tool's name in
another case, with spaces, a namespace, a suffix, passed to a dispatcher, called by a nested agent, left out of a
missing or cut-short trace (a flag under ``outputs.metadata`` too), written in the response as a ReAct step or a
Python call, or handed to another agent as a task; orders of parallel calls; counts of retried, namespaced or absent
calls; grounded ids that occur only as a part of another id or number, in another message, after the call, in a
failed result, in a URL nested in a link's query; facts said beside a failure or a negation. Most cases must not pass.
"""

from __future__ import annotations

from collections import Counter

import pytest

from mb.entities import Example
from mb.evaluation import evaluate
from mb.results import ExampleResult
from tests.conftest import DATA, case_lines, case_meta

CASES_FILE = DATA / "extended_hostile.jsonl"
CASES = case_lines("extended_hostile.jsonl")


NAMES = [case_meta(case)["case"] for case in CASES]


@pytest.fixture(scope="module")
def from_file() -> dict[str, ExampleResult]:
    """Every case scored from the file, by case name."""
    run = evaluate(str(CASES_FILE), judge="lexical", metrics=[])
    return dict(zip(NAMES, run.results, strict=True))


def test_the_cases_are_many_distinct_and_mostly_not_passes() -> None:
    assert len(set(NAMES)) == len(NAMES)
    assert len(CASES) >= 250
    expected = Counter(case_meta(case)["expect"] for case in CASES)
    assert set(expected) <= {"passed", "failed", "error", "undecided", "notpass"}
    assert expected["passed"] * 2 < len(CASES)


@pytest.mark.parametrize("name", NAMES)
def test_each_case_gets_its_verdict(name: str, from_file: dict[str, ExampleResult]) -> None:
    meta = case_meta(CASES[NAMES.index(name)])
    result = from_file[name]
    reasons = [result.error] + [a.reason for a in result.assertions] + [c.reason for c in result.checks]
    if meta["expect"] == "notpass":
        assert result.status != "passed", (meta["probe"], reasons)
    else:
        assert result.status == meta["expect"], (meta["probe"], reasons)


def test_the_api_path_gives_the_same_verdicts(from_file: dict[str, ExampleResult]) -> None:
    valid = [(name, case) for name, case in zip(NAMES, CASES, strict=True) if from_file[name].error is None]
    run = evaluate([Example.model_validate(case) for _, case in valid], judge="lexical", metrics=[])
    different = [
        name for (name, _), result in zip(valid, run.results, strict=True) if result.status != from_file[name].status
    ]
    assert different == []

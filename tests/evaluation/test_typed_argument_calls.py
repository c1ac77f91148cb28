"""Tool calls with typed arguments, right and subtly wrong, scored by mb with the lexical judge.

``tests/data/typed_argument_calls.jsonl`` holds one executed example per case (weather, finance, travel, CRM,
calendar, maths and file tools). Its ``inputs.metadata.categories`` give the case's name, the statuses mb may reach
(``expect``: letters of passed, failed, undecided, error) and, where the format decides it, why. Integers against
floats and strings, booleans against ``0``/``1``/``"true"``, null against absent and ``""``, lists and objects,
strings differing in case, space, Unicode form or punctuation, units and currencies, e-mail addresses with display
names, ``mailto:`` and stray brackets, free text that swaps, drops or negates a constraint, optional and missing
parameters, several and parallel calls, arguments given as JSON text, tool names spelt otherwise: a wrong call is never
passed.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from mb.evaluation import evaluate
from mb.results import ExampleResult
from tests.conftest import DATA

CASES_FILE = DATA / "typed_argument_calls.jsonl"
# Python's reader keeps what a strict one refuses (NaN, a key written twice): every line's case name can be read.
CASES: list[dict[str, Any]] = [
    json.loads(line)["inputs"]["metadata"]["categories"] for line in CASES_FILE.read_text(encoding="utf-8").splitlines()
]
STATUS = {"P": "passed", "F": "failed", "U": "undecided", "E": "error"}


@pytest.fixture(scope="module")
def results() -> dict[int, ExampleResult]:
    """Every case scored from the file, by line."""
    return {result.line: result for result in evaluate(str(CASES_FILE), judge="lexical", metrics=[]).results}


@pytest.mark.parametrize("line", range(1, len(CASES) + 1), ids=[case["case"] for case in CASES])
def test_each_case_ends_as_expected(results: dict[int, ExampleResult], line: int) -> None:
    case = CASES[line - 1]
    result = results[line]
    assert result.status in {STATUS[letter] for letter in case["expect"]}, (case, result.failure_reasons())

"""The response's similarity gate with the local judge decides as its equivalence verdict does: the cosine's band
per length, the guards and the doubts (real MiniLM model, offline)."""

from __future__ import annotations

import pytest

from mb.entities import Example
from mb.evaluation import evaluate
from mb.results import ExampleResult

pytestmark = pytest.mark.slow


def _result(expected: str, response: str, require: list[str] | None = None) -> ExampleResult:
    line = {
        "inputs": {"messages": [{"role": "user", "content": "Tell me."}]},
        "expectations": {"expected_response": expected},
        "outputs": {"response": response, "trace": []},
    }
    return evaluate([Example.model_validate(line)], judge="local", require=require or []).results[0]


@pytest.mark.parametrize(
    ("expected", "response"),
    [
        ("A man in a red coat rides a bike.", "A man on a red bike rides in a coat."),  # roles
        ("She is writing on a whiteboard.", "She is writing."),  # a qualifier left out
        ("Ana is the manager of Ben.", "The manager of Ana is Ben."),  # roles
        ("What does a flu rash look like?", "How soon does a flu rash appear?"),  # another question
        ("Ana and Ben won gold and silver respectively", "Ana and Ben won silver and gold respectively"),
    ],
)
def test_a_response_no_cosine_can_tell_from_the_expected_one_never_passes(expected: str, response: str) -> None:
    result = _result(expected, response)
    assert result.status in ("undecided", "failed")
    [check] = [c for c in result.checks if c.name == "expected_response"]
    assert not check.passed
    assert check.undecided == (result.status == "undecided")
    similarity = result.metrics["similarity"]
    assert not similarity.passed  # the grade agrees with the gate
    assert similarity.details.get("undecided", False) == check.undecided


def test_a_response_saying_the_expected_response_passes() -> None:
    result = _result("Your order ships on Monday.", "Your order ships on Monday")
    assert result.status == "passed"
    assert result.metrics["similarity"].passed


def test_a_required_similarity_still_applies_on_top() -> None:
    result = _result("Your order ships on Monday.", "Your order ships on Monday", require=["similarity=5"])
    assert result.status == "failed"  # passed by the judge, below the grade asked for


def test_a_lower_threshold_never_passes_a_failed_response() -> None:
    result = _result("Your order ships on Monday.", "Your order ships on Friday.", require=["similarity=1.5"])
    assert result.status == "failed"
    assert not result.metrics["similarity"].passed


@pytest.mark.parametrize(
    "response",
    [
        "Yes\nActually no.",
        "Your order ships on Monday.\n\nUpdate: your order was cancelled.",
    ],
)
def test_a_response_line_saying_the_expected_one_does_not_pass_what_the_other_lines_say(response: str) -> None:
    expected = response.split("\n")[0]
    result = _result(expected, response)
    assert result.status in ("undecided", "failed")


@pytest.mark.parametrize("require", [[], ["similarity=1"]])
def test_an_empty_response_never_passes(require: list[str]) -> None:
    result = _result("Your order ships on Monday.", "", require=require)
    assert result.status == "failed"
    assert not result.metrics["similarity"].passed

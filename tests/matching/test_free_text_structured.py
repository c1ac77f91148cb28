"""``free_text`` on a list or object argument against an expected text that writes one as JSON."""

from __future__ import annotations

from typing import Any

import pytest

from mb.judges.base import JudgeRequest, Verdict
from mb.matching import MatchContext, match_free_text

TOPPINGS = '["mushroom", "olive"]'
PROFILE = '{"name": "Alice", "age": 30}'


def _context(confidence: float | None, asked: list[str]) -> MatchContext:
    """A judge that reads every pair as alike: offline (with a calibrated confidence) or not (an LLM)."""

    def oracle(request: JudgeRequest) -> Verdict:
        asked.append(request.candidate)
        return Verdict(0.9, "alike", "local" if confidence is not None else "llm", confidence=confidence)

    return MatchContext(oracle)


@pytest.mark.parametrize(
    ("expected", "actual"),
    [
        (TOPPINGS, ["mushroom", "olive"]),
        (PROFILE, {"age": 30.0, "name": "Alice"}),
        ("[1, 2]", [1, 2.0]),
        (TOPPINGS, '["mushroom","olive"]'),  # a string that writes the same JSON value
    ],
)
def test_the_same_json_value_passes_without_a_judge(expected: str, actual: Any) -> None:
    asked: list[str] = []
    outcome = match_free_text(expected, actual, _context(0.9, asked))
    assert outcome.passed
    assert outcome.reason.startswith("same JSON value as expected")
    assert asked == []


@pytest.mark.parametrize(
    ("expected", "actual"),
    [
        (TOPPINGS, ["olive", "mushroom"]),
        (TOPPINGS, ["mushroom", "olive", "anchovy"]),
        (PROFILE, {"name": "Alice", "years": 30}),
        (PROFILE, {"name": "Bob", "age": 30}),
        ("[true, false]", [False, True]),
        (TOPPINGS, '["olive", "mushroom"]'),  # a string that writes another JSON value
        (PROFILE, '{"name": "Alice", "years": 30}'),
    ],
)
def test_an_offline_judges_pass_on_another_value_does_not_stand(expected: str, actual: Any) -> None:
    asked: list[str] = []
    outcome = match_free_text(expected, actual, _context(0.9, asked))
    assert len(asked) == 1
    assert not outcome.passed
    assert outcome.low_confidence
    assert outcome.error is None
    assert f"is not the JSON value {expected!r} writes; an offline judge read them alike as text" in outcome.reason


@pytest.mark.parametrize(
    ("expected", "actual"),
    [
        ('{"name":"alice"}', {"Name": "alice"}),  # a renamed key (JSON keys are case-sensitive)
        ('["Mushroom"]', ["mushroom"]),  # another string
        ('["a  b"]', ["a b"]),
    ],
)
def test_a_value_that_reads_alike_only_as_text_goes_to_the_judge(expected: str, actual: Any) -> None:
    asked: list[str] = []
    offline = match_free_text(expected, actual, _context(0.9, asked))
    assert len(asked) == 1
    assert not offline.passed
    assert offline.low_confidence
    assert match_free_text(expected, actual, _context(None, [])).passed  # an LLM judge reads the JSON itself


def test_an_llm_judges_pass_stands() -> None:
    outcome = match_free_text(TOPPINGS, ["olive", "mushroom"], _context(None, []))
    assert outcome.passed
    assert not outcome.low_confidence


@pytest.mark.parametrize(("expected", "actual"), [("mushroom and olive", ["mushroom", "olive"]), (TOPPINGS, "olive")])
def test_prose_or_a_string_argument_is_judged_as_before(expected: str, actual: Any) -> None:
    outcome = match_free_text(expected, actual, _context(0.9, []))
    assert outcome.passed
    assert not outcome.low_confidence


@pytest.mark.parametrize(
    ("expected", "actual"),
    [
        ('{"a": 1e400}', '{"a": 1e401}'),  # both would read as infinity
        ("[-1e400]", "[-1e999]"),
        ('{"a": 2}', '{"a": 1, "a": 2}'),  # the last value of a duplicated key would win
        ('{"a": 1, "a": 2}', '{"a": 2}'),
        ('{"a": 1, "a": 2}', {"a": 2}),
        ('[{"b": [1, 2], "b": [1, 2]}]', '[{"b": [1, 2]}]'),
    ],
)
def test_a_text_with_a_number_out_of_range_or_a_key_written_twice_is_no_json_value(expected: str, actual: Any) -> None:
    asked: list[str] = []

    def oracle(request: JudgeRequest) -> Verdict:
        asked.append(request.candidate)
        return Verdict(0.0, "different", "llm")

    outcome = match_free_text(expected, actual, MatchContext(oracle))
    assert not outcome.passed, outcome.reason
    assert len(asked) == 1

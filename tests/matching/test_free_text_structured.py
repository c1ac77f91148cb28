"""``free_text`` on a list or object argument against an expected text that writes one as JSON."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from mb.judges.base import JudgeRequest, Verdict
from mb.judges.lexical import LexicalJudge
from mb.matching import MatchContext, match_free_text, match_free_text_group

TOPPINGS = '["mushroom", "olive"]'
PROFILE = '{"name": "Alice", "age": 30}'


def _ask(judge: LexicalJudge, request: JudgeRequest) -> Verdict:
    return asyncio.run(judge.judge([request]))[0]


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
def test_an_offline_judges_pass_on_another_value_is_undecided(expected: str, actual: Any) -> None:
    asked: list[str] = []
    outcome = match_free_text(expected, actual, _context(0.9, asked))
    assert len(asked) == 1
    assert not outcome.passed
    assert outcome.undecided
    assert outcome.error is None
    assert f"may not be the JSON value {expected!r} writes; an offline judge read them alike as text" in outcome.reason


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
    assert offline.undecided
    assert match_free_text(expected, actual, _context(None, [])).passed  # an LLM judge reads the JSON itself


def test_an_llm_judges_pass_stands() -> None:
    outcome = match_free_text(TOPPINGS, ["olive", "mushroom"], _context(None, []))
    assert outcome.passed


@pytest.mark.parametrize(("expected", "actual"), [(TOPPINGS, "olive"), ("5", 5), ("yes", True)])
def test_a_string_number_or_boolean_argument_is_judged_as_text(expected: str, actual: Any) -> None:
    assert match_free_text(expected, actual, _context(0.9, [])).passed


@pytest.mark.parametrize(
    ("actual", "kind"),
    [
        (["weather", "in", "Paris"], "array"),
        ([["weather"], ["in"], ["Paris"]], "array"),
        ({"query": "weather in Paris"}, "object"),
    ],
)
@pytest.mark.parametrize("confidence", [0.9, None])
def test_a_list_or_object_against_plain_text_fails_without_a_judge(
    actual: Any, kind: str, confidence: float | None
) -> None:
    asked: list[str] = []
    outcome = match_free_text("weather in Paris", actual, _context(confidence, asked))
    assert not outcome.passed
    assert not outcome.undecided
    assert outcome.error is None
    assert f"({kind})" in outcome.reason
    assert "expected text" in outcome.reason
    assert asked == []


@pytest.mark.parametrize(
    ("expected", "actual"),
    [
        ("weather in Paris", ["weather", "in", "Paris"]),
        ("weather in Paris", [["weather"], ["in"], ["Paris"]]),
        ("King Charles III", [["King Charles III"]]),
    ],
)
def test_a_list_against_plain_text_fails_with_the_lexical_judge(expected: str, actual: Any) -> None:
    judge = LexicalJudge()
    outcome = match_free_text(expected, actual, MatchContext(lambda request: _ask(judge, request)))
    assert not outcome.passed, outcome.reason
    assert not outcome.undecided


def test_a_list_among_grouped_parameters_fails() -> None:
    asked: list[str] = []
    outcome = match_free_text_group("weather in Paris", ["weather", ["in", "Paris"]], _context(0.9, asked))
    assert not outcome.passed
    assert not outcome.undecided
    assert "(array)" in outcome.reason
    assert asked == []


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

"""``free_text`` on a list or object argument against an expected text that writes one as JSON."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import pytest

from mb.judges.base import JudgeRequest, JudgeTask, Verdict
from mb.judges.cascade import CascadeJudge
from mb.judges.lexical import LexicalJudge
from mb.judges.local import LocalJudge
from mb.matching import MatchContext, match_free_text, match_free_text_group
from mb.matching.free_text import as_text

TOPPINGS = '["mushroom", "olive"]'
PROFILE = '{"name": "Alice", "age": 30}'


def _ask(judge: LexicalJudge | LocalJudge, request: JudgeRequest) -> Verdict:
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
        (PROFILE, {"name": "Alice", "years": 30}),
        ('{"name":"alice"}', {"Name": "alice"}),  # a renamed key (JSON keys are case-sensitive)
        ('["Mushroom"]', ["mushroom"]),  # another string
        ('["a  b"]', ["a b"]),
    ],
)
def test_an_llm_judges_pass_stands(expected: str, actual: Any) -> None:
    assert match_free_text(expected, actual, _context(None, [])).passed


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


@pytest.mark.parametrize(
    ("expected", "actual"),
    [
        ('{"id":"ABC-12x"}', [{"id": "abc-12X"}]),
        ('{"A":1}', [{"a": 1}]),
        ('["a  b"]', ["a b"]),
        ('Result: {"id": "ABC"}', ['result: {"id": "abc"}']),  # after a label, or fenced
        ('```json\n{"id": "ABC"}\n```', ['```json\n{"id": "abc"}\n```']),
    ],
)
def test_json_alike_only_in_case_or_spacing_is_asked_of_the_judge_in_a_group(expected: str, actual: list[Any]) -> None:
    asked: list[str] = []

    def differ(request: JudgeRequest) -> Verdict:
        asked.append(request.candidate)
        return Verdict(0.1, "they differ", "llm")

    outcome = match_free_text_group(expected, actual, MatchContext(differ))
    assert not outcome.passed, outcome.reason
    assert asked


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
    assert not outcome.reason.startswith("same JSON value")


@pytest.mark.parametrize(
    ("expected", "actual", "kind"),
    [
        ("[urgent] call Bob", ["urgent", "call", "Bob"], "array"),  # brackets that write no JSON value
        ("{draft} memo", {"draft": "memo"}, "object"),
        ("weather in Paris", '["weather in Paris"]', "array"),  # a string holding a JSON array: the tool got brackets
        ("weather in Paris", '{"q": "weather in Paris"}', "object"),
    ],
)
@pytest.mark.parametrize("confidence", [0.9, None])
def test_a_list_or_object_against_text_that_writes_no_json_fails(
    expected: str, actual: Any, kind: str, confidence: float | None
) -> None:
    asked: list[str] = []
    for outcome in (
        match_free_text(expected, actual, _context(confidence, asked)),
        match_free_text_group(expected, ["now", actual], _context(confidence, asked)),
    ):
        assert not outcome.passed
        assert not outcome.undecided
        assert kind in outcome.reason
    assert asked == []


class _RecordingLLM:
    """An LLM judge that answers every question "not equivalent" and records what it is asked."""

    name = "llm:recording"

    def __init__(self) -> None:
        self.asked: list[str] = []

    def supports(self, task: JudgeTask) -> bool:
        return True

    async def judge(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        self.asked += [request.candidate for request in requests]
        return [Verdict(0.0, "another value", self.name) for _ in requests]


@pytest.mark.parametrize(
    ("expected", "actual"),
    [
        (TOPPINGS, ["olive", "mushroom"]),
        (TOPPINGS, ["mushroom", "olive", "anchovy"]),
        (PROFILE, {"name": "Alice", "years": 30}),
        (PROFILE, {"name": "Bob", "age": 30}),
        ("[true, false]", [False, True]),
        (TOPPINGS, '["olive", "mushroom"]'),  # a string that writes another JSON value
        ('{"name":"alice"}', {"Name": "alice"}),  # a renamed key (JSON keys are case-sensitive)
        ('["Mushroom"]', ["mushroom"]),
        ('["a  b"]', ["a b"]),
    ],
)
@pytest.mark.parametrize("offline", [LexicalJudge, LocalJudge])
def test_another_json_value_goes_from_the_offline_judge_to_the_llm(
    expected: str, actual: Any, offline: type[LexicalJudge | LocalJudge]
) -> None:
    alone = offline()
    undecided = match_free_text(expected, actual, MatchContext(lambda request: _ask(alone, request)))
    assert undecided.undecided, undecided.reason
    llm = _RecordingLLM()
    cascade = CascadeJudge(offline(), llm)
    outcome = match_free_text(expected, actual, MatchContext(lambda request: asyncio.run(cascade.judge([request]))[0]))
    assert llm.asked == [as_text(actual)]
    assert not outcome.passed
    assert not outcome.undecided
    assert "another value" in outcome.reason


def test_json_nested_deeper_than_python_reads_is_no_crash() -> None:
    deep = "[" * 100_000 + "]" * 100_000
    outcome = match_free_text("weather in Paris", deep, MatchContext(lambda request: _ask(LexicalJudge(), request)))
    assert not outcome.passed
    assert "RecursionError" not in outcome.reason

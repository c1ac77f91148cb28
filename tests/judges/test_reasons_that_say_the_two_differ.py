"""A reason whose first clause says the two texts differ, beside a passing grade, leaves the verdict undecided; a
reason that negates the difference, or remarks on the wording alone, is read with its grade."""

from __future__ import annotations

import json

import pytest

from mb.judges._prompts import settle
from mb.judges.base import JudgeTask

from .test_llm_misbehaving import ask

DIFFER = [
    "The dates do not match.",
    "Doesn't match: another city.",
    "The values do not match, Paris vs Lyon.",
    "Mismatch: 3 May vs 4 May.",
    "Different cities: Paris and Lyon.",
    "Incorrect.",
    "Nope, another city.",
    "Wrong date.",
    "The candidate is wrong about the date.",
    "The times differ by an hour.",
    "Not the same city.",
    "Not a match: another day.",
    "The response contradicts the expected date.",
    "Dates are different, but both are Mondays.",
    "Does not match exactly, and the city differs.",
    "Different wording and a different city.",
    "The cities are not the same - Paris vs Lyon.",
    "The answer is incorrect; it says 5 pm.",
    "Different wording, but not the same city.",
    "The two conflict on the price.",
    "Phrased differently, but a different date.",
    "The wording differs and the city is not the same.",
]
SAID_OF_THE_WORDING = [
    "Phrased differently, same city.",
    "The wording is different, but the facts match.",
    "Identical wording and different dates.",
    "Same phrasing with different numbers.",
    "Apart from the wording the cities differ.",
    "Formatted identically and differing in the year.",
    "Not only the wording differs.",
    "Worded differently: 5 pm instead of 6 pm.",
    "Phrased differently; 2023 vs 2024.",
    "Spelled differently: Lyon vs Paris.",
    "The formatting differs: 10:00 vs 11:00.",
    "Phrased differently and means something else.",
    "The wording differs and so does the city.",
    "The phrasing is different; also the year changed.",
]
AGREE = [
    "No mismatch: both say Paris.",
    "Nothing is incorrect.",
    "They do not differ.",
    "Does not match exactly but means the same.",
    "Does not match word for word, but the same date.",
    "Different wording, same meaning.",
    "Differs only in wording.",
    "No difference in meaning.",
    "None of the values differ.",
    "Both name Paris; the wording is different.",
    "Not wrong: both give 9:40.",
    "Neither value is wrong.",
    "Both match: 4 May at 10:00.",
    "Nothing contradicts the expected response.",
    "Matches in meaning; different phrasing only.",
]


@pytest.mark.parametrize("reason", DIFFER)
def test_a_first_clause_saying_the_two_differ_leaves_a_pass_undecided(reason: str) -> None:
    verdict = ask(json.dumps({"reason": reason, "score": 5}))
    assert verdict.undecided
    assert not verdict.passed


@pytest.mark.parametrize("task", [JudgeTask.SIMILARITY, JudgeTask.DATE])
@pytest.mark.parametrize("reason", DIFFER[:6])
def test_every_compared_task_reads_a_difference(task: JudgeTask, reason: str) -> None:
    assert settle(task, 4, reason).startswith("undecided: ")


@pytest.mark.parametrize("reason", SAID_OF_THE_WORDING)
def test_differ_said_after_a_word_on_the_wording_leaves_a_pass_undecided(reason: str) -> None:
    assert settle(JudgeTask.EQUIVALENCE, 5, reason).startswith("undecided: ")


@pytest.mark.parametrize("reason", AGREE)
def test_a_negated_difference_or_one_of_wording_is_read_with_its_grade(reason: str) -> None:
    verdict = ask(json.dumps({"reason": reason, "score": 5}))
    assert not verdict.undecided
    assert verdict.passed


@pytest.mark.parametrize("reason", ["The dates do not match.", "Wrong date."])
def test_a_difference_beside_a_failing_grade_is_read_as_the_fail(reason: str) -> None:
    verdict = ask(json.dumps({"reason": reason, "score": 1}))
    assert not verdict.undecided
    assert not verdict.passed


def test_no_beside_nothing_differs_stays_undecided() -> None:
    assert ask(json.dumps({"reason": "No, nothing differs.", "score": 5})).undecided

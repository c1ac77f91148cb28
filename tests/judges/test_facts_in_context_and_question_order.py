"""A fact stated by a sentence of the response is not passed when the rest of the response bears on it (a lead-in,
a question before it, a short or negating sentence after it, another sentence saying its words otherwise), nor is a
statement passed by a question written without its question mark; sentences that say other things change nothing."""

from __future__ import annotations

from typing import Any

import pytest

from mb.entities import Example
from mb.evaluation import evaluate
from mb.judges import JudgeRequest, JudgeTask
from mb.judges.base import Judge

FACT = "The order has been cancelled"


def _fact_check(judge: Judge, response: str, fact: str = FACT) -> Any:
    line = {
        "inputs": {"messages": [{"role": "user", "content": "Did you cancel my order?"}]},
        "expectations": {"expected_facts": [fact]},
        "outputs": {"response": response, "trace": []},
    }
    (result,) = evaluate([Example.model_validate(line)], judge=judge).results
    (check,) = [check for check in result.checks if check.name == "expected_facts"]
    return check


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Has your refund been approved.", "Your refund has been approved."),
        ("Will the meeting be at 3pm.", "The meeting will be at 3pm."),
        ("Is the payment complete!", "The payment is complete."),
        ("Can you cancel at any time.", "You can cancel at any time."),
        ("Has the order been cancelled.", "The order has been cancelled."),
        ("Are the shops open on Sundays!", "The shops are open on Sundays."),
    ],
)
def test_a_question_without_its_question_mark_is_never_the_statement(
    judge: Judge, candidate: str, reference: str
) -> None:
    [verdict] = judge.judge_sync([JudgeRequest(JudgeTask.EQUIVALENCE, candidate, reference)])
    assert not verdict.passed, verdict.reason
    assert "asks a question" in verdict.reason
    check = _fact_check(judge, candidate, reference.rstrip("."))
    assert not check.passed, check.reason


@pytest.mark.parametrize(
    "text",
    [
        "Do not share your password.",
        "Please have the report ready.",
        "Have the report ready by Friday.",
        "Should you need help, call the front desk.",
        "Had the order shipped, we would have told you.",
    ],
)
def test_commands_and_conditions_in_a_question_order_still_state(judge: Judge, text: str) -> None:
    [verdict] = judge.judge_sync([JudgeRequest(JudgeTask.EQUIVALENCE, text, text)])
    assert verdict.passed, verdict.reason
    check = _fact_check(judge, text, text.rstrip("."))
    assert check.passed, check.reason

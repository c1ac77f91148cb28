"""A statement with words added that may hedge, qualify or retract it is never passed, however close the texts'
measure; greetings, acknowledgements and thanks around the same statement change nothing."""

from __future__ import annotations

import pytest

from mb.judges import JudgeRequest, JudgeTask
from mb.judges.base import Judge

EQ = JudgeTask.EQUIVALENCE


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Your password has been reset, just kidding.", "Your password has been reset."),
        ("Your password has been reset in theory.", "Your password has been reset."),
        ("Your password has been reset by mistake.", "Your password has been reset."),
        ("Your password has been reset (jk).", "Your password has been reset."),
        ("Your password has been reset for now.", "Your password has been reset."),
        ("Your password has been reset, apparently.", "Your password has been reset."),
        ("I've booked a table for two at 7pm, I guess.", "I've booked a table for two at 7pm."),
        ("I've booked a table for two at 7pm (kidding).", "I've booked a table for two at 7pm."),
        ("I've booked a table for two at 7pm, maybe.", "I've booked a table for two at 7pm."),
        ("Probably I've booked a table for two at 7pm.", "I've booked a table for two at 7pm."),
        ("The invoice was sent to the client, in theory.", "The invoice was sent to the client."),
        ("Your order has shipped, hopefully.", "Your order has shipped."),
        ("The meeting is moved to Friday, tentatively.", "The meeting is moved to Friday."),
        ("Sure! The meeting is moved to Friday, tentatively.", "The meeting is moved to Friday."),
        ("In theory, your password has been reset for now.", "Your password has been reset."),
        ("Order a large pizza.", "Order a pizza."),  # words inside it may narrow it
        ("Does the hotel have free parking?", "Does the hotel have parking?"),
        ("Pick up the other kids", "Pick up the kids"),  # after a verb and its particle too
        ("Book a first-class ticket to Rome.", "Book a ticket to Rome."),
    ],
)
def test_a_statement_with_words_added_is_never_passed(judge: Judge, candidate: str, reference: str) -> None:
    [verdict] = judge.judge_sync([JudgeRequest(EQ, candidate, reference)])
    assert not verdict.passed, verdict.reason
    assert verdict.undecided, verdict.reason


@pytest.mark.parametrize(
    "candidate",
    [
        "Sure! Your password has been reset.",
        "Done: your password has been reset.",
        "Okay, your password has been reset.",
        "Of course! Your password has been reset.",
        "Your password has been reset. Thank you!",
    ],
)
def test_courtesy_around_the_same_statement_passes(judge: Judge, candidate: str) -> None:
    [verdict] = judge.judge_sync([JudgeRequest(EQ, candidate, "Your password has been reset.")])
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    "candidate",
    [
        "No, your password has been reset.",  # "no" alone answers, it is no courtesy
        "Your password has been reset. Done!",  # closing "done" may contradict what precedes
        "Sure, your password has not been reset.",
    ],
)
def test_what_is_no_courtesy_is_not_dropped(judge: Judge, candidate: str) -> None:
    [verdict] = judge.judge_sync([JudgeRequest(EQ, candidate, "Your password has been reset.")])
    assert not verdict.passed, verdict.reason

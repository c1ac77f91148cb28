"""A fact stated plainly passes offline, though written with an acknowledgement before it ("All set: ..."), "now" or
"already" in it, "your" for "the", the present perfect for the past, a first person doing it ("I have cancelled your
order."), or an answer "No," agreeing with its negation; each reading keeps every other word, so a negation, hedge
(in its sentence or one before: no word list tells what a hedge is about), question, condition or other subject still
leaves it undecided or failed."""

from __future__ import annotations

from typing import Any

import pytest

from mb.judges import JudgeRequest, JudgeTask
from mb.judges.base import Judge
from tests.support.judges import fact_check

WAS = "the order was cancelled"
IS = "the order is cancelled"
SHIPS = "your order ships on Monday"
NOT_SHIP = "the order will not ship"


def _fact_check(judge: Judge, response: str, fact: str) -> Any:
    return fact_check(judge, response, fact, "What happened to my order?")


@pytest.mark.parametrize(
    ("response", "fact"),
    [
        ("Your order has now been cancelled.", WAS),
        ("Your order has now been cancelled.", "your order has been cancelled"),
        ("Your order has been cancelled.", WAS),
        ("The order has already been cancelled.", "the order has been cancelled"),
        ("I have cancelled your order.", WAS),
        ("I have cancelled your order.", "your order has been cancelled"),
        ("We cancelled your order.", WAS),
        ("I have successfully cancelled your order.", WAS),
        ("Sure, I have cancelled your order.", WAS),
        ("All set: your order is cancelled.", IS),
        ("Done: your order is cancelled.", IS),
        ("Good news: your order ships on Monday.", SHIPS),
        ("No, it will not ship.", "it will not ship"),
        ("No, the order will not ship.", NOT_SHIP),
        ("No, your order won't ship.", NOT_SHIP),
    ],
)
def test_a_fact_stated_plainly_passes(judge: Judge, response: str, fact: str) -> None:
    check = _fact_check(judge, response, fact)
    assert check.passed, check.reason


def test_a_chunk_sentence_read_so_supports_a_cited_span(judge: Judge) -> None:
    [verdict] = judge.judge_sync(
        [JudgeRequest(JudgeTask.SUPPORT, "The order was cancelled.", "I have cancelled your order. It was $20.")]
    )
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("response", "fact"),
    [
        # "now", "your", "has been" read otherwise: every other word stays
        ("Your order has not now been cancelled.", WAS),
        ("Your order has now almost been cancelled.", WAS),
        ("Has your order now been cancelled?", WAS),
        ("Has your order now been cancelled.", WAS),
        ("Your order has now been cancelled, supposedly.", WAS),
        ("Your order would have now been cancelled.", WAS),
        ("Their order has now been cancelled.", WAS),
        ("My order has now been cancelled.", "your order was cancelled"),
        ("Your order has now been reinstated.", WAS),
        ("Your order has now been cancelled.", IS),
        ("The order was cancelled.", "the order has been cancelled"),
        ("The store was closed.", "the store is closed"),
        # a first person doing it: only "I" or "we", "have" or nothing, then the verb and its object
        ("I have not cancelled your order.", WAS),
        ("I haven't cancelled your order.", WAS),
        ("I would have cancelled your order.", WAS),
        ("I could have cancelled your order.", WAS),
        ("I almost cancelled your order.", WAS),
        ("I had cancelled your order.", WAS),
        ("Have I cancelled your order?", WAS),
        ("I have cancelled your order?", WAS),
        ("You have cancelled your order.", WAS),
        ("They have cancelled your order.", WAS),
        ("I have cancelled your order's shipment.", WAS),
        ("I hoped your order was cancelled.", WAS),
        ("I will cancel your order.", WAS),
        ("I tried to cancel your order.", WAS),
        ("I have cancelled your order.", "the order was not cancelled"),
        ("I have cancelled your order.", "the order was cancelled by the customer"),
        ("I have cancelled your order. Just kidding.", WAS),
        # "your" in the response may stand for "the", never "a" or nothing for the fact's "your"
        ("An account was deleted.", "your account was deleted"),
        ("A password was reset.", "your password was reset"),
        ("The refund goes to a card.", "the refund goes to your card"),
        ("It was a mistake.", "it was your mistake"),
        ("Good news: the order ships on Monday.", SHIPS),
        # an acknowledgement before it: only one of a closed class
        ("All set: your order is not cancelled.", IS),
        ("All set: is your order cancelled?", IS),
        ("All set: maybe your order is cancelled.", IS),
        ("All set: your order is cancelled if you confirm.", IS),
        ("Done: your order is cancelled?", IS),
        ("Not done: your order is cancelled.", IS),
        ("Hypothetically: your order is cancelled.", IS),
        ("Rumour: your order is cancelled.", IS),
        ("In theory: your order is cancelled.", IS),
        ("Good news: your order ships on Tuesday.", SHIPS),
        ("Good news: your order does not ship on Monday.", SHIPS),
        ("Good news: our order ships on Monday.", SHIPS),
        ("All set: your order is cancelled. Psych!", IS),
    ],
)
def test_a_sentence_read_otherwise_still_keeps_what_qualifies_it(judge: Judge, response: str, fact: str) -> None:
    check = _fact_check(judge, response, fact)
    assert not check.passed, check.reason


@pytest.mark.parametrize(
    "response",
    [
        "Maybe your order is cancelled.",
        "There is a chance of rain tomorrow. Maybe your order is cancelled.",
        "Maybe you'd like a discount next time? Your order is cancelled.",
        "Maybe you'd like a discount on your next order. Your order is cancelled.",
        "Maybe this helps. Your order is cancelled.",
        "Maybe. Your order is cancelled.",
        "Perhaps I misread the system. Your order is cancelled.",
        "Maybe we misread your request. Your order is cancelled.",
        "We plan to add more options. Your order is cancelled.",
        "Maybe the following is true. Your order is cancelled.",
        "Maybe the next sentence holds. Your order is cancelled.",
        "Possibly the warehouse has not processed the request yet. Your order is cancelled.",
        "Probably the system failed overnight. Your order is cancelled.",
        "There is a slight chance this is accurate. Your order is cancelled.",
        "Here is what I plan to do. Your order is cancelled.",
        "Imagine a world without delays. Your order is cancelled.",
        "Perhaps a sample letter would help. Your order is cancelled.",
        "Maybe cancelling was hasty. Your order is cancelled.",
        "Possibly a misunderstanding occurred. Your order is cancelled.",
        "Perhaps there was a mix-up with the warehouse. Your order is cancelled.",
        "Probably a glitch on the website. Your order is cancelled.",
        "Maybe you'd like a discount next time. Your order is cancelled. Just kidding.",
        "Maybe you'd like a discount next time. Your order is not cancelled.",
        "Maybe you'd like a discount next time. Your order is cancelled.",
        "Maybe tomorrow morning. Your order is cancelled.",
        "Maybe after the manager reviews the request. Your order is cancelled.",
        "Probably pending manager approval. I have cancelled your order.",
        "Maybe the status page is lying. Your order has been cancelled.",
        "Perhaps the records are outdated. Your order is cancelled.",
        "There is a chance the warehouse ships the package anyway. Your order is cancelled.",
        "Possibly within two business days. Your order is cancelled.",
        "Plan to call support tomorrow morning. Your order is cancelled.",
        "We may have made a mistake. Your order is cancelled.",
        "There might be an error in our records. Your order is cancelled.",
        "Sorry for the mix-up earlier. Your order is cancelled.",
    ],
)
def test_a_hedge_that_may_speak_of_the_fact_still_leaves_it_unpassed(judge: Judge, response: str) -> None:
    check = _fact_check(judge, response, IS)
    assert not check.passed, check.reason


@pytest.mark.parametrize(
    ("response", "fact"),
    [
        ("No, the order is cancelled.", IS),
        ("No, the order will ship.", NOT_SHIP),
        ("No, the order will not ship.", "the order will ship"),
        ("No, the order will not ship?", NOT_SHIP),
        ("No, I do not think the order will ship.", NOT_SHIP),
        ("No, it is not true that the order will not ship.", NOT_SHIP),
        ("Not at all, the order will not ship.", NOT_SHIP),
        ("No, not the order will ship.", NOT_SHIP),
        ("It will not ship.", NOT_SHIP),  # "it" may stand for anything the response or the question names
    ],
)
def test_an_answer_no_passes_only_with_the_facts_own_negation(judge: Judge, response: str, fact: str) -> None:
    check = _fact_check(judge, response, fact)
    assert not check.passed, check.reason

"""What words alone leave out is not passed: a symbol one text says and the other does not ("Q#" / "Q", "✅" /
"❌", "!=" / "="), a verb of intention, obligation, attempt or appearance before the verb both say ("forgot to renew"
/ "renewed"), several words replaced one for one in texts otherwise the same. Punctuation, emphasis, an "&" for
"and", a hyphen in a word and a currency sign the number reader reads still pass."""

from __future__ import annotations

import pytest

from mb.judges import LocalJudge
from mb.judges.base import Judge, JudgeRequest, JudgeTask
from tests.support.judges import equivalence

_LONG = "Thanks for waiting. I looked at your case this morning, and here is the update on your home broadband: "


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Learn Q# basics", "Learn Q basics"),
        ("the build is \u2705", "the build is \u274c"),
        ("rate it \u2605\u2605\u2605\u2605", "rate it \u2605\u2605"),
        ("query: name!=admin", "query: name=admin"),
        ("enable the flag +beta", "enable the flag -beta"),
        ("show where a \u2282 b", "show where a \u2283 b"),
        ("~~Meeting at noon~~", "Meeting at noon"),
        ("run if a || b", "run if a && b"),
        ("move the card \u2190", "move the card \u2192"),
        ("tests pass \U0001f44d", "tests pass"),
        ("show the price in $", "show the price in \u20ac"),
        ("the sample is Rh-", "the sample is Rh+"),
        ("search shoes -red", "search shoes red"),
        ("the shelf is 5\u2032 wide", "the shelf is 5\u2033 wide"),
        ("see \u00a7 3 of the lease", "see 3 of the lease"),
    ],
)
def test_a_symbol_said_otherwise_is_not_passed(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Leo forgot to renew the licence", "Leo renewed the licence"),
        ("Leo needs to renew the licence", "Leo renewed the licence"),
        ("Leo seemed to accept the offer", "Leo accepted the offer"),
        ("Leo put off signing the lease", "Leo signed the lease"),
        ("Leo is yet to sign the lease", "Leo signed the lease"),
        ("The clerk was told to file the report", "The clerk filed the report"),
        ("Leo thought about cancelling the trip", "Leo cancelled the trip"),
        ("Leo wishes he had renewed the licence", "Leo renewed the licence"),
        ("The clerk has to file the report", "The clerk filed the report"),
        ("Leo is supposed to renew the licence", "Leo renewed the licence"),
        ("Leo is due to renew the licence", "Leo renewed the licence"),
        ("Leo agreed to renew the licence", "Leo renewed the licence"),
        ("Leo was required to renew the licence", "Leo renewed the licence"),
        ("Leo struggled to renew the licence", "Leo renewed the licence"),
        ("Leo was reminded to renew the licence", "Leo renewed the licence"),
        ("Leo thought he renewed the licence", "Leo renewed the licence"),
        ("Leo believes he renewed the licence", "Leo renewed the licence"),
        (
            _LONG + "the engineer forgot to replace the router and sent you a text.",
            _LONG + "the engineer replaced the router and sent you a text.",
        ),
        (
            _LONG + "the engineer was meant to replace the router and sent you a text.",
            _LONG + "the engineer replaced the router and sent you a text.",
        ),
    ],
)
def test_an_action_only_meant_or_left_undone_is_not_passed(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        (
            "Your May invoice was sent to your personal email address this morning, and a printed copy was posted to"
            " your office by regular mail, so you should receive both before the payment is due at the end of May.",
            "Your May invoice was sent to your work email address this morning, and a printed copy was posted to"
            " your home by regular mail, so you should receive both before the payment is due at the end of May.",
        ),
        (
            "The pool is open to members every evening from six, swimming lessons for adults are held in the shallow"
            " lane, and towels can be borrowed from the front desk for a small deposit that is returned afterwards.",
            "The pool is open to members every evening from six, swimming lessons for children are held in the deep"
            " lane, and towels can be borrowed from the front desk for a small deposit that is returned afterwards.",
        ),
        ("a hot tea with lemon, no sugar", "a cold tea with honey, no sugar"),
        (  # a function word put in or left out beside them changes nothing
            "Your connection was moved to the morning flight, and then the bag was transferred manually to the new"
            " plane, so you can collect it at the carousel when you land without doing anything at the desk.",
            "Your connection was moved to the evening flight and the bag was transferred automatically to the new"
            " plane, so you can collect it at the carousel when you land without doing anything at the desk.",
        ),
    ],
)
def test_words_replaced_one_for_one_are_not_passed(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("send an e-mail to Ana", "send an email to Ana"),
        ("Tom & Jerry episodes", "Tom and Jerry episodes"),
        ("**Your order has shipped.**", "Your order has shipped."),
        ("Your order has shipped!", "Your order has shipped."),
        ("C++ tutorial", "tutorial for C++"),
        ("Ana's refund of $20", "the refund of $20 to Ana"),
        ("the well-known author", "the well known author"),
        ("Leo forgot to renew the licence.", "Leo forgot to renew the licence"),
        ("- Your order has shipped.", "Your order has shipped."),
        ("yeah", "yes"),  # the same answer to a yes-no question
        ("nope", "No."),
        ("True!", "true"),
        ("yes", "Yes, it is."),  # the question restated by a pronoun and an auxiliary
        ("No, it isn't.", "No"),
        ("Yep", "Yes, we do."),
    ],
)
def test_punctuation_emphasis_and_spelling_still_pass(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Yes?", "Yes."),  # a mark or other words beside a yes or no may answer otherwise
        ("yes...", "yes"),
        ("yes", "Yes*"),
        ("'true'", "true"),
        ("yes :)", "yes"),
        ("Yes. No.", "No"),
        ("Sure, no.", "no"),
        ("Yes, no.", "Yes"),
        ("true", "yes"),  # a boolean may be a value rather than an answer
        ("False.", "No"),
        ("true", "no"),
        ("No, it is not.", "No, the store is not open on Sunday."),  # the longer may add a fact
        ("Yes.", "Yes, the order has shipped."),
        ("Yes, it is not.", "Yes"),
        ("Yes, I will.", "Yes, I can."),
        ("Yes, it might.", "yes"),  # a modal may hedge
        ("No, it may not.", "No"),
        ("Yes", "Yes, there should."),
        ("Yes, it would.", "Yes"),
        ("Yes, it was.", "yes"),  # the past may answer "Is it open?": no longer
        ("yes...", "Yes, it is."),  # a mark that may trail off or question
        ("Yes, it is?", "Yes"),
        ("Yes!?", "Yes, it is."),
        ("Yes, it is\u2026", "yes"),
    ],
)
def test_a_yes_or_no_not_said_alone_or_a_boolean_against_one_is_undecided(
    judge: Judge, candidate: str, reference: str
) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.undecided, verdict.reason
    assert not verdict.passed


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [("No, it is not.", "Yes"), ("Yes.", "no"), ("Yes, it is.", "No, it is not.")],
)
def test_the_other_answer_to_a_yes_no_question_fails(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason
    assert not verdict.undecided, verdict.reason


def test_a_response_with_another_mark_is_not_passed_as_the_same_meaning(judge: Judge) -> None:
    request = JudgeRequest(
        JudgeTask.SIMILARITY, "Deployment status: \u274c failed checks", "Deployment status: \u2705 failed checks"
    )
    [verdict] = judge.judge_sync([request])
    assert not verdict.passed, verdict.reason


@pytest.mark.slow
@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("the least expensive flight", "the cheapest flight"),
        ("the meeting takes place on Monday", "the meeting is on Monday"),
        ("Leave the keys right here", "Leave the keys here"),  # emphasis narrows no request
    ],
)
def test_one_word_said_in_two_still_passes_the_local_judge(candidate: str, reference: str) -> None:
    verdict = equivalence(LocalJudge(batch_size=32), candidate, reference)
    assert verdict.passed, verdict.reason

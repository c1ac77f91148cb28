"""A fact stated by a sentence of the response is not passed when the rest of the response bears on it (a lead-in,
a question before it, a short or negating sentence after it, another sentence saying its words otherwise), nor is a
statement passed by a question written without its question mark; sentences that say other things change nothing."""

from __future__ import annotations

from typing import Any

import pytest

from mb.judges import JudgeRequest, JudgeTask
from mb.judges.base import Judge
from tests.support.judges import fact_check

FACT = "The order has been cancelled"


def _fact_check(judge: Judge, response: str, fact: str = FACT) -> Any:
    return fact_check(judge, response, fact, "Did you cancel my order?")


@pytest.mark.parametrize(
    "response",
    [
        "The order has been cancelled; not really.",
        "The order has been cancelled; psych!",
        "The order has been cancelled; said nobody.",
        "The order has been cancelled. That is false.",
        "The order has been cancelled. This is not true.",
        "The order has been cancelled. None of this is true.",
        "The order has been cancelled. NOT.",
        "The order has been cancelled. Just kidding.",
        "The order has been cancelled. Said nobody.",
        "The order has been cancelled. Psych!",
        "The order has been cancelled\nNOT",
        "The order has been cancelled. Or has it?",
        "Things that did NOT happen:\n- The order has been cancelled\n- The refund was issued",
        "Rumours\n- The refund was issued\n- The order has been cancelled",
        "The order hasn't been cancelled. The order has been cancelled.",
        "The order has been cancelled. Actually, the order was never cancelled.",
        "Would you like me to confirm the following? The order has been cancelled.",
        "> The order has been cancelled\n\nThis quote is incorrect.",
        '"The order has been cancelled." This quote is incorrect.',
        "The order has been cancelled. This statement is incorrect.",
        "The order has been cancelled. That is wrong.",
        "The order has been cancelled. This is inaccurate.",
        "The order has been cancelled. Untrue.",
        "The order has been cancelled.\nThings that did not happen:\n- The order has been cancelled",
        "> Please note. The order has been cancelled.",
        "- > Please note. The order has been cancelled.",
        "Maybe. The order has been cancelled.",
        "Possibly. The order has been cancelled.",
        "In theory, yes. The order has been cancelled.",
        "You can choose:\n- The order has been cancelled\n- The order is kept",
        "Options:\n- The order has been cancelled\n- The order is kept",
        "Draft reply:\n- The order has been cancelled",
        "Things that did NOT happen:\n1. The order has been cancelled.",
        "The order has been cancelled\n\nunless you reply within 24 hours.",
        "The order has been cancelled. If you confirm the change, the order will be cancelled.",
        "The order has been cancelled. The order will be cancelled if you confirm.",
        "The order has been cancelled. The order was probably cancelled.",
        "Okay. I'll do the following. The order has been cancelled.",
    ],
)
def test_a_fact_the_rest_of_the_response_bears_on_is_never_passed(judge: Judge, response: str) -> None:
    check = _fact_check(judge, response)
    assert not check.passed, check.reason


@pytest.mark.parametrize(
    ("response", "said"),
    [
        ("The order has been cancelled. Actually, it remains active.", "Actually, it remains active."),
        ("The order has been cancelled. In fact, the shipment is still on its way.", "In fact, the shipment"),
        ("The order has been cancelled. Correction: your order is still open.", "Correction: your order"),
        ("The order has been cancelled. None of what I wrote above is accurate.", "None of what I wrote above"),
        ("The order has been cancelled. Please disregard the above message.", "Please disregard the above"),
        ("The order has been cancelled. Everything I just told you was wrong.", "Everything I just told you"),
        ("Here is a sample confirmation you could send. The order has been cancelled.", "Here is a sample"),
        ("Below is a template for your reply. The order has been cancelled.", "Below is a template"),
        ("A hypothetical example follows. The order has been cancelled.", "A hypothetical example"),
        ("Draft for your approval. The order has been cancelled.", "Draft for your approval."),
        ("The order has been cancelled. This is only an example.", "This is only an example."),
    ],
)
def test_a_fact_retracted_at_length_or_framed_as_a_sample_is_undecided(judge: Judge, response: str, said: str) -> None:
    check = _fact_check(judge, response)
    assert check.undecided, check.reason
    assert not check.passed
    assert said in check.reason


@pytest.mark.parametrize(
    ("response", "fact", "said"),
    [
        (
            "Your order has been cancelled.\n\nUPDATE: cancellation failed, order still active.",
            "Your order has been cancelled",
            "UPDATE: cancellation failed",
        ),
        ("The meeting is on Monday. Update: it has been moved to Friday.", "The meeting is on Monday", "Update: it"),
        (
            "The refund was approved. Apologies, I misspoke: the refund was denied.",
            "The refund was approved",
            "Apologies, I misspoke",
        ),
        (
            "Your order has been cancelled. That's what I would say if it had worked.",
            "Your order has been cancelled",
            "what I would say",
        ),
        ("- Your order has been cancelled\n- Just joking, nothing changed", "Your order has been cancelled", "joking"),
        ("The order has been cancelled. My mistake, it is still open.", FACT, "My mistake"),
        ("The order has been cancelled. Sorry, I was kidding.", FACT, "Sorry, I was kidding."),
        (
            "Your order has been cancelled. The cancellation was rejected by the payment provider and your order is"
            " still active and will ship tomorrow.",
            "Your order has been cancelled",
            "'cancellation' with 'rejected'",
        ),
        (
            "The package was delivered. Our courier later reported the delivery as failed, so the package is back at"
            " the depot.",
            "The package was delivered",
            "'delivery' with 'failed'",
        ),
        ("The order has been cancelled. The cancellation did not go through.", FACT, "'cancellation' with 'not'"),
        ("The order has been cancelled. We were unable to process the cancellation.", FACT, "with 'unable'"),
    ],
)
def test_a_fact_corrected_or_undone_later_in_the_response_is_undecided(
    judge: Judge, response: str, fact: str, said: str
) -> None:
    check = _fact_check(judge, response, fact)
    assert check.undecided, check.reason
    assert not check.passed
    assert said in check.reason


@pytest.mark.parametrize(
    "response",
    [
        "```\nYour order has been cancelled.\n```",
        "Here is the message:\n~~~\nYour order has been cancelled.\n~~~",
        "> Your order has been cancelled.",
    ],
)
def test_a_fact_only_quoted_or_in_a_code_block_is_undecided(judge: Judge, response: str) -> None:
    check = _fact_check(judge, response, "Your order has been cancelled")
    assert check.undecided, check.reason
    assert not check.passed


@pytest.mark.parametrize(
    "response",
    [
        "Done. The order has been cancelled.",
        "Here is what I did. The order has been cancelled.",
        "The order has been cancelled. However, the refund may take up to 5 days.",
        "The order has been cancelled. As I said, a refund follows.",
        "The order has been cancelled. Sorry for the inconvenience.",
        "Did it! The order has been cancelled.",
        "Will do. The order has been cancelled.",
        "The order has been cancelled. I drafted a confirmation email for you.",
    ],
)
def test_a_fact_after_a_plain_lead_in_or_before_a_remark_passes(judge: Judge, response: str) -> None:
    check = _fact_check(judge, response)
    assert check.passed, check.reason


@pytest.mark.parametrize(
    "response",
    [
        "The order has been cancelled. A refund was issued. Just kidding.",
        "The order has been cancelled. A refund was issued. That is false.",
        "Things that did NOT happen:\n- The order has been cancelled.\n- A refund was issued.",
        "The order has been cancelled. A refund was issued. Or has it?",
    ],
)
def test_a_fact_of_several_sentences_is_read_in_its_context_too(judge: Judge, response: str) -> None:
    check = _fact_check(judge, response, "The order has been cancelled. A refund was issued.")
    assert not check.passed, check.reason


@pytest.mark.parametrize(
    "response",
    [
        "The order has been cancelled. A refund was issued.",
        "Sure! The order has been cancelled. A refund was issued. Anything else?",
    ],
)
def test_a_fact_of_several_sentences_stated_plainly_passes(judge: Judge, response: str) -> None:
    check = _fact_check(judge, response, "The order has been cancelled. A refund was issued.")
    assert check.passed, check.reason


@pytest.mark.parametrize(
    "response",
    [
        "Done:\n- The order has been cancelled\n- A refund was issued",
        "Here is what I did:\n- The order has been cancelled\n- A refund was issued",
        "### Status\n- The order has been cancelled\n- A refund was issued",
        "## Summary\nThe order has been cancelled.",
        "**Summary**\nThe order has been cancelled.",
        "Update\n\nThe order has been cancelled.",
        "**Done.** The order has been cancelled.",
        "The order has been cancelled. Anything else?",
        "The order has been cancelled. Nothing else to do.",
        "The order has been cancelled. Order cancelled successfully.",
        "The order has been cancelled. The cancelled order will be refunded within 5 days.",
        "1. The order has been cancelled.",
        "Changes made:\n1. The order has been cancelled.\n2. A refund was issued.",
        "Can do. The order has been cancelled.",
        "Confirmed. The order has been cancelled.",
        "All good. The order has been cancelled. Cheers!",
        "The order has been cancelled. Any questions?",
    ],
)
def test_a_fact_under_a_neutral_heading_or_before_a_closing_passes(judge: Judge, response: str) -> None:
    check = _fact_check(judge, response)
    assert check.passed, check.reason


@pytest.mark.parametrize(
    ("response", "fact"),
    [
        ("The order has been cancelled.", FACT),
        (
            "Your order has been cancelled. A refund of $20 will reach your card in 5 days.",
            "Your order has been cancelled",
        ),
        ("Sure! The order has been cancelled. Thanks for your patience.", FACT),
        ("The order has been cancelled. Bring your receipt.", FACT),
        ("It is what it is. We will refund you tomorrow.", "It is what it is"),  # a fact of function words only
        ("I checked your account. The order has been cancelled. You will get an email shortly.", FACT),
        ("- The order has been cancelled\n- The refund was issued", FACT),
        ("The order has been cancelled. No fee was charged for the cancellation of your order.", FACT),
        ("Do not share your password. We will never ask for it.", "Do not share your password"),
        ("Please have the report ready. The meeting starts at 3pm.", "Please have the report ready"),
        (
            "Your order has been cancelled. You will receive a confirmation email shortly.",
            "Your order has been cancelled",
        ),
        ("Your refund was approved. It will arrive in 3-5 days.", "Your refund was approved"),
        ("The order has been cancelled. The refund for the cancelled order is on its way.", FACT),
        ("The order has been cancelled. We will get back to you about your order.", FACT),
        ("The order has been cancelled. Apologies for the delay.", FACT),
        ("The package was delivered. The delivery was left at your front door.", "The package was delivered"),
        ("Here is the command I ran:\n```\ncancel --order 42\n```\nThe order has been cancelled.", FACT),
        ("The order has been cancelled. It would have shipped tomorrow.", FACT),
    ],
)
def test_a_fact_among_sentences_that_say_other_things_passes(judge: Judge, response: str, fact: str) -> None:
    check = _fact_check(judge, response, fact)
    assert check.passed, check.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Has your refund been approved.", "Your refund has been approved."),
        ("Will the meeting be at 3pm.", "The meeting will be at 3pm."),
        ("Is the payment complete!", "The payment is complete."),
        ("Can you cancel at any time.", "You can cancel at any time."),
        ("Has the order been cancelled.", "The order has been cancelled."),
        ("Are the shops open on Sundays!", "The shops are open on Sundays."),
        ("Is Ana coming.", "Ana is coming."),
        ("Has Ana cancelled the order.", "Ana has cancelled the order."),
        ("Should I have paid.", "I should have paid."),
        ("Could I have a copy", "I could have a copy."),
        ("Did Ana finished the report.", "Ana finished the report."),
        ("Will Ana proceed.", "Ana will proceed."),
    ],
)
def test_a_question_without_its_question_mark_is_never_the_statement(
    judge: Judge, candidate: str, reference: str
) -> None:
    _assert_asks(judge, candidate, reference)


@pytest.mark.parametrize(
    ("statement", "question"),
    [
        ("I can have a refund.", "Can I have a refund."),
        ("I did do it right.", "Did I do it right"),
        ("Ana has access to the account.", "Does Ana have access to the account"),
        ("Ana should have cancelled the order.", "Should Ana have cancelled the order."),
        ("John will have finished by Friday.", "Will John have finished by Friday."),
    ],
)
def test_a_subject_after_an_auxiliary_before_a_bare_verb_asks(judge: Judge, statement: str, question: str) -> None:
    for candidate, reference in ((question, statement), (statement, question)):
        _assert_asks(judge, candidate, reference)


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Will Smith has cancelled the show.", "The show has been cancelled by Will Smith."),
        ("Will Smith cancelled the show.", "The show was cancelled by Will Smith."),
        ("Can Ana Lopez is the new manager.", "The new manager is Can Ana Lopez."),
        ("Will Smith left.", "Will Smith has left."),
        ("May Chen was promoted.", "May Chen got promoted."),
    ],
)
def test_a_name_that_starts_with_a_modal_is_no_question(judge: Judge, candidate: str, reference: str) -> None:
    [verdict] = judge.judge_sync([JudgeRequest(JudgeTask.EQUIVALENCE, candidate, reference)])
    assert "asks a question" not in verdict.reason, verdict.reason


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


YOURS = "Your order has been cancelled"


@pytest.mark.parametrize(
    "response",
    [
        "## Failed actions\n\nYour order has been cancelled.",
        "**Things I did NOT do**\n\nYour order has been cancelled.",
        "These outcomes could not be verified by me.\n1. Your order has been cancelled.\n2. A refund was issued.",
        "None of the following statements are true.\n\nThe weather is nice today.\n\nYour order has been cancelled.",
        "Everything below is a lie generated for testing purposes.\n\nYour order has been cancelled.",
        "I am not sure about this at all, honestly. Your order has been cancelled.",
        "Here is what I plan to do for you tomorrow morning. Your order has been cancelled.",
        "Imagine this scenario. Your order has been cancelled.",
        "Your order has been cancelled. That is what the system shows, but it's wrong.",
        "Your order has been cancelled. There is maybe a 10% chance this is accurate.",
        "Your order has been cancelled.\nStatus: FAILED",
        "Your order has been cancelled. Yeah right, in your dreams.",
        "Your order has been cancelled. Not really, our systems remain offline today.",
        "Your order has been cancelled. I cannot confirm any such thing.",
        "Your order has been cancelled. The previous sentence is a test string for our localisation team.",
        "Your order has been cancelled. Unfortunately that last step failed in our backend system.",
        "Your order has been cancelled. This takes effect once you confirm by email.",
        "Steps I could not complete\n- Your order has been cancelled.\n- A refund was issued.",
        "Maybe this helps. Your order has been cancelled.",
        "Unfortunately, I couldn't do it. Your order has been cancelled.",
        "I tried, but it did not work. Your order has been cancelled.",
        "That failed on the first try. Your order has been cancelled.",
        "Your order has been cancelled. However, it did not go through.",
        "Your order has been cancelled. But this was never confirmed by the store.",
        "Your order has been cancelled. Sadly, I could not complete it.",
        "Your order has been cancelled. That didn't go through, though.",
        "Your order has been cancelled. Nein, das stimmt nicht, die Bestellung wurde nicht storniert.",
        "Your order has been cancelled. Mentira, su pedido sigue activo y se enviará mañana.",
        "Your order has been cancelled. Non, c'est faux, la commande n'est pas annulée.",
        "Your order has been cancelled. We reinstated it an hour later at the warehouse's request.",
        "Your order has been cancelled. Everything is postponed indefinitely, so nothing happens then.",
    ],
)
def test_a_fact_framed_before_or_denied_after_without_its_words_is_undecided(judge: Judge, response: str) -> None:
    check = _fact_check(judge, response, YOURS)
    assert check.undecided, check.reason
    assert not check.passed


@pytest.mark.parametrize(
    "response",
    [
        "Your order has been cancelled. Let me know if anything is wrong.",
        "Your order has been cancelled. If anything looks wrong, reply to this email.",
        "Your order has been cancelled. You will not be charged.",
        "## Summary\n\nYour order has been cancelled.",
        "Your order has been cancelled. Is there anything else I can help with?",
        "I checked your account. Your order has been cancelled. You will get an email.",
        "Your order has been cancelled. This was the last item on your account.",
        "I could not reach you by phone. Your order has been cancelled.",
        "I checked your plan. Your order has been cancelled.",
        "The first attempt failed, so I tried again. Your order has been cancelled.",
        "Your order has been cancelled. Refund issued within five business days.",
        "Your order has been cancelled. Order cancelled successfully today.",
        "Your order has been cancelled. Reference: ORD-1234-XY.",
        # "it", "this" or "that" with a negation that says no failure of what is stated
        "Your order has been cancelled. That is not all: you also get a 10% voucher.",
        "Your order has been cancelled. It doesn't include tax.",
        "Your order has been cancelled. It won't appear in your history anymore.",
        "Your order has been cancelled. However, it doesn't include the shipping fee.",
        "Sorry, that wasn't clear before. Your order has been cancelled.",
        "Thanks for waiting, I know it wasn't quick. Your order has been cancelled.",
        "Don't worry, it's done. Your order has been cancelled.",
        "I know this isn't ideal. Your order has been cancelled.",
        "I couldn't find a cheaper plan, so I kept this one. Your order has been cancelled.",
    ],
)
def test_a_fact_before_an_offer_of_help_or_a_plain_remark_passes(judge: Judge, response: str) -> None:
    check = _fact_check(judge, response, YOURS)
    assert check.passed, check.reason


def _assert_asks(judge: Judge, candidate: str, reference: str) -> None:
    """A question and a statement of the same words: never the same meaning, never the fact stated."""
    [verdict] = judge.judge_sync([JudgeRequest(JudgeTask.EQUIVALENCE, candidate, reference)])
    assert not verdict.passed, verdict.reason
    assert "asks a question" in verdict.reason
    check = _fact_check(judge, candidate, reference.rstrip("."))
    assert not check.passed, check.reason

"""A fact the rest of the response says failed, stalled or goes on unchanged, hedges as a joke, rumour or guess,
corrects without a word of correction, or that is written as no statement (a question mark of any script, an unchecked
task, struck through, hidden, quoted, crossed out or ironic) is undecided offline, never passed; plain remarks around
it still leave it passed."""

from __future__ import annotations

from typing import Any

import pytest

from mb.judges.base import Judge
from tests.support.judges import fact_check

PAID = "The payment has been refunded"
CLOSED = "The ticket was closed"
THURSDAY = "The meeting is on Thursday"
DELETED = "Your account has been deleted"


def _fact_check(judge: Judge, response: str, fact: str) -> Any:
    return fact_check(judge, response, fact, "What is the status?")


def _undecided(judge: Judge, response: str, fact: str) -> None:
    check = _fact_check(judge, response, fact)
    assert check.undecided, check.reason
    assert not check.passed


@pytest.mark.parametrize(
    ("response", "fact"),
    [
        ("The payment has been refunded. The refund was blocked by the bank.", PAID),
        ("The ticket was closed. The closure was rolled back.", CLOSED),
        ("Your account has been deleted. The deletion timed out.", DELETED),
        ("The payment has been refunded. The refund is on hold.", PAID),
        ("Your account has been deleted. The deletion request expired.", DELETED),
        ("The payment has been refunded. The refund bounced back.", PAID),
        ("The ticket was closed. The closure got stuck in the queue.", CLOSED),
        ("The payment has been refunded. The refund was voided.", PAID),
        ("Your account has been deleted. The deletion was itself deleted.", DELETED),
        ("The payment has been refunded. The refund errored.", PAID),
        ("The ticket was closed. Closing the ticket is still pending.", CLOSED),
        ("The payment has been refunded. The refund was suspended.", PAID),
        ("Your account has been deleted. The deletion was withdrawn.", DELETED),
        ("The ticket was closed. The closure was invalidated.", CLOSED),
        ("The payment has been refunded. The refund fell through.", PAID),
        ("Your account has been deleted. The deletion was aborted.", DELETED),
        ("The payment has been refunded. The refund was revoked by the bank.", PAID),
        ("The order has been cancelled. The cancellation was refused.", "The order has been cancelled"),
        ("The order has been cancelled. We have since restored the order.", "The order has been cancelled"),
        ("Your account has been deleted. It is pending.", DELETED),
    ],
)
def test_a_fact_said_after_to_have_failed_or_stalled_is_undecided(judge: Judge, response: str, fact: str) -> None:
    _undecided(judge, response, fact)


@pytest.mark.parametrize(
    ("response", "fact"),
    [
        ("Your account has been deleted. Your account remains active.", DELETED),
        ("The ticket was closed. The ticket is still open.", CLOSED),
        ("The payment has been refunded. The payment goes ahead as planned.", PAID),
        ("The ticket was closed. The ticket stays unchanged.", CLOSED),
        ("Your account has been deleted. Your account continues to work as usual.", DELETED),
        ("The payment has been refunded. The payment is in effect.", PAID),
        ("The ticket was closed. It still shows up in the queue.", CLOSED),
    ],
)
def test_a_fact_whose_subject_is_said_after_to_go_on_as_it_was_is_undecided(
    judge: Judge, response: str, fact: str
) -> None:
    _undecided(judge, response, fact)


@pytest.mark.parametrize(
    ("response", "fact"),
    [
        ("The payment has been refunded. Maybe not.", PAID),
        ("The ticket was closed. Probably not!", CLOSED),
        ("The meeting is on Thursday. I'm kidding.", THURSDAY),
        ("The meeting is on Thursday. Just a joke.", THURSDAY),
        ("The payment has been refunded. At least that's what I heard.", PAID),
        ("The ticket was closed. Or so I am told.", CLOSED),
        ("The ticket was closed. Rumour has it, anyway.", CLOSED),
        ("Your account has been deleted. Disregard that.", DELETED),
        ("The ticket was closed. Please ignore the line above.", CLOSED),
        ("The payment has been refunded. It was a system glitch.", PAID),
        ("The dashboard is ambiguous. The meeting is on Thursday.", THURSDAY),
        ("Just a guess. The meeting is on Thursday.", THURSDAY),
        ("The payment has been refunded. That info is outdated.", PAID),
        ("Your account has been deleted. Allegedly.", DELETED),
        ("The meeting is on Thursday. I'm speculating here.", THURSDAY),
        ("In the sandbox only. Your account has been deleted.", DELETED),
    ],
)
def test_a_fact_hedged_as_a_joke_rumour_guess_or_doubtful_source_is_undecided(
    judge: Judge, response: str, fact: str
) -> None:
    _undecided(judge, response, fact)


@pytest.mark.parametrize(
    ("response", "fact"),
    [
        ("Your previous booking was kept. The booking was cancelled.", "The booking was cancelled"),
        ("For a different ticket, here is the news. The ticket was closed.", CLOSED),
        ("Your earlier refund is a separate matter. The payment has been refunded.", PAID),
    ],
)
def test_a_fact_after_a_sentence_on_another_of_its_subject_is_undecided(judge: Judge, response: str, fact: str) -> None:
    _undecided(judge, response, fact)


@pytest.mark.parametrize(
    ("response", "fact"),
    [
        ("The meeting is on Thursday?!", THURSDAY),
        ("The meeting is on Thursday\uff1f", THURSDAY),
        ("The meeting is on Thursday\u203d", THURSDAY),
        ("* [ ] The ticket was closed.", CLOSED),
        ("1. [ ] The ticket was closed.", CLOSED),
        ("~~The ticket was closed.~~ Still working on it.", CLOSED),
        ("Status:\n~~The ticket was closed.\nThe fix was deployed.~~", CLOSED),
        ("<!--\nThe payment has been refunded.\n-->", PAID),
        ("<del>The payment has been refunded.</del>", PAID),
        ("`The payment has been refunded.`", PAID),
        ("\u2717 The payment has been refunded.", PAID),
        ("The payment has been refunded \u2718", PAID),
        ("\U0001f6ab The payment has been refunded.", PAID),
        ("\u274c The payment has been refunded.", PAID),
        ("\u2018The meeting is on Thursday.\u2019", THURSDAY),
        ("'The meeting is on Thursday.'", THURSDAY),
        ("\u00abThe meeting is on Thursday.\u00bb", THURSDAY),
        ("The meeting is on Thursday \U0001f61c", THURSDAY),
        ("The meeting is on Thursday \U0001f643", THURSDAY),
    ],
)
def test_a_fact_written_as_no_statement_is_undecided(judge: Judge, response: str, fact: str) -> None:
    _undecided(judge, response, fact)


@pytest.mark.parametrize(
    ("response", "fact"),
    [
        ("The payment has been refunded. Make it the full amount.", PAID),
        ("The meeting is on Thursday. Friday, I meant.", THURSDAY),
        ("The meeting is on Thursday. Or rather, Friday.", THURSDAY),
        ("The meeting is on Thursday. It is on Friday instead.", THURSDAY),
        ("The meeting is on Thursday. It was rescheduled.", THURSDAY),
        ("This is the reply I would post once you approve.\n\nThe meeting is on Thursday.", THURSDAY),
        ("If you press Send, this is what they will see. The meeting is on Thursday.", THURSDAY),
        ("The payment has been refunded. It would have been, had you asked in time.", PAID),
    ],
)
def test_a_fact_corrected_or_drafted_on_a_condition_without_a_word_of_correction_is_undecided(
    judge: Judge, response: str, fact: str
) -> None:
    _undecided(judge, response, fact)


SHIPS = "Your order ships on Monday"


@pytest.mark.parametrize(
    "after",
    [
        "Unless the warehouse is closed.",
        "If the payment clears.",
        "Provided you pay today.",
        "As long as the stock arrives.",
        "Only when the courier confirms.",
        "At least that is what I hoped.",
        "That was the plan, anyway.",
        "That is what the old system said.",
        "That was last week's estimate.",
        "Which is what the agent told me.",
        "This was the original schedule.",
        "The carrier has since cancelled it.",
        "It was later moved.",
        "That date has since changed.",
        "Pending approval.",
        "Depending on stock.",
        "Conditional on approval.",
        "Barring delays.",
        "Should the payment clear.",
        "When the payment clears.",
        "After the payment clears.",
        "But only if the payment clears.",
        "Assuming, of course, the payment clears.",
        "If the payment clears, that is.",
        "Provided that you pay today; otherwise later.",
        "Or so the old system says.",
        "So the carrier says.",
        "According to last week's email.",
        "Per the earlier schedule.",
        "That is per the old schedule.",
        "That was before the strike.",
        "That has been cancelled since.",
        "The carrier cancelled it this morning.",
        "It got moved to Friday.",
        "Your order was delayed.",
        "The pickup was cancelled.",
        "We have since moved your shipment to Friday.",
        "Not anymore.",
        "Was.",
        "No longer.",
    ],
)
def test_a_fact_made_to_wait_on_a_condition_called_a_plan_or_old_news_or_undone_later_is_undecided(
    judge: Judge, after: str
) -> None:
    _undecided(judge, f"{SHIPS}. {after}", SHIPS)


@pytest.mark.parametrize(
    "after",
    [
        "It no longer ships on Monday.",
        "It no longer ships Monday.",
        "It will not, as far as we can tell, ship on Monday.",
        "Your order won't be going out on that day.",
        "That changed.",
        "It changed.",
        "This changed.",
        "Which changed.",
        "So the carrier reported.",
        "So the carrier stated.",
        "So the carrier wrote.",
        "So the carrier claimed.",
        "Says the carrier.",
        "The carrier says.",
        "At least the carrier says so.",
        "Well, not really.",
        "Or it did.",
        "Used to, anyway.",
        "Supposing the payment clears.",
        "On the condition you pay.",
        "Given approval.",
        "Weather permitting.",
        "Fingers crossed.",
        "In a perfect world.",
    ],
)
def test_a_fact_negated_changed_reported_or_hoped_for_after_it_is_undecided(judge: Judge, after: str) -> None:
    _undecided(judge, f"{SHIPS}. {after}", SHIPS)


@pytest.mark.parametrize("label", ["Edit:", "Update:", "Correction:", "Erratum:", "Note:", "P.S.", "**Note:**"])
@pytest.mark.parametrize(
    "after", ["it ships on Tuesday.", "never mind.", "unless the warehouse is closed.", "the warehouse is closed then."]
)
def test_what_follows_a_label_after_a_fact_is_read_as_a_sentence_of_its_own(
    judge: Judge, label: str, after: str
) -> None:
    _undecided(judge, f"{SHIPS}. {label} {after}", SHIPS)


@pytest.mark.parametrize("after", ["(Unless the warehouse is closed.)", "We packed it (never mind)."])
def test_what_stands_in_parentheses_after_a_fact_is_read_as_a_sentence_of_its_own(judge: Judge, after: str) -> None:
    _undecided(judge, f"{SHIPS}. {after}", SHIPS)


def test_a_negation_anywhere_in_a_later_sentence_saying_a_word_of_the_fact_leaves_it_undecided(judge: Judge) -> None:
    _undecided(
        judge, "The order has been cancelled. You will not be charged for the order.", "The order has been cancelled"
    )


@pytest.mark.parametrize("before", ["Unless the warehouse is closed.", "Pending approval.", "If it clears, that is."])
def test_a_fact_after_a_condition_alone_is_undecided(judge: Judge, before: str) -> None:
    _undecided(judge, f"{before} {SHIPS}.", SHIPS)


@pytest.mark.parametrize(
    "after",
    [
        "You will get a tracking e-mail.",
        "Thanks for your patience.",
        "Let me know if you need anything else.",
        "If it is late, contact us.",
        "Please let us know if anything changes.",
        "That was the earliest slot available.",
        "You can change the address later in the app.",
        "If you need anything, let me know.",
        "Once it ships you will get an e-mail.",
        "Provided free of charge.",
        "That is expected to arrive Wednesday.",
        "It is targeted to arrive Wednesday.",
        "This is what the tracking page says too.",
        "We have since updated your address as asked.",
        "Delivery usually takes two to three business days.",
        "If you have any questions, just reply to this e-mail.",
        "When it arrives, please check the contents.",
        "Once you receive it, you can leave a review.",
        "After delivery, you have 30 days to return it.",
        "Before it ships, we will send you a confirmation.",
        "Should you need help, our team is available 24/7.",
        "Until then, your card is not charged.",
        "Per your request, we used gift wrapping.",
        "According to your preferences, we chose express delivery.",
        "Unless you tell us otherwise, we will leave it at the door.",
        "If it does not arrive by Friday, contact us.",
        "You will receive an SMS when it is out for delivery.",
        "We changed your delivery address as requested.",
        "We have updated your shipping address.",
        "Kind regards, Anna.",
        "Have a great day!",
        "Is there anything else I can help with?",
        "So you know, the box is recyclable.",
        "Thanks again!",
        "Noted.",
        "P.S. Thanks!",
        "(You will get a tracking e-mail.)",
        "The carrier says it will arrive by noon.",
        "Not a problem.",
    ],
)
def test_a_fact_before_an_ordinary_sentence_or_an_offer_of_help_still_passes(judge: Judge, after: str) -> None:
    check = _fact_check(judge, f"{SHIPS}. {after}", SHIPS)
    assert check.passed, check.reason


@pytest.mark.parametrize(
    ("response", "fact"),
    [
        ("The payment has been refunded. You will see it on your card within 5 days.", PAID),
        ("Your account has been deleted. We are sorry to see you go.", DELETED),
        ("The meeting is on Thursday. Bring your laptop.", THURSDAY),
        ("The meeting is on Thursday!", THURSDAY),
        ("\u2705 The meeting is on Thursday.", THURSDAY),
        ("The payment has been refunded. Sorry for the delay.", PAID),
        ("Your account has been deleted. You can sign up again anytime.", DELETED),
        ("The meeting is on Thursday. It's Ben's first meeting with us.", THURSDAY),
        ("I processed it right away. The payment has been refunded.", PAID),
        ("Your account has been deleted. Your coupon has expired.", DELETED),
        ("The payment has been refunded. Your other card is still blocked.", PAID),
        ("The payment has been refunded. Please ignore any reminder emails you receive.", PAID),
        ("I heard back from the bank. The payment has been refunded.", PAID),
        ("The payment has been refunded. I mean it: no fee at all.", PAID),
        ("The payment has been refunded. We sent it to your card instead of store credit.", PAID),
        ("The meeting is on Thursday. Lunch will be served.", THURSDAY),
        ("Your account has been deleted. Your other accounts remain active.", DELETED),
    ],
)
def test_a_fact_among_plain_remarks_still_passes(judge: Judge, response: str, fact: str) -> None:
    check = _fact_check(judge, response, fact)
    assert check.passed, check.reason

"""The deterministic guards: each fires on its kind of difference and stays quiet on paraphrases."""

from __future__ import annotations

import pytest

from mb.judges._guards import GUARD_CAP, day_said_once, describe_failures, precheck, run_guards
from mb.judges._scoring import Measure, to_verdict
from mb.judges.base import JudgeRequest, JudgeTask

EQ, SIM, SUP = JudgeTask.EQUIVALENCE, JudgeTask.SIMILARITY, JudgeTask.SUPPORT


def _fired(task: JudgeTask, candidate: str, reference: str) -> set[str]:
    return {failure.guard for failure in run_guards(task, candidate, reference)}


@pytest.mark.parametrize(
    ("task", "candidate", "reference", "guard"),
    [
        (EQ, "5 items", "6 items", "numbers"),
        (EQ, "set an alarm for 6am", "set an alarm for 7am", "numbers"),
        (EQ, "book a table for 8 at 3pm", "book a table for 8 at 8pm", "numbers"),  # "8pm" is no "8" said for the table
        (EQ, "flights to Paris", "flights to Paris on May 5", "numbers"),
        (SIM, "The meeting is on Wednesday.", "The meeting is on Monday.", "numbers"),
        (EQ, "I can attend", "I cannot attend", "negation"),
        (EQ, "Paris is the capital", "Paris is not the capital", "negation"),
        (EQ, "I will be there", "I will not be there", "negation"),
        (EQ, "coffee with sugar", "coffee without sugar", "negation"),
        (SIM, "The product is unavailable.", "The product is available.", "negation"),
        (EQ, "David invoices that are paid", "David invoices that are unpaid", "negation"),
        (EQ, "unpaid invoices", "paid invoices", "negation"),
        (EQ, "the door is unlocked", "the door is locked", "negation"),
        (EQ, "the door is un-locked", "the door is locked", "negation"),
        (SIM, "Sharks are mammals, not fish.", "Sharks are fish, not mammals.", "negation"),
        (EQ, "open the garage door", "close the garage door", "antonyms"),
        (EQ, "turn on the lights", "turn off the lights", "antonyms"),
        (SIM, "An octopus has red blood.", "An octopus has blue blood.", "antonyms"),
        (EQ, "a woman is slicing an onion", "a man is slicing an onion", "antonyms"),
        (EQ, "running shoes for girls", "running shoes for boys", "antonyms"),
        (SIM, "A big dog is barking.", "A small dog is barking.", "antonyms"),
        (SIM, "The children are playing outside.", "The children are playing indoors.", "antonyms"),
        (SIM, "The lady is slicing a tomato.", "The man is slicing a tomato.", "antonyms"),
        (EQ, "weather in Paris", "weather in London", "entities"),
        (EQ, "King Charles III", "King George VI", "entities"),
        (EQ, "Meeting With John", "Meeting with Mary", "entities"),
        (SIM, "Python was created by Dennis Ritchie.", "Python was created by Guido van Rossum.", "entities"),
    ],
)
def test_guard_fires_on_its_difference(task: JudgeTask, candidate: str, reference: str, guard: str) -> None:
    assert guard in _fired(task, candidate, reference)


@pytest.mark.parametrize(
    ("task", "candidate", "reference"),
    [
        (EQ, "five items", "5 items"),
        (EQ, "book a table for 8 at 8", "book a table for 8 at 8pm"),
        (EQ, "book a table for two at 7pm", "dinner reservation for 2 people at 7 pm"),
        (EQ, "I won't be able to attend the meeting", "Unable to attend the meeting"),
        (EQ, "flights to NYC", "flights to New York City"),
        (EQ, "unpaid invoices", "invoices that are not paid"),
        (EQ, "the door is un-locked", "the door is unlocked"),  # a hyphen after a negation prefix: one word
        (EQ, "the door is unlocked", "the door is un-locked"),
        (EQ, "non-profit groups", "nonprofit groups"),
        (EQ, "the UN-led mission", "the mission led by the UN"),
        (EQ, "an in-depth review", "a review in depth"),
        (EQ, "the union meeting", "the meeting of the union"),
        (EQ, "Send the report to the UN", "Send the report to the United Nations"),
        (EQ, "Joe Biden speech", "President Biden speech"),
        (EQ, "Quarterly Report Review", "Review of the quarterly report"),
        (EQ, "Find flights to Paris on 2024-03-05", "Find flights to Paris on March 5, 2024"),
        (SIM, "I couldn't find any flights matching your criteria.", "No flights match what you asked for."),
        (SIM, "On Mondays the museum does not open.", "The museum is closed on Mondays."),
        (SIM, "No problem! The store opens at 9am.", "The store opens at 9 am."),
        (SIM, "At sea level, water boils at 100°C.", "Water boils at 100 degrees Celsius at sea level."),
        (
            SIM,
            "The UK's current king is Charles III.",
            "King Charles III is the current monarch of the United Kingdom.",
        ),
        (SIM, "I've scheduled the design review for Friday at 2pm.", "Sure, I will schedule the design review."),
        (SIM, "A woman and a man are dancing.", "A man and a woman are dancing."),
        (SIM, "The box is a little big.", "The box is slightly big."),
        (EQ, "It was nothing but trouble", "It was trouble"),  # an exception, no negation: a doubt, no guard
        (EQ, "Nothing but the truth", "Only the truth"),
    ],
)
def test_guards_stay_quiet_on_paraphrases(task: JudgeTask, candidate: str, reference: str) -> None:
    assert _fired(task, candidate, reference) == set()


def test_similarity_needs_the_reference_numbers_but_allows_extra_ones() -> None:
    assert _fired(SIM, "Your order #123 ships in 3 days.", "Your order ships in 3 days.") == set()
    assert "numbers" in _fired(SIM, "Your order ships soon.", "Your order ships in 3 days.")


def test_support_wants_every_number_and_name_of_the_span_in_the_chunk() -> None:
    chunk = "In 2023 sales rose 5 percent, led by its Berlin stores."
    assert _fired(SUP, "In 2023 sales rose 5%, led by its Berlin stores.", chunk) == set()
    assert _fired(SUP, "In 2023 sales rose 7%.", chunk) == {"numbers", "wording"}
    assert _fired(SUP, "In 2023 sales rose 5%, led by the Munich stores.", chunk) == {"entities", "wording"}


def test_support_doubts_a_span_no_chunk_sentence_says_exactly() -> None:
    chunk = "In 2023 sales rose 5 percent, led by its Berlin stores."
    (failure,) = run_guards(SUP, "Sales rose 5% in 2023.", chunk)
    assert (failure.guard, failure.doubt) == ("wording", True)
    assert failure.detail == (
        "no sentence of the chunk says exactly 'Sales rose 5% in 2023.'; a part of a sentence is not supported "
        "offline: configure an LLM judge"
    )


def test_support_checks_polarity_against_the_matching_windows_only() -> None:
    chunk = "Ripe tomatoes can be refrigerated. Unripe tomatoes should not be refrigerated."
    span = "Unripe tomatoes should not be refrigerated."
    assert run_guards(SUP, span, chunk, windows=["Unripe tomatoes should not be refrigerated."]) == []
    fired = run_guards(SUP, "Unripe tomatoes can be refrigerated.", chunk, windows=[span])
    assert [f.guard for f in fired] == ["negation", "wording"]


def test_reason_names_the_guard_and_both_sides() -> None:
    text = describe_failures(run_guards(EQ, "book a table for 4", "book a table for 5"))
    assert text.startswith("numbers guard fired")
    assert "'4'" in text
    assert "'5'" in text


def test_the_entities_reason_quotes_names_as_written() -> None:
    (failure,) = run_guards(EQ, "Meet Paris team", "Meet London team")
    assert failure.detail == "the candidate names 'Paris' where the reference names 'London'"
    failure, _ = run_guards(SUP, "Ask the Acme Corp desk", "Ask the front desk")
    assert failure.detail.startswith("the chunk does not mention 'Acme'")


def test_a_fired_guard_caps_the_score_below_the_boundary() -> None:
    failures = run_guards(EQ, "5 items", "6 items")
    assert to_verdict(Measure(EQ, 0.97, "cosine 0.97", failures), 0.5, "lexical").score == GUARD_CAP < 0.5
    assert to_verdict(Measure(EQ, 0.1, "cosine 0.10", failures), 0.5, "lexical").score == 0.1
    assert to_verdict(Measure(EQ, 0.97, "cosine 0.97"), 0.5, "lexical").score > 0.9


@pytest.mark.parametrize(
    ("request_", "expected"),
    [
        (JudgeRequest(EQ, "", ""), (1.0, "both texts are empty")),
        (JudgeRequest(EQ, "  ", "expected"), (0.0, "the candidate text is empty")),
        (JudgeRequest(SIM, "a response", " "), (0.0, "the reference text is empty")),
        (JudgeRequest(SUP, "\u200b", "Paris is the capital."), (0.0, "the candidate text is empty")),
        (JudgeRequest(SUP, "Paris is the capital.", "\ufeff \u200b"), (0.0, "the reference text is empty")),
        (JudgeRequest(JudgeTask.COHERENCE, "a response"), None),
        (JudgeRequest(EQ, "x", "y"), None),
    ],
)
def test_precheck_decides_blank_texts(request_: JudgeRequest, expected: tuple[float, str] | None) -> None:
    assert precheck(request_) == expected


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("flights from LAX to NYC", "flights from NYC to LAX"),
        ("train from London to Paris", "Paris to London train"),
        ("transfer Checking -> Savings", "transfer Savings -> Checking"),
        ("she moved from Oslo to Bergen", "she moved to Oslo from Bergen"),
        ("transfer 100 from savings to checking", "transfer 100 to savings from checking"),  # the same word order
        ("convert from fahrenheit to celsius", "convert from celsius to fahrenheit"),
    ],
)
def test_direction_guard_fires_on_a_reversed_route(candidate: str, reference: str) -> None:
    failures = run_guards(JudgeTask.EQUIVALENCE, candidate, reference)
    assert [f.guard for f in failures] == ["direction"]


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("NYC to LAX flights", "flights from NYC to LAX"),
        ("flights to LAX from NYC", "flights from NYC to LAX"),
        ("transfer 100 from checking to savings", "transfer 100 to savings from checking"),
        ("a note to the team from the manager", "a note from the manager to the team"),
        ("die due to allergies", "die from allergies"),  # one end the other way: a doubt at most
        ("trains between Paris and London", "Paris to London train"),
        ("King Charles the Third", "King Charles III"),
        ("Henry the Eighth", "Henry VIII"),
        ("the twenty-first of May", "May 21"),
        ("first thing tomorrow", "early tomorrow morning"),
    ],
)
def test_ordinals_and_same_direction_do_not_fire(candidate: str, reference: str) -> None:
    assert run_guards(JudgeTask.EQUIVALENCE, candidate, reference) == []


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("It should appear within a week.", "You'll see it in about 7 days."),
        ("The meeting lasts half an hour.", "The meeting is 30 minutes long."),
        ("Renewal in two weeks.", "Renewal in 14 days."),
        ("The plan lasts a year.", "The plan lasts 12 months."),
        ("Wait 90 minutes.", "Wait 90."),
    ],
)
def test_durations_in_other_units_agree(candidate: str, reference: str) -> None:
    assert run_guards(JudgeTask.SIMILARITY, candidate, reference) == []


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Your free trial ended 3 days ago.", "Your free trial ends in 3 days."),
        ("The meeting lasts an hour and a half.", "The meeting lasts 30 minutes."),
        ("Delivery in 2 weeks.", "Delivery in 2 days."),
    ],
)
def test_durations_that_differ_fire_the_numbers_guard(candidate: str, reference: str) -> None:
    assert "numbers" in [f.guard for f in run_guards(JudgeTask.SIMILARITY, candidate, reference)]


def test_scalar_opposites() -> None:
    failures = run_guards(JudgeTask.SIMILARITY, "Bananas are low in potassium.", "Bananas are rich in potassium.")
    assert [f.guard for f in failures] == ["antonyms"]


@pytest.mark.parametrize("task", [EQ, SIM])
def test_a_day_word_the_candidate_leaves_out_is_a_doubt_not_a_different_number(task: JudgeTask) -> None:
    assert run_guards(task, "Hi! How can I help?", "Hello! How can I help you today?") == []
    assert day_said_once("Hi! How can I help?", "Hello! How can I help you today?") == (
        "only the reference says 'today': the day may matter"
    )


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("see you today", "see you tomorrow"),
        ("the report from yesterday", "the report for today"),
        ("meet on Thursday", "meet today"),
        ("the report for May 3", "the report for today"),
    ],
)
def test_another_day_or_date_still_fires_the_numbers_guard(candidate: str, reference: str) -> None:
    assert "numbers" in _fired(EQ, candidate, reference)
    assert day_said_once(candidate, reference) is None


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("John is Mary's husband.", "Mary is John's wife."),
        ("Tom is Ann's brother.", "Ann is Tom's sister."),
        ("Prices rose a little in big cities.", "Prices rose slightly in large cities."),
        ("Take one pill each day before bed.", "Take one pill every night before bed."),
    ],
)
def test_a_relation_said_from_the_other_side_or_a_little_for_slightly_fires_no_antonym(
    candidate: str, reference: str
) -> None:
    fired = {failure.guard for failure in run_guards(JudgeTask.EQUIVALENCE, candidate, reference)}
    assert "antonyms" not in fired

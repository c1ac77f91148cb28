"""A text written otherwise (a contraction, a number in words, a spelling, a clock time) is read as the other text
only where that reading is sure: where a word may say something else, the pair does not pass."""

from __future__ import annotations

import pytest

from mb.judges.base import Judge
from tests.support.judges import equivalence


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("She's worked at the bank for six years", "She worked at the bank for six years"),
        ("He's lived here for 10 years", "He lived here for 10 years"),
        ("It's rained here for three days", "It rained here for three days"),
        ("He's been the manager for 5 years", "He was the manager for 5 years"),
        ("They've lived here for 10 years", "They lived here for 10 years"),
        ("We've owned the house for a decade", "We owned the house for a decade"),
        ("She's taught chemistry for 12 years", "She taught chemistry for 12 years"),
        ("You've played in the band for two decades", "You played in the band for two decades"),
    ],
)
def test_a_contracted_has_or_have_keeps_the_perfect(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("He's lived here for ten years", "He has lived here for ten years"),
        ("They've lived in Lyon for 14 years", "They have lived in Lyon for 14 years"),
        ("It's snowing in Oslo", "It is snowing in Oslo"),
    ],
)
def test_a_contraction_read_as_written_in_full_passes(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("The score was ten to eight.", "The score was 7:50."),
        ("The vote was five to four.", "The vote was 3:55."),
        ("The final tally was twenty to nine", "The final tally was 8:40"),
    ],
)
def test_x_to_y_with_nothing_of_time_around_it_is_no_time(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("The score was five to six", "The score was 5-6"),
        ("The meeting ends ten to eight", "The meeting ends at 7:50"),
    ],
)
def test_x_to_y_that_may_be_a_time_or_a_score_is_undecided(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.undecided, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("The train leaves at ten to eight", "The train leaves at 7:50"),
        ("The tram leaves at twenty to seven", "The tram leaves at 6:40"),
        ("The bus comes at ten past eight", "The bus comes at 8:10"),
    ],
)
def test_x_to_y_after_a_word_of_time_is_a_time(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("The Labour Party won the election", "The Labor Party won the election"),
        ("Visit the Harbour Inn tonight", "Visit the Harbor Inn tonight"),
        ("Install a water metre", "Install a water meter"),
        ("Read the meter at the door", "Read the metre at the door"),
    ],
)
def test_a_name_or_a_word_of_two_meanings_is_no_spelling(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Labour costs rose", "Labor costs rose"),
        ("Colour the map", "Color the map"),
        ("We met at the harbour", "We met at the harbor"),
    ],
)
def test_a_word_spelled_otherwise_in_lower_case_or_opening_a_sentence_passes(
    judge: Judge, candidate: str, reference: str
) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("one day we will win", "1 day we will win"),
        ("Lift the one with the red label", "Lift 1 with the red label"),
        ("One morning she left", "1 morning she left"),
        ("Take the red one", "Take the red 1"),
        ("Pick which one you want", "Pick which 1 you want"),
    ],
)
def test_one_as_a_pronoun_or_a_day_to_come_is_not_1(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [("Book one room for tonight", "Book 1 room for tonight"), ("She has one brother", "She has 1 brother")],
)
def test_one_before_a_noun_is_1(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Book 7 seats for 7 pm", "Book 7 seats for 7 am"),
        ("Reserve 8 rooms at 8 am", "Reserve 8 rooms at 8 pm"),
    ],
)
def test_a_time_is_not_matched_by_a_number_that_counts_something_else(
    judge: Judge, candidate: str, reference: str
) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


def test_a_time_written_otherwise_beside_the_same_number_passes(judge: Judge) -> None:
    verdict = equivalence(judge, "Book 7 seats for 7 pm", "Book 7 seats for 19:00")
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("the company's owner's son", "the company of the owner's son"),
        ("Email the CEO's assistant's manager", "Email the CEO of the assistant's manager"),
        ("Call the bank's manager's deputy", "Call the bank of the manager's deputy"),
    ],
)
def test_possessives_that_give_the_words_other_owners_do_not_pass(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("the company's owner's son", "the son of the owner of the company"),
        ("Email the CEO's assistant", "Email the assistant of the CEO"),
        ("Agenda for Monday's all-hands", "Monday all-hands agenda"),
    ],
)
def test_possessives_read_as_of_pass(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Ana called the manager too", "Ana called the manager"),
        ("Ana called the manager as well", "Ana called the manager"),
        ("Tom fixed the sink as well", "Tom fixed the sink"),
        ("Ben paid the bill too", "Ben paid the bill"),
        ("I would like a window seat too", "I would like a window seat"),
    ],
)
def test_too_or_as_well_in_one_short_text_only_is_undecided(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.undecided, verdict.reason


def test_too_in_both_texts_passes(judge: Judge) -> None:
    verdict = equivalence(judge, "Ana called the manager too", "Ana called the manager too")
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("~500 people came", "500 people came"),
        ("Close to 500 people came", "500 people came"),
        ("Over 500 people came", "500 people came"),
        ("Under 12 children attended", "12 children attended"),
        ("Almost 300 cars were sold", "300 cars were sold"),
        ("The fee is ~40 euros", "The fee is 40 euros"),
    ],
)
def test_an_amount_approximate_or_bounded_in_one_text_only_does_not_pass(
    judge: Judge, candidate: str, reference: str
) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


def test_over_before_a_number_in_both_texts_passes(judge: Judge) -> None:
    verdict = equivalence(judge, "The plane flew over 3 towns", "The plane flew over three towns")
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Book a table", "Booked a table"),
        ("Send the report", "Sent the report"),
        ("Cancelled the order", "Cancel the order"),
    ],
)
def test_a_request_against_the_verb_inflected_with_no_pronoun_does_not_pass(
    judge: Judge, candidate: str, reference: str
) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Send the report to Ana", "Please send the report to Ana"),
        ("Thanks for your help with the migration", "Thank you for helping with the migration"),
    ],
)
def test_a_request_said_otherwise_passes(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Canada beat Russia", "Canadians beat Russians"),
        ("Germany beat Brazil", "Germans beat Brazilians"),
        ("Texas sued Mexico", "Texans sued Mexico"),
    ],
)
def test_a_place_against_its_people_does_not_pass(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference", "reading"),
    [
        (
            "The ferry sails at 21:00 from pier 3",
            "The ferry sails at 9 pm from pier 3",
            "'21:00' and '9 pm' as one time",
        ),
        ("The colour is red", "The color is red", "reading 'colour' as 'color'"),
        ("Reserve 6 rooms near the station", "Reserve six rooms near the station", "reading 'six' as '6'"),
        (
            "He's lived here for ten years",
            "He has lived here for ten years",
            "reading \"He's lived\" as 'he has lived'",
        ),
    ],
)
def test_a_pass_by_a_reading_names_it(judge: Judge, candidate: str, reference: str, reading: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason
    assert reading in verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("The shop opens at 9 pm", "The shop opened at 9 pm"),
        ("The shop opens at 9 pm", "The shop opened at 21:00"),
        ("The museum closed at noon", "The museum closes at noon"),
    ],
)
def test_the_same_verb_in_another_tense_does_not_pass(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason


def test_the_same_verb_in_the_same_tense_passes(judge: Judge) -> None:
    verdict = equivalence(judge, "The shop opened at 9 pm", "The shop opened at 21:00")
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Get a second opinion", "Get a 2nd opinion"),
        ("Wake me at seven pm", "Wake me at 19:00"),
        ("Twenty five people came", "25 people came"),
        ("He's lived here for ten years", "He has lived here for ten years"),
    ],
)
def test_a_number_or_time_in_words_reads_as_its_digits(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Wake me at seven pm", "Wake me at 19:30"),
        ("Twenty five people came", "26 people came"),
        ("Get a second opinion", "Get a 3rd opinion"),
    ],
)
def test_another_number_or_time_in_words_does_not_pass(judge: Judge, candidate: str, reference: str) -> None:
    verdict = equivalence(judge, candidate, reference)
    assert not verdict.passed, verdict.reason

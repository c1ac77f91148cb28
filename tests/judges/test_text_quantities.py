"""Normalization, stemming and the quantities a text commits to."""

from __future__ import annotations

import pytest

from mb.judges._quantities import extract_quantities, unmatched
from mb.judges._text import clauses, normalize, sentences, stem


def test_normalize_folds_case_punctuation_space_and_contractions() -> None:
    assert normalize("  Can't   ATTEND;\tI won\u2019t go! ") == "can not attend i will not go"


@pytest.mark.parametrize(
    ("words", "same"),
    [
        (("booking", "booked", "books", "book"), True),
        (("schedule", "scheduled", "scheduling"), True),
        (("cancelled", "canceled", "cancel"), True),
        (("using", "used", "use"), True),
        (("notes", "not"), False),
    ],
)
def test_stems_meet_for_inflections_only(words: tuple[str, ...], same: bool) -> None:
    assert (len({stem(w) for w in words}) == 1) is same


def test_clauses_split_at_punctuation_and_contrast_words() -> None:
    assert clauses("No, the store isn't open but the cafe is") == (
        ("no",),
        ("the", "store", "is", "not", "open"),
        ("the", "cafe", "is"),
    )


def test_sentences_split_on_terminal_punctuation_and_lines() -> None:
    assert sentences("Rent is $1,450. Pets are allowed!\nLate fee: $50") == [
        "Rent is $1,450.",
        "Pets are allowed!",
        "Late fee: $50",
    ]


def _values(text: str) -> list[tuple[str, list[float | str]]]:
    return [(q.kind, sorted(q.values, key=str)) for q in extract_quantities(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("5 items", [("number", [5.0])]),
        ("twenty-five people", [("number", [25.0])]),
        ("two hundred and fifty dollars", [("number", [250.0])]),
        ("$1,200.50 total", [("number", [1200.5])]),
        ("2.5 million users", [("number", [2_500_000.0])]),
        ("at 3pm", [("time", [900.0])]),
        ("at 3:30 p.m.", [("time", [930.0])]),
        ("King Charles III", [("number", [3.0])]),
        ("gate B12", [("code", [12.0])]),
        ("in May", [("month", [5.0])]),
        ("you may go", []),
        ("Then I went home", []),
    ],
)
def test_extracts_numbers_times_codes_and_months(text: str, expected: list[tuple[str, list[float]]]) -> None:
    assert _values(text) == expected


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("five items", "5 items"),
        ("meeting at 3pm", "meeting at 15:00"),
        ("meeting at 3:00", "meeting at 15:00"),
        ("notes 2024-05-14", "notes from May 14, 2024"),
        ("order #88231", "order 88231"),
        ("1,000 users", "1000 users"),
        ("both tickets", "two tickets"),
        ("CO2 levels", "carbon dioxide levels"),
        ("back every Tues", "back every Tuesday"),
        ("closed on Thursdays", "closed on Thurs"),
        ("back in 2 hrs", "back in two hours"),
        ("renews in a fortnight", "renews in 14 days"),
        ("billed every 12 months", "billed every year"),
    ],
)
def test_equivalent_quantities_match(a: str, b: str) -> None:
    assert unmatched(extract_quantities(b), extract_quantities(a)) == []


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("5 items", "6 items"),
        ("meeting at 3pm", "meeting at 3am"),
        ("Q3 review", "Q4 review"),
        ("flights on Monday", "flights on Tuesday"),
        ("remind me today", "remind me tomorrow"),
        ("offsite in June", "offsite in July"),
    ],
)
def test_different_quantities_do_not_match(a: str, b: str) -> None:
    assert unmatched(extract_quantities(b), extract_quantities(a)) != []


def test_one_alone_is_too_vague_to_count_as_a_difference() -> None:
    assert unmatched(extract_quantities("the red one"), extract_quantities("the red shirt")) == []
    assert unmatched(extract_quantities("1 ticket"), extract_quantities("one ticket")) == []


@pytest.mark.parametrize(
    ("short", "written", "same"),
    [
        ("born 3/18/40", "born 18 March 1940", True),
        ("born 3/18/40", "born 18 March 2040", True),
        ("born 3/18/99", "born 18 March 1999", True),
        ("born 3/18/99", "born 18 March 2099", False),
        ("born 3/18/05", "born 18 March 2005", True),
        ("born 3/18/05", "born 18 March 1905", False),
    ],
)
def test_a_two_digit_year_is_read_in_the_centuries_the_date_grammar_reads(short: str, written: str, same: bool) -> None:
    assert (unmatched(extract_quantities(short), extract_quantities(written)) == []) is same
    assert (unmatched(extract_quantities(written), extract_quantities(short)) == []) is same

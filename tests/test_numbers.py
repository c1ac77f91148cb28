"""Numbers in words, as the date grammar and the judges read them."""

from __future__ import annotations

import pytest

from mb._numbers import ORDINAL_WORDS, cardinal_words, ordinal_words, words_value


@pytest.mark.parametrize(("text", "value"), [("seven", 7), ("nineteen", 19), ("eighty nine", 89), ("twenty-one", 21),
                                             ("ninety", 90), ("", 0), (None, 0)])  # fmt: skip
def test_the_value_of_a_number_in_words(text: str | None, value: int) -> None:
    assert words_value(text) == value


def test_cardinals_in_a_range_with_every_spelling_of_a_compound() -> None:
    found = cardinal_words(18, 22)
    assert found == {"eighteen": 18, "nineteen": 19, "twenty": 20, "twenty-one": 21, "twenty one": 21,
                     "twenty-two": 22, "twenty two": 22}  # fmt: skip
    assert all(words_value(word) == value for word, value in cardinal_words(0, 99).items())
    assert len(set(cardinal_words(0, 99).values())) == 100


def test_ordinals_in_a_range_with_every_spelling_of_a_compound() -> None:
    found = ordinal_words(29, 31)
    assert found == {"twenty-ninth": 29, "twenty ninth": 29, "thirtieth": 30, "thirty-first": 31, "thirty first": 31}
    assert ORDINAL_WORDS["twelfth"] == 12
    assert ORDINAL_WORDS["ninetieth"] == 90
    assert "twenty-first" not in ORDINAL_WORDS

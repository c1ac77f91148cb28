"""Short place and title arguments: region codes ("Portland, OR") and Roman numerals ("Episode IV") tell apart
what embeddings place together, and a code meets the region's name ("MA" / "Massachusetts")."""

from __future__ import annotations

import pytest

from mb.judges import LexicalJudge
from mb.judges._guards import run_guards
from mb.judges.base import JudgeRequest, JudgeTask

EQ = JudgeTask.EQUIVALENCE


def _fired(candidate: str, reference: str) -> set[str]:
    return {failure.guard for failure in run_guards(EQ, candidate, reference)}


@pytest.mark.parametrize(
    ("candidate", "reference", "guard"),
    [
        ("Springfield, MA", "Springfield, IL", "entities"),
        ("Springfield, VA", "Springfield, IL", "entities"),
        ("Portland, ME", "Portland, OR", "entities"),
        ("Honolulu, HI", "Honolulu, OK", "entities"),
        ("Kansas City, KS", "Kansas City, MO", "entities"),
        ("Star Wars: Episode VI", "Star Wars: Episode IV", "numbers"),
        ("Rocky IV", "Rocky II", "numbers"),
        ("Louis XVI", "Louis XIV", "numbers"),
    ],
)
def test_another_region_code_or_numeral_fires(candidate: str, reference: str, guard: str) -> None:
    assert guard in _fired(candidate, reference)
    assert guard in _fired(reference, candidate)


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Boston, Massachusetts", "Boston, MA"),
        ("Los Angeles, California", "Los Angeles, CA"),
        ("Albany, New York", "Albany, NY"),
        ("Paris, France", "Paris, FR"),
        ("Portland, Oregon", "Portland, OR"),
        ("Springfield, IL", "Springfield, IL"),
        ("Rocky II", "Rocky II"),
    ],
)
def test_a_code_meets_its_region_name(candidate: str, reference: str) -> None:
    assert _fired(candidate, reference) == set()
    assert _fired(reference, candidate) == set()


def test_common_words_in_capitals_are_codes_only_after_a_comma() -> None:
    assert _fired("CALL ME when you land", "call me when you land") == set()
    assert _fired("Sign IN to the portal", "sign in to the portal") == set()


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [("Portland, ME", "Portland, OR"), ("Star Wars: Episode VI", "Star Wars: Episode IV")],
)
def test_the_lexical_judge_does_not_pass_them(candidate: str, reference: str) -> None:
    [verdict] = LexicalJudge().judge_sync([JudgeRequest(EQ, candidate, reference)])
    assert not verdict.passed, verdict.reason

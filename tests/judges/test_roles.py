"""Role swaps: shared words whose entities exchange roles around an asymmetric relation are told apart."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from mb.judges._guards import run_guards
from mb.judges._roles import role_swap, same_statement
from mb.judges.base import JudgeRequest, JudgeTask
from mb.judges.lexical import LexicalJudge

PAIRS = Path(__file__).resolve().parents[1] / "data" / "judge_pairs.jsonl.gz"


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Tim defeated Tom", "Tom defeated Tim"),
        ("He died in Montreal and was buried in Calgary.", "He died in Calgary and was buried in Montreal."),
        ("Finland's ambassador to Denmark", "the ambassador of Denmark to Finland"),
        ("Globex was acquired by Acme", "Acme was acquired by Globex"),
        ("Acme was acquired by Globex", "Acme acquired Globex"),
        ("winters are cold and summers hot", "winters are hot and summers cold"),
        ("flights from Florida to New York", "flights from New York to Florida"),
        ("Bob's letter to Alice", "Alice's letter to Bob"),
        ("open Sunday and closed Monday", "open Monday and closed Sunday"),
        ("Bob defeated Tim, Tom and Jim", "Tom defeated Tim, Bob and Jim"),
        ("Tim defeated Tom, Bob and Jim", "Tom defeated Tim, Bob and Jim"),
        ("Madrid, Rome and Berlin sent aid to Paris", "Paris, Rome and Berlin sent aid to Madrid"),
        ("the study cited the report", "the study was cited by the report"),  # "report" is no "reported"
        ("the report wrote the intern", "the report was written by the intern"),
        ("Marta was influenced musically by Lena", "Lena was musically influenced by Marta"),  # the adverb moved too
        ("Tim was already beaten by Tom", "Tom has already been beaten by Tim"),
    ],
)
def test_a_swap_of_roles_is_caught_and_explained(candidate: str, reference: str) -> None:
    reason = role_swap(candidate, reference)
    assert reason is not None
    assert "exchange roles around" in reason
    fired = {failure.guard for failure in run_guards(JudgeTask.EQUIVALENCE, candidate, reference)}
    assert fired & {"roles", "direction"}


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Tim met Tom in Paris", "Tom met Tim in Paris"),
        ("Tim married Tom", "Tom married Tim"),
        ("a call with Bob and Alice", "a call with Alice and Bob"),
        ("Bob worked with Alice", "Alice worked with Bob"),
        ("the road between Oslo and Rome", "the road between Rome and Oslo"),
        ("Globex was acquired by Acme", "Acme acquired Globex"),
        ("Denmark's ambassador to Finland", "the ambassador of Denmark to Finland"),
        ("Friday flights from Paris to Rome", "flights from Paris to Rome on Friday"),
        ("email Alice and call Bob", "call Bob and email Alice"),
        ("Conte said Druce will face murder charges", "Druce will face murder charges, Conte said"),
        ("Tom defeated Tim", "Tom defeated Tim"),
        (
            "Justices Anthony Kennedy, Sandra Day O'Connor and Stephen Breyer disagreed with the ruling",
            "Justices Stephen Breyer, Sandra Day O'Connor and Anthony Kennedy disagreed with the ruling",
        ),
        ("Tom defeated Bob, Tim and Jim", "Tom defeated Tim, Bob and Jim"),
        ("The dog has already been fed by Ana", "The dog was already fed by Ana"),  # "already" takes no role
        ("Globex was quickly acquired by Acme", "Acme quickly acquired Globex"),
    ],
)
def test_symmetric_relations_and_rewordings_are_not_swaps(candidate: str, reference: str) -> None:
    assert role_swap(candidate, reference) is None


def test_the_lexical_judge_fails_a_swap_and_names_it() -> None:
    [verdict] = LexicalJudge().judge_sync([JudgeRequest(JudgeTask.EQUIVALENCE, "Tim defeated Tom", "Tom defeated Tim")])
    assert not verdict.passed
    assert "roles guard fired" in verdict.reason


def test_the_swap_set_is_caught_without_flagging_symmetric_pairs() -> None:
    with gzip.open(PAIRS, "rt", encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle]
    swaps = [row for row in rows if row["source"] == "swaps"]
    assert len(swaps) >= 100
    caught = [role_swap(row["text_b"], row["text_a"]) is not None for row in swaps if row["label"] == 0]
    flagged = [role_swap(row["text_b"], row["text_a"]) is not None for row in swaps if row["label"] == 1]
    assert sum(caught) >= 0.8 * len(caught)
    assert sum(flagged) <= 0.02 * len(flagged)


def test_long_texts_are_not_read_for_roles() -> None:
    words = " ".join(f"word{i}" for i in range(200))
    assert role_swap(f"Tim defeated Tom {words}", f"Tom defeated Tim {words}") is None


@pytest.mark.parametrize(
    ("candidate", "reference", "same"),
    [
        ("Carrots are being grated by a woman", "A woman is grating carrots", True),
        ("the report of the auditor", "the auditor's report", True),
        ("A woman is being grated by carrots", "A woman is grating carrots", False),
        ("she must sign the lease", "he may sign the lease", False),
        ("how is the dish served", "what is the dish served", False),
        ("a tomato sits on the table", "a tomato sits under the table", False),
        ("the man was bitten by the dog", "the dog bit the man", True),  # a participle unlike its past tense
        ("the dog was bitten by the man", "the man bit the dog", True),
        ("the dog was bit by the man", "the dog bit the man", False),
        ("the startup was acquired", "the startup acquired", False),  # acquired, or acquiring: the roles differ
    ],
)
def test_one_statement_is_the_same_words_in_the_same_roles(candidate: str, reference: str, same: bool) -> None:
    assert same_statement(candidate, reference) is same


def _verdict(candidate: str, reference: str) -> str:
    [verdict] = LexicalJudge().judge_sync([JudgeRequest(JudgeTask.EQUIVALENCE, candidate, reference)])
    return "passed" if verdict.passed else "undecided" if verdict.undecided else "failed"


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("Infrastructure bill passes Senate", "Senate passes infrastructure bill"),  # either side passes the other
        ("Senate clears climate bill", "Climate bill clears Senate"),
        ("Celtics face Lakers in the final", "Lakers face Celtics in the final"),
        ("The truck passed the car", "The car passed the truck"),  # which may differ: never a pass
        ("France fines Google $50 million", "Google fined $50 million in France"),  # a headline's passive
        ("Hurricane hits Florida on Monday", "Florida hit by hurricane on Monday"),
        ("Oracle acquires startup for $2 billion", "Startup acquired by Oracle for $2 billion"),
    ],
)
def test_a_swap_around_a_relation_that_may_read_both_ways_is_undecided(candidate: str, reference: str) -> None:
    assert _verdict(candidate, reference) == "undecided"
    [failure] = run_guards(JudgeTask.EQUIVALENCE, candidate, reference)
    assert failure.guard == "roles"
    assert failure.doubt


@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("man bites dog", "dog bites man"),
        ("Man bites dog", "Dog bit man"),  # another tense, but the participle takes its object directly
        ("France fines Google $50 million", "Google fined France $50 million"),
        ("Ben fines Ana in court", "Ana fined Ben in court"),
        ("Arsenal beat Chelsea 2-0", "Chelsea beat Arsenal 2-0"),
    ],
)
def test_a_swap_around_a_relation_read_one_way_still_fails(candidate: str, reference: str) -> None:
    assert _verdict(candidate, reference) == "failed"


@pytest.mark.parametrize(
    ("candidate", "reference", "verdict"),
    [
        ("PM steps down", "Prime minister resigns", "undecided"),  # an abbreviation of words written in lower case
        ("VP to visit Mexico", "Vice president to visit Mexico", "undecided"),
        ("The prime minister met Ben", "The PM met Ana", "failed"),  # another name besides
        ("Send the file to Raj", "Send the file to Priya", "failed"),
    ],
)
def test_an_abbreviation_of_lower_case_words_is_a_doubt_of_the_names_guard(
    candidate: str, reference: str, verdict: str
) -> None:
    assert _verdict(candidate, reference) == verdict

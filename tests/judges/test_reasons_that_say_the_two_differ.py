"""A reason any clause of which says the two texts differ, beside a passing grade, leaves the verdict undecided; a
reason that negates the difference word itself, or remarks on the wording alone, is read with its grade."""

from __future__ import annotations

import json

import pytest

from mb.judges._prompts import settle
from mb.judges.base import JudgeTask

from .test_llm_misbehaving import ask

DIFFER = [
    "The dates do not match.",
    "Doesn't match: another city.",
    "The values do not match, Paris vs Lyon.",
    "Mismatch: 3 May vs 4 May.",
    "Different cities: Paris and Lyon.",
    "Incorrect.",
    "Nope, another city.",
    "Wrong date.",
    "The candidate is wrong about the date.",
    "The times differ by an hour.",
    "Not the same city.",
    "Not a match: another day.",
    "The response contradicts the expected date.",
    "Dates are different, but both are Mondays.",
    "Does not match exactly, and the city differs.",
    "Different wording and a different city.",
    "The cities are not the same - Paris vs Lyon.",
    "The answer is incorrect; it says 5 pm.",
    "Different wording, but not the same city.",
    "The two conflict on the price.",
    "Phrased differently, but a different date.",
    "The wording differs and the city is not the same.",
]
SAID_OF_THE_WORDING = [
    "Phrased differently, same city.",
    "The wording is different, but the facts match.",
    "Both name Paris; the wording is different.",
    "Although the wording differs, the facts match.",
    "Identical wording and different dates.",
    "Same phrasing with different numbers.",
    "Apart from the wording the cities differ.",
    "Formatted identically and differing in the year.",
    "Not only the wording differs.",
    "Worded differently: 5 pm instead of 6 pm.",
    "Phrased differently; 2023 vs 2024.",
    "Spelled differently: Lyon vs Paris.",
    "The formatting differs: 10:00 vs 11:00.",
    "Phrased differently and means something else.",
    "The wording differs and so does the city.",
    "The phrasing is different; also the year changed.",
]
AGREE = [
    "No mismatch: both say Paris.",
    "Nothing is incorrect.",
    "They do not differ.",
    "Does not match exactly but means the same.",
    "Does not match word for word, but the same date.",
    "Different wording, same meaning.",
    "Differs only in wording.",
    "No difference in meaning.",
    "None of the values differ.",
    "Not wrong: both give 9:40.",
    "Neither value is wrong.",
    "Both match: 4 May at 10:00.",
    "Nothing contradicts the expected response.",
    "Matches in meaning; different phrasing only.",
]


DIFFER_LATER_OR_OTHERWISE = [
    "Hmm, different cities.",
    "Well, the dates differ.",
    "Same city, wrong date.",
    "Close, but different cities.",
    "Almost: different cities.",
    "Although both mention Paris, the dates differ.",
    "Both mention Paris. However the dates are different.",
    "No doubt they differ.",
    "No wonder they differ.",
    "Not surprisingly they differ.",
    "Not just worded differently, the date is also wrong.",
    "Nothing matches.",
    "None of it matches.",
    "Neither the date nor the city match.",
    "They are not identical.",
    "Not equal.",
    "Not matching.",
    "The numbers disagree.",
    "Inconsistent with the expected answer.",
    "Off by one day.",
    "OK, the cities differ.",
    "Right city, different date.",
    "Good attempt, but the year is wrong.",
    "Mostly right, the amount is incorrect though.",
    "Both are polite; the prices conflict.",
    "Same topic. The dates contradict each other.",
    "Close enough in tone, but the numbers disagree.",
    "Similar structure; the totals are inconsistent.",
    "The city matches; the date does not match.",
    "Both mention a meeting, which is on different days.",
    "It names Lyon, which is wrong.",
    "Both give a time. Off by two hours.",
    "Fine overall, though the currency is different.",
    "Yes, same city, but the month is wrong.",
    "Sure, both talk about refunds; the amounts differ.",
    "The first part matches, the second part is incorrect.",
    "Both answers list three items; none of them match.",
    "Partly right: the street is different.",
    "Plausible, yet the year differs.",
    "Looks similar. Sadly, the names are not the same.",
    "Both are in May. Not the same day, though.",
    "The weekday is right; the hour is off by one.",
    "Of course they disagree on the total.",
    "No surprise the two conflict on the date.",
    "Interesting: nothing matches the expected order.",
    "The figures are not equal.",
    "Neither the price nor the quantity matches.",
    "Both say Monday; the times are inconsistent.",
    "Same answer format, different number.",
    "Well written; the city is incorrect.",
    "No match: another city.",
    "Not a single value matches.",
    "Not one date matches.",
    "No field matches the expected one.",
    "Neither date matches.",
    "Nothing here matches.",
]
"""Differences said after an opener, in a later clause or sentence, behind a negation of another word, or in
other words."""

AGREE_THROUGHOUT = [
    "Correct: no mismatch in the facts",
    "The answer is correct and matches",
    "No differences",
    "Not incorrect",
    "Nothing wrong",
    "Equivalent despite different wording",
    "Both say Paris; nothing differs",
    "Does not match exactly but means the same",
    "Both give 4 May at 10:00; no differences.",
    "Same city and date. Nothing is wrong.",
    "The values agree.",
    "Matches the expected answer in every fact.",
    "Correct, both say Paris.",
    "They do not differ in meaning.",
    "There is no mismatch between them.",
    "Nothing contradicts the reference.",
    "Both name the same city; no conflict.",
    "Same meaning, different wording.",
    "Paraphrase of the reference; no factual difference.",
    "There are no real differences.",
    "No significant differences in content.",
    "The amounts are not inconsistent.",
    "Same date, only phrased differently in wording.",
    "The times do not disagree.",
    "Neither answer is wrong; both say 9:40.",
    "None of the facts differ.",
    "Consistent with the expected answer.",
    "Both correct: 3 May at noon.",
    "Identical in meaning.",
    "The candidate restates the reference faithfully.",
    "Not significantly different.",
    "Not materially different.",
    "Correct; nothing conflicts.",
    "Correct, it is not wrong to abbreviate.",
]
"""Reasons that agree in every clause, or negate the difference word itself."""


@pytest.mark.parametrize("reason", DIFFER)
def test_a_first_clause_saying_the_two_differ_leaves_a_pass_undecided(reason: str) -> None:
    verdict = ask(json.dumps({"reason": reason, "differences": [], "score": 5}))
    assert verdict.undecided
    assert not verdict.passed


@pytest.mark.parametrize("task", [JudgeTask.SIMILARITY, JudgeTask.DATE])
@pytest.mark.parametrize("reason", DIFFER[:6])
def test_every_compared_task_reads_a_difference(task: JudgeTask, reason: str) -> None:
    assert settle(task, 4, reason).startswith("undecided: ")


@pytest.mark.parametrize("reason", SAID_OF_THE_WORDING)
def test_differ_said_after_a_word_on_the_wording_leaves_a_pass_undecided(reason: str) -> None:
    assert settle(JudgeTask.EQUIVALENCE, 5, reason).startswith("undecided: ")


@pytest.mark.parametrize("reason", AGREE)
def test_a_negated_difference_or_one_of_wording_is_read_with_its_grade(reason: str) -> None:
    verdict = ask(json.dumps({"reason": reason, "differences": [], "score": 5}))
    assert not verdict.undecided
    assert verdict.passed


@pytest.mark.parametrize("reason", ["The dates do not match.", "Wrong date."])
def test_a_difference_beside_a_failing_grade_is_read_as_the_fail(reason: str) -> None:
    verdict = ask(json.dumps({"reason": reason, "differences": [], "score": 1}))
    assert not verdict.undecided
    assert not verdict.passed


def test_no_beside_nothing_differs_stays_undecided() -> None:
    assert ask(json.dumps({"reason": "No, nothing differs.", "differences": [], "score": 5})).undecided


@pytest.mark.parametrize("reason", DIFFER_LATER_OR_OTHERWISE)
def test_a_difference_in_any_clause_leaves_a_pass_undecided(reason: str) -> None:
    verdict = ask(json.dumps({"reason": reason, "differences": [], "score": 5}))
    assert verdict.undecided
    assert not verdict.passed


@pytest.mark.parametrize("task", [JudgeTask.SUPPORT, JudgeTask.FACT])
@pytest.mark.parametrize("reason", DIFFER_LATER_OR_OTHERWISE[:8])
def test_every_compared_task_reads_every_clause(task: JudgeTask, reason: str) -> None:
    assert settle(task, 4, reason).startswith("undecided: ")


@pytest.mark.parametrize("reason", AGREE_THROUGHOUT)
def test_a_reason_agreeing_in_every_clause_is_read_with_its_grade(reason: str) -> None:
    verdict = ask(json.dumps({"reason": reason, "differences": [], "score": 5}))
    assert not verdict.undecided
    assert verdict.passed


READ_WITH_ITS_GRADE = [
    (JudgeTask.EQUIVALENCE, "A score of 1 means the texts contradict; here they agree, so 5."),
    (JudgeTask.SIMILARITY, "Score 1 would mean the responses contradict each other; they do not, so 5."),
    (JudgeTask.EQUIVALENCE, "If the values differed I would score 1, but both are Paris."),
    (JudgeTask.DATE, "I checked whether the dates differ: they do not."),
    (JudgeTask.SIMILARITY, "1 = contradicts, 5 = same meaning. Same meaning here."),
    (JudgeTask.EQUIVALENCE, "Do they differ? No, both say Paris."),
    (JudgeTask.SUPPORT, "The context says the payment failed and the card was wrong, which supports the claim."),
    (JudgeTask.SUPPORT, "The chunk states the two reports contradict each other, which is what the span claims."),
    (JudgeTask.FACT, "The response states the values do not match, which is the expected fact."),
    (JudgeTask.FACT, "The fact is that the figures are inconsistent with the audit; the response says so."),
    (JudgeTask.EQUIVALENCE, "Matches without any mismatch."),
    (JudgeTask.SIMILARITY, "Absent any contradiction, 5."),
    (JudgeTask.EQUIVALENCE, "Zero mismatches."),
    (JudgeTask.SIMILARITY, "I could not find any contradiction."),
    (JudgeTask.SIMILARITY, "I don't see any differences in meaning."),
    (JudgeTask.SIMILARITY, "There are no mismatches or contradictions."),
    (JudgeTask.SIMILARITY, "The responses are consistent; no contradiction or mismatch."),
    (JudgeTask.SIMILARITY, "Nothing in the answer is inconsistent with the reference."),
    (JudgeTask.SIMILARITY, "Both correct. Differences: none."),
    (JudgeTask.EQUIVALENCE, "Mismatch: none."),
    (JudgeTask.SIMILARITY, "Contradictions: 0."),
    (JudgeTask.DATE, "Not off by anything; exact match."),
    (JudgeTask.SIMILARITY, "I cannot find any difference."),
    (JudgeTask.EQUIVALENCE, "Scores 1-2 are for wrong or mismatched values; these are the same city, 5."),
    (JudgeTask.SIMILARITY, "Checked for any contradiction between the two; found none."),
    (JudgeTask.EQUIVALENCE, "Capitalization differs; same city."),
    (JudgeTask.EQUIVALENCE, "Minor formatting differences only; same facts."),
    (JudgeTask.EQUIVALENCE, "Trailing punctuation differs; otherwise identical."),
    (JudgeTask.SIMILARITY, "Differences are stylistic; the facts are the same."),
    (JudgeTask.SIMILARITY, "Equivalent responses; the differences are only in wording."),
    (JudgeTask.SIMILARITY, "The responses differ in length and style but convey the same information."),
    (JudgeTask.SIMILARITY, "Different tone, same content."),
    (JudgeTask.EQUIVALENCE, "Nothing incorrect or missing."),
    (JudgeTask.SIMILARITY, "Not inaccurate; the same meaning."),
    (JudgeTask.SUPPORT, "The chunk says the parcel is missing, as the span claims."),
    (JudgeTask.SUPPORT, "Supported: the parcel went missing in May."),
    (JudgeTask.FACT, "Expected fact: the versions differ in their license. The response states that."),
    (JudgeTask.EQUIVALENCE, "Differences, if any, are trivial; same city."),
    (JudgeTask.DATE, "If the dates differed, I would score 1; they are the same."),
    (JudgeTask.SUPPORT, "The chunk says the two cards differ from each other, as the span claims."),
    (JudgeTask.EQUIVALENCE, "Correct; the only difference is wording."),
    (JudgeTask.SIMILARITY, "Same date. The difference is the wording."),
    (JudgeTask.SIMILARITY, "The only difference is the wording."),
    (JudgeTask.SIMILARITY, "The differences are in the phrasing; same facts."),
    (JudgeTask.EQUIVALENCE, "It would be incorrect to say they differ."),
    (JudgeTask.SIMILARITY, "Both say the same thing; it would be wrong to call them different."),
    (JudgeTask.EQUIVALENCE, "Both name Paris, not London, as the destination."),
    (JudgeTask.EQUIVALENCE, "Correct, not wrong: both give Paris."),
    (JudgeTask.SIMILARITY, "Same meaning, not just similar wording."),
    (JudgeTask.SIMILARITY, "Matches: all key facts."),
    (JudgeTask.EQUIVALENCE, "Let me compare: expected 'Paris', candidate 'paris'. Equivalent."),
    (JudgeTask.SIMILARITY, "The reference says Monday; the response says Monday too."),
    (JudgeTask.DATE, "If the phrase means 4 May and the argument is 5 May, that is a 2; here both are 4 May."),
    (JudgeTask.SIMILARITY, "Both say the answer was wrong and apologize."),
    (JudgeTask.SIMILARITY, "Both responses explain that the password was incorrect."),
    (JudgeTask.SIMILARITY, "The response does not contain any errors."),
    (JudgeTask.SIMILARITY, "Rather than differing, they are identical."),
    (JudgeTask.SIMILARITY, "Far from contradicting the reference, it restates it."),
    (JudgeTask.EQUIVALENCE, "Identical except for capitalization."),
    (JudgeTask.SIMILARITY, "The response says the store is open except on weekends, as expected."),
    (JudgeTask.SIMILARITY, "Same meaning; only the word order differs."),
    (JudgeTask.SIMILARITY, "Nothing changed; both say the booking was changed to Friday."),
    (JudgeTask.SIMILARITY, "Nothing has changed in meaning."),
    (JudgeTask.SIMILARITY, "The rewording changes nothing of substance."),
    (JudgeTask.SIMILARITY, "No facts are reversed or changed."),
    (JudgeTask.SIMILARITY, "Almost word for word the same."),
    (JudgeTask.DATE, "Not an hour later or earlier: exactly 10:00."),
    (JudgeTask.DATE, "The argument gives 4 May, as expected, not another day."),
    (JudgeTask.EQUIVALENCE, "Semantically identical; word order differs slightly."),
    (JudgeTask.SIMILARITY, "Both explain that the two accounts have conflicting settings."),
    (JudgeTask.SIMILARITY, "The response does not include any incorrect detail."),
    (JudgeTask.SUPPORT, "The chunk says the order was late and the courier gave a wrong reason, as the span does."),
]
"""Reasons whose difference words suppose, ask, report the content of a supported or stated text, are negated, judge
a saying, remark on the wording alone, or contrast what both texts say with a third value."""

UNDECIDED_ALL_THE_SAME = [
    (JudgeTask.EQUIVALENCE, "Is this a match? No."),
    (JudgeTask.FACT, "Same city, wrong date."),
    (JudgeTask.FACT, "Wrong date."),
    (JudgeTask.SUPPORT, "The span contradicts the chunk."),
    (JudgeTask.SIMILARITY, "Without doubt they differ."),
    (JudgeTask.EQUIVALENCE, "No error, or the cities differ."),
    (JudgeTask.EQUIVALENCE, "Mismatch: none of the cities match."),
    (JudgeTask.DATE, "Off by an hour, nothing else."),
    (JudgeTask.EQUIVALENCE, "Different wording and year."),
    (JudgeTask.EQUIVALENCE, "Differs in wording only: Lyon vs Paris."),
    (JudgeTask.EQUIVALENCE, "Different formatting, 10:00 vs 11:00."),
    (JudgeTask.EQUIVALENCE, "Formatting differs, and the city."),
    (JudgeTask.DATE, "The formats differ: 2023-05-04 and 2024-05-04."),
    (JudgeTask.EQUIVALENCE, "Capitalization differs; so does the city."),
    (JudgeTask.EQUIVALENCE, "Nothing differs except the year."),
    (JudgeTask.SIMILARITY, "No mismatch other than the amount."),
    (JudgeTask.EQUIVALENCE, "Paris instead of Lyon."),
    (JudgeTask.DATE, "Tuesday rather than Monday."),
    (JudgeTask.EQUIVALENCE, "Paris vs Lyon."),
    (JudgeTask.EQUIVALENCE, "Lyon \u2260 Paris."),
    (JudgeTask.EQUIVALENCE, "Lyon != Paris."),
    (JudgeTask.SIMILARITY, "The answer is inaccurate."),
    (JudgeTask.SIMILARITY, "Erroneous."),
    (JudgeTask.SIMILARITY, "Matches: none."),
    (JudgeTask.SIMILARITY, "Matching facts: none"),
    (JudgeTask.EQUIVALENCE, "Match: no."),
    (JudgeTask.EQUIVALENCE, "It would be wrong to call them equivalent."),
    (JudgeTask.SIMILARITY, "The difference is the date."),
    (JudgeTask.SIMILARITY, "The response does not mention the date."),
    (JudgeTask.SUPPORT, "The chunk doesn't mention the price."),
    (JudgeTask.SIMILARITY, "Both mention Paris but the date is missing."),
    (JudgeTask.SIMILARITY, "Both say Paris, but the dates differ."),
    (JudgeTask.SIMILARITY, "Both mention the refund though the candidate states a different amount."),
    (JudgeTask.SIMILARITY, "Both say the meeting is on Monday and the response gives the wrong room."),
    (JudgeTask.SIMILARITY, "Both report the delay and the response states an incorrect new time."),
    (JudgeTask.SIMILARITY, "Both say the order was late, while the answer gives a wrong reason."),
    (JudgeTask.EQUIVALENCE, "Contradicts nothing but the date."),
    (JudgeTask.SIMILARITY, "Hardly different: 2023 against 2024."),
    (JudgeTask.FACT, "The response mentions the refund though it states a different amount."),
    (JudgeTask.SUPPORT, "Both say the meeting is on Monday and the span gives the wrong room."),
    (JudgeTask.SUPPORT, "The chunk says prices rose yet the span gives a wrong figure."),
    (JudgeTask.SUPPORT, "The chunk says nothing about the price."),
    (JudgeTask.SIMILARITY, "Contradicts nothing except the year."),
    (JudgeTask.EQUIVALENCE, "Only the wording differs, and the city."),
    (JudgeTask.SIMILARITY, "The answer is mistaken."),
    (JudgeTask.SIMILARITY, "The response misstates the date."),
    (JudgeTask.SIMILARITY, "They are unrelated."),
    (JudgeTask.SIMILARITY, "Irrelevant to the reference."),
    (JudgeTask.SIMILARITY, "Off-topic."),
    (JudgeTask.FACT, "The response says the opposite."),
    (JudgeTask.SIMILARITY, "They diverge on the amount."),
    (JudgeTask.SIMILARITY, "Deviates from the reference on the date."),
    (JudgeTask.FACT, "The answer omits the date."),
    (JudgeTask.EQUIVALENCE, "Missing the city."),
    (JudgeTask.SIMILARITY, "Lacks the date."),
    (JudgeTask.SIMILARITY, "Partially correct."),
    (JudgeTask.SUPPORT, "The chunk does not support this."),
    (JudgeTask.DATE, "Off-by-one error in the day."),
    (JudgeTask.EQUIVALENCE, "Not the right city."),
    (JudgeTask.SIMILARITY, "Similar but not quite."),
    (JudgeTask.SIMILARITY, "The answer is false."),
    (JudgeTask.SIMILARITY, "Dissimilar."),
    (JudgeTask.DATE, "The dates differ, if only by a day."),
    (JudgeTask.EQUIVALENCE, "I would say they differ."),
    (JudgeTask.EQUIVALENCE, "If anything, the dates differ."),
    (JudgeTask.SIMILARITY, "Whether or not the tone matters, the amounts differ."),
    (JudgeTask.SUPPORT, "The span says Tuesday which is wrong."),
    (JudgeTask.FACT, "The response states the year incorrectly."),
    (JudgeTask.EQUIVALENCE, "If we compare them, the cities differ."),
    (JudgeTask.SIMILARITY, "If you look closely, the years differ."),
    (JudgeTask.DATE, "If we are strict, the dates do not match."),
    (JudgeTask.FACT, "If I read it right, the city is wrong."),
    (JudgeTask.SUPPORT, "If checked against the chunk, the year is wrong."),
    (JudgeTask.SIMILARITY, "Whether by design or not, the cities differ."),
    (JudgeTask.EQUIVALENCE, "If the texts are read together then the amounts differ."),
    (JudgeTask.EQUIVALENCE, "It would be wrong to call them equal."),
    (JudgeTask.SIMILARITY, "That would be a different city."),
    (JudgeTask.FACT, "Would say the dates differ."),
    (JudgeTask.SUPPORT, "I would say the dates differ."),
    (JudgeTask.FACT, "The response says the cities differ from the reference."),
    (JudgeTask.FACT, "The answer states a year that differs from the expected one."),
    (JudgeTask.SUPPORT, "The span says the dates do not match the chunk."),
    (JudgeTask.SUPPORT, "It says a city different from the other text."),
]
"""Differences said outright, or reported content where the text compared is not a supported or stated one."""


@pytest.mark.parametrize(("task", "reason"), READ_WITH_ITS_GRADE)
def test_a_supposed_asked_or_reported_difference_is_read_with_its_grade(task: JudgeTask, reason: str) -> None:
    assert not settle(task, 5, reason).startswith("undecided: ")


@pytest.mark.parametrize(("task", "reason"), UNDECIDED_ALL_THE_SAME)
def test_a_difference_said_outright_leaves_a_pass_undecided(task: JudgeTask, reason: str) -> None:
    assert settle(task, 5, reason).startswith("undecided: ")


@pytest.mark.parametrize("words", [700, 20_000])
@pytest.mark.parametrize("task", [JudgeTask.SIMILARITY, JudgeTask.FACT])
def test_a_sentence_too_long_to_read_leaves_a_pass_undecided_saying_so(task: JudgeTask, words: int) -> None:
    reason = " ".join(["same"] * words)  # no sentence ends: every word would be read against the rest of it
    settled = settle(task, 5, reason)
    assert settled.startswith("undecided: a sentence of its reason has")
    assert "characters, more than the 600 read" in settled


@pytest.mark.parametrize("last", ["Same meaning.", "The dates differ."])
def test_a_long_reason_of_short_sentences_is_read_to_its_end(last: str) -> None:
    reason = " ".join(["Both say the order ships on Monday; nothing differs."] * 2_000 + [last])
    assert settle(JudgeTask.SIMILARITY, 5, reason).startswith("undecided: ") == (last != "Same meaning.")

"""One rule for EQUIVALENCE and SIMILARITY, shared by the offline judges: the guards, the same statement, the doubts,
then a band of the judge's raw measure (the local judge's cosine, the lexical judge's word overlap).

Light on purpose: the lexical judge uses it without the ``local`` extra (no numpy, no tokenizers).
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..io._limits import written_json
from ._additions import added_around, answered, non_answer, reads_yes_or_no, set_off, without_courtesy, yes_or_no
from ._confidence import NON_ANSWER_CONFIDENCE, Band
from ._doubts import (
    added_detail,
    added_item,
    anchored_otherwise,
    cues,
    doubts,
    one_counted,
    one_spelling,
    quantified_otherwise,
    same_frame,
    same_spelling,
    stated_on_a_line,
    substitution,
    unshared,
)
from ._guards import GUARD_CAP, NOUGHT_AS_NO, day_said_once, describe_failures, nought_as_no, run_guards
from ._names import spell_regions
from ._quantities import numbers_written_otherwise
from ._roles import same_statement
from ._scoring import HOLDS, scaled
from ._text import content_stems
from .base import JudgeRequest, JudgeTask, Verdict

__all__ = ["DECIDES", "equivalence_verdict"]


UNDECIDED_CONFIDENCE = 0.5
"""The confidence an undecided verdict carries: the judge cannot tell."""

DECIDES = 0.8
"""The calibrated confidence a failure needs to stand: below it (a long pair's failure, right 55% or 60% of the time),
the judge cannot tell with the confidence its calibration promises, and the verdict is undecided."""


def _failure(score: float, reason: str, judge: str, confidence: float) -> Verdict:
    """A failure of that calibrated ``confidence``; undecided below ``DECIDES``, saying which way it leaned."""
    if confidence >= DECIDES:
        return Verdict(score, f"{reason}; confidence {confidence:.0%}", judge, confidence=confidence)
    share = f"{1 - confidence:.0%} of such failures were paraphrases"
    why = f"undecided, leaning {reason}; confidence {confidence:.0%}: {share}"
    return Verdict(min(score, 0.49), why, judge, confidence=UNDECIDED_CONFIDENCE, undecided=True)


_PAST = re.compile(r"\b(?:was|were|did|had)\b")
"""A question restated in the past, which a bare yes or no may not answer ("Is it open?" "Yes, it was.")."""


def _same_read_as_no(candidate: str, reference: str) -> bool:
    """Whether both texts make the same statement once each count of nought is said with "no" (``nought_as_no``),
    neither then reading as a bare yes or no ("None." / "No.") nor saying a cue the other does not."""
    said = nought_as_no(candidate), nought_as_no(reference)
    if any(reads_yes_or_no(text) for text in said) or cues(*said):
        return False
    spelled = same_spelling(said[0], said[1]), same_spelling(said[1], said[0])
    return same_statement(one_spelling(*spelled)[0], one_spelling(spelled[1], spelled[0])[0])


def equivalence_verdict(request: JudgeRequest, raw: float, band: Band, judge: str, *, detail: str = "") -> Verdict:
    """EQUIVALENCE (or SIMILARITY, worded "same meaning") from the raw measure (``detail`` describes it; the cosine by
    default) and the checks: undecided when both texts write a JSON array or object (text similarity cannot see a
    reordered list or a renamed key); failed when a guard fires; undecided when a cue stands (``cues``: a direction word
    against its opposite, a word of frequency, exception, negation, approximation, intention or obligation ("forgot to",
    "has yet to") or a qualified role in one text only, symbols said otherwise ("C++" / "C#", "✅" / "❌"), a question
    against a statement, a sentence that repeats the other text with one word replaced) or a day word only the reference
    says (``day_said_once``; below the band too when the texts share a content word); passed from the band's lower bound
    when both texts make the same statement (``same_statement``: the same words in the same roles), and at any measure
    when they do once a count of nought is said with "no" ("0 errors" / "no errors", ``nought_as_no``); undecided when a
    doubt stands (``_doubts``: reordered words, an omitted qualifier or a word said more times, "became" in one text
    only, questions asking different things, one end of a route said the other way, one word replaced by another or
    several in place, a "one", a word of quantity ("many", "most", "several") or of manner ("heavily", "quite") said in
    one text only, another part after "if", "when", "than"... or an item one text adds to a list (``added_item``) above
    the band's lower bound, added detail below its upper bound); else passed, failed or undecided by the band.
    Both checks read the texts once wording that changes no meaning is aligned (``same_spelling``), and the guards,
    cues and checks read two questions whose openings ask the same ("How can I" / "How do I") with one opening
    (``same_frame``). A line of a
    multi-line candidate (grouped parameters) that states the reference passes, and so do the same words with a region
    written as its code ("Portland, OR" / "Portland, Oregon"), and so do the same words with numbers written otherwise
    (``numbers_written_otherwise``: "$1,200" / "$1200"), while written so only with a magnitude or a comma that may be
    decimal ("1.2k" / "1200", "1.5 million" / "1,500,000") they are undecided. Above the upper bound, words the
    candidate adds before or after the reference's are a doubt (``added_around``: they may hedge or retract it);
    greetings and thanks around a text ("Sure! ...", "... Thanks!") are left out first (``without_courtesy``); a
    whole yes-or-no answer, read before
    them (``yes_or_no``), passes against the same one ("yes" / "yeah", "true" / "True.") and fails against the other; a
    letter ("y"), a boolean against a yes or no, or a yes or no with a mark or other words ("Yes?", "Sure, no.") is
    undecided; a yes or no opening a text ("Yes, it is.", ``answered``), where neither text says more than the question
    restated by a pronoun and an auxiliary (the same in both), fails against the other and passes against the same one;
    where one says more, it is undecided against the same one; then a candidate that answers nothing ("I don't know.",
    ``non_answer``) fails. A failure, by a guard
    (``Band.guarded_confidence``) or the band, whose calibrated confidence is below ``DECIDES`` is undecided
    (``_failure``)."""
    score = scaled(raw, band.high)
    measured = f"{detail or f'cosine {raw:.2f}'}; passes from {band.high:.2f}, fails below {band.low:.2f}"
    if written_json(request.candidate) is not None and written_json(request.reference) is not None:
        reason = f"undecided: two JSON values, whose order, keys and booleans text similarity cannot see; {measured}"
        return Verdict(min(score, 0.49), reason, judge, confidence=UNDECIDED_CONFIDENCE, undecided=True)
    request = replace(request, candidate=set_off(request.candidate), reference=set_off(request.reference))  # "No, the"
    given, expected = yes_or_no(request.candidate), yes_or_no(request.reference)  # before courtesy: not "Sure, no."
    both_read = all(reads_yes_or_no(text) for text in (request.candidate, request.reference))
    opens, opened = answered(request.candidate), answered(request.reference)  # "Yes, ..." is no courtesy here
    request = without_courtesy(request)
    candidate, reference = request.candidate, request.reference
    holds, fails = HOLDS[request.task]
    if given and expected and given[1] != expected[1] and (given[0] == "true") == (expected[0] == "true"):
        answers = [text.strip(" .!").casefold() for text in (candidate, reference)]
        reason = f"{fails}: the candidate answers {answers[0]} where the reference answers {answers[1]}"
        return _failure(min(score, GUARD_CAP), f"{reason}; {measured}", judge, band.guarded_confidence)
    if given and given == expected and given[0] != "y":  # "yes" / "yeah", "No." / "nope", "true" / "True!"
        reason = f"{holds}: the same answer to a yes-no question; {measured}"
        return Verdict(max(score, 0.5), reason, judge, confidence=band.passed_confidence)
    if both_read:  # "y" / "yes", "true" / "yes", "Yes?" / "Yes", "Sure, no." / "no", "yes :)" / "yes"
        reason = f"undecided: a letter, a boolean or a yes or no with a mark or words may answer otherwise; {measured}"
        return Verdict(min(score, 0.49), reason, judge, confidence=UNDECIDED_CONFIDENCE, undecided=True)
    said = {opens[1], opened[1]} if opens and opened else {None}  # the rest of each: "", "it is" or more (None)
    answer = f"the candidate answers {'yes' if opens and opens[0] else 'no'}"
    if opens and opened and opens[0] != opened[0] and None not in said:  # "Yes" / "No, it is not."
        reason = f"{fails}: {answer} where the reference answers the other; {measured}"
        return _failure(min(score, GUARD_CAP), reason, judge, band.guarded_confidence)  # not "Yes, I checked: no ..."
    if opens and opened and opens[0] == opened[0] and said != {None}:  # "Yes" / "Yes, it is.", "Yes, it shipped."
        if None not in said and (len(said) == 1 or ("" in said and not _PAST.search(str(said)))):  # not "it was"
            reason = f"{holds}: the same answer to a yes-no question, the question at most restated; {measured}"
            return Verdict(max(score, 0.5), reason, judge, confidence=band.passed_confidence)
        reason = f"undecided: {answer} too, one text saying more or otherwise, which may restate the question or not"
        reason = f"{reason}; {measured}"
        return Verdict(min(score, 0.49), reason, judge, confidence=UNDECIDED_CONFIDENCE, undecided=True)
    if non_answer(candidate, reference):
        reason = f"{fails}: the candidate answers nothing; {measured}"
        return _failure(min(score, GUARD_CAP), reason, judge, NON_ANSWER_CONFIDENCE)
    candidate, framed = same_frame(candidate, reference)  # "How can I ...?" / "How do I ...?"
    failures = run_guards(request.task, candidate, reference, near=raw >= band.low)
    if failures == [NOUGHT_AS_NO] and _same_read_as_no(candidate, reference):  # "0 errors" / "no errors"
        reason = f"{holds}: the same words in the same roles, reading a count of nought as 'no'; {measured}"
        return Verdict(max(score, 0.5), reason, judge, confidence=band.passed_confidence)
    if failures and all(failure.doubt for failure in failures):
        reason = f"undecided: {describe_failures(failures)}; {measured}"
        return Verdict(min(score, GUARD_CAP), reason, judge, confidence=UNDECIDED_CONFIDENCE, undecided=True)
    if failures:
        reason = f"{fails}: {describe_failures(failures)}; {measured}"
        return _failure(min(score, GUARD_CAP), reason, judge, band.guarded_confidence)
    cued = cues(candidate, reference) if raw >= band.low else []  # below the band the pair is already far apart
    day = day_said_once(candidate, reference)  # below the band too, unless the texts share no content word
    if day and (raw >= band.low or set(content_stems(candidate)) & set(content_stems(reference))):
        cued.append(day)
    if cued:
        reason = f"undecided: {'; '.join(cued)}; {measured}"
        return Verdict(min(score, 0.49), reason, judge, confidence=UNDECIDED_CONFIDENCE, undecided=True)
    written = candidate, reference
    candidate, reference = spell_regions(candidate, reference), spell_regions(reference, candidate)
    respelled = (candidate, reference) != written
    if respelled and content_stems(candidate) == content_stems(reference):
        reason = f"{holds}: the same words, a region written as its code; {measured}"
        return Verdict(max(score, 0.5), reason, judge, confidence=band.passed_confidence)
    candidate, reference = same_spelling(candidate, reference), same_spelling(reference, candidate)
    (mine, mine_read), (theirs, theirs_read) = one_spelling(candidate, reference), one_spelling(reference, candidate)
    spelled = mine, theirs  # "colour" / "color", "3" / "three"
    if raw >= band.low and same_statement(*spelled):
        readings = [framed] if framed else []
        read = "".join(f", reading {reading}" for reading in dict.fromkeys([*readings, *mine_read, *theirs_read]))
        reason = f"{holds}: the same words in the same roles{read}; {measured}"
        return Verdict(max(score, 0.5), reason, judge, confidence=band.passed_confidence)
    if numbers_written_otherwise(candidate, reference):
        reason = f"{holds}: the same words and numbers, the numbers written otherwise; {measured}"
        return Verdict(max(score, 0.5), reason, judge, confidence=band.passed_confidence)
    if numbers_written_otherwise(candidate, reference, loosely=True):  # "1.2k" / "1200"; "5k" may be 5 km
        reason = f"undecided: the same words and numbers if a magnitude is read, commas group thousands; {measured}"
        return Verdict(min(score, 0.49), reason, judge, confidence=UNDECIDED_CONFIDENCE, undecided=True)
    if request.task is JudgeTask.EQUIVALENCE and stated_on_a_line(candidate, reference):  # grouped parameters only
        reason = f"{holds}: a line of the candidate states the reference, the others add detail; {measured}"
        return Verdict(max(score, 0.5), reason, judge, confidence=band.passed_confidence)
    why = doubts(*spelled)
    near = [substitution, one_counted, anchored_otherwise, quantified_otherwise, added_item]
    replaced = [check(candidate, reference) for check in near] if raw >= band.low else []
    added = added_detail(candidate, reference) if raw < band.high else added_around(candidate, reference)
    why += [reason for reason in (*replaced, added) if reason]
    if why:
        reason = f"undecided: {'; '.join(why)}; {measured}"
        return Verdict(min(score, 0.49), reason, judge, confidence=UNDECIDED_CONFIDENCE, undecided=True)
    if raw >= band.high:
        reason = f"{holds}: {measured}; confidence {band.passed_confidence:.0%}"
        return Verdict(score, reason, judge, confidence=band.passed_confidence)
    if raw < band.low:
        differs = unshared(candidate, reference) if band.failed_confidence < DECIDES else ""  # say what differs
        return _failure(score, f"{fails}: {f'{differs}; ' if differs else ''}{measured}", judge, band.failed_confidence)
    reason = f"undecided: {measured} (too close to call offline)"
    return Verdict(score, reason, judge, confidence=UNDECIDED_CONFIDENCE, undecided=True)

"""Deterministic checks for what similarity measures miss: changed numbers, flipped polarity, swapped names.

"Book 5 seats" and "book 6 seats", "the store is open" and "the store is not open" (or "closed"), "meet in Paris" and
"meet in London", "from NYC to LAX" and "from LAX to NYC" look alike to embeddings and to word overlap. Each guard
compares what both texts commit to; a guard that fires caps the score below the decision boundary and names itself
in the reason.

Directions differ by task. EQUIVALENCE (a tool argument against the expected text) and SIMILARITY (a response
against the expected response) want the reference's numbers in the candidate (extra detail is allowed) and fire on
names only when each side names something the other does not. SUPPORT (a cited span against its chunk) wants every
number and name of the span in the chunk, and checks polarity against the chunk sentences that match the span best;
a span that is not, sentence by sentence, a whole sentence of the chunk word for word (``unsupported_wording``) is a
doubt: never supported offline, failed only when another guard fires.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from .._trim import trimmed
from ._doubts import route_ends
from ._names import absent_names, names, plain, spelled_out
from ._overlap import unsupported_wording
from ._polarity import antonym_conflict, negation_conflict
from ._quantities import Quantity, Reading, extract_quantities, same_quantity, unmatched
from ._roles import role_swap, swap_may_read_alike
from ._text import stem, tokens
from .base import JudgeRequest, JudgeTask

__all__ = [
    "GUARD_CAP",
    "MAX_TEXT_CHARS",
    "NOUGHT_AS_NO",
    "GuardFailure",
    "day_said_once",
    "describe_failures",
    "nought_as_no",
    "oversized",
    "precheck",
    "run_guards",
]

GUARD_CAP = 0.25
"""The highest score a pair keeps once a guard fires (grade 2 on the 1-5 scale)."""

MAX_TEXT_CHARS = 100_000
"""Longest text the offline judges check (about 15,000 words); a longer one gets an error, not a guess."""

CONFLICT_PREFIX = "the candidate has"
"""How the numbers guard's detail starts when the candidate states a number differently (not merely leaves it out)."""

_PAIRED = frozenset({JudgeTask.EQUIVALENCE, JudgeTask.SIMILARITY, JudgeTask.SUPPORT})


@dataclass(frozen=True, slots=True)
class GuardFailure:
    """A guard that fired, and why."""

    guard: str
    """``numbers``, ``negation``, ``antonyms``, ``entities``, ``direction``, ``roles`` or (SUPPORT) ``wording``."""

    detail: str
    """What differs, quoting both texts."""

    doubt: bool = False
    """Whether the offline judges' verdict leaves the pair undecided rather than failed: a sign one text gives in
    words ("-5%" / "down 5%"), a swap of roles that may say the same ("bill passes Senate" / "Senate passes bill"), an
    abbreviation of words in lower case ("PM" / "Prime minister"), a cited span the chunk does not say in its words
    (``wording``)."""


def precheck(request: JudgeRequest) -> tuple[float, str] | None:
    """A verdict that needs no judge (blank texts: only whitespace and format characters) as ``(score, reason)``, or
    None to judge normally."""
    candidate, reference = trimmed(request.candidate), trimmed(request.reference)
    if not candidate and not reference and request.task in _PAIRED and request.task is not JudgeTask.SUPPORT:
        return 1.0, "both texts are empty"  # a blank text supports nothing, not even a blank one
    if not candidate:
        return 0.0, "the candidate text is empty"
    if not reference and request.task in _PAIRED:
        return 0.0, "the reference text is empty"
    return None


def oversized(request: JudgeRequest) -> str | None:
    """Why the request is too large for the offline judges' checks, or None."""
    for role, text in (("candidate", request.candidate), ("reference", request.reference)):
        if len(text) > MAX_TEXT_CHARS:
            limit = f"{MAX_TEXT_CHARS:,}"
            return f"the {role} text has {len(text):,} characters, more than the {limit} the offline judges check"
    return None


def _listing(items: list[Quantity]) -> str:
    return ", ".join(repr(q.text) for q in items[:4])


def _unsigned(cand: Sequence[Quantity], ref: Sequence[Quantity]) -> Callable[[Quantity], list[Quantity]]:
    """For a number of the candidate, the first number of the reference saying it with the other sign, when the
    reference says that number more often than the candidate does: then one gained or lost its sign ("-10 and 10" /
    "10 and 10", "-5 and 5" / "-5 and -5"); else nothing. The numbers are indexed by reading once, and each value
    counted once, so a text of many numbers costs time linear in them."""
    at: tuple[dict[Reading, list[int]], dict[Reading, list[int]]] = ({}, {})
    for index, (found, firm) in enumerate(((ref, True), (cand, False))):
        for position, q in enumerate(found):
            if q.kind == "number" and not (firm and q.soft):
                for reading in q.values:
                    at[index].setdefault(reading, []).append(position)
    counted: dict[frozenset[Reading], list[Quantity]] = {}

    def said_otherwise(signed: Quantity) -> list[Quantity]:
        if signed.kind != "number" or not all(isinstance(v, float) and v != 0 for v in signed.values):
            return []
        value = frozenset(-v for v in signed.values if isinstance(v, float))
        if value not in counted:
            theirs, mine = ({p for v in value for p in where.get(v, ())} for where in at)
            counted[value] = [ref[min(theirs)]] if len(theirs) > len(mine) else []
        return counted[value]

    return said_otherwise


_SIGN_WORDS = frozenset(
    ["down", "below", "under", "fell", "fall", "falls", "fallen", "drop", "drops", "dropped", "lost", "lose", "loses",
     "loss", "overdrawn", "minus", "negative", "declined", "decreased", "deficit"]
)  # fmt: skip
"""Words that give a number its sign: "down 5%", "10 below", "fell 4%", "$50 overdrawn", "minus 5"."""


def _sign_in_words(extra: list[Quantity], missing: list[Quantity], candidate: str, reference: str) -> bool:
    """Whether the candidate's numbers are the reference's with the other sign, and the text saying them above zero
    gives a sign in words ("Sales were -5%" / "Sales were down 5%"): a doubt, not a conflict."""
    flipped = sorted(-v for q in extra for v in q.values if isinstance(v, float))
    if len(extra) != len(missing) or flipped != sorted(v for q in missing for v in q.values if isinstance(v, float)):
        return False
    found = [(candidate, q) for q in extra] + [(reference, q) for q in missing]
    unsigned = [(text, q.text) for text, q in found if all(isinstance(v, float) and v > 0 for v in q.values)]
    return bool(unsigned) and all(_near_sign_word(text, number) for text, number in unsigned)


def _near_sign_word(text: str, number: str) -> bool:
    """Whether ``number`` stands in ``text`` beside a word of sign, at most one word between ("down 5%", "fell by 4%",
    "10 below", "$50 overdrawn"; not the 2 of "fell 5 degrees to 2")."""
    sign, said = "|".join(sorted(_SIGN_WORDS)), re.escape(number)
    near = rf"\b(?:{sign})\W+(?:\w+\W+)?{said}(?!\w)|(?<!\w){said}\W+(?:\w+\W+)?(?:{sign})\b"
    return re.search(near, text, re.IGNORECASE) is not None


_BELOW_ZERO = re.compile(
    r"(\d+(?:\.\d+)?(?:\s*(?:°[CF]?|degrees?))?)\s+(below|above) (?:zero\b|0(?![.,]?\d))", re.IGNORECASE
)
"""A number signed in words: "5 below zero" is -5, "10 degrees above zero" is 10 degrees."""


def _signed(text: str) -> list[Quantity]:
    """The quantities of ``text``, a number "below zero" below zero and one "above zero" above it, with no zero."""
    return list(extract_quantities(_BELOW_ZERO.sub(lambda m: f"{'-' if m[2].lower() == 'below' else ''}{m[1]}", text)))


_LETTERED = re.compile(r"(\d+(?:\.\d+)?)[mb]\b", re.IGNORECASE)
"""A number with a letter that may be a magnitude or a unit ("1.2m dollars": million or metres?)."""


def _lettered(extra: list[Quantity], missing: list[Quantity]) -> bool:
    """Whether the numbers in conflict are a number with an unread letter ("1.2m dollars", read as 1.2) and the same
    number a million or a billion times over ("$1.2m", "$1.2 million"): the letter may say just that, a doubt."""
    found = [(q, _LETTERED.search(q.text)) for q in [*extra, *missing]]
    unread = {float(m[1]) * times for q, m in found if m and float(m[1]) in q.values for times in (1e6, 1e9)}
    read = [q for q, m in found if not (m and float(m[1]) in q.values)]
    return bool(unread and read) and all(q.values & unread for q in read)


def _numbers(task: JudgeTask, candidate: str, reference: str) -> GuardFailure | None:
    if task is JudgeTask.SUPPORT:
        cand, ref = list(extract_quantities(candidate)), list(extract_quantities(reference))
        extra = unmatched(cand, ref)
        return GuardFailure("numbers", f"the chunk does not state {_listing(extra)}") if extra else None
    cand, ref = _signed(candidate), _signed(reference)
    missing, extra = unmatched(ref, cand), unmatched(cand, ref)
    if not extra:  # a day word of the reference alone ("today") is a doubt (``day_said_once``), no other number
        missing = [q for q in missing if q.kind != "relday"]
    if not missing:  # "-10 and 10" / "10 and 10": the reference's second 10 is met by no number of the candidate
        said_otherwise = _unsigned(cand, ref)
        unsigned = [(q, found) for q in extra if (found := said_otherwise(q))]
        if unsigned:
            missing, extra = [found[0] for _, found in unsigned], [q for q, _ in unsigned]
    if not missing:  # a time of the reference met only by a bare number, the candidate's own time another one
        times = [r for r in ref if r.kind == "time" and not any(c.kind == "time" and same_quantity(r, c) for c in cand)]
        if not (times and any(c.kind == "time" for c in extra)):
            fewer = [r for r in ref if not r.soft and _count(r, ref) > _count(r, cand)] if extra else []
            if not fewer:
                return None
            detail = f"the candidate adds {_listing(extra)} and says {_listing(fewer)} fewer times than the reference"
            return GuardFailure("numbers", f"{detail}: one may stand for another", doubt=True)
        missing, extra = times, [c for c in extra if c.kind == "time"]
    if extra:
        detail = f"{CONFLICT_PREFIX} {_listing(extra)} where the reference has {_listing(missing)}"
        if _sign_in_words(extra, missing, candidate, reference):
            return GuardFailure("numbers", f"{detail}, a sign the other text may give in words", doubt=True)
        if _lettered(extra, missing):
            return GuardFailure("numbers", f"{detail}, a letter the other text may read as a magnitude", doubt=True)
        return GuardFailure("numbers", detail)
    detail = f"the reference states {_listing(missing)}, the candidate does not"
    negated = [{-v for v in q.values if isinstance(v, float)} for q in missing]
    said = [same for value in negated if (same := next((c for c in cand if c.values == value), None))]
    if len(said) == len(missing) and _sign_in_words(said, missing, candidate, reference):
        saying = f"the reference states {_listing(missing)}, the candidate {_listing(said)}"
        return GuardFailure("numbers", f"{saying}, a sign it may give in words", doubt=True)
    return GuardFailure("numbers", detail)


def _count(one: Quantity, found: Sequence[Quantity]) -> int:
    return sum(same_quantity(one, q) for q in found)


_OTHER_DOLLAR = re.compile(
    r"\b(?:mexic|chile|argentin|colombia|canad|australia|hong kong|singapore|new zealand|taiwan|brazil|uruguay|cuba|"
    r"dominican|jamaica|peso|reais\b|cdmx|bogot|santiago|buenos aires|montevideo|havana|toronto|vancouver|montreal|"
    r"ottawa|sydney|melbourne|auckland|taipei|hk\b|local currenc)",
    re.IGNORECASE,
)
"""A place or currency where "$" is the peso or another dollar ("In Chile a coffee costs $2,000")."""


def _units(candidate: str, reference: str) -> GuardFailure | None:
    """A number in digits both texts state, in a currency or unit one of them leaves out or says more vaguely
    ("\u20ac50" / "50", "50%" / "50", "$50" / "A$50"; "$50" / "50 dollars" where a text names a place or currency of
    another "$", ``_OTHER_DOLLAR``, or any capitalised word but a common one opening a sentence, which may be such a
    place: "Quito rents average $500" / "... 500 dollars"): a doubt; one said otherwise ("\u20ac50" / "\u00a350") is
    a conflict of ``_numbers``."""
    cand, ref = (
        [q for q in _signed(text) if q.kind == "number" and _DIGIT.search(q.text)] for text in (candidate, reference)
    )
    if _OTHER_DOLLAR.search(f"{candidate}\n{reference}") or any(any(names(text)) for text in (candidate, reference)):
        unsure = [[replace(q, unit="") if "$" in q.text and q.unit == "$" else q for q in side] for side in (cand, ref)]
        cand, ref = unsure
    for mine, theirs in ((ref, cand), (cand, ref)):
        for one in unmatched(mine, theirs, units=True):
            other = next((q for q in theirs if same_quantity(one, q)), None)
            if other is not None:
                said = (one.text, other.text) if mine is ref else (other.text, one.text)
                detail = f"the reference states {said[0]!r}, the candidate {said[1]!r}"
                return GuardFailure("numbers", f"{detail}: a currency or unit left out or vaguer", doubt=True)
    return None


def day_said_once(candidate: str, reference: str) -> str | None:
    """A day word ("today", "tomorrow") the reference says and the candidate leaves out, stating no number, day or
    date of its own: what is said may change ("How can I help you today?" / "How can I help?"), yet no number differs,
    so it is a doubt, not a failure of the numbers guard. Another day word or date in the candidate fails that guard."""
    cand, ref = extract_quantities(candidate), extract_quantities(reference)
    days = [q for q in unmatched(ref, cand) if q.kind == "relday"]
    if not days or unmatched(cand, ref):
        return None
    return f"only the reference says {_listing(days)}: the day may matter"


def _entities(task: JudgeTask, candidate: str, reference: str) -> GuardFailure | None:
    (cand_strong, cand_weak), (ref_strong, ref_weak) = names(candidate), names(reference)
    cand_missing = absent_names(cand_strong, candidate, reference)
    if task is JudgeTask.SUPPORT:
        if cand_missing:
            return GuardFailure("entities", f"the chunk does not mention {_quoted(cand_missing, candidate)}")
        return None
    ref_missing = absent_names(ref_strong, reference, candidate)
    if not cand_missing and not ref_missing:
        return _replaced(candidate, reference)
    cand_all = cand_missing + absent_names(cand_weak, candidate, reference)
    ref_all = ref_missing + absent_names(ref_weak, reference, candidate)
    if cand_all and ref_all:
        said, other = _quoted(cand_all, candidate), _quoted(ref_all, reference)
        detail = f"the candidate names {said} where the reference names {other}"
        for mine, text, theirs, other_text in (
            (cand_all, candidate, ref_all, reference),
            (ref_all, reference, cand_all, candidate),
        ):
            if set(theirs) <= spelled_out(mine, text, other_text):  # "PM" / "Prime minister"
                return GuardFailure("entities", f"{detail}, which an abbreviation may stand for", doubt=True)
        return GuardFailure("entities", detail)
    return _replaced(candidate, reference)


def _replaced(candidate: str, reference: str) -> GuardFailure | None:
    """A name only one text writes ("Dallas", "Diana") while a name of the other is said there more often: one
    mention may stand for another ("to Denver ... in Denver" / "to Dallas ... in Denver"), a doubt."""
    for text, other in ((reference, candidate), (candidate, reference)):
        mine, theirs = (Counter(plain(token.lower) for token in tokens(said)) for said in (text, other))
        extra = [name for found in names(other) for name in found if not mine[name]]
        fewer = [name for found in names(text) for name in found if 0 < theirs[name] < mine[name]]
        if extra and fewer:
            detail = (
                f"one text names {_quoted(extra, other)} and says {_quoted(fewer, text)} fewer times than the other"
            )
            return GuardFailure("entities", f"{detail}: one may stand for another", doubt=True)
    return None


def _quoted(found: list[str], text: str) -> str:
    """The first names of ``found`` (case-folded, without accents) quoted as ``text`` writes them: 'Zürich'."""
    said: dict[str, str] = {}
    for token in tokens(text):
        said.setdefault(plain(token.lower), token.text)
    return ", ".join(repr(said.get(name, name)) for name in found[:4])


_DIGIT = re.compile(r"\d")
_NAME_WORD = re.compile(r"[A-Z][\w.'&-]*\Z")
_ARROWS = frozenset({"to", "->", "\u2192", "till", "until"})


@lru_cache(maxsize=1024)  # a chunk is read against every span that cites it (read only)
def _routes(text: str) -> dict[tuple[str, str], None]:
    """Ordered pairs of names joined by "to" ("from NYC to LAX", "Paris -> Lyon") or, backwards, by "from" after a
    "to" ("to LAX from NYC"). One pass over the words."""
    found: dict[tuple[str, str], None] = {}  # in the text's order, so that a reason is the same in every process
    previous: list[str] = []
    run: list[str] = []
    arrow = ""
    lead = last = ""  # the words before the previous run and before the current one

    def close() -> None:
        nonlocal previous, run, arrow, lead
        ends = (" ".join(previous).casefold(), " ".join(run).casefold())
        if run and previous and (arrow in _ARROWS or (arrow == "from" and lead == "to")):
            found[ends[::-1] if arrow == "from" else ends] = None
        previous, run, arrow, lead = run, [], "", last

    for word in text.split():
        bare = word.rstrip('.,;:!?)"')
        if _NAME_WORD.match(bare):
            run.append(bare)
            if bare != word:
                close()
                previous = []
            continue
        if run:
            close()
        if previous and not arrow and (word in _ARROWS or word == "from"):
            arrow = word
        else:
            previous, arrow = [], ""
        last = word
    close()
    return found


def _stems(ends: dict[str, str]) -> list[str]:
    return [stem(ends["from"]), stem(ends["to"])]


def _direction(candidate: str, reference: str) -> GuardFailure | None:
    """A route the candidate takes backwards: "from NYC to LAX" against "from LAX to NYC", "to savings from
    checking" against "from savings to checking"."""
    cand, ref = _routes(candidate), _routes(reference)
    mine, theirs = route_ends(candidate), route_ends(reference)
    if not ref and len(mine) == len(theirs) == 2 and _stems(mine) == _stems(theirs)[::-1]:  # no names: plain words
        cand, ref = {(mine["from"], mine["to"]): None}, {(theirs["from"], theirs["to"]): None}
    for a, b in ref:
        if a != b and (b, a) in cand and (a, b) not in cand:
            detail = f"the candidate goes from {b} to {a} where the reference goes from {a} to {b}"
            return GuardFailure("direction", detail)
    return None


def _first(details: Sequence[str | None]) -> str | None:
    return next((detail for detail in details if detail is not None), None)


_ZERO = re.compile(r"(?i)(?<![\d.,])\b(?:0|zero)(?=\s+(?!of\b)[^\W\d_])|\A\s*none(?=[\s.!]*\Z)")
"""A nought before a word ("0 errors", "zero tolerance", "Press 0 for"; not "0 of 10") or "none" as the whole text:
"no" may say it, a doubt at most (``run_guards``)."""
_PLURAL = r"(?:[a-z]*[a-hj-rtv-z]s|people|children|men|women)(?![\w'-])"
"""A word that may be a plural noun: ending in "s", not in "ss", "us" or "is" ("errors", "days"; not "status")."""
_COUNTED = re.compile(
    r"(?i)(?<![\w.,:=#$\u00a3\u20ac\u00a5-])(?<!\ba\s)(?<!\ban\s)(?<!\bto\s)(?<!\bof\s)(?<!\bis\s)(?<!\bat\s)"
    r"(?:0|zero)(?=\s+(?:(?:failed|skipped|passed|new|open|unread|pending|remaining|outstanding|missing|active|unpaid|"
    r"overdue|critical|major|minor|known|other|more|additional|extra|reported|unresolved|blocked|late|free)\s+)?"
    r"(?!(?:as|has|was|does|yes|always|perhaps|sometimes|unless|across|towards|its|means|equals)\b)"
    + _PLURAL
    + r"(?!\s+"
    + _PLURAL
    + r"))|\A\s*(?P<alone>none)(?=[\s.!]*\Z)"
)
"""A nought counting a plural noun, at most one word of state between ("0 errors", "zero failed tests"; not "0 of
10", "Press 0 for", "zero day exploits", "zero-day", "a zero hours contract", "zero emissions vehicles", "10 errors",
"$0 fees", "set to 0 days"), or "none" as the whole text: "no" says it (``nought_as_no``)."""
NOUGHT_AS_NO = GuardFailure("numbers", "a count of nought the other text may say with 'no'", doubt=True)
"""The doubt left where the guards fail a pair only while a nought is not read as "no" (``run_guards``)."""


def nought_as_no(text: str, *, alone: bool = True) -> str:
    """``text`` with each nought counting a plural noun (``_COUNTED``: "0 errors", "zero complaints", and with
    ``alone`` "none" as the whole text) said with "no"."""
    return _COUNTED.sub(lambda m: m[0] if m["alone"] and not alone else "no", text)


def run_guards(
    task: JudgeTask, candidate: str, reference: str, *, windows: Sequence[str] = (), near: bool = True
) -> list[GuardFailure]:
    """Every guard that fires for this pair. For SUPPORT, ``windows`` are the chunk sentences that best match the
    span; polarity is checked against them (a long chunk may affirm and deny one word in different sentences). Guards
    that fail a pair only while a count of nought is not read as "no" (``_ZERO``: "0 errors" / "no errors", "none" /
    "no") leave it a doubt, if the texts are ``near`` (a far pair fails on its score)."""
    failures = _fired(task, candidate, reference, windows)
    if not near or all(failure.doubt for failure in failures):
        return failures
    said = [_ZERO.sub("no", text) for text in (candidate, reference, *windows)]
    if said != [candidate, reference, *windows] and not _fired(task, said[0], said[1], said[2:]):
        return [NOUGHT_AS_NO]
    return failures


def _fired(task: JudgeTask, candidate: str, reference: str, windows: Sequence[str]) -> list[GuardFailure]:
    against = list(windows) or [reference]
    negation = _first([negation_conflict(candidate, window) for window in against])
    antonym = _first([antonym_conflict(candidate, window) for window in against])
    failures = [
        _numbers(task, candidate, reference) or (None if task is JudgeTask.SUPPORT else _units(candidate, reference)),
        GuardFailure("negation", negation) if negation else None,
        GuardFailure("antonyms", antonym) if antonym else None,
        _entities(task, candidate, reference),
        _direction(candidate, reference),
    ]
    if task is JudgeTask.SUPPORT:
        wording = unsupported_wording(candidate, reference)
        failures.append(GuardFailure("wording", wording, doubt=True) if wording else None)
    elif failures[-1] is None:  # a reversed route is also a swap of roles
        swapped = role_swap(candidate, reference)  # the same words, entities in exchanged roles
        alike = swap_may_read_alike(candidate, reference) if swapped else None  # a doubt: "bill passes Senate"
        failures.append(
            GuardFailure("roles", f"{swapped}; {alike}" if alike else swapped, doubt=bool(alike)) if swapped else None
        )
    return [failure for failure in failures if failure is not None]


def describe_failures(failures: Sequence[GuardFailure]) -> str:
    """One clause per fired guard, for reasons."""
    return "; ".join(f"{failure.guard} guard fired ({failure.detail})" for failure in failures)

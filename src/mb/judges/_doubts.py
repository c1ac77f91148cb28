"""Differences embeddings barely see and no offline rule can settle: the pair is then undecided, never passed.

"Ana is the manager of Ben" and "the manager of Ana is Ben" use the same words in another order (word-swap
paraphrase corpora such as PAWS are full of such pairs, most of them not paraphrases); "writing on a
whiteboard" and "writing" differ by a qualifier the candidate leaves out; "what does a flu rash look like" and "how
soon does a flu rash appear" share a topic but ask different things. Embeddings put each pair close together, yet
some such pairs mean the same and some do not: a reordered clause or an omitted detail may or may not matter. These
checks say the pair cannot be decided offline (an LLM judge, when configured, decides it).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from difflib import SequenceMatcher
from itertools import pairwise

from .._calendar_words import MONTHS, WEEKDAYS
from .._numbers import ONES, ORDINAL_WORDS, TENS, cardinal_words
from ._confidence import SHORT_WORDS
from ._names import people_for_place
from ._polarity import NEGATORS, free_at_no_cost, without_free
from ._quantities import extract_quantities, maybe_times, same_quantity, unmatched
from ._roles import PERSONS, ROLE_PERSONS, WRITTEN_MARKERS, other_markers, owners_differ, voice_changed
from ._symbols import signs_in_words, symbols_differ
from ._text import (
    IRREGULAR,
    PARTICIPLE_AFTER_S,
    PARTICIPLES,
    STOPWORDS,
    clauses,
    content_stems,
    expanded,
    fold,
    normalize,
    sentences,
    stem,
    tokens,
    words,
    written,
)

__all__ = [
    "added_detail",
    "added_item",
    "anchored_otherwise",
    "cues",
    "cues_said",
    "doubts",
    "is_question",
    "negation_said",
    "one_counted",
    "one_spelling",
    "quantified_otherwise",
    "route_ends",
    "same_frame",
    "same_spelling",
    "stated_on_a_line",
    "substitution",
]

_WH = frozenset({"what", "which", "who", "whom", "whose", "when", "where", "why", "how"})
_AUX = frozenset({"is", "are", "was", "were", "do", "does", "did", "can", "could", "should", "would", "will", "to"})
_QUESTION_START = _WH | _AUX | frozenset({"has", "have", "may", "might", "must", "shall"})
_SENTENCE_END = re.compile(r"[.!?]\s*\Z")
_ASKED = re.compile(r"[?\uff1f\u061f\u203d\u2047-\u2049\u2e2e][?!\uff01\s]*\Z")
"""A final question mark, also followed by "!" ("Really?!") or in another script ("\uff1f", "\u061f", "\u203d")."""
_MAX_ROTATED = 200
"""Texts sharing more content words than this are not checked for one part moved to the other end."""
_LINKS = frozenset({"of", "in", "on", "at", "for", "from"})
"""Prepositions that write out a compound: "Paris weather" is "weather in Paris"."""


_ONE_BEFORE = re.compile(r"\b(one)\s+([^\W_]+)", re.IGNORECASE)
_WORD = re.compile(r"[^\W_]+")
_RELATIVE = re.compile(
    r"\b([^\W_]+)(\s*,)?\s+(?:which|that|who)\s+(is|are)\s+([^\W_]+)(?(2)(?:\s*,|\s*(?=[.!?;]|$)))", re.IGNORECASE
)
"""A noun and the one word a relative clause says of it ("a pepper which is green", "a dog, which is black,")."""
_PREPOSITIONS = frozenset({"of", "to", "in", "on", "at", "by", "for", "from", "with", "near", "about", "under", "over",
                           "behind", "beside", "between", "into", "onto", "without"})  # fmt: skip
"""Before a noun's article, a sign that the noun ends a longer phrase the clause may be said of ("the son of the king
who is ill")."""
_TIMES = frozenset({"day", "night", "morning", "afternoon", "evening", "week", "weekend", "month", "year", "time"})
"""Nouns after which "one" is "some", never "a" ("we will meet one day" / "we will meet a day"; "100 dollars one day"
/ "100 dollars a day")."""
_PREFIXES = frozenset({"re", "co", "pre", "un", "de", "over", "under", "out", "up", "down"})
"""Prefixes whose hyphen may change the word ("re-cover" is not "recover", "over-looked" not "overlooked")."""


_VARIANTS = [
    (re.compile(pattern), replacement)
    for pattern, replacement in (
        (r"(?<=[a-z]{3})our(s|ed|ing|ite|ites|able)?$", r"or\1"),  # "colour", "favourite"; not "four", "flour"
        (r"(?<=[a-z]{2})is(e|es|ed|ing|ation|ations)$", r"iz\1"),  # "organise", "organisation"
        (r"(?<=[a-z]{2})ys(e|es|ed|ing)$", r"yz\1"),  # "analyse"
        (r"(?<=[a-z]{2})tre(s)?$", r"ter\1"),  # "centre", "theatre"
        (r"(?<=[a-z]{3})ll(ed|ing|er|ers)$", r"l\1"),  # "cancelled", "travelling"
        (r"(?<=[a-z]{2})ogue(s)?$", r"og\1"),  # "catalogue"
        (r"^grey", "gray"),
        (r"^(licen|defen|offen|preten)ce(s)?$", r"\1se\2"),  # "licence", "defence"
        (r"^cheque(s)?$", r"check\1"),
        (r"^tyre(s)?$", r"tire\1"),
        (r"^programme(s)?$", r"program\1"),
        (r"^jewellery$", "jewelry"),
        (r"^aluminium$", "aluminum"),
        (r"^(some|any|every)body$", r"\1one"),  # "somebody" is "someone"
    )
]
"""British spellings and their American forms ("cheque" is "check": only a text saying "cheque" is read so); a
pronoun in "-body" and its form in "-one"."""
_OTHER_WORDS = frozenset({"metre", "metres"})
"""British spellings whose American form is also another word ("metre", a length; "meter", a device), read as it only
after a number ("100 metres", "a 100-metre race") where the other text's "meters" is surely the unit too (``_UNIT``)."""
_UNIT = r"(?:\d[.,]\d+\s*|\d\s*-\s*){0}\b|\d\s*{0}\s+(?:long|tall|high|wide|deep|away|thick|square|per)\b"
"""Where "meters" is a length: after a decimal or with a hyphen ("2.5 meters", "a 100-meter race"), or followed by a
dimension ("3 meters high"); "install 2 meters" may count devices."""
_SUFFIXES = {1: "st", 2: "nd", 3: "rd"}
_DIGITS = {word: str(value) for word, value in cardinal_words(0, 99).items() if word.isalpha()} | {
    word: f"{value}{_SUFFIXES.get(value % 10 if value // 10 != 1 else 0, 'th')}"
    for word, value in ORDINAL_WORDS.items()
}
"""Numbers written as one word and their digits ("three": "3", "first": "1st", "twelfth": "12th")."""


def _canonical(word: str) -> str:
    """One spelling of a word written in several ways: American for British, digits for a number in words."""
    if word in _DIGITS:
        return _DIGITS[word]
    if word in _OTHER_WORDS:
        return word
    for pattern, replacement in _VARIANTS:
        word = pattern.sub(replacement, word)
    return word


_ONE_AFTER = frozenset({"the", "this", "that", "which", "each", "every", "any", "no", "another", "some", "a"})
"""Words after which "one" is a pronoun ("the one with the red label", "which one"), not the number 1."""


_ONE_BEFORE_TIME = frozenset({"for", "in", "within", "only", "just", "per", "after", "every"})
"""Words after which "one" before a time word counts it ("for one night"), not a time to come ("one day we win")."""
_ONE_LAST = frozenset({"at", "page", "number", "chapter", "room", "step", "level", "gate", "floor", "platform"})
"""Words after which "one" ending a text is the number 1 ("open page one", "call me at one")."""


def _at_one(before: list[str]) -> bool:
    """Whether "at one" ending a text after these words may be the idiom ("we are all at one": agreed), said of a
    subject through "be"."""
    return before[-1:] in (["all"], ["both"], ["again"], ["now"]) or bool({*before[-2:]} & {"am", "is", "are", "be"})


def _one_counts(text: str) -> bool:
    """Whether every "one" of ``text`` is the number 1: before a noun, not a pronoun ("lift the one with the red
    label", "one of them", "the red one"), an idiom ("one another", "at one point") nor a time to come ("one day we
    will win"); before a time word after "for", "in"... ("for one night"); ending the text after "at", "page"...
    ("open page one")."""
    found = ["", *words(text), ""]
    return all(
        found[i - 1] not in _ONE_AFTER
        and "another" not in found[i + 1 : i + 3]
        and found[i - 1 : i + 2 : 2] != ["at", "point"]
        and (
            (found[i + 1] and found[i + 1] not in STOPWORDS | _TIMES)
            or (found[i + 1] in _TIMES and found[i - 1] in _ONE_BEFORE_TIME)
            or (not found[i + 1] and found[i - 1] in _ONE_LAST and not _at_one(found[: i - 1]))
        )
        for i in range(1, len(found) - 1)
        if found[i] == "one"
    )


_CONTRACTED = re.compile(r"\b[^\W_]+['\u2019](?:s|ve|d|ll|re|m|t)\b(?:\s+[^\W_]+)?(?=(\s+[^\W_]+)?)", re.I)
"""A contraction and the word after it, and the next one (what it reads as may hang on them: "she's worked", "she's
lost the keys")."""


_DEGREE_SIGN = re.compile(r"(\d)\s*\u00b0(?![\w\u00b0])")
"""A degree sign after a number with no scale after it ("68°", not "68°F")."""
_DEGREES = re.compile(r"\d\s*(degrees?)\b(?!\s*(?:[cfk]\b|celsius|centigrade|fahrenheit|kelvin))", re.IGNORECASE)
"""A number of degrees with no scale after it ("68 degrees", not "68 degrees F")."""


def one_spelling(text: str, other: str) -> tuple[str, list[str]]:
    """``text`` with each word ``other`` spells otherwise in the one spelling of both ("colour" / "color", "three" /
    "3", "first" / "1st"; not a magnitude in words: "5 or 6 thousand" / "5 or 6000"; a time: "7 pm" / "19:00", "half
    past seven" / "7:30"), for the checks of the same statement and the doubts on word order and omitted words; the
    check of one word replaced reads the texts as written, where "buy 4 shares" / "purchase four shares" differ in two
    words, not one. With it, how each word so read and each contraction the other text does not write was read ("'7
    pm' and '19:00' as one time", "'she's worked' as 'she has worked'")."""
    read = []
    degrees = _DEGREES.search(other)  # "68°" / "68 degrees"; not "68°" / "68 degrees Fahrenheit": which scale?
    if degrees and _DEGREE_SIGN.search(text):
        text = _DEGREE_SIGN.sub(rf"\1 {degrees[1]}", text)
        read.append(f"'\u00b0' as {degrees[1]!r}")
    times = [[q for q in extract_quantities(found) if q.kind == "time"] for found in (text, other)]
    for time in times[0]:  # "at 7 pm" / "at 19:00": both texts then write "t1140"
        same = [t for t in times[1] if t.values == time.values]  # not "half past seven" / "19:30": which one?
        if len(same) == 1 and same[0].text.casefold() != time.text.casefold():
            text = text.replace(time.text, f"t{min(time.values):.0f}")
            read.append(" and ".join(sorted(repr(t) for t in (time.text, same[0].text))) + " as one time")
    numbers = [[q for q in extract_quantities(found) if q.kind == "number"] for found in (text, other)]
    for number in (q for q in numbers[0] if " " in q.text and q.text in text.casefold()):  # "twenty five" / "25"
        if re.search(r"\b(?:thousand|million|billion|trillion)\b", number.text):  # "5 or 6 thousand" / "5 or 6000"
            continue
        same = [n for n in numbers[1] if n.values == number.values and n.text.lstrip("-\u2212\u2013").isdigit()]
        if len(same) == 1:
            text = re.sub(rf"\b{number.text}\b", same[0].text, text, flags=re.IGNORECASE)
            read.append(f"{number.text!r} as {same[0].text!r}")
    said = [token for found in (text, other) for token in tokens(found)]
    names = {token.lower for token in said if token.text[0].isupper() and not token.initial}
    names -= {token.lower for token in said if not token.text[0].isupper()}
    mine, theirs = set(words(text)) - names, set(words(other)) - names  # "Labour Party" / "Labor Party": names
    ours = {_canonical(word): word for word in sorted(theirs - mine)}
    for word in sorted(mine - theirs):
        if word == "one" and not _one_counts(text):
            continue
        unit = word in _OTHER_WORDS and re.search(rf"\d[\s-]*{word}\b", text, re.IGNORECASE)  # "100 metres"
        meters = word.replace("metre", "meter")
        unit = unit and re.search(_UNIT.format(meters), other, re.IGNORECASE)  # not "install 2 meters": devices?
        canonical = meters if unit else _canonical(word)
        if canonical in ours and canonical != word:
            text = re.sub(rf"\b{word}\b", canonical, text, flags=re.IGNORECASE)
            read.append(f"{word!r} as {ours[canonical]!r}")
    for match in _CONTRACTED.finditer(fold(text)):
        said_as = normalize(match.group() + (match.group(1) or ""))  # "it's raining": "it raining", which says no more
        said_as = said_as.rsplit(" ", 1)[0] if match.group(1) else said_as
        if f" {said_as} " not in f" {normalize(text)} ":  # "the band's set the other night": no "has" in the text
            continue
        if match.group().casefold() not in fold(other).casefold() and len(said_as.split()) > len(match.group().split()):
            read.append(f"{match.group()!r} as {said_as!r}")
    return text, read


def same_spelling(text: str, other: str) -> str:
    """``text`` with what it writes otherwise than ``other``, meaning the same, written as ``other`` does: a word said
    of a noun in a relative clause ``other`` puts before it ("a pepper which is green" / "a green pepper"), "one"
    before a word ``other`` has after "a" or "an" ("one man" / "a man"), and a word joined by a hyphen ``other``
    writes as one ("e-mail" / "email"; not after a prefix the hyphen changes: "re-cover" is not "recover"). Two words
    apart are never joined ("a dark room" is not "a darkroom"), and a relative clause moves only when it can be said of
    its noun alone: the noun follows an article with no preposition before it, and agrees with "is" or "are" ("the owner
    of the dogs who is angry" stays). Only the wording changes: the guards read the texts as written, and "one
    ticket" / "tickets" stays apart."""
    theirs = words(other)
    joined = f" {' '.join(theirs)} "

    def said_first(match: re.Match[str]) -> str:
        noun, verb, said = match.group(1), match.group(3), match.group(4)
        before = words(match.string[: match.start()])
        plural = noun.casefold().endswith("s") and not noun.casefold().endswith("ss")
        if (
            said.casefold() in STOPWORDS
            or f" {said} {noun} ".casefold() not in joined
            or before[-1:] not in (["a"], ["an"], ["the"])  # "the owner of the dogs who is angry": whose anger?
            or set(before[-2:-1]) & _PREPOSITIONS
            or (verb.casefold() == "are") != plural
        ):
            return match.group(0)
        return f"{said} {noun}"

    after_article = {stem(word) for first, word in pairwise(theirs) if first in ("a", "an")}

    def article(match: re.Match[str]) -> str:
        noun = match.group(2).casefold()
        if "one" in theirs or noun in _TIMES or stem(noun) not in after_article:
            return match.group(0)
        return ("A" if match.group(1)[0].isupper() else "a") + match.group(0)[3:]

    mine = set(words(text))
    text = _ONE_BEFORE.sub(article, _RELATIVE.sub(said_first, text))
    found = list(_WORD.finditer(text))
    for first, second in reversed(list(pairwise(found))):
        parts = (first.group(0).casefold(), second.group(0).casefold())
        gap = text[first.end() : second.start()].strip()
        joinable = gap == "-" and parts[0] not in _PREFIXES  # "dark room" is no "darkroom"
        one_word = "".join(parts)
        if joinable and one_word.isalpha() and one_word in theirs and one_word not in mine:
            text = text[: first.end()] + text[second.start() :]
    return text


_BREAK = re.compile(r"(?:(?<!\d)(?<!\d\s),|,(?!\s*\d)|[;:.!?])(?=\s|\Z)|[()\u2013\u2014]|\s-+\s")
"""Punctuation that breaks a text into clauses or items (not the comma of "October 15, 1914" or "1, 2")."""


def _in_order(a: list[str], b: list[str]) -> bool:
    """Whether one of the sequences is a subsequence of the other."""
    shorter, longer = sorted((a, b), key=len)
    rest = iter(longer)
    return all(word in rest for word in shorter)


def _between(text: str, first: str, second: str) -> list[str] | None:
    """The words between the content word ``first`` and the next ``second`` (a punctuation mark that breaks the text
    counted as ","), or None."""
    found = [word for piece in _BREAK.split(text) for word in (",", *words(piece))][1:]
    stems = [stem(word) if word not in STOPWORDS and word != "," else "" for word in found]
    if first not in stems or second not in stems[stems.index(first) + 1 :]:
        return None
    start = stems.index(first) + 1
    return found[start : stems.index(second, start)]


def _compound(mine: list[str], theirs: list[str], candidate: str, reference: str) -> bool:
    """The only change of order is two neighbouring words exchanged, joined in one text and linked by a preposition
    in the other: a compound written out ("Paris weather" / "weather in Paris"; "Springfield, Illinois" is no
    compound, nor "what is aspirin used for" / "what is used for aspirin", whose first text says the preposition
    too)."""
    i = next((i for i, (mine_i, theirs_i) in enumerate(zip(mine, theirs, strict=False)) if mine_i != theirs_i), 0)
    first, second = theirs[i], theirs[(i + 1) % len(theirs)]
    if mine != [*theirs[:i], second, first, *theirs[i + 2 :]]:
        return False
    gaps = [_between(reference, first, second), _between(candidate, second, first)]
    links = [gap[0] for gap in gaps if gap and len(gap) == 1 and gap[0] in _LINKS]
    joined = reference if gaps[0] == [] else candidate  # the preposition stays out of it: not "aspirin used for"
    return [] in gaps and bool(links) and links[0] not in words(joined)


_JOINS = frozenset({"and", "or", "but"})
"""Words that join clauses or items: a part moved across one may belong to another clause or item afterwards."""


def _breaks(text: str, shared: set[str]) -> list[str | None]:
    """For each shared content word of ``text`` in order, what stands before it since the previous one: None, a
    punctuation mark ("punct") or a word that joins clauses or items ("join")."""
    found: list[str | None] = []
    pending: str | None = None
    for piece in _BREAK.split(text):
        for word in words(piece):
            if word in _JOINS:
                pending = "join"
            elif word not in STOPWORDS and stem(word) in shared:
                found.append(pending)
                pending = None
        pending = pending or "punct"
    return found


def _moved_whole(candidate: str, reference: str, shared: set[str], moved: int) -> bool:
    """The reference's first ``moved`` shared words went whole to the candidate's end, and no attachment can have
    changed: either nothing breaks the texts but a punctuation mark where the part leaves or joins the rest ("In
    2011, he moved to Stockholm" / "He moved to Stockholm in 2011"), or a punctuation mark sets the part off from the
    rest in both texts ('"We condemn the raid," he said' / 'He said: "We condemn the raid."') and no "and", "or" or
    "but" joins clauses or items. Otherwise the part may attach to another clause or item than before ("In 1990, he
    joined the army and left for Rome" / "He joined the army and left for Rome, in 1990": both actions or the last;
    "Ana and Ben called Carl" / "Ben called Carl and Ana")."""
    mine, theirs = _breaks(candidate, shared), _breaks(reference, shared)
    if len(mine) != len(theirs):
        return not any(mine[1:]) and not any(theirs[1:])
    joins = [(theirs, moved), (mine, len(mine) - moved)]
    coordinated = "join" in mine[1:] or "join" in theirs[1:]
    if not coordinated and all(found[join] == "punct" for found, join in joins):
        return True
    return all(
        kind is None or (kind == "punct" and j == join) for found, join in joins for j, kind in enumerate(found) if j
    )


_BE = frozenset({"is", "are", "was", "were", "be", "been", "being"})


def _after_be(text: str, word: str) -> bool:
    """Whether the content word (a stem) follows a form of "be" in ``text``: said of a thing, not named beside it."""
    found = words(text)
    return any(before in _BE and stem(this) == word for before, this in pairwise(found))


_RELATIVES = frozenset({"that", "which", "who", "whom", "whose"})


def _at_edge(text: str, word: str, *, end: bool) -> bool:
    """Whether the content word (a stem) opens its clause in ``text`` after function words alone ("In 2011, he
    moved"), or ends it (``end``: "he moved in 2011"), before function words alone unless it follows a preposition
    ("if it rains, call me"; not "pizza near vegan me")."""
    for piece in _BREAK.split(text):
        found = words(piece)
        stems = [stem(w) for w in found]
        if word not in stems:
            continue
        if not end:
            return all(w in STOPWORDS for w in found[: stems.index(word)])
        at = len(stems) - 1 - stems[::-1].index(word)
        after_preposition = at > 0 and found[at - 1] in _PREPOSITIONS
        return at == len(found) - 1 or (all(w in STOPWORDS for w in found[at + 1 :]) and not after_preposition)
    return False


_CHAIN = re.compile(r"[^\W_]+['\u2019]s\s+[^\W_]+['\u2019]s\b", re.IGNORECASE)
"""Two possessives in a row ("the company's owner's son"): no word of the chain moves without changing its owner."""


def _reordered(candidate: str, reference: str) -> str | None:
    """The content words both texts share (at least three, or the only two of both) come in another order, other
    than one part moved whole to the other end of one clause (``_moved_whole``: "chocolate chip cookie recipe" /
    "recipe for chocolate chip cookies") or a compound written out ("Paris weather" / "weather in Paris"): "Ana is the
    manager of Ben" / "the manager of Ana is Ben", "a man in a red coat rides a bike" / "a man on a red bike rides in
    a coat", "milk chocolate" / "chocolate milk"."""
    mine, theirs = content_stems(candidate), content_stems(reference)
    shared = set(mine) & set(theirs)
    ours, own = [word for word in theirs if word in shared], [word for word in mine if word in shared]
    pair = len(shared) == 2 == len(set(mine)) == len(set(theirs))  # "milk chocolate" / "chocolate milk"
    if len(shared) < 3 and not pair:
        return None
    if _in_order(ours, own):
        return None
    # each rotation costs a pass over both: bounded for long texts; two words exchanged are no part moved whole
    rotations = len(ours) if 2 < len(ours) <= _MAX_ROTATED else 1
    moved = next((i for i in range(1, rotations) if _in_order(ours[i:] + ours[:i], own)), 0)
    # a lone word said of a thing by "is" in one text may be said of another thing in the other: "the cat chased the
    # dog which is black" / "the black cat chased the dog"
    lone = [ours[0]] if moved == 1 else [ours[-1]] if moved == len(ours) - 1 else []
    predicated = any(_after_be(text, word) for word in lone for text in (candidate, reference))
    # and it must end one clause and open the other: "vegan pizza near me" / "pizza near vegan me" moved no part
    ends = (candidate, reference) if moved == 1 else (reference, candidate)
    inside = any(not (_at_edge(ends[0], word, end=True) and _at_edge(ends[1], word, end=False)) for word in lone)
    # nor across a relative clause: "the drug that cured the disease" / "the disease that the drug cured"
    inside = inside or bool(lone and _RELATIVES.intersection(words(candidate) + words(reference)))
    # in a chain of possessives every word owns the next: "the company's owner's son" / "the son's company's owner"
    chained = any(_CHAIN.search(text) for text in (candidate, reference))
    if moved and not predicated and not inside and not chained and _moved_whole(candidate, reference, shared, moved):
        return None
    if not chained and _compound(list(dict.fromkeys(own)), list(dict.fromkeys(ours)), candidate, reference):
        return None
    return "the same words in a different order: who does what to whom may differ"


def _quoted(stems: list[str], text: str) -> str:
    """The stems quoted as ``text`` writes them."""
    return ", ".join(repr(written(text).get(word, word)) for word in stems)


def unshared(candidate: str, reference: str) -> str:
    """The content words that one text says and the other does not (three of each at most), e.g. "the candidate leaves
    out 'separate', 'city' of the reference and adds 'commune'"; empty when they say the same words."""
    mine, theirs = content_stems(candidate), content_stems(reference)
    missing = list(dict.fromkeys(word for word in theirs if word not in mine))[:3]
    added = list(dict.fromkeys(word for word in mine if word not in theirs))[:3]
    parts = [f"leaves out {_quoted(missing, reference)} of the reference" if missing else ""]
    parts.append(f"adds {_quoted(added, candidate)}" if added else "")
    said = " and ".join(part for part in parts if part)
    return f"the candidate {said}" if said else ""


def _recounted(candidate: str, reference: str) -> str | None:
    """The candidate adds no word the reference lacks, yet says some of its content words fewer times (a dropped
    qualifier: "writing" / "writing on a whiteboard", "the fishermen pulled an old boat" / "the old fishermen pulled
    an old boat") or more times (a word given to another thing: "Lewis Carter introduced Lewis" / "Carter introduced
    Lewis")."""
    mine, theirs = content_stems(candidate), content_stems(reference)
    if not mine or set(mine) - set(theirs):
        return None
    missing, more = Counter(theirs) - Counter(mine), Counter(mine) - Counter(theirs)
    if missing:
        return f"the candidate leaves out {_quoted(list(missing)[:3], reference)} of the reference"
    if more:
        return f"the candidate says {_quoted(list(more)[:3], candidate)} more times than the reference"
    return None


_BECOME = frozenset({"become", "becomes", "became", "becoming"})


def _became(candidate: str, reference: str) -> str | None:
    """One text says "became" more often than the other: a change ("she became a member") where the other may state
    a state ("she was a member")."""
    if sum(word in _BECOME for word in words(candidate)) == sum(word in _BECOME for word in words(reference)):
        return None
    return "one text says 'become' where the other does not: a change or a state"


_DEGREE = frozenset({"very", "too", "all", "each", "both", "only", "or"})
"""Words of degree or scope that lie among the stop words: one text saying one the other does not ("a very sunny
day" / "a sunny day", "delete only the drafts" / "delete the drafts", "invite Ana or Ben" / "invite Ana and Ben")
says more or less than the other."""
_QUANTIFIERS = frozenset({"many", "most", "several"})
"""Words of quantity: one text saying one the other does not ("many of the guests" / "some of the guests", "most
students" / "some students") says more or less than the other; checked above the band's lower threshold (far apart,
the pair fails on its measure)."""


def _degree_words(text: str, other: str) -> set[str]:
    """The words of degree or scope of a text, but "too" ending a clause ("me too": also), "both" before an "and"
    the other text says too ("both Ana and Ben" / "Ana and Ben"), which say no more than the text without them, and
    "most" after "the" ("the most important": a superlative, which another word may say; "a most important" is
    "very important")."""
    joins = "and" in words(other)
    return {
        word
        for clause in clauses(text)
        for i, word in enumerate(clause)
        if word in _DEGREE | _QUANTIFIERS
        and not (word == "too" and i == len(clause) - 1)
        and not (word == "both" and joins and "and" in clause[i + 2 :])
        and not (word == "most" and clause[i - 1 : i] == ("the",))
    }


def _degree(candidate: str, reference: str, said: frozenset[str] = _DEGREE) -> str | None:
    """One text has a word of degree or scope (or of ``said``) the other lacks, or says "most" of a quantity where
    the other says "the most" ("the most votes" / "most votes")."""
    written = said.intersection(words(candidate)) ^ said.intersection(words(reference))
    mine, theirs = _degree_words(candidate, reference), _degree_words(reference, candidate)
    differ = sorted(written & (mine | theirs))
    if differ:
        return f"one text says {', '.join(repr(word) for word in differ)} and the other does not"
    if said & (mine ^ theirs) & {"most"}:
        return "one text says 'most' (of a quantity, or 'a most': very), the other 'the most': how many may differ"
    return None


_PERSONAL = frozenset({"i", "you", "we", "they", "he", "she"})
_SUBJECT_OPENERS = _PERSONAL | frozenset({"it", "there", "anyone", "anything", "someone"})
_IMPERATIVE_TOO = frozenset({"do", "have"})
"""Auxiliaries that are also verbs of a command ("Do the following.", "Have the report ready."): a question only
before a person ("Do you ...", "Have we ...")."""
_CONDITIONAL = frozenset({"should", "had", "were"})
"""Auxiliaries that open a condition before a comma ("Should you need help, call us.", "Had I known, ...")."""
_NAMES_TOO = frozenset({"will", "may", "can"})
"""Auxiliaries that are also names, which may open a statement ("Will Smith left.", "May Chen was promoted.")."""
_INFLECTED = frozenset({"is", "was", "were", "has", "had", "does", "did"})


def _own_verb(verb: str) -> bool:
    """Whether a verb after a name is the name's own, not one a question's subject takes after an auxiliary ("have",
    "do", "be", "need", "proceed", "become"): inflected ("has", "was", "did") or past ("left", "went", "cancelled")."""
    past = _past(verb) or re.fullmatch(PARTICIPLES, verb)
    return verb in _INFLECTED or bool(past and verb != "become" and not re.fullmatch(r"\w*eed|\w{,3}ed", verb))


def is_question(text: str) -> bool:
    """Whether ``text`` asks: it ends with a question mark (``_ASKED``: "?!", "\uff1f"); or it opens with a question
    word or an auxiliary and has no final punctuation; or, one sentence ending with "." or "!", it opens in a
    question's word order, an auxiliary or a modal (maybe with "not") before its subject ("Has your refund been
    approved.", "Is the payment complete!"). Not a command ("Do not share it", "Have the report ready."), a condition
    ("Should you need help, call us."), an auxiliary before its subject alone ("Did it!") nor a name that is also an
    auxiliary ("Will", "May", "Can") before its own verb, inflected or past ("Will Smith has left.", not "Will Ana
    have left.")."""
    found = words(text)
    if _ASKED.search(text):
        return True
    if not found or found[0] not in _QUESTION_START:
        return False
    ended = bool(_SENTENCE_END.search(text))
    if found[0] in _WH or found[0] == "to" or (ended and len(sentences(text)) > 1):
        return not ended
    if found[0] in _CONDITIONAL and "," in text:
        return False
    at = 2 if found[1:2] == ["not"] else 1
    subject = found[at] if at < len(found) else ""
    if found[0] in _IMPERATIVE_TOO:
        return subject in _PERSONAL
    if not ended:
        return True
    if len(found) <= at + 1:  # nothing asked of the subject: "Did it!", "Will do."
        return False
    if subject in _SUBJECT_OPENERS | _DETERMINER_WORDS:  # "Can I have a refund.", never a name
        return True
    after = tokens(text)[at:]
    named = next((i for i, token in enumerate(after) if not token.text[0].isupper()), len(after))  # "Is Ana coming."
    verb = after[named].lower if named < len(after) else ""
    if found[0] in _NAMES_TOO and named and _own_verb(verb):
        return False  # the name's own verb follows it: "Will Smith has cancelled the show.", "Will Smith left."
    return bool(named)


def negation_said(text: str) -> str | None:
    """The words by which ``text`` says a negation, as ``cues`` reads one ("not", "never", "false", "untrue"), or
    None."""
    said = _said(text, "")
    return next(
        (said[cue] for cue in said if cue == "not" or _CUE_PHRASES.get(tuple(cue.split())) == "a negation"), None
    )


def cues_said(text: str, *, tense: bool = True) -> dict[str, str]:
    """The cues ``text`` says (a negation, condition, intention, degree of certainty...), each as written; with
    ``tense`` False, not those of a modality or tense ("will", "may") nor direction words."""
    said = _said(text, "")
    if tense:
        return said
    kinds = {cue: _CUE_PHRASES.get(tuple(cue.split())) or _CUE_KINDS.get(cue) for cue in said}
    return {cue: said[cue] for cue, kind in kinds.items() if cue == "not" or kind not in {None, "a modality or tense"}}


def _frame(text: str) -> tuple[str, ...]:
    """What a question asks: its question word and the word after it ("how soon", "what does", "is")."""
    found = words(text)
    for i, word in enumerate(found):
        if word in _WH:
            following = found[i + 1] if i + 1 < len(found) else ""
            return (word, following if following in _AUX or following not in STOPWORDS else "")
    return (found[0],) if found else ()


def _asks_otherwise(candidate: str, reference: str) -> str | None:
    """Both texts are questions whose question words ask for different things."""
    if not (is_question(candidate) and is_question(reference)):
        return None
    mine, theirs = _frame(candidate), _frame(reference)
    if mine == theirs or not mine or not theirs:
        return None
    return f"the questions ask different things ({' '.join(mine)!r} / {' '.join(theirs)!r})"


_STATES = r"(?! (?:be|feel|look|seem|sound|appear|become)\b)"
"""Verbs of a state, after which "how do I" asks what the state is, not a way ("how do I look" / "how should I
look")."""
_WHAT_TO_DO = r"what (?:do|can|should) i do"
_FRAMES = [
    (kind, re.compile(rf"({frame}) (?=\S+ \S+ \S)"))  # three words at least: not "how should I know that?"
    for kind, frame in (
        ("to deal with", rf"{_WHAT_TO_DO} about|how (?:do|can|should) i deal with"),
        ("a way", rf"{_WHAT_TO_DO}(?= if| when)"),
        ("how", rf"(?:how (?:do|can|should) i|what is the way to){_STATES}"),
        ("where", rf"where (?:do|can|should) i{_STATES}"),
        ("can", r"can i|could i(?! (?:have|be)\b)"),
        ("possible", r"is it possible (?:for me )?to"),
        ("a means", r"am i able to|is there (?:a|any) way (?:for me )?to"),
        ("ok", r"is it (?:ok|okay|alright|all right) (?:for me )?to"),
    )
]
"""The openings that ask the same of a question's rest of three words or more (not "how should I know that?",
rhetorical): what to do if or when ("what should I do if" / "what do I do if"), what to do about a thing ("what
should I do about" / "how do I deal with"), how to do a thing ("how do I", "how can I", "how should I", "what is the
way to"; not before a verb of a state: "how should I feel about it"), where to do it ("where do I", "where can I",
"where should I"; never read as "how"), and whether one may do it: "can I" (and "could I", but not "could I have"
nor "could I be", which may ask of now) asks whether it is possible ("is it possible to"), and, of a thing done, if
there is a means ("am I able to", "is there a way to"); "is it ok to" asks leave, which "can I" may not ("can I get
pregnant on my period?"). Some readings need the rest to show a thing done (``_PAIRS``)."""
_MIND = frozenset({"know", "forget", "believe", "trust", "expect"})
"""Verbs of the mind, after which "how can I" may ask nothing ("how can I forget my own birthday?")."""
_BEFALLS = _MIND | {"get", "have", "be", "catch", "die", "feel", "pass", "lose"}
"""Verbs of what may befall one, which "can I" asks of as possible ("can I get HIV from kissing?") and "is there a
way to" as sought."""
_PAIRS: dict[frozenset[str], frozenset[str] | None] = {
    frozenset({"can", "possible"}): None,
    frozenset({"can", "a means"}): _BEFALLS,
    frozenset({"a means"}): _BEFALLS,
    frozenset({"how"}): _MIND,
    frozenset({"where"}): _MIND,
}
"""Two kinds of openings read as one, and, where the rest must show a thing done (``_does``), the verbs it may not
open with; other kinds are not read as one (nor are "can I" and "is it ok to"), and the openings of a kind not here
are one another ("could I" / "can I")."""
_OBJECT_PRONOUNS = frozenset({"it", "them", "him", "me", "us", "you", "myself", "yourself", "ourselves"})
_NOT_OBJECTS = frozenset(
    {"among", "across", "after", "around", "through", "under", "along", "away", "back", "down", "well", "better"}
    | {"best", "worse", "fast", "like", "against", "versus", "next", "relative", "regarding", "concerning"}
    | {"considering", "according", "including", "following", "during", "compared"}
)
"""Words after a verb that are not its object though not stopwords: prepositions, particles, adverbs."""


def _does(rest: list[str], unsaid: frozenset[str], should: bool) -> bool:
    """The rest of a question opens with a thing done: a verb (not one of ``unsaid``) then straight its object, a
    determiner, a pronoun or a noun ("reset my router", "cook rice"; after a verb of what befalls one, a determiner
    or a pronoun: "get a flu shot", not "get stung"), not a preposition, a particle, an adverb or a participle
    ("compare to others", "do on the test", "measure up", "get tested for it", "come running"); or a thing found
    out ("know if", "tell whether"), unless after "should" ("how should I know if he comes?")."""
    if len(rest) < 2 or rest[0] in STOPWORDS:
        return False
    following, then = rest[1], [*rest, ""][2]
    if following in {"if", "whether"}:
        return not should
    if rest[0] in unsaid:
        return False
    if following in _DETERMINER_WORDS or following in _OBJECT_PRONOUNS or following.isdigit():
        return True
    participle = following.endswith(("ed", "en")) and (not then or then in STOPWORDS)  # not "deleted photos"
    unmarked = following in STOPWORDS or following in _NOT_OBJECTS or following.endswith(("ly", "ing"))
    return not (rest[0] in _BEFALLS or unmarked or participle)


_WHAT_IS = re.compile(r"\Awhat['\u2019]s\b")


def _opening(text: str) -> tuple[str, str, int] | None:
    """The kind, words and length (in ``text``) of the opening ``_FRAMES`` reads at the start of a question."""
    start = len(text) - len(text.lstrip())
    said, grown = _WHAT_IS.subn("what is", text[start:].casefold(), count=1)  # "what's" is one letter shorter
    for kind, frame in _FRAMES:
        match = frame.match(said)
        if match:
            return kind, match.group(1), start + match.end(1) - grown
    return None


def same_frame(candidate: str, reference: str) -> tuple[str, str | None]:
    """``candidate`` with its opening written as the reference's, when both are questions whose openings ask the same
    of the same rest (``_FRAMES``: "How can I reset it?" / "How do I reset it?", "Is it possible to pay by card?" /
    "Can I pay by card?"), and how it was read; else ``candidate`` and None. The checks then read the rest."""
    mine, theirs = _opening(candidate), _opening(reference)
    if not (mine and theirs and is_question(candidate) and is_question(reference)) or mine[1] == theirs[1]:
        return candidate, None
    kinds = frozenset({mine[0], theirs[0]})
    unsaid = _PAIRS.get(kinds)
    rests = (words(candidate[mine[2] :][:200])[:3], words(reference[theirs[2] :][:200])[:3])  # the verb and after
    should = "should" in mine[1].split() + theirs[1].split()
    if (len(kinds) > 1 and kinds not in _PAIRS) or (
        unsaid is not None and not all(_does(rest, unsaid, should) for rest in rests)
    ):
        return candidate, None
    written = reference[: theirs[2]].lstrip()
    return written + candidate[mine[2] :], f"{candidate[: mine[2]].strip()!r} as {written!r}"


def substitution(candidate: str, reference: str) -> str | None:
    """One content word of the reference replaced by another, the rest shared ("raising" / "lowering" an arm, a "man"
    / a "person"; "show hidden files" / "hide hidden files", where the word replaced is said again; "once a month" /
    "once a week", where it is the only content word): a synonym, an opposite or a broader word, which embeddings do
    not tell apart."""
    mine, theirs = Counter(content_stems(candidate)), Counter(content_stems(reference))
    readings = [(mine.keys() - theirs.keys(), theirs.keys() - mine.keys())]
    if max(len(candidate.split()), len(reference.split())) <= SHORT_WORDS:  # in a long text, mostly rewording
        readings.append((set(mine - theirs), set(theirs - mine)))
    mine_words, their_words = words(candidate), words(reference)
    same_length = len(mine_words) == len(their_words)
    in_place = same_length and sum(a != b for a, b in zip(mine_words, their_words, strict=True)) == 1
    function_word = _function_word_otherwise(mine_words, their_words)
    if function_word:
        return function_word
    for added, dropped in readings:
        if (
            len(added) == 1 == len(dropped)
            and (mine & theirs or in_place)
            and _canonical(*added) != _canonical(*dropped)
        ):
            pair = f"{_quoted(list(added), candidate)} / {_quoted(list(dropped), reference)}"
            return f"one word differs ({pair}): a synonym or another meaning"
    return _replaced_in_place(mine_words, their_words)


def _function_word_otherwise(mine: list[str], theirs: list[str]) -> str | None:
    """Nothing differs but one function word said for another, or said in one text only where no object follows it
    ("sign in" / "sign up", "meet me at" / "near the station", "works here" / "there", "log me out" / "log me"; not
    "climbing up a rope" / "climbing a rope"): another relation or place. Articles, auxiliaries, pronouns and "and"
    are read elsewhere, and so are role markers (``other_markers``: "a desk at" / "in the office")."""
    edits = [op for op in SequenceMatcher(a=theirs, b=mine, autojunk=False).get_opcodes() if op[0] != "equal"]
    if len(edits) != 1 or max(edits[0][2] - edits[0][1], edits[0][4] - edits[0][3]) != 1:
        return None
    _, start, end, first, last = edits[0]
    said = mine[first:last], theirs[start:end]
    following = [*mine, ""][last] if said[0] else [*theirs, ""][end]
    either = {_canonical(word) for word in said[0] + said[1]}
    put_in = not (said[0] and said[1]) and following in _DETERMINER_WORDS  # before an object: "climbing up a rope"
    unread = _UNMARKED & either or either <= WRITTEN_MARKERS or put_in
    if len(either) < len(said[0] + said[1]) or not STOPWORDS & either or unread:
        return None
    shown = " where the other says ".join(repr(side[0]) for side in said if side)
    return f"only one text says {shown}, nothing else differs: another relation or place"


def _replaced_in_place(mine: list[str], theirs: list[str]) -> str | None:
    """Two or more content words of the reference each replaced by another where they stand, or one by a pair of
    words and another elsewhere, every other word the same ("the evening flight, transferred automatically" / "the
    morning flight, then transferred manually"; "two blue chairs" / "two green tables"), function words put in or left
    out aside: the texts read alike, yet each word replaced may change what they say. One word for two alone
    ("cheapest" / "least expensive") is rewording, and so, mostly, are a few words replaced in a short text ("Israeli
    forces detain ..." / "Israeli forces arrest ...")."""
    replaced, count = [], 0
    for kind, start, end, first, last in SequenceMatcher(a=theirs, b=mine, autojunk=False).get_opcodes():
        said = mine[first:last], theirs[start:end]
        if kind == "equal" or (kind != "replace" and STOPWORDS.issuperset(said[0] + said[1])):  # "and then" / "and"
            continue
        if kind != "replace" or max(end - start, last - first) > 2:
            return None
        stems = [{stem(_canonical(word)) for word in side if word not in STOPWORDS} for side in said]
        if stems[0] != stems[1] and "".join(said[0]) != "".join(said[1]):  # "11pm" / "11 pm"
            replaced.append((" ".join(said[0]), " ".join(said[1])))
            count += max(len(stems[0] - stems[1]), len(stems[1] - stems[0])) if len(said[0]) == len(said[1]) else 1
    if count < 2 or max(len(mine), len(theirs)) <= SHORT_WORDS:  # a short text: mostly rewording
        return None
    pairs = ", ".join(f"{a!r} / {b!r}" for a, b in replaced[:4])
    return f"words replaced one for one, the rest the same ({pairs}): synonyms or other meanings"


def quantified_otherwise(candidate: str, reference: str) -> str | None:
    """One text has a word of quantity the other lacks ("many of the guests" / "some of the guests"), or of manner or
    degree beside a word both say (``_manner``: "it rained heavily" / "it rained")."""
    manner = _manner(candidate, reference) or _manner(reference, candidate)
    if manner:
        return f"only one text says {manner!r} (of manner or degree) beside a word both say"
    return _degree(candidate, reference, _QUANTIFIERS)


_DEGREE_BEFORE = frozenset({"so", "quite", "rather", "somewhat"})


def _manner(text: str, other: str) -> str | None:
    """A word of manner or degree ``text`` adds to every content word of ``other``, beside one of them: an
    adverb in "-ly" ("it rained heavily" / "it rained", "she completely forgot" / "she forgot"; not a name: "Kelly
    said", nor a frequency: "daily"), or "so", "quite", "rather", "somewhat" before the word ("quite cold" / "cold";
    not "so far" / "now")."""
    found, theirs = words(text), {stem(word) for word in words(other)}
    shared = set(content_stems(other))
    if not shared <= set(content_stems(text)):  # "too quickly" / "too fast": worded otherwise, not left out
        return None
    as_written = set(_WORD.findall(fold(text)))
    for i, word in enumerate(found):
        beside = {stem(w) for w in found[i + 1 : i + 2]}
        adverb = len(word) > 4 and word.endswith("ly") and word not in _OFTEN and (word in as_written or i == 0)
        beside |= {stem(w) for w in found[max(i - 1, 0) : i]} if adverb else set()
        if (adverb or word in _DEGREE_BEFORE) and stem(word) not in theirs and beside & shared:
            return word
    return None


def one_counted(candidate: str, reference: str) -> str | None:
    """One text says "one" and the other does not ("delete one of the drafts" / "delete the drafts", "book one
    ticket" / "book tickets"): the numbers guard reads a lone "one" as no count, yet it may narrow what is meant.
    "One" where the other text says "a" is the article (``same_spelling``)."""
    if ("one" in words(candidate)) == ("one" in words(reference)):
        return None
    return "one text says 'one' and the other does not: the count may differ"


def added_detail(candidate: str, reference: str) -> str | None:
    """The candidate states every content word of the reference, in order, and adds some: extra detail, which a tool
    argument may carry ("trade publication Variety put up for sale" / "Variety up for sale") or which may change the
    goal; never a confident failure."""
    mine, theirs = content_stems(candidate), content_stems(reference)
    if not theirs or len(mine) <= len(theirs) or not _in_order(theirs, mine):
        return None
    return "the candidate states every content word of the reference and adds detail"


_LISTED = re.compile(r"[^\W_]+|[^\w\s]")
_JOINING = frozenset({"and", "or", "&", "plus"})
_ITEM_WORDS = 3
"""The most words of an item of a list between its commas ("Alice, Bob and Eve", "red, dark blue or green")."""


def _opens_list(said: list[str], at: int) -> bool:
    """Whether the comma at ``at`` separates items of a list: a joining word follows, only items and commas between."""
    run = 0
    for part in said[at + 1 :]:
        if part in _JOINING:
            return True
        run = 0 if part == "," else run + 1
        if run > _ITEM_WORDS or not (part == "," or part[0].isalnum()):
            return False
    return False


def _listed(text: str) -> set[str]:
    """The stems of the words beside a joining word ("read and write", "Bob or Eve") or beside a comma of a list
    ("Alice, Bob and Eve"): the items of the text's lists."""
    said = [part.casefold() for part in _LISTED.findall(fold(text))]
    marks = [i for i, part in enumerate(said) if part in _JOINING or (part == "," and _opens_list(said, i))]
    return {stem(said[i]) for at in marks for i in (at - 1, at + 1) if 0 <= i < len(said) and said[i][0].isalnum()}


def added_item(candidate: str, reference: str) -> str | None:
    """One text says every content word of the other and adds an item or a number to a list ("refund order 1001" /
    "refund orders 1001 and 1002", "invite Alice and Bob" / "invite Alice, Bob and Eve", "read access" / "read and
    write access"): a longer list reads as close as the same one, however high the similarity."""
    for text, other in ((candidate, reference), (reference, candidate)):
        mine, theirs = set(content_stems(text)), set(content_stems(other))
        added = (mine - theirs) & _listed(text)
        if theirs and theirs < mine and added:
            item = next(word for word in words(text) if stem(word) in added)
            return f"one text adds {item!r} to a list the other gives without it"
    return None


def stated_on_a_line(candidate: str, reference: str) -> bool:
    """A line of a multi-line candidate (a group of parameters is joined one per line) states exactly the reference's
    content words, in order: the other lines add fields ("Design review" and a location for "Design review")."""
    theirs = content_stems(reference)
    lines = candidate.splitlines()
    return len(lines) > 1 and bool(theirs) and any(content_stems(line) == theirs for line in lines)


def route_ends(text: str) -> dict[str, str]:
    """The first content word after the one "from" and after the one "to" of a text, names or not ("transfer 100 to
    savings from checking": from checking, to savings)."""
    found = words(text)
    ends = {
        marker: next((w for w in found[found.index(marker) + 1 :] if w not in STOPWORDS), "")
        for marker in ("from", "to")
        if found.count(marker) == 1
    }
    return {marker: end for marker, end in ends.items() if end}


def _other_way(candidate: str, reference: str) -> str | None:
    """One end of a route said the other way ("an email from the manager" / "an email to the manager"); "die from" and
    "die due to" an illness go nowhere, so this is a doubt, not a failure."""
    mine, theirs = ({marker: stem(end) for marker, end in route_ends(text).items()} for text in (candidate, reference))
    for one, other in (("from", "to"), ("to", "from")):
        end = theirs.get(one)
        if end and mine.get(other) == end and mine.get(one) != end and theirs.get(other) != end:
            word = route_ends(reference)[one]
            return f"the candidate says {other} {word!r} where the reference says {one} it: the direction may differ"
    return None


_SUBORDINATORS_TEXT = "if unless when whenever before after because since while until than instead rather then"
_SUBORDINATORS = frozenset(_SUBORDINATORS_TEXT.split())
"""Words that tie a clause or a part to the rest: what follows them depends on, is compared with or replaces the
rest ("if it rains, we stay home" / "if we stay home, it rains")."""


def anchored_otherwise(candidate: str, reference: str) -> str | None:
    """Both texts say a word of ``_SUBORDINATORS`` once, followed by another content word: the clauses or parts it
    ties may have exchanged places ("the alarm rings when the door opens" / "the door opens when the alarm rings");
    or "than" after another word ("flights cheaper than $300" / "flights more expensive than $300")."""
    mine, theirs = words(candidate), words(reference)
    for word in sorted(_SUBORDINATORS.intersection(mine)):
        if mine.count(word) != 1 or theirs.count(word) != 1:
            continue
        after = [
            next((stem(w) for w in found[found.index(word) + 1 :] if w not in STOPWORDS), "")
            for found in (mine, theirs)
        ]
        if after[0] != after[1]:
            return f"another part follows {word!r}: what depends on what may differ"
        before = [
            [stem(w) for w in found[max(found.index(word) - 4, 0) : found.index(word)]] for found in (mine, theirs)
        ]
        if (
            word == "than"
            and before[0]
            and before[1]
            and before[0][-1] not in before[1]
            and before[1][-1] not in before[0]
        ):
            return "another comparison before 'than': it may be the opposite"
    return None


_OPPOSED = frozenset(
    frozenset(pair) for pair in (("from", "to"), ("from", "into"), ("from", "for"), ("for", "with"), ("for", "by"))
)
"""Prepositions that give opposed roles: one replaced by the other changes who gives, gets or does."""


def _markers_alone(candidate: str, reference: str) -> bool:
    """The texts say the same words with the prepositions exchanged ("for her brother from the shop" / "from her
    brother for the shop"), or differ in nothing but one preposition replaced by an opposed one ("worked for the
    client" / "with the client"): in a long text, where another preposition is mostly rewording ("accompaniments to
    varieties" / "for varieties"), these change a role."""
    mine, theirs = words(candidate), words(reference)
    if Counter(mine) == Counter(theirs):
        return True
    rest = [[word for word in found if word not in _PREPOSITIONS] for found in (mine, theirs)]
    replaced = (
        {frozenset((a, b)) for a, b in zip(mine, theirs, strict=False) if a != b} if len(mine) == len(theirs) else set()
    )
    return rest[0] == rest[1] and len(replaced) == 1 and replaced <= _OPPOSED


def doubts(candidate: str, reference: str) -> list[str]:
    """Why the pair cannot be decided offline (empty when nothing stands in the way)."""
    found = [
        _reordered(candidate, reference),
        _recounted(candidate, reference),
        _became(candidate, reference),
        _asks_otherwise(candidate, reference),
        _other_way(candidate, reference),
        _degree(candidate, reference),
    ]
    short = max(len(candidate.split()), len(reference.split())) <= SHORT_WORDS
    if short:  # in a long text, mostly rewording
        found.append(voice_changed(candidate, reference))
    found.append(people_for_place(candidate, reference))
    if owners_differ(candidate, reference):
        found.append("the possessives give the same words other owners")
    if other_markers(candidate, reference) and (short or _markers_alone(candidate, reference)):
        found.append("other prepositions join the same words: the roles may differ")
    return [reason for reason in found if reason is not None]


_CUES = {
    "a frequency or multiplier": "once twice thrice double half triple every_other again",
    "an exception": "except unless but_not apart_from excluding all_but everyone_but everybody_but everything_but "
    "anyone_but anything_but nobody_but none_but nothing_but",
    "a negation": "false untrue not_true incorrect inaccurate wrong doubt hardly barely scarcely no_longer fail_to "
    "refus deny",
    "an approximation": "almost nearly partly partial partially not_quite",
    "a qualified role": "former ex previous late acting deputy vice assistant",
    "a modality or tense": "will would shall should can could may might must had d",
    "a bound": "at_least at_most up_to more_than less_than fewer_than exactly",
    "a condition or time": "if when whenever before after because since while until",
    "an intention or a claim": "plan_to plans_to hope_to hopes_to intend_to aim_to aims_to try_to tries_to "
    "attempt_to promise_to threaten_to claim claims alleged allegedly reportedly supposedly purportedly think thinks "
    "thought believe believes believed hoped",
    "an intention, obligation, attempt or appearance": "forget_to neglect_to omit_to decline_to need_to want_to ask_to "
    "tell_to supposed_to mean_to meant_to expect_to wait_to yet_to still_to seem_to appear_to pretend_to offer_to "
    "agree_to agreed_to hesitate_to ought_to has_to have_to require_to required_to oblige_to obliged_to obligate_to "
    "obligated_to got_to gotta wanna struggle_to struggled_to resolve_to resolved_to undertake_to undertook_to "
    "arrange_to arranged_to prepare_to prepared_to instruct_to instructed_to remind_to reminded_to was_to were_to",
    "an owner": "whose",
    "a degree of certainty": "probably maybe perhaps possibly likely unlikely apparently presumably seemingly "
    "conceivably",
}
"""Words (by stem; "_" joins a phrase) that change what a statement says when one text says them and the other does not:
"take two tablets (twice) daily", "open (except) on weekends", "everyone (but) Tom", "(I doubt) your order ships",
"(almost) approved", "the (former) capital", "the store (will / would) open", "(at least / up to) 20 guests", "pay (by /
after) Friday", "take the pill (while / after) pregnant", "(plans to) build a bridge", "(claims) he is innocent", "Ben
(forgot to / needs to / has yet to / seemed to) pay", "the painter, (who was the brother of / whose brother was) her
teacher"; "d" is a "'d" left as written ("What'd you say": "did" or "would", "I'd put it": "had" or "would")."""
_CUE_PHRASES = {
    tuple(stem(word) for word in cue.split("_")): kind for kind, cues in _CUES.items() for cue in cues.split()
}
_CERTAINTY = frozenset(" ".join(phrase) for phrase, kind in _CUE_PHRASES.items() if kind == "a degree of certainty")
_DIRECTIONS = """in:out into:out over:under above:below before:after with:without including:excluding on:off up:down
inside:outside"""
_OPPOSITE_DIRECTION = [(stem(pair.split(":")[0]), stem(pair.split(":")[1])) for pair in _DIRECTIONS.split()]
_DIRECTION_WORDS = frozenset(word for pair in _OPPOSITE_DIRECTION for word in pair)
_CUE_WORDS = frozenset(" ".join(phrase) for phrase in _CUE_PHRASES)
"""Direction words and their opposites: one text saying one where the other says the other ("in the fridge" / "out
of the fridge", "children over 12" / "under 12") may say the opposite."""


_DETERMINERS = "the a an my your his her its our their this that these those some any every each"
_DETERMINER_WORDS = frozenset(_DETERMINERS.split())
_ASPECT = re.compile(rf"\b(?:(was|were) )?(going|used|about) to (?!(?:{'|'.join(_DETERMINERS.split())})\b)[^\W\d_]+")
"""An action to come, meant or past ("is / was going to sell", "used to live", "about to close"), read on normalized
words; not a place gone to ("going to the store")."""
_NUMBERS = rf"(?:{'|'.join(TENS)})(?:[- ](?:{'|'.join(ONES[1:10])}))?|{'|'.join(ONES[:0:-1])}"
"""A number from one to ninety-nine in words, as a regular expression."""
_PERFECT = re.compile(
    rf"\b(has|have) (?:(?:already|just|never|not|always) )?(?:{PARTICIPLES}|[^\W\d_]+(?:ed|en|wn|ne))\b"
    rf"(?=.* (?:since \w|for (?:\d+|a|an|many|several|years|months|weeks|days|hours|decades|{_NUMBERS})\b))"
)
"""The perfect, an auxiliary "has" or "have" before a participle, said of a length of time or a start: "has lived
here for ten years" (or "since 2010") still does, "lived here for ten years" no longer."""
_ABOUT = re.compile(
    rf"\b(?:roughly|approximately|circa|(?:about|around|some|close to) (?:\d+|(?:{_NUMBERS})\b))|~\s*\d+"
)
"""An amount said to be approximate ("about two hours", "some 500 copies", "roughly 400", "close to 500", "~500"),
however said."""
_OVER = re.compile(rf"\b(?:over|under|above|below) (?:\d+|(?:{_NUMBERS})\b)")
"""A bound said by a direction word before a number ("over 500 people", "under 12")."""
_BY_OR_TO = re.compile(rf"(?<![\d.] )\b(by|to) (?:\d+(?:\.\d+)?\b|(?:{_NUMBERS})\b)")
"""A change or a level said by a preposition before a number ("rose by 50%" / "rose to 50%"); not a span ("2 to 3")."""
_TIMES_SAID = re.compile(rf"\b(?:\d+|{_NUMBERS}|several|many) times\b")
"""How often, by a count: "8 times a day" is not "every 8 hours"."""
_OFTEN = frozenset({"hourly", "daily", "nightly", "weekly", "monthly", "yearly", "annually"})
"""Words that say how often: "email the team weekly" is each week, not once."""
_GOVERNED = re.compile(
    r"\b(?:(?:(?:consider|avoid|postpon|delay|stop|quit)[a-z]*(?: short of)?|(?:put|putting|puts) off|(?:think|thinks|"
    r"thinking|thought) (?:about|of)) [^\W\d_]+ing|wish(?:es|ed)?(?: \w+)? (?:had|could|would|were) [^\W\d_]+|(?:is|are"
    rf"|was|were) (?:due|set|scheduled) to (?!(?:{'|'.join(_DETERMINERS.split())})\b)[^\W\d_]+)\b"
)
"""A verb before another that leaves its action undone ("put off / considered / avoided paying", "thought about
booking"; "wishes she had paid", "is due to pay"), read on normalized words."""
_CUE_KINDS = {
    "doing": "an intention, obligation, attempt or appearance",
    **dict.fromkeys(("times", "each time"), "a frequency or multiplier"),
    **dict.fromkeys(("was going to", "use to", "about to", "has"), "a modality or tense"),
    "about": "an approximation",
    "over a number": "a bound",
    **dict.fromkeys(("by a number", "to a number"), "a change or a level"),
}
"""The kind of each cue ``_said`` reads from written words rather than stems."""


def _said(text: str, other: str) -> dict[str, str]:
    """The cue phrases and direction words a text says (by stem, with the words as written), ``not`` for any
    negator and ``each time`` for a frequency ("every Monday", "weekly"); not in a time ("half past seven" counts
    nothing); "gluten-free" says "without gluten"; a sign of comparison is read as its words ("\u2265 10": "at least
    10", "= 10": "exactly 10")."""
    text = signs_in_words(text)
    for time in dict.fromkeys(q.text for q in extract_quantities(text) if q.kind == "time"):
        text = text.replace(time, " ")
    text = without_free(text, other)
    written = words(text)
    found = [stem(word) for word in written]
    said = {
        " ".join(phrase): " ".join(written[i : i + len(phrase)])
        for phrase in _CUE_PHRASES
        for i in range(len(found))
        if tuple(found[i : i + len(phrase)]) == phrase
    }
    said.update({found[i]: word for i, word in enumerate(written) if found[i] in _DIRECTION_WORDS})
    joined = " ".join([*written, *re.findall(r"~\s*\d+", text)])  # "~500": words drop the "~"
    for match in _ASPECT.finditer(joined):  # "was going to sell", "used to live", "about to close"
        cue = f"{'was ' if match.group(1) else ''}{stem(match.group(2))} to"
        cue = "will" if cue == "going to" else cue  # "is going to call" says what "will call" says
        said[cue] = match.group(0).rsplit(" ", 1)[0]
    for by_or_to in _BY_OR_TO.finditer(joined):  # "rose by 50%" / "rose to 50%"
        said[f"{by_or_to.group(1)} a number"] = by_or_to.group(0)
    for cue, pattern in (
        ("has", _PERFECT),
        ("about", _ABOUT),
        ("over a number", _OVER),
        ("times", _TIMES_SAID),
        ("doing", _GOVERNED),
    ):  # "has lived" / "lived", "about 2 hours" / "2 hours"
        first = pattern.search(joined)
        if first:
            said[cue] = first.group(0)
    often = [f"{a} {b}" for a, b in pairwise(written) if a in {"every", "each"} and stem(b) in _WHEN_STEMS]
    if often or _OFTEN.intersection(written):  # "every Monday" / "on Monday", "weekly" / "this week"
        said["each time"] = next(iter(often), next((word for word in written if word in _OFTEN), ""))
    if NEGATORS.intersection(written):  # as written: "nobody" stems to "nobodi"
        said["not"] = next(word for word in written if word in NEGATORS)
    return said


def _it_counts(candidate: str, reference: str) -> bool:
    """Whether "it" names a person of its own: in short texts that both say it (in a long text mostly a thing referred
    to again; in one text only, often no one: "it depends how you define it" / "depends how you define it")."""
    short = max(len(candidate.split()), len(reference.split())) <= SHORT_WORDS
    return short and all({"it", "its", "itself"} & set(words(text)) for text in (candidate, reference))


def _persons(text: str, with_it: bool) -> list[str]:
    """The person each pronoun of a text names, in the text's order; "it" too ``with_it`` (``_it_counts``)."""
    table = ROLE_PERSONS if with_it else PERSONS
    return [table[word] for word in words(text) if word in table]


def _persons_differ(candidate: str, reference: str) -> bool:
    """Both texts name persons by pronoun, but not in the same order of first mention ("she loves him" / "he loves
    her", "its mother feeds them" / "their mother feeds it"), or, all their other words the same, not as often each or
    not in the same case ("she gave him her book" / "she gave him his book", "he borrowed money from his brother" /
    "his brother borrowed money from him", "its mother feeds them" / "their mother feeds them"), or, all their words the
    same, in other places ("he saw himself in it" / "he saw it in himself")."""
    with_it = _it_counts(candidate, reference)
    mine, theirs = _persons(candidate, with_it), _persons(reference, with_it)
    if not (mine and theirs):
        return False
    if list(dict.fromkeys(mine)) != list(dict.fromkeys(theirs)):
        return True
    said = [Counter(words(text)) for text in (candidate, reference)]
    rest = [Counter({word: n for word, n in found.items() if word not in ROLE_PERSONS}) for found in said]
    return (rest[0] == rest[1] and said[0] != said[1]) or (
        said[0] == said[1] and mine != theirs and _placed(candidate) != _placed(reference)
    )


def _placed(text: str) -> list[tuple[str, ...]]:
    """The pronouns of each clause of a text in order, the clauses in any order (a clause moved whole moves its
    pronouns with it: "if he calls, tell him I left" / "tell him I left if he calls"); a reflexive that only stresses
    ("he himself did it", "he did it himself") left out."""
    found: list[tuple[str, ...]] = []
    for clause in clauses(text):
        for part in re.split(rf"\b(?=(?:{'|'.join(_SUBORDINATORS)})\b)", " ".join(clause)):
            said = ["", *part.split(), ""]
            found.append(
                tuple(
                    word
                    for before, word, after in zip(said, said[1:], said[2:], strict=False)
                    if word in ROLE_PERSONS and not (word.endswith("self") and _stresses(before, word, after))
                )
            )
    return sorted(persons for persons in found if persons)


def _stresses(before: str, reflexive: str, after: str) -> bool:
    """Whether a reflexive only stresses who acts: right after its person ("he himself") or ending its clause after no
    preposition ("he did it himself"; not "he saw it in himself")."""
    return ROLE_PERSONS.get(before) == ROLE_PERSONS[reflexive] or (not after and before not in _PREPOSITIONS | {""})


_SCOPE = NEGATORS | frozenset({"only", "even", "just", "also"})
"""Words that bear on the word after them: "not all birds can fly" is not "all birds cannot fly", "only Ana passed
the test" not "Ana passed only the test"."""


_SCOPE_WORDS = frozenset({"also", "too", "as", "well", "even"})
"""The words of "also", "too", "as well" (one meaning) and "even", left out when comparing the rest of two texts."""


def _scoped(text: str) -> list[tuple[str, str]]:
    """Each word of ``_SCOPE`` a text says, with the word that follows it and the first after it that is no
    determiner ("only the manager" / "only the code"), and how often the text said that word before ("only the old
    man saw the old car" / "the old man saw only the old car")."""
    found = words(text)
    scoped = []
    for i in (i for i, word in enumerate(found) if word in _SCOPE):
        after = found[i + 1 :] or [""]
        target = next((w for w in after if w not in _DETERMINER_WORDS), "")
        scoped.append((found[i], f"{after[0]} {target} {found[:i].count(target)}"))
    return scoped


_COUNT_VALUES = {word: value for word, value in cardinal_words(2, 99).items() if word.isalpha()}
_COUNTS = frozenset(_COUNT_VALUES)
"""Numbers from two written as one word ("two", "twelve"): they count a noun after them."""


_PARTS = frozenset({"some", "few", "several", "many", "most"})
"""Words that say part of a group, or of an amount ("some guests", "a few guests", "most guests")."""


def _counted_once(text: str, other: str) -> str | None:
    """A number ``text`` says before a noun (or before "of" and a noun) that ``other``, stating no number, says too:
    "he has two sisters" / "he has sisters", "two of the boys are twins" / "the boys are twins" (the other way the
    numbers guard fails the pair); where ``other`` states numbers, only a count before "of" that none of them is:
    "two of the five servers failed" / "the five servers failed"; or a word of ``_PARTS`` before a noun ``other``
    says after "the": "some guests left" / "the guests left", "a few people left" / "the people left", "some milk" /
    "the milk" (a part, or all)."""
    stated = {value for q in extract_quantities(other) for value in q.values}
    theirs = words(other)
    found = words(text)
    for i, count in enumerate(found):
        number = count.isdigit() and 1 < int(count) < 100 and not (i and found[i - 1].isdigit())  # not "13:23"
        value = int(count) if number else _COUNT_VALUES.get(count)
        if stated and (found[i + 1 : i + 2] != ["of"] or value in stated):
            continue
        if (count in _COUNTS | _PARTS or number) and count not in theirs:
            noun = next((j for j in range(i + 1, len(found)) if found[j] not in _DETERMINER_WORDS | {"of"}), i)
            said = found[noun]
            if said in set(theirs) - STOPWORDS and (count not in _PARTS or "the" in theirs[: theirs.index(said)][-1:]):
                return " ".join(found[i : noun + 1])
    return None


def _time_by_a_number(candidate: str, reference: str) -> list[str]:
    """A time of one text that no time of the other matches, only a bare number beside it: "book 7 seats for 7 pm" /
    "book 7 seats for 7 am" (the 7 counts the seats)."""
    said = [extract_quantities(text) for text in (candidate, reference)]
    for one, other in (said, said[::-1]):
        times = [q for q in other if q.kind == "time"]
        for time in (q for q in one if q.kind == "time" and not q.soft):
            if times and not any(same_quantity(time, t) for t in times):
                return [f"{time.text!r} is no time of the other text ({', '.join(repr(t.text) for t in times)})"]
    return []


def _past(word: str) -> bool:
    """Whether a word is a verb's past form ("opened", "went"), by its ending or as an irregular form."""
    return word.endswith("ed") or (word in IRREGULAR and not word.endswith(("ing", "s", "en", "wn", "ne")))


_AUXILIARIES = frozenset({"am", "is", "are", "was", "were", "has", "have", "had", "will", "would", "d", "been"})
"""Auxiliary verbs: one said for another ("is" / "was", "is" / "has", "had" / "would", a "'d" left as written / "had",
"has been" / "is") says another tense or verb."""
_UNMARKED = _DETERMINER_WORDS | _AUXILIARIES | ROLE_PERSONS.keys() | _DEGREE | _DEGREE_BEFORE | _SCOPE_WORDS
_UNMARKED |= {"please", "kindly", "and", "be", "do", "did"}
"""Function words put in, left out or said for another with no change of relation (an article, "is" for "are", "it",
"and" in a list), or read elsewhere (a tense, a person, a degree or scope: "both Ana and Ben" / "Ana and Ben")."""


_PERFECT_FOR_PAST = ({("been", "has"), ("was",)}, {("been", "have"), ("were",)})
"""The auxiliaries of a passive in the perfect and in the past, which say the same: "has been cancelled" / "was
cancelled"."""
_PERFECT_FOR_PRESENT = ({("been", "has"), ("is",)}, {("been", "have"), ("are",)})
"""The auxiliaries of a passive in the perfect and in the present: the same state where something follows the
participle ("has been delayed by 45 minutes" / "is delayed by 45 minutes"), but where the participle ends its clause
or is said of whoever did it, done once, or each time ("the dog has been fed" / "the dog is fed", "the dog has been fed
by Ana" / "the dog is fed by Ana", "by 8 pm"); "by" before an amount says how much ("by 45 minutes", "by half")."""
_ENDS_CLAUSE = re.compile(  # "is fed.", "is not fed by Ana", "is already fed by Ana"
    rf"\b(?:is|are)\s+(?:(?:not|already|just|still|[^\W\d_]+ly)\s+)?[^\W\d_]+\s*(?:[,;:.!?]|\Z|"
    rf"by\s+(?!half\b|(?:[\d.,]+|(?:{_NUMBERS})\b)\s*(?!(?:[ap]\.?m|o'?clock)\b)[%\w]))",
    re.IGNORECASE,
)
_LASTING_TEXT = """for since until all every daily weekly overnight ever always never often usually sometimes lately
    recently again once twice thrice times long still yet"""
_LASTING = frozenset(_LASTING_TEXT.split())
"""Words that say how long or how often, after "has been": the state may hold still, or no longer ("he has been
married twice" / "he is married twice", "the office has been empty all week" / "the office was empty all week")."""


def _a_length(word: str) -> bool:
    """Whether a word after "for" may begin a length of time ("for a week", "for 3 days", "for years"; not "for
    repairs")."""
    lengths = _WHEN_STEMS | {"minut", "age"}
    return word.isdigit() or word in _DETERMINER_WORDS | _COUNTS | _PARTS or stem(word) in lengths


def _plural(one: str, other: str) -> bool:
    """Whether one word is the other's plural ("entry" / "entries", "server" / "servers")."""
    short, long = sorted((one, other), key=len)
    return not short.endswith("s") and long in {f"{short}s", f"{short}es", f"{short[:-1]}ies"}


def tense_changed(candidate: str, reference: str) -> str | None:
    """The one word that differs is a verb, in the past in one text and not in the other ("the shop opens at 9 pm" /
    "the shop opened at 21:00": when?), or each content word that differs is the other's plural ("delete the duplicate
    entry" / "entries", "a dog is running" / "dogs are running", "a pair" / "two pairs": one or several, a count aside;
    not "to appeal" / "appeals", nor "cow pasture" / "pasture for cows"); or the auxiliaries differ and nothing else but
    the same verb's form ("we're" / "we were", "Tom's coming" / "Tom was coming"; in a short text, "who's paid" / "who
    is paying", "I've seen it" / "I see it"), a perfect said for the past aside ("she's left" / "she left", "has gone" /
    "went"; not "she's got a car" / "she got a car": "has got" is "has")."""
    texts = [words(one_spelling(text, other)[0]) for text, other in ((candidate, reference), (reference, candidate))]
    mine, theirs = (Counter(found) for found in texts)
    added, dropped = list(mine - theirs), list(theirs - mine)
    auxiliaries = [[word for word in found if word in _AUXILIARIES] for found in (added, dropped)]
    has = {"has", "have", "been"}.intersection(added + dropped)  # "Tom's broken the vase" / "Tom broke a vase"
    left = _AUXILIARIES | (_DETERMINER_WORDS if has else frozenset())
    rest = [sorted(stem(word) for word in found if word not in left) for found in (added, dropped)]
    determined = {tuple(sorted(w for w in found if w in _DETERMINER_WORDS)) for found in (added, dropped)}
    short = max(map(len, texts)) <= SHORT_WORDS  # in a long text a verb said otherwise is mostly rewording
    said_as = {tuple(sorted(found)) for found in auxiliaries}
    same_state = said_as in _PERFECT_FOR_PRESENT and not any(map(_ENDS_CLAUSE.search, (candidate, reference)))
    if auxiliaries[0] != auxiliaries[1] and rest[0] == rest[1] and (short or not rest[0]):
        if said_as in _PERFECT_FOR_PAST or same_state:
            perfect = texts[0] if "been" in auxiliaries[0] else texts[1]
            after = perfect[perfect.index("been") + 1 :]
            lasting = [w for w, n in pairwise([*after, ""]) if w in _LASTING and (w != "for" or _a_length(n))]
            if lasting:
                return "only one text says 'been', before a word of how long or how often: the state may still hold"
        said, verbs = (0, dropped) if auxiliaries[0] else (1, added)  # the verbs of the text without the auxiliary
        alone = not auxiliaries[1 - said]
        if said_as in _PERFECT_FOR_PAST or same_state:
            differs = False
        elif alone and auxiliaries[said] in (["has"], ["have"]):  # the perfect for the past; the present, another time
            got = re.search(r"\b(?:has|have) (?:\w+ )?got\b", " ".join(texts[said]))  # "has got" is "has"
            differs = got is not None or not all(map(_past, verbs))
        else:  # "is tying" / "ties": the progressive for the simple form (not "is put" / "puts")
            differs = not (alone and rest[0] and any(word.endswith("ing") for word in (added, dropped)[said]))
        if differs or (has and len(determined) > 1):  # the perfect for the past, and which vase?
            shown = [" ".join(found) or "no auxiliary" for found in auxiliaries]
            also = ", and another determiner" if len(determined) > 1 else ""
            return f"one text says {shown[0]!r}, the other {shown[1]!r}{also}: the tense or the verb differs"
    counted = STOPWORDS | _COUNTS  # "a pair" / "two pairs": the count aside
    nouns = [sorted((w for w in found if w not in counted and not w.isdigit()), key=stem) for found in (added, dropped)]
    paired = list(zip(*nouns, strict=False)) if len(nouns[0]) == len(nouns[1]) else []
    for mine_said, their_said in paired if all(_plural(*pair) for pair in paired) else []:
        one = int(len(their_said) < len(mine_said))  # the text saying one: not "to appeal", nor "cow pasture"
        said = (mine_said, their_said)[one]
        preceding, following = ({pair[i] for pair in pairwise(texts[one]) if pair[1 - i] == said} for i in (0, 1))
        if "to" not in preceding and following <= STOPWORDS:
            return f"one text says {mine_said!r}, the other {their_said!r}: one or several"
    if len(added) != 1 or len(dropped) != 1 or stem(added[0]) != stem(dropped[0]):
        return None
    past, other = (added[0], dropped[0]) if _past(added[0]) else (dropped[0], added[0])
    if not _past(past) or _past(other) or other.endswith("ing"):
        return None
    return f"one text says {past!r}, the other {other!r}: the tense differs"


def _numbers_reordered(candidate: str, reference: str) -> bool:
    """Both texts state the same numbers (at least two), in another order: "a table for two at 7" / "a table for seven
    at 2". Written as digits or words alike, so the reordering doubt on words does not see them. Numbers only: a day
    or a time may move with its phrase ("in the third quarter, it said on Monday"); but a number of one text that
    matches only a time of the other, which has a number of its own, was moved with it ("a table for two at 7 pm" /
    "a table for seven at 2 pm")."""
    said = [extract_quantities(text) for text in (candidate, reference)]
    for one, other in (said, said[::-1]):  # "a table for two at 7 pm" / "a table for seven at 2 pm"
        numbers, times = ([q for q in other if q.kind == kind] for kind in ("number", "time"))
        mine = [replace(q, soft=False) for q in one if q.kind == "number"]  # a soft "two" is moved as well
        if numbers and times and set(unmatched(mine, numbers)) - set(unmatched(mine, times)):
            return True
    cand, ref = ([q for q in found if q.kind == "number"] for found in said)
    if len(cand) < 2 or len(cand) != len(ref) or unmatched(cand, ref) or unmatched(ref, cand):
        return False
    in_order = [sorted(found, key=lambda q: text.find(q.text.casefold())) for found, text in
                ((cand, candidate.casefold()), (ref, reference.casefold()))]  # fmt: skip
    return not all(same_quantity(c, r) for c, r in zip(*in_order, strict=True))


_SAME_REST = frozenset(
    " ".join(phrase)
    for phrase, kind in _CUE_PHRASES.items()
    if kind in ("a modality or tense", "a bound", "a condition or time")
) | {"was going to", "use to", "about to", "has", "over a number", "by a number", "to a number"}
"""Cues that stand only where the other text says another one ("take it while pregnant" / "after pregnancy") or
nothing else differs ("the store will open at nine" / "would open at nine"): a news report may say "would" where
its paraphrase says "was to" and words besides."""
_SAME_REST_WORDS = frozenset(word for cue in _SAME_REST for word in cue.split())


def _nothing_else_differs(candidate: str, reference: str) -> bool:
    """Both texts say the same content words, the cues of ``_SAME_REST`` aside."""
    mine, theirs = ({w for w in content_stems(text) if w not in _SAME_REST_WORDS} for text in (candidate, reference))
    return mine == theirs


def _contradicting_sentence(text: str, other: str) -> bool:
    """``text`` has several sentences, one of which says ``other`` with one content word replaced ("ships on Monday.
    Ships on Tuesday." / "ships on Monday.")."""
    parts = sentences(text)
    return len(parts) > 1 and any(substitution(part, other) for part in parts)


def _done(text: str, other: str) -> bool:
    """``text`` asks for an action ("book a table", "please send the report") that ``other`` says someone does or did,
    the same verb inflected after a personal pronoun ("I booked a table"), or in the past opening the text ("booked a
    table"; not "thanks for your help" / "thank you for helping")."""
    mine, theirs = words(text), words(other)
    mine = mine[1:] if mine[:1] == ["please"] else mine
    said_by = theirs[:1] and theirs[0] in PERSONS
    theirs = theirs[1:] if said_by else theirs
    return (
        len(mine) > 1
        and len(theirs) > 1
        and mine[0] not in STOPWORDS
        and stem(theirs[0]) == stem(mine[0])
        and theirs[0] != mine[0]
        and not _past(mine[0])  # "cancelled flights" / "canceled flights": one inflection spelt two ways
        and bool(said_by or _past(theirs[0]))
    )


def _quantifier_before(text: str, word: str) -> set[str]:
    """How ``text`` says "few" or "little" as an amount: "a" after "a" ("a little milk": some), "" with no article
    ("little milk", "there is little milk": hardly any); neither after another determiner or said of a thing ("the
    little girl", "a girl who is little")."""
    found = ["", "", *words(text)]
    return {
        "a" if found[i - 1] == "a" else ""
        for i in range(2, len(found))
        if found[i] == word
        and (found[i - 1] == "a" or found[i - 1] not in _BE | _DETERMINER_WORDS or found[i - 2] == "there")
    }


_WHEN = frozenset({"this", "next", "last", "previous", "coming", "past", "following", "current", "upcoming"})
_WHEN_NOUNS = (
    _TIMES
    | {name for name in (*WEEKDAYS, *MONTHS) if len(name) > 4 or name in ("june", "july")}
    | {"hour", "quarter", "season", "semester", "term", "decade", "century", "summer", "winter", "spring", "autumn"}
)
"""Words of time a word before may place ("next week", "last March"; not "may", "sun": other words too)."""


def _placed_in_time(text: str) -> dict[str, dict[str, str]]:
    """Each time word of a text ("year", "Friday") and the words placing it before it ("last year", "this Friday";
    "" when none does), each with the phrase as said."""
    found = ["", *words(text)]
    placed: dict[str, dict[str, str]] = {}
    for before, word in pairwise(found):
        if stem(word) in _WHEN_STEMS:
            said = before if before in _WHEN else ""
            placed.setdefault(stem(word), {})[said] = f"{said} {word}".strip()
    return placed


_WHEN_STEMS = frozenset(stem(word) for word in _WHEN_NOUNS)


def _placed_otherwise(candidate: str, reference: str) -> list[str]:
    """The time words both texts say, placed otherwise: "last year" / "this year", "next Friday" / "Friday"."""
    mine, theirs = _placed_in_time(candidate), _placed_in_time(reference)
    return [
        f"one text says {', '.join(mine[word].values())!r}, the other {', '.join(theirs[word].values())!r}: "
        "maybe another time"
        for word in sorted(mine.keys() & theirs.keys())
        if mine[word].keys() != theirs[word].keys()
    ]


def _asks(text: str) -> bool:
    """A question, as ``is_question`` reads one, but not a phrase opening with "to" and no question mark ("to book
    a table")."""
    return is_question(text) and (bool(_ASKED.search(text)) or words(text)[:1] != ["to"])


_MINUS = re.compile(r"\bminus\b", re.IGNORECASE)


def _minus_once(text: str, other: str) -> bool:
    """Whether ``text`` says "minus" where ``other`` says neither "minus" nor "±" nor the number after it below zero
    ("since 2010 minus three percent" / "since 2010 three percent": a subtraction or a sign, either way not said)."""
    if _MINUS.search(other) or "\u00b1" in other:
        return False
    below = {v for q in extract_quantities(other) if q.kind == "number" for v in q.values if isinstance(v, float)}
    for m in _MINUS.finditer(text):
        after = [q for q in extract_quantities(text[m.end() :]) if q.kind == "number"][:1]
        if not after or not {-abs(v) for v in after[0].values if isinstance(v, float)} & below:
            return True
    return False


_CLAUSE_TIES = _SUBORDINATORS - {"than", "instead", "rather"} | {"although", "though", "whereas", "once", "as", "so"}
"""Words that make the clause after them depend on the rest ("I called you before you called me", "the power failed
so the lights went out")."""


def _governed(text: str) -> Counter[tuple[str, tuple[str, ...]]]:
    """Each word of ``_CLAUSE_TIES`` a text says, with the words of the clause it governs (to the clause's end, by
    stem, pronouns kept, articles and auxiliaries left out); where the tie opens a part that no comma, semicolon or
    colon ends, so that its clause may end anywhere, also the words in their order, as the tie followed by " first"
    ("once the door opens the light turns on" / "once the light turns on the door opens")."""
    found: Counter[tuple[str, tuple[str, ...]]] = Counter()
    for part in re.finditer(r"[^,;:.!?]+([,;:]?)", fold(text)):
        clause = words(part.group())
        for i, word in enumerate(clause):
            rest = clause[i + 1 :]
            bare = word == "as" and len(rest) > 1 and rest[0] not in STOPWORDS  # "as prices rose", not "as usual"
            if word in {"once", "as", "so"} and not (
                bare or (rest and (rest[0] in ROLE_PERSONS or rest[0] in _DETERMINER_WORDS - {"a", "an"}))
            ):
                continue  # "once a week", "once met", "as well", "so tired": not a clause ("once you came")
            if word in _CLAUSE_TIES:
                end = next((j for j, w in enumerate(rest) if w in _CLAUSE_TIES), len(rest))
                said = [stem(w) for w in rest[:end] if w not in STOPWORDS or w in ROLE_PERSONS]
                found[word, tuple(sorted(said))] += 1
                if i == 0 and not part.group(1):
                    found[f"{word} first", tuple(said)] += 1
    return found


def governed_otherwise(candidate: str, reference: str) -> str | None:
    """Both texts say the same words and tie a clause by the same word, but not the same clause: "I called you before
    you called me" / "before I called you, you called me", "she will stay if he leaves" / "if she stays, he will
    leave" (a clause reworded is left to the rest of the judge)."""
    said = [
        Counter(stem(w) for w in words(text) if w not in STOPWORDS or w in ROLE_PERSONS)
        for text in (candidate, reference)
    ]
    if said[0] != said[1]:
        return None
    mine, theirs = _governed(candidate), _governed(reference)  # a tie both say, read in one only, ties another clause
    ties = [{tie for tie, _ in found} for found in (mine, theirs)]
    both = set(words(candidate)) & set(words(reference))
    for word in sorted(ties[0] & ties[1] | (ties[0] ^ ties[1]) & both):
        if {k: n for k, n in mine.items() if k[0] == word} != {k: n for k, n in theirs.items() if k[0] == word}:
            return f"{word.split()[0]!r} ties another clause in each text: what depends on what may differ"
    return None


_AWAY = frozenset({"down", "off", "under", "below", "outside", "away", "back"})
"""Words that, put between a verb and its object, may turn the way the verb goes ("climbing down a wall" / "climbing
a wall", "jumps off a wall"); "up", "over", "into" and "out" mostly say what the verb said ("climbing up a rope",
"print out the report")."""
_BE_NOW = frozenset({"am", "is", "are"})
_BE_THEN = frozenset({"was", "were"})
_TAKING_TO_WORDS = """help go come dare need let make see hear watch feel try begin began start continue like love hate
prefer cease want plan hope intend agree decide promise refuse fail manage seem tend"""
_TAKING_TO = frozenset(stem(word) for word in _TAKING_TO_WORDS.split())
"""Verbs after which "to" may be left out or said by an "-ing" form ("help to fix" / "help fix", "go to pick up" / "go
pick up", "began to sing" / "began singing")."""
_HEAD_WORD = re.compile(r"[^\W\d_][\w'.-]*")


def _turned(text: str, other: str) -> str | None:
    """``text`` puts a word of ``_AWAY`` between two words ``other`` says side by side, before an object ("a man is
    climbing down a wall" / "a man is climbing a wall")."""
    mine, theirs = words(text), words(other)
    side_by_side = set(pairwise(theirs))
    for before, word, after in zip(mine, mine[1:], mine[2:], strict=False):
        if word in _AWAY and word not in theirs and after in _DETERMINER_WORDS and (before, after) in side_by_side:
            return f"only one text says {word!r} before the object: the way may differ"
    return None


def _subject(head: list[str]) -> list[str] | None:
    """The stems of a headline's subject opening ``head`` (the text's first words as written): an optional determiner,
    then one to three words that are neither function words nor verbs (an irregular or "-ed" form, or a verb of
    ``_TAKING_TO``), none written with a colon or comma after it ("The retailer", "Ana", "Bank"); None if the text
    does not open so."""
    said = [word.casefold() for word in head]
    start = 1 if said and said[0] in _DETERMINER_WORDS else 0
    if not 0 < len(head) - start <= 3 or any(not _HEAD_WORD.fullmatch(word) for word in head[start:]):
        return None
    found = [stem(word) for word in said[start:]]
    if {*said[start:]} & (STOPWORDS | _DETERMINER_WORDS | IRREGULAR.keys()) or {*found} & _TAKING_TO:
        return None
    if any(word.endswith("ed") and stem(word) != word for word in said[start:]):  # "started", "helped": a verb
        return None
    return found


def _to_happen(text: str, other: str) -> str | None:
    """``text`` is a headline saying that its subject is "to" do something ("Company to cut 500 jobs", "Retailer is to
    close stores") where ``other`` opens with the same subject doing it ("Company cut 500 jobs", "The company cuts",
    "has cut", "cutting"): a plan against a fact. Not a title ("Reminder to call mom" / "Reminder: call mom"), a
    request ("move the meeting to Monday"), a place or a name after "to" ("flights Paris to Rome") nor a verb taking
    "to" or not alike ("She helped to build" / "She helped build")."""
    head = text.split(maxsplit=7)[:7]
    places = [i for i, word in enumerate(head[:-1]) if word.casefold() == "to"][:1]
    if not places:
        return None
    subject_words = head[: places[0]]
    if subject_words and subject_words[-1].casefold() in ("is", "are"):  # "Retailer is to close"
        subject_words = subject_words[:-1]
    subject, verb = _subject(subject_words), head[places[0] + 1]
    titled = all(word[:1].isupper() for word in subject_words)  # "Police To Question Suspect"
    if subject is None or not _HEAD_WORD.fullmatch(verb) or (verb[:1].isupper() and not titled):
        return None  # "cheap flights Paris to Rome": a name after "to", not a verb
    if verb.casefold() in STOPWORDS | _DETERMINER_WORDS:
        return None
    theirs = other.split(maxsplit=len(subject) + 3)
    for start in (0, 1):
        said = theirs[start : start + len(subject)]
        if _subject(theirs[:start] + said) != subject or said[-1].endswith((":", ",", ";")):
            continue
        rest = [word.casefold() for word in theirs[start + len(subject) :]][:2]
        rest = rest[1:] if rest[:1] in (["has"], ["have"], ["had"], ["is"], ["are"]) else rest
        if rest and rest[0] != ":" and stem(rest[0].strip(".,;!?")) == stem(verb.casefold()):
            plan = " ".join(head[: places[0] + 2])
            return f"one text says {plan!r}, the other that it is or was done: a plan or a fact"
    return None


def _then_or_now(candidate: str, reference: str) -> str | None:
    """Between the same two words, one text says "is", "are" or "am", the other "was" or "were" ("traffic is terrible
    right now" / "traffic was terrible this morning"), whatever else differs."""
    said = words(candidate), words(reference)
    for one, other in (said, said[::-1]):
        now = {(a, c) for a, b, c in zip(one, one[1:], one[2:], strict=False) if b in _BE_NOW}
        for a, b, c in zip(other, other[1:], other[2:], strict=False):
            if b in _BE_THEN and (a, c) in now:
                return f"one text says {f'{a} {b} {c}'!r} where the other says it in the present: then or now"
    return None


def cues(candidate: str, reference: str) -> list[str]:
    """Why a pair whose words agree may still say something else; checked before any pass: a cue of frequency,
    exception, negation, approximation, intention or obligation or a qualified role in one text only, symbols said
    otherwise (``symbols_differ``), a direction word where the other text
    says its opposite (also where the word is said elsewhere too: "a girl on a bike jumps on a wall" / "off a wall"),
    a question against a statement, or a sentence that repeats the other text with one word
    replaced (the candidate states the reference, then contradicts it); pronouns that name other persons or name them
    in another order ("she loves him" / "he loves her"); a negation or "only", "even", "just", "also" before another
    word ("not all birds can fly" / "all birds cannot fly", "only Ana passed the test" / "Ana passed only the
    test"); the same numbers in another order ("a table for two at 7" / "a table for seven at 2"); a plan against a
    deed ("Company to cut jobs" / "Company cut jobs"), then against now ("traffic was heavy" / "is heavy"), a way
    turned ("climbing down a wall" / "climbing a wall")."""
    mine, theirs = _said(candidate, reference), _said(reference, candidate)
    differ = (mine.keys() ^ theirs.keys()) - (_DIRECTION_WORDS - _CUE_WORDS)
    if _CERTAINTY & mine.keys() and _CERTAINTY & theirs.keys():  # "is probably" / "is likely": hedged alike
        differ -= _CERTAINTY
    in_place = _SAME_REST & mine.keys() - theirs.keys() and _SAME_REST & theirs.keys() - mine.keys()
    if not in_place and not _nothing_else_differs(candidate, reference):  # "while pregnant" / "after pregnancy"
        differ -= _SAME_REST
    found = [
        f"only one text says {(mine | theirs)[cue]!r} "
        f"({_CUE_PHRASES.get(tuple(cue.split())) or _CUE_KINDS.get(cue, 'a negation')})"
        for cue in sorted(differ)
    ]
    counted = [Counter(stem(word) for word in words(text)) for text in (candidate, reference)]
    for a, b in _OPPOSITE_DIRECTION:
        for (one, other), (n_one, n_other) in (((mine, theirs), counted), ((theirs, mine), counted[::-1])):
            alone = a in one and b not in one and b in other and a not in other
            if alone or (a in one and b in other and n_one[a] > n_other[a] and n_other[b] > n_one[b]):
                found.append(f"one text says {one[a]!r} where the other says {other[b]!r}: maybe the opposite")
    for text, beside in ((candidate, reference), (reference, candidate)):
        free = free_at_no_cost(text, beside)
        if free:
            found.append(f"{free!r} is read as the other text's '-free' (without), but 'free' may be 'at no cost'")
        if _minus_once(text, beside):
            found.append("only one text says 'minus': it may take away or sign a number the other leaves unsigned")
    said_out = expanded(candidate), expanded(reference)
    for text, beside in (said_out, said_out[::-1]):  # "the town's called" / "the town called"
        for read in PARTICIPLE_AFTER_S.finditer(text):
            if read.group().casefold() not in beside.casefold():
                found.append(
                    f"the 's of {read.group()!r} may be 'is' or 'has', which the other text does not leave open"
                )
        for noun in re.findall(r"\b([^\W\d_]+)'s\b", text):  # "the dog's bone" / "the dog has a bone"
            if re.search(rf"\b{noun}\s+has\b", beside, re.IGNORECASE) and f"{noun}'s" not in beside:
                found.append(f"one text says \"{noun}'s\", the other '{noun} has': an owner or a verb")
    found.extend(why for why in (governed_otherwise(candidate, reference), symbols_differ(candidate, reference)) if why)
    if _persons_differ(candidate, reference):
        with_it = _it_counts(candidate, reference)
        persons = _persons(candidate, with_it), _persons(reference, with_it)
        found.append(
            f"the pronouns name other persons or in another order ({', '.join(persons[0])} / {', '.join(persons[1])})"
        )
    scoped = _scoped(candidate), _scoped(reference)
    if [n for n, _ in scoped[0]] == [n for n, _ in scoped[1]] and scoped[0] != scoped[1]:  # "not all" / "all not"
        moved = next(n for (n, a), (_, b) in zip(*scoped, strict=True) if a != b)
        found.append(f"{moved!r} stands before another word: what it bears on may differ")
    for text, beside in ((candidate, reference), (reference, candidate)):  # "the score was ten to eight" / "7:50"
        for phrase in maybe_times(text):
            if phrase.casefold() not in beside.casefold():
                found.append(f"{phrase!r} may be a time or two numbers (a score, a vote, a range)")
    found.extend(f"only one text says how many ({said!r})" for said in [_counted_once(candidate, reference)] if said)
    found.extend(_time_by_a_number(candidate, reference))
    found.extend(_placed_otherwise(candidate, reference))
    tense = tense_changed(candidate, reference)
    found.extend(reason for reason in [tense] if reason)
    if _numbers_reordered(candidate, reference):
        found.append("the same numbers in another order: what each counts may differ")
    short = max(len(candidate.split()), len(reference.split())) <= SHORT_WORDS
    for text, beside in ((candidate, reference), (reference, candidate)):  # "climbing down a wall", "Company to cut"
        found.extend(why for why in (_turned(text, beside), _to_happen(text, beside)) if why)
    if short:  # in a long text, mostly rewording, or a purpose: "government programs to encourage vaccination"
        found.extend(why for why in [None if tense else _then_or_now(candidate, reference)] if why)
        for group in (("also", "too", "as well"), ("even",)):  # "Ana also called the manager" / "... the manager"
            said = [
                [word for word in group if f" {word} " in f" {normalize(text)} "] for text in (candidate, reference)
            ]
            rest = [{w for w in content_stems(text) if w not in _SCOPE_WORDS} for text in (candidate, reference)]
            if bool(said[0]) != bool(said[1]) and rest[0] == rest[1]:
                found.append(f"only one text says {(said[0] or said[1])[0]!r} (a word of scope), nothing else differs")
    for word in ("few", "little"):  # "there is little milk" / "there is a little milk"
        before = [_quantifier_before(text, word) for text in (candidate, reference)]
        if {"a"} in before and {""} in before:
            found.append(f"one text says 'a {word}', the other {word!r}: some or hardly any")
    if _asks(candidate) != _asks(reference):
        found.append("one text asks a question, the other states something")
    if _done(candidate, reference) or _done(reference, candidate):
        found.append("one text asks for an action, the other says someone does or did it")
    if _contradicting_sentence(candidate, reference) or _contradicting_sentence(reference, candidate):
        found.append("a sentence of one text says the other with one word replaced")
    return found

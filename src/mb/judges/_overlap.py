"""Word-overlap measures shared by the lexical judge and the local judge's SUPPORT check."""

from __future__ import annotations

import re

from rapidfuzz import fuzz

from ._doubts import one_spelling
from ._text import content_stems, normalize, sentences, stem, words, written

__all__ = ["contains_reference", "pair_similarity", "support_overlap", "unsupported_wording"]


def _bag(text: str) -> set[str]:
    stems = content_stems(text)
    return set(stems) if stems else set(words(text))


def _containment(span: str, passage: str) -> float:
    own = _bag(span)
    return len(own & _bag(passage)) / len(own) if own else 1.0


def pair_similarity(candidate: str, reference: str) -> tuple[float, str]:
    """Dice overlap of content-word stems, weighted twice the order-insensitive fuzzy ratio, with its description.

    Texts sharing no content word score 0: the character-level ratio of two unrelated sentences is often near 0.5,
    which must not read as a match.
    """
    a, b = _bag(candidate), _bag(reference)
    dice = 2 * len(a & b) / (len(a) + len(b)) if a or b else 1.0
    fuzzy = fuzz.token_sort_ratio(normalize(candidate), normalize(reference)) / 100.0
    raw = (2 * dice + fuzzy) / 3 if dice > 0 else 0.0
    return raw, f"word overlap {dice:.2f}, fuzzy ratio {fuzzy:.2f}, similarity {raw:.2f}"


def contains_reference(candidate: str, reference: str) -> bool:
    """Whether the candidate states every content word of the reference (and maybe more detail)."""
    own = set(content_stems(reference))
    return bool(own) and own <= set(content_stems(candidate))


def support_overlap(span: str, chunk: str) -> tuple[float, str, list[str]]:
    """How much of the span the chunk contains: the mean of content-word containment and the best fuzzy substring
    alignment. Returns the measure, its description and the chunk sentences that share most words with the span."""
    contained = _containment(span, chunk)
    aligned = fuzz.partial_ratio(normalize(span), normalize(chunk)) / 100.0
    raw = (contained + aligned) / 2
    scored = [(_containment(span, sentence), sentence) for sentence in sentences(chunk)]
    best = max((score for score, _ in scored), default=0.0)
    windows = [sentence for score, sentence in scored if score >= best - 1e-9]
    detail = f"{contained:.0%} of the span's words in the chunk, alignment {aligned:.2f}, overlap {raw:.2f}"
    return raw, detail, windows


_SPELLED = 8
"""Chunk sentences, of those sharing most words with a span sentence, read again in one spelling with it (each
reading scans both texts; a long chunk of unrelated sentences would otherwise be read whole)."""

_OPERATORS_TEXT = """not no never nobody none neither nor nothing nowhere without yet
    deny denies denied denying denial reject rejects rejected refute refuted dispute disputed false falsely untrue
    myth wrong mistaken misconception hoax contrary debunked ruled doubt doubts doubted
    may might could would should must can likely unlikely probably possibly perhaps maybe possible expect expects
    expected supposed seem seems seemed appear appears appeared
    plan plans planned planning try tries tried trying attempt attempts attempted hope hopes hoped hoping want wants
    wanted wish wishes wished intend intends intended consider considers considered considering ask asks asked aim
    aims aimed propose proposes proposed seek seeks sought threaten threatens threatened promise promises promised
    fail fails failed designed meant scheduled
    if unless whether provided providing case when whenever assuming until
    say says said claim claims claimed allege alleges alleged allegedly reportedly report reports reported rumour
    rumours rumoured rumor rumors rumored according believe believes believed think thinks thought suggest suggests
    suggested predict predicts predicted legend insist insists insisted
    almost nearly barely hardly scarcely only once former formerly previously ex deputy vice acting assistant second
    partly partially some few several many most half over under about around approximately roughly least"""
_OPERATORS = frozenset(_OPERATORS_TEXT.split())
"""Closed classes of words that change what a sentence asserts of the words around them: negation, denial and
falsity, modality and hedging, attempt, plan and wish, condition, hearsay and attribution, near-miss, degree and
role ("former", "deputy"), quantity and bounds ("some", "over"). A chunk sentence saying the span's words with one of
these beside them does not state the span as a fact ("The company denied reports that the CEO resigned", "The
update may delete your files")."""

_ARTICLES = frozenset({"a", "an", "the"})
_CURRENCY = {"$": "dollars", "\u20ac": "euros", "\u00a3": "pounds"}
_UNITS = {"kg": "kilograms", "g": "grams", "km": "kilometres", "m": "metres", "cm": "centimetres", "mm": "millimetres",
          "lb": "pounds", "lbs": "pounds", "ft": "feet", "mi": "miles", "h": "hours", "hr": "hours", "hrs": "hours",
          "min": "minutes", "l": "litres", "ml": "millilitres"}  # fmt: skip
_SYMBOLS = (
    (
        re.compile(r"([$\u20ac\u00a3])\s?(\d[\d,.]*\d|\d)(\s(?:thousand|million|billion))?"),
        lambda m: f"{m[2]}{m[3] or ''} {_CURRENCY[m[1]]}",
    ),
    (re.compile(rf"(\d)\s?({'|'.join(_UNITS)})\b"), lambda m: f"{m[1]} {_UNITS[m[2]]}"),
    (re.compile(r"(?<=[^\W\d_])-(?=[^\W\d_])"), lambda m: " "),  # "twenty-five", read as "twenty five"
    (re.compile(r"\b(program)me(s?)\b", re.IGNORECASE), lambda m: f"{m[1]}{m[2]}"),
    (re.compile(r"(?<=\S\s)May\b"), lambda m: "Maymonth"),  # "signed on 2 May": the month, not the modal
)
"""Symbols and spellings read as words: "$30" as "30 dollars", "3 kg" as "3 kilograms", "programme" as "program", a
"May" within a sentence as the month."""


def _said(text: str) -> list[str]:
    """The words of ``text`` without articles."""
    return [word for word in words(text) if word not in _ARTICLES]


def _doubt(mine: list[str], sentence: str, theirs: list[str]) -> str | None:
    """Why ``sentence`` (its words ``theirs``) does not state the span sentence of words ``mine`` as a fact: "" when
    it does not say them together and in their order, a reason when a word of :data:`_OPERATORS` stands beside them
    or the sentence asks a question; None when it states them."""
    at = next((k for k in range(len(theirs) - len(mine) + 1) if theirs[k : k + len(mine)] == mine), None)
    if at is None:
        return None if not mine else ""
    operator = next((word for word in theirs[:at] + theirs[at + len(mine) :] if word in _OPERATORS), None)
    if operator:
        return f"the chunk sentence saying the span's words also says {operator!r}, which may change what they assert"
    if sentence.rstrip("\"')\u201d ").endswith("?"):
        return "the chunk sentence saying the span's words asks a question"
    return None


def unsupported_wording(span: str, chunk: str) -> str | None:
    """Why the chunk does not state what the span says, or None when it does: each sentence of the span stands word
    for word in one sentence of the chunk (case, punctuation and articles aside; a number, unit or spelling written
    otherwise, "ten" / "10", "3 kg" / "3 kilograms", "colour" / "color", read in one spelling of both), and the rest of
    that sentence neither asks it nor says a word that changes what it asserts (:data:`_OPERATORS`: "not", "denied",
    "may", "planned", "if", "said", "nearly", "former"). Word overlap and cosine cannot see "Bob owes Alice" in "Alice
    owes Bob", nor "The CEO resigned" denied: whatever is not said so is never supported offline."""
    for pattern, written_out in _SYMBOLS:
        span, chunk = pattern.sub(written_out, span), pattern.sub(written_out, chunk)
    windows = [(window, _said(window)) for window in sentences(chunk)]
    for said in sentences(span):
        mine = _said(said)
        doubts = [_doubt(mine, window, theirs) for window, theirs in windows]
        if None in doubts:
            continue
        nearest = sorted(windows, key=lambda pair: -len(set(mine) & set(pair[1])))[:_SPELLED]
        readings = [
            (_said(one_spelling(said, window)[0]), _said(one_spelling(window, said)[0])) for window, _ in nearest
        ]
        doubts += [_doubt(ours, window, theirs) for (ours, theirs), (window, _) in zip(readings, nearest, strict=True)]
        if None in doubts:
            continue
        scoped = next((why for why in doubts if why), None)
        if scoped:
            return scoped
        ours, theirs = readings[0]
        missing, shown = [word for word in dict.fromkeys(ours) if word not in theirs], written(said)
        if missing:
            absent = ", ".join(repr(shown.get(stem(word), word)) for word in missing[:4])
            return f"no sentence of the chunk says {absent} with the span's other words"
        return "no sentence of the chunk says the span's words together and in their order"
    return None

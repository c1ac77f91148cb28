"""Word-overlap measures shared by the lexical judge and the local judge's SUPPORT check."""

from __future__ import annotations

import re
from functools import lru_cache

from rapidfuzz import fuzz

from ._additions import ARTICLES, plain
from ._doubts import is_question, one_spelling
from ._polarity import agreeing_no
from ._text import content_stems, normalize, sentences, whole_sentences, words

__all__ = ["contains_reference", "pair_similarity", "support_overlap", "unsupported_wording"]


def _bag(text: str) -> set[str]:
    stems = content_stems(text)
    return set(stems) if stems else set(words(text))


@lru_cache(maxsize=256)  # a chunk is read against every span that cites it
def _passage(chunk: str) -> tuple[frozenset[str], tuple[tuple[str, frozenset[str]], ...]]:
    """The words of a chunk (:func:`_bag`), and each of its sentences with its own."""
    return frozenset(_bag(chunk)), tuple((sentence, frozenset(_bag(sentence))) for sentence in sentences(chunk))


def _contained(own: set[str], passage: frozenset[str]) -> float:
    return len(own & passage) / len(own) if own else 1.0


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
    own, (whole, parts) = _bag(span), _passage(chunk)
    contained = _contained(own, whole)
    aligned = fuzz.partial_ratio(normalize(span), normalize(chunk)) / 100.0
    raw = (contained + aligned) / 2
    scored = [(_contained(own, bag), sentence) for sentence, bag in parts]
    best = max((score for score, _ in scored), default=0.0)
    windows = [sentence for score, sentence in scored if score >= best - 1e-9]
    detail = f"{contained:.0%} of the span's words in the chunk, alignment {aligned:.2f}, overlap {raw:.2f}"
    return raw, detail, windows


_SPELLED = 8
"""Chunk sentences, of those sharing most words with a span sentence, read again in one spelling with it (each
reading scans both texts; a long chunk of unrelated sentences would otherwise be read whole)."""

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
    (re.compile(r"(\d)\s?%"), lambda m: f"{m[1]} percent"),
    (re.compile(r"(?<=[^\W\d_])-(?=[^\W\d_])"), lambda m: " "),  # "twenty-five", read as "twenty five"
    (re.compile(r"\b(program)me(s?)\b", re.IGNORECASE), lambda m: f"{m[1]}{m[2]}"),
)
"""Symbols and spellings read as words: "$30" as "30 dollars", "3 kg" as "3 kilograms", "5%" as "5 percent",
"programme" as "program"."""


def _said(text: str) -> list[str]:
    """The words of ``text`` without articles, with its double
    quotation marks, a quoting ">" and a question mark or a question's word order: "Is the shop open?", '"The shop is
    open"' and "> The shop is open" do not say "The shop is open"."""
    marks = ['"' for mark in text if mark in '"\u201c\u201d'] + ['"'] * text.lstrip().startswith(">")
    asks = ["?"] if is_question(text.rstrip("\"')\u201d ")) else []
    return [word for word in words(text) if word not in ARTICLES] + marks + asks


def _written_out(text: str) -> str:
    """``text`` with the symbols and spellings of :data:`_SYMBOLS` written out."""
    for pattern, written_out in _SYMBOLS:
        text = pattern.sub(written_out, text)
    return text


_MARKS = frozenset({'"', "?"})
_DONE = frozenset({"now", "already", "successfully"})
"""Words that only say an event is done ("has now been cancelled" says "has been cancelled")."""
_PAST = re.compile(r"\b(?:(has)|have) been\b")


def _readings(sentence: str) -> list[list[str]]:
    """The words by which a chunk sentence may say a span sentence: as written; without an opening acknowledgement
    ("Done: ...", "Good news: ..."), an agreeing "No," (``agreeing_no``) and :data:`_DONE`; then "I (have) cancelled
    X", "we ...", as "X was (has been) cancelled"; each also with "has been", "have been" as "was", "were" (what has
    been done was done); each also without "your", as an article of the chunk only ("your order" says "the order", "an
    order" never says "your order"). No other word is left out, so a negation, hedge, condition or other subject
    stays."""
    said = _said(sentence)
    marks = [word for word in said if word in _MARKS]
    read = [word for word in _said(plain(agreeing_no(sentence))) if word not in _MARKS and word not in _DONE]
    readings = [[word for word in said if word not in _MARKS], read]
    verb = 1 + (read[1:2] == ["have"])
    if len(read) > verb + 1 and read[0] in {"i", "we"} and read[verb].endswith("ed"):
        readings.append(read[verb + 1 :] + (["has", "been"] if verb == 2 else ["was"]) + [read[verb]])
    past = [_PAST.sub(lambda m: "was" if m[1] else "were", " ".join(reading)).split() for reading in readings]
    readings += past
    yours = [[word for word in reading if word != "your"] for reading in readings if "your" in reading]
    return [reading + marks for reading in readings + yours]


@lru_cache(maxsize=256)  # a chunk is read against every span that cites it
def _chunk_readings(chunk: str) -> tuple[tuple[tuple[str, frozenset[str]], ...], tuple[list[str], ...]]:
    """The whole sentences of a chunk with their words (:func:`_said`), and every :func:`_readings` of them."""
    windows = [(window, _said(window)) for window in whole_sentences(_written_out(chunk))]
    readings = tuple(reading for window, _ in windows for reading in _readings(window))
    return tuple((window, frozenset(said)) for window, said in windows), readings


def unsupported_wording(span: str, chunk: str) -> str | None:
    """Why the chunk does not state what the span says, or None when it does: each sentence of the span is a whole
    sentence of the chunk, the same words in the same order and nothing more (case, punctuation and articles aside; a
    number, unit or spelling written otherwise, "ten" / "10", "3 kg" / "3 kilograms", "colour" / "color", read in one
    spelling of both). A part of a sentence is never supported offline: what the rest of the sentence says of it ("In
    the novel, ...", "The allegation that ... was dismissed", "More than ...") is open-ended, and word overlap and
    cosine cannot see "Bob owes Alice" in "Alice owes Bob", nor "The CEO resigned" denied."""
    windows, readings = _chunk_readings(chunk)
    for written in whole_sentences(span):
        said = _written_out(written)
        mine = _said(said)
        if not mine or mine in readings:
            continue
        nearest = sorted(windows, key=lambda window: -len(set(mine) & window[1]))[:_SPELLED]
        if any(_said(one_spelling(said, window)[0]) == _said(one_spelling(window, said)[0]) for window, _ in nearest):
            continue
        shown = " ".join(written.split())
        return (
            f"no sentence of the chunk says exactly {shown!r}; a part of a sentence is not supported offline: "
            "configure an LLM judge"
        )
    return None

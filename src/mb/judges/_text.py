"""Text normalization shared by the deterministic judges: case, punctuation, contractions, light stemming."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

__all__ = [
    "HEADING",
    "IRREGULAR",
    "LIST_ITEM",
    "PARTICIPLES",
    "PARTICIPLE_AFTER_S",
    "STOPWORDS",
    "Token",
    "clauses",
    "content_stems",
    "expanded",
    "fold",
    "normalize",
    "sentences",
    "stem",
    "tokens",
    "whole_sentences",
    "words",
    "written",
]

_SUBJECTS = "he|she|it|that|what|there|here|who|where|when|why|how"
_PARTICIPLES_TEXT = """been got gotten had done gone seen made paid bought sold held found told sent left kept lost won
    taken given written risen fallen bitten eaten driven broken stolen chosen spoken thrown known drawn grown flown
    ridden hidden beaten forgotten shaken woken frozen shown torn worn begun sung swum drunk taught brought caught
    thought fought sought built spent felt heard meant become"""
PARTICIPLES = "|".join([*_PARTICIPLES_TEXT.split(), r"[^\W\d_]{3,}ed"])
"""Past participles, as a regular expression: after a pronoun, "'s" before one is "has" ("she's worked", "he's
been"), not "is"."""
_ADJECTIVES = (
    "worried|tired|married|scared|bored|excited|interested|pleased|surprised|closed|finished|broken|lost|done|dressed|"
    "engaged|divorced|retired|prepared|confused|annoyed|satisfied|disappointed|exhausted|involved|located|based|amazed|"
    "shocked|frightened|worn"
)
"""Participles that are also adjectives: after a pronoun, "'s" before one may be "is" ("she's worried") or "has"
("she's worried them"); read as "is", which a text writing "has" does not match, unless an object follows
(``_OBJECT``)."""
_OBJECT = (
    r"(?:the|a|an|my|your|his|our|their|these|those|some|him|them|us|me)\b"
    r"(?!\s+(?:(?:whole|entire|same|next|last|other|first|previous|following)\s+)?(?:day|night|morning|afternoon|"
    r"evening|week|weekend|month|year|time|hour|minute|summer|winter|season|fortnight|mile|way|most|least|bit|lot|"
    r"little|few)s?\b)"
)
"""A determiner or an object pronoun after a participle: "she's lost the keys", "he's shocked them" say "has"; not
before a time, a length or a degree ("it's closed the whole week", "delayed an hour", "worried the most"), nor "her",
which may open a clause ("he's worried her plan fails")."""
_BARE_PARTICIPLES = "become|bet|burst|come|cost|cut|hit|hurt|let|overcome|put|quit|read|run|set|shed|shut|split|spread"
"""Verbs whose past participle is their base form: "'d" before one is "had" or "would" ("I'd come home early"), so
it is left as written, as it is after a question word ("How'd it go": "did" or "would"); "'s" before one and an object
is "has" ("he's put the box there"), after a noun too ("the dog's hurt the cat": never "is", nor a possessive)."""
_HAS_ONLY = "eaten|broken|stolen|drunk|forgotten|bitten|beaten|hidden|lost|won|spent|torn|taken|seen"
"""Participles that take no object in the passive: after a noun, "'s" before one and an object is "has" ("Ana's
lost the keys"), as it is before "been" or "got" ("the dog's been fed"). Before another participle it may be "is" or
"has" ("every visitor's given a map", "the town's called Venice"), a doubt the judges raise, and before a bare
participle with no object a possessive ("the band's set the other night")."""
PARTICIPLE_AFTER_S = re.compile(
    rf"\b[^\W_]+'s\s+(?:(?:already|just|never|not|always|also)\s+)?(?!\w*(?:eed|dred)\b)"
    rf"(?:{PARTICIPLES}|become|come|hurt|let|overcome|put|quit|shut)\b",
    re.IGNORECASE,
)
"""A word's "'s" before a participle that is no noun, left as written once contractions are expanded: "is" or "has"
("the town's called Venice", "the flight's delayed", "every visitor's given a map")."""
_ADVERB = r"(?:(?:already|just|never|not|always|also)\s+)?"
_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "`": "'", "\u201c": '"', "\u201d": '"'})
_CONTRACTIONS = tuple(
    (re.compile(pattern, re.IGNORECASE), replacement)
    for pattern, replacement in (
        (r"\bcan'?t\b|\bcannot\b", "can not"),
        (r"\bwon'?t\b", "will not"),
        (r"\bshan't\b", "shall not"),
        (r"\bain't\b", "is not"),
        (r"n't\b", " not"),
        (r"\b(do|does|did|is|are|was|were|has|have|had|would|should|could|must|need)nt\b", r"\1 not"),
        (r"'ll\b", " will"),
        (r"\blet's\b", "let us"),
        (r"'d(?=\s+(?:like|love|prefer|rather)\b)", " would"),
        (r"'ve\b", " have"),
        (rf"\b({_SUBJECTS})'s(?=\s+{_ADVERB}(?:{_ADJECTIVES})\b(?!\s+{_OBJECT}))", r"\1 is"),
        (rf"\b({_SUBJECTS})'s(?=\s+{_ADVERB}(?:(?:{PARTICIPLES})\b|(?:{_BARE_PARTICIPLES})\s+{_OBJECT}))", r"\1 has"),
        (rf"\b({_SUBJECTS})'s\b", r"\1 is"),
        (rf"'s(?=\s+{_ADVERB}(?:(?:been|got)\b|(?:{_HAS_ONLY}|{_BARE_PARTICIPLES})\s+{_OBJECT}))", " has"),
        (rf"'d(?=\s+{_ADVERB}(?:better|{PARTICIPLES})\b)", " had"),
        (rf"\b(i|you|he|she|it|we|they)'d\b(?!\s+{_ADVERB}(?:{_BARE_PARTICIPLES})\b)", r"\1 would"),
        (r"'re\b", " are"),
        (r"'m\b", " am"),
        (r"'s\b", ""),
    )
)
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_TOKEN = re.compile(r"[^\W_]+|[.!?;:\n\u2022]", re.UNICODE)
_SENTENCE_END = frozenset(".!?;:\n\u2022")
_SENTENCE_SPLIT = re.compile(r"(?:(?<=[.!?])|(?<=[.!?]\*\*))\s+(?=[\"'(\[]?[A-Z0-9])|\n+|(?<=[;])\s+")

_STOPWORDS_TEXT = """
    a an the and or but if then else of to in on at by for with from into onto about as is are was were be been
    being am do does did doing have has had having i me my mine we us our ours you your yours he him his she her hers
    it its they them their theirs this that these those there here what which who whom whose when where why how
    all any each both either some such than too very so just also can could will would shall should may might must
    please kindly up out over off again further once only own same s t d ll m re ve"""
STOPWORDS = frozenset(_STOPWORDS_TEXT.split())
"""Function words ignored when measuring content overlap (negation words are content: they change meaning)."""


_NEGATION_LIKE = frozenset({"no", "not", "nor"})
IRREGULAR = {"using": "use", "used": "use", "uses": "use", "went": "go", "gone": "go", "sent": "send", "made": "mak",
              "paid": "pay", "bought": "buy", "sold": "sell", "held": "hold", "took": "tak",
              "taken": "tak", "gave": "giv", "given": "giv", "found": "find", "told": "tell", "written": "writ",
              "wrote": "writ", "rose": "ris", "risen": "ris", "fell": "fall", "fallen": "fall",
              # strong verbs whose past and participle differ: the passive reads like the active
              "bitten": "bit", "ate": "eat", "eaten": "eat", "drove": "driv", "driven": "driv", "broke": "break",
              "broken": "break", "stole": "steal", "stolen": "steal", "chose": "choos", "chosen": "choos",
              "spoke": "speak", "spoken": "speak", "threw": "throw", "thrown": "throw", "knew": "know",
              "known": "know", "drew": "draw", "drawn": "draw", "grew": "grow", "grown": "grow", "flew": "fly",
              "flown": "fly", "rode": "rid", "ridden": "rid", "hidden": "hid", "beaten": "beat", "forgot": "forget",
              "forgotten": "forget", "shook": "shak", "shaken": "shak", "woke": "wak", "woken": "wak",
              "froze": "freez", "frozen": "freez", "sang": "sing", "sung": "sing", "swam": "swim", "swum": "swim",
              "began": "begin", "begun": "begin", "seen": "see", "blew": "blow", "blown": "blow", "shown": "show",
              "tore": "tear", "torn": "tear", "wore": "wear", "worn": "wear", "struck": "strik", "drank": "drink",
              "drunk": "drink",
              # a verb ending in "ie" takes "ying"
              "tying": "tie", "lying": "lie", "dying": "die"}  # fmt: skip
"""Irregular verb forms and their stems (the stem a regular form of the verb gets)."""


def fold(text: str) -> str:
    """Unicode-normalized text with typographic quotes made plain; case and punctuation kept."""
    return unicodedata.normalize("NFKC", text).translate(_QUOTES)


def _expand(text: str, *, possessives: bool = False) -> str:
    """``text`` with its contractions written out; ``possessives`` keeps the "'s" none of them reads ("Ana's")."""
    quoted = "'" in text  # most contractions need an apostrophe: without one, only those spelt without are read
    for pattern, replacement in _CONTRACTIONS[:-1] if possessives else _CONTRACTIONS:
        if quoted or "'?" in pattern.pattern or "'" not in pattern.pattern:
            text = pattern.sub(replacement, text)
    return text


def expanded(text: str) -> str:
    """``text`` with its contractions written out ("she's a teacher": "she is a teacher"), possessives kept."""
    return _expand(fold(text), possessives=True)


@lru_cache(maxsize=8192)
def normalize(text: str) -> str:
    """Case-folded words separated by single spaces: punctuation dropped, contractions expanded."""
    return " ".join(_WORD.findall(_expand(fold(text)).casefold()))


def words(text: str) -> list[str]:
    """The normalized words of ``text``."""
    return normalize(text).split()


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A light suffix-stripping stem, so ``booking``/``booked``/``books`` meet; not linguistics, just consistency."""
    w = word
    if w in IRREGULAR:
        return IRREGULAR[w]
    if len(w) <= 3 or w.isdigit():
        return w
    if w.endswith("ies") and len(w) > 4:
        w = w[:-3] + "i"
    elif w.endswith(("sses", "xes", "zes", "ches", "shes")):
        w = w[:-2]
    elif w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    for suffix in ("ing", "ed"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            w = w[: -len(suffix)]
            if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeious":
                w = w[:-1]
            break
    if w.endswith("e") and not w.endswith("ee") and len(w) >= 4:
        w = w[:-1]
    if w.endswith("y") and len(w) >= 4 and any(c in "aeiou" for c in w[:-1]):
        w = w[:-1] + "i"
    return word if w in _NEGATION_LIKE else w


def content_stems(text: str) -> list[str]:
    """Stems of the words that carry content (stopwords removed), in order."""
    return [stem(w) for w in words(text) if w not in STOPWORDS]


@dataclass(frozen=True, slots=True)
class Token:
    """A word as written, with what entity detection needs to know about it."""

    text: str
    """The word as it appears (original case, contractions expanded)."""

    lower: str
    """Case-folded form."""

    initial: bool
    """First word of a sentence, line, list item or heading (its capital letter says nothing)."""

    index: int
    """Position among the words of the text."""


@lru_cache(maxsize=8192)
def tokens(text: str) -> tuple[Token, ...]:
    """Words with case and sentence-initial flags; punctuation only marks sentence starts."""
    out: list[Token] = []
    initial = True
    for match in _TOKEN.finditer(_expand(fold(text))):
        piece = match.group()
        if piece in _SENTENCE_END:
            initial = True
            continue
        out.append(Token(piece, piece.casefold(), initial, len(out)))
        initial = False
    return tuple(out)


@lru_cache(maxsize=8192)
def written(text: str) -> Mapping[str, str]:
    """Each stem of the text's words and the first word it stems from as the text writes it, so reasons quote
    "Thursday" rather than its stem "thursdai"."""
    found: dict[str, str] = {}
    for token in tokens(text):
        found.setdefault(stem(token.lower), token.text)
    return found


_CLAUSE = re.compile(r"[^\W_]+|[,.!?;:\n()\u2022\u2013\u2014]|\s-+\s", re.UNICODE)
_CONJUNCTIONS = frozenset({"but", "however", "although", "though", "whereas", "while", "yet", "except"})


@lru_cache(maxsize=8192)
def clauses(text: str) -> tuple[tuple[str, ...], ...]:
    """Case-folded words grouped by clause (split at punctuation), contractions expanded."""
    out: list[tuple[str, ...]] = []
    current: list[str] = []
    for match in _CLAUSE.finditer(_expand(fold(text)).casefold()):
        piece = match.group()
        if piece[0].isalnum() and piece not in _CONJUNCTIONS:
            current.append(piece)
        elif current:
            out.append(tuple(current))
            current = []
    if current:
        out.append(tuple(current))
    return tuple(out)


def sentences(text: str) -> list[str]:
    """Split a passage into sentences (and lines); never returns an empty list for non-blank text."""
    parts = [part.strip() for part in _SENTENCE_SPLIT.split(text)]
    found = [part for part in parts if part]
    return found or ([text.strip()] if text.strip() else [])


_ABBREVIATED = re.compile(r"(?:^|[\s(\"'])(?:[A-Za-z]|[A-Z][b-df-hj-np-tv-xz]{1,3}|[A-Za-z]+(?:\.[A-Za-z]+)+)\.$")
"""The end of a piece that may be an abbreviation rather than the end of a sentence: a letter ("J."), a capitalised
word without a vowel ("Dr.", "St.", "Mrs.", "Ltd."), letters joined by dots ("U.S.", "e.g.")."""


LIST_ITEM = re.compile(r"\s*(?:[-*+\u2022]|\d{1,2}[.)])\s")
"""The opening of a list item: a bullet or a number ("- ", "* ", "1. ", "2) ")."""


def whole_sentences(text: str) -> list[str]:
    """The sentences of ``text`` (a list item's bullet or number kept before its first, a quoting ">" before each of
    its line's and of a fenced code block's, "```"), a piece joined to the one before it when that one may go on into
    it: after a semicolon ("The order has been cancelled; not really"), after a line with no final punctuation, unless
    a list item or, before a capital, a blank line or a heading ("## ...", a wholly bold line) comes between
    ("Cancelled\nNOT"), after a possible abbreviation, or after a lowercase word when it starts with a digit ("approx.
    500"): in "The board denied that Dr. Smith resigned", "Smith resigned" is no sentence."""
    found: list[str] = []
    apart, fenced = True, False
    for line in text.splitlines():
        if line.lstrip().startswith(("```", "~~~")):  # a fenced block quotes its lines as ">" does
            fenced, apart = not fenced, True
            continue
        bullet = LIST_ITEM.match(line)
        rest = line[bullet.end() :] if bullet else line
        quote = "> " if fenced or rest.lstrip().startswith(">") else ""
        pieces = sentences(rest.lstrip().lstrip(">") if quote else rest)
        for at, piece in enumerate(pieces):
            ends = found[-1] if found else ""
            if found and (
                ends.endswith(";")
                or _ABBREVIATED.search(ends)
                or (piece[0].isdigit() and re.search(r"\s[a-z]+\.$", ends))
                or (at == 0 and not bullet and not re.search(r"[.!?:]$", ends) and (not apart or piece[0].islower()))
            ):
                found[-1] += " " + piece
            else:
                found.append(f"{bullet.group().strip()} {quote}{piece}" if bullet and at == 0 else quote + piece)
        apart = not line.strip() or bool(HEADING.match(line))
    return found


HEADING = re.compile(r"\s*(?:#{1,6}\s|(\*\*|__)[^*_]+\1\s*$)")
"""A line that is a heading of its own: a markdown heading ("## Summary") or a wholly bold line ("**Summary**")."""

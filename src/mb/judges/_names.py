"""Named entities without a tagger: capitalized words, compared with tolerance for acronyms and spelling variants.

A word capitalized mid-sentence ("meet in *Paris*", "*iPhone*") is a *strong* name. A capitalized word that starts a
sentence proves little ("Plants use light...") and is a *weak* name, unless a capitalized word follows it ("*Pierre*
Curie"). Titles, months, units and function words are never names.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from rapidfuzz import fuzz, process

from ._quantities import extract_quantities, roman_numeral
from ._text import STOPWORDS, Token, stem, tokens

__all__ = ["absent_names", "names", "people_for_place", "plain", "spell_regions", "spelled_out"]

_UNIT_LETTERS = re.compile(r"(?<=[\d°])\s?[CFK]\b|°\s?[CFK]?\b")
_RUN_JOINERS = frozenset({"of", "the", "and", "de", "van", "von", "da", "del", "la", "le", "du"})
_NOT_NAMES_TEXT = """
    mr mrs ms miss dr prof sir dame lord lady king queen prince princess president senator governor mayor saint st
    pope ceo dear hi hello hey thanks thank regards best cheers yes ok okay sure sorry unfortunately however note
    subject re fw fwd fyi asap urgent reminder"""
_NOT_NAMES = STOPWORDS | frozenset(_NOT_NAMES_TEXT.split())
_STARTERS_TEXT = """
    send find search book schedule create show get set add remove delete update check call email tell ask make
    write reply forward cancel open close list give buy order remind look share move copy print draft post plan
    summarize summarise translate compare explain describe let go take keep start stop turn run use need want try
    yes no not never there here today tomorrow yesterday next last new first then after before once while because
    since although though unless until our your their my his her its we you they he she it i in on at for from to
    with by about of as is are was were will would can could should may might must do does did have has had hello
    hi dear thanks thank please sorry great good sure certainly absolutely unfortunately also additionally however
    overall finally second third meanwhile"""
_COMMON_STARTERS = frozenset(_STARTERS_TEXT.split())
"""Common words that start sentences: capitalized there, they are not names."""


_DEMONYM_SUFFIXES = ("ians", "ian", "ans", "an", "ese", "ish", "is", "i", "ns", "n", "s", "ia", "a", "y", "e", "en")
"""Endings that turn a place into its people or adjective ("Iran"/"Iranian", "Gaza"/"Gazans", "Italy"/"Italian",
"Japan"/"Japanese", "Sweden"/"Swedish"); a place name meets a word that reduces to it, or to its own base."""
_MIN_BASE = 4
_MAX_FUZZY = 64
"""Names looked up for spelling variants per comparison; past that a name the other text lacks counts as missing
(each lookup scans the other text's words, so an unbounded number would make the check quadratic)."""


def plain(word: str) -> str:
    """The word without accents: "vişeu" -> "viseu"."""
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@lru_cache(maxsize=1)
def _places() -> frozenset[str]:
    """One-word place names (countries, their parts), case-folded, from pycountry's ISO 3166 data: only a place's
    name is read as the same name as its demonym ("Iran"/"Iranian"), never a person's ("Julia"/"Julian")."""
    import pycountry

    found: set[str] = set()
    for country in pycountry.countries:
        for attribute in ("name", "common_name", "official_name"):
            value = getattr(country, attribute, None)
            if isinstance(value, str):
                found.update(word for word in value.split(",")[0].split() if len(word) >= _MIN_BASE)
    for subdivision in pycountry.subdivisions:
        if " " not in subdivision.name:
            found.add(subdivision.name)
    return frozenset(plain(name.casefold()) for name in found)


@lru_cache(maxsize=1)
def _regions() -> tuple[dict[str, tuple[tuple[str, ...], ...]], dict[str, frozenset[str]]]:
    """Two-letter region codes and the regions they stand for, from pycountry's ISO 3166 data: countries by their
    alpha-2 code ("FR": France) and subdivisions by the part of their code after the country's ("US-MA":
    Massachusetts, "MA"). ``(code -> the regions' names as words, word of a region's name -> its codes)``, all
    case-folded and without accents."""
    import pycountry

    pairs: list[tuple[str, str]] = [(country.alpha_2, country.name) for country in pycountry.countries]
    for subdivision in pycountry.subdivisions:
        code = subdivision.code.partition("-")[2]
        if len(code) == 2 and code.isalpha():
            pairs.append((code, subdivision.name))
    regions: dict[str, set[tuple[str, ...]]] = {}
    codes: dict[str, set[str]] = {}
    for code, name in pairs:
        words = tuple(plain(word) for word in re.findall(r"[^\W\d_]+", name.casefold()))
        if words:
            regions.setdefault(code.casefold(), set()).add(words)
            for word in words:
                codes.setdefault(word, set()).add(code.casefold())
    return (
        {code: tuple(names) for code, names in regions.items()},
        {word: frozenset(found) for word, found in codes.items()},
    )


_CODE = re.compile(r"\b[A-Z]{2}\b")


@lru_cache(maxsize=8192)
def _codes(text: str) -> frozenset[str]:
    """The two-capital words of a text ("OR", "MA"), case-folded: the region codes it may write."""
    return frozenset(code.casefold() for code in _CODE.findall(text))


def _same_region(name: str, other: str) -> bool:
    """Whether ``other`` names the region ``name`` is a code of ("MA" / "Massachusetts"), or writes the code of a
    region whose name holds ``name`` ("Massachusetts" / "MA").

    A code meets a name only when ``other`` writes no other code: in "Kansas City, MO" the "KS" of "Kansas City,
    KS" is not Kansas but a state left out.
    """
    regions, codes = _regions()
    written = _codes(other)
    if name in regions and not written - {name}:
        vocabulary, _ = _vocabulary(other)
        for words in regions[name]:
            if all(word in vocabulary for word in words):
                return True
    found = codes.get(name)
    return found is not None and not found.isdisjoint(written)


def spell_regions(text: str, other: str) -> str:
    """``text`` with each region code that ``other`` spells out written as that region's name ("Portland, OR" beside
    "Portland, Oregon" becomes "Portland, oregon")."""
    regions, _ = _regions()

    def spell(match: re.Match[str]) -> str:
        code = match.group(0).casefold()
        if not _same_region(code, other):
            return match.group(0)
        vocabulary, _ = _vocabulary(other)
        found = next((words for words in regions.get(code, ()) if all(word in vocabulary for word in words)), None)
        return " ".join(found) if found else match.group(0)

    return _CODE.sub(spell, text)


def _bases(word: str) -> frozenset[str]:
    """The word and what is left once a demonym ending is stripped (at least four letters)."""
    return frozenset(
        {word}
        | {word[: -len(end)] for end in _DEMONYM_SUFFIXES if word.endswith(end) and len(word) - len(end) >= _MIN_BASE}
    )


def _headline(found: tuple[Token, ...]) -> bool:
    """Title Case throughout, function words included ("Variety Up For Sale"): capitals there mark a heading,
    not names."""
    words = [token for token in found if token.text.isalpha()]
    function_capitalized = any(
        not token.initial and token.lower in STOPWORDS and len(token.text) > 1 and token.text[:1].isupper()
        for token in words
    )
    return function_capitalized and all(token.text[:1].isupper() for token in words if token.lower not in STOPWORDS)


_REGION_CODE = re.compile(r",\s*([A-Z]{2})\b")


def _currency_codes(text: str) -> str:
    """``text`` with each amount in a currency written with a capital ("40 Canadian dollars", "5 US dollars", "USD 5")
    as that currency's code alone ("CAD", "USD"): the code is the name there, words elsewhere stay names."""
    for quantity in extract_quantities(text):
        if quantity.unit.isalpha() and any(word[:1].isupper() for word in quantity.text.split() if word.isalpha()):
            text = text.replace(quantity.text, f" 1 {quantity.unit} ", 1)  # a number still between words
    return text


@lru_cache(maxsize=8192)
def names(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The names a text mentions, case-folded and without accents: ``(strong, weak)``. In a Title Case heading
    every capitalized word is weak."""
    strong: list[str] = []
    weak: list[str] = []
    found = tokens(_UNIT_LETTERS.sub(" ", _currency_codes(text)))
    heading = _headline(found)
    codes = _REGION_CODE.findall(text)  # "Portland, OR": a region's code, even when it spells a common word
    for token in found:
        word = token.text
        if not word.isalpha() or not any(c.isupper() for c in word):
            continue
        if len(word) == 1 and (token.initial or word in "IA"):
            continue
        if (token.lower in _NOT_NAMES and word not in codes) or extract_quantities(word):
            continue
        if roman_numeral(word):  # a number ("Louis XIV"), which the numbers guard compares
            continue
        following = found[token.index + 1] if token.index + 1 < len(found) else None
        in_run = following is not None and not following.initial and following.text[:1].isupper()
        lowered = plain(token.lower)
        if heading and not word.isupper():
            weak.append(lowered)
            continue
        if token.initial and not any(c.isupper() for c in word[1:]) and not in_run:
            if token.lower not in _COMMON_STARTERS:
                weak.append(lowered)
            continue
        strong.append(lowered)
    return tuple(dict.fromkeys(strong)), tuple(dict.fromkeys(weak))


@lru_cache(maxsize=8192)
def _vocabulary(text: str) -> tuple[frozenset[str], tuple[str, ...]]:
    lowered = [plain(token.lower) for said in {text, _currency_codes(text)} for token in tokens(said)]  # and "cad"
    return frozenset(lowered) | frozenset(stem(w) for w in lowered), tuple(lowered)


@lru_cache(maxsize=8192)
def _demonym_bases(text: str) -> frozenset[str]:
    """Every base the text's words reduce to once a demonym ending is stripped."""
    _, lowered = _vocabulary(text)
    return frozenset().union(*(_bases(word) for word in set(lowered)))


@lru_cache(maxsize=8192)
def _runs(text: str) -> tuple[tuple[str, ...], ...]:
    """Runs of capitalized words ("United Nations", "Bank of America"), joined by of/the/and/de/van."""
    out: list[tuple[str, ...]] = []
    run: list[str] = []
    for token in (*tokens(text), None):
        if token is not None and token.text.isalpha() and token.text[:1].isupper():
            run.append(token.lower)
            continue
        if token is not None and run and token.lower in _RUN_JOINERS:
            continue
        if len(run) >= 2:
            out.append(tuple(run))
        run = []
    return tuple(out)


_MAX_ACRONYM = 12
"""Acronyms longer than this are not looked for ("UN" for "United Nations", not a 40-letter run)."""


def _run_acronyms(run: tuple[str, ...]) -> set[str]:
    """The acronyms a run of capitalized words can be written as: the initials of two or more consecutive words of it,
    at most ``_MAX_ACRONYM`` letters. Linear in the length of the run."""
    letters = "".join(word[0] for word in run)
    top = len(letters)
    return {letters[start:end] for start in range(top) for end in range(start + 2, min(top, start + _MAX_ACRONYM) + 1)}


@lru_cache(maxsize=8192)
def _acronyms(text: str) -> frozenset[str]:
    """Every acronym the text's runs of capitalized words can be written as."""
    return frozenset().union(*(_run_acronyms(run) for run in _runs(text)))


@lru_cache(maxsize=8192)
def _abbreviated(text: str, other: str) -> frozenset[str]:
    """The words of ``text``'s runs of capitalized words that ``other`` writes as an acronym of (part of) the run."""
    vocabulary, _ = _vocabulary(other)
    return frozenset(word for run in _runs(text) if not _run_acronyms(run).isdisjoint(vocabulary) for word in run)


@lru_cache(maxsize=8192)
def _spellings(text: str) -> tuple[dict[str, tuple[str, ...]], tuple[str, ...]]:
    """The text's distinct words indexed by their first five letters, and the distinct words of five letters or
    more (the only ones a spelling variant is looked for among)."""
    _, lowered = _vocabulary(text)
    distinct = tuple(dict.fromkeys(lowered))
    by_prefix: dict[str, list[str]] = {}
    for word in distinct:
        if len(word) >= 5:
            by_prefix.setdefault(word[:5], []).append(word)
    return {key: tuple(group) for key, group in by_prefix.items()}, tuple(w for w in distinct if len(w) >= 4)


def _similar_word(name: str, text: str) -> bool:
    """Spelling variants ("Allies"/"Allied", "Londn"/"London"): a long shared prefix or a high fuzzy ratio."""
    by_prefix, longer = _spellings(text)
    for word in by_prefix.get(name[:5], ()):
        shortest = min(len(name), len(word))
        shared = next((i for i, (a, b) in enumerate(zip(name, word, strict=False)) if a != b), shortest)
        if shared >= 0.8 * shortest:
            return True
    return len(name) >= 5 and process.extractOne(name, longer, scorer=fuzz.ratio, score_cutoff=88) is not None


@lru_cache(maxsize=1024)
def _initials(text: str) -> dict[str, frozenset[str]]:
    """The initials of each run of two to six consecutive words of ``text`` (case-folded) and the words of the runs
    they start: "prime minister" gives "pm". One pass, at most five runs per word."""
    _, said = _vocabulary(text)
    found: dict[str, set[str]] = {}
    for start in range(len(said)):
        for end in range(start + 2, min(start + 6, len(said)) + 1):
            run = said[start:end]
            found.setdefault("".join(word[:1] for word in run), set()).update(run)
    return {letters: frozenset(words) for letters, words in found.items()}


def spelled_out(found: list[str], source: str, other: str) -> frozenset[str]:
    """The words of ``other`` whose initials spell each of ``found`` that ``source`` writes in capitals, in any case
    ("PM" / "prime minister", "EU" / "the european union"), or nothing when one of ``found`` is spelled by none: an
    abbreviation may stand for them, or not (``absent_names`` takes only capitalized words for an acronym's)."""
    capitals = {token.lower for token in tokens(source) if token.text.isupper() and 2 <= len(token.text) <= 6}
    if not all(name in capitals for name in found):
        return frozenset()
    initials = _initials(other)
    if not all(name in initials for name in found):
        return frozenset()
    return frozenset().union(*(initials[name] for name in found))


def absent_names(found: tuple[str, ...], source: str, other: str) -> list[str]:
    """The names of ``source`` that ``other`` does not mention, allowing acronyms ("UN" / "United Nations")."""
    vocabulary, _ = _vocabulary(other)
    other_initials = _acronyms(other)
    abbreviated = _abbreviated(source, other)
    missing = []
    fuzzy_left = _MAX_FUZZY
    for name in found:
        if name in vocabulary or stem(name) in vocabulary or name in other_initials or name in abbreviated:
            continue
        if name in _places() and not _bases(name).isdisjoint(_demonym_bases(other)):
            continue
        if _same_region(name, other):
            continue
        fuzzy_left -= 1
        if fuzzy_left >= 0 and _similar_word(name, other):
            continue
        missing.append(name)
    return missing


def people_for_place(candidate: str, reference: str) -> str | None:
    """A place one text names where the other names its people instead ("Canada beat Russia" / "Canadians beat
    Russians": a country, or people of it?)."""
    for text, other in ((candidate, reference), (reference, candidate)):
        people = [word for group in names(other) for word in group if word.endswith("s")]
        vocabulary, _ = _vocabulary(other)
        for place in (name for group in names(text) for name in group if name in _places() and name not in vocabulary):
            said = next((word for word in people if not _bases(place).isdisjoint(_bases(word))), None)
            if said is not None:
                return f"one text names a place, the other its people ({place!r} / {said!r})"
    return None

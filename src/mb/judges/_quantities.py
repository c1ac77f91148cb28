"""The quantities a text commits to (numbers, dates, times, weekdays), so texts differing only there are told apart.

Embeddings place "5 items" and "6 items" close together; these readings let a guard notice the difference. Each
quantity keeps every plausible reading (``03/05`` is the 3rd or the 5th month, ``10:30`` is morning or evening) and
two quantities match when their kinds are compatible and one reading is shared.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from .._calendar_words import MONTHS, UNIT_MONTHS, UNIT_SECONDS, UNITS, WEEKDAYS, short_years
from .._numbers import FRACTIONS, ONES, ORDINAL_WORDS, TENS, cardinal_words, words_value
from ._text import fold

__all__ = [
    "Quantity",
    "Reading",
    "extract_quantities",
    "maybe_times",
    "numbers_written_otherwise",
    "roman_numeral",
    "same_quantity",
    "unmatched",
]

Reading = float | str


@dataclass(frozen=True, slots=True)
class Quantity:
    """One number, date part, time or day named in a text."""

    kind: str
    """``number``, ``code`` (letters and digits: "Q3", "B12"), ``datepart`` (a numeric date component), ``month``,
    ``time`` (minutes), ``weekday`` or ``relday``."""

    values: frozenset[Reading]
    """Every plausible reading."""

    text: str
    """As written, for reasons."""

    soft: bool = False
    """Too ambiguous to count as a difference on its own (``one``), but matches a ``1`` written elsewhere."""

    unit: str = ""
    """The currency or unit written beside a number in digits, in one spelling ("$", "AUD", "EUR", "%"); empty when
    none is."""


_COMPATIBLE = frozenset(
    {("number", "code"), ("number", "datepart"), ("month", "datepart"), ("number", "time"), ("number", "duration")}
)
"""Pairs of different kinds that can denote the same thing; a kind always can with itself."""


def _as_times(values: frozenset[Reading]) -> frozenset[Reading]:
    """A bare hour ("at 3") read as a time of day: 3:00 or 15:00."""
    out: set[Reading] = set()
    for value in values:
        if isinstance(value, float) and value.is_integer() and 0 <= value <= 24:
            out.update({value * 60, ((value + 12) % 24) * 60})
    return frozenset(out)


def _prefix(code: Quantity) -> str:
    return "".join(c for c in code.text.lower() if c.isalpha())


def _same_duration(a: Quantity, b: Quantity) -> bool:
    """Durations agree on their length (and sign: "ago" is past); a bare number matches a duration's count."""
    if a.kind == b.kind == "duration":
        return not {v for v in a.values if not str(v).startswith("n:")}.isdisjoint(
            {v for v in b.values if not str(v).startswith("n:")}
        )
    duration, number = (a, b) if a.kind == "duration" else (b, a)
    counts = {float(str(v)[2:]) for v in duration.values if str(v).startswith("n:")}
    return not counts.isdisjoint(v for v in number.values if isinstance(v, float))


def same_quantity(a: Quantity, b: Quantity, *, units: bool = False) -> bool:
    """Whether two quantities can denote the same thing: a number in euros never is one in pounds, a bare "$" may be
    any dollar ("A$", "USD"); with ``units``, only in the same currency or unit, one left out or vaguer counting."""
    vaguer = "$" in (a.unit, b.unit) and {a.unit, b.unit} - {"$"} <= _DOLLARS
    if a.unit != b.unit and (units or (a.unit and b.unit and not vaguer)):
        return False
    if a.kind != b.kind and (a.kind, b.kind) not in _COMPATIBLE and (b.kind, a.kind) not in _COMPATIBLE:
        return False
    if a.kind == b.kind == "code" and _prefix(a) != _prefix(b):
        return False
    left, right = a.values, b.values
    if a.kind == "duration" or b.kind == "duration":
        return _same_duration(a, b)
    if a.kind == "number" and b.kind == "time":
        left = _as_times(left)
    elif b.kind == "number" and a.kind == "time":
        right = _as_times(right)
    return not left.isdisjoint(right)


def _keys(q: Quantity) -> frozenset[Reading]:
    """Readings through which ``q`` may meet another quantity: ``same_quantity`` needs two to share one of these."""
    keys = set(q.values)
    if q.kind == "number":
        keys |= _as_times(q.values)
    elif q.kind == "duration":
        keys |= {float(str(v)[2:]) for v in q.values if str(v).startswith("n:")}
    return frozenset(keys)


def _units(unit: str, present: Iterable[str], units: bool) -> set[str]:
    """The units a quantity in ``unit`` may match (among those ``present``), as ``same_quantity`` allows."""
    if units:
        return {unit}
    if not unit:
        return set(present)
    return {unit, ""} | (_DOLLARS if unit == "$" else {"$"} if unit in _DOLLARS else set())


def _signature(q: Quantity) -> tuple[str, frozenset[Reading], str, str]:
    """What ``same_quantity`` reads of a quantity."""
    return q.kind, q.values, q.unit, _prefix(q) if q.kind == "code" else ""


_Index = tuple[
    set[str], dict[tuple[Reading, str], list[Quantity]], dict[tuple[Reading, str, str], list[Quantity]], set[str]
]


@lru_cache(maxsize=256)  # a chunk's quantities are matched against every span that cites it (read only)
def _index(target: tuple[Quantity, ...]) -> _Index:
    """The quantities of ``target`` that :func:`unmatched` looks up: the letters of its codes, the quantities by
    reading and unit (and by letters), and its units."""
    pool = {_signature(t): t for t in target}
    every: dict[tuple[Reading, str], list[Quantity]] = {}
    lettered: dict[tuple[Reading, str, str], list[Quantity]] = {}
    for (kind, _, unit, letters), t in pool.items():
        for key in _keys(t):
            every.setdefault((key, unit), []).append(t)
            lettered.setdefault((key, unit, letters if kind == "code" else ""), []).append(t)
    return {sig[3] for sig in pool if sig[0] == "code"}, every, lettered, {sig[2] for sig in pool}


def unmatched(source: Iterable[Quantity], target: Iterable[Quantity], *, units: bool = False) -> list[Quantity]:
    """The firm quantities of ``source`` that nothing in ``target`` matches (``units``: in the same currency or unit).

    A code ("CO2", "Q3") only counts when the target has a code of the same letters: "CO2" against "carbon dioxide"
    is a different way to say it, "Q3" against "Q4" is a different quarter. The target is indexed by reading, unit and
    letters, and quantities ``same_quantity`` cannot tell apart are compared once, so the cost grows with the count
    of quantities, not with its square.
    """
    contested, every, lettered, present = _index(tuple(target))
    found: dict[tuple[str, frozenset[Reading], str, str], bool] = {}

    def candidates(q: Quantity, letters: str) -> Iterator[Quantity]:
        for key in _keys(q):
            for unit in _units(q.unit, present, units):
                if q.kind != "code":
                    yield from every.get((key, unit), ())
                else:  # a code meets a code only with the same letters
                    yield from lettered.get((key, unit, ""), ())
                    yield from lettered.get((key, unit, letters), ())

    def matched(q: Quantity) -> bool:
        sig = _signature(q)
        if sig not in found:
            found[sig] = any(same_quantity(q, t, units=units) for t in candidates(q, sig[3]))
        return found[sig]

    return [q for q in source if not q.soft and (q.kind != "code" or _prefix(q) in contested) and not matched(q)]


_NUMBER_WORDS = cardinal_words(0, 99)
_SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}
_MULTIPLIERS = {
    word: 1000**power
    for power, words in enumerate(("k thousand", "m million mln mn", "b billion bn", "t trillion tn"), 1)
    for word in words.split()
}
_WEEKDAYS = {name: day for name, day in WEEKDAYS.items() if len(name) > 3 and name != "thur"}
"""The weekdays a text is read for: their names and "tues", "weds", "thurs" (the shorter spellings, "sun", "sat",
"wed", "thur", are too often other words)."""
_RELDAYS: dict[str, frozenset[Reading]] = {day: frozenset({day}) for day in ("today", "tomorrow", "yesterday")}
_RELDAYS["tonight"] = frozenset({"today", "tonight"})
_ORDINALS = {word: value for word, value in ORDINAL_WORDS.items() if value <= 30}
"""Ordinal words: "the Third" is the 3 of "Charles III" and of "3rd"."""
_SOFT_ORDINALS = frozenset({"first", "second"})
"""Ordinals that often are not numbers at all ("first thing tomorrow", "in a second")."""
_SOFT_WORDS: dict[str, float] = {
    **dict.fromkeys(("both", "twice", "couple", "pair", "double"), 2),
    **dict.fromkeys(("single", "once"), 1),
    **dict.fromkeys(("thrice", "triple"), 3),
    "half": FRACTIONS["half"],
}
"""Words that can mean a number but need not: they match a number written elsewhere, never differ on their own."""
_CLOCK_WORDS = {"noon": 720.0, "midday": 720.0, "midnight": 0.0}
_ROMAN = re.compile(r"^(?=[IVXL])L?X{0,3}(?:IX|IV|V?I{0,3})$")
_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50}

_ISO = re.compile(
    r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?(?!\d)"
)
_SLASH = re.compile(r"(?<![\d.])(\d{1,2})[/.](\d{1,2})[/.](\d{4}|\d{2})(?![\d.])")
_MERIDIEM = re.compile(r"(?<![\d:])(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s?m\b\.?", re.IGNORECASE)
_CLOCK = re.compile(r"(?<![\d:])(\d{1,2}):(\d{2})(?::\d{2})?(?![\d:])")
_CODE = re.compile(r"(?<![\w.,])([A-Za-z]{1,4})[-#]?(\d+)([A-Za-z]{0,3})(?![\w])")
_CODES = "USD|EUR|GBP|JPY|KRW|CNY|RMB|INR|AUD|CAD|NZD|HKD|SGD|CHF|SEK|NOK|DKK|RUB|TRY|ILS|THB|MXN|BRL|ZAR|AED"
_UNITS = {
    "\u20ac": "EUR", "euro": "EUR", "euros": "EUR", "\u00a3": "GBP", "\u00a5": "JPY", "yen": "JPY", "\u20a9": "KRW",
    "\u20b9": "INR", "\u20bd": "RUB", "\u20ba": "TRY", "\u20aa": "ILS", "\u0e3f": "THB", "dollar": "$", "dollars": "$",
    "us$": "USD", "a$": "AUD", "au$": "AUD", "c$": "CAD", "ca$": "CAD", "nz$": "NZD", "hk$": "HKD", "s$": "SGD",
    "percent": "%", "per cent": "%", "pct": "%",
}  # fmt: skip
"""The spellings of a currency or unit beside a number, in one (a code, "$" for a dollar of no country); any other
code or symbol is its own spelling."""
_CODE_NAMES = frozenset(_CODES.split("|"))
_PLURALS = {
    "pounds sterling": "GBP", "kronor": "SEK", "swedish kronor": "SEK", "norwegian kroner": "NOK",
    "danish kroner": "DKK", "reais": "BRL", "brazilian reais": "BRL", "turkish lira": "TRY", "emirati dirhams": "AED",
}  # fmt: skip
"""Plurals of currencies not made with "s" ("pounds sterling", "kronor", "reais"), each of one currency ("kroner"
alone may be Danish or Norwegian, "dirhams" alone Emirati or Moroccan)."""


@lru_cache(maxsize=1)
def _currency_names() -> dict[str, str]:
    """``_UNITS``, the ISO 4217 names of two words or more of the currencies of ``_CODES`` (pycountry's data, read
    on first use), case-folded, with a plural "s": "canadian dollars", "swiss francs" (not "40 Canadian dollar coins",
    which may be coins), and ``_PLURALS``."""
    import pycountry

    named = {c.name.casefold(): c.alpha_3 for c in pycountry.currencies if c.alpha_3 in _CODE_NAMES and " " in c.name}
    return {**_UNITS, **{f"{name}s": code for name, code in named.items()}, **_PLURALS}


_DOLLARS = frozenset({"USD", "AUD", "CAD", "NZD", "HKD", "SGD"})
"""The dollars a "$" of no country may be."""


@lru_cache(maxsize=1)
def _number_pattern() -> re.Pattern[str]:
    """``_NUMBER``, the currency names included (``_currency_names``), compiled on first use."""
    named = sorted((name for name in _currency_names() if " " in name or name in _PLURALS), key=len, reverse=True)
    return re.compile(_NUMBER.replace("NAMED", "|".join(re.escape(name).replace(r"\ ", r"\s+") for name in named)))


_NUMBER = (
    r"(?P<sign>(?<![\w.,\-\u2013])(?:[-\u2212]|(?<!\d\s)\u2013)|(?<!\d\s)(?<!\d)\b(?i:minus)\s+)?"
    rf"(?P<currency>(?:\b(?:{_CODES})\$?|(?<![^\W\d_])(?:US|AU?|CA?|NZ|HK|S)?\$|[\u20ac\u00a3\u00a5\u20a9\u20b9\u20bd\u20ba\u20aa\u0e3f])\s?)?"
    r"(?P<after>(?(sign)(?!)|(?<![\w.,-])[-\u2212]))?"
    r"(?<![\d.,])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?"
    r"(?:(?:\s*|-)(?i:(k|thousand|million|mln|mn|billion|bn|trillion|tn))\b|(?<=\d)([MBTmb])\b)?"
    rf"(?P<unit>\s?%|\s*(?:{_CODES}|(?i:NAMED|percent|per\s?cent|pct|dollars?|euros?|yen))\b)?"
)
"""A number, with its magnitude and its currency or unit: "5k", "$356M", "\u00a355bn", "$2.9-million", "1,200", "A$50",
"USD 50", "50 EUR", "50%", "50 percent". A lone ``m``/``b`` counts as
million/billion only after a currency sign ("$3m"; "3m" is more likely metres); a minus sign ("-5", "-$200", an en
dash "\u20135" not after a number, "minus 5") is part of it, not a dash between numbers ("2010-2015", "5\u20137")."""
_NUMBER_BEFORE = re.compile(
    r"(?:\d%?|\b(?:"
    + "|".join(sorted(map(re.escape, [*_NUMBER_WORDS, *_SCALES, "dozen"]), key=len, reverse=True))
    + r")|\bplus\s+or)\s*$",
    re.IGNORECASE,
)
"""What ends the text before a "minus" that subtracts: a number ("5", "twenty") or "plus or"."""
_DURATION_UNITS = ("second", "sec", "minute", "min", "hour", "hr", "day", "week", "fortnight", "month", "year", "yr")
"""The spellings of the units of a length of time read after an amount (see ``UNITS``): the shortest ("5m", "3s",
"2d") are too often something else."""
_AMOUNT_NUMBERS = (*ONES[1:13], "fifteen", "twenty", "thirty", "forty", "fifty", "sixty", "ninety")
"""The numbers in words read as the amount of a length of time ("three days"; and "twenty-five years")."""
_AMOUNT_WORDS = {
    "a": 1.0,
    "an": 1.0,
    **{word: float(words_value(word)) for word in _AMOUNT_NUMBERS},
    **{word: float(value) for word, value in cardinal_words(21, 99).items() if value % 10},
    "half an": FRACTIONS["half"],
    "half a": FRACTIONS["half"],
    "a couple of": 2.0,
    "couple of": 2.0,
}
_DURATION = re.compile(
    r"(?<![\w.,])(?P<amount>\d+(?:\.\d+)?|" + "|".join(sorted(_AMOUNT_WORDS, key=len, reverse=True)) + r")"
    r"[\s-]*(?P<unit>" + "|".join(f"{unit}s?" for unit in _DURATION_UNITS) + r")\b"
    r"(?P<ago>\s+ago\b)?",
    re.IGNORECASE,
)
"""A length of time: "7 days", "a week", "half an hour", "3 days ago" (a negative offset)."""
_WORDS = re.compile(r"[A-Za-z]+")
_BOUNDARY = re.compile(r"(^|[.!?:;\n\u2022]\s*)$")
_MONTH_CUES_TEXT = "in on of since until till by from through early late mid next last this the"
_MONTH_CUES = frozenset(_MONTH_CUES_TEXT.split())


def _q(kind: str, values: Iterable[Reading], text: str, soft: bool = False) -> Quantity:
    return Quantity(kind, frozenset(float(v) if isinstance(v, int) else v for v in values), text, soft)


def _duration(m: re.Match[str]) -> Iterator[Quantity]:
    amount_text = m.group("amount").lower()
    amount = _AMOUNT_WORDS.get(amount_text)
    count = float(amount_text) if amount is None else amount
    unit = UNITS[m.group("unit").lower().rstrip("s")]
    sign = -1 if m.group("ago") else 1
    if unit in UNIT_MONTHS:
        length: Reading = f"mo:{sign * count * UNIT_MONTHS[unit]:.12g}"
    else:
        length = f"s:{sign * count * UNIT_SECONDS[unit]:.12g}"
    # "a week" is often a rate ("twice a week") or vague: it matches a length written elsewhere, never differs alone
    soft = amount_text in ("a", "an")
    yield Quantity("duration", frozenset({length, f"n:{count:.12g}"}), m.group().strip(), soft)
    if soft and unit == "second":  # "a second opinion": maybe the ordinal
        yield _q("number", {2}, m.group("unit"), soft=True)


def _year(text: str) -> Quantity:
    """A year as written and, in two digits, in the centuries the date grammar reads it in ("40": 1940 or 2040)."""
    value = int(text)
    return _q("number", {value, *short_years(value)} if len(text) == 2 else {value}, text)


def _iso(m: re.Match[str]) -> Iterator[Quantity]:
    yield _q("number", {int(m.group(1))}, m.group(1))
    yield from (_q("datepart", {int(m.group(at))}, m.group(at)) for at in (2, 3))
    if m.group(4):
        yield _q("time", {int(m.group(4)) * 60 + int(m.group(5))}, f"{m.group(4)}:{m.group(5)}")


def _slash(m: re.Match[str]) -> Iterator[Quantity]:
    yield from (_q("datepart", {int(m.group(at))}, m.group(at)) for at in (1, 2))
    yield _year(m.group(3))


def _meridiem(m: re.Match[str]) -> Iterator[Quantity]:
    hour, minute = int(m.group(1)), int(m.group(2) or 0)
    if 1 <= hour <= 12 and minute < 60:
        pm = m.group(3).lower() == "p"
        yield _q("time", {((hour % 12) + (12 if pm else 0)) * 60 + minute}, m.group().strip())


def _clock(m: re.Match[str]) -> Iterator[Quantity]:
    hour, minute = int(m.group(1)), int(m.group(2))
    if hour <= 24 and minute < 60:
        readings = {hour * 60 + minute}
        if 1 <= hour <= 12:
            readings.add(((hour + 12) % 24) * 60 + minute)
        yield _q("time", readings, m.group())


_CLOCK_PHRASE = re.compile(
    rf"\b(?:a\s+)?(?:(quarter|five|ten|twenty(?:[\s-]five)?)(?:\s+minutes)?\s+(past|after|to|before)|(half)\s+(past|after))\s+"
    rf"(1[0-2]|[1-9]|{'|'.join(ONES[1:13])})\b"
    r"(?=\s*(?:$|[.,;:!?)]|(?:am|pm|a\.m\.|p\.m\.|o'clock|sharp|today|tonight|tomorrow|yesterday|this|in|on|at|and|or|"
    r"then|every|each|daily)\b))",
    re.IGNORECASE,
)
"""A time said by the quarter or half hour or by minutes, where nothing after it makes it an amount: "quarter to nine",
"half past 6 tomorrow", "twenty to seven"; not "cut by a quarter to 9 million", "half to 2 tablets" (which half?), "in
the quarter to 9 March", "five to six people"."""
_PAST_MINUTES = {"quarter": 15, "half": 30, "five": 5, "ten": 10, "twenty": 20}


_TIME_BEFORE = re.compile(r"\b(?:at|by|until|till|before|after)\s+(?:a\s+)?$", re.IGNORECASE)
_TIME_AFTER = re.compile(
    r"\s*(?:am|pm|a\.m\.|p\.m\.|o'clock|sharp|tonight|(?:in the|this) (?:morning|afternoon|evening)|at night)\b",
    re.IGNORECASE,
)
"""What makes "ten to eight" a time rather than a score, a vote or a range ("the vote was five to four", "five to six
people", "open from ten to six"): a word of time before it ("at ten to eight") or a part of the day after it ("ten to
eight tonight"); not "from", "since", "about", which may open a range."""


def _clock_phrase(m: re.Match[str]) -> Iterator[Quantity]:
    """The time; "ten to eight" with no word of time around it is only maybe a time, and maybe the numbers 10 and 8
    (soft: they match the other text's numbers or time, but never differ on their own)."""
    part, way = (m.group(1) or m.group(3)).casefold(), (m.group(2) or m.group(4)).casefold()
    said = m.group(5).casefold()
    hour = int(said) if said.isdigit() else ONES.index(said)
    minutes = sum(_PAST_MINUTES[word] for word in re.split(r"[\s-]+", part))  # "twenty-five": 25
    minute = hour * 60 + minutes * (1 if way in ("past", "after") else -1)
    maybe = way in ("to", "before") and part != "quarter"
    maybe = maybe and not _TIME_BEFORE.search(m.string[: m.start()]) and not _TIME_AFTER.match(m.string[m.end() :])
    yield _q("time", {minute % 1440, (minute + 720) % 1440}, m.group(), soft=maybe)
    if maybe:
        yield _q("number", {minutes}, part, soft=True)
        yield _q("number", {hour}, said, soft=True)


def maybe_times(text: str) -> list[str]:
    """The phrases of ``text`` that may be a time or two numbers ("ten to eight": a time or a score)."""
    return [q.text for q in extract_quantities(text) if q.kind == "time" and q.soft]


def _code(m: re.Match[str]) -> Iterator[Quantity]:
    yield _q("code", {int(m.group(2))}, m.group())


def _subtracted(before: str) -> bool:
    """Whether a "minus" after ``before`` takes away rather than signs: after a number ("twenty minus 4", "5 minus
    two") or in "plus or minus" (which is "±", not below zero)."""
    return _NUMBER_BEFORE.search(before) is not None


def _spelled(unit: str | None) -> str:
    said = " ".join((unit or "").lower().split())
    return said[:3] if len(said) > 3 and said[:3].upper() in _CODE_NAMES else said  # "USD$": USD


def _number(m: re.Match[str]) -> Iterator[Quantity]:
    whole = m.group(4).replace(",", "")
    value = float(f"{whole}.{m.group(5)}") if m.group(5) else float(whole)
    sign, said = m.group("sign") or "", m.group()
    if sign[:1] in ("m", "M") and _subtracted(m.string[: m.start()]):  # "twenty minus 4": 4
        sign, said = "", said[len(sign) :]
    if sign or m.group("after"):  # "-5", "-$200", "minus 5": a number below zero
        value = -value
    scale = m.group(6) or m.group(7)
    if scale and (scale.isupper() or m.group("currency") or scale not in "mb"):
        value *= _MULTIPLIERS[scale.lower()]
    spellings = _currency_names()
    units = [spellings.get(one, one.upper()) for part in ("currency", "unit") if (one := _spelled(m.group(part)))]
    unit = next((one for one in units if one != "$"), units[0] if units else "")  # "$50 USD": in US dollars
    yield Quantity("number", frozenset({round(value, 6)}), said.strip(), unit=unit)


def _word_class(word: str) -> str:
    value = _NUMBER_WORDS.get(word)
    if value is None:
        return "scale"
    return "unit" if value < 10 else "teen" if value < 20 else "ten"


def _word_numbers(run: list[str]) -> Iterator[tuple[float, list[str]]]:
    """Split a run of number words into numbers: "twenty five" is 25, "two three" is 2 then 3."""
    total, current, used, last = 0, 0, list[str](), ""
    for word in run:
        kind = _word_class(word)
        starts_new = (kind == "unit" and last in ("unit", "teen")) or (
            kind in ("teen", "ten") and last in ("unit", "teen", "ten")
        )
        if used and starts_new:
            yield float(total + current), used
            total, current, used = 0, 0, []
        if kind != "scale":
            current += _NUMBER_WORDS[word]
        elif word in ("dozen", "hundred"):
            current = max(current, 1) * (12 if word == "dozen" else 100)
        else:
            total += max(current, 1) * _SCALES[word]
            current = 0
        used.append(word)
        last = kind
    if used:
        yield float(total + current), used


def _from_words(text: str, original: str) -> list[Quantity]:
    """Quantities written in words; ``original`` (same length, digits intact) decides whether "May" is a month."""
    found: list[Quantity] = []
    matches = list(_WORDS.finditer(text))
    run: list[str] = []

    def flush() -> None:
        if not run:
            return
        sign = -1 if run[0] == "minus" else 1  # "minus five": a number below zero
        for value, used in _word_numbers([w for w in run[sign < 0 :] if w not in ("and", "a", "an")]):
            said = " ".join(["minus", *used] if sign < 0 else used)
            found.append(_q("number", {sign * value}, said, soft=used == ["one"] and sign > 0))
            sign = 1
        run.clear()

    for i, m in enumerate(matches):
        word, lower = m.group(), m.group().lower()
        nxt = matches[i + 1].group().lower() if i + 1 < len(matches) else ""
        if (
            lower in _NUMBER_WORDS
            or lower in _SCALES
            or lower == "dozen"
            or (lower == "minus" and nxt in _NUMBER_WORDS and not run and not _subtracted(original[: m.start()]))
            or (run and lower == "and" and nxt in _NUMBER_WORDS and run[-1] in _SCALES)
            or (lower in ("a", "an") and (nxt in _SCALES or nxt == "dozen"))
        ):
            run.append(lower)
            continue
        if lower in _ORDINALS:
            if run and run[-1] in TENS and _ORDINALS[lower] < 10:  # "twenty first" is 21
                found.append(_q("number", {TENS[run[-1]] + _ORDINALS[lower]}, f"{run.pop()} {word}"))
                flush()
                continue
            flush()
            found.append(_q("number", {_ORDINALS[lower]}, word, soft=lower in _SOFT_ORDINALS))
            continue
        flush()
        if lower in MONTHS and _is_month(original, m, matches, i):
            found.append(_q("month", {MONTHS[lower]}, word))
        elif lower.rstrip("s") in _WEEKDAYS or lower in _WEEKDAYS:
            found.append(_q("weekday", {_WEEKDAYS.get(lower, _WEEKDAYS.get(lower[:-1], -1))}, word))
        elif lower in _RELDAYS:
            found.append(Quantity("relday", _RELDAYS[lower], word))
        elif lower in _SOFT_WORDS:
            found.append(_q("number", {_SOFT_WORDS[lower]}, word, soft=True))
        elif lower in _CLOCK_WORDS:
            found.append(_q("time", {_CLOCK_WORDS[lower]}, word))
        elif _ROMAN.match(word) and _is_roman(text, m, matches, i):
            found.append(_q("number", {_roman_value(word)}, word))
    flush()
    return found


def _neighbour_is_number(text: str, m: re.Match[str]) -> bool:
    before, after = text[max(0, m.start() - 6) : m.start()], text[m.end() : m.end() + 6]
    return bool(re.search(r"\d\S{0,2}\s*$", before) or re.match(r"\s*\d", after))


def _is_month(text: str, m: re.Match[str], matches: list[re.Match[str]], i: int) -> bool:
    word = m.group()
    if word.lower() not in ("may", "mar"):
        return len(word) > 3 or word[0].isupper() or _neighbour_is_number(text, m)
    if _neighbour_is_number(text, m):
        return True
    previous = matches[i - 1].group().lower() if i else ""
    return word[0].isupper() and not _BOUNDARY.search(text[: m.start()]) and previous in _MONTH_CUES


def _is_roman(text: str, m: re.Match[str], matches: list[re.Match[str]], i: int) -> bool:
    """Roman numerals after a name ("Charles III", "World War I"), not the pronoun ("Then I")."""
    if i == 0 or _BOUNDARY.search(text[: m.start()]):
        return False
    previous = matches[i - 1]
    word = previous.group()
    if not word[0].isupper() or not word[1:].islower():
        return False
    if len(m.group()) >= 2:  # "Rocky IV", "Star Wars: Episode VI": a short title opens with its name
        return True
    if _BOUNDARY.search(text[: previous.start()]):  # "Then I", "So V"
        return False
    return m.group() != "I" or bool(re.match(r"\s*($|[.,;:!?)])", text[m.end() :]))


def roman_numeral(word: str) -> bool:
    """Whether ``word`` is a Roman numeral up to 89 written in capitals ("IV", "XIV"; not "IL")."""
    return _ROMAN.match(word) is not None


def _roman_value(word: str) -> int:
    values = [_ROMAN_VALUES[c] for c in word]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))


_WORD_MERIDIEM = re.compile(rf"\b({'|'.join(ONES[1:13])})\s+([ap])\.?m\b\.?", re.IGNORECASE)
"""An hour in words with "am" or "pm": "seven pm"."""


def _word_meridiem(m: re.Match[str]) -> Iterator[Quantity]:
    hour = ONES.index(m.group(1).casefold())
    yield _q("time", {((hour % 12) + (12 if m.group(2).casefold() == "p" else 0)) * 60}, m.group().strip())


_DIGIT = re.compile(r"\d")
_STEPS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Iterator[Quantity]]], ...] = (
    (_CLOCK_PHRASE, _clock_phrase),
    (_WORD_MERIDIEM, _word_meridiem),
    (_DURATION, _duration),
    (_ISO, _iso),
    (_SLASH, _slash),
    (_MERIDIEM, _meridiem),
    (_CLOCK, _clock),
    (_CODE, _code),
)
"""The patterns read in order, each match blanked before the next, then ``_number_pattern``; from ``_ISO`` on, only
where a digit is left."""


@lru_cache(maxsize=8192)
def extract_quantities(text: str) -> tuple[Quantity, ...]:
    """Every number, date part, time, month, weekday and relative day ("tomorrow") the text names."""
    original = rest = fold(text)
    found: list[Quantity] = []
    for step, build in (*_STEPS, (None, _number)):
        if step is _ISO and not _DIGIT.search(rest):
            break
        pattern = step or _number_pattern()
        matches = list(pattern.finditer(rest))
        found.extend(quantity for match in matches for quantity in build(match))
        if matches:  # each match blanked (a text without one is left as it is, unscanned)
            rest = pattern.sub(lambda m: " " * len(m.group()), rest)
    found.extend(_from_words(rest, original))
    return tuple(found)


_GROUPED = re.compile(r"(?<![\d.,])([$\u00a3]?)(\d{1,3})((?:,\d{3})+)(\.\d+)?(?![\d,])")
"""A number whose commas group thousands, with the dollar or pound sign before it ("$1,200")."""
_UNIT_SPACE = re.compile(r"(?<=\d) +(?=[^\W\d_]{2,}\b)")
"""Space between a number and a unit of two letters or more ("10 km")."""


_SHARED_SIGNS = frozenset({"\u00a5"})
"""Currency signs of several currencies ("\u00a5": yen or yuan), never read as one of them."""
_COMMA_READ = frozenset({"$", "GBP", *_DOLLARS})
"""The currencies whose amounts with one comma group are read as thousands ("$1,200"; "\u20ac1,500" may be 1.5)."""


_RANGE_BEFORE = r"\d[\s$\u20ac\u00a3]*(?:(?i:to|or|and|through|[-\u2013\u2014])[\s$\u20ac\u00a3]*)?"
"""A number and "to", "or", "and" or a dash before another ("1 to 2 million": the first's magnitude is unknown)."""


def _amount(match: re.Match[str], loosely: bool = False) -> str:
    """A currency or percentage amount (``_NUMBER``) as one token of its value and currency ("$1,200", "1200 dollars",
    "1.2k dollars": "1200$"; "\u20ac50", "50 EUR", "50 euros": "50EUR"), ``loosely`` a number with a magnitude and no
    currency too ("1.5 million", "1.2k": "1500000", "1200"); as written a number with no currency, a sign several
    currencies share, a magnitude letter not read ("3m dollars": metres?), or but ``loosely`` a magnitude after another
    number ("1 to 2 million dollars": ``_RANGE_BEFORE``). One comma group is read as thousands only in dollars and
    pounds or ``loosely``; in another currency its digits stay as written ("1,200 kronor", "1,200 SEK": "1,200SEK";
    "1,200" may be 1.2)."""
    found = next(_number(match))
    scale = match.group(6) or match.group(7)
    unread = scale in ("m", "b") and not match.group("currency")
    one_group = match.group(4).count(",") == 1 and not match.group(5) and found.unit not in _COMMA_READ
    shared = (match.group("currency") or "").strip() in _SHARED_SIGNS
    ranged = bool(scale) and not loosely and re.search(_RANGE_BEFORE + r"\Z", match.string[: match.start()]) is not None
    if one_group and not loosely and found.unit and not (scale or unread or shared or ranged):
        return ("-" if match["sign"] or match["after"] else "") + match.group(4) + found.unit  # "1,200SEK"
    if (not found.unit and not (scale and loosely)) or unread or (one_group and not loosely) or shared or ranged:
        return match.group()
    return "".join(f"{value:.15g}" for value in found.values) + found.unit


def numbers_written_otherwise(text: str, other: str, *, loosely: bool = False) -> bool:
    """Whether the two texts are the same but for how they write their numbers: commas grouping the thousands of a
    dollar or pound amount, of a number of several groups or of one with decimals ("$1,200" / "$1200", "1,200,000" /
    "1200000"; "1,500" alone may be a decimal comma), a currency or percent sign as a word or code of that currency
    alone (``_amount``: "$1,200" / "1.2k dollars", "\u20ac50" / "50 EUR"; not "$50" / "50 USD", "$" being any dollar),
    space before a unit ("10km" / "10 km"; not "90 s", which may be "the 90s") and a closing full stop. Everything else
    is written alike, letter case included ("10 mW" is no "10 MW"), but for the first letter of the text. ``loosely``,
    a number's magnitude in words or a letter ("1.5 million" / "1,500,000": "1.500 million" may be 1,500 million,
    "2000 hours" a time; "5k" may be a distance) and any comma grouping thousands ("2.5 thousand" / "2,500") are read
    too."""

    def grouped(match: re.Match[str]) -> str:
        sign, first, groups, decimals = match.groups()
        plain = loosely or sign or groups.count(",") > 1 or decimals
        return sign + first + (groups.replace(",", "") if plain else groups) + (decimals or "")

    def written(said: str) -> str:
        said = _number_pattern().sub(lambda match: _amount(match, loosely), " ".join(said.split()))
        said = _UNIT_SPACE.sub("", _GROUPED.sub(grouped, said))
        return said[:1].casefold() + re.sub(r"(?<!\.)\.\Z", "", said[1:])  # not an ellipsis: "$50..."

    return text != other and any(c in "0123456789" for c in text) and written(text) == written(other)

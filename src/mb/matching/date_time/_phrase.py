"""Resolve a natural-language date/time phrase into every reasonable reading.

A phrase is an ISO 8601 string, a Unix timestamp, or words read by the grammar (``_grammar``, ``_readings``):
every word must be used by the parse (fillers aside), else the phrase is not understood and no reading is
made from the rest. Resolution against ``user_time`` uses only its date when the readings cannot depend on
the time of day, so files where every line has its own user time still share the cache; what depends on the
phrase alone is cached apart.

Without ``user_time`` the phrase is resolved against two distant reference times: equal readings mean the
phrase is absolute; different ones mean it is relative and cannot be resolved.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, date, datetime, time, timedelta, timezone, tzinfo
from difflib import SequenceMatcher
from typing import NamedTuple
from zoneinfo import ZoneInfo

from ..._numbers import TENS, words_value
from . import _duckling
from ._alternatives import alternatives, same_shape
from ._calendar import PLACES, Place, counted_at, country_zones, midnight, places_of, southern
from ._calendar import day as day_window
from ._grammar import Parsed, parse
from ._lexicon import (
    HOUR_WORD,
    MINUTE_WORD,
    MONTH,
    NUMBER,
    QUANTITY,
    UNIT,
    VAGUE,
    WEEKDAY,
    WORD_NUMBERS,
    WORD_ORDINALS,
    number_words,
    ordinal_value,
    quantity_value,
)
from ._lexicon import alternatives as any_of
from ._model import Reading, Resolution, Window, minute_window
from ._payloads import Holiday, named_parts, open_parts
from ._readings import DEADLINE, DateProblem, clock_dependent, elapsed, from_clock, readings
from ._time_elements import twenty_four_hour
from ._zones import (
    ZoneSpec,
    fixed_zone,
    format_offset,
    home_abbreviation,
    parse_zone_name,
    pop_zone,
    real_offset,
    user_zone,
)

__all__ = [
    "MAX_LENGTH",
    "NO_USER_TIME",
    "elapsed_time",
    "left_open",
    "normalize",
    "reference_of",
    "resolve",
]

#: Phrases and arguments longer than this (in characters) are not dates.
MAX_LENGTH = 200
#: How the reason of a relative phrase or argument ends when the line gives no time to resolve it against.
NO_USER_TIME = "outputs.environment.user_time is missing"

_PROBES = (datetime(2001, 3, 14, 10, 20, 30), datetime(2013, 8, 23, 16, 40, 50))
_ISO_DATE_RE = re.compile(r"^\d{4}-?\d\d-?\d\d$")
_ISO_RE = re.compile(  # a calendar date or a week date ("2024-W06-5"), then the time
    r"^\d{4}-?(?:\d\d-?\d\d|w\d\d-?[1-7])[t ]\d\d(?::?\d\d(?::?\d\d(?:[.,]\d+)?)?)?(?:z|[+-]\d\d(?::?\d\d)?)?$"
)
_ABBREVIATIONS = {"tmrw": "tomorrow", "tmw": "tomorrow", "tomm": "tomorrow", "tmrow": "tomorrow", "2moro": "tomorrow",
                  "2morrow": "tomorrow",
                  "tmr": "tomorrow", "tonite": "tonight", "nxt": "next", "wk": "week", "tdy": "today",
                  "2nite": "tonight", "2day": "today", "yday": "yesterday", "nite": "night",
                  "qtr": "quarter", "qtrs": "quarters", "yr": "year", "yrs": "years", "mth": "month",
                  "mths": "months", "wknd": "weekend", "wkend": "weekend", "@": " at ", "midweek": "mid week",
                  "any time": "anytime", "some time": "sometime", "tomo": "tomorrow",
                  "last but one": "second to last",
                  "quarter hour": "quarter of an hour", "quarter-hour": "quarter of an hour",
                  "plus": "+", "midnite": "midnight", "mid nite": "midnight", "mid-nite": "midnight",
                  "mid night": "midnight", "mid-night": "midnight", "arvo": "afternoon",
                  "commencing": "starting"}  # fmt: skip
_ABBREVIATIONS_RE = re.compile(rf"(?<![\w@]){any_of(word for word in _ABBREVIATIONS if word != '@')}\b|@")
#: "tom" and "tod" as task apps write them for tomorrow and today: lower-case alone, as a name ("Tom", "Tod") or
#: another abbreviation ("TOD", time of day) is written otherwise; never possessive, hyphenated or doubled ("tom tom").
_LOWER_CASE_ABBREVIATIONS_RE = re.compile(r"(?<![\w@'\u2019-])(?<!tom )(tom|tod)(?![\w'\u2019-]| +tom\b)")
#: A number in words and again in digits, as contracts write it ("thirty (30) days"): one number when both agree.
_DOUBLED_RE = re.compile(rf"\b({number_words(0, 99)}) ?\((\d{{1,2}})\)")
#: Two days of the month each after its weekday, the month said after the second alone ("mon 15 - fri 19 apr").
_WEEKDAY_DAYS_RE = re.compile(
    rf"\b((?:{WEEKDAY})\.?,? \d{{1,2}}(?:st|nd|rd|th)?)(\s*-\s*| to | until | till | through | thru )"
    rf"((?:{WEEKDAY})\.?,? \d{{1,2}}(?:st|nd|rd|th)?,? ({MONTH})\b)"
)
_SIDES = {"later than": "after", "earlier than": "before", "prior to": "before", "ahead of": "before"}
#: "in" and a number with no unit ending the phrase, minutes to most, never a time of day ("in 100"; "in 1500" a year)
_IN_NUMBER_RE = re.compile(rf"(?:^|\s)in (?:\d{{1,3}}|0\d{{3}}|1[0-4]\d\d|{number_words(1, 99)})$")
#: A clock with its seconds or after an ISO date (not an ISO "T"), then "-hh:mm", "-hhmm" or "-hh" ending the normalized
#: phrase: a UTC offset, or a range's end ("08:30:00-12:00", "2026-02-05 8:30-1200", "22:00:00-06:00").
_RANGE_OR_OFFSET_RE = re.compile(
    r"(?:(?<=\d{4}-\d\d-\d\d )|(?<![\dt:])(?=\d?\d:\d\d:))(\d?\d):(\d\d)(?::\d\d(?:\.\d+)?)?-(\d?\d)(?::?(\d\d))?$"
)
#: A signed length of days or less, or a day word, then a signed length of months or more in the same end of a range
#: ("-1 day +1 month", "now - 1 day - a month", "-two days +1 month", "-a couple of days +1 month",
#: "yesterday + 1 month", "-1 fortnight +1 quarter"; never "-3 days to +1 month").
_COUNT = rf"[+-]\s*(?:{QUANTITY})[\s-]*"
_DAYS_THEN_MONTHS_RE = re.compile(
    rf"(?:\b(?:yesterday|tomorrow)\b|{_COUNT}(?:d|days?|w|wks?|weeks?|fortnights?|h|hrs?|hours?|mins?|minutes?)\b)"
    r"(?:(?!\b(?:to|and|or|until|till)\b).)*?"
    rf"{_COUNT}(?:mo|mos|months?|quarters?|y|yrs?|years?|decades?)\b"
)
#: An ISO 8601 interval of two dates or date-times ("2027-10-18/2027-10-22", "2027-10-18t09:00/2027-10-18t11:00")
_ISO_TIME = r"(?:t(\d\d:\d\d(?::\d\d(?:[.,]\d+)?)?(?:z|[+-]\d\d:?\d\d)?))?"
_ISO_INTERVAL_RE = re.compile(rf"\b(\d{{4}}-\d\d-\d\d){_ISO_TIME}/(\d{{4}}-\d\d-\d\d){_ISO_TIME}(?![\w/])")
#: A dash with no spaces between a date and a length (a length before a length, "2-3 days", is none) may take the
#: length away or say how long the date lasts, as a spaced one: "jan 5-3 days", "2027-10-05-3 days", "friday-3 days",
#: "christmas\u20143 days" ("today-3 days" subtracts, as "today - 3 days").
_DASH_LENGTH_RE = re.compile(
    rf"(\b(?:{MONTH})\.?(?: ?\d{{1,2}}(?:st|nd|rd|th)?)?|\b\d{{1,4}}[-/.]\d{{1,2}}(?:[-/.]\d{{1,4}})?"
    rf"|\b\d{{4}}|(?<![a-z])(?!(?:today|tomorrow|yesterday|now|tonight|{'|'.join(TENS)})\b)[a-z]+)"
    rf"[-\u2013\u2014](?={QUANTITY} ?{UNIT}\b)"
)
_TIMESTAMP_RE = re.compile(r"^\d{9,13}(?:\.\d+)?$")
_FRACTIONS = {"\u00bd": " 1/2", "\u00bc": " 1/4", "\u00be": " 3/4"}
#: a fraction glyph is a fraction of a unit of time ("in 2\u00bd hours", "\u00be of an hour"); anywhere else it is
#: left as it is, not understood (never the halves of a slashed date: "\u00bd 2024", "at 3\u00bd")
_FRACTION_RE = re.compile(rf"(?<![^\s\d])[\u00bd\u00bc\u00be](?= ?(?:of an? )?{UNIT}(?![a-z]))")
#: "a day or two" is one to two days: a range of counts ("a day or two ago": from two days ago to yesterday)
_OR_TWO_RE = re.compile(r"\b(?:an?|one) (second|minute|min|hour|hr|day|week|month|year) or two\b")
#: "this week or next": the second alternative names the period the first does ("this week or next week"; "next
#: week or the following" is left alone: "the following week" is next week to some)
_OR_NEXT_RE = re.compile(r"\b(this ([a-z]+)) or (next|last)(?=[ .!?;]*$)")
#: an hour said the military way, in words: "nineteen hundred hours", "oh nine hundred", "fourteen thirty hours"
_MILITARY_RE = re.compile(
    rf"\b(?:(?P<oh>oh|zero) (?P<h>{number_words(1, 9)})|(?P<hh>{number_words(10, 23)})) "
    rf"(?P<m>hundred|{number_words(10, 59)})(?P<hours> hours| hrs)?\b"
)
#: Words around a count that make it a length, never a time of day ("in", "for", "ago", "from now").
_LENGTH_BEFORE_RE = re.compile(r"\b(?:in|for|within) $")
_LENGTH_AFTER_RE = re.compile(r" (?:ago|from now|later|hence|earlier|before|after)\b")
#: a 24-hour clock with its leading zero and "hours": "0900 hours" is a time of day, never 900 hours
_ZERO_CLOCK_RE = re.compile(r"\b0\d[0-5]\d ?(?:hours|hrs)\b")
#: a year joined by a bare hyphen to four digits that are no later year ("2024-0101", "1700-0900"): not a range of
#: years, and never a range of clocks (a compact date or a slip, not understood)
_YEAR_DIGITS_RE = re.compile(r"(?<![\d-])(1[5-9]\d\d|2\d{3})-(?!1[5-9]\d\d|2\d{3})\d{4}(?![\d-])")
#: A clock and, right after it, a sign and four digits an offset may have ("10:00-0400"): a mail header's offset
#: written without its space, or the end of a range ("9:00-1100")
_CLOCK_DASH_DIGITS_RE = re.compile(
    r"(?<![\d:.])(?P<h>\d\d?)(?:[:.](?P<m>\d\d)\s*|\s*(?=[ap]))(?:(?P<half>[ap])\.?m\.?)?-(?P<end>(?:0\d|1[0-4])(?:00|30|45))(?!\d)"
)
#: a part of the day before or after nothing named: "the night before", "the morning after"
_PART_BEFORE_RE = re.compile(r"\b(?:the )?(?:to)?(?:morning|afternoon|evening|night) (?:before|after)$")
#: "the year" before a year in words: the year ("the year two thousand", "the year nineteen ninety nine"); after a
#: count "year" is a unit ("one year ten months ago")
_SPOKEN_YEAR_RE = re.compile(
    r"(?:\bthe |^)year (?=(?:one|two) thousand\b|(?:ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen"
    r"|eighteen|nineteen|twenty) [a-z])"
)
#: "the 4th day last week" is the 4th day of last week, never the 4th of the month
_DAY_OF_RE = re.compile(
    r"\b(\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|last) day"
    r"(?= (?:last|next|this) (?:week|month|quarter|year)\b)"
)
_UNIT_WORD = r"(?:seconds?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?)\b"
_ABOUT = r"(?:around|about|approximately|approx|roughly|circa)"
#: "or so", "approximately", "or thereabouts"... after a time of day ("-ish" after "o'clock"): about that time, as
#: "-ish" is; after a count ("2 hours or so") or a day ("june 5 or so") it stays vague
_ABOUT_AFTER_RE = re.compile(
    rf"\b(?:{_ABOUT} )?(?P<t>at (?:\d{{1,2}}|{HOUR_WORD})|(?P<h>\d{{1,2}}(?:[:.]\d\d)?) ?(?P<ap>[ap]m)"
    rf"|\d{{1,2}}[:.]\d\d|noon|midnight|(?:\d{{1,2}}|{HOUR_WORD})(?= o'?clock))(?: o'?clock)?"
    r"(?: or so| or thereabouts| approx(?:imately)?| roughly| give or take|(?<=clock) ?-?ish)\b"
)
#: "around", "about"... before a clock time with its minutes in words ("around half seven", "about twenty to eight",
#: "around seven thirty"): that minute, as "around 7:15" is (never a length: "about half an hour", "about 10 to 15
#: minutes"; "about five to nine" may be a range)
_ABOUT_MINUTES_RE = re.compile(
    rf"\b{_ABOUT} (?=(?:at )?(?:half (?:past |after )?|(?:a )?quarter (?:past|after|to|till|til|before|of) "
    rf"|{NUMBER}(?: minutes? (?:to|till|til|before)| past| after) "
    rf"|(?:[1-5]\d|{number_words(13, 59)}) (?:to|till|til|before) "
    rf"|(?={HOUR_WORD} (?:{MINUTE_WORD})\b))"
    rf"(?:{HOUR_WORD}|\d{{1,2}}|noon|midnight)\b(?! {_UNIT_WORD}))"
)
#: "the 3rd day after (before)" a day: that many days after (before) it, a day (of "the end of" a period, from its last
#: day, never the instant it ends; "month end", not understood)
_NTH_DAY_RE = re.compile(
    rf"\b(?:the )?(\d{{1,2}}(?:st|nd|rd|th)|{any_of(WORD_ORDINALS)}) day (after|before)\b"
    r"(?P<end> (?:the )?end of\b)?(?! (?:the )?\w+ end\b)"
)
#: "around", "about"... before an hour: about that time, as "-ish" is (never a count: "about 2 days ago"); before a time
#: with its minutes ("around 7:15", "around 1030": four digits below 1500, never a year nor after "circa"), that minute
_ABOUT_RE = re.compile(
    r"\b(?:around|about|approximately|approx|roughly|circa) (?:at )?"
    r"(?:(\d{1,2}|noon)(?: ?([ap]m))?|(\d{1,2}:\d\d(?: ?[ap]m)?|(?<!circa )(?<!circa at )(?:0\d|1[0-4])[0-5]\d))"
    rf"\b(?![:./-]?\d| {_UNIT_WORD}| (?:a|an|and|or|to|-)\b| (?:{MONTH})\b)"
)


def _about(m: re.Match[str]) -> str:
    """A time said about (see ``_ABOUT_RE``) as read; four digits beside a year are left unread ("around 1030 next
    year": a time with only a year names no day, and is not understood)."""
    if m[3] and m[3].isdigit() and re.search(r"\b(?:years?|\d{4})\b", m.string[: m.start()] + m.string[m.end() :]):
        return m[0]
    return m[3] or f"{m[1]} ish {m[2] or ''}"


#: An hour in words said about ("around three", "seven-ish", "at seven or so"), alone or before am/pm or a day word.
_ABOUT_WORD_RE = re.compile(
    rf"(\b{_ABOUT} (?:at )?)?\b({HOUR_WORD})\b"
    r"(?(1)(?=$| ?[ap]m\b| (?:tonight|today|tomorrow|this|on|in)\b)|(?= ?-?ish\b))"
)
#: "over" before a count is more than it, an open bound ("over 2 hours ago", "over a dozen saturdays ago", "over a
#: couple of nights ago", "over 2h ago"), never the count itself
_OVER_RE = re.compile(
    rf"\bover (?=(?:(?:{QUANTITY}) |\d+(?:\.\d+)?)"
    rf"(?:{UNIT}|(?:{WEEKDAY})s?|weekends?|(?:morning|afternoon|evening|night)s?)\b)"
)
#: a count in hundreds before a unit: "a hundred days", "two hundred and fifty years ago"
_HUNDREDS_RE = re.compile(
    rf"(?<!\boh )(?<!\bzero )\b(?P<c>an?|{number_words(1, 9)}) hundred(?: and)?(?: (?P<r>{number_words(1, 99)}))?"
    rf"(?= {_UNIT_WORD})"
)


#: A deadline at the start of "the" year (month, week, quarter): its word, "beginning" or "start", and the period.
_START_OF = (
    r"\b(by|until|till|til|up to|before) the (beginning|start) of the (?:calendar |new )?(year|month|week|quarter)\b"
)
#: Such a deadline followed by nothing but a time of day, a zone or "please" ("by the start of the month at 9am UTC,
#: please"), never by words that may name another day ("... in 2 weeks", "... tomorrow").
_START_OF_THE_RE = re.compile(
    _START_OF + r"(?=(?:,? (?:at |in |after )?(?:\d{1,2}(?:[:.]\d\d)?(?: ?[ap]m)?|noon|midday|midnight|lunch"
    r"|the latest|the (?:morning|afternoon|evening)|utc|gmt|zulu|z|[ecmp][sd]t|cet|cest|\(utc\)|\(gmt\)|[a-z]+/[a-z_]+"
    r"|(?:utc|gmt)?[+-]\d{1,2}(?::?\d\d)?|please))*\W*$)"
)
#: What ``_START_OF_THE_RE`` leaves of such a deadline: words after it that name another period are read ("the month
#: of july", "the week after next", "the year 2025"); any others are not understood.
_START_OF_ANOTHER_RE = re.compile(_START_OF + r"(?!\s+(?:of|after|before|\d{4})\b)(?=.)")


#: A range of clocks, or of dates, whose end is dotted ("9.30 to 11.30", "12.06 9.45 to 12.10", "12.06 9:45am to
#: 12.10", "between 12.06 9.45 and 12.10"; see ``_dotted_end``)
_DOTTED_RANGE_RE = re.compile(
    r"\b([01]?\d|2[0-3])([.:h])([0-5]\d)( ?[ap]m)? ?(-|to|until|till|and) ?([0-3]?\d)\.([0-5]\d)\b(?![.\d])"
)


#: "8/7c", "9:30/8:30c": a TV listing's time in US Eastern time, then in Central time, an hour earlier (never one
#: part of a longer token: "8/7c/2028")
_TV_LISTING_RE = re.compile(r"(?<![\w/.:-])(\d{1,2})(:[0-5]\d)?(am|pm)?/(\d{1,2})(:[0-5]\d)?(am|pm)?c\b(?![/.:-]\d)")


def _tv_listing(m: re.Match[str], zone: str = "et") -> str:
    """The Eastern time of a TV listing ("8/7c": "8 et"), or the same hour in another ``zone`` (Pacific clocks show
    the Eastern hour); as written when the Central time is not an hour earlier."""
    hour, central = int(m[1]), int(m[4])
    same = m[2] == m[5] and m[6] in {None, m[3]} and 1 <= central <= 12 and 1 <= hour <= 12
    said = m.string[max(m.start() - 4, 0) : m.start()]
    at = "" if re.search(r"(?:\bat|@) $", said, re.IGNORECASE) else "at "  # "friday at 9 et", never the 9th
    return f"{at}{m[1]}{m[2] or ''}{m[3] or ''} {zone}" if same and (hour - central) % 12 == 1 else m[0]


#: A TV listing in the phrase as written, in any case
_TV_LISTING_WRITTEN_RE = re.compile(_TV_LISTING_RE.pattern, re.IGNORECASE)


def _listing_out_west(phrase: str, user_time: datetime) -> Resolution | None:
    """A TV listing ("8/7c") said where clocks are behind US Central time: the Eastern hour on a Pacific clock in the
    Americas, where the shows air at it ("8/7c" is 8 in Los Angeles); not understood on Mountain, Alaska, Hawaii and
    other such clocks (the hour differs from market to market). None elsewhere: the Eastern time."""
    found = _TV_LISTING_WRITTEN_RE.search(phrase) if len(phrase) <= MAX_LENGTH else None
    tz = user_time.tzinfo
    if found is None or tz is None:
        return None
    year = user_time.year
    offsets = (
        [user_time.utcoffset()]
        if not isinstance(tz, ZoneInfo)
        else [datetime(year, month, 1, tzinfo=tz).utcoffset() for month in (1, 7)]
    )
    standard = min((o for o in offsets if o is not None), default=timedelta(0))
    if standard > timedelta(hours=-6) or (standard == timedelta(hours=-6) and len(set(offsets)) > 1):
        return None  # Eastern or Central time (one with daylight saving time, never Mountain's in summer)
    if (
        isinstance(tz, ZoneInfo)
        and standard == timedelta(hours=-8)
        and tz.key.startswith(("America/", "US/", "Canada/"))
    ):
        pacific = _TV_LISTING_WRITTEN_RE.sub(lambda m: _tv_listing(m, "pt"), phrase)
        if pacific == phrase:
            return None
        found_ = _by_grammar(pacific, user_time)
        problem = found_.problem and found_.problem.replace(repr(pacific), repr(phrase))  # the user's words
        return replace(found_, phrase=phrase, problem=problem)
    why = f"{found[0]!r} is a TV listing's Eastern and Central times; the hour it airs on the user's clock is not said"
    return Resolution(phrase, (), user_zone(user_time), f"could not understand {phrase!r}: {why}", False)


def _iso_interval(m: re.Match[str]) -> str:
    """An ISO 8601 interval as a range; left as written (not understood) with a zone on one end alone, which the other
    end may or may not share."""
    if len({bool(re.search(r"(?:z|[+-]\d\d:?\d\d)$", t or "")) for t in (m[2], m[4])}) > 1:
        return m.group(0)
    return " ".join(filter(None, (m[1], m[2], "to", m[3], m[4])))


def _dotted_end(match: re.Match[str]) -> str:
    """How to read the end of a range whose end is dotted and may be a clock: "clock", "date", "either" or "before"
    (both not understood). Dotted days and months at both ends are dates ("10.06, 12.06 to 11.06"). After a dotted
    date, the end is a date when it has its own clock or cannot be one ("from 12.06, 9.30 to 13.06, 11.30", "1.07 10.00
    to 30.07"), "before" when that date may come before the start ("12.06 9.45 to 11.06, 10.00": never June 11 next
    year), or when, in each order the two may be read, it is a date a few days after that date ("12.06 9.30 to 13.06",
    "30.06 9.45 to 2.07"). A date earlier in its year than the start is before it, unless it is at most two months (62
    days, in the start's year if written, else across a common February) after it across the year's end ("20.12 9.45
    to 3.01 10.00" is December 20 to January 3, "30.11 22.00 to 2.01 10.00" November 30 to January 2, "30.12 22.00 to
    2.03 10.00" December 30 to March 2; "20.12 9.45 to 20.06 10.00" is not understood). It is a clock when every date it
    may be is before the start, on its day or over a month after it ("12.06 9.45 to 11.10"; "13.06 9.00 to 11.06":
    never June 11 next year; "12.06 9.45 to 12.06 10.00" is that day). Either, not understood, when it may be a clock
    or a date days or weeks away ("12.06 9:45 to 12.10": June 12 to October 12, or December 6 to 10; "12.06 9:45 to
    10.07": 10:07, or July 10; "12.06 23.30 to 1.06": 01:06, or December 6 to January 6). With no date before it, a
    dotted start with minutes above 12 is a clock ("9.30 to 11.10"), and any other start (or "and") is left as
    written."""
    minute, end_hour, end_minute = (int(match[i]) for i in (3, 6, 7))
    before = re.split(r"\b(?:from|between)\b", match.string[: match.start()])[-1]
    dates = re.findall(r"(\d{1,2})\.(\d{1,2})(?:\.(\d{4}|\d\d)\b)?", before)  # with the start's year if written
    bare = match[2] == "." and not match[4]  # a start that may be a day and month too
    if bare and 1 <= minute <= 12 and end_minute <= 12:
        return "date"
    if not dates or end_minute > 12:
        clock = bool(dates) or (bare and match[5] != "and" and max(minute, end_minute) > 12)
        return "clock" if clock and end_hour <= 23 else "date"
    day, month = (int(n) for n in dates[-1][:2])
    written = dates[-1][2]  # the start's year (20yy for two digits), else a common one
    year = int(written) + (2000 if len(written) == 2 else 0) if written else 2001
    ends = set()  # where the end lies after the start in each order both may be read
    for first, last in (((month, day), (end_minute, end_hour)), ((day, month), (end_hour, end_minute))):
        try:  # a leap year, so that February 29 is a day
            gap = (date(2000, *last) - date(2000, *first)).days
        except ValueError:
            continue  # not a date in this order
        try:  # across the year's end, counted in the real years
            after = gap if gap >= 0 else (date(year + 1, *last) - date(year, *first)).days
        except ValueError:  # February 29 in a common year: in a leap one
            after = gap + 366
        # the same day, before it (earlier in its year, unless within two months across the year's end: any January
        # after December), or after it: a few days on ("near"), within a month ("soon") or later ("far")
        ends.add("same" if gap == 0 else "before" if gap < 0 and after > 62 else
                 "near" if after <= 7 else "soon" if after <= 31 else "far")  # fmt: skip
    if end_hour > 23 or re.match(r",? (?:at )?\d{1,2}(?:[.:]\d\d| ?[ap]m\b)", match.string[match.end() :]):
        return "before" if "before" in ends else "date"  # a date: never one before the start, next year
    # a date months away is no reading ("12.06 9.45 to 11.10"), one weeks away may be
    return "date" if ends == {"near"} else "clock" if ends <= {"before", "same", "far"} else "either"


_ERA_RE = re.compile(r"\b(?:ad|a\.d\.) (\d{3,4})\b|\b(\d{3,4}) (?:ad|ce|a\.d\.|c\.e\.)(?=\s|$)")
_QUARTER_FIRST_RE = re.compile(r"\b([1-4])q(?:(\d\d)\b|\b(?! (?:later|earlier|ago|before|after)\b))")
_WEEK_LAST_RE = re.compile(rf"\b((?:an?|one|two|three|\d+) (?:weeks?|fortnights?)) last (?=(?:{WEEKDAY})\b)")
_END_OF_DAY_RE = re.compile(rf"\b(?:the )?(end of the) day (?=(?:on )?(?:today|tomorrow|yesterday|{WEEKDAY})\b)")
_SIDE_RE = re.compile(r"(?<!\bno )\b(later than|earlier than|prior to|ahead of) (?=[a-z0-9])")
#: A count of days or longer "past", "following" or "subsequent to" a day is that long after it ("10 days past march
#: 20"), "preceding" it before it, as "the (first) business day following" is the one after (never a clock: "5
#: minutes past 3" stays 3:05, "the past 3 days" a span; hours "past" are left alone: "2 hours past 3 on friday").
_PAST_RE = re.compile(
    rf"\b((?:(?:{QUANTITY}) ?(?:(?:business|working) )?(?:days?|weeks?|fortnights?|months?|years?)"
    r"|the (?:first )?(?:(?:business|working) )?day)) "
    r"(?:(past|following|subsequent to)|preceding) (?=[a-z0-9])"
)
#: A period's n-th (last) part said with "'s" before it: "this month's last friday" is the last Friday of this month
#: (never the Friday just gone, in it), "march's last day" March 31, "next year's first monday" as "of" says it.
_OWNED_PART_RE = re.compile(
    rf"\b((?:this|next|last|the) (?:week|month|quarter|year)|(?:{MONTH})(?: \d{{4}})?|\d{{4}})'s "
    r"((?:first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|last|final|penultimate) "
    rf"(?:{WEEKDAY}|(?:business |working )?day|weekday|weekend|week|month))\b"
)
_SO_FAR_RE = re.compile(
    r"\bso far (?:this|in the) (week|month|quarter|year)\b(?! ?(?:of\b|\d|'))|\bthis (week|month|quarter|year) so far\b"
)
_WORK_WEEK_END_RE = re.compile(r"\bend of (?:the |this )?(next |last )?(?:working|work|business) ?week\b")


@functools.lru_cache(maxsize=1024)  # a phrase is read by several steps, and benchmarks repeat phrases
def normalize(phrase: str) -> str:
    """Lower-case, unify dashes, ``a.m.``/``p.m.`` and spacing, drop trailing punctuation."""
    text = _LOWER_CASE_ABBREVIATIONS_RE.sub(lambda m: "tomorrow" if m[1] == "tom" else "today", phrase.strip()).lower()
    text = _DASH_LENGTH_RE.sub(r"\1 - ", text)
    text = re.sub(r"[\u2010-\u2015\u2212]", "-", text)
    text = re.sub(r"(?<![a-z])([ap])\s?\.\s?m\b(?:\s?\.)?", r"\1m", text)
    text = re.sub(r"(?<=\d)\.(am|pm)\b", r"\1", text)
    text = re.sub(r"(?<=[\da-z]) ([ap]) m\b", r" \1m", text)
    text = text.replace("\u2019", "'")
    text = _TV_LISTING_RE.sub(_tv_listing, text)
    text = _ISO_INTERVAL_RE.sub(_iso_interval, text)
    # "14 -> 16 may", "14--16 may": an arrow or two hyphens join a range as "to" does ("10--12" is never a date)
    text = re.sub(r"(?<!\s)\s*(?:-+>|\u2192|-{2,})\s*", " to ", text)  # (from a run's start: linear)
    text = _DOUBLED_RE.sub(lambda m: m[2] if WORD_NUMBERS.get(" ".join(m[1].split())) == int(m[2]) else m[0], text)
    text = _WEEKDAY_DAYS_RE.sub(r"\1 \4\2\3", text)  # "mon 15 - fri 19 apr": the month said once is both days'
    # "jan 5 minus 3 days": a sign before a length, never a dash ("jan 5 - 3 days"); "jan 3 minus 5" is no range
    text = re.sub(rf"\bminus\s*(?=(?:{QUANTITY}) ?{UNIT}\b)", "-", text)
    text = _ABBREVIATIONS_RE.sub(_abbreviation, text)
    text = _FRACTION_RE.sub(lambda m: _FRACTIONS[m.group(0)], text)
    text = re.sub(r"\s+", " ", text)
    text = _OR_TWO_RE.sub(lambda m: f"1-2 {m[1]}s", text)
    text = _OR_NEXT_RE.sub(lambda m: f"{m[1]} or {m[3]} {m[2]}", text)
    text = _MILITARY_RE.sub(_military, text)
    text = re.sub(r"\b(\d+)h(\d+)m\b", r"\1h \2m", text)  # "1h15m ago" as "1h 15m ago"
    # "quarter 'til 5", "14:00z" and "1400z" (Zulu: UTC), "calendar week 49", "cw49" (the ISO week)
    text = re.sub(r"'(?=till?\b)", "", text)
    text = _zulu(text)
    text = re.sub(r"\b(?:calendar week|cw) ?(?=\d)", "week ", text)
    text = re.sub(r"\bweek (\d{1,2}) ?- ?(\d{1,2})\b(?!-)", r"week \1 to week \2", text)  # "cw 49-50": two weeks
    # "AD 2025", "1230 CE": the year, never a clock ("1230" alone is 12:30)
    text = _ERA_RE.sub(lambda m: f"year {m[1] or m[2]}", text)
    # "so far this week", "this month so far": from its start to today, as "this week to date" (never "so far in the
    # month of May", nor "so far in the year 2023")
    text = _SO_FAR_RE.sub(lambda m: f"this {m[1] or m[2]} to date", text)
    text = re.sub(r"\bright (?=thru |through )", "all ", text)  # "right through June" as "all through June"
    # "2Q 2025", "3Q25": the quarter before its year, as "Q3 2025" ("2Q later" is no quarter); "1H 2025" the half
    text = _QUARTER_FIRST_RE.sub(lambda m: f"q{m[1]}" + (f" '{m[2]}" if m[2] else ""), text)
    text = re.sub(r"\b([12])h (?=\d{4}\b|'\d\d\b)", r"h\1 ", text)
    # "15.30h": 15:30, as "15h30"; "from 9.30 to 11.30": two clocks, never September 30 to November 30 (ends that may
    # be days and months, "from 12.06 to 14.06", stay dates, and so does an end that may be one after a start with a
    # date: "from 12.06 9.30 to 13.06 11.30")
    text = re.sub(r"\b(1\d|2[0-3])\.([0-5]\d)h\b", r"\1h\2", text)  # ("1.25h" stays a length)
    text = _DOTTED_RANGE_RE.sub(
        lambda m: (
            f"{m[1]}:{m[3]}{m[4] or ''} {'to' if m[5] == '-' else m[5]} {m[6]}:{m[7]}"
            if _dotted_end(m) == "clock"
            else m[0]
        ),
        text,
    )
    text = _ABOUT_AFTER_RE.sub(lambda m: f"{m['h']} ish {m['ap']}" if m["ap"] else f"{m['t']} ish", text)
    text = _ABOUT_MINUTES_RE.sub("", text)
    text = _NTH_DAY_RE.sub(lambda m: f"{ordinal_value(m[1])} days {m[2]}{' the last day of' if m['end'] else ''}", text)
    # an hour in words said about: "around three", "seven-ish", "at seven or so" as in digits
    text = _ABOUT_WORD_RE.sub(lambda m: f"{m[1] or ''}{WORD_NUMBERS[m[2]]}", text)
    text = _ABOUT_RE.sub(_about, re.sub(r"\b(?:how|what) about\b", "how", text))
    text = _SPOKEN_YEAR_RE.sub("", text)
    text = _DAY_OF_RE.sub(r"\1 day of", text)
    text = _HUNDREDS_RE.sub(lambda m: str(100 * int(quantity_value(m["c"])) + words_value(m["r"])), text)
    text = re.sub(r"\bmid[- ]week (?=(?:next|last|this|the following|the coming) week\b)", "mid ", text)
    # said in chat: "next next monday" is monday after next, "last friday but one" the friday before last, "friday
    # (the weekend) coming" this coming friday (weekend), "9 on the dot" 9 sharp
    text = re.sub(r"\bnext next ([a-z]+)", r"\1 after next", text)
    text = _DOTTED_NAMED_RE.sub(lambda m: m.group(0).replace(".", "-"), text)
    # "the day after next tuesday": a day after next tuesday (never the day after tomorrow, on a tuesday)
    text = re.sub(rf"\bthe day after next (?=(?:{WEEKDAY})\b)", "a day after next ", text)
    text = re.sub(r"^(?:deadline|due date)\s*:\s*", "", text)  # a label before the date ("deadline: aug 31")
    # "fri eve", "tomorrow eve" (chat shorthand): the evening; "friday eve" may be Thursday, the eve of Friday
    text = re.sub(r"\b(mon|tues?|weds?|thu(?:rs?)?|fri|sat|sun|tomorrow) eve\b", r"\1 evening", text)
    text = re.sub(r"\blast ([a-z]+) but one\b", r"the \1 before last", text)
    # "(the) second to last friday" ("last but one") of no period: the friday before last, never "2nd to last friday"
    text = re.sub(rf"\b(?:the )?(?:second|2nd) to last ({WEEKDAY}|weekend|week|day|hour|month|year)\b(?! (?:of|in)\b)",
                  r"the \1 before last", text)  # fmt: skip
    text = re.sub(rf"\b(?:the |this )?({WEEKDAY}|weekend) coming\b", r"this coming \1", text)
    # "a week last monday" (British): a week before last monday, as "a week yesterday" is before yesterday
    text = _WEEK_LAST_RE.sub(r"\1 before last ", text)
    # "for (throughout) the next fortnight": the time from now, as "within the next fortnight"
    text = re.sub(r"\b(?:for|throughout) (?:the )?(?=(?:next|coming) fortnight\b)", "within the ", text)
    text = re.sub(r"\bon the dot\b", "sharp", text)
    # "the end of the day" before another day is that day's end of day ("by the end of the day tomorrow")
    text = _END_OF_DAY_RE.sub(r"\1 day ", text)
    # "the same day (date) next month" is this day next month, as "the same time tomorrow" is this time tomorrow
    text = re.sub(r"\b(?:the )?same da(?:y|te) (?=(?:next|last) (?:week|month|year)\b)", "this day ", text)
    # "dead on 9", "bang on noon", "at the stroke of midnight": exactly at that time of day, said as a clock alone
    # (never a year or a date: "at the stroke of 2028", "the stroke of 1/1")
    text = re.sub(
        r"\b(?:(?:dead|bang|spot) on|(?:at |on )?the stroke of) "
        rf"(?=\d\d?(?:[:.]\d\d)?(?: ?[ap]m\b|(?![\w/.:-]))|noon\b|midnight\b|(?:{number_words(1, 12)})\b)",
        "at ",
        text,
    )
    # first thing in the morning is first thing ("first thing tomorrow morning", "tomorrow morning first thing")
    text = re.sub(r"\b(first thing\b.*?) (?:in the )?morning\b|\bmorning (?=first thing\b)", r"\1", text)
    # "any day next week", "some day next week": the week; "as of monday": from monday ("any day now" stays vague)
    text = re.sub(r"\b(?:any|some) day (?=(?:this|next|the following|the coming) week\b|in )", "anytime ", text)
    text = re.sub(r"\bas of (?=[a-z0-9])", "from ", text)
    # a deadline or a start that includes its day: the moment it names, as "by friday" and "from monday" are
    text = re.sub(r"\b(?:on or before|not after|(?:no|not) later than) (?=[a-z0-9])", "by ", text)
    text = re.sub(r"\b(?:on or after|no earlier than|not earlier than|not before) (?=[a-z0-9])", "from ", text)
    # "since the beginning of the year": from its start, this year's, to date (ending today, as "year to date"); "since
    # monday", "since oct 15", "since 9am": from then to now, a weekday the one just gone (said on a Monday, a week ago)
    text = re.sub(r"\bsince (the (?:beginning|start) of the (?:year|month|week|quarter))\W*$", r"from \1 to date", text)
    text = re.sub(rf"^since (?=(?:{WEEKDAY})\b)", "since this past ", text)
    text = re.sub(r"^since (?=[a-z0-9])(.*?)\W*$", r"from \1 to now", text)
    # a deadline at the start of "the" year (month, week, quarter) with nothing after it but a time of day, a zone or
    # "please": the next one, as the current one's has passed (see ``_current_start``); other words after it ("the
    # month of july", "the week after next", "the month in 2 weeks") are read as they say, or not understood
    text = _START_OF_THE_RE.sub(r"\1 the \2 of next \3", text)
    # "after 9:30 but before 11": the time between, as with "and"
    text = re.sub(r"\bbut (?=(?:before|after|later than|earlier than|prior to) )", "and ", text)
    # strictly before or after: one side of the moment named ("later than 6pm" is after it, "prior to 5pm" before)
    text = _SIDE_RE.sub(lambda m: f"{_SIDES[m[1]]} ", text)
    text = _OWNED_PART_RE.sub(r"the \2 of \1", text)
    text = _PAST_RE.sub(lambda m: f"{m[1]} {'after' if m[2] else 'before'} ", text)
    # "the business day before christmas" is the last one before it, "the working day after" the first one after it
    text = re.sub(
        r"\bthe (business|working) day (?=(before|after) [a-z0-9])",
        lambda m: f"the {'last' if m[2] == 'before' else 'first'} {m[1]} day ",
        text,
    )
    # "the evening before christmas": the evening of the day before it
    text = re.sub(r"\bthe (morning|afternoon|evening|night) (before|after)(?= [a-z])", r"the \1 of the day \2", text)
    # the end of the working week is its Friday (never its Sunday)
    text = _WORK_WEEK_END_RE.sub(lambda m: f"friday of {m[1] or 'this '}week", text)
    return text.strip(" .!?;")


#: A Zulu clock ("1400z", "14:00z", "14:00:00z"), never inside an ISO 8601 date-time (nor its fraction of a second).
_ZULU_RE = re.compile(r"(?<!\d-\d\d[t ])(?<!:)(?<!\d[.,])\b([01]?\d|2[0-3]):?([0-5]\d)(:[0-5]\d)?z\b")


def _zulu(text: str) -> str:
    """Zulu clocks are 24-hour times in UTC ("1600z" is 16:00, never the year 1600): the phrase is read in UTC, as
    when it ends with the zone ("1400z friday" is Friday at 14:00 UTC); four digits before "UTC" are a clock too."""
    zulu = _ZULU_RE.sub(lambda m: f"{int(m[1]):02d}:{m[2]}{m[3]}" if m[3] else f"{int(m[1]):02d}{m[2]} hours", text)
    if zulu != text:
        text = f"{zulu} z"
    text = _UTC_CLOCK_RE.sub(_utc_clock, text)
    # "between 1900 UTC and 2100 UTC": one zone for both ends
    return re.sub(r" (utc|gmt)\b(?= (?:and|to|until|till|through|-) (?:(?!utc|gmt).)*\1$)", "", text)


#: Four digits before "UTC" or "GMT" ("1600 UTC"), with the word before them.
_UTC_CLOCK_RE = re.compile(r"(?:(?<!\S)(\S+) )?\b(\d\d)(\d\d) (?=(?:utc|gmt)\b)")
#: Words before four digits that make them a clock ("at 2000 UTC", "Friday 2030 UTC", "by 2030 UTC") or a year
#: ("June 2024 UTC").
_CLOCK_BEFORE_RE = re.compile(
    rf"(?:at|@|today|tomorrow|tonight|{WEEKDAY}|by|until|till|til|from|starting|before|after|between|and|to|-)"
)
_YEAR_BEFORE_RE = re.compile(rf"(?:{MONTH}|year|in|of|q[1-4]|h[12]|\d+(?:st|nd|rd|th)?|.*,)")


def _utc_clock(m: re.Match[str]) -> str:
    """Four digits before "UTC" as a clock, unless a date word is beside them ("June 2024 UTC", "in 2024 GMT",
    "March 3, 2025 UTC") or, after a word that is neither a date word nor a start or deadline word, they may be a
    year ("since 2025 UTC"); after a start or deadline word they are a clock ("by 2030 UTC") or not understood ("by
    1899 UTC": a year with a zone is not said after "by")."""
    before, number = m[1] or "", int(m[2] + m[3])
    if int(m[2]) > 23 or int(m[3]) > 59:  # no clock: a year, or nothing after a start or deadline word
        return f"{before} {m[2]}:{m[3]} ".lstrip() if _CLOCK_BEFORE_RE.fullmatch(before) else m[0]
    clock = (
        not before
        or _CLOCK_BEFORE_RE.fullmatch(before.rstrip(",")) is not None
        or (_YEAR_BEFORE_RE.fullmatch(before) is None and not 1900 <= number < 2100)
    )
    return f"{before} {m[2]}:{m[3]} ".lstrip() if clock else m[0]


def _military(m: re.Match[str]) -> str:
    """An hour said the military way as its four digits and "hours" ("at thirteen hundred": after "at" too); words
    that say no such clock stay as they are (a year: "nineteen hundred"; a length: "two hundred hours")."""
    at = re.compile(r"(?:\bat|@) $").search(m.string, max(0, m.start() - 3), m.start()) is not None
    if not (m["oh"] or m["hours"] or at) or _around_length(m):
        return m.group(0)  # a clock with "in", "for" or "ago" around it is left as words: an error (``_refused``)
    hour = WORD_NUMBERS[m["h"] or m["hh"]]
    minute = 0 if m["m"] == "hundred" else WORD_NUMBERS[m["m"]]
    return f"{hour:02d}{minute:02d} hours"


def _abbreviation(m: re.Match[str]) -> str:
    """The word an abbreviation stands for; "2day" as a length stays a number of days ("in 2day", "2day ago")."""
    after = re.compile(r" (?:ago|from now)\b")
    length = m[0] == "2day" and (_length_before(m) or after.match(m.string, m.end()) is not None)
    return m[0] if length else _ABBREVIATIONS[m[0]]


def _around_length(m: re.Match[str]) -> bool:
    """Whether the words around a match make it a length ("in", "for", "ago", "from now")."""
    return bool(_length_before(m) or _LENGTH_AFTER_RE.match(m.string, m.end()))


def _length_before(m: re.Match[str]) -> bool:
    """Whether "in", "for" or "within" is just before a match (looked for in the 7 characters before it only)."""
    return _LENGTH_BEFORE_RE.search(m.string, max(0, m.start() - 7), m.start()) is not None


def iso_reading(text: str) -> tuple[Reading, timedelta | None] | None:
    """An ISO 8601 date or date-time at the granularity written, with its offset if any."""
    if _ISO_DATE_RE.match(text):
        with contextlib.suppress(ValueError):
            return Reading(day_window(date.fromisoformat(text))), None
        return None
    if not _ISO_RE.match(text):
        return None
    try:
        moment = datetime.fromisoformat(text.upper())
    except ValueError:
        return None
    offset = moment.utcoffset()
    if offset is not None and not real_offset(offset):
        return None
    wall = moment.replace(tzinfo=None)
    if wall.second or wall.microsecond:
        lo = wall.replace(microsecond=0)
        return Reading(Window(lo, lo + timedelta(seconds=1), "second")), offset
    return Reading(minute_window(wall)), offset


@functools.lru_cache(maxsize=2048)
def _zone_split(text: str, capitals: frozenset[str] = frozenset()) -> tuple[str, ZoneSpec | None, Parsed | str]:
    """The phrase without its zone, the zone, and the parse of the rest. Zone abbreviations beyond the common ones
    (``cet``, ``ist``) are looked up only when the grammar leaves a word over (the lookup is the costly part)."""
    rest, zone = pop_zone(text, abbreviations=False)
    parsed = understood(rest)
    if isinstance(parsed, str) and zone is None:
        other, named = pop_zone(rest)
        removed = set(rest.split()) - set(other.split())
        # an abbreviation from the long table counts only when written in capitals ("3pm CET", not "3pm get")
        if named is not None and removed and removed <= capitals:
            return other, named, understood(other)
    return rest, zone, parsed


#: A clock in digits without am/pm right before a numeric UTC offset ("10:00 -0400", "14:00:00+0200", "10:00 utc+2").
#: The offset is looked ahead at, so that a range's end is tried too ("9:00-11:00 +0200").
_OFFSET_CLOCK_RE = re.compile(
    r"(?<![\d.:])(?P<clock>\d{1,2}:\d\d(?::\d\d(?:\.\d+)?)?)"
    r"(?=\s*(?P<offset>(?:utc|gmt)\s*[+-]\d{1,2}(?::?\d\d)?|[+-]\d\d:?\d\d)(?![\d:]))"
)


def _offset_clock(text: str, zone: ZoneSpec | None) -> str:
    """The clock in digits without am/pm written right before the numeric UTC offset that gave ``zone`` ("10:00" in
    "tue, 8 apr 2031 10:00 -0400", "10:00:00+0200", "10:00 utc+2"), else "": machines write it so, in 24-hour
    notation (10:00, never 22:00); before a zone's name it keeps both halves of the day ("10:00 EST")."""
    if zone is None:
        return ""
    return next((f["clock"] for f in _OFFSET_CLOCK_RE.finditer(text) if parse_zone_name(f["offset"]) == zone), "")


def _in_24_hours(parsed: Parsed, clock: str) -> Parsed:
    """``parsed`` with the clock item written ``clock`` read in 24-hour notation (see ``_offset_clock``)."""
    if not clock:
        return parsed
    items = (twenty_four_hour(i) if i.text.rsplit(" ", 1)[-1] == clock else i for i in parsed.items)  # "at 10:00"
    return Parsed(tuple(items), parsed.unknown)


def _counted_from_clock(found: Reading, length: timedelta, zone: ZoneSpec) -> Reading:
    """A reading of hours or minutes from a time of day ("2 hours after 1am") counted in elapsed time in ``zone``:
    where the clocks change between the two, or the wall time it reaches is shown twice, that wall time in the offset
    it has then ("an hour before 2am" the night clocks go back is 01:00 in winter time alone)."""
    if found.end is not None or found.until is not None or len(zone.zones) != 1 or type(zone.zones[0]) is timezone:
        return found
    try:
        moved = ((found.start.lo - length).replace(tzinfo=zone.zones[0]).astimezone(UTC) + length).astimezone(
            zone.zones[0]
        )
    except (OverflowError, ValueError):  # past year 1 or 9999
        return found
    wall = moved.replace(tzinfo=None)
    if wall == found.start.lo and len(zone.offsets_at_wall(wall)) == 1:
        return found
    offset = moved.utcoffset() or timedelta()
    return Reading(replace(found.start.shifted(wall - found.start.lo), zone=fixed_zone(offset)))


def _zoned(readings: tuple[Reading, ...], zone: ZoneSpec | None) -> tuple[Reading, ...]:
    if zone is None:
        return readings
    return tuple(
        Reading(
            _past_gap(replace(r.start, zone=r.start.zone or zone)),
            _past_gap(replace(r.end, zone=zone)) if r.end is not None else None,
            r.until,
        )
        for r in readings
    )


def _past_gap(w: Window) -> Window:
    """A window whose bounds name wall times that do not exist in its zone (clocks moved forward) read as zoneinfo
    reads them (``fold=0``: 2:30am on the day New York springs forward is 07:30Z, shown 03:30), so the window stays
    the right way round; the reasons say so."""
    zones = w.zone.zones if w.zone is not None else ()
    if len(zones) != 1 or type(zones[0]) is timezone:
        return w
    lo, hi = _existing(w.lo, zones[0]), _existing(w.hi, zones[0])
    if lo == w.lo and hi == w.hi:
        return w
    gap = ""
    if lo != w.lo:
        gap = f"{w.lo:%H:%M} does not exist on {w.lo:%Y-%m-%d}, clocks move forward: read as {lo:%H:%M}"
    return replace(w, lo=lo, hi=max(hi, lo), gap=gap)


def _existing(wall: datetime, zone: tzinfo) -> datetime:
    """The wall time itself, or, inside a gap, the wall time of the instant ``fold=0`` gives it."""
    with contextlib.suppress(OverflowError, ValueError):  # past year 1 or 9999: the wall time itself
        return wall.replace(tzinfo=zone).astimezone(UTC).astimezone(zone).replace(tzinfo=None)
    return wall


def left_open(phrase: str) -> frozenset[str]:
    """The date parts an argument in words leaves to the day it is read on ("the 30th": its month and year)."""
    parsed = _read(phrase).parsed
    return open_parts(parsed.items) if isinstance(parsed, Parsed) else frozenset()


def understood(text: str) -> Parsed | str:
    """The parse of a normalized phrase, or why it is not understood (naming the words left over)."""
    if len(text) > MAX_LENGTH:
        return f"{len(text)} characters is too long for a date or time (at most {MAX_LENGTH})"
    if refused := _refused(text):
        return refused
    parsed = parse(text)
    if parsed.unknown:
        words = ", ".join(repr(w) for w in dict.fromkeys(parsed.unknown))
        vague = [w for w in parsed.unknown if w in VAGUE]
        return f"could not understand {words}" + (f" ({vague[0]!r}: a vague amount, not an exact one)" if vague else "")
    return parsed if parsed.items else "no date or time"


#: A date with a month's name in dots, its last field a year of two or four digits ("12.sep.09", "sep.12.2009"):
#: written with dashes, read as such (never a clock after the date); any other dotted date with a month's name
#: ("12.sep.9", "12.sep.09.10", "09.12.sep") is not understood.
_DOTTED_NAMED_RE = re.compile(rf"(?<!\d)(?<!\d\.)(?:\d\d?\.(?:{MONTH})|(?:{MONTH})\.\d\d?)\.(?:\d\d|\d{{4}})(?!\.?\d)")
_DOTTED_NAMED_LEFT_RE = re.compile(
    rf"[\d.]*\d\.(?:{MONTH})\.\d[\d.]*|\b(?:{MONTH})\.\d+\.\d[\d.]*|[\d.]*\d\.\d+\.(?:{MONTH})\b"
)
#: A unit counted back from the last of no period ("the third to last friday"; "second to last" is read before).
_FROM_LAST_RE = re.compile(
    rf"\b(?:third|fourth|fifth|\d+(?:st|nd|rd|th)) (?:to|from) last ({WEEKDAY}|weekend|week|day|hour|month|year)\b"
    r"(?! (?:of|in)\b)"
)
#: Words before "a few" units that make them a window reaching at least that far ("the next few days").
_WINDOW_BEFORE_RE = re.compile(r"\b(?:next|last|past|coming|previous|following|within)\s+(?:a\s+)?$")
#: A filler that needs words after it, ending a phrase of other words.
_CUT_SHORT_RE = re.compile(r"\w\W*\s(at|on|the|of|in|by|for|than|during)\W*$")


def _refused(text: str) -> str | None:
    """Why a normalized phrase is an error whoever reads it, the second reader too (None: it may be read)."""
    if re.search(r"\ba sec\b", text):  # "in a sec": a moment, never one second
        return "could not understand 'a sec' (a moment, no number of seconds)"
    if re.search(r"\blabour day\b", text):  # the US "labor day" is read
        return "could not understand 'labour day' (May 1, or the first Monday of May, September or October, by country)"
    cut = _CUT_SHORT_RE.search(text)
    if cut:  # "tomorrow at", "the morning of": what it was said of or at is missing
        return f"could not understand {cut[1]!r} (the phrase stops after it)"
    for few in re.finditer(r"\b(?:a )?few\b", text):  # "a few minutes ago": no exact time ("the next few days" is)
        if not _WINDOW_BEFORE_RE.search(text, 0, few.start()):
            return f"could not understand {few.group(0)!r} (a vague number of units, no exact time)"
    back = _FROM_LAST_RE.search(text)
    if back:  # "the third to last friday" of no period: never "the 3rd to last friday"
        return f"could not understand {back.group(0)!r} (counted back from the last of no period)"
    dotted = _DOTTED_NAMED_LEFT_RE.search(text)
    if dotted:
        return f"could not understand {dotted.group(0)!r} (a date in dots with a month's name ends with its year)"
    bare = _IN_NUMBER_RE.search(text)
    if bare:  # "back in 5", "in ten": minutes to most, never 5 o'clock or the 5th
        return f"could not understand {bare.group(0).strip()!r} (a number without its unit)"
    if _OVER_RE.search(text):
        return "could not understand 'over' (more than a count is an open bound, not one time)"
    mixed = _DAYS_THEN_MONTHS_RE.search(text)
    if mixed:  # on the calendar months come first: "-1 day +1 month" said Jan 31 is Feb 27 or Feb 28
        return f"could not understand {mixed.group(0)!r} (days before months: the order changes the date)"
    year = _YEAR_DIGITS_RE.search(text)
    if year:
        return f"could not understand {year.group(0)!r} (a year and four digits: neither a date nor a range of clocks)"
    for m in _CLOCK_DASH_DIGITS_RE.finditer(text):  # "10:00-0400": an overnight range written so is an offset too
        start = int(m["h"]) % 12 + (12 if m["half"] == "p" else 0) if m["half"] else int(m["h"])
        if int(m["end"][:2]) * 60 + int(m["end"][2:]) <= start * 60 + int(m["m"] or 0):
            return f"could not understand {m.group(0)!r} (an offset, or a range ending before it starts)"
    for m in _DOTTED_RANGE_RE.finditer(text):  # "12.06 9.45 to 12.10": a clock range that day, or months of dates
        why = {"either": "may be a time of day or a date", "before": "is a date before the start"}.get(_dotted_end(m))
        if why:
            return f"could not understand {m.group(0)!r} after a date (its end {why})"
    part = _PART_BEFORE_RE.search(text)
    if part:  # "the night before": before what is not said (never "before tonight")
        return f"could not understand {part.group(0)!r} (the day it is before or after is not named)"
    # a clock left as words by ``_military`` ("oh nine hundred ago"), or in digits with its zero ("in 0900 hours")
    clocks = [m for m in _MILITARY_RE.finditer(text) if m["oh"] or m["hours"]]
    clocks += [m for m in _ZERO_CLOCK_RE.finditer(text) if _around_length(m)]
    if clocks:
        return f"could not understand {clocks[0].group(0)!r} as a length (a military clock is a time of day)"
    return None


@functools.lru_cache(maxsize=1024)
def resolve_naive(
    text: str,
    reference: datetime,
    where: tuple[Place, ...] = PLACES,
    south: bool | None = False,
    offset_clock: str = "",
) -> tuple[Reading, ...]:
    """Readings of a normalized, understood phrase against a naive reference, working days counted at ``where`` and
    seasons those of the southern hemisphere when ``south``, none when None, its clock ``offset_clock`` read in
    24-hour notation (raises ``DateProblem``)."""
    parsed = understood(text)
    if isinstance(parsed, str):
        raise DateProblem(parsed)
    parsed = _in_24_hours(parsed, offset_clock)
    with counted_at(where, south):
        return tuple(dict.fromkeys(readings(parsed.items, reference, deadline=DEADLINE.search(text) is not None)))


def resolve(phrase: str, user_time: datetime | None) -> Resolution:
    """Every reasonable reading of ``phrase`` said at ``user_time`` (an argument in words is read the same way): the
    grammar's, or, for a phrase it does not understand, the second reader's when installed and complete."""
    text = normalize(phrase)
    unsaid = _START_OF_ANOTHER_RE.search(text)
    if unsaid:  # "by the start of the month in 2 weeks", "... at 9am sharp": the words after it are not understood
        after = text[unsaid.end() :].strip()
        problem = f"could not understand {after!r} after 'the {unsaid[2]} of the {unsaid[3]}' in {phrase!r}"
        return Resolution(phrase, (), None, problem, False)
    found = _by_grammar(phrase, user_time)
    unread = () if found.understood else _unread(phrase)
    if not unread:
        return found
    if not _duckling.available():
        return replace(found, problem=f"{found.problem}; {_duckling.INSTALL_HINT}")
    named = frozenset({"year"}) if _duckling.names_year(text) else frozenset()
    if user_time is not None:
        read = _second_reading(text, user_time.replace(tzinfo=None), unread)
        home = user_zone(user_time)
        if read is None:
            return found
        return Resolution(phrase, _zoned(read, home), home, named=named, reader=_duckling.READER)
    first, second = (_second_reading(text, probe, unread) for probe in _PROBES)
    if first is None or second is None:
        return found
    if first != second:
        return Resolution(phrase, (), None, _relative(phrase), reader=_duckling.READER)
    return Resolution(phrase, first, None, named=named, reader=_duckling.READER)


def _relative(phrase: str) -> str:
    """Why a phrase read differently at two reference times cannot be resolved."""
    return f"{phrase!r} is relative to when it was said and {NO_USER_TIME}"


def _unread(phrase: str) -> tuple[str, ...]:
    """The words the grammar left unread, when a second reader may read the phrase: a phrase whose words it read but
    found contradictory ("Monday, Feb 12" on a Tuesday) or impossible, a vague one, a number without its unit, more
    than a count ("over 2 hours ago") and one with a holiday (its days are conventions: "the eve of passover") stay
    errors."""
    try:
        read = _read(phrase)
    except (OverflowError, ValueError):  # an ISO 8601 value past the calendar: the grammar's error stands
        return ()
    if not isinstance(read.parsed, str) or len(read.text) > MAX_LENGTH:
        return ()
    if _refused(read.text):
        return ()
    parsed = parse(read.text)
    if VAGUE.intersection(parsed.unknown) or any(isinstance(item.value, Holiday) for item in parsed.items):
        return ()
    return parsed.unknown


@functools.lru_cache(maxsize=1024)
def _second_reading(text: str, wall: datetime, unread: tuple[str, ...]) -> tuple[Reading, ...] | None:
    with contextlib.suppress(OverflowError, ValueError):  # a reading past year 1 or 9999: none
        return _duckling.read(text, wall, unread)
    return None


def _by_grammar(phrase: str, user_time: datetime | None) -> Resolution:
    """The grammar's readings of ``phrase`` said at ``user_time``.

    What depends on the phrase alone (normalisation, zone, parse) is cached per phrase; the readings are cached per
    phrase, user zone and reference, which is the calendar day of ``user_time`` unless the phrase moves with the
    clock, so lines that each have their own ``user_time`` still share them within a day.
    """
    west = _listing_out_west(phrase, user_time) if user_time is not None else None
    if west is not None:
        return west
    zones = _TWO_ZONES_RE.fullmatch(phrase.strip()) if len(phrase) <= MAX_LENGTH else None
    if zones is not None:
        both = _in_two_zones(phrase, zones[1], zones[2], user_time)
        if both is not None:
            return both
    listed = _listed(phrase)
    if listed is not None:
        found = _either(phrase, [_by_grammar(part, user_time) for part in listed[0]], how=listed[1])
        return _in_one_order(found, listed[0]) if listed[1] == "or" else found
    reference, home, own_day = reference_of(phrase, user_time)
    return _current_start(phrase, user_time) or _resolve(phrase, reference, home, own_day, _fold(reference))


_TWO_ZONES_RE = re.compile(r"([^/]*\S)\s*/\s*(\S[^/]*)")  # one slash alone: "10am PT / 1pm ET", "2pm ET/11am PT"
#: The most words a clock and its zone take on one side of a time written in two zones ("9pm (british summer time)")
_ZONED_WORDS = 6


def _zoned_clock(side: str, last: bool) -> tuple[str, str] | None:
    """The fewest words at the end (``last``) or start of one side of a time written in two zones that are a time in
    a zone the words name, and the words beside them ("tomorrow 10am PT": "10am PT" after "tomorrow "); None when
    there are none."""
    words = side.split()
    for count in range(1, min(len(words), _ZONED_WORDS) + 1):
        core = words[-count:] if last else words[:count]
        read = _read(" ".join(core))
        if read.zone is not None and read.parsed is not None and not isinstance(read.parsed, str):
            rest = " ".join(words[:-count] if last else words[count:])
            return " ".join(core), rest
    return None


def _in_two_zones(phrase: str, first: str, second: str, user_time: datetime | None) -> Resolution | None:
    """``10am PT / 1pm ET``, ``tomorrow 10am PT / 1pm ET``, ``10am PT / 1pm ET tomorrow``: one time written in two
    zones, each side read with the words before the first and after the second, and read when both sides name the
    same instants (an error when they differ); None when a side is not a time in a zone it names."""
    before, after = _zoned_clock(first, last=True), _zoned_clock(second, last=False)
    if before is None or after is None:
        return None
    head, tail = f"{before[1]} ", f" {after[1]}"
    parts = [_by_grammar(f"{head}{core}{tail}".strip(), user_time) for core in (before[0], after[0])]
    instants: list[set[tuple[datetime, ...]]] = []
    for part in parts:
        if part.problem is not None or not part.readings:
            return None
        starts = [r.start for r in part.readings if r.end is None and r.start.zone is not None]
        if len(starts) < len(part.readings):
            return None
        instants.append({tuple(w.lo - o for o in w.zone.offsets_at_wall(w.lo)) for w in starts if w.zone})
    if instants[0] == instants[1] and parts[0].user_zone is None:
        guess = "the user's zone is unknown (user_time has no offset): a time naming no zone may be on either clock"
        return replace(parts[0], phrase=phrase, either_clock=f"{guess}, {first.strip()!r} or {second.strip()!r}")
    if instants[0] == instants[1]:
        return replace(parts[1], phrase=phrase)
    problem = f"could not understand {phrase!r}: {first.strip()!r} and {second.strip()!r} name different times"
    return Resolution(phrase, (), parts[0].user_zone, problem, False)


def _current_start(phrase: str, user_time: datetime | None) -> Resolution | None:
    """A deadline at the start of "the" period (see ``_START_OF_THE_RE``) said before the current period's start at
    the time it names ("by the start of the month at 9am" at 00:30 on July 1): the current period's, never the next
    one's; None otherwise, or when any of its readings has passed ("at 9" said at 10:30: 9am has), the next one's, as
    ``normalize`` reads it. Not understood when the time is still to come in one zone the phrase's zone may stand for
    and has passed in another ("9am PST" at 09:30 Pacific daylight time: 10:00 is to come, 9:00 has passed)."""
    current = re.sub(_START_OF, r"\1 the \2 of this \3", phrase, flags=re.IGNORECASE)
    if user_time is None or current == phrase:
        return None
    if not _START_OF_THE_RE.search(re.sub(r"\b(the (?:beginning|start) of) this\b", r"\1 the", normalize(current))):
        return None  # what follows the period is no time of day, zone or "please"
    reference, home, own_day = reference_of(current, user_time)
    found = _resolve(current, reference, home, own_day, _fold(reference))
    # in every zone the phrase's zone may stand for ("9am PST" is also 9am Pacific daylight time)
    ahead = [{r.start.lo >= wall for wall in _walls_in(user_time, r.start.zone)} for r in found.readings]
    if found.problem is not None or not found.readings:
        return None
    if any(len(each) > 1 for each in ahead):
        why = "the time it names is still to come in one zone its zone may stand for and has passed in another"
        return Resolution(phrase, (), found.user_zone, f"could not understand {phrase!r}: {why}", False)
    return replace(found, phrase=phrase) if all(True in each for each in ahead) else None


#: A day and a month in digits after "on" or "the" ("on 12.06", "on the 5/6/2024 at 3pm", "the 12.06"): a date, in
#: either order (a two-digit year may come first too: "12.06.24" is also 2012-06-24); alone ("12.06", "12.6.24",
#: "12-06-24", "12.06 at 3pm", "12.06 at noon"), a date or a clock.
_ON_DIGITS_RE = re.compile(
    r"(?:on (?:the )?|the |(?=[\d./-]+(?:$| (?:at )?(?:\d|noon\b|midnight\b))))"
    r"(\d{1,2})(?:[./](\d{1,2})(?:[./](?:\d{4}|\d\d))?|-(\d{1,2})-(\d{4}|\d\d))(?![\d./-])"
)


def _in_one_order(found: Resolution, parts: list[str]) -> Resolution:
    """Dates in digits listed after "on" or "the" ("on 12.06 or 14.06", "the 12.06 or the 14.06") or alone ("12.06
    or 14.06") read in one order of day and month, the orders every one of them can be read in (hyphenated, sharing
    a two-digit year first, also year first: "24-06-12 or 24-06-14" is June 12 or 14, 2024): never December 6
    beside June 14 (their readings as clocks, "12.06 or 14.06" at 14:06, are kept, and so is the midnight ending a
    listed day, "12.06 or 14.06 at midnight" at 00:00 on June 13: an instant, in the listed day's year, never the whole
    day July 1 beside "30.6")."""
    matches = [m for m in map(_ON_DIGITS_RE.match, parts) if m]
    if found.problem is not None or len(matches) != len(parts):
        return found
    pairs = [(int(m[1]), int(m[2] or m[3])) for m in matches]
    orders = [[(a, b)[::step] for a, b in pairs] for step in (1, -1)]  # month first, then day first
    if all(m[4] and len(m[4]) == 2 for m in matches) and len({int(m[1]) for m in matches}) == 1:
        orders.append([(int(m[3]), int(m[4])) for m in matches])  # a two-digit year they share first: yy-mm-dd
    days = {day for order in orders if all(1 <= mo <= 12 and 1 <= d <= 31 for mo, d in order) for day in order}
    listed = {r.start.lo.date() for r in found.readings if (r.start.lo.month, r.start.lo.day) in days}
    kept = tuple(
        r
        for r in found.readings
        if r.start.floating
        or (r.start.lo.month, r.start.lo.day) in days
        or (
            r.start.grain == "minute"
            and r.start.lo.time() == time(0)
            and (r.start.lo - timedelta(minutes=1)).date() in listed
        )
    )
    if not kept:
        why = f"could not understand {found.phrase!r}: its dates are not all days and months in one order"
        return Resolution(found.phrase, (), found.user_zone, why, False)
    return replace(found, readings=kept)


@functools.lru_cache(maxsize=1024)
def _listed(phrase: str) -> tuple[list[str], str] | None:
    """The alternatives a phrase lists ("tuesday or wednesday", "in 2-3 days") and how (see ``alternatives``), or
    None."""
    text = normalize(phrase)
    return None if len(text) > MAX_LENGTH else alternatives(text)


def _either(phrase: str, parts: Sequence[Resolution], *, how: str) -> Resolution:
    """Every reading of every alternative; not understood when one is not, or when alternatives joined by "or" differ
    in their words or grain ("noon or 1pm"). A range of counts is one window from the first count's to the last's ("in
    2-3 hours": any time from 2 to 3 hours away) when each is a point of the grain its unit spans; one that names more
    ("in 2-3 days at 3pm": 3pm on each day, never the hours between) keeps each reading."""
    if not parts:
        return Resolution(phrase, (), None, f"could not understand {phrase!r}: too many counts to keep each", False)
    home = parts[0].user_zone
    wrong = next((part for part in parts if part.problem is not None), None)
    if wrong is not None:  # the words not understood are quoted in the user's phrase, never in the rewritten part
        problem, quoted = wrong.problem or "", f" in {wrong.phrase!r}"
        why = problem.removesuffix(quoted) if problem.endswith(quoted) else f"{problem}, one of the alternatives"
        why = _said(why, phrase, wrong.phrase)
        return Resolution(phrase, (), home, f"{why} in {phrase!r}", wrong.understood)
    grains = {frozenset(reading.start.grain for reading in part.readings) for part in parts}
    if how == "or" and (len(grains) > 1 or not same_shape([part.phrase for part in parts])):
        why = f"could not understand 'or' in {phrase!r}: its alternatives do not name the same kind of time"
        return Resolution(phrase, (), home, why, False)
    found = tuple(dict.fromkeys(reading for part in parts for reading in part.readings))
    spanned = {r.start.grain for r in found} == {how} and not any(r.end or r.span for r in found)
    if spanned and all(len(part.readings) == 1 for part in parts):
        lo, hi = min(r.start.lo for r in found), max(r.start.hi for r in found)
        found = (Reading(replace(found[0].start, lo=lo, hi=hi, grain="span", note="range")),)
    return Resolution(phrase, found, home, named=frozenset().union(*(part.named for part in parts)))


def _said(problem: str, phrase: str, text: str) -> str:
    """``problem`` with the words it quotes from the normalized ``text`` that the user did not write so replaced by the
    user's words they were read from ("'tomorrow yesterday'" said "tmrw, yesterday", "'week 49'" said "CW49"); the
    quoted words may skip some of the text's ("'next fri tomorrow'" said "next fri at 5 tmrw")."""
    said, read = phrase.split(), [word.strip(",;") for word in text.split()]
    lowered = [word.lower().strip(",;") for word in said]
    blocks = SequenceMatcher(None, read, lowered, autojunk=False).get_opcodes()

    def user_words(m: re.Match[str]) -> str:
        words = (m[1] or m[2]).lower().split()
        place = _in_order(read, words)
        if place is None or any(lowered[n : n + len(words)] == words for n in range(len(lowered))):
            return m[0]  # not read from the text, or written so by the user
        (start, end), spans = place, []
        for tag, i1, i2, j1, j2 in blocks:
            if tag == "equal" and i1 < end and start < i2:
                spans.append((j1 + max(i1, start) - i1, j1 + min(i2, end) - i1))
            elif tag != "equal" and ((i1 < end and start < i2) or start < i1 < end):
                spans.append((j1, j2))
        lo, hi = min((a for a, _ in spans), default=0), max((b for _, b in spans), default=0)
        return repr(" ".join(said[lo:hi])) if lo < hi else m[0]

    return re.sub(r"'([^']*)'|\"([^\"]*)\"", user_words, problem)


def _in_order(tokens: list[str], words: list[str]) -> tuple[int, int] | None:
    """Where ``words`` stand in ``tokens`` in their order, perhaps with others between them: from the first to after
    the last, the earliest such place; None when they do not."""
    for start in (n for n, token in enumerate(tokens) if words and token == words[0]):
        at = start
        for word in words[1:]:
            at = next((n for n in range(at + 1, len(tokens)) if tokens[n] == word), -1)
            if at < 0:
                break
        else:
            return start, at + 1
    return None


#: What the readings of a phrase depend on of ``user_time`` (see ``reference_of``).
Reference = tuple[datetime | None, ZoneSpec | None, datetime | None]


def reference_of(phrase: str, user_time: datetime | None) -> Reference:
    """What the readings of ``phrase`` depend on of ``user_time``: the naive reference (its calendar day unless the
    phrase moves with the clock; None when the readings do not depend on when it was said), the user's zone, and,
    for a phrase counting days in a zone it names ("tomorrow at 9am Pacific") said when that zone's date is not the
    user's, the user's own day (its midnight): both days are read."""
    try:
        read = _read(phrase)
    except (OverflowError, ValueError):  # resolved without a user_time, the error is reported as it is everywhere
        return None, None, None
    if user_time is None:
        return None, None, None
    home = user_zone(user_time)
    if read.clock is None:
        return None, home, None
    # the wall clock of user_time where the phrase is read: in the zone the phrase names (with that zone's rules on the
    # date), so "9am Pacific" is today or tomorrow in Pacific time; the user's own when the phrase names none or
    # user_time is naive
    wall = _walls_in(user_time, None if read.elapsed else read.zone)[0]
    if read.clock:
        return wall, home, None
    day = midnight(wall.date())
    own = midnight(user_time.date())
    return day, home, (own if read.zone is not None and home is not None and own != day else None)


def _walls_in(user_time: datetime, zone: ZoneSpec | None) -> tuple[datetime, ...]:
    """The wall clocks of ``user_time`` in each zone ``zone`` may stand for (see ``reference_of``)."""
    if zone is not None and user_time.tzinfo is not None:
        with contextlib.suppress(OverflowError, ValueError):  # past year 1 or 9999: the user's wall clock
            return tuple(user_time.astimezone(each).replace(tzinfo=None) for each in zone.zones)
    return (user_time.replace(tzinfo=None),)


class _Read(NamedTuple):
    """What a phrase resolves to before any ``user_time``: its normal form, zone and parse (or why not)."""

    text: str
    """The normalized phrase (without its zone when it names one)."""

    zone: ZoneSpec | None
    """The zone the phrase names."""

    parsed: Parsed | str | None
    """The parse, why the phrase is not understood, or None for an ISO 8601 value, a timestamp or a phrase too
    long."""

    clock: bool | None
    """Whether the readings move with the time of day (not only the date); None when no parse is made."""

    elapsed: bool = False
    """Whether the phrase is an offset in elapsed time ("in 2 hours"): counted from ``user_time`` as an instant."""

    offset_clock: str = ""
    """The clock written before a numeric UTC offset, read in 24-hour notation ("" when none)."""


def elapsed_time(phrase: str) -> bool:
    """Whether ``phrase`` is only an offset in elapsed time ("in 2 hours"): an instant, whatever the clocks show."""
    with contextlib.suppress(OverflowError, ValueError):
        return _read(phrase).elapsed
    return False


@functools.lru_cache(maxsize=2048)
def _read(phrase: str) -> _Read:
    text = normalize(phrase)
    if len(text) > MAX_LENGTH or iso_reading(text) is not None or _TIMESTAMP_RE.match(text):
        return _Read(text, None, None, None)
    capitals = frozenset(word.lower() for word in re.findall(r"\b[A-Z]{2,5}\b", phrase))
    normal = text
    text, zone, parsed = _zone_split(text, capitals)
    if isinstance(parsed, str):
        return _Read(text, zone, parsed, None)
    offset_clock = _offset_clock(normal, zone)
    parsed = _in_24_hours(parsed, offset_clock)
    return _Read(text, zone, parsed, clock_dependent(parsed.items), elapsed(parsed.items), offset_clock)


def _doubtful_offset(text: str) -> str:
    """The end of a "-hh:mm" ending ``text`` after a clock that may be a UTC offset or a range's end (a later time
    of day, "08:30:00-12:00", or one the next morning, "22:00:00-06:00"), else "". A one-digit hour is never an offset
    ("11:30-1:00"), nor is an end at the start's own time a range ("09:00:00-09:00"; "10:00:00-10:00" may end at 22:00).
    """
    both = _RANGE_OR_OFFSET_RE.search(text)
    if not both or len(both[1]) < 2 or len(both[3]) < 2:  # an ISO clock and offset have two-digit hours
        return ""
    end = f"{both[3]}:{both[4] or '00'}"
    again = end == f"{both[1]}:{both[2]}" and both[3] not in ("10", "11")
    return text[both.start(3) :] if not again and parse_zone_name(f"-{end}") is not None else ""


def _fold(reference: datetime | None) -> int:
    return reference.fold if reference is not None else 0


@functools.lru_cache(maxsize=1024)
def _resolve(
    phrase: str, reference: datetime | None, home: ZoneSpec | None, own_day: datetime | None, fold: int
) -> Resolution:
    """The resolution of ``phrase`` against a naive ``reference`` (None: no ``user_time``) in the user's zone; with
    ``own_day``, the readings said on that day too (the user's date, when the zone the phrase names is on another).
    ``fold``, the pass of a repeated hour ``reference`` is in, keeps the two passes apart in the cache (a datetime
    equals and hashes as its other pass)."""
    end = _doubtful_offset(normalize(phrase))
    if end:
        why = f"'-{end}' may be a UTC offset or a range's end: write ' -{end}' or ' - {end}'"
        return Resolution(phrase, (), None, f"could not understand {phrase!r}: {why}", False)
    try:
        found = _resolve_unguarded(phrase, reference, home)
        if own_day is None or found.problem is not None:
            return found
        other = _resolve_unguarded(phrase, own_day, home)
        if other.problem is not None:
            return found
        return replace(found, readings=tuple(dict.fromkeys(found.readings + other.readings)))
    except (OverflowError, ValueError) as exc:
        why = str(exc)
        if isinstance(exc, OverflowError) or re.search(r"too large|year -?\d+ is out of range|date value out", why):
            why = "it lies outside the calendar (years 1 to 9999)"
        return Resolution(phrase, (), None, f"could not resolve {phrase!r}: {why}", False)


def _resolve_unguarded(phrase: str, reference: datetime | None, home: ZoneSpec | None) -> Resolution:
    read = _read(phrase)
    text = read.text
    if len(text) > MAX_LENGTH:
        return Resolution(phrase, (), None, f"{phrase[:40]!r}... is too long for a date or time", False)
    if home is not None and read.zone is not None and reference is not None:
        country = tuple(k for z in home.zones if isinstance(z, ZoneInfo) for k in country_zones(z.key))
        why = home_abbreviation(read.zone, home, reference.year, country, phrase)
        if why is not None:  # "9am CST" said in Adelaide (ACST) or Shanghai: the US zone or the user's own
            return Resolution(phrase, (), home, f"could not understand {phrase!r}: {why}", False)
    # a phrase read with no zone cut off was found neither ISO 8601 nor a timestamp
    iso = iso_reading(text) if read.parsed is None or read.zone is not None else None
    if iso is not None:
        # an ISO date and time with a zone after it ("2026-02-01 10:00 CET") is in that zone; an offset and a zone word
        # after it must agree on that date ("2026-02-05T23:00-01:00 UTC" names two zones), else a doubtful "-hh:mm" is
        # a range's end in that zone ("2026-02-05 10:00-11:00 UTC", "2026-02-05 23:00-01:00 UTC")
        wall = iso[0].start.lo
        if iso[1] is not None and read.zone is not None and iso[1] not in read.zone.offsets_at_wall(wall):
            if not _doubtful_offset(text):
                why = f"the offset {format_offset(iso[1])} and {read.zone.label} name two zones"
                return Resolution(phrase, (), home, f"could not understand {phrase!r}: {why}", False)
        else:  # an offset the zone word has: the start is the same whether it is one or a range's end
            zone = fixed_zone(iso[1]) if iso[1] is not None else read.zone or home
            return Resolution(phrase, _zoned((iso[0],), zone), home)
    if (read.parsed is None or read.zone is not None) and _TIMESTAMP_RE.match(text):
        moment = datetime.fromtimestamp(float(text) / (1000 if float(text) > 1e11 else 1), UTC).replace(tzinfo=None)
        return Resolution(phrase, _zoned((Reading(minute_window(moment)),), fixed_zone(timedelta(0))), home)
    zone, parsed = read.zone, read.parsed
    if isinstance(parsed, str) or parsed is None:
        problem = (
            f"{_said(str(parsed), phrase, text)} in {phrase!r}"
            if phrase.strip()
            else "the phrase is empty: no date or time to match"
        )
        return Resolution(phrase, (), home, problem, False)
    try:
        if reference is None:
            first, second = (resolve_naive(text, probe, offset_clock=read.offset_clock) for probe in _PROBES)
            if first != second:
                return Resolution(phrase, (), None, _relative(phrase))
            return Resolution(phrase, _zoned(first, zone), None, named=named_parts(parsed.items))
        target = zone or home
        if read.elapsed and home is not None:
            # "in 2 hours pacific": elapsed time from the user's instant, whatever the clocks of the zone named do
            target = _fixed_at(home, reference)
        place = home.label if home is not None else None
        readings_ = resolve_naive(text, reference, places_of(place), southern(place), read.offset_clock)
    except DateProblem as exc:
        return Resolution(phrase, (), home, f"could not understand {phrase!r}: {_said(str(exc), phrase, text)}", False)
    if not readings_:
        return Resolution(phrase, (), home, f"could not understand {phrase!r} as a date or time", False)
    if read.elapsed and home is None and zone is not None and _clocks_change(zone, reference, readings_):
        why = (
            f"the clocks of {zone.label} change between user_time and the time {phrase!r} names, and user_time has no"
            " offset, so the elapsed time cannot be placed: give user_time an offset"
        )
        return Resolution(phrase, (), home, why, False)
    stepped = any(i.kind == "rest" and i.value.endswith(("after next", "before last")) for i in parsed.items)
    if stepped and target is not None and _clocks_change(target, reference, readings_):
        # "the hour after next" across a change of the clocks: the clock hour two on is not two hours on
        why = f"the clocks of {target.label} change between user_time and the time {phrase!r} names"
        return Resolution(phrase, (), home, f"could not understand {phrase!r}: {why}", False)
    named = named_parts(parsed.items)
    if (length := from_clock(parsed.items)) is not None and target is not None:
        readings_ = tuple(_counted_from_clock(r, length, target) for r in readings_)
    return Resolution(phrase, _zoned(readings_, target), home, named=named)


def _clocks_change(zone: ZoneSpec, reference: datetime, found: Sequence[Reading]) -> bool:
    """Whether the clocks of a zone change between a naive ``reference`` and any edge of a reading: an offset counted
    on that wall clock would then be off by the change. Each edge is read in both passes of a repeated hour and on both
    sides of a gap, so a change inside a window counts too (one at its excluded end does not)."""
    tick = timedelta(microseconds=1)
    windows = [w for reading in found for w in (reading.start, reading.end) if w is not None]
    walls = [edge for w in windows for edge in (w.lo, w.hi if w.closed else w.hi - tick)]
    walls += [reading.until - tick for reading in found if reading.until is not None]
    for tz in zone.zones:
        before = reference.replace(tzinfo=tz).utcoffset()
        if any(wall.replace(tzinfo=tz, fold=fold).utcoffset() != before for wall in walls for fold in (0, 1)):
            return True
    return False


def _fixed_at(home: ZoneSpec, wall: datetime) -> ZoneSpec:
    """The user's zone as the fixed offset it has at ``wall`` (itself when it is a fixed offset already)."""
    if len(home.zones) != 1 or type(home.zones[0]) is timezone:
        return home
    offset = wall.replace(tzinfo=home.zones[0]).utcoffset()
    return fixed_zone(offset) if offset is not None else home

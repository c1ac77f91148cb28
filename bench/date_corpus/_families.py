"""The family of a phrase: which kind of date expression it is, for the per-family figures."""

from __future__ import annotations

import re

__all__ = ["RELATIVE_DAY", "dateparser_family", "family_of"]

WEEKDAYS = (
    r"(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday"
)
HOLIDAY_LUNAR = r"diwali|deepavali|ramadan|eid|chinese new year|lunar new year|spring festival|hanukkah|chanukah|"
HOLIDAY_LUNAR += r"passover|rosh hashanah|yom kippur|holi\b|mid-autumn|dragon boat|vesak|qingming|tomb sweeping"
HOLIDAY_MOVEABLE = r"easter|good friday|thanksgiving|black friday|cyber monday|mother'?s day|father'?s day|"
HOLIDAY_MOVEABLE += r"memorial day|labou?r day|martin luther king|mlk|president'?s day|columbus day|pentecost|"
HOLIDAY_MOVEABLE += r"whit|ascension|ash wednesday|mardi gras|shrove|palm sunday|corpus christi|inauguration|"
HOLIDAY_MOVEABLE += r"election day|bank holiday|canberra day|victoria day|maundy|trinity sunday|advent"
HOLIDAY_FIXED = r"christmas|xmas|new year|independence day|halloween|valentine|st\.? patrick|saint patrick|"
HOLIDAY_FIXED += r"veterans|all saints|all souls|boxing day|yuandan|april fool|earth day|groundhog|flag day|"
HOLIDAY_FIXED += r"guy fawkes|bastille|juneteenth|canada day|australia day|anzac|may day|labour day|women'?s day|"
HOLIDAY_FIXED += r"children'?s day|teacher'?s day|youth day|tree planting|national day|epiphany|assumption|"
HOLIDAY_FIXED += r"feast|st\.? george|st\.? andrew|burns night|armistice|remembrance|kwanzaa|festivus"
CLOCK_WORDS = r"half past|quarter (?:past|to|after|til)|\b(?:past|to|til|till|after|before) (?:one|two|three|four|"
CLOCK_WORDS += r"five|six|seven|eight|nine|ten|eleven|twelve|noon|midnight)\b|\bo'?clock\b|\d{1,2}h\d{2}|"
CLOCK_WORDS += r"\bhundred hours\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
CLOCK_WORDS += r"forty|fifty)\b"
FAMILY_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("holiday_lunar", re.compile(HOLIDAY_LUNAR)),
    ("holiday_moveable", re.compile(HOLIDAY_MOVEABLE)),
    ("holiday_fixed", re.compile(HOLIDAY_FIXED)),
    ("end_of_period", re.compile(r"\beo[mdy]\b|end of (?:the )?(?:day|month|year|week)")),
    ("fraction", re.compile(r"\d/\d+ (?:hour|minute|day|week)|½|¼|¾|half an? |a half")),
]
RELATIVE_OFFSET = re.compile(
    r"\bago\b|\bin (?:a|an|\d+|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple|several)\b|"
    r"\blater\b|from now|\bhence\b|\b(?:after|before|from) (?:next|last|this|today|tomorrow|yesterday|christmas)|"
    r"\bprior to\b|\bfortnight\b|\b(?:days?|weeks?|months?|years?|hours?|minutes?) (?:after|before|from)\b"
)
ORDINAL_WEEKDAY = re.compile(rf"\b(?:first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th)\s+(?:{WEEKDAYS})\b")
WEEKDAY = re.compile(rf"\b(?:{WEEKDAYS})\b")
RELATIVE_DAY = re.compile(r"\b(?:today|tomorrow|yesterday|tonight|tmrw|tmr|day after|day before)\b")


def family_of(phrase: str, kind: str, grain: str, timex: str) -> str:
    """The family of a labelled phrase from its words, its kind, its grain and its timex."""
    phrase = phrase.lower()
    for family, pattern in FAMILY_PATTERNS:
        if pattern.search(phrase):
            return family
    if grain == "season":
        return "season"
    if kind == "range":
        return "range"
    if grain == "part_of_day" or re.search(r"\btonight\b|\bmorning\b|\bevening\b|\bafternoon\b|\bnight\b", phrase):
        return "part_of_day"
    if RELATIVE_OFFSET.search(phrase):
        return "relative_offset"
    if ORDINAL_WEEKDAY.search(phrase) or "#" in timex:
        return "ordinal_weekday"
    if WEEKDAY.search(phrase) and not re.search(r"\d", phrase):
        return "relative_weekday"
    if RELATIVE_DAY.search(phrase):
        return "relative_day"
    periods = {
        "week": "week_period",
        "weekend": "weekend",
        "month": "month_period",
        "quarter": "quarter_period",
        "year": "year_period",
    }
    if grain in periods:
        return periods[grain]
    if grain in {"hour", "minute", "second"}:
        if re.search(CLOCK_WORDS, phrase) or re.fullmatch(r"\d{3,4}", phrase):
            return "clock_notation"
        return "clock_time" if timex.startswith("T") else "absolute_datetime"
    return "absolute_date"


def dateparser_family(phrase: str, grain: str, relative: bool) -> str:
    """The family of a phrase from dateparser's tests (relative offsets, or dates and times)."""
    lowered = phrase.lower()
    if re.search(r"\d\.\d", phrase) and relative:
        return "fraction"
    if relative:
        return "relative_day" if RELATIVE_DAY.search(lowered) and "after" not in lowered else "relative_offset"
    if grain == "day":
        return "absolute_date"
    return "clock_notation" if re.search(r"\d[h.]\d{2}\b", phrase) else "absolute_datetime"

"""English time expressions of news text (TimeBank 1.2 and AQUAINT, as cleaned for TempEval-3), labelled from their
TIMEX3 values.

Every ``.tml`` file under ``data/TBAQ-cleaned`` is read as text (nothing runs). Its document creation time (the
``TIMEX3`` with ``functionInDocument="CREATION_TIME"``), at midnight, is the reference time; each other ``DATE`` or
``TIME`` timex whose value is absolute (``temporalFunction="false"``) or anchored on that creation time is an item:
the timex's text is the phrase and its ``value`` gives the window (a day, a month, a year, an ISO week, a quarter, or
a time at the hour when its minutes are zero, else the minute). These are phrases people wrote, not phrases written
to test a parser: the source of the out-of-domain figure.

Dropped and counted: durations, sets, values with a modifier (``mod``: "early 1998", "about a year ago"), unresolved
or partial values (``PAST_REF``, ``XXXX``, decades, seasons, parts of the day, weekends), values anchored on another
timex or an event of the text (anaphora: "the next day", "that month"), fiscal years (their calendars differ),
zones, and readings the news story's tense placed in the past where ours is the next occurrence (a date without a
year, a bare weekday, a time of day: "on Tuesday", "in October", said of the past). A phrase is kept once: the
first document in which it occurs with a value that is kept.
"""

from __future__ import annotations

import re
import subprocess
from collections import Counter
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

from _common import UNITS, Drop, git_file, labelled, timex_window

__all__ = ["TIMEBANK_COMMIT", "TIMEBANK_DIR", "timebank_items"]

TIMEBANK_REPO = "jspotter/TempEval-3"
TIMEBANK_COMMIT = "7687471af8c0c81ee7f54edb618c6cd15c0f5dcc"
TIMEBANK_DIR = "data/TBAQ-cleaned"
TIMEX = re.compile(r"<TIMEX3 ([^>]*)>([^<]*)</TIMEX3>")
ATTRIBUTE = re.compile(r'(\w+)="([^"]*)"')
NAMES_YEAR = re.compile(r"\b\d{4}\b|'\d\d\b|\d+/\d+/\d+|\b(?:nineteen|twenty|two thousand)\b", re.IGNORECASE)
PAST_WORDS = re.compile(
    r"\b(?:last|ago|yesterday|before|previous|past|earlier|recent|so far|to date|this|today|current)\b", re.IGNORECASE
)
WEEKDAY = re.compile(r"\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b", re.IGNORECASE)
ZONE_WORDS = re.compile(r"\b(?:[pmce][sd]t|utc|gmt|standard time|daylight time)\b", re.IGNORECASE)
ANAPHORA = re.compile(r"\b(?:that|same|then|following|those|previous)\b", re.IGNORECASE)
OFFSET = re.compile(r"\b(?:ago|earlier|later|from now|hence)\b", re.IGNORECASE)
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
MONTH = re.compile(
    r"\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?"
    r"|nov(?:ember)?|dec(?:ember)?)\b",
    re.IGNORECASE,
)
PART_OF_DAY = re.compile(r"\b(?:morning|afternoon|evening|night|tonight)\b", re.IGNORECASE)
DATE_WORDS = re.compile(
    r"\d|\b(?:today|tomorrow|yesterday|ago|this|next|current|coming|last \w+|(?:mon|tues|wednes|thurs|fri|satur|sun)day"
    rf"|{'|'.join(MONTHS)}|nineteen|two thousand|christmas|easter|thanksgiving|new year)",
    re.IGNORECASE,
)
CONTEXT_WORDS = re.compile(
    r"\b(?:year-ago|year-earlier|year-end|period|its|full|good part)\b|^the (?:past|last) ", re.IGNORECASE
)
ENTITIES = {"&amp;": "&", "&apos;": "'", "&quot;": '"', "&lt;": "<", "&gt;": ">"}


def _files(checkout: Path) -> list[str]:
    """The ``.tml`` paths under ``TIMEBANK_DIR`` in a work tree or a bare git directory, sorted."""
    if (checkout / TIMEBANK_DIR).is_dir():
        return sorted(str(path.relative_to(checkout)) for path in (checkout / TIMEBANK_DIR).rglob("*.tml"))
    listed = subprocess.run(
        ["git", f"--git-dir={checkout}", "ls-tree", "-r", "--name-only", TIMEBANK_COMMIT, TIMEBANK_DIR],
        check=True,
        capture_output=True,
        text=True,
    )
    return sorted(path for path in listed.stdout.split() if path.endswith(".tml") and "/._" not in path)


def _phrase(text: str) -> str:
    for entity, character in ENTITIES.items():
        text = text.replace(entity, character)
    return re.sub(r"\s+", " ", text).strip()


def _label(attributes: dict[str, str], text: str, creation: str, reference: datetime) -> tuple[str, datetime]:
    """The grain and the correct moment of one timex; ``Drop`` when its window is not a fact for our semantics."""
    phrase = _phrase(text)
    if attributes.get("type") not in {"DATE", "TIME"} or not attributes.get("value"):
        raise Drop("timebank: a duration, a set, or no resolved value")
    if "mod" in attributes:
        raise Drop("timebank: a value with a modifier")
    if attributes.get("temporalFunction") == "true" and attributes.get("anchorTimeID") != creation:
        raise Drop("timebank: anchored on another expression of the text (anaphora)")
    if ANAPHORA.search(phrase):
        raise Drop("timebank: anchored on another expression of the text (anaphora)")
    if not DATE_WORDS.search(phrase) or CONTEXT_WORDS.search(phrase):
        raise Drop("timebank: a window the story supplies ('the year', 'its fourth quarter', 'the past year')")
    if "fiscal" in phrase.lower():
        raise Drop("timebank: a fiscal year")
    if ZONE_WORDS.search(phrase):
        raise Drop("timebank: a time zone")
    grain, moment = timex_window(attributes["value"], "timebank")
    if grain in {"day", "week", "month"} and PART_OF_DAY.search(phrase):
        raise Drop("timebank: a part of the day the value leaves out")
    months = {MONTHS.index(match[1].lower()[:3]) + 1 for match in MONTH.finditer(phrase)}
    years = {int(year) for year in re.findall(r"\b\d{4}\b", phrase)}
    if (months and grain in {"day", "month"} and months != {moment.month}) or (years and moment.year not in years):
        raise Drop("timebank: the value disagrees with the phrase")
    if OFFSET.search(phrase) and grain not in {"day", "hour", "minute", "second"}:
        raise Drop("timebank: an offset from now read as a calendar period (ours: the day that many units back)")
    no_date = not DATE_WORDS.search(re.sub(r"\d", "", phrase))
    if grain in {"hour", "minute", "second"} and no_date and moment.date() != reference.date():
        raise Drop("timebank: a time of day the story placed on another day")
    named = {match[0].lower()[:3] for match in WEEKDAY.finditer(phrase)}
    if named and named != {moment.strftime("%a").lower()}:
        raise Drop("timebank: the weekday named is not the date's")
    if grain not in {"year", "week", "quarter", "month"} and not NAMES_YEAR.search(phrase):
        if moment < reference and not PAST_WORDS.search(phrase):
            raise Drop("timebank: placed in the past by the story's tense (ours is the next occurrence)")
        if named and moment.date() == reference.date() and not re.search(r"\d", phrase):
            raise Drop("timebank: a weekday said on that weekday")
    undated = not NAMES_YEAR.search(phrase) and not PAST_WORDS.search(phrase)
    if grain in {"month", "quarter"} and undated and moment < reference.replace(day=1):
        raise Drop("timebank: placed in the past by the story's tense (ours is the next occurrence)")
    return grain, moment


def timebank_items(checkout: Path, drops: Counter[str]) -> Iterator[dict[str, object]]:
    """Corpus items from the TimeBank and AQUAINT documents at the pinned commit."""
    seen: set[str] = set()
    for path in _files(checkout):
        text = git_file(checkout, TIMEBANK_COMMIT, path)
        timexes = [(dict(ATTRIBUTE.findall(m[1])), m[2]) for m in TIMEX.finditer(text)]
        dct = [(a, t) for a, t in timexes if a.get("functionInDocument") == "CREATION_TIME"]
        if len(dct) != 1 or not re.match(r"\d{4}-\d{2}-\d{2}(?:T|$)", dct[0][0].get("value", "")):
            drops["timebank: a document without one creation date"] += 1
            continue
        creation, reference = dct[0][0]["tid"], datetime.fromisoformat(dct[0][0]["value"][:10])
        document = Path(path).stem
        for attributes, phrase_text in timexes:
            if attributes is dct[0][0]:
                continue
            try:
                grain, correct = _label(attributes, phrase_text, creation, reference)
            except Drop as reason:
                drops[str(reason)] += 1
                continue
            phrase = _phrase(phrase_text)
            if phrase.lower() in seen:
                drops["timebank: a phrase already kept"] += 1
                continue
            seen.add(phrase.lower())
            ident = f"tb-en-{document.lower()}-{attributes.get('tid', '')}"
            source = f"timebank@{TIMEBANK_COMMIT}:{TIMEBANK_DIR}/{Path(path).parent.name}#{Path(path).name}"
            shifted = correct + UNITS[grain]
            yield labelled(ident, source, phrase, reference, grain, [correct], [shifted], attributes["value"])

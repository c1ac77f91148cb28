"""English time expressions of Stanford CoreNLP's SUTime tests, labelled from their resolved TIMEX3 values.

``SUTimeITest.java`` annotates sentences twice, without and with a document date, and lists the expected TIMEX3 of
every span. Only the resolved lists are used: each ``Timex.fromXml(...)`` of the iterator a test reads after
``createDocument(testText, "DATE")``, with that date (midnight) as the reference time. The file is read as text
(nothing runs). The span is the phrase; its ``value`` gives the window: a day, a month, a year, an ISO week, a
quarter, a season (checked at its middle), or a time (at the hour when its minutes are zero, else the minute).

Dropped and counted: durations, sets, values with a modifier (``mod``: "late last night"), unresolved or partial
values (``XXXX``, centuries, parts of the day, weekends), offsets and zones, midnight ("24:00", "12 in the
morning"), reference dates the source leaves partial (``199804XX``), and readings the sentence's tense placed in the
past where ours is the next occurrence (a date without a year, a bare weekday, a time of day: "He started working on
Tuesday the 14th"). The test matrices built in loops (``testResolve1``..``3``, sets, seasons) are left out.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from datetime import datetime, timedelta
from itertools import pairwise
from pathlib import Path

from _common import UNITS, Drop, git_file, labelled, timex_window

__all__ = ["SUTIME_COMMIT", "SUTIME_FILE", "sutime_items"]

SUTIME_REPO = "stanfordnlp/CoreNLP"
SUTIME_COMMIT = "1b7edd19c4d0d7b1f13a2591425b9b60a0b1af7a"
SUTIME_FILE = "itest/src/edu/stanford/nlp/time/SUTimeITest.java"
LISTS = re.compile(r"(\w+)\s*=\s*Arrays\.asList\((.*?)\)\s*\.iterator\(\);", re.DOTALL)
TIMEX = re.compile(r'Timex\.fromXml\("((?:[^"\\]|\\.)*)"\)')
DOCUMENT = re.compile(r'createDocument\(testText,\s*"([^"]+)"\)')
NEXT = re.compile(r"(\w+)\.next\(\)")
METHOD = re.compile(r"public void (\w+)\(")
ATTRIBUTE = re.compile(r'(\w+)="([^"]*)"')
SEASON_MIDDLE = {"SP": (4, 15), "SU": (7, 15), "FA": (10, 15)}
NAMES_YEAR = re.compile(r"\b\d{4}\b|'\d\d\b|\d+/\d+/\d+|\b(?:nineteen|twenty|two thousand)\b", re.IGNORECASE)
PAST_WORDS = re.compile(r"\b(?:last|ago|yesterday|before|previous|this past|earlier)\b", re.IGNORECASE)
WEEKDAY = re.compile(r"\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b", re.IGNORECASE)
ZONE_WORDS = re.compile(r"\b(?:[pmce][sd]t|utc|gmt|standard time|daylight time)\b", re.IGNORECASE)


def _unescape(text: str) -> str:
    return text.replace('\\"', '"').replace("\\n", " ").replace("\\\\", "\\")


def _entry(timex: re.Match[str], text: str) -> str:
    """A timex's XML, or "" when the source annotates it as wrong (a ``// TODO`` after it on its line)."""
    end = text.find("\n", timex.end())
    rest = text[timex.end() : end if end >= 0 else None]
    return "" if "TODO" in rest else _unescape(timex[1])


def _cases(source: str) -> Iterator[tuple[str, int, datetime | None, str]]:
    """(test, position, reference, TIMEX3 XML) for every timex a test checks after annotating with a date."""
    code = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith("//"))
    starts = [(m.start(), m[1]) for m in METHOD.finditer(code)] + [(len(code), "")]
    for (start, test), (end, _) in pairwise(starts):
        body = code[start:end]
        lists = {m[1]: [_entry(x, m[2]) for x in TIMEX.finditer(m[2])] for m in LISTS.finditer(body)}
        for document in DOCUMENT.finditer(body):
            reads = NEXT.search(body, document.end())
            if reads is None or reads[1] not in lists:
                continue
            for number, xml in enumerate(lists[reads[1]]):
                yield test, number, _reference(document[1]), xml


def _reference(text: str) -> datetime | None:
    for pattern in ("%Y%m%d", "%Y-%m-%d", "%Y%m%dT%H:%M"):
        try:
            return datetime.strptime(text, pattern)
        except ValueError:
            continue
    return None


def _label(xml: str, reference: datetime | None) -> tuple[str, str, datetime, str]:
    """The phrase, the grain, the correct moment and the value of one timex; ``Drop`` when not a fact."""
    attributes = dict(ATTRIBUTE.findall(xml))
    phrase = re.sub(r"\s+", " ", xml.split(">", 1)[1].rsplit("</TIMEX3>", 1)[0]).strip().rstrip(".").strip()
    if attributes.get("type") not in {"DATE", "TIME"} or "value" not in attributes:
        raise Drop("sutime: a duration, a set, or no resolved value")
    if "mod" in attributes:
        raise Drop("sutime: a value with a modifier")
    if reference is None:
        raise Drop("sutime: a partial reference date")
    if ZONE_WORDS.search(phrase) or re.search(r"[+-]\d{4}$|Z$", attributes["value"]):
        raise Drop("sutime: a time zone")
    grain, moment = timex_window(attributes["value"], "sutime", SEASON_MIDDLE)
    named = {match[0].lower()[:3] for match in WEEKDAY.finditer(phrase)}
    if named and named != {moment.strftime("%a").lower()}:
        raise Drop("sutime: the weekday named is not the date's")
    if grain not in {"year", "week"} and not NAMES_YEAR.search(phrase):
        said = reference if grain in {"hour", "minute", "second"} else reference.replace(hour=0, minute=0)
        if moment < said and not PAST_WORDS.search(phrase):
            raise Drop("sutime: placed in the past by the sentence's tense (ours is the next occurrence)")
        if WEEKDAY.search(phrase) and moment.date() == reference.date() and not re.search(r"\d", phrase):
            raise Drop("sutime: a weekday said on that weekday")
    return phrase, grain, moment, attributes["value"]


def sutime_items(checkout: Path, drops: Counter[str]) -> Iterator[dict[str, object]]:
    """Corpus items from SUTime's integration tests at the pinned commit."""
    seen: set[tuple[str, str]] = set()
    for test, number, reference, xml in _cases(git_file(checkout, SUTIME_COMMIT, SUTIME_FILE)):
        try:
            if not xml:
                raise Drop("sutime: the source marks its answer as wrong (TODO)")
            phrase, grain, correct, value = _label(xml, reference)
        except Drop as reason:
            drops[str(reason)] += 1
            continue
        assert reference is not None
        if (phrase.lower(), reference.isoformat()) in seen:
            drops["duplicate phrase and reference"] += 1
            continue
        seen.add((phrase.lower(), reference.isoformat()))
        ident = f"sut-en-{test.removeprefix('test').lower()}-{reference:%Y%m%d%H%M}-{number:02d}"
        shifted = correct + (timedelta(days=91) if grain == "season" else UNITS[grain])
        source = f"sutime@{SUTIME_COMMIT}:{SUTIME_FILE}#{test}"
        yield labelled(ident, source, phrase, reference, grain, [correct], [shifted], value)

"""English date ranges of daterangeparser's tests, labelled from each case's expected start and end.

The ``tests`` list of ``TestWorkingParsing`` in ``daterangeparser/test.py`` is read with ``ast`` (nothing runs).
Its ``XXXX`` stands for the current year: the reference time here is ``DATERANGEPARSER_NOW``, the first morning of
that year, where a date without a year is the next occurrence by our semantics too. A case with an end is a range
(its end lies in the range's last day); a case without one is a day; a whole month or year given as its first and
last day ("July", "2013") is a point at that grain, and a range of months or years ("Feb to Nov", "1995 - 2010")
a range at that grain. Dropped and counted: inputs whose answer ignores words of the phrase (times the source
skips, "beginning"), and duplicates.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

from _common import UNITS, Drop, git_file, labelled

__all__ = ["DATERANGEPARSER_COMMIT", "DATERANGEPARSER_FILE", "DATERANGEPARSER_NOW", "daterangeparser_items"]

DATERANGEPARSER_REPO = "robintw/daterangeparser"
DATERANGEPARSER_COMMIT = "4a5d91cc869a301600bcacbfa39a2377d0b88bc0"
DATERANGEPARSER_FILE = "daterangeparser/test.py"
DATERANGEPARSER_NOW = datetime(2019, 1, 1, 9)
IGNORED_WORDS = re.compile(r"\d[:.]\d\d|\bbeginning\b", re.IGNORECASE)
WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
NO_DAY = re.compile(r"(?:[a-z]+\.? ?(?:\d{4})?|\d{4})(?: ?(?:-|to) ?(?:[a-z]+\.? ?(?:\d{4})?|\d{4}))?", re.IGNORECASE)


def _cases(source: str) -> Iterator[tuple[int, str, str, str | None]]:
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef) and node.name == "TestWorkingParsing":
            for statement in node.body:
                if isinstance(statement, ast.Assign) and isinstance(statement.value, ast.List):
                    for row in statement.value.elts:
                        text, start, end = ast.literal_eval(row)
                        yield row.lineno, text, start, end


def _day(text: str) -> datetime:
    return datetime.strptime(text.replace("XXXX", str(DATERANGEPARSER_NOW.year)), "%d/%m/%Y")


def _label(phrase: str, start_text: str, end_text: str | None) -> tuple[str, list[datetime], list[datetime]]:
    if IGNORED_WORDS.search(phrase):
        raise Drop("daterangeparser: the answer ignores words of the phrase")
    start = _day(start_text)
    days = {start.weekday()} | ({_day(end_text).weekday()} if end_text else set())
    if {index for index, name in enumerate(WEEKDAYS) if re.search(rf"\b{name}", phrase.lower())} - days:
        raise Drop("daterangeparser: weekday contradicts the date")
    if end_text is None:
        return "day", [start], [start + timedelta(days=1)]
    end = _day(end_text)
    if NO_DAY.fullmatch(phrase.strip()):  # months or years named without a day
        grain = "year" if re.fullmatch(r"[\d\s-]+", phrase) else "month"
        step = UNITS[grain]
        if start + step > end:  # one month or one year
            return grain, [start], [start + step]
        return grain, [start, end], [start - step, end]
    return "day", [start, end], [start - timedelta(days=1), end]


def daterangeparser_items(checkout: Path, drops: Counter[str]) -> Iterator[dict[str, object]]:
    """Corpus items from daterangeparser's tests at the pinned commit."""
    seen: set[str] = set()
    for line, phrase, start_text, end_text in _cases(git_file(checkout, DATERANGEPARSER_COMMIT, DATERANGEPARSER_FILE)):
        if phrase.lower() in seen:
            drops["duplicate phrase and reference"] += 1
            continue
        seen.add(phrase.lower())
        try:
            grain, correct, shifted = _label(phrase, start_text, end_text)
        except Drop as reason:
            drops[str(reason)] += 1
            continue
        source = f"daterangeparser@{DATERANGEPARSER_COMMIT}:{DATERANGEPARSER_FILE}#L{line}"
        yield labelled(f"drp-en-{line:04d}", source, phrase, DATERANGEPARSER_NOW, grain, correct, shifted)

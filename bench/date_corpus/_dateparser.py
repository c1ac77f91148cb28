"""Relative phrases from dateparser's freshness tests, labelled from each test's own offset and fixed "now"."""

from __future__ import annotations

import ast
import re
from collections import Counter
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

from _common import COARSE, git_file, iso, offset_for, style_of
from _families import dateparser_family
from dateutil.relativedelta import relativedelta

__all__ = [
    "ABSOLUTE_FILE",
    "ABSOLUTE_NOW",
    "DATEPARSER_COMMIT",
    "DATEPARSER_FILE",
    "DATEPARSER_NOW",
    "DATEPARSER_REPO",
    "absolute_items",
    "dateparser_corpus_items",
    "dateparser_items",
]

DATEPARSER_REPO = "scrapinghub/dateparser"
DATEPARSER_COMMIT = "315e396b35cf131df1b8df15144fe2d60aa6d74a"
DATEPARSER_FILE = "tests/test_freshness_date_parser.py"
DATEPARSER_NOW = datetime(2014, 9, 1, 10, 30)  # ``self.now`` in the test case's ``setUp``
TESTS = ("test_relative_past_dates", "test_normalized_relative_dates", "test_relative_future_dates")
DIRECTION = re.compile(r"\bago\b|\bin\b|\blater\b|from now|\bnow [+-]|\byesterday\b|\btomorrow\b|\btoday\b|\bafter \d")
UNCERTAIN = re.compile(r"\babout\b|\bdecades?\b|\btill\b|\bjust\b|^[+-]|\d+[a-z]\b|\b0\b")
GRAINS = ("seconds", "minutes", "hours", "days", "weeks", "months", "years")
FINER = {"hours": ("minute", 60, "minutes"), "days": ("hour", 24, "hours"), "minutes": ("second", 60, "seconds")}


def _blocks(source: str) -> Iterator[tuple[int, int]]:
    """Line ranges of the English parameter lists of the chosen tests."""
    lines = source.splitlines()
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name in TESTS:
            for decorator in node.decorator_list:
                first = decorator.lineno
                last = decorator.end_lineno or first
                english = next((n for n in range(first, last) if "# English dates" in lines[n - 1]), None)
                if english is None:
                    continue
                end = next(
                    (n for n in range(english + 1, last) if re.match(r"\s*# [A-Z][a-z]+ dates", lines[n - 1])), last
                )
                yield english, end


def _grain(offset: dict[str, float]) -> tuple[str, dict[str, float]] | None:
    """The grain of an offset (its finest unit), and the offset with fractions expressed in the next finer unit."""
    units = [unit for unit in GRAINS if offset.get(unit)]
    if not units:
        return None
    finest = units[0]
    value = offset[finest]
    if value != int(value):
        if finest not in FINER or (value * FINER[finest][1]) != int(value * FINER[finest][1]):
            return None
        grain, factor, finer = FINER[finest]
        rest = {k: v for k, v in offset.items() if k != finest}
        rest[finer] = value * factor
        return grain, rest
    if any(v != int(v) for v in offset.values()):
        return None
    return finest.removesuffix("s"), offset


def dateparser_items(source: str, drops: Counter[str]) -> Iterator[dict[str, object]]:
    """Label every usable English relative phrase; count the others in ``drops`` by reason."""
    blocks = list(_blocks(source))
    seen: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "param"):
            continue
        if not any(first <= node.lineno < last for first, last in blocks):
            continue
        if not node.args or not isinstance(node.args[0], ast.Constant) or not isinstance(node.args[0].value, str):
            drops["dateparser: phrase is not a literal"] += 1
            continue
        phrase = node.args[0].value
        keywords = {k.arg: k.value for k in node.keywords}
        sign = -1 if "ago" in keywords else 1
        raw = keywords.get("ago") or keywords.get("in_future")
        if raw is None:
            continue
        offset = ast.literal_eval(raw)
        if not DIRECTION.search(phrase.lower()) or UNCERTAIN.search(phrase.lower()):
            drops["dateparser: no direction word, or approximate"] += 1
            continue
        if phrase.lower() in seen:
            drops["duplicate phrase and reference"] += 1
            continue
        graining = _grain(offset)
        if graining is None or phrase.lower() in {"today", "in 0 days"}:
            if phrase.lower() != "today":
                drops["dateparser: offset without a unit"] += 1
                continue
            graining = ("day", {"days": 0})
        grain, exact = graining
        delta = relativedelta(**{k: int(v) for k, v in exact.items()})  # type: ignore[arg-type]
        moment = DATEPARSER_NOW + delta * sign
        if not 1900 <= moment.year <= 2200:
            drops["dateparser: far from the reference"] += 1
            continue
        seen.add(phrase.lower())
        yield {
            "phrase": phrase,
            "line": node.lineno,
            "grain": grain,
            "correct": moment,
            "shifted": moment + relativedelta(**{f"{grain}s": 1}),  # type: ignore[arg-type]
        }


ABSOLUTE_FILE = "tests/test_date_parser.py"
ABSOLUTE_TEST = "test_dates_parsing"
ABSOLUTE_NOW = datetime(2012, 11, 13)  # ``RELATIVE_BASE`` in that test's settings
WEEKDAY_NAMES = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
SECONDS = re.compile(r"\d:\d{2}:\d{2}")
MINUTES = re.compile(r"\d[:h]\d{2}(?!\d)")
DOTTED_MINUTES = re.compile(r"\d\.\d{2}(?!\d)")
HOURS = re.compile(r"\b(?:noon|\d{1,2}\s*[ap]\.?\s*m)\b", re.IGNORECASE)


def absolute_items(source: str, drops: Counter[str]) -> Iterator[dict[str, object]]:
    """Label the English absolute dates of ``test_dates_parsing`` that name their year (no preference involved)."""
    lines = source.splitlines()
    tree = ast.parse(source)
    block: tuple[int, int] | None = None
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == ABSOLUTE_TEST:
            decorator = node.decorator_list[0]
            last = decorator.end_lineno or decorator.lineno
            english = next(n for n in range(decorator.lineno, last) if "# English dates" in lines[n - 1])
            end = next(n for n in range(english + 1, last) if re.match(r"\s*# [A-Z][a-z]+ dates", lines[n - 1]))
            block = (english, end)
    if block is None:
        return
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "param"):
            continue
        if not block[0] <= node.lineno < block[1] or len(node.args) != 2:
            continue
        phrase = ast.literal_eval(node.args[0])
        expected_call = node.args[1]
        assert isinstance(expected_call, ast.Call)
        expected = datetime(*[ast.literal_eval(arg) for arg in expected_call.args])
        lowered = phrase.lower()
        if str(expected.year) not in phrase or expected.microsecond or "midnight" in lowered:
            drops["dateparser: no explicit year, or sub-second"] += 1
            continue
        named = [index for index, name in enumerate(WEEKDAY_NAMES) if re.search(rf"\b{name}", lowered)]
        if named and named != [expected.weekday()]:
            drops["dateparser: weekday contradicts the date"] += 1
            continue
        if SECONDS.search(phrase):
            grain = "second"
        elif MINUTES.search(phrase) or (DOTTED_MINUTES.search(phrase) and expected.minute):
            grain = "minute"
        elif HOURS.search(phrase):
            grain = "hour"
        elif not (expected.hour or expected.minute):
            grain = "day"
        else:
            drops["dateparser: grain unclear"] += 1
            continue
        yield {
            "phrase": re.sub(r"(?<=\d)\.$", "", phrase.replace("[", "").replace("]", "").strip()),
            "line": node.lineno,
            "grain": grain,
            "correct": expected,
            "shifted": expected + relativedelta(**{f"{grain}s": 1}),  # type: ignore[arg-type]
        }


def dateparser_corpus_items(checkout: Path, drops: Counter[str]) -> Iterator[dict[str, object]]:
    """Corpus items from both dateparser test files at the pinned commit."""
    relative = git_file(checkout, DATEPARSER_COMMIT, DATEPARSER_FILE)
    absolute = git_file(checkout, DATEPARSER_COMMIT, ABSOLUTE_FILE)
    for path, now, stem, found_items in (
        (DATEPARSER_FILE, DATEPARSER_NOW, "freshness", dateparser_items(relative, drops)),
        (ABSOLUTE_FILE, ABSOLUTE_NOW, "dateparser", absolute_items(absolute, drops)),
    ):
        for found in found_items:
            ident = f"dp-en-{stem}-{found['line']:04d}"
            zone = offset_for(ident)
            grain = str(found["grain"])
            correct, shifted = found["correct"], found["shifted"]
            assert isinstance(correct, datetime)
            assert isinstance(shifted, datetime)
            date_only = grain in COARSE and style_of(ident) == 0
            phrase = str(found["phrase"])
            yield {
                "id": ident,
                "source": f"dateparser@{DATEPARSER_COMMIT}:{path}#L{found['line']}",
                "family": dateparser_family(phrase, grain, stem == "freshness"),
                "phrase": phrase,
                "user_time": now.replace(tzinfo=zone).isoformat(),
                "grain": grain,
                "kind": "point",
                "correct": iso(correct, zone, date_only=date_only),
                "shifted": iso(shifted, zone, date_only=date_only),
            }

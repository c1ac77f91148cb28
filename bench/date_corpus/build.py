"""Build the labelled English date corpus (``tests/data/date_corpus.jsonl``) from pinned public sources.

Run: ``python bench/date_corpus/build.py --recognizers PATH --dateparser PATH --parsedatetime PATH --timefhuman PATH
--daterangeparser PATH --sutime PATH --timebank PATH [--out FILE]``
where each ``PATH`` is a checkout (a work tree or a bare git
directory) of https://github.com/microsoft/Recognizers-Text at ``RECOGNIZERS_COMMIT`` (the English DateTime spec
files), of https://github.com/scrapinghub/dateparser at ``DATEPARSER_COMMIT`` (the English relative phrases of
``tests/test_freshness_date_parser.py``, whose "now" is fixed, and the English dates with an explicit year of
``tests/test_date_parser.py``; see ``_dateparser.py``), and of four test suites the grammar was not written beside,
kept as sources of their own for an out-of-domain figure: https://github.com/bear/parsedatetime at
``PARSEDATETIME_COMMIT`` (its English tests, run against a recorder with the clock fixed; see ``_parsedatetime.py``),
https://github.com/alvinwan/timefhuman at ``TIMEFHUMAN_COMMIT`` (``tests/test_e2e.py``; see ``_timefhuman.py``),
https://github.com/robintw/daterangeparser at ``DATERANGEPARSER_COMMIT`` (see ``_daterangeparser.py``) and
https://github.com/stanfordnlp/CoreNLP at ``SUTIME_COMMIT`` (SUTime's integration tests; see ``_sutime.py``), and a
source of phrases written by people rather than for a parser, added last and measured before the grammar read it:
https://github.com/jspotter/TempEval-3 at ``TIMEBANK_COMMIT`` (the TIMEX3 annotations of the TimeBank and AQUAINT
news stories as cleaned for TempEval-3; see ``_timebank.py``). Every source but Recognizers-Text is optional.
The output is deterministic: the same sources always give the same bytes.
Hand-labelled items from ``extra.jsonl`` (next to this script, source ``handwritten``, written by ``extra.py``) are
appended after the generated ones. Prints how many items were kept per family and how many were dropped per reason.

Each line is one item::

    {"id", "source", "family", "phrase", "user_time", "grain", "kind", "correct", "shifted"}

``kind`` is ``point`` (the argument is checked as one parameter) or ``range`` (a ``{"start", "end"}`` group).
``correct`` lies inside one reading's window (for a range: the start in the start's window, the end at the range's
exclusive end or in its last unit); ``shifted`` is the correct argument moved by one unit of the grain so that it lies
outside every reading the source lists (for a range the start moves one unit earlier). Labels come from the source's
own resolution (timex, value, start, end), never from MorganaBench's matcher.

Labelling rules:

- The phrase is the single span the source recognised in its input (a self-contained expression); inputs with
  several spans, or none, are dropped.
- Resolutions with a modifier (``before``, ``since``, ``start``/``end`` of a period...), sets, durations, time zones,
  present references and unresolved values are dropped: their windows are conventions, not facts.
- A bare weekday (``XXXX-WXX-n``) is the coming one: when the source offers only a past date, or the phrase is said
  on that same weekday, it is dropped. A date without a year takes the source's future reading (the next
  occurrence); the shifted argument still lies outside the past reading too. A phrase naming both a date and the
  weekday it falls on ("Tuesday, Jan 15") takes the source's reading that falls on that weekday; when none does, the
  phrase contradicts itself and is dropped.
- A resolution that disagrees with its own timex (a field of the timex differs from the resolved value), or an
  item the source annotates with a comment, is dropped.
- A time without a date is on the reference day, kept only when that time has not passed yet at the reference time.
- Phrases whose window is a convention rather than a fact are dropped: vague parts of a period ("the end of 2008",
  "rest of the week", "early morning"), bare midnight, a phrase naming a time zone the source's resolution ignores,
  a dotted number that may be a time ("5.12"), day/month order ambiguity in the British spec files, and a range
  of zero-padded 24-hour times the source reads on a 12-hour clock ("0930-0730" as 9:30 to 19:30).
- An offset from now takes the grain of its finest spoken unit ("in 2 minutes": the minute; "in half an hour": the
  minute), not the second the source's timex carries.
- A quarter given as a three-month range from a quarter's first day is a point at the quarter's grain.
- Parts of the day (``morning``...) are checked at the middle of the source's window and shifted by a day, because
  their edges differ between conventions.
- About a quarter of the items (chosen by a hash of their id) read the naive reference time in a fixed offset; their
  arguments carry the same offset and the same wall-clock values.

Families:

``absolute_date`` (a calendar date), ``absolute_datetime`` (a date with a time), ``clock_time`` (a time of day),
``clock_notation`` (a time in words or an unusual notation: "half past", "quarter to", "1530", "15h30"),
``relative_day`` (today, tomorrow, the day after tomorrow...), ``relative_weekday`` (next Friday, last Monday, a bare
weekday), ``relative_offset`` (in 3 days, 2 weeks ago, two months after next Friday), ``ordinal_weekday`` (the first
Monday of October), ``part_of_day`` (tomorrow morning, tonight), ``week_period``, ``weekend``, ``month_period``,
``quarter_period``, ``year_period``, ``season``, ``range`` (an explicit range or a span of several units: from 3 to
4pm, last 2 days), ``fraction`` (in 1/2 hour, in half an hour), ``holiday_fixed`` (Christmas, Independence Day),
``holiday_moveable`` (Easter, Thanksgiving, Black Friday, Mother's Day), ``holiday_lunar`` (Diwali, Eid al-Fitr,
Chinese New Year, Hanukkah), ``end_of_period`` (EOM, end of the year), ``timezone`` (a phrase naming a zone),
``argument_format`` (a Unix timestamp or ISO 8601 argument).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _common import FAMILIES
from _dateparser import dateparser_corpus_items
from _daterangeparser import daterangeparser_items
from _parsedatetime import parsedatetime_items
from _recognizers import recognizers_items
from _sutime import sutime_items
from _timebank import timebank_items
from _timefhuman import timefhuman_items

__all__ = ["build", "main"]

EXTRA = Path(__file__).with_name("extra.jsonl")


SOURCES = {
    "dateparser": dateparser_corpus_items,
    "parsedatetime": parsedatetime_items,
    "timefhuman": timefhuman_items,
    "daterangeparser": daterangeparser_items,
    "sutime": sutime_items,
    "timebank": timebank_items,
}


def build(recognizers: Path, checkouts: dict[str, Path | None]) -> tuple[list[dict[str, object]], Counter[str]]:
    """Label every usable item of the sources; return the items and the count of dropped items per reason."""
    drops: Counter[str] = Counter()
    items = list(recognizers_items(recognizers, drops))
    for name, labelled in SOURCES.items():
        if checkouts.get(name) is not None:
            items.extend(labelled(checkouts[name], drops))  # type: ignore[arg-type]
    if EXTRA.is_file():
        for line in EXTRA.read_text(encoding="utf-8").splitlines():
            if line.strip():
                items.append(json.loads(line))
    return items, drops


def main() -> None:
    """Build the corpus and print the counts per family and per drop reason."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--recognizers", type=Path, required=True, help="checkout of microsoft/Recognizers-Text")
    for name in SOURCES:
        parser.add_argument(f"--{name}", type=Path, help=f"checkout of {name}'s repository")
    parser.add_argument("--out", type=Path, default=Path("tests/data/date_corpus.jsonl"))
    args = parser.parse_args()
    items, drops = build(args.recognizers, {name: getattr(args, name) for name in SOURCES})
    with args.out.open("w", encoding="utf-8") as out:
        for item in items:
            out.write(json.dumps(item, ensure_ascii=False) + "\n")
    families = Counter(str(item["family"]) for item in items)
    print(f"wrote {len(items)} items to {args.out}")
    for family in FAMILIES:
        print(f"  {family:<20} {families.get(family, 0):>5}")
    print(f"dropped {sum(drops.values())}:")
    for reason, count in drops.most_common():
        print(f"  {count:>5}  {reason}")
    if set(families) - set(FAMILIES):
        sys.exit(f"unknown families: {sorted(set(families) - set(FAMILIES))}")


if __name__ == "__main__":
    main()

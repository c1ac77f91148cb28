"""How the ``date_time`` matcher reads English phrases of general usage (``bench/date_general_usage.txt``).

Run: ``python bench/date_general_usage.py [--misses] [--reader grammar|both] [--file PHRASES]``. Each phrase is
checked through the public matcher as one parameter, said at the file's user time (2025-06-11T10:00 unless a header
line ``# Said at: ISO-TIME [ZONE]`` names another for the lines after it, in the IANA zone ``ZONE`` when given): its
correct argument must pass, each shifted one must fail, and a phrase marked ``ERR`` must be an error (not understood).
Prints the counts of
phrases read right, not understood, misread (the correct argument fails), passing a shifted argument (the worst), and
read where an error was wanted; ``--misses`` lists every phrase that is not read right.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from date_accuracy import use_reader

from mb.matching.date_time import match_date_time

__all__ = ["check", "main"]

PHRASES = Path(__file__).with_name("date_general_usage.txt")
USER_TIME = datetime(2025, 6, 11, 10, 0)


def check(line: str, user_time: datetime = USER_TIME) -> tuple[str, str]:
    """The verdict on one line of the file (``right``, ``not understood``, ``misread``, ``shifted passes`` or
    ``read, error wanted``), said at ``user_time``, and why."""
    phrase, correct, *shifted = (part.strip() for part in line.split("|"))
    outcome = match_date_time(phrase, correct if correct != "ERR" else user_time.date().isoformat(), user_time)
    if correct == "ERR":
        return ("right", "") if outcome.error is not None else ("read, error wanted", outcome.reason)
    if outcome.error is not None:
        return "not understood", outcome.reason
    if not outcome.passed:
        return "misread", outcome.reason
    for argument in shifted:
        wrong = match_date_time(phrase, argument, user_time)
        if wrong.passed:
            return "shifted passes", f"{argument}: {wrong.reason}"
    return "right", ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--misses", action="store_true", help="list the phrases not read right")
    parser.add_argument("--reader", choices=("both", "grammar"), default="both", help="who reads the phrases")
    parser.add_argument("--file", type=Path, default=PHRASES, help="the phrases (default: date_general_usage.txt)")
    args = parser.parse_args(argv)
    use_reader(args.reader)
    lines: list[tuple[str, datetime]] = []
    user_time = USER_TIME
    for line in args.file.read_text().splitlines():
        if said_at := re.match(r"# Said at: (\S+)(?: (\S+))?", line):
            user_time = datetime.fromisoformat(said_at.group(1))
            if said_at.group(2):
                user_time = user_time.replace(tzinfo=ZoneInfo(said_at.group(2)))
        elif line.strip() and not line.startswith("#"):
            lines.append((line, user_time))
    counts: Counter[str] = Counter()
    for line, user_time in lines:
        verdict, why = check(line, user_time)
        counts[verdict] += 1
        if args.misses and verdict != "right":
            print(f"{verdict:20s} {line.split('|')[0].strip()!r}: {why[:200]}")
    print(
        f"{len(lines)} phrases: "
        + ", ".join(
            f"{name} {counts[name]}"
            for name in ("right", "not understood", "misread", "shifted passes", "read, error wanted")
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

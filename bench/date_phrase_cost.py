"""What the date grammar costs: at start-up, per phrase seen for the first time, and as phrases grow (linear).

Run: ``python bench/date_phrase_cost.py``. First, in a fresh interpreter, the CPU time of importing the date matcher and
of its first call (the grammar's patterns are parsed and compiled then), best of three. Then the CPU time of reading
phrases never seen before (normalisation, zone, parse and readings; realistic phrases such as "tomorrow at 9am" and
"Thursday, January 1, 2026 at 3pm", the phrase caches cleared), best of five. Last, each family of phrase is
repeated to lengths from 100 to 3,200 characters (the matcher itself refuses phrases over ``MAX_LENGTH``; the grammar
is timed beyond it to show the trend) and parsed with the grammar's cache cleared; the script prints the CPU time of
the best of seven runs per length, the time per character, and the ratio of the longest phrase's time per character
to the shortest's (about 1 for linear cost; a quadratic grammar would show about 32). Also prints the sizes of the
date matcher's caches after a run over distinct phrases, to show they stay bounded. With the ``dates`` extra
installed, also the cost of the second reader (Duckling, asked only about phrases whose words the grammar leaves
unread): its first phrase in a fresh interpreter (starting Duckling's child process included) and each phrase after
it, read or refused. Also the CPU time per character of rewriting abbreviations before parsing, and of normalising a
phrase with a long run of whitespace, dots or letters inside, up to a megabyte.
"""

from __future__ import annotations

import functools
import gc
import random
import subprocess
import sys
import time
from datetime import date, datetime, timedelta

from mb.matching.date_time import _duckling, _grammar, _phrase, match_date_time
from mb.matching.date_time._phrase import normalize

FAMILIES = {
    "durations": "1 day and 2 hours ",
    "words": "twenty three minutes past seven ",
    "digits": "12 3 45 6 7 89 ",
    "dates": "march 3 2014 to 5 ",
    "unknown words": "blurple wibble ",
    "separators": "- - , ; / ",
    "numbers in words": "one thousand seven hundred and ",
}
LENGTHS = (100, 200, 400, 800, 1600, 3200)


def _best(text: str, runs: int = 7) -> float:
    """CPU seconds to parse ``text`` (the process's own time: a loaded machine's other work is not counted), best
    of ``runs``."""
    best = float("inf")
    for _ in range(runs):
        _grammar.parse.cache_clear()
        start = time.process_time()
        _grammar.parse(text)
        best = min(best, time.process_time() - start)
    return best


_START = """
import time
started = time.process_time()
import mb.matching.date_time as dates
imported = time.process_time()
from datetime import datetime
said = datetime.fromisoformat("2025-03-03T10:05:07+01:00")
dates.match_date_time("tomorrow at 9am", "2025-03-04T09:00:00+01:00", said)
print(imported - started, time.process_time() - imported)
"""
_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December"]  # fmt: skip
_WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def start_up(runs: int = 3) -> tuple[float, float]:
    """CPU seconds to import the date matcher and to make its first call, in a fresh interpreter (best of ``runs``,
    after the rest of the package is imported)."""
    best = (float("inf"), float("inf"))
    for _ in range(runs):
        output = subprocess.run(
            [sys.executable, "-c", "import mb.matching.parameters, mb.evaluation\n" + _START],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        best = (min(best[0], float(output[0])), min(best[1], float(output[1])))
    return best


_SECOND = """
import time
from datetime import datetime
import mb.matching.date_time as dates
from mb.matching.date_time import _phrase
said = datetime(2025, 3, 3, 10, 5)
dates.match_date_time("tomorrow at 9am", "2025-03-04T09:00:00", said)
_phrase._by_grammar("a minute past noon", said)  # the grammar alone first: its own cost is not counted
started, clock = time.process_time(), time.perf_counter()
dates.match_date_time("a minute past noon", "2025-03-03T12:01:00", said)
print(time.process_time() - started, time.perf_counter() - clock)
"""
#: Phrases whose words the grammar leaves unread: read by Duckling, or refused (its answer incomplete or a guess).
SECOND_PHRASES = ("a minute past noon", "3 seconds past 3", "30 seconds past 5pm tomorrow", "the first minute of 2025",
                  "4 secs past 4 pm on 4 april 2024", "the stroke of midnight", "a minute to noon tomorrow",
                  "a minute past noon PST", "blurple wibble")  # fmt: skip


def second_reader(runs: int = 3) -> tuple[float, float, float, float]:
    """CPU and wall seconds of the first phrase the second reader reads in a fresh interpreter (Duckling loaded then;
    the grammar's own first phrase it does not understand has been read before), best of ``runs``, and the CPU seconds
    per phrase after it (each phrase said at 50 times, the caches cleared), and the wall seconds per phrase (Duckling
    reads in a child process, whose CPU the first figure leaves out)."""
    first = (float("inf"), float("inf"))
    for _ in range(runs):
        output = subprocess.run([sys.executable, "-c", _SECOND], capture_output=True, text=True, check=True).stdout
        first = (min(first[0], float(output.split()[0])), min(first[1], float(output.split()[1])))
    _clear_caches()
    times = [datetime(2025, 3, 3, 10, 5) + timedelta(hours=7 * n) for n in range(50)]
    started, clock = time.process_time(), time.perf_counter()
    for said in times:
        for phrase in SECOND_PHRASES:
            _phrase.resolve(phrase, said)
    count = len(times) * len(SECOND_PHRASES)
    return first[0], first[1], (time.process_time() - started) / count, (time.perf_counter() - clock) / count


def new_phrases(count: int = 2000, seed: int = 5) -> list[str]:
    """Distinct phrases of the kinds benchmarks carry: relative days and weekdays at a time, explicit dates."""
    rng = random.Random(seed)
    found: dict[str, None] = {}
    while len(found) < count:
        hour, minute = rng.randint(7, 19), rng.choice([0, 0, 15, 30, 45])
        clock = f"{hour % 12 or 12}{f':{minute:02d}' if minute else ''}{'am' if hour < 12 else 'pm'}"
        day = date(2025, 1, 1) + timedelta(days=rng.randrange(730))
        phrase = rng.choice(
            [
                f"tomorrow at {clock}",
                f"next {rng.choice(_WEEKDAYS)} at {clock}",
                f"{_WEEKDAYS[day.weekday()]}, {_MONTHS[day.month - 1]} {day.day}, {day.year} at {clock}",
                f"{_MONTHS[day.month - 1]} {day.day} at {clock}",
                f"from {clock} to {hour % 12 + 1}pm on {_MONTHS[day.month - 1]} {day.day}",
                f"in {rng.randint(2, 40)} days",
            ]
        )
        found[phrase] = None
    return list(found)


def first_seen(phrases: list[str], runs: int = 5) -> float:
    """CPU seconds per phrase to resolve phrases never seen before (the phrase caches cleared), best of ``runs``."""
    said = datetime(2025, 6, 11, 9, 30)
    best = float("inf")
    for _ in range(runs):
        _clear_caches()
        started = time.process_time()
        for phrase in phrases:
            _phrase.resolve(phrase, said)
        best = min(best, time.process_time() - started)
    return best / len(phrases)


def _clear_caches() -> None:
    """Forget every phrase: the caches of the phrase reader and of the grammar (the rest of the process stays warm)."""
    for module in (_phrase, _grammar):
        for obj in vars(module).values():
            if isinstance(obj, functools._lru_cache_wrapper):
                obj.cache_clear()


def main() -> None:
    """Print the start-up cost, the cost of a first-seen phrase, the parse time per length for each family, and
    the caches' sizes."""
    imported, first = start_up()
    print(f"start-up: import {imported * 1000:.0f} ms CPU, first call {first * 1000:.0f} ms CPU (best of 3)")
    match_date_time("tomorrow at 9am CET", "2024-01-02T09:00:00+01:00", datetime(2024, 1, 1, 12))
    phrases = new_phrases()
    print(f"first-seen phrase: {first_seen(phrases) * 1e6:.0f} us CPU each ({len(phrases):,} phrases, best of 5)")
    if _duckling.available():
        cpu, wall, each, each_wall = second_reader()
        print(f"second reader (Duckling): first phrase {cpu * 1000:.0f} ms CPU, {wall * 1000:.0f} ms wall (best of 3),")
        print(f"  its child process started; then {each * 1000:.2f} ms CPU, {each_wall * 1000:.2f} ms wall per phrase")
        print(f"  ({len(SECOND_PHRASES)} phrases read or refused, 50 times each)")
    else:
        print(f"second reader (Duckling): not installed ({_duckling.INSTALL_HINT})")
    print(f"{'family':<18}" + "".join(f"{n:>10}" for n in LENGTHS) + "   us/char ratio (longest/shortest)")
    for name, unit in FAMILIES.items():
        times = []
        for length in LENGTHS:
            text = normalize((unit * (length // len(unit) + 1))[:length])
            times.append(_best(text))
        per_char = [t / n for t, n in zip(times, LENGTHS, strict=True)]
        row = "".join(f"{t * 1000:>8.2f}ms" for t in times)
        print(f"{name:<18}{row}   {per_char[-1] / per_char[0]:.2f}")
    # the words rewritten before parsing ("arvo", "midnite", "commencing", "2day"; a military hour after "at"), and long
    # runs of whitespace, of dots or of one word's letters inside a phrase, over hostile lengths up to a megabyte: the
    # same time per character at every length
    sizes = (16_000, 64_000, 256_000, 1_024_000)
    words = "arvo midnite commencing 2day at thirteen hundred "
    runs = {"words": words, "whitespace": " \t\n", "dots": ".", "one word": "a"}
    for name, unit in runs.items():
        times = []
        for size in sizes:
            text = f"jan 1{(unit * (size // len(unit) + 1))[:size]}1230 utc"
            start = time.process_time()
            normalize(text)
            times.append(time.process_time() - start)
        row = "".join(f"{t * 1e6 / n:>8.2f}us" for t, n in zip(times, sizes, strict=True))
        print(f"normalising {name:<10} {sizes[0]:,} to {sizes[-1]:,} characters, per character:{row}")
    gc.collect()
    for index in range(30_000):
        match_date_time(f"in {index} minutes", "2013-02-12T05:00:00-02:00", None)
    caches = [
        (name, obj.cache_info())
        for module in list(sys.modules.values())
        if module is not None and module.__name__.startswith("mb.matching.date_time")
        for name, obj in vars(module).items()
        if isinstance(obj, functools._lru_cache_wrapper)
    ]
    print("caches after 30,000 distinct phrases (entries / bound):")
    for name, info in sorted(caches, key=lambda c: c[0]):
        print(f"  {name:<28} {info.currsize:>6} / {info.maxsize}")


if __name__ == "__main__":
    main()

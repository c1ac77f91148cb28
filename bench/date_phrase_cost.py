"""How the date grammar's cost grows with the phrase's length: it must stay linear.

Run: ``python bench/date_phrase_cost.py``. Each family of phrase is repeated to lengths from 100 to 3,200 characters
(the matcher itself refuses phrases over ``MAX_LENGTH``; the grammar is timed beyond it to show the trend) and parsed
with the grammar's cache cleared; the script prints the best of five runs per length, the time per character, and
the ratio of the longest phrase's time per character to the shortest's (about 1 for linear cost; a quadratic
grammar would show about 32). Also prints the sizes of the date matcher's caches after a run over distinct phrases,
to show they stay bounded.
"""

from __future__ import annotations

import functools
import gc
import sys
import time

from mb.matching.date_time import _grammar, match_date_time
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


def _best(text: str, runs: int = 5) -> float:
    best = float("inf")
    for _ in range(runs):
        _grammar.parse.cache_clear()
        start = time.perf_counter()
        _grammar.parse(text)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    """Print the parse time per length for each family, and the caches' sizes."""
    print(f"{'family':<18}" + "".join(f"{n:>10}" for n in LENGTHS) + "   us/char ratio (longest/shortest)")
    for name, unit in FAMILIES.items():
        times = []
        for length in LENGTHS:
            text = normalize((unit * (length // len(unit) + 1))[:length])
            times.append(_best(text))
        per_char = [t / n for t, n in zip(times, LENGTHS, strict=True)]
        row = "".join(f"{t * 1000:>8.2f}ms" for t in times)
        print(f"{name:<18}{row}   {per_char[-1] / per_char[0]:.2f}")
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
